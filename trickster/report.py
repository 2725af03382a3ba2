"""An audit of a PTN file as text for a person, or as JSON, and the exit code it earns.

Exit 0: no broken rule found; 1: a record breaks a rule; 2: the file, or a record, cannot be read,
or a record's options mean rules we cannot say, so it was not audited.
"""

from __future__ import annotations

from typing import Any

from .findings import BROKEN, NOTE, RecordAudit
from .notation import TRUMP_NAMES, seat_name, their_card

MARKS = {BROKEN: "BROKEN", NOTE: "note"}


def exit_code(audits: list[RecordAudit]) -> int:
    if any(audit.unreadable for audit in audits):
        return 2
    if any(audit.broken for audit in audits):
        return 1
    return 2 if any(not audit.audited for audit in audits) else 0


def as_dict(path: str, audits: list[RecordAudit]) -> dict[str, Any]:
    return {
        "path": path,
        "format": "Trickster PTN",
        "records": [audit.as_dict() for audit in audits],
        "exit_code": exit_code(audits),
    }


def render(path: str, audits: list[RecordAudit]) -> str:
    lines = [f"{path}: Trickster Cards record(s) (PTN), {len(audits)} record(s)"]
    for audit in audits:
        lines.extend(_record(audit))
    broken = sum(1 for audit in audits for finding in audit.findings if finding.severity == BROKEN)
    refused = sum(1 for audit in audits if not audit.audited)
    lines.append(f"{len(audits)} record(s): {broken} broken rule(s), {refused} not audited")
    return "\n".join(lines) + "\n"


def _record(audit: RecordAudit) -> list[str]:
    lines = ["", f"Record {audit.index + 1} (line {audit.line})" + (f": {audit.event}" if audit.event else "")]
    lines += [f"  option {text}" for text in audit.option_lines]
    if not audit.audited:
        lines.append("  NOT AUDITED: its options mean rules ours cannot say:")
        lines += [f"    {reason}" for reason in audit.refused]
        return lines
    words = audit.variant or ""
    words += "".join(f" -r {ref}" for ref in audit.house_rules)
    lines.append(f"  Rules: {words} (chosen by {audit.chosen_by})")
    hand = audit.hand
    if hand.dealer is not None:
        lines.append(f"  Dealer: {seat_name(hand.dealer)}")
    if hand.calls:
        lines.append("  Calls: " + ", ".join(f"{seat_name(seat)} {call}" for seat, call in hand.calls))
    if hand.cards:
        lines.append("  Cards: " + ", ".join(f"{seat_name(seat)} {words}" for seat, words in hand.cards))
    if hand.maker is not None:
        alone = " alone" if hand.alone else ""
        lines.append(f"  Made: {TRUMP_NAMES.get(hand.trump or '', hand.trump)}{alone} by {seat_name(hand.maker)}")
    for number, trick in enumerate(hand.tricks, start=1):
        won = f" -> {seat_name(hand.winners[number - 1])}" if number <= len(hand.winners) else ""
        lines.append(f"  Trick {number}: " + "  ".join(f"{seat_name(seat)}:{their_card(card)}" for seat, card in trick) + won)
    if hand.points is not None:
        lines.append(f"  Result: {hand.row} ({hand.row_clause}): points {', '.join(str(p) for p in hand.points)} by side")
    lines += [f"  {MARKS[finding.severity]} {finding.text()}" for finding in audit.findings]
    lines += [f"  UNREADABLE {error}" for error in audit.unreadable]
    return lines
