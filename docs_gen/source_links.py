"""Links in the hand-written pages that work both in the repository and on the site.

A generated page (a variant, a house rule, a schema, a scenario file) exists only on the site,
but each is made from one file in the repository. The hand-written pages therefore link to that
source file, which a reader of the repository can open, and the site build turns each such link
into a link to the page made from it, anchor kept. Pages made from no single file (the comparison,
the compliance reports) exist only on the site; a link to one says so in its text.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass

from documents.paths import data_home, display_path

from .citations import FENCE
from .context import Context

DOCS = "docs"
LINK = re.compile(r"(?P<text>\[[^\]\n]*\])\((?P<href>[^)\s#]*)(?P<anchor>#[^)\s]*)?(?P<title>\s+\"[^\"\n]*\")?\)")


@dataclass(frozen=True)
class SourceMap:
    """Each generated page and the repository file it is made from, both as paths from the repository's root."""

    source_of: dict[str, str]

    @classmethod
    def of(cls, sources: dict[str, str]) -> SourceMap:
        """From generated pages (paths under docs/) to their source files (paths from the repository's root)."""
        return cls({f"{DOCS}/{page}": source for page, source in sources.items()})

    def to_repository(self, markdown: str, page: str) -> str:
        """`markdown` of docs/`page` with each link to a generated page pointing at its source file instead."""
        return _rewrite(markdown, page, self.source_of)

    def to_site(self, markdown: str, page: str) -> str:
        """`markdown` of docs/`page` with each link to a source file pointing at the page made from it."""
        return _rewrite(markdown, page, {source: site for site, source in self.source_of.items()})


def source_map(ctx: Context) -> SourceMap:
    """Where every generated page that has a single source file comes from."""
    data = ctx.data
    sources = {f"variants/{v}.md": data.catalog.variants[v].path for v in data.variants}
    sources |= {f"house-rules/{r}.md": data.catalog.house_rules[r].path for r in data.house_rules}
    sources |= {
        f"schemas/{name.removesuffix('.schema.json')}.md": display_path(data_home().schemas / name) for name in data.schemas
    }
    sources |= {
        "deal-numbers.md": display_path(data_home().spec / "deal-numbers.yaml"),
        "sources.md": display_path(data_home().spec / "sources.yaml"),
    }
    sources |= {page: scenarios[0].file for page, scenarios in ctx.scenario_files.items()}
    return SourceMap.of(sources)


def _rewrite(markdown: str, page: str, table: dict[str, str]) -> str:
    """Replace, outside code blocks, each relative link of docs/`page` whose target is a key of `table`."""
    here = posixpath.dirname(f"{DOCS}/{page}")

    def link(match: re.Match[str]) -> str:
        href = match.group("href")
        if not href or "://" in href or href.startswith("/"):
            return match.group(0)
        replacement = table.get(posixpath.normpath(posixpath.join(here, href)))
        if replacement is None:
            return match.group(0)
        relative = posixpath.relpath(replacement, here)
        return f"{match.group('text')}({relative}{match.group('anchor') or ''}{match.group('title') or ''})"

    lines, fenced = [], False
    for line in markdown.split("\n"):
        if FENCE.match(line):
            fenced = not fenced
        elif not fenced:
            line = LINK.sub(link, line)
        lines.append(line)
    return "\n".join(lines)
