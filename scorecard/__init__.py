"""Progressive scorecards: the cards of a progressive euchre session, audited under the rules they name.

At a progressive party every player keeps a card of their own: the points written hand by hand at
each table, the game's total, the session's total at the scorer's table, and (under some rules) a
mark for each lone hand made. A card is checked by another player and then cannot be changed, so
a slip in adding up, a value no hand can score or a game of one hand too many decides the prize.
`euchre-spec audit SESSION.yaml` reads such a session (schemas/scorecard.schema.json):

- `card`: the file read strictly and checked against its schema, every value located;
- `values`: what one hand can put on a side's score and on a player's own card under the rules;
- `audit`: the session checked table by table, hand by hand, then the players' totals;
- `findings`, `report`: what the audit finds, as text or JSON, and its exit code.
"""

from __future__ import annotations

from .audit import audit_scorecard
from .card import Scorecard, ScorecardUnreadable, looks_like_scorecard, read_scorecard
from .findings import Finding, ScorecardAudit

__all__ = [
    "Finding",
    "Scorecard",
    "ScorecardAudit",
    "ScorecardUnreadable",
    "audit_scorecard",
    "looks_like_scorecard",
    "read_scorecard",
]
