"""Citations between pages: `[[clause:trump.bowers]]`, `[[scenario:na-smoke-001]]` and friends.

Every page cites rules, scenarios, variants, house rules and sources through these shortcuts,
and they are resolved against the ids the spec and the suite actually define. A citation of an
id that does not exist is an error, not a dead link, so the site cannot cite a rule or a
scenario that the tests do not know. The same scanner backs the test that checks it.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from .markup import esc

CITATION = re.compile(r"\[\[(clause|scenario|variant|house-rule|source|block):([^\]\s|]+)\]\]")
FENCE = re.compile(r"^\s*(```|~~~)")


@dataclass(frozen=True)
class Citation:
    """One citation found in a page: what it names and on which line."""

    kind: str
    ident: str
    line: int

    def __str__(self) -> str:
        return f"line {self.line}: [[{self.kind}:{self.ident}]]"


@dataclass(frozen=True)
class Target:
    """Where a cited id lives: its page, the anchor on that page, and a title for the link."""

    page: str
    anchor: str
    title: str
    text: str


@dataclass
class Index:
    """Every id a page may cite, and where each one is shown.

    `local` lists, per page, the anchors a page shows itself (a variant page shows the clauses it
    inherits), so a citation there stays on the page instead of sending the reader away.
    """

    targets: dict[tuple[str, str], Target] = field(default_factory=dict)
    local: dict[str, set[str]] = field(default_factory=dict)

    def add(self, kind: str, ident: str, target: Target) -> None:
        self.targets.setdefault((kind, ident), target)

    def knows(self, kind: str, ident: str) -> bool:
        return (kind, ident) in self.targets

    def link(self, kind: str, ident: str, page: str) -> str:
        """The Markdown link for a citation written on `page`; KeyError if the id is unknown."""
        target = self.targets[(kind, ident)]
        if target.anchor in self.local.get(page, set()):
            href = f"#{target.anchor}"
        else:
            relative = posixpath.relpath(target.page, posixpath.dirname(page) or ".")
            href = f"{relative}#{target.anchor}" if target.anchor else relative
        title = esc(target.title).replace('"', "&quot;")
        return f'[{target.text}]({href} "{title}")'


class UnknownCitations(ValueError):
    """A page cites ids that do not exist."""

    def __init__(self, page: str, citations: list[Citation]) -> None:
        self.page = page
        self.citations = citations
        listed = "; ".join(str(c) for c in citations)
        super().__init__(f"{page} cites what does not exist: {listed}")


def find_citations(markdown: str) -> Iterator[Citation]:
    """Every citation shortcut outside fenced code blocks."""
    fenced = False
    for number, line in enumerate(markdown.splitlines(), start=1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            for match in CITATION.finditer(line):
                yield Citation(match.group(1), match.group(2), number)


def unknown_citations(markdown: str, index: Index, blocks: frozenset[str] = frozenset()) -> list[Citation]:
    """The citations in `markdown` that name nothing the spec, the suite or the site defines."""
    return [c for c in find_citations(markdown) if not (c.ident in blocks if c.kind == "block" else index.knows(c.kind, c.ident))]


def expand(markdown: str, page: str, index: Index) -> str:
    """Replace every citation (blocks excepted) with a link; raise UnknownCitations if any is unknown."""
    unknown = [c for c in find_citations(markdown) if c.kind != "block" and not index.knows(c.kind, c.ident)]
    if unknown:
        raise UnknownCitations(page, unknown)
    lines = []
    fenced = False
    for line in markdown.splitlines():
        if FENCE.match(line):
            fenced = not fenced
        elif not fenced:
            line = CITATION.sub(lambda m: m.group(0) if m.group(1) == "block" else index.link(m.group(1), m.group(2), page), line)
        lines.append(line)
    return "\n".join(lines) + ("\n" if markdown.endswith("\n") else "")
