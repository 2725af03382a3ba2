"""The mutation score page: how many of the readings the spec rejects the suite catches, per clause.

The figures are those `euchre-spec scenarios mutants --json bench/mutation-score.json` stored
(playing every reading on the suite takes minutes, too long for a site build); the test suite
checks that the stored file still lists every reading the spec records.
"""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

from .context import Context, Page
from .data import PROJECT
from .markup import cite, code, esc, plural, table

SCORE = PROJECT / "bench" / "mutation-score.json"
SHOWN = 3


def mutation_page(ctx: Context) -> Page:
    parts = [
        "# Mutation score\n",
        "Where the sources disagree, each spec file records the reading it follows and the readings it rejects. Every "
        "rejected reading the rules can express is played here as a wrong engine: the reference engine given the rules "
        "with that reading in place. A suite worth trusting fails each of them in at least one scenario; the hand-written "
        "wrong engines of the test suite (a revoke accepted, trump ignored in tricks, and more) are caught the same way. "
        "Refreshed with `euchre-spec scenarios mutants --json bench/mutation-score.json`.\n",
    ]
    if not SCORE.exists():
        parts.append("No score has been stored yet: run the command above.\n")
        return Page("mutation-score.md", "Mutation score", "\n".join(parts))
    data: dict[str, Any] = json.loads(SCORE.read_text(encoding="utf-8"))
    parts.append(
        f"**{data['caught']} of {data['expressible']}** readings that the rules can express are caught "
        f"({plural(data['readings'], 'reading')} recorded in all).\n"
    )
    by_clause: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in data["mutants"]:
        by_clause[row["clause"]].append(row)
    rows = []
    for clause, mutants in by_clause.items():
        expressible = [m for m in mutants if m["status"] in ("caught", "not caught")]
        if not expressible:
            continue
        caught = [m for m in expressible if m["status"] == "caught"]
        first = sorted({scenario for m in caught for scenario in m["caught_by"][:SHOWN]})[:SHOWN]
        rows.append(
            (
                cite("clause", clause) if clause else "",
                "<br>".join(f"{esc(m['reading'])} (`{esc(m['file'])}`)" for m in expressible),
                f"{len(caught)} of {len(expressible)}",
                ", ".join(cite("scenario", s) for s in first if s in ctx.scenario_ids),
            )
        )
    parts.append("## Per clause\n")
    parts.append(table(["Clause", "Readings played", "Caught", "Caught by, among others"], rows))
    others = [m for m in data["mutants"] if m["status"] not in ("caught", "not caught")]
    if others:
        parts.append("## Readings not played\n")
        parts.append(
            table(
                ["File", "Setting", "Reading", "Why not"],
                [(code(m["file"]), code(m["pointer"]), esc(m["reading"]), esc(m["why_not"] or "")) for m in others],
            )
        )
    return Page("mutation-score.md", "Mutation score", "\n".join(parts))
