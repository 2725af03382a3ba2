"""The guides read completely in the repository: generated text is kept in them and kept fresh,
and every link resolves both in the repository and on the site."""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from docs_gen.citations import FENCE, Index
from docs_gen.committed_blocks import REFRESH_COMMAND, Fill, StaleBlock, UnknownBlock, block_text, check_fresh, refreshed
from docs_gen.context import Context
from docs_gen.data import load_site_data
from docs_gen.readme_blocks import README_BLOCKS, family_order, first_sentence, readme_text
from docs_gen.refresh_blocks import refresh
from docs_gen.site import build_index
from docs_gen.source_links import LINK, SourceMap, source_map
from tests import ROOT

DOCS = ROOT / "docs"


@dataclass(frozen=True)
class Generator:
    ctx: Context
    index: Index
    sources: SourceMap

    def fill(self, page: str) -> Fill:
        return lambda name: block_text(name, self.ctx, self.index, self.sources, page)


@pytest.fixture(scope="module")
def generator() -> Generator:
    ctx = Context(load_site_data(with_reports=False))
    return Generator(ctx, build_index(ctx, []), source_map(ctx))


def links(path: Path) -> list[tuple[int, str, str]]:
    """Every link outside code blocks in a page: line, text and target (without anchor)."""
    found, fenced = [], False
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if FENCE.match(line):
            fenced = not fenced
        elif not fenced:
            found += [(number, m.group("text"), m.group("href")) for m in LINK.finditer(line)]
    return found


def test_every_block_kept_in_docs_is_what_the_spec_gives_now() -> None:
    assert refresh(DOCS, write=False) == []


def test_no_block_escapes_its_text_twice() -> None:
    """An entity whose ampersand is itself escaped (`&amp;#96;`) shows the reader the entity's code, not the character."""
    for path in DOCS.rglob("*.md"):
        doubled = re.search(r"&amp;(&#35;|#)[0-9x]", path.read_text(encoding="utf-8"))
        assert doubled is None, f"{path}: {doubled and doubled.group(0)}"


def test_no_page_asks_for_a_block_it_does_not_show() -> None:
    for path in DOCS.rglob("*.md"):
        assert not re.search(r"^\[\[block:[a-z0-9-]+\]\]", path.read_text(encoding="utf-8"), re.MULTILINE), path


def test_a_stale_block_names_the_page_and_the_command_that_refreshes_it(generator: Generator) -> None:
    page = "guides/adapter.md"
    text = (DOCS / page).read_text(encoding="utf-8")
    fill = generator.fill(page)
    check_fresh(text, page, fill)
    stale = text.replace("`north-american`", "`north-american-old`", 1)
    assert stale != text
    with pytest.raises(StaleBlock) as raised:
        check_fresh(stale, page, fill)
    assert (
        str(raised.value) == f"docs/{page}: generated text out of date with the spec (block engine-ids); run `{REFRESH_COMMAND}`"
    )
    assert refreshed(stale, page, fill) == text


def test_a_requested_block_is_written_out_between_markers(generator: Generator) -> None:
    fill = generator.fill("guides/new.md")
    asked = "# A page\n\n[[block:levels]]\n\nMore prose.\n"
    with pytest.raises(StaleBlock, match="block levels"):
        check_fresh(asked, "guides/new.md", fill)
    written = refreshed(asked, "guides/new.md", fill)
    assert written.startswith("# A page\n\n<!-- block:levels -->\n\nmust: ")
    assert written.endswith("\n\n<!-- /block:levels -->\n\nMore prose.\n")
    check_fresh(written, "guides/new.md", fill)
    with pytest.raises(UnknownBlock, match="no block named 'no-such-block'"):
        refreshed("[[block:no-such-block]]\n", "guides/new.md", fill)


def test_every_link_in_docs_opens_a_file_of_the_repository_or_says_it_is_on_the_site() -> None:
    broken = []
    for path in sorted(DOCS.rglob("*.md")):
        for number, text, href in links(path):
            if not href or "://" in href:
                continue
            target = (path.parent / href).resolve()
            if not target.exists() and "rules site" not in text:
                broken.append(f"{path.relative_to(ROOT)}:{number}: {text}({href})")
    assert broken == []


def test_a_link_to_a_source_file_becomes_a_link_to_its_page_on_the_site(generator: Generator) -> None:
    sources = generator.sources
    page = "guides/adapter.md"
    repository = '[rules](../../spec/variants/british.yaml#trump.benny "British") and [x](../../schemas/report.schema.json)'
    site = '[rules](../variants/british.md#trump.benny "British") and [x](../schemas/report.md)'
    assert sources.to_site(repository, page) == site
    assert sources.to_repository(site, page) == repository
    unchanged = "[a](../protocol.md) [b](https://example.org/x.yaml)\n```\n[c](../../spec/sources.yaml)\n```"
    assert sources.to_site(unchanged, page) == unchanged
    for generated, source in sources.source_of.items():
        assert (ROOT / source).is_file(), source
        assert posixpath.normpath(generated).startswith("docs/")


def test_the_readme_lists_every_variant_and_house_rule_in_blocks_kept_fresh(generator: Generator) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    catalog = generator.ctx.data.catalog
    for name, ids in (("readme-variants", catalog.variants), ("readme-house-rules", catalog.house_rules)):
        body = readme.split(f"<!-- block:{name} -->", 1)[1].split(f"<!-- /block:{name} -->", 1)[0]
        assert sorted(re.findall(r"^\| `([a-z0-9-]+)` \|", body, re.MULTILINE)) == sorted(ids), name

    def fill(name: str) -> str:
        return README_BLOCKS[name](generator.ctx)

    check_fresh(readme, "", fill, README_BLOCKS, "README.md")
    stale = re.sub(r"^\| `throw-in` \|.*\n", "", readme, flags=re.MULTILINE)
    with pytest.raises(StaleBlock) as raised:
        check_fresh(stale, "", fill, README_BLOCKS, "README.md")
    assert (
        str(raised.value)
        == f"README.md: generated text out of date with the spec (block readme-house-rules); run `{REFRESH_COMMAND}`"
    )
    assert refreshed(stale, "", fill, README_BLOCKS, "README.md") == readme


def test_readme_text_keeps_a_table_cell_one_line_of_text() -> None:
    assert readme_text("A <b>bold</b> | rule &\n  more") == "A &lt;b&gt;bold&lt;/b&gt; \\| rule &amp; more"
    assert first_sentence("Game to 5. Then more. ") == "Game to 5."
    assert family_order({"a": {}, "b": {"extends": "c"}, "c": {}, "d": {"extends": "c"}}) == ["c", "b", "d", "a"]
