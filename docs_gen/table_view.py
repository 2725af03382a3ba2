"""A worked example you can step through: the reference engine's observations, exported into the page.

At build time the scenario (or a rules-diff witness) is played on the reference engine in
process, through the same run request every engine gets; the observation before the first
action and after each action is kept, cut to what a reader sees at a table (the hands, the trick,
trump, who acts, the tricks and the scores). The page carries it as JSON inside the block, and
`docs/javascripts/table-view.js` draws the seats around a table with one step per click or key.
Nothing is computed in the browser: it shows what the engine said.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from conformance.engines.reference import ReferenceEngine
from conformance.suite.requests import run_request
from ruleset.compiled.rules import Rules

from .hands import seat_label, special_names

KEPT = (
    "phase",
    "to_act",
    "dealer",
    "up_card",
    "trump",
    "maker",
    "maker_alone",
    "sitting_out",
    "hands",
    "dummy",
    "trick",
    "tricks_won",
    "scores",
    "hand_number",
    "hand_over",
)
"""The observation fields the table shows."""


def table_view(
    ident: str, rules: Rules, deals: Sequence[dict[str, Any]], actions: Sequence[str], start: Any = None, games_won: Any = None
) -> str:
    """The HTML block of a stepped example, or an empty string when the engine cannot play it (`games_won`: a match's)."""
    script = [(int(seat), action) for seat, action in (text.split(" ", 1) for text in actions)]
    request = run_request(ident, rules.variant_id, rules.house_rules, rules.document, deals, script, start, games_won)
    reply = ReferenceEngine().handle(request)
    if not reply or reply.get("type") != "result":
        return ""
    steps = [{key: observation.get(key) for key in KEPT} for observation in reply["observations"]]
    dealer = steps[0]["dealer"] if steps else None
    data = {
        "id": ident,
        "seats": [seat_label(rules, seat, dealer) for seat in range(rules.players)],
        "teams": [rules.team_of[seat] for seat in range(rules.players)] if rules.is_partnership() else None,
        "names": special_names(dict(rules.document)),
        "actions": list(actions),
        "steps": steps,
    }
    text = json.dumps(data, separators=(",", ":")).replace("<", "\\u003c")  # no "</script>" or "<!--" can end the block
    return (
        f'<div class="table-view" data-players="{rules.players}" data-for="{ident}" markdown="0">'
        f'<script type="application/json">{text}</script>'
        '<p class="table-view-fallback">The table view needs JavaScript; the deal and the script above say the same.</p>'
        "</div>\n"
    )
