"""The MkDocs hook that puts the generated pages into the site (named in mkdocs.yml).

MkDocs loads this file by path, so it imports the generator as an installed package and keeps
nothing but glue here: generate once per build (on_config), add the pages and files without
writing them to docs/ (on_files: no generated page exists on disk to be edited by hand), and
check the generated text kept in the hand-written pages, and resolve links and citations on
every page (on_page_markdown); once a page is rendered, complete its Content-Security-Policy
(on_post_page, on_post_template: docs_gen/page_policy.py).
"""

from __future__ import annotations

from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

from conformance.suite.scenarios import suite
from docs_gen.citations import UnknownCitations
from docs_gen.committed_blocks import StaleBlock
from docs_gen.data import MissingReport, load_site_data
from docs_gen.page_policy import PLACEHOLDER, MissingPolicy, sealed
from docs_gen.site import Site, UnknownBlock, generate
from ruleset import SpecInvalid, builtin_catalog
from ruleset.compiled import loading

_state: dict[str, Site] = {}
_preview: list[bool] = [False]
"""Whether this is `mkdocs serve`, whose reload script the policy must let run."""


def on_startup(command: str, dirty: bool) -> None:
    _preview[0] = command == "serve"


def on_config(config: Any) -> Any:
    """Generate the site from the spec as it is now, and set the navigation from it."""
    # Under `mkdocs serve` every rebuild runs in the same process: read the spec and the suite again.
    builtin_catalog.cache_clear()
    suite.cache_clear()
    getattr(loading, "_cached_rules").cache_clear()  # noqa: B009 - the loader's private cache of compiled rules
    try:
        _state["site"] = site = generate(load_site_data())
    except (SpecInvalid, MissingReport) as exc:  # a broken results log, named by file and line; a report not made
        raise PluginError(str(exc)) from exc
    config.nav = site.nav
    return config


def on_files(files: Files, config: Any) -> Files:
    site = _state["site"]
    for path, page in site.pages.items():
        if files.get_file_from_path(path) is not None:
            raise PluginError(f"docs/{path} is generated from the spec; delete the file in docs/")
        files.append(File.generated(config, path, content=page.markdown))
    for path, text in site.files.items():
        files.append(File.generated(config, path, content=text))
    return files


def on_page_markdown(markdown: str, page: Any, config: Any, files: Files) -> str:
    try:
        return _state["site"].render(page.file.src_uri, markdown)
    except (UnknownCitations, UnknownBlock, StaleBlock) as exc:
        raise PluginError(str(exc)) from exc


def on_post_page(output: str, page: Any, config: Any) -> str:
    try:
        return sealed(output, page.content, _preview[0])
    except MissingPolicy as exc:
        raise PluginError(f"{page.file.src_uri}: {exc}") from exc


def on_post_template(output_content: str, template_name: str, config: Any) -> str:
    """A page the theme writes without Markdown (404.html) carries the policy too; other templates (sitemap.xml) do not."""
    return sealed(output_content, None, _preview[0]) if PLACEHOLDER in output_content else output_content
