"""What an audit of a Trickster record finds: each finding with a code, its severity, its line, the
seat concerned and the rule clause it breaks, and the audit of one record as a whole."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from documents.errors import SpecError

from .notation import seat_name, their_card

BROKEN = "broken"
"""The record breaks a rule: the finding names the clause."""
NOTE = "note"
"""Something the audit could not check, or a detail of the record worth knowing."""


@dataclass(frozen=True)
class Finding:
    code: str
    severity: str
    message: str
    line: int
    clause: str | None = None
    seat: int | None = None

    def text(self) -> str:
        seat = f" {seat_name(self.seat)}:" if self.seat is not None else ""
        clause = f" (rule {self.clause})" if self.clause else ""
        return f"line {self.line}: [{self.code}]{seat} {self.message}{clause}"

    def as_dict(self) -> dict[str, Any]:
        shown: dict[str, Any] = {"code": self.code, "severity": self.severity, "message": self.message, "line": self.line}
        if self.clause:
            shown["clause"] = self.clause
        if self.seat is not None:
            shown["seat"] = seat_name(self.seat)
        return shown


@dataclass
class HandPlayed:
    """The hand as the replay found it: who made what, the tricks, the points."""

    dealer: int | None = None
    calls: list[tuple[int, str]] = field(default_factory=list)
    cards: list[tuple[int, str]] = field(default_factory=list)
    """Cards that changed hands before the play (going under, the pick-up, a card called for), in order."""
    maker: int | None = None
    trump: str | None = None
    alone: bool = False
    defender_alone: int | None = None
    tricks: list[list[tuple[int, str]]] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    points: tuple[int, ...] | None = None
    row: str | None = None
    row_clause: str | None = None


@dataclass
class RecordAudit:
    """One record's audit: the rules it was judged under (or why it was not judged), and what was found."""

    path: str
    index: int
    line: int
    event: str
    variant: str | None = None
    house_rules: tuple[str, ...] = ()
    chosen_by: str = "the record's options"
    option_lines: tuple[str, ...] = ()
    refused: tuple[str, ...] = ()
    findings: list[Finding] = field(default_factory=list)
    hand: HandPlayed = field(default_factory=HandPlayed)
    unreadable: list[SpecError] = field(default_factory=list)
    """Tags whose notation cannot be read: the file is then reported as unreadable."""

    @property
    def audited(self) -> bool:
        return not self.refused

    @property
    def broken(self) -> bool:
        return any(finding.severity == BROKEN for finding in self.findings)

    def add(self, finding: Finding) -> None:
        self.findings.append(finding)

    def as_dict(self) -> dict[str, Any]:
        hand = self.hand
        return {
            "record": self.index + 1,
            "line": self.line,
            "event": self.event,
            "rules": None if self.refused else {"variant": self.variant, "house_rules": list(self.house_rules)},
            "chosen_by": self.chosen_by,
            "refused": list(self.refused),
            "hand": {
                "dealer": None if hand.dealer is None else seat_name(hand.dealer),
                "calls": [f"{seat_name(seat)} {call}" for seat, call in hand.calls],
                "cards": [f"{seat_name(seat)} {words}" for seat, words in hand.cards],
                "maker": None if hand.maker is None else seat_name(hand.maker),
                "trump": hand.trump,
                "alone": hand.alone,
                "tricks": [[f"{seat_name(seat)}:{their_card(card)}" for seat, card in trick] for trick in hand.tricks],
                "winners": [seat_name(seat) for seat in hand.winners],
                "points": None if hand.points is None else list(hand.points),
                "row": hand.row,
            },
            "findings": [finding.as_dict() for finding in self.findings],
        }
