"""Text from spec files reaches the rules site as text, and no script of a spec file runs there.

The real site is built from a copy of the data with two hostile files added as a contributor
would add them (tests/hostile/site/: a house rule and a variant whose every text carries script:
`<script>`, inline handlers, `javascript:` links, Markdown attribute lists, an end of the window
title); each payload would set `window.__hostile` to its own number. The built pages are read
for any element or attribute a payload could have made, and the pages that show the hostile
text are opened in headless Chromium: no script has run, no `javascript:` link or inline
handler exists, the text reads as written, and the Content-Security-Policy stops a script put
into the page afterwards while the theme's own scripts run untouched.
"""

from __future__ import annotations

import html
import os
import re
from collections.abc import Iterator
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from documents.yaml_loader import load_document
from tests.hostile_helpers import HOSTILE
from tests.site_helpers import BROWSER_MISSING, built_hostile_site, chromium, serving

FILES = {
    "spec/house-rules/hostile-text.yaml": HOSTILE / "site" / "hostile-text.yaml",
    "spec/variants/hostile-variant.yaml": HOSTILE / "site" / "hostile-variant.yaml",
}
URL_ATTRIBUTES = {"href", "src", "action", "formaction", "data", "xlink:href", "poster", "srcdoc"}
FRAMES = {"iframe", "frame", "object", "embed", "base"}
MARK = "__hostile"
SCRIPT_SCHEMES = ("javascript:", "vbscript:", "data:text")
HASH = re.compile(r"'sha256-[A-Za-z0-9+/]{43}='")


@cache
def _site() -> Path:
    return built_hostile_site(FILES)[0]


class _Findings(HTMLParser):
    """What a page holds that runs script or leaves the page: handlers, script URLs, frames, scripts naming the mark."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self._script: dict[str, str | None] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            text = (value or "").strip().lower()
            if name.startswith("on"):
                self.found.append(f"<{tag} {name}=...>")
            if name in URL_ATTRIBUTES and re.sub(r"[\s\x00-\x1f]", "", text).startswith(SCRIPT_SCHEMES):
                self.found.append(f"<{tag} {name}={value!r}>")
        if tag in FRAMES:
            self.found.append(f"<{tag}>")
        if tag == "script":
            self._script = dict(attrs)

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._script = None

    def handle_data(self, data: str) -> None:
        if self._script is not None and self._script.get("type") != "application/json" and MARK in data:
            self.found.append(f"<script>{data[:80]}")


def _hostile_pages() -> list[Path]:
    """Every built page that shows some of the hostile text."""
    pages = [page for page in _site().rglob("*.html") if MARK in html.unescape(page.read_text(encoding="utf-8"))]
    assert len(pages) >= 4, pages
    return sorted(pages)


def _pages_to_open() -> list[Path]:
    """The hostile pages a browser opens: each whose own content (its article) shows the hostile text, and the first
    of each section of the site. Every page shows the text in what the theme draws around the content, the
    navigation and the window title, from one template, so one page a section opens that part for all of them,
    while each page that shows the text in its content shows it its own way."""
    chosen: dict[str, Path] = {}
    for page in _hostile_pages():
        text = html.unescape(page.read_text(encoding="utf-8"))
        relative = page.relative_to(_site())
        section = relative.parts[0] if len(relative.parts) > 1 else ""
        if MARK in text[text.find("<article") : text.find("</article>")] or section not in chosen:
            chosen[relative.as_posix() if section in chosen else section] = page
    return sorted(chosen.values())


def test_no_page_holds_a_handler_a_script_link_a_frame_or_a_hostile_script() -> None:
    findings = {}
    for page in _site().rglob("*.html"):
        reader = _Findings()
        reader.feed(page.read_text(encoding="utf-8"))
        if reader.found:
            findings[page.relative_to(_site()).as_posix()] = reader.found
    assert not findings, findings


def test_every_page_carries_the_policy_naming_only_hashes() -> None:
    for page in [*_hostile_pages(), _site() / "index.html", _site() / "404.html"]:
        text = page.read_text(encoding="utf-8")
        policy = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)"', text)
        assert policy is not None and text.index(policy.group(0)) < text.index("<script"), page
        scripts = dict(part.strip().split(" ", 1) for part in policy.group(1).split(";"))["script-src"].split()
        assert scripts[0] == "'self'" and scripts[1:] and all(HASH.fullmatch(source) for source in scripts[1:]), scripts


def test_the_hostile_text_reads_as_written() -> None:
    rule = load_document(FILES["spec/house-rules/hostile-text.yaml"]).data
    page = (_site() / "house-rules" / "hostile-text" / "index.html").read_text(encoding="utf-8")
    reader = _Text()
    reader.feed(page)
    shown = " ".join(reader.text.split())
    for written in (rule["summary"], rule["clauses"]["house.hostile-text"]["text"], rule["modes"]["other"]["summary"]):
        assert " ".join(written.split()) in shown
    assert f"<title>{_escaped(rule['title'])} - euchre-spec</title>" in page


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.text = ""

    def handle_data(self, data: str) -> None:
        self.text += data


def _escaped(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&#34;").replace("'", "&#39;")


PAYLOADS = [
    "<script>window.__hostile=1</script>",
    '<img src=x onerror="window.__hostile=2">',
    "[link](javascript:window.__hostile=3)",
    "![image](javascript:window.__hostile=4)",
    '*x*{: onclick="window.__hostile=5" }',
    "`code`{: onmouseover=window.__hostile=6 }",
    "paragraph {: onclick=window.__hostile=7 }",
    "<javascript:window.__hostile=8>",
    '<div markdown="1">[x](javascript:window.__hostile=9)</div>',
    '!!! note "x"\n\n    <script>window.__hostile=10</script>',
    "- [x](javascript:window.__hostile=11)",
    "a | b | [c](javascript:window.__hostile=12)",
    "x\\[y](javascript:window.__hostile=13)",
    "&lt;script&gt;window.__hostile=14&lt;/script&gt;",
]
EXTENSIONS = ["toc", "tables", "attr_list", "def_list", "md_in_html", "admonition", "pymdownx.details", "pymdownx.superfences"]


@pytest.mark.parametrize("payload", PAYLOADS)
@pytest.mark.parametrize("where", ["paragraph", "heading", "table cell", "prose"])
def test_escaped_text_makes_no_markup_wherever_a_page_puts_it(payload: str, where: str) -> None:
    import markdown

    from docs_gen.markup import esc, prose, table

    page = {
        "paragraph": lambda: esc(payload),
        "heading": lambda: f"## {esc(payload)} {{ #anchor }}",
        "table cell": lambda: table(["A", "B"], [(esc(payload), "x")]),
        "prose": lambda: prose(f"see `{payload}` and {payload}"),
    }[where]()
    rendered = markdown.markdown(page, extensions=EXTENSIONS)
    reader, text = _Findings(), _Text()
    reader.feed(rendered)
    text.feed(rendered)
    assert reader.found == []
    assert not re.search(r"<(?!/?(p|h2|table|thead|tbody|tr|th|td|pre|code|a class=\"headerlink\")\b)", rendered), rendered
    written = payload.replace("`", "") if where == "prose" else payload  # prose shows its code spans as code
    assert " ".join(written.split()) in " ".join(text.text.split())


# --- in the browser --------------------------------------------------------------------------------

needs_a_browser = pytest.mark.skipif(bool(BROWSER_MISSING) and os.environ.get("CI") != "true", reason=BROWSER_MISSING)

FOUND_IN_THE_PAGE = """
const all = [...document.querySelectorAll('*')];
const handlers = all.flatMap(e => [...e.attributes].filter(a => a.name.startsWith('on')).map(a => e.tagName + ' ' + a.name));
const urls = all.flatMap(e => ['href', 'src', 'action', 'formaction', 'data'].map(name => e.getAttribute(name) || ''));
const links = urls.filter(u => /^\\s*(javascript|vbscript|data):/i.test(u));
const frames = [...document.querySelectorAll('iframe, frame, object, embed')].map(e => e.tagName);
return {ran: window.__hostile === undefined ? null : window.__hostile, handlers, links, frames};
"""
THEME_RAN = "return typeof window.__md_get === 'function'"
"""The theme's first inline script defines __md_get: it runs only if the policy names it by its hash."""


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with chromium(tmp_path_factory.mktemp("chromium-profile")) as driver:
        yield driver


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    with serving(_site()) as url:
        yield url


def _policy_reports(browser: Any) -> list[str]:
    return [entry["message"] for entry in browser.get_log("browser") if "Content Security Policy" in entry["message"]]


@needs_a_browser
def test_no_script_of_a_spec_file_runs_on_any_page_that_shows_it(browser: Any, base_url: str) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    pages = _pages_to_open()
    assert len(pages) >= 10, pages  # the pages of each place the text is shown in, and a page of each section
    for page in pages:
        address = base_url + page.relative_to(_site()).as_posix().removesuffix("index.html")
        browser.get(address)
        WebDriverWait(browser, 15).until(lambda b: b.execute_script("return document.readyState") == "complete")
        found = browser.execute_script(FOUND_IN_THE_PAGE)
        assert found == {"ran": None, "handlers": [], "links": [], "frames": []}, address
        assert browser.execute_script(THEME_RAN), f"{address}: the theme's own inline script did not run"
        assert _policy_reports(browser) == [], f"{address}: the policy refused some of the site's own scripts"


@needs_a_browser
def test_the_policy_refuses_a_script_put_into_the_page(browser: Any, base_url: str) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get(base_url + "house-rules/hostile-text/")
    browser.get_log("browser")  # what loading the page said is not what this test looks at
    browser.execute_script(
        "const s = document.createElement('script'); s.textContent = 'window.__hostile = 999'; document.body.append(s);"
        "const i = document.createElement('img'); i.setAttribute('onerror', 'window.__hostile = 998'); i.src = 'x:';"
        "document.body.append(i);"
    )
    reports: list[str] = []

    def refused_both(driver: Any) -> bool:
        reports.extend(_policy_reports(driver))
        return len(reports) >= 2

    WebDriverWait(browser, 15).until(refused_both)
    assert browser.execute_script("return window.__hostile === undefined")
