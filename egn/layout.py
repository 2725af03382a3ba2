"""Giving every card of an EGN hand its seat, and rebuilding the deal the record implies.

EGN records each trick's cards from its leader, without seats, and often leaves out the dealt
hands, the discard and the kitty. Before the engine can judge a hand, someone has to work out
who played each card and what each seat held; that is this module's job (steps 2 and 3 of the
replay described in `replay`):

- the layout: the first leader (from the replayed bidding), then each trick's winner (the
  engine's own `trick_winner`) leads the next, so every card gets its seat and each seat's
  shown-out suits are known;
- the deal: each seat holds what it played (the dealer's pick-up and discard taken into account)
  or what the record deals it; cards never shown are filled in from the unseen cards so that no
  seat gets a card of a suit it failed to follow (a bipartite matching), which is possible unless
  the record itself is impossible.

`HandLayout` holds what is known of one hand while it is replayed; `replay.HandReplay` builds on
it with the engine's part (the bidding, the verdict on each play, the points).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from reference_impl.deal import Deal
from reference_impl.engine import HandState
from reference_impl.engine.play import trick_winner

from .findings import NOTE, VIOLATION, HandReport, problem_at, seat_text
from .mapping import RulesMapping
from .notation import EgnRecord, to_code


@dataclass(frozen=True)
class Play:
    """One card of the record, with the seat the layout gives it."""

    trick: int
    position: int
    seat: int
    card: int
    text: str


class HandLayout:
    """What the record shows of one deal, with each card's seat and the deal rebuilt from it."""

    def __init__(self, record: EgnRecord, mapping: RulesMapping, index: int, deal: dict[str, Any], last: bool) -> None:
        self.record = record
        self.mapping = mapping
        self.rules = mapping.rules
        self.index = index
        self.deal = deal
        self.last = last
        self.pointer = f"/deals/{index}"
        self.report = HandReport(index, deal.get("dealNumber"))
        self.final_state: HandState | None = None
        self.plays: list[Play] = []
        self.tricks: list[tuple[int, list[Play], int | None]] = []
        self.layout_complete = False
        self.check_plays = True
        self.bidding: dict[str, Any] | None = None
        self.bidding_pointer = ""
        self.play_phase: dict[str, Any] | None = None
        self.play_pointer = ""
        self.up = -1
        self.picked_up = False
        self.recorded_discard: int | None = None
        self.visited_discard = False
        self.owner: dict[int, str] = {}
        self.voids: list[set[int]] = [set() for _ in range(self.rules.players)]
        self.final_discard: int | None = None

    # -- reporting -------------------------------------------------------------------------

    def add(
        self, code: str, severity: str, message: str, pointer: str = "", trick: int | None = None, seat: int | None = None
    ) -> None:
        self.report.problems.append(
            problem_at(self.record, code, severity, message, self.index, pointer or self.pointer, trick, seat)
        )

    def note(self, code: str, message: str, pointer: str = "") -> None:
        self.add(code, NOTE, message, pointer)

    # -- step 2: each card's seat --------------------------------------------------------------

    def _lay_out(self, state: HandState) -> None:
        """Give every card its seat: the engine's first leader, then each trick's winner leads."""
        rules = self.rules
        if self.play_phase is None:
            if self.last:
                self.note("record_ends", "the record stops after the bidding of this deal")
            else:
                self.add(
                    "missing_trick", VIOLATION, f"no tricks are recorded (a hand has {rules.hand_size})", self.pointer + "/phases"
                )
            self.check_plays = False
            return
        tricks: list[list[str]] = self.play_phase["tricks"]
        effective = state.follows
        leader = state.leader
        assert leader is not None  # play has begun
        seen_trump = state.trump
        for number, cards in enumerate(tricks):
            at = f"{self.play_pointer}/tricks/{number}"
            if number >= rules.hand_size:
                message = f"{len(tricks)} tricks are recorded; a hand has {rules.hand_size}: the extra ones are ignored"
                self.add("extra_trick", VIOLATION, message, at, trick=number + 1)
                break
            if len(cards) > state.active_count:
                message = f"trick {number + 1} has {len(cards)} cards, but {state.active_count} players are in this hand"
                self.add("long_trick", VIOLATION, message, at, trick=number + 1)
                self.check_plays = False
                return
            plays: list[Play] = []
            seat = leader
            for position, text in enumerate(cards):
                code = to_code(text, seen_trump)
                if code is None:
                    message = (
                        f"card {position + 1} of trick {number + 1} is not known ({text!r}): "
                        "the rest of the hand cannot be laid out or checked"
                    )
                    self.note("unknown_card", message, f"{at}/{position}")
                    self.plays.extend(plays)
                    return
                if code not in rules.card_ids:
                    message = f"trick {number + 1}: {text} is not a card of the {rules.variant_id} deck"
                    self.add("not_in_deck", VIOLATION, message, f"{at}/{position}", trick=number + 1, seat=seat)
                    self.check_plays = False
                    return
                plays.append(Play(number, position, seat, rules.card_ids[code], text))
                seat = state.next_active(seat)
            self.plays.extend(plays)
            if len(cards) < state.active_count:
                if number == len(tricks) - 1 and self.last:
                    self.note("record_ends", f"the record stops in trick {number + 1}, after {len(cards)} card(s)", at)
                else:
                    message = f"trick {number + 1} has {len(cards)} card(s), but {state.active_count} players are in this hand"
                    self.add("short_trick", VIOLATION, message, at, trick=number + 1)
                    self.check_plays = False
                self.tricks.append((leader, plays, None))
                return
            led = effective[plays[0].card]
            for play in plays[1:]:
                if effective[play.card] != led:
                    self.voids[play.seat].add(led)
            winner = trick_winner(state, tuple((play.seat, play.card) for play in plays))
            self.tricks.append((leader, plays, winner))
            leader = winner
        complete = sum(1 for _, _, winner in self.tricks if winner is not None)
        if complete < rules.hand_size and len(self.tricks) == complete:
            if self.last:
                self.note("record_ends", f"the record stops after trick {complete} of {rules.hand_size}")
            else:
                message = f"only {complete} of the hand's {rules.hand_size} tricks are recorded, and the record goes on"
                self.add("missing_trick", VIOLATION, message, self.play_pointer + "/tricks")
                self.note(
                    "plays_not_checked",
                    "with a trick missing, who played which card cannot be derived, so no play of this hand is checked",
                    self.play_pointer + "/tricks",
                )
                self.check_plays = False
        self.layout_complete = complete == rules.hand_size

    # -- step 3: the deal ----------------------------------------------------------------------

    def _rebuild(self, state: HandState) -> Deal | None:
        """A deal consistent with everything the record shows; None if there is none."""
        rules = self.rules
        size, players, dealer = rules.hand_size, rules.players, state.dealer
        up = self.up
        dealt: list[list[int]] = [[] for _ in range(players)]
        full = [False] * players
        self.owner = {up: "the up-card"}
        recorded_hands = self._recorded_hands(dealt, full, state)
        discard = self.recorded_discard
        if self.picked_up and discard is not None and discard != up:
            holder = self.owner.get(discard)
            if holder is not None and discard not in dealt[dealer]:
                message = f"the discard {rules.card_code(discard)} is {holder}, not a card of the dealer's"
                self.add("discard_conflict", VIOLATION, message, self.bidding_pointer + "/discard", seat=dealer)
                discard = None
            elif discard not in dealt[dealer]:
                if full[dealer]:
                    message = "the discard is not in the hand the record deals the dealer"
                    self.add("discard_conflict", VIOLATION, message, self.bidding_pointer + "/discard", seat=dealer)
                    discard = None
                else:
                    dealt[dealer].append(discard)
            if discard is not None:
                self.owner[discard] = "the card the dealer discarded"
        self._passed_cards(dealt, full)
        dealer_plays = [play for play in self.plays if play.seat == dealer]
        dealer_played_up = any(play.card == up for play in dealer_plays)
        reserve = self.picked_up and discard is None and (dealer_played_up or len(dealer_plays) < size)
        for play in self.plays:
            card, seat = play.card, play.seat
            if card == up or card in self.owner:
                continue
            room = size - (1 if reserve and seat == dealer else 0)
            if full[seat] or len(dealt[seat]) >= room:
                continue
            dealt[seat].append(card)
            self.owner[card] = f"played by {seat_text(seat)} in trick {play.trick + 1}"
        if self.picked_up and discard is None and not reserve:
            discard = up  # the dealer played five other cards: the up-card went out again
        filled = self._fill(dealt, reserve, state)
        if filled is None:
            return None
        hands, kitty, reserved = filled
        if self.picked_up:
            chosen = discard if discard is not None else reserved
            self.final_discard = chosen
            self._discard_note(discard, reserved)
        if not recorded_hands:
            self.note(
                "hands_not_recorded", "the dealt hands are not recorded: each seat's hand is rebuilt from the cards it played"
            )
        return Deal(dealer, tuple(tuple(hand) for hand in hands), up, tuple(kitty))

    def _passed_cards(self, dealt: list[list[int]], full: list[bool]) -> None:
        """A card a partner passed to a lone player was dealt to the partner, whoever played it."""
        bidding = self.bidding or {}
        for exchange in bidding.get("cardExchanges", []):
            sender = exchange.get("sender")
            if sender is None or not 0 <= sender < self.rules.players:
                continue
            for text in exchange["cards"]:
                card = self.rules.card_ids.get(to_code(text) or "")
                if card is None or card in self.owner or full[sender] or len(dealt[sender]) >= self.rules.hand_size:
                    continue
                dealt[sender].append(card)
                self.owner[card] = f"passed by {seat_text(sender)} to {seat_text(exchange['receiver'])}"

    def _recorded_hands(self, dealt: list[list[int]], full: list[bool], state: HandState) -> bool:
        """Take in the record's playerCards, if any; True if at least one hand is given."""
        rules = self.rules
        given: list[list[str]] = self.deal["initialState"].get("playerCards", [])
        any_given = False
        for seat, cards in enumerate(given):
            at = f"{self.pointer}/initialState/playerCards/{seat}"
            if not cards:
                continue
            if seat >= rules.players:
                self.add(
                    "bad_player_cards", VIOLATION, f"playerCards has a hand for seat {seat}, at a table of {rules.players}", at
                )
                continue
            any_given = True
            if len(cards) < rules.hand_size:
                self.add(
                    "bad_player_cards",
                    VIOLATION,
                    f"{seat_text(seat)} is dealt {len(cards)} card(s), but the rules deal {rules.hand_size}",
                    at,
                    seat=seat,
                )
            for position, text in enumerate(cards):
                code = to_code(text, state.trump)
                if code is None:
                    continue
                card = rules.card_ids.get(code)
                if card is None:
                    self.add("bad_player_cards", VIOLATION, f"{text} is not a card of this deck", f"{at}/{position}", seat=seat)
                elif card in self.owner:
                    self.add(
                        "bad_player_cards",
                        VIOLATION,
                        f"{text} is dealt to {seat_text(seat)} but is {self.owner[card]}",
                        f"{at}/{position}",
                        seat=seat,
                    )
                elif len(dealt[seat]) >= rules.hand_size:
                    self.add(
                        "bad_player_cards",
                        VIOLATION,
                        f"{seat_text(seat)} is dealt more than {rules.hand_size} cards",
                        f"{at}/{position}",
                        seat=seat,
                    )
                else:
                    dealt[seat].append(card)
                    self.owner[card] = f"dealt to {seat_text(seat)} in the record's playerCards"
            full[seat] = len(dealt[seat]) == rules.hand_size
        return any_given

    def _fill(
        self, dealt: list[list[int]], reserve: bool, state: HandState
    ) -> tuple[list[list[int]], list[int], int | None] | None:
        """Deal the unseen cards to the open places so no seat gets a suit it showed out of."""
        rules = self.rules
        effective = state.follows
        pool = [card for card in range(len(rules.deck)) if card not in self.owner]
        slots: list[int] = []  # one entry (the seat) per open place held through the play
        for seat, hand in enumerate(dealt):
            open_places = rules.hand_size - len(hand) - (1 if reserve and seat == state.dealer else 0)
            if state.active[seat]:
                slots.extend([seat] * open_places)
        match = _match(slots, pool, lambda seat, card: effective[card] not in self.voids[seat])
        if match is None:
            seats = sorted({seat for seat in slots})
            message = (
                f"no deal fits the record: the {len(pool)} unseen cards cannot go to "
                + ", ".join(seat_text(s) for s in seats)
                + " without giving one of them a suit they failed to follow (a revoke that cannot be pinned on one player)"
            )
            self.add("no_consistent_deal", VIOLATION, message, self.play_pointer or self.pointer)
            return None
        hands = [list(hand) for hand in dealt]
        used = set()
        for slot_seat, card in zip(slots, match, strict=True):
            hands[slot_seat].append(card)
            used.add(card)
        rest = [card for card in pool if card not in used]
        reserved = None
        if reserve:
            reserved = rest.pop(0)
            hands[state.dealer].append(reserved)
        for hand in hands:
            while len(hand) < rules.hand_size:
                hand.append(rest.pop(0))
        if slots and not self.layout_complete:
            holders = ", ".join(seat_text(s) for s in sorted(set(slots)))
            self.note(
                "unplayed_cards",
                f"the cards that {holders} never played are unknown: a revoke hidden among them cannot be proved",
            )
        return hands, rest, reserved

    def _discard_note(self, discard: int | None, reserved: int | None) -> None:
        rules = self.rules
        if self.bidding is not None and "discard" in self.bidding and self.recorded_discard is not None:
            self.report.discard = self.bidding["discard"]
            return
        if discard == self.up:
            self.report.discard = rules.card_code(self.up)
            self.note(
                "discard_inferred", "the discard is not recorded: the dealer never played the up-card, so it must be the discard"
            )
        else:
            self.note(
                "discard_unknown",
                "the discard is not recorded: it is one of the unseen cards, and whether it was allowed is not checked",
            )


def _match(slots: list[int], pool: list[int], allowed: Any) -> list[int] | None:
    """A card for every slot, each card used once, `allowed(seat, card)` for each (Kuhn's matching)."""
    owner_of: dict[int, int] = {}

    def place(slot: int, seen: set[int]) -> bool:
        for card in pool:
            if card in seen or not allowed(slots[slot], card):
                continue
            seen.add(card)
            if card not in owner_of or place(owner_of[card], seen):
                owner_of[card] = slot
                return True
        return False

    for slot in range(len(slots)):
        if not place(slot, set()):
            return None
    chosen = [0] * len(slots)
    for card, slot in owner_of.items():
        chosen[slot] = card
    return chosen
