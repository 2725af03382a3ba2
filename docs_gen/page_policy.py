"""The Content-Security-Policy of every page: the theme's inline scripts named by their hashes.

Text from spec files and reports reaches pages escaped (`docs_gen.markup.esc`); the policy is the
second wall, should an escape ever be missed: a browser runs no script but the site's own files
and the inline scripts the theme writes around each page, so a `<script>` in a page's text, an
inline handler (`onerror=`) or a `javascript:` link does nothing. The theme's inline scripts
differ from page to page (they carry the page's relative base URL), so their hashes are taken
from each rendered page: every inline script outside the page's own content is the theme's.

overrides/main.html writes the policy first in the head, with PLACEHOLDER where the hashes go.
The live preview (`mkdocs serve`) injects a reload script of its own into every page, which no
hash can name in advance, so there the placeholder allows inline scripts instead.
"""

from __future__ import annotations

import base64
import hashlib
import re

PLACEHOLDER = "THEME_INLINE_SCRIPTS"
"""Where overrides/main.html leaves room for the inline scripts the policy allows."""

PREVIEW = "'unsafe-inline'"
"""What the live preview allows instead: its reload script is added after the page is written."""

_INLINE_SCRIPT = re.compile(r"<script(?P<attributes>[^>]*)>(?P<body>.*?)</script\s*>", re.DOTALL | re.IGNORECASE)
_NOT_RUN = re.compile(r"""\b(?:src\s*=|type\s*=\s*["']?application/json)""", re.IGNORECASE)
"""A script with a source file is allowed as the site's own; a JSON data block is not run at all."""


class MissingPolicy(Exception):
    """A page without the policy's placeholder: the theme override is not in use."""


def sealed(output: str, content: str | None, preview: bool = False) -> str:
    """The page with its policy complete: the hashes of the theme's inline scripts (those outside `content`)."""
    head, found, rest = output.partition(PLACEHOLDER)
    if not found:
        raise MissingPolicy("the page has no Content-Security-Policy: mkdocs.yml must name overrides/ as the theme's custom_dir")
    if preview:
        return head + PREVIEW + rest
    theirs = rest.replace(content, "", 1) if content else rest
    return head + " ".join(f"'sha256-{digest}'" for digest in inline_script_hashes(theirs)) + rest


def inline_script_hashes(html: str) -> list[str]:
    """The base64 SHA-256 of every inline script that runs, as a policy names them, sorted and each once."""
    bodies = (found["body"] for found in _INLINE_SCRIPT.finditer(html) if not _NOT_RUN.search(found["attributes"]))
    return sorted({base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode("ascii") for body in bodies})


ARTICLE = '<article class="md-content__inner md-typeset">'
"""Where the theme writes a page's own content (the Material theme, and Zensical's built on it)."""


def seal_built_page(output: str) -> str:
    """A page sealed after it was built (by a generator that runs no hooks, which gives no page's content apart):
    its content is the theme's article, up to the article's last end tag, since the page's own text holds none."""
    start = output.find(ARTICLE)
    end = output.rfind("</article>")
    return sealed(output, output[start:end] if 0 <= start < end else None)
