"""The audit as text for people: the rules used, then hand by hand, then the game.

Every line comes from the AuditReport; nothing is re-derived here, so the text and `--json`
always say the same thing. Cards are shown as the record writes them, so a reader can find them
in the file; each problem carries its line in the file when the record has one.
"""

from __future__ import annotations

from .findings import NOTE, UNCONFIRMED, VIOLATION, AuditReport, HandReport, Problem, suit_text, team_text
from .match import MatchReport

MARKS = {VIOLATION: "!! BROKEN RULE", UNCONFIRMED: "?? UNCONFIRMED", NOTE: "-- not checked / note"}


def render(report: AuditReport) -> str:
    """The whole audit as text."""
    lines = _header(report)
    for hand in report.hands:
        lines.append("")
        lines.extend(_hand(report, hand))
    lines.append("")
    lines.extend(_footer(report))
    return "\n".join(lines) + "\n"


def render_match(report: MatchReport) -> str:
    """A whole match as text: each game as `render` writes it, then the match result."""
    title = f' "{report.title}"' if report.title else ""
    lines = [f"{report.path}: EMN match{title}, {report.format}, {len(report.games)} game(s)"]
    for number, game in enumerate(report.games, start=1):
        lines.extend(["", f"=== Game {number} of {len(report.games)}", render(game).rstrip("\n")])
    lines.extend(["", "Match:"])
    lines.extend(_problem(problem) for problem in report.problems)
    scores = ", ".join(f"{player} {'unknown' if score is None else score}" for player, score in report.scores.items())
    lines.append(f"  Scores from the games: {scores}" + (f"; won by {', '.join(report.winners)}" if report.winners else ""))
    found = report.all_problems()
    broken = sum(1 for p in found if p.severity == VIOLATION)
    unsure = sum(1 for p in found if p.severity == UNCONFIRMED)
    lines.append(f"{len(report.games)} game(s); {broken} broken rule(s), {unsure} unconfirmed finding(s)")
    return "\n".join(lines) + "\n"


def _scores(report: AuditReport, scores: list[int]) -> str:
    rules = report.mapping.rules
    return ", ".join(f"{team_text(rules, team)} {score}" for team, score in enumerate(scores))


def _header(report: AuditReport) -> list[str]:
    mapping = report.mapping
    players = ", ".join(f"{seat} {name}" for seat, name in enumerate(report.players))
    title = f' "{report.title}"' if report.title else ""
    upgraded = f" (upgraded from {report.upgraded_from})" if report.upgraded_from else ""
    lines = [f"{report.path}: EGN {report.version}{upgraded}{title}; players: {players or '(none named)'}"]
    lines.append(f"Rules: {mapping.rules_text()} (chosen by {mapping.chosen_by})")
    for flag in mapping.flags:
        if flag.explicit or flag.status in ("unmapped", "auditor"):
            prefix = "  NOT MAPPED " if flag.status == "unmapped" else "  "
            lines.append(prefix + flag.text())
    if mapping.assumptions:
        lines.append("  EGN has no flag for these; the audit follows our rules: " + "; ".join(mapping.assumptions))
    lines.append(f"Start: {_scores(report, report.initial_score)}")
    return lines


def _hand(report: AuditReport, hand: HandReport) -> list[str]:
    rules = report.mapping.rules
    numbered = "" if hand.deal_number is None else f" (dealNumber {hand.deal_number})"
    head = f"Hand {hand.index + 1}{numbered}"
    if hand.dealer is not None:
        head += f": dealer seat {hand.dealer}, up-card {hand.up_card}"
    lines = [head]
    if hand.calls:
        lines.append("  Calls: " + ", ".join(f"{seat} {call}" for seat, call in hand.calls))
    if hand.thrown_in:
        lines.append("  Everybody passed: thrown in, no score.")
    elif hand.maker is not None and hand.trump is not None:
        trump = suit_text("CDHS".index(hand.trump)) if hand.trump in "CDHS" else "no trump"
        text = f"  Trump: {trump}, made by seat {hand.maker}" + (" (alone)" if hand.alone else "")
        if hand.defender_alone is not None:
            text += f"; seat {hand.defender_alone} defends alone"
        if hand.sitting_out:
            text += "; sitting out: " + ", ".join(str(seat) for seat in hand.sitting_out)
        if hand.discard:
            text += f"; discard {hand.discard}"
        lines.append(text)
    for number, trick in enumerate(hand.tricks, start=1):
        plays = "  ".join(f"{seat}:{card}" for seat, card in trick["plays"])
        won = f" -> seat {trick['winner']}" if trick["winner"] is not None else " (incomplete)"
        lines.append(f"  Trick {number}: {plays}{won}")
    if hand.points is not None and not hand.thrown_in and hand.maker is not None:
        makers = rules.team_of[hand.maker]
        scored = (
            ", ".join(f"+{points} {team_text(rules, team)}" for team, points in enumerate(hand.points) if points) or "no points"
        )
        basis = (
            ""
            if hand.points_basis == "rules"
            else f" [{hand.points_basis}: the hand breaks a rule, so this is not the rules' verdict]"
        )
        lines.append(
            f"  Result: makers ({team_text(rules, makers)}) took {hand.makers_tricks} trick(s): {hand.row} -> {scored}{basis}"
        )
    elif hand.points is None:
        lines.append("  Result: not derived")
    lines.append("  Score: " + (_scores(report, hand.score) if hand.score is not None else "unknown from here on"))
    lines.extend(_problem(problem) for problem in hand.problems)
    return lines


def _problem(problem: Problem) -> str:
    where = f" (line {problem.line})" if problem.line else ""
    return f"  {MARKS[problem.severity]} [{problem.code}]{where}: {problem.message}"


def _footer(report: AuditReport) -> list[str]:
    lines = ["Game:"]
    lines.extend(_problem(problem) for problem in report.problems)
    found = report.all_problems()
    broken = sum(1 for p in found if p.severity == VIOLATION)
    unsure = sum(1 for p in found if p.severity == UNCONFIRMED)
    final = _scores(report, report.score) if report.score is not None else "unknown"
    winners = " and ".join(team_text(report.mapping.rules, team) for team in report.winners)
    lines.append(f"  Final score: {final}" + (f"; won by {winners}" if winners else ""))
    checked = sum(1 for hand in report.hands if hand.checked)
    lines.append(
        f"{len(report.hands)} hand(s), {checked} checked in full; {broken} broken rule(s), {unsure} unconfirmed finding(s)"
        + (f"; unmapped flags: {', '.join(f.flag for f in report.mapping.unmapped)}" if report.mapping.unmapped else "")
    )
    return lines
