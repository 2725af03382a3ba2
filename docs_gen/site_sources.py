"""The site's sources on disk: every page in its final Markdown and every file beside it, in one folder.

This is the build step both site generators read. It generates the site from the spec, the
suite, the schemas and the reports (`generate`), renders every page, the hand-written guides of
docs/ as well as the generated ones (their kept blocks checked, links to source files turned
into links to pages, citations made links), and writes them with the hand-written pages' files
(style, scripts, examples) into a folder of their own beside the built site. A generator then
has nothing left to compute: Material for MkDocs gets the folder from the hook in mkdocs.yml
(docs_gen/mkdocs_hook.py, which calls this step), and Zensical, which runs no hooks, from the
config this step writes next to the folder (`python -m docs_gen.site_sources --site-dir DIR`).
docs/ itself is never written to, so no generated page can be edited there by mistake.

Files are written only when their text changes, and files no longer generated are removed: a
live preview watching the folder rebuilds once after a change, not for ever.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yaml

from .page_policy import MissingPolicy, seal_built_page
from .site import Site, generate

SUFFIX = "-sources"
"""The sources of a site built into DIR are written to DIR-sources."""


class GeneratedInDocs(ValueError):
    """A file in docs/ has the path of a generated page."""


def sources_for(site_dir: Path) -> Path:
    """Where the sources of a site built into `site_dir` go: beside it, so two builds never share them."""
    return site_dir.with_name(site_dir.name + SUFFIX)


def write_sources(site: Site, docs: Path, out: Path) -> list[str]:
    """Write every page of `site` (and the hand-written ones of `docs`) rendered into `out`; the pages' paths.

    Raises GeneratedInDocs for a hand-written file in the place of a generated page, and what
    `Site.render` raises for a stale block or an unknown citation."""
    wanted: dict[str, str | Path] = {}
    for file in sorted(docs.rglob("*")):
        if not file.is_file():
            continue
        path = file.relative_to(docs).as_posix()
        if path in site.pages or path in site.files:
            raise GeneratedInDocs(f"{docs.name}/{path} is generated from the spec; delete the file in {docs.name}/")
        wanted[path] = site.render(path, file.read_text(encoding="utf-8")) if file.suffix == ".md" else file
    for path, page in site.pages.items():
        wanted[path] = site.render(path, page.markdown)
    wanted |= site.files
    _replace_folder(out, wanted)
    return sorted(path for path in wanted if path.endswith(".md"))


def _replace_folder(out: Path, wanted: dict[str, str | Path]) -> None:
    """Make `out` hold exactly `wanted` (text, or a file to copy), touching only what differs."""
    out.mkdir(parents=True, exist_ok=True)
    for existing in sorted(out.rglob("*"), reverse=True):
        relative = existing.relative_to(out).as_posix()
        if existing.is_dir():
            if not any(existing.iterdir()):
                existing.rmdir()
        elif relative not in wanted:
            existing.unlink()
    for path, content in wanted.items():
        target = out / path
        data = content.read_bytes() if isinstance(content, Path) else content.encode("utf-8")
        if target.is_file() and target.read_bytes() == data:
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)


def generator_config(config_file: Path, sources: Path, site_dir: Path, nav: list[Any]) -> dict[str, Any]:
    """mkdocs.yml as a generator that runs no hooks reads it: the written sources, the navigation, no hook."""
    config: dict[str, Any] = yaml.safe_load(config_file.read_text(encoding="utf-8"))
    config.pop("hooks", None)
    config.pop("watch", None)
    home = sources.resolve().parent  # where the written config goes: every path in it is relative to that folder
    config["docs_dir"] = os.path.relpath(sources.resolve(), home)
    config["site_dir"] = os.path.relpath(site_dir.resolve(), home)
    config["nav"] = nav
    theme = config.get("theme", {})
    if isinstance(theme, dict) and theme.get("custom_dir"):
        theme["custom_dir"] = os.path.relpath((config_file.parent / theme["custom_dir"]).resolve(), home)
    return config


def seal_site(site_dir: Path) -> int:
    """Complete the Content-Security-Policy of every page a generator without hooks built; the number of pages.

    Raises MissingPolicy, naming the page, where the theme override did not write one."""
    pages = 0
    for page in sorted(site_dir.rglob("*.html")):
        text = page.read_text(encoding="utf-8")
        try:
            page.write_text(seal_built_page(text), encoding="utf-8")
        except MissingPolicy as exc:
            raise MissingPolicy(f"{page}: {exc}") from None
        pages += 1
    return pages


def main(argv: Sequence[str] | None = None) -> int:
    """`python -m docs_gen.site_sources --site-dir DIR`: write DIR-sources/ and DIR-sources.yml for Zensical;
    `--seal DIR` completes the policy of the pages built there."""
    from ruleset import SpecInvalid

    from .committed_blocks import StaleBlock
    from .data import MissingReport, load_site_data

    parser = argparse.ArgumentParser(prog="python -m docs_gen.site_sources", description=main.__doc__)
    parser.add_argument("--config-file", type=Path, default=Path("mkdocs.yml"), help="the site's MkDocs config")
    parser.add_argument("--site-dir", type=Path, help="where the site will be built: its sources go to SITE_DIR-sources")
    parser.add_argument("--seal", type=Path, metavar="SITE_DIR", help="complete the policy of every page built there")
    args = parser.parse_args(argv)
    try:
        if args.seal:
            print(f"{seal_site(args.seal)} pages sealed in {args.seal}")
            return 0
        if args.site_dir is None:
            parser.error("name --site-dir or --seal")
        config = yaml.safe_load(args.config_file.read_text(encoding="utf-8"))
        docs = args.config_file.parent / config.get("docs_dir", "docs")
        site = generate(load_site_data())
        sources = sources_for(args.site_dir)
        pages = write_sources(site, docs, sources)
        written = sources.with_name(sources.name + ".yml")
        settings = generator_config(args.config_file, sources, args.site_dir, site.nav)
        written.write_text(yaml.safe_dump(settings, sort_keys=False, allow_unicode=True), encoding="utf-8")
    except (SpecInvalid, MissingReport, StaleBlock, GeneratedInDocs, MissingPolicy, OSError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(f"{len(pages)} pages written to {sources}; build them with: zensical build --strict --config-file {written}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
