"""Badges: an engine's compliance as shields.io endpoint files, written beside its report.

A project that runs the suite on its engine can publish these files and show a badge that
follows its latest run, the way conformance suites of other languages show theirs. The format
is shields.io's endpoint badge (`schemaVersion` 1, `label`, `message`, `color`; described by
schemas/badge.schema.json). One file gives the engine's must-level compliance; one per variant
gives it on that variant alone, so an engine that plays two variants well and a third badly
cannot hide the third behind its total.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from conformance.suite.outcomes import NOT_CHECKED
from documents.writing import write_text

BADGES = "badges"
COMPLIANCE = "compliance"
GRADES = ((100.0, "brightgreen"), (95.0, "green"), (85.0, "yellowgreen"), (70.0, "yellow"), (50.0, "orange"), (0.0, "red"))
"""Lowest share of must-level scenarios passed (in %) for each colour, best first: 85% is not 100%."""
NOTHING = "lightgrey"
MAX_FILE_NAME = 100
"""Characters of a badge's file name, well below a file system's 255 bytes: an engine may declare any variant id
in its handshake, and one too long to be a file name gets no badge (no variant of the spec comes near it)."""


@dataclass(frozen=True)
class Share:
    """Must-level scenarios passed out of those that were checked (skipped and not applicable ones left out)."""

    passed: int
    applicable: int

    @property
    def percent(self) -> float | None:
        return 100.0 * self.passed / self.applicable if self.applicable else None

    @property
    def color(self) -> str:
        percent = self.percent
        if percent is None:
            return NOTHING
        return next(color for floor, color in GRADES if percent >= floor)

    @property
    def text(self) -> str:
        percent = self.percent
        if percent is None:
            return "nothing checked"
        shown = f"{percent:.1f}".removesuffix(".0")
        return f"{shown}% ({self.passed}/{self.applicable})"


def share(results: list[dict[str, Any]], variant: str | None = None) -> Share:
    """Must-level compliance over a report's results, on one variant or all of them (as the summary counts it)."""
    chosen = [
        r for r in results if r["level"] == "must" and not r.get("staging") and (variant is None or r["variant"] == variant)
    ]
    applicable = [r for r in chosen if r["status"] not in NOT_CHECKED]
    return Share(sum(1 for r in applicable if r["status"] in ("pass", "xpass")), len(applicable))


def endpoint(label: str, found: Share) -> dict[str, Any]:
    return {"schemaVersion": 1, "label": label, "message": found.text, "color": found.color}


def badges(report: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """File name -> endpoint JSON: the engine's compliance, then one per variant the engine plays."""
    results = report["results"]
    found = {f"{COMPLIANCE}.json": endpoint(f"euchre-spec {report['suite_version']}", share(results))}
    for variant in report["engine"]["variants"]:
        if len(variant) + len(".json") <= MAX_FILE_NAME:
            found[f"{variant}.json"] = endpoint(variant, share(results, variant))
    return found


def write_badges(report: dict[str, Any], folder: Path) -> Path:
    """Write every badge into FOLDER/badges/ (old files of variants no longer played removed); return the folder."""
    target = folder / BADGES
    target.mkdir(parents=True, exist_ok=True)
    made = badges(report)
    for old in target.glob("*.json"):
        if old.name not in made:
            old.unlink()
    for name, data in made.items():
        write_text(target / name, json.dumps(data, indent=2) + "\n")
    return target
