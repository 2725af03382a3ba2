"""Small Markdown and HTML builders shared by every generated page.

Cards are drawn the same way everywhere (the ranking tables, the scenario hands, the compliance
pages), so a reader learns one picture; that is why the card markup lives here and nowhere else.
Citations are written as `[[kind:id]]` shortcuts and turned into links at build time
(`docs_gen.citations`), so a page never spells out where another page lives.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from typing import Any

from ruleset.compiled.cards import JOKERS, RED_SUITS, SUIT_NAMES, SUIT_SYMBOLS

JOKER_NAMES = {"JK": "joker", "JR": "red joker", "JB": "black joker"}


_AS_TEXT = str.maketrans(
    {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"}
    | {character: f"&#{ord(character)};" for character in "\\`*_[]{}|#"}
)
"""HTML's special characters, and those Markdown reads as syntax inside a line (escapes, code,
emphasis, links and images, attribute lists, table cells, headings), as character references,
in one pass: text cannot make a tag, a link or an attribute (`{: onclick=...}`), and shows
exactly as written."""

_LINE_BREAK = re.compile(r"[ \t]*(?:\r\n?|\n)\s*")
"""A line break in text would start a new block (a list, a code block) on the next line: it is a space."""

_BLOCK_START = re.compile(r"^(?:([ \t]+)|([-+:!?=])|(\d+)([.)]))")
"""What would make a line a code block, a list, a definition, an admonition or a tab if it began one
(a quote's `>` is escaped already)."""


def esc(text: object) -> str:
    """Text shown as text: HTML and Markdown syntax both escaped, so whatever a spec file or a report
    holds reaches a page as the words it wrote, never as markup. Every generator writes text this way;
    it is safe in a paragraph, a heading, a table cell and an HTML attribute, and stays on one line."""
    escaped = _LINE_BREAK.sub(" ", str(text)).translate(_AS_TEXT)
    return _BLOCK_START.sub(_inert_start, escaped, count=1)


def _inert_start(found: re.Match[str]) -> str:
    space, marker, number, dot = found.groups()
    if space is not None:
        return "&#32;"
    if marker is not None:
        return f"&#{ord(marker)};"
    return f"{number}&#{ord(dot)};"


def code(text: object) -> str:
    """Text shown as a code span, exactly: Markdown escapes inside a span itself, so only the fence is chosen here
    (one more backtick than the longest run inside it), and the text is folded to one line."""
    shown = " ".join(str(text).split())
    if not shown:
        return "<code></code>"
    fence = "`" * (max((len(run) for run in re.findall(r"`+", shown)), default=0) + 1)
    pad = " " if shown.startswith("`") or shown.endswith("`") else ""
    return f"{fence}{pad}{shown}{pad}{fence}"


def prose(text: object) -> str:
    """Prose as one line of text, its `code spans` kept as code and everything else escaped (esc): the form
    of a scenario's description or a report's message, which name action ids and fields in code."""
    pieces = " ".join(str(text).split()).split("`")
    if len(pieces) % 2 == 0:  # an unclosed span: all of it is text
        return esc(" ".join(str(text).split()))
    return "".join(code(piece) if index % 2 else esc(piece) for index, piece in enumerate(pieces))


def plain(text: object) -> str:
    """A title as plain text for the navigation and the window title, which show no Markdown: its `code spans`
    lose their backticks and keep their words, and everything is escaped (esc)."""
    pieces = " ".join(str(text).split()).split("`")
    return esc("".join(pieces) if len(pieces) % 2 else " ".join(str(text).split()))


def plural(count: int, word: str, words: str | None = None) -> str:
    """A count with its noun, singular for one: `1 scenario`, `2 scenarios` (`words` where adding s is wrong)."""
    return f"{count} {word if count == 1 else words or word + 's'}"


def one_line(text: object) -> str:
    """Folded YAML prose (a summary, a clause's words) as one line of text, escaped (esc)."""
    return esc(" ".join(str(text).split()))


def suit(letter: str, name: bool = False) -> str:
    """A suit symbol (red suits in red), with its name if asked."""
    if letter == "N":
        return '<span class="suit no-trump">no trump</span>'
    if letter == "L":
        return '<span class="suit no-trump">low no trump</span>'
    colour = "red" if letter in RED_SUITS else "black"
    symbol = f'<span class="suit {colour}" title="{SUIT_NAMES[letter]}">{SUIT_SYMBOLS[letter]}</span>'
    return f"{symbol} {SUIT_NAMES[letter]}" if name else symbol


def card(code: str, name: str | None = None) -> str:
    """One card drawn as a small face: rank and suit symbol, red suits in red, jokers starred."""
    face, _, copy = code.partition("#")
    copy_mark = f'<sub class="copy">{copy}</sub>' if copy else ""
    if face in JOKERS:
        title = name or JOKER_NAMES[face]
        colour = "red" if face == "JR" else "black"
        return f'<span class="card joker {colour}" title="{esc(title)} ({code})">★<small>{esc(title)}</small>{copy_mark}</span>'
    rank, letter = face[0], face[1]
    shown = "10" if rank == "T" else rank
    colour = "red" if letter in RED_SUITS else "black"
    return (
        f'<span class="card {colour}" title="{shown} of {SUIT_NAMES[letter]} ({code})">'
        f"{shown}{SUIT_SYMBOLS[letter]}{copy_mark}</span>"
    )


def cards(codes: Iterable[str], names: dict[str, str] | None = None) -> str:
    """A row of cards; an empty row reads 'none'."""
    drawn = [card(code, (names or {}).get(code.partition("#")[0])) for code in codes]
    return '<span class="cards">' + "".join(drawn) + "</span>" if drawn else "<em>none</em>"


def action(text: str, names: dict[str, str] | None = None) -> str:
    """A neutral action id as a reader sees it: the id in code, its card or suit drawn."""
    kind, _, argument = text.partition(":")
    if kind in ("play", "discard", "give") and argument:
        return f"`{text}` {card(argument, (names or {}).get(argument.partition('#')[0]))}"
    if kind in ("name_trump", "predict", "predict_alone") and argument in SUIT_NAMES:
        return f"`{text}` {suit(argument)}"
    return f"`{text}`"


def table(headers: Sequence[str], rows: Iterable[Sequence[object]], align: Sequence[str] | None = None) -> str:
    """A Markdown table; cells are written as given (escape them first where needed)."""
    rules = [{"left": ":--", "right": "--:", "center": ":-:"}.get(a, "---") for a in (align or ["left"] * len(headers))]
    lines = ["| " + " | ".join(headers) + " |", "| " + " | ".join(rules) + " |"]
    lines += ["| " + " | ".join(str(cell).replace("\n", " ") for cell in row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def value(data: Any) -> str:
    """A setting's value in a table cell: booleans as yes/no, lists and mappings as compact JSON."""
    if isinstance(data, bool):
        return "yes" if data else "no"
    if data is None:
        return "—"
    if isinstance(data, str):
        return code(data)
    if isinstance(data, int | float):
        return str(data)
    return code(json.dumps(data, ensure_ascii=False))


def cite(kind: str, ident: str) -> str:
    """A citation shortcut, resolved to a link when the site is built."""
    return f"[[{kind}:{ident}]]"


def cite_source(reference: str) -> str:
    """A source reference such as 'S1: scoring table', its key linked to the sources page."""
    key, colon, remark = reference.partition(":")
    if not colon:
        return cite("source", reference.strip())
    return f"{cite('source', key.strip())}: {esc(remark.strip())}"
