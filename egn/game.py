"""Auditing a whole EGN record: each hand replayed in turn, and what only the sequence of hands shows.

A hand's replay (`replay`) judges that hand alone. Some rules span hands: whose deal it is next
(the rotation, or the same dealer after a throw-in where the rules say so), when the game is
won (the target score or the number of deals) and whether play goes on after that, the running
score from `initialScore`, and whether it agrees with the record's `finalScore`. This module
runs the hands in order, adds up their points, and makes those game-level checks.
"""

from __future__ import annotations

from typing import Any

from reference_impl.engine import HandState, next_dealer
from reference_impl.engine.game import decide_winners
from reference_impl.engine.state import HAND_OVER

from .findings import NOTE, UNCONFIRMED, VIOLATION, AuditReport, HandReport, problem_at, seat_text, team_text
from .mapping import RulesMapping
from .notation import EgnRecord
from .replay import HandReplay


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
    if record.upgraded is not None:
        report.upgraded_from = record.upgraded.from_version
        report.problems.append(problem_at(record, "upgraded", NOTE, record.upgraded.summary(), None, "/version"))
    given = [int(value) for value in record.metadata.get("initialScore", [])]
    if len(given) == teams:
        report.initial_score = given
    elif any(given):
        message = f"initialScore has {len(given)} entries for {teams} sides ({rules.variant_id}): the game is taken to start at 0"
        report.problems.append(problem_at(record, "initial_score", NOTE, message, None, "/metadata/initialScore"))
    names = report.players
    if names and len(names) != rules.players:
        message = f"{len(names)} players are named, but {rules.variant_id} seats {rules.players}"
        report.problems.append(problem_at(record, "players", NOTE, message, None, "/metadata/players"))
    game = _GameChecks(record, mapping, report)
    score: list[int] | None = list(report.initial_score)
    for index, raw in enumerate(record.deals):
        game.before_hand(index, raw)
        if isinstance(raw, str):
            hand = HandReport(index, None)
            hand.problems.append(
                problem_at(
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
        replay = HandReplay(record, mapping, index, raw, last=index == len(record.deals) - 1)
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
                self.report.problems.append(problem_at(record, "too_many_deals", VIOLATION, message, index, pointer))
            else:
                severity = UNCONFIRMED if self._scores_unconfirmed() else VIOLATION
                winners = " and ".join(team_text(self.rules, team) for team in self.report.winners)
                message = f"{winners} reached {self.rules.target} after hand {self.over_after + 1}, but the record goes on"
                self.report.problems.append(problem_at(record, "played_after_game_over", severity, message, index, pointer))
        if not isinstance(raw, dict):
            return
        number = raw.get("dealNumber")
        if self.previous_number is not None and isinstance(number, int) and number != self.previous_number + 1:
            message = f"dealNumber goes from {self.previous_number} to {number}: a deal may be missing from the record"
            self.report.problems.append(problem_at(record, "deal_numbers", NOTE, message, index, pointer + "/dealNumber"))
        dealer = raw.get("initialState", {}).get("dealer")
        expected = self._expected_dealer()
        if expected is not None and isinstance(dealer, int) and dealer != expected:
            message = f"{seat_text(dealer)} deals, but after the previous hand the deal goes to {seat_text(expected)}"
            self.report.problems.append(
                problem_at(record, "dealer_out_of_turn", VIOLATION, message, index, pointer + "/initialState/dealer")
            )

    def _scores_unconfirmed(self) -> bool:
        """Whether the running score rests on rules other than the record's (an unmapped flag)."""
        return self.unconfirmed_end or any(hand.affected_by for hand in self.report.hands)

    def _expected_dealer(self) -> int | None:
        if self.previous_state is not None and self.previous_state.result is not None:
            return next_dealer(self.rules, self.previous_state)
        if self.previous_dealer is None or self.previous_thrown_in is None:
            return None
        if self.previous_thrown_in and self.rules.bidding.throw_in_same_dealer:
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
            self.report.problems.append(problem_at(record, "game_unfinished", NOTE, message, None, end))
        if score is None and record.deals:
            message = "the running score is not known to the end: some hand's points could not be derived"
            self.report.problems.append(problem_at(record, "score_unknown", NOTE, message, None, end))
        final = record.metadata.get("finalScore")
        if final is not None and score is not None and len(final) == len(score) and list(final) != score:
            severity = UNCONFIRMED if self._scores_unconfirmed() else VIOLATION
            message = f"the record's finalScore is {list(final)}, but its hands add up to {score}"
            self.report.problems.append(
                problem_at(record, "final_score_mismatch", severity, message, None, "/metadata/finalScore")
            )
