"""The marks an outcome is shown with: a symbol and a colour of its own for each, and a graded bar
for a share of scenarios passed, so a reader tells pass from expected failure from skip at a
glance, and 85% from 100%. The symbol carries the meaning; the colour only repeats it.
"""

from __future__ import annotations

from collections.abc import Mapping

from conformance.reports.badges import Share
from conformance.suite.outcomes import STATUSES

from .markup import esc

SYMBOLS = {
    "pass": "✓",
    "fail": "✗",
    "error": "⚠",
    "crash": "☠",
    "timeout": "…",
    "skipped": "–",
    "not_applicable": "⊘",
    "invalid": "?",
    "xfail": "⚑",
    "xpass": "✪",
}
WORDS = {
    "pass": "pass",
    "fail": "fail",
    "error": "error",
    "crash": "crash",
    "timeout": "timeout",
    "skipped": "skipped (not played)",
    "not_applicable": "not applicable",
    "invalid": "invalid scenario",
    "xfail": "expected failure",
    "xpass": "listed as expected failure, but passes",
}


def mark(status: str, title: str = "") -> str:
    """One outcome's mark; `title` (shown on hover) says more than the word."""
    said = f"{WORDS[status]}: {title}" if title else WORDS[status]
    return f'<span class="mark mark-{status}" title="{esc(said)}" aria-label="{esc(WORDS[status])}">{SYMBOLS[status]}</span>'


def counts(found: Mapping[str, int]) -> str:
    """Outcome counts as marks with numbers, in the runner's order of outcomes."""
    shown = [f'<span class="count">{mark(s)} {found[s]}</span>' for s in STATUSES if found.get(s)]
    return " ".join(shown) or "—"


def grade(found: Share) -> str:
    """A share passed as a bar coloured by grade, with its figure."""
    percent = found.percent
    width = 0.0 if percent is None else percent
    return (
        f'<span class="grade grade-{found.color}" title="must-level scenarios passed">'
        f'<span class="grade-bar"><span style="width: {width:.1f}%"></span></span> {esc(found.text)}</span>'
    )


def legend(statuses: tuple[str, ...] = STATUSES) -> str:
    """What each mark means, for the top of a page that uses them."""
    return " · ".join(f"{mark(s)} {WORDS[s]}" for s in statuses)
