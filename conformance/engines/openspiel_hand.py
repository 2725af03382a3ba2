"""One hand of OpenSpiel's Euchre, seen through our vocabulary.

OpenSpiel (`pyspiel.load_game("euchre")`) numbers everything: cards are rank * 4 + suit (ranks
9 T J Q K A, suits C D H S), 24 is Pass, 25-28 name Clubs to Spades, 29 is Alone and 30 Partner.
Its deal is chance actions: the first picks the dealer, the next twenty give the i-th card to
seat (dealer + i) % 4, the next is the up-card. `OpenSpielHand` replays our deal that way and
translates every action and observation both ways.

It translates and nothing more. Legality is always OpenSpiel's own `legal_actions()` (its
`apply_action` accepts anything, a revoke included, so every action is checked first); where its
rules differ from ours the difference is left visible. Only the *order of questions* is
translated: OpenSpiel asks the maker about going alone after the dealer's discard, we ask before
it, so after a round-one make the maker's answer is held back and fed in when OpenSpiel asks.
The legal answers shown for that early question are OpenSpiel's own, read from a copy of the
state moved past the discard. Likewise our observations show the up-card on the table until the
dealer discards, where OpenSpiel has already put it in the dealer's hand: the same position told
two ways.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pyspiel

RANKS = "9TJQKA"
SUITS = "CDHS"
CARDS = 24
PASS = 24
TRUMP_CLUBS = 25
ALONE = 29
PARTNER = 30
TEAMS = ((0, 2), (1, 3))

ROUND_ONE = "bid_round_one"
ROUND_TWO = "bid_round_two"
DECLARE_ALONE = "declare_alone"
DISCARD = "dealer_discard"
DEFEND_ALONE = "defend_alone"
PLAY = "play"
HAND_OVER = "hand_over"

UNEXPLAINED = "unexplained"
"""The refusal reason when OpenSpiel's legal actions leave an action out for no reason we can name."""

_PHASE = pyspiel.euchre.Phase
_CODES = tuple(RANKS[card // 4] + SUITS[card % 4] for card in range(CARDS))
_IDS = {code: card for card, code in enumerate(_CODES)}
VOCABULARY = frozenset(
    ["pass", "order_up", "go_alone", "defend_alone", "leave_up_card"]
    + [f"name_trump:{suit}" for suit in SUITS]
    + [f"{kind}:{code}" for kind in ("discard", "play") for code in _CODES]
)
"""Every action id of north-american: anything else is refused as unknown_action."""


class DealMismatch(ValueError):
    """An explicit deal OpenSpiel cannot be given: wrong sizes, unknown or repeated cards."""


def card_id(code: str) -> int:
    """OpenSpiel's id of a card code ("9C" -> 0, "JH" -> 10)."""
    return _IDS[code]


def card_code(card: int) -> str:
    """Our code of an OpenSpiel card id (0 -> "9C")."""
    return _CODES[card]


def deal_actions(dealer: int, hands: Sequence[Sequence[str]], up_card: str) -> list[int]:
    """The 22 chance actions that make OpenSpiel deal exactly these hands and this up-card."""
    if len(hands) != 4 or any(len(hand) != 5 for hand in hands):
        raise DealMismatch("OpenSpiel deals four hands of five cards")
    codes = [code for hand in hands for code in hand] + [up_card]
    unknown = [code for code in codes if code not in _IDS]
    if unknown:
        raise DealMismatch(f"not cards of the 24-card pack: {', '.join(unknown)}")
    if len(set(codes)) != len(codes):
        raise DealMismatch("a card is dealt twice")
    pending = [[card_id(code) for code in hand] for hand in hands]
    actions = [dealer]
    for index in range(20):
        actions.append(pending[(dealer + index) % 4].pop(0))
    actions.append(card_id(up_card))
    return actions


class Refused(Exception):
    """OpenSpiel would not take this action; `reason` is our reason code (or UNEXPLAINED)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class OpenSpielHand:
    """A hand in progress on OpenSpiel, driven and observed in our action ids and card codes."""

    def __init__(self, game: Any, dealer: int, hands: Sequence[Sequence[str]], up_card: str) -> None:
        state = game.new_initial_state()
        for action in deal_actions(dealer, hands, up_card):
            if action not in state.legal_actions():
                raise DealMismatch(f"OpenSpiel does not offer chance outcome {action} here")
            state.apply_action(action)
        self.state = state
        self.up_card = card_id(up_card)
        dealt = {card_id(code) for hand in hands for code in hand} | {self.up_card}
        self.kitty = [card for card in range(len(_CODES)) if card not in dealt]
        """The undealt cards: OpenSpiel deals the 24-card pack in full, so they are the rest."""
        self.alone: bool | None = None
        """The maker's answer on going alone, held until OpenSpiel asks for it (after the discard)."""

    # -- where the hand is ------------------------------------------------------------------

    @property
    def phase(self) -> str:
        """The phase in our terms (our order of questions)."""
        state = self.state
        phase = state.current_phase()
        if phase == _PHASE.BIDDING:
            return ROUND_ONE if state.num_passes() < 4 else ROUND_TWO
        if phase == _PHASE.DISCARD:
            return DECLARE_ALONE if self.alone is None else DISCARD
        if phase == _PHASE.GO_ALONE:
            return DECLARE_ALONE if state.declarer_go_alone() is None else DEFEND_ALONE
        if phase == _PHASE.PLAY:
            return PLAY
        return HAND_OVER

    @property
    def is_over(self) -> bool:
        return bool(self.state.is_terminal())

    @property
    def to_act(self) -> int | None:
        if self.is_over:
            return None
        if self._answer_held_early():
            return int(self.state.declarer())
        return int(self.state.current_player())

    def _answer_held_early(self) -> bool:
        """True while we ask the maker about going alone and OpenSpiel still waits for the discard."""
        return self.alone is None and self.state.current_phase() == _PHASE.DISCARD

    def _legal_ids(self) -> list[int]:
        if self._answer_held_early():
            ahead = self.state.clone()
            ahead.apply_action(ahead.legal_actions()[0])
            return list(ahead.legal_actions())
        return list(self.state.legal_actions())

    def legal_actions(self) -> list[str]:
        """OpenSpiel's legal actions now, as our action ids."""
        phase = self.phase
        return [self._text(phase, action) for action in self._legal_ids()]

    def _text(self, phase: str, action: int) -> str:
        if phase in (DISCARD, PLAY):
            return f"{'discard' if phase == DISCARD else 'play'}:{card_code(action)}"
        if action in (PASS, PARTNER):
            return "pass"
        if action == ALONE:
            return "go_alone" if phase == DECLARE_ALONE else "defend_alone"
        suit = action - TRUMP_CLUBS
        if phase == ROUND_ONE and suit == self.up_card % 4:
            return "order_up"
        return f"name_trump:{SUITS[suit]}"

    def _action_id(self, phase: str, text: str) -> int | None:
        """OpenSpiel's id for our action in this phase; None if the phase has no such action."""
        kind, _, argument = text.partition(":")
        table: dict[str, dict[str, int]] = {
            ROUND_ONE: {"pass": PASS, "order_up": TRUMP_CLUBS + self.up_card % 4},
            ROUND_TWO: {"pass": PASS},
            DECLARE_ALONE: {"pass": PARTNER, "go_alone": ALONE},
            DEFEND_ALONE: {"pass": PARTNER, "defend_alone": ALONE},
        }
        if phase == ROUND_TWO and kind == "name_trump":
            return TRUMP_CLUBS + SUITS.index(argument)
        if (phase, kind) in ((DISCARD, "discard"), (PLAY, "play")):
            return card_id(argument)
        return table.get(phase, {}).get(text)

    # -- acting --------------------------------------------------------------------------------

    def check(self, seat: int, text: str) -> int:
        """OpenSpiel's id for `text` by `seat` if OpenSpiel would take it now; raise Refused if not."""
        if text not in VOCABULARY:
            raise Refused("unknown_action")
        phase = self.phase
        if phase == HAND_OVER:
            raise Refused("hand_over")
        if seat != self.to_act:
            raise Refused("not_your_turn")
        action = self._action_id(phase, text)
        if action is None:
            raise Refused("pickup_compulsory" if (phase, text) == (DISCARD, "leave_up_card") else "wrong_phase")
        if action not in self._legal_ids():
            raise Refused(self._why_not(phase, seat, action))
        return action

    def _why_not(self, phase: str, seat: int, action: int) -> str:
        """Our reason code for an action of the right kind that OpenSpiel leaves out, from its rules."""
        if phase == ROUND_TWO:
            return "dealer_must_name_trump" if action == PASS else "turned_down_suit"
        if phase in (DISCARD, PLAY):
            if self.state.card_holder()[action] != seat:
                return "card_not_in_hand"
            if phase == DISCARD and action == self.up_card:
                return "cannot_discard_up_card"
            if phase == PLAY:
                return "must_follow_suit"
        return UNEXPLAINED

    def apply(self, seat: int, text: str) -> None:
        """Take our action; raise Refused (and change nothing) if OpenSpiel would not."""
        action = self.check(seat, text)
        if self._answer_held_early():
            self.alone = action == ALONE
            return
        if self.state.current_phase() != _PHASE.DISCARD:
            self.state.apply_action(action)
            return
        # the discard, then the answer held back for OpenSpiel's go-alone question, on a copy so
        # that a refusal of the held answer leaves the hand as it was
        after = self.state.clone()
        after.apply_action(action)
        held = ALONE if self.alone else PARTNER
        if after.current_phase() != _PHASE.GO_ALONE or held not in after.legal_actions():
            raise Refused(UNEXPLAINED)
        after.apply_action(held)
        self.state = after

    # -- what it shows -------------------------------------------------------------------------

    def team_points(self) -> list[int]:
        """Points each team won in the finished hand: OpenSpiel's returns are zero-sum per seat."""
        returns = self.state.returns()
        return [max(0, int(returns[team[0]])) for team in TEAMS]

    @property
    def thrown_in(self) -> bool:
        return self.is_over and self.state.trump_suit() < 0

    def observe(self) -> dict[str, Any]:
        """The hand's fields of our observation (schemas/protocol.schema.json#/$defs/observation)."""
        state = self.state
        phase = self.phase
        on_table = self.up_card if state.current_phase() == _PHASE.DISCARD else None
        hands: list[list[str]] = [[] for _ in range(4)]
        for card, holder in enumerate(state.card_holder()):
            if holder is not None and card != on_table:
                hands[holder].append(card_code(card))
        maker = int(state.declarer())
        told = state.declarer_go_alone()
        alone = bool(told) if told is not None else bool(self.alone)
        active = list(state.active_players())
        if alone and told is None:
            active[(maker + 2) % 4] = False
        lone_defender = int(state.lone_defender())
        trump = int(state.trump_suit())
        trick, winners = self._tricks(active)
        won = [winners.count(seat) for seat in range(4)]
        return {
            "phase": phase,
            "to_act": self.to_act,
            "legal_actions": self.legal_actions() if not self.is_over else [],
            "dealer": int(state.dealer()),
            "up_card": card_code(self.up_card),
            "trump": SUITS[trump] if trump >= 0 else None,
            "maker": maker if maker >= 0 else None,
            "maker_alone": alone,
            "defender_alone": lone_defender if lone_defender >= 0 else None,
            "sitting_out": [seat for seat in range(4) if not active[seat]],
            "hands": hands,
            "trick": trick,
            "trick_winners": winners,
            "tricks_won": won,
            "kitty": [card_code(card) for card in self.kitty],
            "out_of_play": self._out_of_play(active, hands),
            "deck_size": len(_CODES),
        }

    def _out_of_play(self, active: list[bool], hands: list[list[str]]) -> list[str]:
        """The cards held by nobody, never played and not in the kitty (the dealer's discard, the up-card
        once turned down), and the hands laid down; the up-card on the table in round one is still in play."""
        state = self.state
        played = {card for trick in state.tricks() for card in trick.cards()}
        bidding_on_it = self.phase == ROUND_ONE
        nobody = [
            card
            for card, holder in enumerate(state.card_holder())
            if holder is None and card not in self.kitty and card not in played and not (card == self.up_card and bidding_on_it)
        ]
        laid_down = [code for seat in range(4) if not active[seat] for code in hands[seat]]
        return [card_code(card) for card in nobody] + laid_down

    def _tricks(self, active: list[bool]) -> tuple[list[list[Any]], list[int]]:
        state = self.state
        played = int(state.num_cards_played())
        if not played:
            return [], []
        playing = sum(active)
        tricks = state.tricks()
        done = played // playing
        winners = [int(tricks[index].winner()) for index in range(done)]
        trick: list[list[Any]] = []
        if played % playing:
            current = tricks[done]
            seat = int(current.leader())
            for card in current.cards():
                trick.append([seat, card_code(card)])
                seat = (seat + 1) % 4
                while not active[seat]:
                    seat = (seat + 1) % 4
        return trick, winners
