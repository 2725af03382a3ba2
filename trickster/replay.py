"""One record's hand replayed through the reference engine, action by action, under the rules it carries.

The engine asks, and the record answers: at each step the engine names the phase and the seat to
act, and the replay takes that seat's next answer from the record: a call from the auction, a
go-under or a pick-up from the exchanged cards, a card from the seat's column of the current
trick. The engine refuses the first action that breaks a rule, with its reason; the finding names
the seat, the line of the record and the clause of the rules. Where the record stops (a hand
pasted half-way) the replay says so and stops, which is not a broken rule. Whatever the record
shows that the rules never asked for (a pick-up by a dealer who sits out, a card from a seat out of
the hand, a call after trump is made) is a broken rule too.
"""

from __future__ import annotations

from reference_impl.deal import Deal
from reference_impl.engine import HandState, IllegalAction, apply, legal_actions, new_hand
from ruleset.compiled.cards import SUITS
from ruleset.compiled.rules import Rules
from ruleset.refusals import MEANINGS

from .clauses import clause_at, clause_for
from .findings import BROKEN, NOTE, Finding, RecordAudit
from .notation import seat_name, their_action, their_card
from .record_parts import Exchange, Parts

ROUNDS = ("bid_round_one", "bid_round_two")
LONE_DISCARDS = ("lone_discard", "lone_discard_first")
CARD_PHASES = ("go_under_discard", "dealer_discard", "partner_give", *LONE_DISCARDS)
"""The phases in which a card changes hands, shown in the audit beside the calls."""


class _Stop(Exception):
    """The replay ends here; why is already among the findings."""


class Replay:
    """The replay of one record's hand; `run` returns the final state (None when it stopped early)."""

    def __init__(self, rules: Rules, deal: Deal, parts: Parts, audit: RecordAudit, line: int) -> None:
        self.rules = rules
        self.document = rules.document
        self.deal = deal
        self.parts = parts
        self.audit = audit
        self.line = line
        self.calls = list(parts.calls)
        self.used: set[Exchange] = set()
        self.alone = False
        self.discarded: dict[int, int] = {}

    def run(self) -> HandState | None:
        state = new_hand(self.rules, self.deal)
        try:
            while state.phase != "hand_over":
                state = self._step(state)
        except _Stop:
            return None
        self._left_over(state)
        return state

    # -- one step ----------------------------------------------------------------------------

    def _step(self, state: HandState) -> HandState:
        phase, seat = state.phase, state.to_act
        assert seat is not None
        if phase in ROUNDS:
            action, line = self._call(state, seat)
        elif phase == "declare_alone":
            action, line = ("go_alone" if self.alone else "pass"), self.line
        elif phase == "go_under_call":
            action, line = ("go_under" if self._under(seat) else "pass"), self.line
        elif phase == "go_under_discard":
            action, line = self._under_discard(seat)
        elif phase == "dealer_discard":
            action, line = self._pickup(state, seat)
        elif phase == "partner_give":
            action, line = self._passed(seat, state.maker, "give")
        elif phase in LONE_DISCARDS:
            action, line = self._passed(seat, self._partner(seat), "discard")
        elif phase == "defend_alone":
            action, line = ("defend_alone" if self._defends(seat) else "pass"), self.line
        elif phase == "play":
            action, line = self._play(state, seat)
        else:
            self._note("unsupported_phase", f"the rules ask for a step a Trickster record does not show ({phase})")
            raise _Stop
        try:
            after = apply(state, action, seat)
        except IllegalAction as exc:
            self._refused(state, exc, action, line)
            raise _Stop from None
        if len(after.tricks) > len(state.tricks):
            self.audit.hand.winners.append(after.tricks[-1][0])
        if phase in CARD_PHASES or action == "go_under":
            self.audit.hand.cards.append((seat, their_action(action)))
        return after

    def _call(self, state: HandState, seat: int) -> tuple[str, int]:
        if not self.calls:
            self._note("record_ends", f"the auction stops before {seat_name(seat)}'s call: the record ends here")
            raise _Stop
        call = self.calls.pop(0)
        if call.seat != seat:
            message = f"the auction gives the next call to {seat_name(call.seat)}, but it is {seat_name(seat)}'s turn"
            self._broken("call_out_of_turn", message, call.line, clause_at(self.document, ("bidding", "clause")), call.seat)
            raise _Stop
        self.audit.hand.calls.append((seat, call.call.text))
        if call.call.passed:
            return "pass", call.line
        self.alone = call.call.alone
        legal = {action.text for action in legal_actions(state)}
        if state.phase == "bid_round_one" and "order_up" in legal and self._up_suit() == call.call.trump:
            return "order_up", call.line
        return f"name_trump:{call.call.trump}", call.line

    def _up_suit(self) -> str | None:
        up = self.deal.up_card
        if up is None:
            return None
        suit = self.rules.deck[up].suit
        special = self.rules.bidding.special_up_suit
        if suit is None and special is not None:
            return SUITS[special]  # a turned-up joker bid on as a card of this suit
        return suit

    def _under(self, seat: int) -> Exchange | None:
        """The seat's exchange with the kitty (going under), if the record shows one."""
        kitty = {self.rules.card_code(card) for card in self.deal.kitty}
        for exchange in self._swaps(seat):
            if set(exchange.cards_in) & kitty and not self._is_pickup(exchange):
                if set(exchange.cards_in) != kitty:
                    message = f"takes {_cards(exchange.cards_in)} in going under, but the kitty is {_cards(sorted(kitty))}"
                    self._broken("under_not_kitty", message, exchange.line, self._going_under_clause(), seat)
                    raise _Stop
                return exchange
        return None

    def _under_discard(self, seat: int) -> tuple[str, int]:
        exchange = self._under(seat)
        if exchange is None:
            self._note("exchange_unknown", f"{seat_name(seat)} goes under, but the cards shown are not recorded")
            raise _Stop
        done = self.discarded.get(seat, 0)
        if done >= len(exchange.cards_out):
            message = f"shows {len(exchange.cards_out)} card(s) to go under; the rules ask for more"
            self._broken("under_count", message, exchange.line, self._going_under_clause(), seat)
            raise _Stop
        self.discarded[seat] = done + 1
        if done + 1 == len(exchange.cards_out):
            self.used.add(exchange)
        return f"discard:{exchange.cards_out[done]}", exchange.out_line

    def _pickup(self, state: HandState, seat: int) -> tuple[str, int]:
        exchange = next((swap for swap in self._swaps(seat) if self._is_pickup(swap)), None)
        if exchange is None:
            self._note("exchange_unknown", f"{seat_name(seat)} takes up the up-card, but the discard is not recorded")
            raise _Stop
        self.used.add(exchange)
        up = self._up_code()
        if list(exchange.cards_in) != [up] or len(exchange.cards_out) != 1:
            taken, laid = _cards(exchange.cards_in), _cards(exchange.cards_out)
            message = f"takes up {taken} and lays away {laid}, where the dealer takes the up-card ({_cards([up])}) for one card"
            self._broken("pickup", message, exchange.line, self._pickup_clause(), seat)
            raise _Stop
        return f"discard:{exchange.cards_out[0]}", exchange.out_line

    def _swaps(self, seat: int) -> list[Exchange]:
        return [e for e in self.parts.exchanges if e.kind == "swap" and e.seat == seat and e not in self.used]

    def _is_pickup(self, exchange: Exchange) -> bool:
        """A swap that is the dealer's pick-up: the dealer's, and not three cards for three (going under)."""
        return exchange.seat == self.deal.dealer and len(exchange.cards_in) == 1

    def _up_code(self) -> str:
        return "" if self.deal.up_card is None else self.rules.card_code(self.deal.up_card)

    def _passed(self, seat: int, receiver: int | None, kind: str) -> tuple[str, int]:
        for exchange in self.parts.exchanges:
            if exchange.kind == "pass" and exchange.seat == seat and exchange.to == receiver and exchange not in self.used:
                self.used.add(exchange)
                if len(exchange.cards_out) != 1:
                    message = f"passes {len(exchange.cards_out)} cards; the rules pass one"
                    self._broken("pass_count", message, exchange.line, self._partner_clause(), seat)
                    raise _Stop
                return f"{kind}:{exchange.cards_out[0]}", exchange.line
        what = "the card passed to the lone player" if kind == "give" else "the lone player's discard"
        self._note("exchange_unknown", f"{what} ({seat_name(seat)}) is not recorded: the hand is not checked further")
        raise _Stop

    def _partner(self, seat: int) -> int | None:
        team = self.rules.teams[self.rules.team_of[seat]]
        return next((other for other in team if other != seat), None)

    def _defends(self, seat: int) -> bool:
        """A defender defended alone when the record gives the partner no card while it gives this seat some."""
        partner = self._partner(seat)
        tricks = self.parts.tricks
        if partner is None or not tricks:
            return False
        return all(trick.get(partner) is None for trick in tricks) and any(trick.get(seat) for trick in tricks)

    def _play(self, state: HandState, seat: int) -> tuple[str, int]:
        number = len(state.tricks)
        card = self.parts.tricks[number].get(seat) if number < len(self.parts.tricks) else None
        if card is None:
            line = self.parts.trick_lines[number] if number < len(self.parts.trick_lines) else self.line
            self._note("record_ends", f"the record stops in trick {number + 1}, before {seat_name(seat)}'s card", line)
            raise _Stop
        self.audit.hand.tricks.extend([] for _ in range(number + 1 - len(self.audit.hand.tricks)))
        self.audit.hand.tricks[number].append((seat, card))
        return f"play:{card}", self.parts.trick_lines[number]

    # -- after the hand ----------------------------------------------------------------------

    def _left_over(self, state: HandState) -> None:
        """What the record shows that the rules never asked for: calls after the bidding, cards exchanged, a card
        from a seat out of the hand, tricks after the last."""
        if self.calls:
            call = self.calls[0]
            message = f"{len(self.calls)} more call(s) after the bidding ended ({call.call.text} first)"
            self._broken("calls_after_bidding", message, call.line, clause_at(self.document, ("bidding", "clause")), call.seat)
        played = len(state.tricks)
        for number, trick in enumerate(self.parts.tricks):
            line = self.parts.trick_lines[number]
            if number >= played:
                if any(trick.values()):
                    self._broken("tricks_after_hand", f"a trick {number + 1} after the hand's last", line, self._trick_clause())
                continue
            for seat, card in sorted(trick.items()):
                if card is not None and not state.active[seat]:
                    message = f"plays {their_card(card)} in trick {number + 1} while sitting out the hand"
                    self._broken("plays_sitting_out", message, line, clause_at(self.document, ("lone_play", "clause")), seat)
        for exchange in self.parts.exchanges:
            if exchange in self.used:
                continue
            if exchange.kind == "pass":
                message = f"passes {_cards(exchange.cards_out)} to {seat_name(exchange.to or 0)}, which these rules never ask for"
                self._broken("exchange_not_in_rules", message, exchange.line, self._partner_clause(), exchange.seat)
            elif self._is_pickup(exchange):
                message = f"takes up {_cards(exchange.cards_in)}, which these rules do not allow in this hand"
                self._broken("exchange_not_in_rules", message, exchange.line, self._pickup_clause(), exchange.seat)
            else:
                swapped = f"exchanges {_cards(exchange.cards_out)} for {_cards(exchange.cards_in)}"
                message = f"{swapped}, which these rules never allow here"
                self._broken("exchange_not_in_rules", message, exchange.line, self._going_under_clause(), exchange.seat)

    # -- findings ----------------------------------------------------------------------------

    def _refused(self, state: HandState, exc: IllegalAction, action: str, line: int) -> None:
        legal = "; ".join(their_action(item.text) for item in legal_actions(state))
        where = f"trick {len(state.tricks) + 1}: " if state.phase == "play" else ""
        message = f"{where}{their_action(action)} is refused: {MEANINGS.get(exc.code, exc.code)} (the rules allow: {legal})"
        self._broken(exc.code, message, line, clause_for(self.document, exc.code, state.phase), exc.seat)

    def _broken(self, code: str, message: str, line: int, clause: str | None, seat: int | None = None) -> None:
        self.audit.add(Finding(code, BROKEN, message, line, clause, seat))

    def _note(self, code: str, message: str, line: int | None = None) -> None:
        self.audit.add(Finding(code, NOTE, message, self.line if line is None else line))

    def _trick_clause(self) -> str | None:
        return clause_at(self.document, ("play", "trick_clause"))

    def _pickup_clause(self) -> str | None:
        return clause_at(self.document, ("bidding", "round_one", "pickup_clause"))

    def _partner_clause(self) -> str | None:
        return clause_at(self.document, ("lone_play", "partner_card_clause")) or clause_at(self.document, ("lone_play", "clause"))

    def _going_under_clause(self) -> str | None:
        return clause_at(self.document, ("bidding", "going_under", "clause")) or clause_at(self.document, ("deal", "clause"))


def _cards(codes: tuple[str, ...] | list[str]) -> str:
    return " ".join(their_card(code) for code in codes)
