"""Replaying an EGN record hand by hand through the reference engine, and what that proves.

EGN keeps only what happened at the table in the order it happened: the dealer, the up-card,
the calls from the dealer's left, and each trick's cards from its leader, without seats. Often
it leaves out the dealt hands, the discard and the kitty, and it never records a hand's result.
For each hand the auditor therefore:

1. replays the calls through the engine on a stand-in deal (bidding does not depend on the
   cards held), which gives trump, the maker, who sits out and who leads first, by our rules;
2. lays out the tricks: the first leader from step 1, then each trick's winner (the engine's own
   `trick_winner`) leads the next, so every card gets its seat;
3. rebuilds the deal: each seat holds what it played (the dealer's pick-up and discard taken into
   account) or what the record deals it; cards never shown (the kitty, a sitting-out hand, the
   rest of an unfinished hand) are filled in from the unseen cards so that no seat gets a card of
   a suit it failed to follow: that choice exists unless the record itself is impossible;
4. replays the whole hand on that deal with `apply`, which refuses the first broken rule with
   its reason code. A revoke is caught exactly when it can be proved: the card of the suit led
   that the player held is one they showed later (or one the record dealt them).

After a refusal the engine cannot go on, so the rest of that hand is only laid out (points "as
played"), not checked. Every check that could not be made is said, per hand, with the reason.
Hands a ruleset flag without a counterpart in our rules could change are marked, and what is
found there is reported as unconfirmed rather than as a broken rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..cards import SUIT_NAMES, SUITS
from ..deal import Deal
from ..engine import REASONS, HandState, IllegalAction, apply, legal_actions, new_hand, next_dealer
from ..engine.game import decide_winners
from ..engine.play import trick_winner
from ..engine.state import BID_ROUND_ONE, BID_ROUND_TWO, DEALER_DISCARD, DECLARE_ALONE, DEFEND_ALONE, HAND_OVER, PLAY
from ..rules import Rules
from .mapping import STRUCTURAL, RulesMapping
from .notation import EgnRecord, to_code

VIOLATION = "violation"
UNCONFIRMED = "unconfirmed"
NOTE = "note"

CALL_ACTIONS = {"Pass": "pass", "Order": "order_up", "s": "name_trump:S", "h": "name_trump:H", "d": "name_trump:D"}
CALL_ACTIONS.update({"c": "name_trump:C", "n": "name_trump:N"})


@dataclass(frozen=True)
class Problem:
    """One finding: a broken rule (violation), one that may come from an unmapped flag
    (unconfirmed), or a check that could not be made or a remark (note)."""

    code: str
    severity: str
    message: str
    hand: int | None = None
    trick: int | None = None
    seat: int | None = None
    pointer: str = ""
    line: int = 0

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"code": self.code, "severity": self.severity, "message": self.message}
        for key in ("hand", "trick", "seat"):
            value = getattr(self, key)
            if value is not None:
                data[key] = value + 1 if key == "hand" else value
        if self.pointer:
            data["pointer"] = self.pointer
        if self.line:
            data["line"] = self.line
        return data


@dataclass(frozen=True)
class Play:
    """One card of the record, with the seat the layout gives it."""

    trick: int
    position: int
    seat: int
    card: int
    text: str


@dataclass
class HandReport:
    """What the audit found about one deal of the record."""

    index: int
    deal_number: int | None
    dealer: int | None = None
    up_card: str | None = None
    calls: list[tuple[int, str]] = field(default_factory=list)
    trump: str | None = None
    maker: int | None = None
    alone: bool = False
    defender_alone: int | None = None
    sitting_out: list[int] = field(default_factory=list)
    thrown_in: bool = False
    discard: str | None = None
    tricks: list[dict[str, Any]] = field(default_factory=list)
    tricks_won: list[int] | None = None
    makers_tricks: int | None = None
    points: list[int] | None = None
    points_basis: str | None = None
    row: str | None = None
    score: list[int] | None = None
    checked: bool = False
    affected_by: list[str] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "hand": self.index + 1,
            "deal_number": self.deal_number,
            "dealer": self.dealer,
            "up_card": self.up_card,
            "calls": [{"seat": seat, "call": call} for seat, call in self.calls],
            "trump": self.trump,
            "maker": self.maker,
            "alone": self.alone,
            "defender_alone": self.defender_alone,
            "sitting_out": self.sitting_out,
            "thrown_in": self.thrown_in,
            "discard": self.discard,
            "tricks": self.tricks,
            "tricks_won": self.tricks_won,
            "makers_tricks": self.makers_tricks,
            "points": self.points,
            "points_basis": self.points_basis,
            "row": self.row,
            "score": self.score,
            "fully_checked": self.checked,
            "affected_by_unmapped_flags": self.affected_by,
            "problems": [problem.as_dict() for problem in self.problems],
        }


@dataclass
class AuditReport:
    """The audit of one record: the rules used, each hand, and findings about the game as a whole."""

    path: str
    version: str
    title: str
    players: list[str]
    mapping: RulesMapping
    initial_score: list[int]
    hands: list[HandReport] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    score: list[int] | None = None
    winners: list[int] = field(default_factory=list)

    def all_problems(self) -> list[Problem]:
        return [problem for hand in self.hands for problem in hand.problems] + self.problems

    @property
    def violations(self) -> list[Problem]:
        return [problem for problem in self.all_problems() if problem.severity == VIOLATION]

    @property
    def exit_code(self) -> int:
        return 1 if self.violations else 0

    def as_dict(self) -> dict[str, Any]:
        mapping = self.mapping
        return {
            "file": self.path,
            "egn_version": self.version,
            "title": self.title,
            "players": self.players,
            "rules": {
                "variant": mapping.variant,
                "house_rules": list(mapping.house_rules),
                "chosen_by": mapping.chosen_by,
                "flags": [
                    {"flag": f.flag, "value": f.value, "explicit": f.explicit, "status": f.status, "detail": f.detail}
                    for f in mapping.flags
                ],
                "unmapped": [f.flag for f in mapping.unmapped],
                "assumptions": list(mapping.assumptions),
            },
            "initial_score": self.initial_score,
            "hands": [hand.as_dict() for hand in self.hands],
            "problems": [problem.as_dict() for problem in self.problems],
            "final_score": self.score,
            "winners": self.winners,
            "violations": len(self.violations),
            "exit_code": self.exit_code,
        }


def audit(record: EgnRecord, mapping: RulesMapping) -> AuditReport:
    """Replay every deal of `record` under `mapping`'s rules; derive points and the running score."""
    rules = mapping.rules
    teams = len(rules.teams)
    report = AuditReport(
        path=record.path,
        version=str(record.data.get("version")),
        title=str(record.metadata.get("title", "")),
        players=record.player_names(),
        mapping=mapping,
        initial_score=[0] * teams,
    )
    given = [int(value) for value in record.metadata.get("initialScore", [])]
    if len(given) == teams:
        report.initial_score = given
    elif any(given):
        message = f"initialScore has {len(given)} entries for {teams} sides ({rules.variant_id}): the game is taken to start at 0"
        report.problems.append(_problem(record, "initial_score", NOTE, message, None, "/metadata/initialScore"))
    names = report.players
    if names and len(names) != rules.players:
        message = f"{len(names)} players are named, but {rules.variant_id} seats {rules.players}"
        report.problems.append(_problem(record, "players", NOTE, message, None, "/metadata/players"))
    game = _GameChecks(record, mapping, report)
    score: list[int] | None = list(report.initial_score)
    for index, raw in enumerate(record.deals):
        game.before_hand(index, raw)
        if isinstance(raw, str):
            hand = HandReport(index, None)
            hand.problems.append(
                _problem(
                    record,
                    "condensed_deal",
                    NOTE,
                    "this deal is in EGN's condensed bitpacked form, which the auditor does not decode",
                    index,
                    f"/deals/{index}",
                )
            )
            report.hands.append(hand)
            score = None
            game.after_hand(None, None, None)
            continue
        replay = _HandReplay(record, mapping, index, raw, last=index == len(record.deals) - 1)
        hand = replay.run()
        if score is not None and hand.points is not None:
            score = [a + b for a, b in zip(score, hand.points, strict=True)]
        else:
            score = None
        hand.score = None if score is None else list(score)
        report.hands.append(hand)
        game.after_hand(hand, replay.final_state, score)
    game.finish(score)
    report.score = score
    return report


def _problem(
    record: EgnRecord,
    code: str,
    severity: str,
    message: str,
    hand: int | None,
    pointer: str,
    trick: int | None = None,
    seat: int | None = None,
) -> Problem:
    return Problem(code, severity, message, hand, trick, seat, pointer, record.line_of(pointer))


def seat_text(seat: int) -> str:
    return f"seat {seat}"


def team_text(rules: Rules, team: int) -> str:
    seats = rules.teams[team]
    return f"seat {seats[0]}" if len(seats) == 1 else "seats " + " & ".join(str(s) for s in seats)


def suit_text(suit: int) -> str:
    return SUIT_NAMES[SUITS[suit]] if 0 <= suit < len(SUITS) else "no trump"


class _GameChecks:
    """What only the sequence of hands shows: whose deal it is, and when the game is over."""

    def __init__(self, record: EgnRecord, mapping: RulesMapping, report: AuditReport) -> None:
        self.record = record
        self.mapping = mapping
        self.rules = mapping.rules
        self.report = report
        self.previous_dealer: int | None = None
        self.previous_state: HandState | None = None
        self.previous_thrown_in: bool | None = None
        self.previous_number: int | None = None
        self.over_after: int | None = None
        self.reported_over = False
        self.unconfirmed_end = "winning_score" in mapping.unmapped_names()

    def before_hand(self, index: int, raw: Any) -> None:
        record = self.record
        pointer = f"/deals/{index}"
        if self.over_after is not None and not self.reported_over:
            self.reported_over = True
            if self.mapping.num_deals:
                message = f"the game is {self.mapping.num_deals} deals long, but the record goes on with deal {index + 1}"
                self.report.problems.append(_problem(record, "too_many_deals", VIOLATION, message, index, pointer))
            else:
                severity = UNCONFIRMED if self._scores_unconfirmed() else VIOLATION
                winners = " and ".join(team_text(self.rules, team) for team in self.report.winners)
                message = f"{winners} reached {self.rules.target} after hand {self.over_after + 1}, but the record goes on"
                self.report.problems.append(_problem(record, "played_after_game_over", severity, message, index, pointer))
        if not isinstance(raw, dict):
            return
        number = raw.get("dealNumber")
        if self.previous_number is not None and isinstance(number, int) and number != self.previous_number + 1:
            message = f"dealNumber goes from {self.previous_number} to {number}: a deal may be missing from the record"
            self.report.problems.append(_problem(record, "deal_numbers", NOTE, message, index, pointer + "/dealNumber"))
        dealer = raw.get("initialState", {}).get("dealer")
        expected = self._expected_dealer()
        if expected is not None and isinstance(dealer, int) and dealer != expected:
            message = f"{seat_text(dealer)} deals, but after the previous hand the deal goes to {seat_text(expected)}"
            self.report.problems.append(
                _problem(record, "dealer_out_of_turn", VIOLATION, message, index, pointer + "/initialState/dealer")
            )

    def _scores_unconfirmed(self) -> bool:
        """Whether the running score rests on rules other than the record's (an unmapped flag)."""
        return self.unconfirmed_end or any(hand.affected_by for hand in self.report.hands)

    def _expected_dealer(self) -> int | None:
        if self.previous_state is not None and self.previous_state.result is not None:
            return next_dealer(self.rules, self.previous_state)
        if self.previous_dealer is None or self.previous_thrown_in is None:
            return None
        if self.previous_thrown_in and self.rules.throw_in_same_dealer:
            return self.previous_dealer
        return (self.previous_dealer + 1) % self.rules.players

    def after_hand(self, hand: HandReport | None, state: HandState | None, score: list[int] | None) -> None:
        index = len(self.report.hands) - 1
        self.previous_state = state if state is not None and state.phase == HAND_OVER else None
        self.previous_dealer = hand.dealer if hand is not None else None
        self.previous_thrown_in = None if hand is None or (hand.maker is None and not hand.thrown_in) else hand.thrown_in
        if hand is not None and hand.deal_number is not None:
            self.previous_number = hand.deal_number
        else:
            self.previous_number = None
        if self.over_after is not None:
            return
        if self.mapping.num_deals:
            if index + 1 >= self.mapping.num_deals:
                self.over_after = index
            return
        if score is not None and self.mapping.target_used:
            winners = decide_winners(self.rules, tuple(score))
            if winners:
                self.over_after = index
                self.report.winners = list(winners)

    def finish(self, score: list[int] | None) -> None:
        record = self.record
        end = f"/deals/{len(record.deals) - 1}" if record.deals else "/deals"
        if self.over_after is None and score is not None:
            if self.mapping.num_deals:
                message = f"the record ends after {len(record.deals)} of {self.mapping.num_deals} deals"
            else:
                message = f"the record ends before either side reaches {self.rules.target} (EGN allows partial games)"
            self.report.problems.append(_problem(record, "game_unfinished", NOTE, message, None, end))
        if score is None and record.deals:
            message = "the running score is not known to the end: some hand's points could not be derived"
            self.report.problems.append(_problem(record, "score_unknown", NOTE, message, None, end))
        final = record.metadata.get("finalScore")
        if final is not None and score is not None and len(final) == len(score) and list(final) != score:
            severity = UNCONFIRMED if self._scores_unconfirmed() else VIOLATION
            message = f"the record's finalScore is {list(final)}, but its hands add up to {score}"
            self.report.problems.append(_problem(record, "final_score_mismatch", severity, message, None, "/metadata/finalScore"))


class _Stop(Exception):
    """Ends a hand's replay early; the reason is already among the hand's problems."""


class _HandReplay:
    """The replay of one deal; see the module docstring for the four steps."""

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
            _problem(self.record, code, severity, message, self.index, pointer or self.pointer, trick, seat)
        )

    def note(self, code: str, message: str, pointer: str = "") -> None:
        self.add(code, NOTE, message, pointer)

    # -- the steps ---------------------------------------------------------------------------

    def run(self) -> HandReport:
        try:
            self._read()
            provisional = self._bid(self._stand_in_deal(), real=False)
            if provisional is not None and provisional.phase == PLAY:
                self._describe(provisional)
                self._lay_out(provisional)
                deal = self._rebuild(provisional)
                if deal is not None and self.check_plays:
                    self._check(deal)
                self._score(provisional)
            elif provisional is not None and provisional.phase == HAND_OVER:
                self._thrown_in(provisional)
        except _Stop:
            pass
        self._mark_affected()
        return self.report

    def _read(self) -> None:
        rules = self.rules
        initial = self.deal["initialState"]
        dealer = initial["dealer"]
        if getattr(rules, "dummy", False):
            self.note(
                "unsupported_rules", f"{rules.variant_id} deals a dummy hand, which EGN cannot record: the hand is not checked"
            )
            raise _Stop
        if dealer >= rules.players:
            message = f"the dealer is seat {dealer}, but {rules.variant_id} seats {rules.players} players"
            self.add("bad_seat", VIOLATION, message, self.pointer + "/initialState/dealer")
            raise _Stop
        self.report.dealer = dealer
        self.report.up_card = initial["upCard"]
        code = to_code(initial["upCard"])
        if code is None:
            self.note(
                "unknown_card",
                f"the up-card {initial['upCard']!r} is not known: the hand cannot be replayed",
                self.pointer + "/initialState/upCard",
            )
            raise _Stop
        if code not in rules.card_ids:
            message = f"the up-card {initial['upCard']} is not a card of the {rules.variant_id} deck"
            self.add("not_in_deck", VIOLATION, message, self.pointer + "/initialState/upCard")
            raise _Stop
        self.up = rules.card_ids[code]
        for number, phase in enumerate(self.deal["phases"]):
            at = f"{self.pointer}/phases/{number}"
            if phase["type"] == "EUCHRE_BIDDING":
                if self.bidding is not None or self.play_phase is not None:
                    self.add("phases", VIOLATION, "a second bidding phase, or bidding after the tricks", at)
                    raise _Stop
                self.bidding, self.bidding_pointer = phase, at
            else:
                if self.play_phase is not None:
                    self.add("phases", VIOLATION, "a second trick-play phase", at)
                    raise _Stop
                self.play_phase, self.play_pointer = phase, at
        if self.bidding is None:
            if self.play_phase is not None:
                self.add("phases", VIOLATION, "tricks are recorded without any bidding, so trump is not known", self.play_pointer)
            elif not self.last:
                self.add(
                    "bidding_incomplete",
                    VIOLATION,
                    "the deal records no bidding, and the record goes on",
                    self.pointer + "/phases",
                )
            else:
                self.note("record_ends", "the record stops before the bidding of this deal")
            raise _Stop
        if self.bidding.get("cardExchanges"):
            message = "card exchanges (farmer's hand, partner's best or going under) are recorded; no rule of ours has them"
            self.note("card_exchange", message + ": the hand is not checked", self.bidding_pointer + "/cardExchanges")
            raise _Stop
        discard = self.bidding.get("discard")
        if discard is not None:
            discard_code = to_code(discard)
            if discard_code is None:
                self.note("unknown_card", f"the discard {discard!r} is not known", self.bidding_pointer + "/discard")
            elif discard_code not in rules.card_ids:
                self.add(
                    "not_in_deck",
                    VIOLATION,
                    f"the discard {discard} is not a card of this deck",
                    self.bidding_pointer + "/discard",
                )
            else:
                self.recorded_discard = rules.card_ids[discard_code]

    def _stand_in_deal(self) -> Deal:
        """Any deal with the record's dealer and up-card (and discard in the dealer's hand): bidding needs no more."""
        rules = self.rules
        dealer = self.report.dealer
        assert dealer is not None
        rest = [card for card in range(len(rules.deck)) if card != self.up]
        if self.recorded_discard is not None and self.recorded_discard in rest:
            rest.remove(self.recorded_discard)
            rest.insert(0, self.recorded_discard)
        hands: list[tuple[int, ...]] = [()] * rules.players
        size = rules.hand_size
        order = [dealer] + [seat for seat in range(rules.players) if seat != dealer]
        for number, seat in enumerate(order):
            hands[seat] = tuple(rest[number * size : (number + 1) * size])
        return Deal(dealer, tuple(hands), self.up, tuple(rest[rules.players * size :]))

    def _bid(self, deal: Deal, real: bool, discard: int | None = None) -> HandState | None:
        """Feed the record's calls and declarations to the engine; problems are reported on the first pass only."""
        assert self.bidding is not None
        bidding = self.bidding
        calls: list[str] = bidding["calls"]
        alone = bool(bidding.get("isAlone", False))
        defender = bidding.get("aloneDefender", -1)
        state = new_hand(self.rules, deal)
        used = 0
        while state.phase not in (PLAY, HAND_OVER):
            phase = state.phase
            seat = state.to_act
            at = self.bidding_pointer
            if phase in (BID_ROUND_ONE, BID_ROUND_TWO):
                if used >= len(calls):
                    if not real:
                        self._bidding_stops(state)
                    return None
                call = calls[used]
                at = f"{self.bidding_pointer}/calls/{used}"
                if not real:
                    self.report.calls.append((seat, call))
                used += 1
                action = CALL_ACTIONS.get(call)
                if action is None:
                    if not real:
                        self.note(
                            "unknown_call", f"call {used} ({seat_text(seat)}) is not known ('x'): the hand cannot be replayed", at
                        )
                    return None
            elif phase == DECLARE_ALONE:
                action = "go_alone" if alone else "pass"
                at = f"{self.bidding_pointer}/isAlone"
            elif phase == DEALER_DISCARD:
                self.visited_discard = True
                at = f"{self.bidding_pointer}/discard"
                if discard is not None:
                    action = f"discard:{self.rules.card_code(discard)}"
                else:
                    choices = [a for a in legal_actions(state) if a.kind == "discard"]
                    action = choices[0].text
            elif phase == DEFEND_ALONE:
                action = "defend_alone" if seat == defender else "pass"
                at = f"{self.bidding_pointer}/aloneDefender"
            else:
                if not real:
                    self.note(
                        "unsupported_phase",
                        f"the rules ask for a decision EGN does not record ({phase}): the hand is not checked",
                    )
                return None
            try:
                state = apply(state, action, seat)
            except IllegalAction as exc:
                if not real or phase == DEALER_DISCARD:
                    self._refused_call(exc, at, phase)
                return None
        if not real:
            self._after_bidding(state, calls[used:], used, alone, defender)
        return state

    def _bidding_stops(self, state: HandState) -> None:
        if self.play_phase is not None or not self.last:
            message = "the calls stop before trump is made or everybody has passed"
            self.add("bidding_incomplete", VIOLATION, message, self.bidding_pointer + "/calls")
        else:
            self.note("record_ends", "the record stops during the bidding of this deal", self.bidding_pointer + "/calls")

    def _refused_call(self, exc: IllegalAction, at: str, phase: str) -> None:
        what = {"pass": "a pass", "order_up": "an order-up", "go_alone": "going alone", "defend_alone": "a lone defence"}
        action = exc.action
        shown = what.get(action, action.replace("name_trump:", "naming ").replace("discard:", "discarding "))
        message = f"{seat_text(exc.seat)}: {shown} is refused during {phase.replace('_', ' ')}: {REASONS.get(exc.code, exc.code)}"
        self.add(exc.code, VIOLATION, message, at, seat=exc.seat)

    def _after_bidding(self, state: HandState, rest: Sequence[str], used: int, alone: bool, defender: int) -> None:
        rules = self.rules
        if rest:
            ended = "the hand is thrown in" if state.phase == HAND_OVER else "trump is made"
            message = f"{len(rest)} more call(s) after {ended}: bidding ends when trump is made"
            self.add("calls_after_make", VIOLATION, message, f"{self.bidding_pointer}/calls/{used}")
        if state.phase != PLAY:
            return
        if alone and not state.maker_alone:
            message = f"the record says the maker went alone, but {rules.variant_id} has no lone hands"
            self.add("alone_not_allowed", VIOLATION, message, self.bidding_pointer + "/isAlone", seat=state.maker)
        if defender is not None and defender >= 0 and state.defender_alone != defender:
            message = f"the record has {seat_text(defender)} defending alone, which these rules do not offer here"
            self.add("defend_alone_not_allowed", VIOLATION, message, self.bidding_pointer + "/aloneDefender", seat=defender)
        self.picked_up = self.visited_discard and state.dealer_took_up_card
        if self.recorded_discard is not None and not self.picked_up:
            message = "the record gives a discard, but under these rules nobody took up the up-card in this hand: it is ignored"
            self.note("discard_ignored", message, self.bidding_pointer + "/discard")
            self.recorded_discard = None

    def _describe(self, state: HandState) -> None:
        report = self.report
        report.trump = SUITS[state.trump] if 0 <= state.trump < len(SUITS) else "N"
        report.maker = state.maker
        report.alone = state.maker_alone
        report.defender_alone = state.defender_alone if state.defender_alone >= 0 else None
        report.sitting_out = [seat for seat, active in enumerate(state.active) if not active]

    def _thrown_in(self, state: HandState) -> None:
        self.report.thrown_in = True
        self.report.points = [0] * len(self.rules.teams)
        self.report.points_basis = "rules"
        self.report.checked = True
        self.final_state = state
        if self.play_phase is not None and self.play_phase["tricks"]:
            self.add(
                "tricks_after_throw_in",
                VIOLATION,
                "tricks are recorded after everybody passed and the hand was thrown in",
                self.play_pointer,
            )

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
        effective = rules.effective_suit[state.trump]
        leader = state.leader
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
        effective = rules.effective_suit[state.trump]
        pool = [card for card in range(len(rules.deck)) if card not in self.owner]
        slots: list[int] = []  # one entry (the seat) per open place held through the play
        free_places = 0
        for seat, hand in enumerate(dealt):
            open_places = rules.hand_size - len(hand) - (1 if reserve and seat == state.dealer else 0)
            if state.active[seat]:
                slots.extend([seat] * open_places)
            else:
                free_places += open_places
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

    # -- step 4: the engine's verdict ------------------------------------------------------------

    def _check(self, deal: Deal) -> None:
        state = self._bid(deal, real=True, discard=self.final_discard)
        if state is None or state.phase != PLAY:
            return
        for play in self.plays:
            try:
                state = apply(state, f"play:{self.rules.card_code(play.card)}", play.seat)
            except IllegalAction as exc:
                self._refused_play(exc, play, state)
                if play is not self.plays[-1]:
                    self.note(
                        "plays_not_checked",
                        f"the plays after trick {play.trick + 1}, card {play.position + 1} are not checked: "
                        "the engine stops at a broken rule",
                    )
                return
        reneged = getattr(state.result, "reneged_by", None) if state.result is not None else None
        if reneged is not None:
            self.add(
                "renege",
                VIOLATION,
                f"{seat_text(reneged)} reneged (failed to follow suit); the rules' penalty is scored",
                seat=reneged,
            )
        self.final_state = state
        self.report.checked = state.phase == HAND_OVER

    def _refused_play(self, exc: IllegalAction, play: Play, state: HandState) -> None:
        rules = self.rules
        at = f"{self.play_pointer}/tricks/{play.trick}/{play.position}"
        where = f"trick {play.trick + 1}: {seat_text(play.seat)} played {play.text}"
        if exc.code == "must_follow_suit":
            effective = rules.effective_suit[state.trump]
            led = state.led_suit
            held = [card for card in state.hands[play.seat] if effective[card] == led]
            evidence = ", ".join(self._shown(card, play.seat) for card in held)
            trump = " (trump)" if led == state.trump else ""
            message = f"{where} on a lead of {suit_text(led)}{trump} while holding {evidence}"
        elif exc.code == "card_not_in_hand":
            message = f"{where}, {self._why_not_held(play)}"
        else:
            message = f"{where}: refused ({exc.code})"
        self.add(exc.code, VIOLATION, message, at, trick=play.trick + 1, seat=play.seat)

    def _shown(self, card: int, seat: int) -> str:
        code = self.rules.card_code(card)
        for play in self.plays:
            if play.card == card and play.seat == seat:
                return f"{play.text} (played in trick {play.trick + 1})"
        if card == self.up:
            return f"{code} (the up-card, taken into hand)"
        return f"{code} ({self.owner.get(card, 'held')})"

    def _why_not_held(self, play: Play) -> str:
        card, seat = play.card, play.seat
        dealer = self.report.dealer
        if card == self.up:
            if self.picked_up and seat != dealer:
                return f"the up-card, which the dealer ({seat_text(dealer or 0)}) took into hand"
            if self.picked_up:
                return "the up-card, which the dealer took into hand and then discarded"
            return "the up-card, which nobody took up: it is not in play"
        holder = self.owner.get(card)
        if holder == "the card the dealer discarded":
            return "the card the dealer discarded"
        for earlier in self.plays:
            if earlier is play:
                break
            if earlier.card == card:
                return f"which {seat_text(earlier.seat)} already played in trick {earlier.trick + 1}"
        if holder is not None and holder.startswith("dealt to"):
            return f"which is {holder}"
        return f"which is not in the hand the record gives {seat_text(seat)}"

    # -- points ----------------------------------------------------------------------------------

    def _score(self, state: HandState) -> None:
        rules = self.rules
        report = self.report
        teams = len(rules.teams)
        report.tricks = [
            {
                "leader": leader,
                "plays": [[play.seat, play.text] for play in plays],
                "winner": winner,
            }
            for leader, plays, winner in self.tricks
        ]
        won = [0] * teams
        for _, _, winner in self.tricks:
            if winner is not None:
                won[rules.team_of[winner]] += 1
        final = self.final_state
        if final is not None and final.result is not None and final.phase == HAND_OVER:
            result = final.result
            report.points = list(result.points)
            report.points_basis = "rules"
            report.row = result.row
            report.makers_tricks = result.makers_tricks
            report.tricks_won = won
            return
        if not self.layout_complete:
            report.tricks_won = won if self.tricks else None
            self.note("points_unknown", "the hand's points cannot be derived: its tricks are not all recorded")
            return
        makers = rules.team_of[state.maker]
        made = won[makers]
        row = rules.scoring[(made, state.maker_alone, state.defender_alone >= 0)]
        points = [row.points if (team == makers) == (row.to == "makers") else 0 for team in range(teams)]
        report.points, report.points_basis, report.row = points, "as played", row.name
        report.makers_tricks, report.tricks_won = made, won

    # -- hands an unmapped flag could change ------------------------------------------------------

    def _mark_affected(self) -> None:
        unmapped = self.mapping.unmapped_names()
        if not unmapped:
            return
        affected = [flag for flag in sorted(unmapped) if self._could_change(flag)]
        self.report.affected_by = affected
        if not affected:
            return
        self.report.problems = [
            Problem(p.code, UNCONFIRMED, p.message, p.hand, p.trick, p.seat, p.pointer, p.line) if p.severity == VIOLATION else p
            for p in self.report.problems
        ]
        flags = ", ".join(affected)
        self.note(
            "unmapped_flags",
            f"this hand is judged by {self.mapping.rules_text()}, but the record's {flags} could change it: "
            "what is found here is unconfirmed",
        )

    def _could_change(self, flag: str) -> bool:
        rules = self.rules
        report = self.report
        bidding = self.bidding or {}
        calls = [call for _, call in report.calls]
        alone = bool(bidding.get("isAlone")) or bidding.get("aloneDefender", -1) >= 0 or report.alone
        if flag in STRUCTURAL:
            return True
        if flag == "std":
            return len(calls) >= 2 * rules.players - 1 and all(call == "Pass" for call in calls[: 2 * rules.players - 1])
        if flag == "canadian":
            maker = report.maker
            dealer = report.dealer
            first_round = any(call == "Order" for call in calls[: rules.players])
            return (
                maker is not None
                and dealer is not None
                and first_round
                and maker != dealer
                and rules.team_of[maker] == rules.team_of[dealer]
            )
        if flag == "loner_lead":
            return (report.alone and report.maker != report.dealer) or bidding.get("aloneDefender", -1) >= 0
        if flag in ("loner_march_score", "loner_euchred_score", "defend_alone"):
            return alone
        if flag == "scoring":
            return report.maker is not None
        if flag == "allow_no_trump":
            return "n" in calls
        if flag == "fast_break":
            winners = [winner for _, _, winner in self.tricks]
            maker = report.maker
            if maker is None or len(winners) < 2 or None in winners[:2]:
                return False
            return all(rules.team_of[w] != rules.team_of[maker] for w in winners[:2] if w is not None)
        if flag == "four_trick_tokens":
            return report.makers_tricks == rules.hand_size - 1 and not report.alone
        return flag in ("farmers", "partners_best", "go_under") and bool(bidding.get("cardExchanges"))


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
