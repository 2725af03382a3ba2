"""Generated text kept inside the hand-written pages, between HTML comment markers.

A guide that needs a fact of the spec (an example clause, a house-rule file, the engine ids)
does not copy it by hand: it holds the generated text between `<!-- block:NAME -->` and
`<!-- /block:NAME -->`, so the guide reads completely in the repository too. The text is
written by `python3 tasks.py blocks` (docs_gen/refresh_blocks.py); the site build generates
every block again and fails, naming the page and that command, when the text kept in a page is
not what the spec gives now. A bare `[[block:NAME]]` line asks for a block not written yet.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from .blocks import BLOCKS
from .citations import Index, expand
from .context import Context
from .source_links import SourceMap

REFRESH_COMMAND = "python3 tasks.py blocks"
REGION = re.compile(
    r"^<!-- block:(?P<name>[a-z0-9-]+) -->[ \t]*\n(?P<body>.*?)^<!-- /block:(?P=name) -->[ \t]*$", re.MULTILINE | re.DOTALL
)
REQUEST = re.compile(r"^\[\[block:(?P<name>[a-z0-9-]+)\]\][ \t]*$", re.MULTILINE)

Fill = Callable[[str], str]
"""The text of a block, by name, for the page at hand."""


class UnknownBlock(ValueError):
    """A hand-written page names a block that does not exist."""


class StaleBlock(ValueError):
    """A hand-written page keeps text of a block that the spec no longer gives."""


def block_text(name: str, ctx: Context, index: Index, sources: SourceMap, page: str) -> str:
    """A block as kept in docs/`page`: generated, citations made links, links pointing at files of the repository."""
    if name not in BLOCKS:
        raise UnknownBlock(f"docs/{page}: no block named {name!r}; known blocks: {', '.join(sorted(BLOCKS))}")
    return sources.to_repository(expand(BLOCKS[name](ctx), page, index), page)


def block_names(markdown: str) -> list[str]:
    """Every block a page holds or asks for, in order of appearance."""
    found = [(m.start(), m.group("name")) for m in REGION.finditer(markdown)]
    found += [(m.start(), m.group("name")) for m in REQUEST.finditer(markdown)]
    return [name for _, name in sorted(found)]


Known = Mapping[str, object]
"""The blocks a page may hold, by name: the guides' (BLOCKS), or the README's (readme_blocks.README_BLOCKS)."""


def refreshed(markdown: str, page: str, fill: Fill, known: Known = BLOCKS, shown: str = "") -> str:
    """The page with every block's text generated anew, and each `[[block:NAME]]` line written out.

    `page` is the page's path under docs/, and `shown` how messages name it where it is not under docs/."""
    _check_known(markdown, shown or f"docs/{page}", known)

    def region(match: re.Match[str]) -> str:
        name = match.group("name")
        return f"<!-- block:{name} -->\n{_body(fill(name))}<!-- /block:{name} -->"

    return REQUEST.sub(region, REGION.sub(region, markdown))


def check_fresh(markdown: str, page: str, fill: Fill, known: Known = BLOCKS, shown: str = "") -> None:
    """Raise StaleBlock if a block kept in the page differs from what the spec gives now (UnknownBlock if unknown)."""
    where = shown or f"docs/{page}"
    _check_known(markdown, where, known)
    stale = [m.group("name") for m in REGION.finditer(markdown) if m.group("body") != _body(fill(m.group("name")))]
    stale += [m.group("name") for m in REQUEST.finditer(markdown)]
    if stale:
        names = ", ".join(dict.fromkeys(stale))
        raise StaleBlock(f"{where}: generated text out of date with the spec (block {names}); run `{REFRESH_COMMAND}`")


def _check_known(markdown: str, where: str, known: Known) -> None:
    unknown = [name for name in block_names(markdown) if name not in known]
    if unknown:
        raise UnknownBlock(f"{where}: no block named {unknown[0]!r}; known blocks: {', '.join(sorted(known))}")


def _body(text: str) -> str:
    """A block's text as kept between its markers: blank lines around it, so Markdown reads it as its own paragraphs."""
    return "\n" + text.strip("\n") + "\n\n"
