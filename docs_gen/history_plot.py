"""The history page: each engine's must-level compliance over the suite's versions, drawn at
build time as an inline SVG from the results log (conformance/history.jsonl), with the figures
in a table below it. Nothing is loaded from elsewhere: the page is the drawing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from conformance.reports.badges import Share

from .context import Context, Page
from .marks import grade
from .markup import esc, table

PAGE = "results/history.md"
WIDTH, HEIGHT = 640, 300
LEFT, RIGHT, TOP, BOTTOM = 48, 16, 16, 40
INSET = 48
"""Room between the plot's frame and its first and last suite versions, so the points drawn side by side and the
labels centred under them stay inside the drawing (a label is about 80 units wide, the side-by-side nudge 12 a line)."""
PALETTE = ("#2e7d32", "#1565c0", "#ef6c00", "#6a1b9a", "#c62828", "#00838f")


def history_page(ctx: Context) -> Page:
    latest = _latest(ctx.data.history)
    parts = [
        "# History\n",
        "Each engine's must-level compliance over the suite's versions, from the results log `conformance/history.jsonl` "
        "(one line per run, schema `schemas/history.schema.json`). A run is added to it with "
        "`euchre-spec conform --engine ENGINE --history conformance/history.jsonl`, or for every engine we keep a log of "
        "with `python3 tasks.py history`. Where a suite version was run more than once, its latest run is shown.\n",
    ]
    if not latest:
        parts.append("The results log is empty.\n")
        return Page(PAGE, "History", "\n".join(parts))
    parts.append(plot(latest))
    rows = [
        (
            esc(e["suite_version"]),
            esc(e["engine"]["name"]),
            esc(e["engine"]["version"]),
            grade(Share(e["must"]["passed"], e["must"]["applicable"])),
            str(e["total"]),
            esc(e["date"]),
        )
        for e in sorted(latest, key=lambda e: (_version_key(e["suite_version"]), e["engine"]["name"]))
    ]
    parts.append(table(["Suite", "Engine", "Engine version", "Must pass", "Scenarios", "Run"], rows))
    return Page(PAGE, "History", "\n".join(parts))


def plot(entries: Sequence[dict[str, Any]]) -> str:
    """An SVG line chart: suite versions across, percent passed up, a line and a colour per engine."""
    versions = sorted({e["suite_version"] for e in entries}, key=_version_key)
    names = sorted({e["engine"]["name"] for e in entries})
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(version: str) -> float:
        index = versions.index(version)
        span = inner_w - 2 * INSET
        return LEFT + INSET + (span / 2 if len(versions) == 1 else span * index / (len(versions) - 1))

    def y(percent: float) -> float:
        return TOP + inner_h * (1 - percent / 100)

    shapes = [f'<rect x="{LEFT}" y="{TOP}" width="{inner_w}" height="{inner_h}" class="plot-area"/>']
    for tick in (0, 25, 50, 75, 100):
        shapes.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(tick):.1f}" y2="{y(tick):.1f}" class="plot-grid"/>')
        shapes.append(f'<text x="{LEFT - 6}" y="{y(tick) + 4:.1f}" text-anchor="end" class="plot-label">{tick}%</text>')
    for version in versions:
        label = f'<text x="{x(version):.1f}" y="{HEIGHT - BOTTOM + 18}" text-anchor="middle" class="plot-label">'
        shapes.append(label + f"suite {esc(version)}</text>")
    for number, name in enumerate(names):
        colour = PALETTE[number % len(PALETTE)]
        points = sorted((e for e in entries if e["engine"]["name"] == name), key=lambda e: _version_key(e["suite_version"]))
        nudge = (number - (len(names) - 1) / 2) * 12  # engines with the same figure stand side by side, not on top
        xy = [(x(e["suite_version"]) + nudge, y(_percent(e)), e) for e in points]
        if len(xy) > 1:
            path = " ".join(f"{px:.1f},{py:.1f}" for px, py, _ in xy)
            shapes.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"/>')
        for px, py, e in xy:
            said = f"{name}, suite {e['suite_version']}: {_percent(e):.1f}% ({e['must']['passed']}/{e['must']['applicable']})"
            circle = f'<circle cx="{px:.1f}" cy="{py:.1f}" r="5" fill="{colour}" class="plot-point">'
            shapes.append(f"{circle}<title>{esc(said)}</title></circle>")
    legend = " ".join(
        f'<span class="plot-key"><span class="plot-swatch" style="background: {PALETTE[i % len(PALETTE)]}"></span>'
        f"{esc(name)}</span>"
        for i, name in enumerate(names)
    )
    svg = (
        f'<svg class="history-plot" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="Must-level compliance of each engine over suite versions">{"".join(shapes)}</svg>'
    )
    return f'<figure class="history" markdown="0">{svg}<figcaption>{legend}</figcaption></figure>\n'


def _latest(entries: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The latest run of each engine at each suite version."""
    found: dict[tuple[str, str], dict[str, Any]] = {}
    for e in sorted(entries, key=lambda e: str(e["date"])):
        found[(e["engine"]["name"], e["suite_version"])] = e
    return list(found.values())


def _percent(entry: dict[str, Any]) -> float:
    must = entry["must"]
    return 100.0 * must["passed"] / must["applicable"] if must["applicable"] else 0.0


def _version_key(version: str) -> tuple[tuple[int, int, str], ...]:
    """1.10.0 after 1.9.0: numeric parts compared as numbers, others as text after them."""
    return tuple((0, int(part), "") if part.isdigit() else (1, 0, part) for part in version.split("."))
