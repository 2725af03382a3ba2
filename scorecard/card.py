"""Reading a scorecard file: strict YAML (JSON is read the same way), checked against its schema.

A file that cannot be read, or that its schema refuses, is not audited: its errors are raised
together as `file:line: message (/pointer)`, the way every file of ours is reported.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from documents.errors import SpecError, SpecInvalid
from documents.schemas import validate_document
from documents.yaml_loader import Document, load_document

SCHEMA = "scorecard.schema.json"
SUFFIXES = (".yaml", ".yml")


class ScorecardUnreadable(Exception):
    """The file cannot be read as a scorecard; carries every located error."""

    def __init__(self, errors: list[SpecError]) -> None:
        self.errors = sorted(set(errors))
        super().__init__("\n".join(str(error) for error in self.errors))


@dataclass(frozen=True)
class Scorecard:
    """A session's scorecards as read: the data and the line of every value."""

    document: Document

    @property
    def data(self) -> dict[str, Any]:
        data: dict[str, Any] = self.document.data
        return data

    @property
    def path(self) -> str:
        return self.document.path

    def line(self, pointer: str) -> int:
        return self.document.line_of(pointer)

    @property
    def variant(self) -> str:
        return str(self.data["variant"])

    @property
    def house_rules(self) -> tuple[str, ...]:
        return tuple(self.data.get("house_rules", ()))


def looks_like_scorecard(path: Path) -> bool:
    """A scorecard rather than a game record: written in YAML, or naming the scorecard schema."""
    if path.suffix.lower() in SUFFIXES:
        return True
    if not path.is_file():
        return False  # a pipe would block the peek; the reader that is chosen refuses what is not a regular file
    try:
        with path.open("r", encoding="utf-8", errors="replace") as file:
            return SCHEMA in file.read(4096)
    except OSError:
        return False  # the reader that is chosen reports the file


def read_scorecard(path: Path) -> Scorecard:
    """The scorecard at `path`, or ScorecardUnreadable naming every error."""
    try:
        document = load_document(path)
    except SpecInvalid as exc:
        raise ScorecardUnreadable(exc.errors) from None
    errors = validate_document(document, SCHEMA)
    if errors:
        raise ScorecardUnreadable(errors)
    return Scorecard(document)
