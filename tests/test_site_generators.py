"""The same site from both generators: Material for MkDocs (the one we publish with) and Zensical (its successor).

Both build from the folder the build step writes (docs_gen/site_sources.py): MkDocs through the
hook in mkdocs.yml, strict; Zensical from the config the step writes beside the folder, strict,
its pages' Content-Security-Policy completed afterwards. Both builds hold the same pages and no
warning, every page of both carries a complete policy, each schema is at its address in both,
and headless Chromium opens the same pages from both and finds the same titles, the same
navigation and the same working examples, with nothing refused by the policy.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from docs_gen.page_policy import PLACEHOLDER
from tests import ROOT

from .site_helpers import ARTIFACTS, BROWSER_MISSING, built_site, built_zensical_site, chromium, serving

PAGES = (
    "",
    "variants/north-american/",
    "house-rules/super-euchre/",
    "examples/north-american/tricks/",
    "guides/adapter/",
    "schemas/egn/",
    "results/history/",
)
"""Pages of every kind: the home page, a variant, a house rule with its diff, worked examples, a guide, a schema, a plot."""


def _pages(site: Path) -> set[str]:
    return {page.relative_to(site).as_posix() for page in site.rglob("*.html")}


def test_both_generators_build_every_page_without_a_warning() -> None:
    mkdocs, mkdocs_log = built_site()
    zensical, zensical_log = built_zensical_site()
    assert not re.search(r"^WARNING\b", mkdocs_log, flags=re.MULTILINE), mkdocs_log
    assert "No issues found" in zensical_log, zensical_log[-2000:]
    assert _pages(mkdocs) == _pages(zensical)
    assert len(_pages(zensical)) > 200
    pages = re.search(r"(\d+) pages written to ", zensical_log)
    assert pages is not None and int(pages.group(1)) == len(_pages(zensical)) - 1  # all but the theme's 404 page


def test_every_page_zensical_builds_carries_a_complete_policy() -> None:
    site = built_zensical_site()[0]
    unsealed = [page.name for page in site.rglob("*.html") if PLACEHOLDER in page.read_text(encoding="utf-8")]
    assert not unsealed
    home = (site / "index.html").read_text(encoding="utf-8")
    assert re.search(r"script-src 'self'( 'sha256-[A-Za-z0-9+/]{43}=')+;", home)


def test_both_builds_serve_each_schema_at_its_address() -> None:
    from tests.test_site import served_at

    for site in (built_site()[0], built_zensical_site()[0]):
        for source in sorted((ROOT / "schemas").glob("*.schema.json")):
            text = source.read_text(encoding="utf-8")
            address = re.search(r'"\$id": "([^"]+)"', text)
            assert address is not None and served_at(site, address.group(1)).read_text(encoding="utf-8") == text


browser_test = pytest.mark.skipif(bool(BROWSER_MISSING) and os.environ.get("CI") != "true", reason=BROWSER_MISSING)


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with chromium(tmp_path_factory.mktemp("chromium-profile")) as driver:
        yield driver


def _look(browser: Any, url: str) -> dict[str, Any]:
    """What a reader meets on a page: the window title, the heading, the tabs and the navigation, the drawn examples."""
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get("about:blank")
    browser.get(url)
    WebDriverWait(browser, 15).until(lambda b: b.execute_script("return document.readyState") == "complete")
    WebDriverWait(browser, 15).until(
        lambda b: b.execute_script(
            "return [...document.querySelectorAll('.table-view')].every(v => v.dataset.step !== undefined)"
        )
    )
    seen: dict[str, Any] = browser.execute_script(
        """const text = s => [...document.querySelectorAll(s)].map(e => e.textContent.trim().replace(/\\s+/g, ' '));
        return {
          title: document.title,
          heading: text('article h1')[0],
          tabs: text('.md-tabs__link'),
          navigation: text('nav.md-nav--primary .md-nav__link').filter(t => t),
          steppers: document.querySelectorAll('.table-view[data-step] .tv-seat').length,
          pairs: document.querySelectorAll('.tv-pair .table-view[data-step]').length,
          cards: document.querySelectorAll('article .card').length,
          plot: document.querySelectorAll('svg.history-plot circle').length,
        };"""
    )
    seen["refused"] = [
        entry["message"]
        for entry in browser.get_log("browser")
        if entry["level"] == "SEVERE" and "favicon" not in entry["message"]
    ]
    return seen


@browser_test
@pytest.mark.parametrize("path", PAGES)
def test_the_same_page_from_both_generators_reads_the_same(browser: Any, path: str) -> None:
    with serving(built_site()[0]) as mkdocs_url, serving(built_zensical_site()[0]) as zensical_url:
        mkdocs, zensical = _look(browser, mkdocs_url + path), _look(browser, zensical_url + path)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        browser.save_screenshot(str(ARTIFACTS / f"zensical-{path.strip('/').replace('/', '-') or 'home'}.png"))
    assert mkdocs["refused"] == [] and zensical["refused"] == [], (mkdocs["refused"], zensical["refused"])
    for key in ("title", "heading", "steppers", "pairs", "cards", "plot"):
        assert mkdocs[key] == zensical[key], (key, mkdocs[key], zensical[key])
    assert mkdocs["tabs"] == zensical["tabs"] and len(mkdocs["tabs"]) >= 6
    assert set(zensical["navigation"]) <= set(mkdocs["navigation"]) and len(zensical["navigation"]) >= 10
