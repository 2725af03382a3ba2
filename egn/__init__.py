"""Euchre Game Notation (EGN): auditing recorded games, and writing our games as EGN.

EGN is the JSON notation of the NextSuit-Labs/euchre-game-notation project (EGN 1.x), used by
some tournament sites to record games. A record lists each deal's dealer and up-card, the calls,
and the cards of each trick in the order played; it leaves out seats, trick winners and scores,
which a reader is meant to work out by the rules. That is what this package does with our rules:

- `notation`: reading a record strictly (JSON, our schemas/egn.schema.json) and EGN's card codes;
- `upgrade`: an EGN 1.0 or 1.1 record brought to 1.4 as EGN's own upgrade tool does it;
- `mapping`: EGN's ruleset flags to one of our variants plus house rules, and what cannot map;
- `findings`: what an audit reports: findings with a code, severity and place, per hand and per record;
- `layout`: each recorded card given its seat, and a deal rebuilt that fits everything the record shows;
- `replay`: one hand replayed through the reference engine, its points derived, each broken rule
  or unverifiable check reported;
- `game`: the whole record audited hand by hand, with the dealer rotation, the running and final
  score and the end of the game checked;
- `match`: EMN match files (several games): each game audited, and the match result checked;
- `export`: a game played by our engine written as EGN, so the two directions round-trip.

None of the EGN project's code is used; the format is implemented from its public description.
"""

from __future__ import annotations

from .findings import AuditReport
from .game import audit
from .mapping import RulesMapping, map_ruleset
from .notation import EgnRecord, EgnUnreadable, parse_egn, read_egn

__all__ = ["AuditReport", "EgnRecord", "EgnUnreadable", "RulesMapping", "audit", "map_ruleset", "parse_egn", "read_egn"]
