"""The rules site, generated from the spec, the scenarios, the schemas and the reports.

`generate(load_site_data())` returns every page as Markdown with the navigation and the index
of citable ids; `site_sources` writes them to disk, where MkDocs (through `mkdocs_hook`,
`python3 tasks.py site`) and Zensical (`python3 tasks.py zensical`) build them. Nothing here
restates a rule: each page is a view of data the tests also read, so the site and the tests
cannot disagree.
"""

from __future__ import annotations

from .citations import Citation, Index, UnknownCitations, find_citations, unknown_citations
from .data import SiteData, load_reports, load_site_data
from .site import Site, generate

__all__ = [
    "Citation",
    "Index",
    "Site",
    "SiteData",
    "UnknownCitations",
    "find_citations",
    "generate",
    "load_reports",
    "load_site_data",
    "unknown_citations",
]
