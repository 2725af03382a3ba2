"""What an audit of a scorecard finds: each finding located (line and JSON pointer), with the round,
the table and the hand it concerns and the rule clause the card breaks."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Finding:
    code: str
    message: str
    line: int
    pointer: str
    round: int | None = None
    table: int | None = None
    hand: int | None = None
    """The hand's number at its table, counting from 1."""
    clause: str | None = None

    def where(self) -> str:
        parts = [f"round {self.round}"] if self.round is not None else []
        parts += [f"table {self.table}"] if self.table is not None else []
        parts += [f"hand {self.hand}"] if self.hand is not None else []
        return ", ".join(parts)

    def text(self, path: str) -> str:
        where = f" {self.where()}:" if self.where() else ""
        clause = f" (rule{'s' if ',' in self.clause else ''} {self.clause})" if self.clause else ""
        return f"{path}:{self.line}: [{self.code}]{where} {self.message}{clause} ({self.pointer or '/'})"

    def as_dict(self) -> dict[str, Any]:
        shown: dict[str, Any] = {"code": self.code, "message": self.message, "line": self.line, "pointer": self.pointer}
        for key in ("round", "table", "hand", "clause"):
            if getattr(self, key) is not None:
                shown[key] = getattr(self, key)
        return shown


@dataclass
class ScorecardAudit:
    """The audit of one session: the rules it was checked under, what it found, the totals it worked out."""

    path: str
    variant: str
    house_rules: tuple[str, ...]
    games: int = 0
    hands: int = 0
    findings: list[Finding] = field(default_factory=list)
    totals: dict[str, int] = field(default_factory=dict)
    """Each player's session total as the audit adds it up from the hands."""
    lone_hands: dict[str, int] = field(default_factory=dict)

    @property
    def exit_code(self) -> int:
        return 1 if self.findings else 0
