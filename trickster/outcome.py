"""A finished hand against what the record says of it: the declarer, the contract and the game scores.

The record names the declarer and the contract; the replay found who made trump, which trump and
whether alone, and they must agree. `[GameScores]` gives each seat's score after the hand (from the
first seat named, clockwise): partners share a score, and taking away the points the rules give
for this hand must leave a score the game could have stood at before it (not below nothing, and
short of the target, or the hand would have been played after the game was over).
"""

from __future__ import annotations

from reference_impl.engine import HandState
from ruleset.compiled.rules import Rules

from .clauses import clause_at
from .findings import BROKEN, NOTE, Finding, RecordAudit
from .notation import COMPASS, TRUMP_NAMES, NotationError, contract_of, seat_name, seat_of
from .ptn import PtnRecord


def check_outcome(record: PtnRecord, rules: Rules, state: HandState, audit: RecordAudit) -> None:
    """Compare the finished hand with the record's declarer, contract and scores."""
    result = state.result
    assert result is not None
    hand = audit.hand
    hand.points, hand.row, hand.row_clause = tuple(result.points), result.row, result.clause
    if result.thrown_in:
        return
    hand.maker = result.maker
    hand.trump = None if result.trump is None else ("CDHS" + "NL")[result.trump]
    hand.alone, hand.defender_alone = bool(result.maker_alone), result.defender_alone
    _declarer(record, rules, audit)
    _scores(record, rules, audit)


def _declarer(record: PtnRecord, rules: Rules, audit: RecordAudit) -> None:
    hand = audit.hand
    clause = clause_at(rules.document, ("bidding", "clause"))
    declarer = record.value("Declarer")
    if declarer is not None:
        try:
            seat = seat_of(declarer)
        except NotationError as exc:
            audit.unreadable.append(record.error("Declarer", str(exc)))
            return
        if seat != hand.maker:
            message = f"[Declarer] is {declarer}, but the auction makes {seat_name(hand.maker or 0)} the maker"
            audit.add(Finding("declarer_mismatch", BROKEN, message, record.line_of("Declarer"), clause))
    contract = record.value("Contract")
    if contract is not None:
        try:
            trump, alone = contract_of(contract)
        except NotationError as exc:
            audit.unreadable.append(record.error("Contract", str(exc)))
            return
        if trump != hand.trump or alone != hand.alone:
            made = TRUMP_NAMES.get(hand.trump or "", "?") + (" alone" if hand.alone else "")
            message = f"[Contract] is {contract}, but the auction made {made}"
            audit.add(Finding("contract_mismatch", BROKEN, message, record.line_of("Contract"), clause))


def _scores(record: PtnRecord, rules: Rules, audit: RecordAudit) -> None:
    text = record.value("GameScores")
    points = audit.hand.points
    if text is None or points is None:
        return
    line = record.line_of("GameScores")
    first, colon, rest = text.partition(":")
    try:
        start = seat_of(first)
        values = [int(value) for value in rest.split()]
    except (NotationError, ValueError):
        audit.unreadable.append(
            record.error("GameScores", f"scores are a seat and a number for each seat (S:10 7 10 7), not {text!r}")
        )
        return
    if not colon or len(values) != rules.players:
        audit.unreadable.append(record.error("GameScores", f"{len(values)} score(s) for {rules.players} seats"))
        return
    by_seat = {(start + offset) % len(COMPASS): value for offset, value in enumerate(values)}
    after: list[int] = []
    for seats in rules.teams:
        scores = {by_seat[seat] for seat in seats}
        if len(scores) > 1:
            named = " and ".join(f"{seat_name(seat)} {by_seat[seat]}" for seat in seats)
            message = f"partners have different scores ({named})"
            audit.add(Finding("scores_of_partners", BROKEN, message, line, rules.document["seats"]["clause"]))
            return
        after.append(scores.pop())
    before = [score - gained for score, gained in zip(after, points, strict=True)]
    sides = ["-".join(seat_name(seat) for seat in seats) for seats in rules.teams]
    row = audit.hand.row_clause
    for side, had, gained, now in zip(sides, before, points, after, strict=True):
        if had < 0:
            message = f"{side} have {now} after a hand that gives them {gained}: they would have had {had} before it"
            audit.add(Finding("score_mismatch", BROKEN, message, line, row))
            return
    target = rules.target
    over = [side for side, had in zip(sides, before, strict=True) if had >= target]
    if over:
        message = (
            f"{' and '.join(over)} had reached {target} before this hand ({text}, less this hand's points): the game was over"
        )
        audit.add(Finding("played_after_game_over", BROKEN, message, line, rules.document["game"]["clause"]))
        return
    won = [side for side, now in zip(sides, after, strict=True) if now >= target]
    state = f"; {' and '.join(won)} reach {target} and win" if won else ""
    audit.add(
        Finding(
            "scores",
            NOTE,
            f"before this hand the score stood at {', '.join(f'{s} {h}' for s, h in zip(sides, before, strict=True))}{state}",
            line,
        )
    )
