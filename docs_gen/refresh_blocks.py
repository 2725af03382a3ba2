"""Write the generated text kept in the hand-written pages and the README anew: `python3 tasks.py blocks`.

Run it after changing the spec, the schemas or the scenarios, and commit what it changes; the
site build fails while a page keeps text the spec no longer gives. `--check` only reports the
pages that are out of date (exit 1), for a pre-commit hook or CI.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from .committed_blocks import StaleBlock, UnknownBlock, block_text, check_fresh, refreshed
from .context import Context
from .data import PROJECT, load_site_data
from .readme_blocks import README_BLOCKS
from .site import build_index
from .source_links import source_map

DOCS = PROJECT / "docs"


def refresh(docs: Path, write: bool) -> list[Path]:
    """The pages under `docs`, and the README beside it, whose kept blocks are out of date; rewritten when `write` is true."""
    ctx = Context(load_site_data(with_reports=False))
    index, sources = build_index(ctx, []), source_map(ctx)
    changed = []
    readme = docs.parent / "README.md"
    if readme.is_file():
        text = readme.read_text(encoding="utf-8")

        def fill_readme(name: str) -> str:
            return README_BLOCKS[name](ctx)

        try:
            check_fresh(text, "", fill_readme, README_BLOCKS, "README.md")
        except StaleBlock:
            changed.append(readme)
            if write:
                readme.write_text(refreshed(text, "", fill_readme, README_BLOCKS, "README.md"), encoding="utf-8")
    for path in sorted(docs.rglob("*.md")):
        page = path.relative_to(docs).as_posix()
        text = path.read_text(encoding="utf-8")

        def fill(name: str, page: str = page) -> str:
            return block_text(name, ctx, index, sources, page)

        try:
            check_fresh(text, page, fill)
        except StaleBlock:
            changed.append(path)
            if write:
                path.write_text(refreshed(text, page, fill), encoding="utf-8")
    return changed


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 tasks.py blocks", description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only list the pages that are out of date")
    args = parser.parse_args(argv)
    try:
        changed = refresh(DOCS, write=not args.check)
    except UnknownBlock as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    for path in changed:
        print(f"{'out of date' if args.check else 'rewrote'}: {path.relative_to(PROJECT).as_posix()}")
    if not changed:
        print("every generated block in docs/ is up to date")
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
