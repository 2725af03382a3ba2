"""What an audit finds and reports: the findings, the per-hand and whole-record reports.

The hand replay (`replay`, `layout`) and the game checks (`game`) both file findings, and the
text report and `--json` both read them; this module is the vocabulary they share, so none of
them has to import another just for its types. A finding is a value with a stable code, a
severity, a message a person understands, and where it is: hand, trick, seat, JSON pointer and
the line in the file.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ruleset.compiled.cards import SUIT_NAMES, SUITS
from ruleset.compiled.rules import Rules

from .mapping import RulesMapping
from .notation import EgnRecord

VIOLATION = "violation"
UNCONFIRMED = "unconfirmed"
NOTE = "note"


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


class Verdict:
    """What an audit concludes from its problems: the rules broken, and the exit code they give.

    A game's audit and a match's audit conclude the same way; each says where its problems are.
    """

    def all_problems(self) -> list[Problem]:
        raise NotImplementedError

    @property
    def violations(self) -> list[Problem]:
        return [problem for problem in self.all_problems() if problem.severity == VIOLATION]

    @property
    def exit_code(self) -> int:
        return 1 if self.violations else 0


@dataclass
class AuditReport(Verdict):
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
    upgraded_from: str | None = None

    def all_problems(self) -> list[Problem]:
        return [problem for hand in self.hands for problem in hand.problems] + self.problems

    def as_dict(self) -> dict[str, Any]:
        mapping = self.mapping
        return {
            "file": self.path,
            "egn_version": self.version,
            **({"upgraded_from": self.upgraded_from} if self.upgraded_from else {}),
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


def problem_at(
    record: EgnRecord,
    code: str,
    severity: str,
    message: str,
    hand: int | None,
    pointer: str,
    trick: int | None = None,
    seat: int | None = None,
) -> Problem:
    """A finding at `pointer` in the record, with the line of the file it is on."""
    return Problem(code, severity, message, hand, trick, seat, pointer, record.line_of(pointer))


def seat_text(seat: int) -> str:
    return f"seat {seat}"


def team_text(rules: Rules, team: int) -> str:
    seats = rules.teams[team]
    return f"seat {seats[0]}" if len(seats) == 1 else "seats " + " & ".join(str(s) for s in seats)


def suit_text(suit: int) -> str:
    return SUIT_NAMES[SUITS[suit]] if 0 <= suit < len(SUITS) else "no trump"
