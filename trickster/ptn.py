"""Reading Trickster Cards' game records (PTN) strictly, every tag and line located.

A PTN record is PBN's layout with Trickster's tags: `[Name "value"]` lines, two of them opening a
section of plain lines (`[Auction "W"]` the calls, four to a line from that seat clockwise;
`[Play "W"]` one trick to a line, the cards in seat order from that seat, `-` for no card), and
some repeated in order (`[CardsPassed "S:N:DQ"]`, `[CardsAdded "E:CQDJDK"]`, `[CardsRemoved ...]`).
A file may hold several records; each starts at an `[Event]` tag, or at a second `[Deal]`.
Records pasted into issues are not always tidy, and the reader takes them as players paste them:
a tag value keeps its inner quotes whether or not they are escaped, `%` lines are comments, and a
tag whose closing bracket was lost is read with a note. Anything else that is not PTN is an error
naming the file, the line and the record (`/RECORD/TAG`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from documents.errors import SpecError, SpecInvalid
from documents.reading import read_text

_TAG = re.compile(r'^\[([A-Za-z][A-Za-z0-9_]*)\s+"(.*)"(\])?\s*$')
SECTIONS = ("Auction", "Play")
REPEATED = ("CardsPassed", "CardsAdded", "CardsRemoved")
MAX_RECORDS = 1000


class PtnUnreadable(SpecInvalid):
    """The file is not PTN; every error located."""


@dataclass(frozen=True)
class Tag:
    """One tag: its name, value and line."""

    name: str
    value: str
    line: int


@dataclass
class PtnRecord:
    """One record: its tags (the repeated ones kept in order), and the lines of its two sections."""

    path: str
    index: int
    line: int
    tags: dict[str, Tag] = field(default_factory=dict)
    repeated: list[Tag] = field(default_factory=list)
    sections: dict[str, list[tuple[int, list[str]]]] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    def value(self, name: str) -> str | None:
        tag = self.tags.get(name)
        return None if tag is None else tag.value

    def line_of(self, name: str) -> int:
        tag = self.tags.get(name)
        return self.line if tag is None else tag.line

    def error(self, name: str, message: str, line: int | None = None) -> SpecError:
        return SpecError(self.path, line if line is not None else self.line_of(name), f"/{self.index}/{name}", message)


def read_ptn(path: Path) -> list[PtnRecord]:
    """The records of a PTN file; PtnUnreadable if it is not PTN."""
    name = str(path)
    try:
        text = read_text(path, name)
    except SpecInvalid as exc:
        raise PtnUnreadable(exc.errors) from None
    return parse_ptn(text, name)


def looks_like_ptn(text: str) -> bool:
    """Whether a file's text is PTN rather than JSON: its first meaningful line is a tag or a `%` comment."""
    for line in text.splitlines():
        stripped = line.strip()
        if stripped and not stripped.startswith("```"):
            return stripped.startswith(("[", "%"))
    return False


def parse_ptn(text: str, name: str) -> list[PtnRecord]:
    records: list[PtnRecord] = []
    errors: list[SpecError] = []
    current: PtnRecord | None = None
    section: str | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith(("%", "```")):
            continue
        if line.startswith("["):
            match = _TAG.match(line)
            if match is None:
                errors.append(SpecError(name, number, f"/{max(len(records) - 1, 0)}", f"not a PTN tag: {_shortened(line)}"))
                section = None
                continue
            tag = Tag(match.group(1), match.group(2).replace('\\"', '"').replace("\\\\", "\\"), number)
            if current is None or tag.name == "Event" or (tag.name == "Deal" and "Deal" in current.tags):
                if len(records) >= MAX_RECORDS:
                    errors.append(SpecError(name, number, f"/{len(records)}", f"more than {MAX_RECORDS} records in one file"))
                    break
                current = PtnRecord(name, len(records), number)
                records.append(current)
            if match.group(3) is None:
                current.notes.append(f"line {number}: the [{tag.name}] tag has no closing bracket; it is read as if it had one")
            if tag.name in REPEATED:
                current.repeated.append(tag)
            elif tag.name in current.tags:
                errors.append(current.error(tag.name, f"a second [{tag.name}] tag in one record", number))
            else:
                current.tags[tag.name] = tag
            section = tag.name if tag.name in SECTIONS else None
            if section:
                current.sections[section] = []
            continue
        if current is None or section is None:
            where = f"/{max(len(records) - 1, 0)}"
            errors.append(SpecError(name, number, where, f"a line outside the Auction and Play sections: {_shortened(line)}"))
            continue
        current.sections[section].append((number, line.split()))
    if not records and not errors:
        errors.append(SpecError(name, 1, "", 'no PTN record: a record is tag lines such as [Deal "S:..."]'))
    if errors:
        raise PtnUnreadable(errors)
    return records


def _shortened(text: str, keep: int = 60) -> str:
    return repr(text if len(text) <= keep else text[:keep] + "...")
