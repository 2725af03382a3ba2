"""The MkDocs hook that builds the site from the written sources (named in mkdocs.yml).

MkDocs loads this file by path, so it imports the generator as an installed package and keeps
nothing but glue here. Before each build (on_config) it runs the build step that writes every
page, generated or hand-written, in its final Markdown beside the site (docs_gen/site_sources.py:
the same step Zensical's build starts from), and points MkDocs at that folder and its navigation;
once a page is rendered, it completes the page's Content-Security-Policy (on_post_page,
on_post_template: docs_gen/page_policy.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

from conformance.suite.scenarios import suite
from docs_gen.citations import UnknownCitations
from docs_gen.committed_blocks import StaleBlock, UnknownBlock
from docs_gen.data import MissingReport, load_site_data
from docs_gen.page_policy import PLACEHOLDER, MissingPolicy, sealed
from docs_gen.site import generate
from docs_gen.site_sources import GeneratedInDocs, sources_for, write_sources
from ruleset import SpecInvalid, builtin_catalog
from ruleset.compiled import loading

_preview: list[bool] = [False]
"""Whether this is `mkdocs serve`, whose reload script the policy must let run."""


def on_startup(command: str, dirty: bool) -> None:
    _preview[0] = command == "serve"


def on_config(config: Any) -> Any:
    """Write the site's sources from the spec as it is now, and build from them with their navigation."""
    # Under `mkdocs serve` every rebuild runs in the same process: read the spec and the suite again.
    builtin_catalog.cache_clear()
    suite.cache_clear()
    getattr(loading, "_cached_rules").cache_clear()  # noqa: B009 - the loader's private cache of compiled rules
    try:
        site = generate(load_site_data())  # a broken results log, named by file and line; a report not made
        sources = sources_for(Path(config.site_dir))
        write_sources(site, Path(config.docs_dir), sources)
    except (SpecInvalid, MissingReport, UnknownCitations, UnknownBlock, StaleBlock, GeneratedInDocs) as exc:
        raise PluginError(str(exc)) from exc
    config.docs_dir = str(sources)
    config.nav = site.nav
    return config


def on_post_page(output: str, page: Any, config: Any) -> str:
    try:
        return sealed(output, page.content, _preview[0])
    except MissingPolicy as exc:
        raise PluginError(f"{page.file.src_uri}: {exc}") from exc


def on_post_template(output_content: str, template_name: str, config: Any) -> str:
    """A page the theme writes without Markdown (404.html) carries the policy too; other templates (sitemap.xml) do not."""
    return sealed(output_content, None, _preview[0]) if PLACEHOLDER in output_content else output_content
