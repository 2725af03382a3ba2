"""A worked example you can step through: the reference engine's observations, exported into the page.

At build time the scenario (or a rules-diff witness) is played on the reference engine in
process, through the same run request every engine gets; the observation before the first
action and after each action is kept, cut to what a reader sees at a table (the hands, the trick,
trump, who acts, the tricks and the scores). The page carries it as JSON inside the block, and
`docs/javascripts/table-view.js` draws the seats around a table with one step per click or key.
Nothing is computed in the browser: it shows what the engine said. A trick the last action
completed has left the observation's `trick` already (the next trick is empty), so each step
also carries the trick it completed, if any, with its winner: the cards are those on the table
before plus the one just played, the winner the one the engine added to `trick_winners`.
When that card also ended a hand and the next was dealt at once, the observation shows the new
hand, and the winner is read off the engine's state of the hand just finished.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from conformance.engines import sdk
from conformance.engines.reference import Played, ReferenceEngine, ReferenceGames
from conformance.suite.requests import run_request
from reference_impl.engine.game import GameState
from reference_impl.engine.match import MatchState
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
    ident: str,
    rules: Rules,
    deals: Sequence[dict[str, Any]],
    actions: Sequence[str],
    start: Any = None,
    games_won: Any = None,
    legal: bool = False,
) -> str:
    """The HTML block of a stepped example, or an empty string when the engine cannot play it (`games_won`: a match's;
    `legal`: each step says what the player to act may do, as a rules diff shows where two rule sets part)."""
    steps = played_steps(ident, rules, deals, actions, start, games_won, legal)
    if steps is None:
        return ""
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


def played_steps(
    ident: str,
    rules: Rules,
    deals: Sequence[dict[str, Any]],
    actions: Sequence[str],
    start: Any = None,
    games_won: Any = None,
    legal: bool = False,
) -> list[dict[str, Any]] | None:
    """What the table shows before the first action and after each one, or None when the engine cannot play it."""
    script = [(int(seat), action) for seat, action in (text.split(" ", 1) for text in actions)]
    request = run_request(ident, rules.variant_id, rules.house_rules, rules.document, deals, script, start, games_won)
    reply = ReferenceEngine().handle(request)
    if not reply or reply.get("type") != "result":
        return None
    observations = reply["observations"]
    kept = (*KEPT, "legal_actions") if legal else KEPT
    steps = [{key: observation.get(key) for key in kept} for observation in observations]
    for index in range(1, len(steps)):
        steps[index]["completed"] = completed_trick(request, script, index, observations[index - 1], observations[index])
    return steps


def completed_trick(
    request: dict[str, Any], script: Sequence[tuple[int, str]], index: int, before: dict[str, Any], after: dict[str, Any]
) -> dict[str, Any] | None:
    """The trick that action `index` (counted from 1) completed, as {"cards": [[seat, card], ...], "winner": seat}."""
    seat, action = script[index - 1]
    if not action.startswith("play:") or after["trick"]:
        return None  # no card played, or the trick goes on (or a renege stopped the hand in the middle of it)
    cards = [*before["trick"], [seat, action.removeprefix("play:")]]
    if after.get("hand_number") == before.get("hand_number") and len(after["trick_winners"]) > len(before["trick_winners"]):
        return {"cards": cards, "winner": after["trick_winners"][-1]}
    return {"cards": cards, "winner": _last_winner_of_finished_hand(request, script[:index])}


def _last_winner_of_finished_hand(request: dict[str, Any], script: Sequence[tuple[int, str]]) -> int | None:
    """Who won the last trick of the hand `script` finished, the next hand being dealt already: the engine's own state."""
    engine = ReferenceGames()
    played: Played = engine.start(sdk.Setup.of(request))
    for seat, action in script:
        played = engine.apply(played, seat, action)
    game: GameState | None = played.game if isinstance(played, MatchState) else played
    if game is not None and game.previous_hand is None and isinstance(played, MatchState):
        game = played.last_finished_game  # the card ended the game too, and the next game is dealt
    hand = None if game is None else game.last_finished_hand
    return hand.tricks[-1][0] if hand is not None and hand.tricks else None
