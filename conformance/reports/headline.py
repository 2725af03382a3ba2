"""The one line a run ends with: must-level compliance, and plainly what was not run and why.

A share means something only next to what it is a share of. `0/0 = 0.0%` says nothing, and
`40/40 = 100.0%` beside ten scenarios that were never sent reads as a clean run; so when nothing
applicable was run the line says so and gives the reason the outcomes carry, and scenarios left
out because they are invalid are named as not run, with the first one's reason.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from conformance.suite.outcomes import NOT_CHECKED
from ruleset import builtin_catalog

LEVEL = "must"


def headline(report: dict[str, Any]) -> str:
    """The verdict line of a report (schemas/report.schema.json)."""
    must = report["summary"]["must"]
    counts = report["summary"]["counts"]
    results = report["results"]
    if not must["applicable"]:
        return f"Compliance ({LEVEL}): not measured, no {LEVEL}-level scenario was run: {_why_none(report)}"
    share = 100.0 * must["passed"] / must["applicable"]
    line = f"Compliance ({LEVEL}): {must['passed']}/{must['applicable']} = {share:.1f}%"
    other = ", ".join(f"{counts[s]} {s}" for s in ("skipped", "not_applicable", "xfail", "xpass") if counts.get(s))
    if other:
        line += f"  ({other})"
    invalid = [result for result in results if result["status"] == "invalid"]
    if invalid:
        first = invalid[0]
        were = "was" if len(invalid) == 1 else "were"
        line += (
            f"; {len(invalid)} more {_scenarios(len(invalid))} {were} not run because invalid (the reference engine"
            f" does not pass {'it' if len(invalid) == 1 else 'them'}), the first {first['id']}: {first.get('message', '')}"
        )
    staging = report["summary"].get("staging")
    if staging:
        line += f"; staging scenarios, not counted: {staging['passed']}/{staging['applicable']} passed"
    return line


def _why_none(report: dict[str, Any]) -> str:
    """Why no scenario of the level was sent and answered, from the engine's handshake and the outcomes."""
    results = report["results"]
    if not results:
        return "no scenario was selected"
    declared = list(report["engine"].get("variants", []))
    if not set(declared) & set(builtin_catalog().variants) and not set(declared) & {r["variant"] for r in results}:
        shown = ", ".join(repr(variant) for variant in declared) or "none"
        return f"the engine declares no variant of the suite (it declares {shown})"
    at_level = [result for result in results if result["level"] == LEVEL]
    if not at_level:
        levels = ", ".join(sorted({result["level"] for result in results}))
        ran = sum(1 for result in results if result["status"] not in NOT_CHECKED)
        passed = sum(1 for result in results if result["status"] in ("pass", "xpass"))
        at_all = f"at every level, {passed}/{ran} passed" if ran else "none of them was run either"
        return f"none of the {len(results)} selected {_scenarios(len(results))} is {LEVEL}-level (they are {levels}); {at_all}"
    variants = {result["variant"] for result in at_level}
    if not variants & set(declared):
        return (
            f"the engine plays none of their variants (it plays {', '.join(declared) or 'none'};"
            f" the {LEVEL}-level scenarios are of {', '.join(sorted(variants))})"
        )
    return "; ".join(_reasons(at_level, status) for status in NOT_CHECKED if any(r["status"] == status for r in at_level))


def _reasons(results: list[dict[str, Any]], status: str) -> str:
    """How many ended so, and the reason most of them give."""
    messages = Counter(result.get("message", "") for result in results if result["status"] == status)
    total = sum(messages.values())
    reason, count = messages.most_common(1)[0]
    more = f"; {total - count} for other reasons" if count < total else ""
    word = {"not_applicable": "not applicable"}.get(status, status)
    return f"{total} {word} ({reason or 'no reason given'}{more})"


def _scenarios(count: int) -> str:
    return "scenario" if count == 1 else "scenarios"
