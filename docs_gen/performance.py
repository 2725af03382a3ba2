"""The performance page: the figures `bench/playouts.py --json bench/results.json` measured.

The page shows the stored figures with the machine they were measured on, rather than timing
anything during the build: a site build is no benchmark, and figures without their machine mean
little. Re-run the benchmark to refresh them.
"""

from __future__ import annotations

import json
from typing import Any

from .context import Context, Page
from .data import PROJECT
from .markup import esc, plural, table

RESULTS = PROJECT / "bench" / "results.json"


def performance_page(ctx: Context) -> Page:
    parts = [
        "# Performance\n",
        "How fast the reference engine plays, next to OpenSpiel's Euchre measured the same way in the same run, and how "
        "long the conformance suite takes in process and over the harness protocol. Measured with "
        "`PYTHONPATH=. .venv/bin/python bench/playouts.py --json bench/results.json`; a ratio above 1 means the reference "
        "engine is faster.\n",
    ]
    if not RESULTS.exists():
        parts.append("No figures have been stored yet: run the command above.\n")
        return Page("performance.md", "Performance", "\n".join(parts))
    results: dict[str, Any] = json.loads(RESULTS.read_text(encoding="utf-8"))
    machine = results.get("machine", {})
    parts.append(
        "Measured on "
        + esc(f"{machine.get('platform')}, {machine.get('python')}, {machine.get('cpu_count')} CPUs")
        + (f", OpenSpiel {esc(str(machine['open_spiel']))}" if machine.get("open_spiel") else "")
        + ".\n"
    )
    parts.append("## Random playouts and replays\n")
    rows = [
        (
            esc(f["variant"]),
            f["mode"],
            esc(f["engine"]),
            f"{f['hands_per_second']:,.0f}",
            f"{f['ratio']:.2f}" if f.get("ratio") is not None else "",
        )
        for f in results.get("figures", [])
    ]
    parts.append(table(["Variant", "Mode", "Engine", "Hands per second", "Reference / OpenSpiel"], rows))
    suite = results.get("suite")
    if suite:
        n = suite["scenarios"]
        parts.append("## The conformance suite\n")
        parts.append(
            table(
                ["Run", "Seconds", "Scenarios per second"],
                [
                    ("in process", f"{suite['in_process_seconds']:.2f}", f"{n / suite['in_process_seconds']:,.0f}"),
                    ("over the protocol", f"{suite['protocol_seconds']:.2f}", f"{n / suite['protocol_seconds']:,.0f}"),
                ],
            )
        )
        parts.append(
            f"{plural(n, 'scenario')}; the protocol costs {suite['protocol_cost']:.2f} times the in-process run "
            "(the goal is at most 2). Validating every spec file and "
            f"{plural(suite['compositions_validated'], 'composition')} of variants and house rules took "
            f"{suite['validation_seconds']:.2f} s.\n"
        )
    return Page("performance.md", "Performance", "\n".join(parts))
