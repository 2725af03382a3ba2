"""The state of one hand: changed in place by `do`, put back by `undo`, copied on demand.

A HandState applies an action to itself and can take it back, as OpenSpiel's states do: search,
fuzzing and simulation pay for a copy only when they want one, and the pure `apply` of the
machine is a copy followed by `do`. Every write an action makes goes through the journal
(`set` for a field, the card helpers for hands), which records the value it replaces; `undo`
restores them, newest first, back to the mark `do` left. Who was to act is not journaled: the
action's own record in `history` gives the seat back.

Hands are bit sets over the deck, so holding a card, following suit and taking a card out are
single integer operations; each seat also keeps the order its cards came in, so a hand is
shown, and its legal actions listed, in the order the cards were dealt and received.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from ruleset.compiled.contracts import Contract
from ruleset.compiled.rules import Action, Rules
from ruleset.refusals import MEANINGS

from ..deal import Deal

if TYPE_CHECKING:
    from .program import Program, Step

BID_ROUND_ONE = "bid_round_one"
BID_ROUND_TWO = "bid_round_two"
DEALER_NAMES_UNSEEN = "dealer_names_trump_unseen"
DECLARE_ALONE = "declare_alone"
DEALER_DISCARD = "dealer_discard"
DEFEND_ALONE = "defend_alone"
PLAY = "play"
HAND_OVER = "hand_over"
REDEAL_CALL = "redeal_call"
PREDICT = "predict"
PARTNER_ASK = "partner_ask"
PARTNER_GIVE = "partner_give"
LONE_DISCARD = "lone_discard"
DUMMY_DISCARD = "dummy_discard"
RENEGE_PENALTY_CHOICE = "renege_penalty_choice"
GO_UNDER_CALL = "go_under_call"
GO_UNDER_DISCARD = "go_under_discard"
LONE_DISCARD_FIRST = "lone_discard_first"
DEFENDER_DISCARD_FIRST = "defender_discard_first"
DEFENDER_GIVE = "defender_give"
DEFENDER_DISCARD = "defender_discard"
FOLD_OR_PLAY = "fold_or_play"
AUCTION = "auction"
AUCTION_TRUMP = "auction_trump"
CALL_DISCARD = "call_discard"
CALL_HAND_OVER = "call_hand_over"
CALL_PASS_BACK = "call_pass_back"
SPECIAL_UP_BID = "special_up_bid"
LONE_HAND_OVER = "lone_hand_over"
LONE_RETURN = "lone_return"
DEFENDER_ASK = "defender_ask"
PARTNER_TAKE_OVER = "partner_take_over"


class IllegalAction(Exception):
    """A refused action. The state it was tried on is unchanged."""

    def __init__(self, code: str, seat: int | None, phase: str, action: str, detail: str = "") -> None:
        self.code = code
        self.seat = seat
        self.phase = phase
        self.action = action
        who = f"seat {seat} cannot {action!r}" if seat is not None else f"{action!r} cannot be taken"
        message = f"{who} during {phase}: {MEANINGS[code]}"
        super().__init__(message + (f" ({detail})" if detail else ""))


@dataclass(frozen=True)
class HandResult:
    """How a hand ended: thrown in, or played out and scored by one row of the table."""

    thrown_in: bool
    maker: int | None = None
    trump: int | None = None
    makers_tricks: int = 0
    maker_alone: bool = False
    defender_alone: int | None = None
    row: str | None = None
    clause: str | None = None
    points: tuple[int, ...] = ()
    redeal_called_by: int | None = None
    reneged_by: int | None = None
    misdeal: bool = False
    """The deal was void (more than one player called to go under), so nobody scores."""
    player_rows: tuple[str | None, ...] = ()
    """Each seat's row of a per-player table (empty where the hand is scored by sides)."""
    hand_won_by: tuple[int, ...] = ()
    """In a contract game, the teams that won the hand: the bidders who made their bid, else the defenders who set it."""
    conceded_by: int | None = None
    """The dealer who passed the bidding out and so conceded the hand's point to the opponents."""
    abandoned_by: int | None = None
    """The defender who abandoned the hand against a lone maker (None: nobody did)."""


@dataclass(frozen=True)
class PastHand:
    """What a table condition asks of an earlier hand of the game: who made trump, in which suit, whether they were euchred."""

    maker: int | None
    trump: int | None
    euchred: bool


@dataclass(frozen=True)
class GameSoFar:
    """The game around a hand, as its table conditions see it: each side's score when the hand was dealt, and the hands before."""

    scores: tuple[int, ...]
    past: tuple[PastHand, ...] = ()
    last_trick_suit: int | None = None
    """The suit that took the last trick played in the game so far (None before any)."""


FIELDS = (
    "rules",
    "deal",
    "program",
    "phase",
    "step",
    "is_over",
    "to_act",
    "up_suit",
    "active",
    "active_count",
    "next_seat",
    "passed",
    "dummy",
    "redeals_left",
    "passes",
    "turned_down",
    "trump",
    "maker",
    "maker_alone",
    "defender_alone",
    "discarded",
    "leader",
    "led_suit",
    "follows",
    "follow_masks",
    "trick",
    "tricks",
    "result",
    "taker",
    "giver",
    "made_in_round",
    "predicted_alone",
    "reneged",
    "callers",
    "set_aside",
    "penalty_choice",
    "kitty",
    "cards_passed",
    "under_callers",
    "folded",
    "bids",
    "contract",
    "declined_call",
    "up_card_given",
    "abandoned_by",
    "misled",
    "exposed",
    "suit_call",
    "asking",
    "answered",
    "called",
    "game",
    "_legal",
)
"""The fields a copy takes as they are: every value is immutable (ints, tuples, records, None)."""
LISTS = ("bits", "order", "won", "_history")
"""The fields held in lists, changed in place: a copy gets lists of its own."""
MARK = ("",)
"""Where an action done in place begins in the journal: `undo` restores entries back to it (a card played on the
plain play step is its own mark: its four-item entry)."""
OUT_OF_TURN = object()
"""Heads the journal entry, just before an action's MARK, of who was to act when a seat acted out of turn."""


class HandState:
    """One hand in progress. Read its fields; change it only through `do` (or the pure `apply`).

    None means "not (yet) in this hand" (no trump made, no lone defender, nobody to act once the
    hand is over). The phase functions write fields with `set`, and move cards with `take_card`
    and `add_cards`, so that every write can be undone.
    """

    __slots__ = (*FIELDS, *LISTS, "journal", "_floor")

    rules: Rules
    deal: Deal
    program: Program
    phase: str
    step: Step
    """The compiled record of the phase (`program.Step`): what the machine calls."""
    is_over: bool
    to_act: int | None
    up_suit: int | None
    """The suit index the up-card stands for in the bidding (a joker's, where a rule names one); None if none."""
    active: tuple[bool, ...]
    active_count: int
    next_seat: tuple[int, ...]
    """For each seat, the first active seat clockwise after it."""
    passed: tuple[int, ...]
    dummy: tuple[int, ...]
    redeals_left: tuple[int, ...] | None
    """How many redeals each player may still call in the game (None: no limit)."""
    passes: int
    turned_down: int | None
    trump: int | None
    maker: int | None
    maker_alone: bool | None
    """None until the maker's choice is made (or made for them by the variant)."""
    defender_alone: int | None
    discarded: int | None
    leader: int | None
    led_suit: int | None
    follows: tuple[int, ...]
    """Each card's effective suit under this hand's trump (the compiled rules' row), once trump is made."""
    follow_masks: tuple[int, ...]
    """For each effective suit, the cards of it under this hand's trump, as a bit set, once trump is made."""
    trick: tuple[tuple[int, int], ...]
    """The trick in progress as (seat, card) pairs, in the order played."""
    tricks: tuple[tuple[int, tuple[tuple[int, int], ...]], ...]
    """The finished tricks as (winner, trick)."""
    result: HandResult | None
    taker: int | None
    giver: int | None
    made_in_round: int
    predicted_alone: bool
    reneged: int | None
    callers: tuple[int, ...]
    set_aside: tuple[int, ...]
    penalty_choice: int | None
    """The innocent side's choice of renege penalty, an index of PENALTY_CHOICES (None: not chosen, or not theirs to choose)."""
    kitty: tuple[int, ...]
    """The hidden kitty as it lies now: as dealt, or the cards shown by a player who went under."""
    cards_passed: tuple[tuple[int | str, int | str, tuple[int, ...]], ...]
    """Cards moved between hands, the kitty ("kitty") and the discards ("out"), in the order they moved."""
    under_callers: tuple[int, ...]
    """Who called to go under this hand, in the order they were asked."""
    folded: tuple[int, ...]
    """The seats that folded in fold or play, in the order they folded."""
    bids: tuple[tuple[int, Action], ...]
    """The auction so far, passes included, as (seat, action); the last bid in it is the highest."""
    contract: Contract | None
    """The auction's result, once it is over (its trump None until the winner names it)."""
    declined_call: tuple[int, ...]
    """The lone players who chose not to call for a partner's card (where calling is their choice)."""
    up_card_given: bool
    """Whether the dealer passed the up-card itself to a lone partner, instead of a card of the hand."""
    abandoned_by: int | None
    """The defender who abandoned the hand against a lone maker, ending it (None: nobody)."""
    misled: tuple[int, int, int] | None
    """A lead out of turn awaiting the innocent side's remedy: (offender, card, the seat that was to lead)."""
    exposed: tuple[tuple[int, int], ...]
    """The cards exposed by a lead out of turn and liable to be called, as (holder, card)."""
    suit_call: int | None
    """The team from whose next leader the adversaries may call a suit (None: no suit call is due)."""
    asking: tuple[int, int] | None
    """While an adversary is asked whether to call: (the adversary, the seat whose turn it is)."""
    answered: int | None
    """The seat whose turn the adversaries were asked about already (None once that seat has played)."""
    called: tuple[str, int] | None
    """What the adversaries called for the seat to play: ("card", card) or ("suit", suit index); None: nothing."""
    game: GameSoFar | None
    """The scores and the hands before this one, for the table's conditions (None: a hand played alone, at 0 with no history)."""
    _legal: tuple[Action, ...] | None
    """The legal actions, worked out at most once between two actions."""
    bits: list[int]
    """Each seat's cards as a bit set (bit c: card c); `hands` shows them as cards."""
    order: list[tuple[int, ...]]
    """Each seat's cards in the order they came: as dealt, then as received (cards since gone included)."""
    won: list[int]
    """Tricks won per seat; `tricks_won` shows them as a tuple."""
    _history: list[tuple[int, Action]]
    journal: list[tuple[Any, ...]]
    """What each write replaced, newest last: (field, value), (list, index, value), or for a card played (`play`) one
    entry (seat, cards held, trick, suit led) with what the card changed in them. On the plain play step only the
    card that completes a trick writes it, as its action's mark, and stands for the trick won too (`undo` works
    that back from the trick); a card played inside another take has a fifth item, None, follows the action's
    MARK, and the trick it completes writes its own entries."""
    _floor: int
    """How long the history was when this state was made or copied: the actions after it were done in place on
    this state, each leaving a MARK in the journal, and can be undone (counted from the history, so `do` keeps no count)."""

    def __init__(
        self, rules: Rules, deal: Deal, program: Program, redeals_left: tuple[int, ...] | None, game: GameSoFar | None = None
    ) -> None:
        """The state as dealt, before the first phase is entered (`machine.new_hand` enters it).

        `game` is the scores and the hands before, which the table's conditions read (None: none).
        Every field is first copied from the program's blank hand (`blank_hand`), then the deal's are written:
        a copy of straight-line assignments costs a third of working each field out again for every hand.
        """
        _copy_blank(program.blank, self)
        self.deal = deal
        up = deal.up_card
        if up is not None:
            self.up_suit = program.up_suits[up]
        self.dummy = deal.dummy
        self.redeals_left = redeals_left
        self.kitty = deal.kitty
        self.game = game
        hands = deal.hands
        try:
            self.bits = program.hand_bits(hands)
        except ValueError:  # a hand of another size than the variant deals (an explicit deal may hold one)
            card_bit = program.bit.__getitem__
            self.bits = [sum(map(card_bit, hand)) for hand in hands]  # a card is dealt once: the sum of bits is their union
        self.order = list(hands)

    # --- Reading -------------------------------------------------------------------------------

    @property
    def dealer(self) -> int:
        return self.deal.dealer

    @property
    def dealer_took_up_card(self) -> bool:
        """Whether the up-card is (to be) taken into a hand: the dealer's, or a smitty predictor's."""
        return self.taker is not None

    @property
    def hands(self) -> tuple[tuple[int, ...], ...]:
        """Each seat's cards, in the order they came into the hand."""
        bit = self.program.bit
        return tuple(
            tuple([card for card in order if held & bit[card]]) for held, order in zip(self.bits, self.order, strict=True)
        )

    def hand(self, seat: int) -> tuple[int, ...]:
        """One seat's cards, in the order they came into the hand."""
        bit = self.program.bit
        held = self.bits[seat]
        return tuple([card for card in self.order[seat] if held & bit[card]])

    def holds(self, seat: int, card: int) -> bool:
        return bool(self.bits[seat] & self.program.bit[card])

    def hand_size(self, seat: int) -> int:
        return self.bits[seat].bit_count()

    @property
    def tricks_won(self) -> tuple[int, ...]:
        return tuple(self.won)

    @property
    def history(self) -> tuple[tuple[int, Action], ...]:
        """Every action taken, as (seat, action), in order."""
        return tuple(self._history)

    def left_of(self, seat: int) -> int:
        return (seat + 1) % self.rules.players

    def next_active(self, seat: int) -> int:
        """The first active seat clockwise after `seat`."""
        return self.next_seat[seat]

    # --- Writing, journaled --------------------------------------------------------------------

    def set(self, **changes: Any) -> None:
        """Write fields, recording the values they replace."""
        journal = self.journal
        for name, value in changes.items():
            journal.append((name, getattr(self, name)))
            setattr(self, name, value)

    def put(self, name: str, value: Any) -> None:
        """Write one field, recording the value it replaces: `set` for a single field, without building keywords."""
        self.journal.append((name, getattr(self, name)))
        setattr(self, name, value)

    def restart_count(self) -> None:
        """A phase starts counting passes (or answers) from none."""
        if self.passes:
            self.journal.append(("passes", self.passes))
            self.passes = 0

    def take_card(self, seat: int, card: int) -> None:
        """The card leaves the seat's hand."""
        held = self.bits
        self.journal.append((held, seat, held[seat]))
        held[seat] &= ~self.program.bit[card]

    def add_cards(self, seat: int, cards: tuple[int, ...]) -> None:
        """The cards join the seat's hand, after those it holds."""
        held, order, bit = self.bits, self.order, self.program.bit
        log = self.journal
        log.append((held, seat, held[seat]))
        log.append((order, seat, order[seat]))
        for card in cards:
            held[seat] |= bit[card]
        order[seat] = (*[card for card in order[seat] if card not in cards], *cards)

    def sit_out(self, seats: tuple[int, ...], back: tuple[int, ...] = ()) -> None:
        """Lay down these seats' hands for the rest of the hand (and take up again those of `back`, which sat out)."""
        active = list(self.active)
        for seat in back:
            active[seat] = True
        for seat in seats:
            active[seat] = False
        still = tuple(active)
        journal = self.journal
        journal.append(("active", self.active))
        journal.append(("active_count", self.active_count))
        journal.append(("next_seat", self.next_seat))
        self.active = still
        self.active_count = sum(still)
        self.next_seat = _seating(still)

    def end(self, result: HandResult) -> None:
        """The hand is over, with this result: nobody acts any more (who was to act comes back from the history on undo)."""
        journal = self.journal
        journal.append(("step", self.step))
        journal.append(("result", self.result))
        self.step = self.program.over
        self.to_act = None
        self.result = result
        self.phase = HAND_OVER
        self.is_over = True

    # --- Acting in place -----------------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """What the player to act may do now (nothing once the hand is over)."""
        legal = self._legal
        if legal is None:
            seat = self.to_act
            legal = self._legal = () if seat is None else self.step.legal(self, seat)
        return legal

    def do(self, action: Action | str, seat: int | None = None) -> None:
        """Take `action` in place, by the player to act; raise IllegalAction, changing nothing, if it is refused.

        `seat`, when given, is who claims to act: acting out of turn is refused as not_your_turn.
        The plain play step's card is checked and played by `play` in one call (most of a hand's actions).
        Otherwise legality is settled the cheapest way the state allows: by identity among the legal actions already
        worked out (a random playout lists them first), else by the phase's own one-action check (replaying a bid),
        else by looking the action up and listing them.
        """
        step = self.step
        to_act = self.to_act
        if seat is None or seat == to_act:
            if type(action) is not Action:
                action = self._refuse_or_find(action, seat)  # a text, or anything else: looked up, or refused
            if step.plays:  # every card of the plain play step is played by `play` itself, which `undo` relies on
                done = self.play(to_act, action, True)  # type: ignore[arg-type]  # the play step has a seat to act
                if done is None:  # not this variant's own card object, or not a card it may play: found by its text or refused
                    done = self.play(to_act, self._refuse_or_find(action, seat), True)  # type: ignore[arg-type]
                    assert done is not None, "a legal card is played"
                if done:
                    self.enter(step.following)
                return
            if (legal := self._legal) is not None:
                for candidate in legal:
                    if candidate is action:
                        break
                else:
                    action = self._refuse_or_find(action, seat)
            elif to_act is None or not step.allows(self, to_act, action):
                action = self._refuse_or_find(action, seat)
        else:  # out of turn: returns only an action the phase takes out of turn
            action = self._refuse_or_find(action, seat)
            self.journal.append((OUT_OF_TURN, to_act))
            to_act = self.to_act = seat
        # Accepted: the phase takes it, and the next phase is entered once it is done.
        self.journal.append(MARK)
        self._history.append((to_act, action))  # type: ignore[arg-type]  # an accepted action has a seat and is an Action
        self._legal = None
        if step.take(self, to_act, action):  # type: ignore[arg-type]
            self.enter(step.following)

    def play(self, seat: int, action: Action, first: bool = False) -> bool | None:
        """The card leaves the seat's hand and joins the trick; a full trick goes to its winner. True once the last
        trick is won (the phase is over), False while play goes on.

        What the card changes (hand, trick, suit led; the last two set back once the trick is won) is one journal
        entry, which `undo` knows. `first` is the plain play step's card taken by `do` itself: the card is checked
        here (None, nothing changed, if it is not this variant's play action, not held or not following suit), and
        recorded in the history here, so replaying or playing out a card costs one call. Such a card that leaves
        its trick unfinished writes nothing to the journal: it is the last card of the trick in progress, and `undo`
        puts it back from there. The trick's last card writes its entry, which is also the action's mark.
        Otherwise a phase's take calls this after its own checks and writes (a renege watched for, a lead out of
        turn), once `do` has marked the action.
        """
        card = action.card
        bits = self.bits
        held = bits[seat]
        trick = self.trick
        led = self.led_suit
        journal = self.journal
        if first:
            if card < 0 or self.program.play_actions[card] is not action:
                return None
            following = held & self.follow_masks[led] if trick else 0  # type: ignore[index]  # a trick has a suit led
            if not (following or held) >> card & 1:  # the cards of the suit led if any, else any card held
                return None
            self._legal = None
            self._history.append((seat, action))
            if len(trick) + 1 == self.active_count:
                journal.append((seat, held, trick, led))
        else:
            journal.append((seat, held, trick, led, None))
        bits[seat] = held ^ (1 << card)
        if not trick:
            self.led_suit = self.follows[card]
        # Concatenation, not (*trick, ...): it costs about half as much, once per card.
        trick = self.trick = trick + ((seat, card),)  # noqa: RUF005
        if len(trick) < self.active_count:
            self.to_act = self.next_seat[seat]
            return False
        winner = self.program.trick_winner(self, trick)
        won = self.won
        tricks = self.tricks
        if not first:  # the trick's own entries; a plain card's entry stands for them (`undo` takes the trick back)
            journal.append((won, winner, won[winner]))
            journal.append(("tricks", tricks))
        won[winner] += 1
        self.tricks = tricks + ((winner, trick),)  # noqa: RUF005
        self.trick = ()
        self.led_suit = None
        if len(tricks) + 1 == self.rules.hand_size:
            return True
        if not first:
            journal.append(("leader", self.leader))
        self.leader = self.to_act = winner
        return False

    def accepted(self, action: Action | str, seat: int | None = None) -> Action:
        """The action as this state's own Action object if it may be taken now; raise IllegalAction if not (as `do`)."""
        to_act = self.to_act
        if seat is None or seat == to_act:
            legal = self._legal
            if legal is not None:
                for candidate in legal:
                    if candidate is action:
                        return candidate
            elif to_act is not None and isinstance(action, Action) and self.step.allows(self, to_act, action):
                return action
        return self._refuse_or_find(action, seat)

    def enter(self, step: Step) -> None:
        """Enter the first phase from `step` on that applies (each phase's start says)."""
        if self.trump is not None:
            step = step.once_made  # the phases that start only before trump is made are passed over
        while not step.start(self):
            step = step.following
        self.journal.append(("step", self.step))
        self.step = step
        self.phase = step.name
        self.is_over = step.is_over

    def undo(self) -> None:
        """Take back the last action done in place on this state; raise IndexError if there is none."""
        history = self._history
        if len(history) == self._floor:
            raise IndexError("no action taken in place on this state to undo")
        trick = self.trick
        if trick and self.step.plays:  # the last action is the trick's last card, played on the plain play step
            seat, action = history.pop()
            self.bits[seat] |= 1 << action.card
            trick = self.trick = trick[:-1]
            if not trick:
                self.led_suit = None
            self.to_act = seat
            self._legal = None
            return
        journal = self.journal
        while True:
            entry = journal.pop()
            size = len(entry)
            if size == 2:
                setattr(self, entry[0], entry[1])
            elif size == 3:
                entry[0][entry[1]] = entry[2]
            elif size == 1:  # MARK
                break
            else:  # a card played: a plain card that won a trick if it has four items, which is its action's mark
                self.bits[entry[0]] = entry[1]
                self.trick = entry[2]
                self.led_suit = entry[3]
                if size == 4:
                    self._take_back_trick()
                    break
        self.to_act = history.pop()[0]
        if journal and journal[-1][0] is OUT_OF_TURN:  # the seat acted out of turn: who was to act
            self.to_act = journal.pop()[1]
        step = self.step
        self.phase = step.name
        self.is_over = step.is_over
        self._legal = None

    def _take_back_trick(self) -> None:
        """The last trick won is in play again: its winner's count, and its leader as the one to lead it (a plain
        card that wins a trick writes no entry for these, as they follow from the trick itself)."""
        winner, trick = self.tricks[-1]
        self.won[winner] -= 1
        self.tricks = self.tricks[:-1]
        self.leader = trick[0][0]

    def copy(self) -> HandState:
        """An independent state equal to this one, with nothing to undo."""
        other = object.__new__(HandState)
        _copy_fields(self, other)
        return other

    def _refuse_or_find(self, action: object, seat: int | None) -> Action:
        """An action that is not one of the legal ones worked out: a text, an Action from elsewhere, or an illegal one.

        Look it up by its text and return the legal action it names, or raise the refusal. Anything
        else (a number, None) is refused the same way, never an AttributeError.
        """
        text = action if isinstance(action, str) else getattr(action, "text", None)
        known = self.rules.actions.get(text) if isinstance(text, str) else None
        if known is None:
            raise IllegalAction("unknown_action", self.to_act, self.phase, text if isinstance(text, str) else repr(action))
        if seat is not None and seat != self.to_act and self.phase != HAND_OVER:
            out_of_turn = self.step.out_of_turn
            if out_of_turn is not None and out_of_turn(self, seat, known):
                return known
            raise IllegalAction("not_your_turn", seat, self.phase, known.text, f"seat {self.to_act} is to act")
        legal = self.legal_actions()
        for candidate in legal:
            if candidate is known:
                return candidate
        raise IllegalAction(self.refusal_reason(known), self.to_act, self.phase, known.text)

    def refusal_reason(self, action: Action) -> str:
        """The stable reason code for refusing an action that is not legal now."""
        step = self.step
        if self.to_act is None:
            return "hand_over"
        if action.kind not in step.kinds:
            return "wrong_phase"
        # Phases where every action of an allowed kind is always legal (redeal calls) never get here.
        reason = step.refusal(self, self.to_act, action)
        assert reason is not None, f"{action.text} is not legal during {self.phase}, yet nothing refuses it"
        return reason


def blank_hand(rules: Rules, over: Step, next_seat: tuple[int, ...]) -> HandState:
    """Every field of a hand of these rules as it stands before the deal: nothing bid, made or played, every seat
    active, the hand over until its first phase is entered. Built once per program; each new hand starts as a copy."""
    blank = object.__new__(HandState)
    players = rules.players
    blank.rules = rules
    blank.deal = Deal(0, ((),) * players, None, ())  # no cards yet; `compile_program` sets the blank's program
    blank.phase = HAND_OVER
    blank.step = over
    blank.is_over = True
    blank.to_act = blank.up_suit = None
    blank.active = (True,) * players
    blank.active_count = players
    blank.next_seat = next_seat
    blank.passed = (0,) * players
    blank.dummy = blank.kitty = ()
    blank.redeals_left = blank.game = None
    blank.passes = 0
    blank.turned_down = blank.trump = blank.maker = blank.maker_alone = blank.defender_alone = None
    blank.discarded = blank.leader = blank.led_suit = blank.result = blank.taker = blank.giver = None
    blank.reneged = blank.penalty_choice = blank.contract = None
    blank.follows = blank.follow_masks = blank.trick = blank.tricks = ()
    blank.made_in_round = 0
    blank.predicted_alone = False
    blank.callers = blank.set_aside = blank.cards_passed = blank.under_callers = blank.folded = blank.bids = ()
    blank.declined_call = ()
    blank.up_card_given = False
    blank.abandoned_by = None
    blank.misled = blank.suit_call = blank.asking = blank.answered = blank.called = None
    blank.exposed = ()
    blank._legal = None
    blank.bits = [0] * players
    blank.order = [()] * players
    blank.won = [0] * players
    blank._history = []
    blank.journal = []
    blank._floor = 0
    return blank


@cache
def _seating(active: tuple[bool, ...]) -> tuple[int, ...]:
    """For each seat, the first active seat clockwise after it: worked out once per pattern of seats sitting out."""
    players = len(active)
    following = []
    for seat in range(players):
        nxt = (seat + 1) % players
        while not active[nxt]:
            nxt = (nxt + 1) % players
        following.append(nxt)
    return tuple(following)


def _generated_copy(lists: tuple[str, ...]) -> Any:
    """`other.f = self.f` for every field, and a copy of each of `lists`: straight-line code, generated from the
    field names as dataclasses generate __init__ (a loop over the fields costs a good share of a copy)."""
    body = "".join(f"    other.{name} = self.{name}\n" for name in FIELDS)
    body += "".join(f"    other.{name} = self.{name}.copy()\n" for name in lists)
    source = f"def copy_fields(self, other):\n{body}    other.journal = []\n    other._floor = len(other._history)\n"
    namespace: dict[str, Any] = {}
    exec(source, namespace)
    return namespace["copy_fields"]


_copy_fields = _generated_copy(LISTS)
_copy_blank = _generated_copy(tuple(name for name in LISTS if name not in ("bits", "order")))
"""A blank hand's fields onto a new one, but for the two lists the deal then writes (`HandState.__init__`)."""
