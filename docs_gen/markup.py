"""Small Markdown and HTML builders shared by every generated page.

Cards are drawn the same way everywhere (the ranking tables, the scenario hands, the compliance
pages), so a reader learns one picture; that is why the card markup lives here and nowhere else.
Citations are written as `[[kind:id]]` shortcuts and turned into links at build time
(`docs_gen.citations`), so a page never spells out where another page lives.
"""

from __future__ import annotations

import html
import json
from collections.abc import Iterable, Sequence
from typing import Any

from ruleset.compiled.cards import JOKERS, RED_SUITS, SUIT_NAMES, SUIT_SYMBOLS

JOKER_NAMES = {"JK": "joker", "JR": "red joker", "JB": "black joker"}


def esc(text: object) -> str:
    """Text safe inside HTML and inside a Markdown table cell."""
    return html.escape(str(text), quote=True).replace("|", "&#124;")


def prose(text: object) -> str:
    """Text with `code spans` safe in a table cell: escaped outside the spans only, since Markdown
    escapes inside them itself (escaping twice shows `&amp;&amp;` for `&&`)."""
    pieces = str(text).split("`")
    if len(pieces) % 2 == 0 or any("|" in code for code in pieces[1::2]):
        return esc(text)
    return "`".join(piece if index % 2 else esc(piece) for index, piece in enumerate(pieces))


def one_line(text: str) -> str:
    """Folded YAML prose as one line, for table cells."""
    return " ".join(str(text).split())


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
        return f"`{esc(data)}`"
    if isinstance(data, int | float):
        return str(data)
    return f"`{esc(json.dumps(data, ensure_ascii=False))}`"


def cite(kind: str, ident: str) -> str:
    """A citation shortcut, resolved to a link when the site is built."""
    return f"[[{kind}:{ident}]]"


def cite_source(reference: str) -> str:
    """A source reference such as 'S1: scoring table', its key linked to the sources page."""
    key, colon, remark = reference.partition(":")
    if not colon:
        return cite("source", reference.strip())
    return f"{cite('source', key.strip())}: {esc(remark.strip())}"
