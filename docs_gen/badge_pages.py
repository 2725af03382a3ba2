"""The badges page: each engine's shields.io endpoint files, published with the site, drawn
locally, and the Markdown to paste into a README.

The endpoint files are the ones `euchre-spec conform` writes beside a report
(conformance/reports/badges.py), made here from the same report so the site always carries the badges of
the reports it shows. shields.io fetches a published file and draws the badge; so that the page
itself needs no network, each badge is also drawn at build time (anybadge, in shields.io's flat
style) into an SVG file beside the JSON.
"""

from __future__ import annotations

import json
from urllib.parse import quote

import anybadge

from conformance.reports.badges import badges

from .context import Context, Page
from .data import Report
from .markup import esc

PUBLISHED = "https://euchre-spec.org/"
"""Where the site is published (the address the schemas' ids use): the endpoint URLs point there."""
PAGE = "results/badges.md"
FOLDER = "results/badges"
COLOURS = {
    "brightgreen": "#4c1",
    "green": "#97ca00",
    "yellowgreen": "#a4a61d",
    "yellow": "#dfb317",
    "orange": "#fe7d37",
    "red": "#e05d44",
    "lightgrey": "#9f9f9f",
}
"""shields.io's named colours, so the local drawing matches the published one."""


def badge_files(ctx: Context) -> dict[str, str]:
    """Site path -> text: every engine's endpoint JSON and its local drawing."""
    files: dict[str, str] = {}
    for report in _reports(ctx):
        for name, data in badges(report.data).items():
            stem = f"{FOLDER}/{report.slug}/{name.removesuffix('.json')}"
            files[f"{stem}.json"] = json.dumps(data, indent=2) + "\n"
            files[f"{stem}.svg"] = _drawn(data)
    return files


def badges_page(ctx: Context) -> Page:
    parts = [
        "# Badges\n",
        "With every report, `euchre-spec conform` writes shields.io endpoint files into `reports/ENGINE/badges/`: "
        "`compliance.json` for the engine's must-level compliance, and one per variant it plays. Publish them where "
        "shields.io can fetch them and paste the Markdown below into your README; the badge then follows your latest "
        "run. The files of the engines shown here are published with this site. The colour is graded: bright green "
        "only at 100%, green from 95%, yellow-green from 85%, yellow from 70%, orange from 50%, red below.\n",
    ]
    for report in _reports(ctx):
        parts.append(f"## {esc(report.title)} {{ #{report.slug} }}\n")
        rows = []
        for name, data in badges(report.data).items():
            stem = f"badges/{report.slug}/{name.removesuffix('.json')}"
            url = "https://img.shields.io/endpoint?url=" + quote(f"{PUBLISHED}{FOLDER}/{report.slug}/{name}", safe="")
            alt = esc(f"{data['label']}: {data['message']}")
            pasted = f"[![{esc(data['label'])}]({url})]({PUBLISHED})"
            rows.append(f"| ![{alt}]({stem}.svg){{ .badge }} | [`{esc(name)}`]({stem}.json) | `{pasted}` |")
        parts.append("| Badge | Endpoint file | Markdown to paste |\n| --- | --- | --- |\n" + "\n".join(rows) + "\n")
    return Page(PAGE, "Badges", "\n".join(parts))


def _reports(ctx: Context) -> list[Report]:
    return [report for report in ctx.data.reports if report.data.get("results")]


def _drawn(data: dict[str, object]) -> str:
    colour = COLOURS.get(str(data.get("color", "lightgrey")), str(data.get("color", "#9f9f9f")))
    drawing: str = anybadge.Badge(str(data["label"]), str(data["message"]), default_color=colour).badge_svg_text
    return drawing
