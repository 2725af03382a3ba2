"""EGN 1.0 and 1.1 records brought to 1.4, the way EGN's own `egn-upgrade` tool brings them.

EGN 1.1 renamed the snake_case fields of 1.0 to camelCase (`player_cards` to `playerCards`,
`calls_annotations` to `callAnnotations`, `tricks_annotations` to `playAnnotations`, ...), and
1.2 dropped fields a reader can work out or that only a video player used (`kitty`,
`initialLead`, `timings`, `views`, `layouts`, `videoUrl`, `viewSwitches`, `screens`). EGN's
upgrade tool (src/cli-upgrade.ts in NextSuit-Labs/euchre-game-notation) renames and drops those
keys wherever they occur in the record, renames `max_deals` to `num_deals`, and stamps the
current version; this module does exactly that, and also says what it changed, so the audit can
tell the reader that it judged an upgraded record. A dropped `kitty` or `initialLead` costs the
audit nothing: the replay works both out from the rest of the record.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from documents.errors import join_pointer

OLD_VERSION = re.compile(r"^1\.[01](\.[0-9]+)?$")
"""The versions EGN's upgrade tool is for; 1.2 and later are read as they are."""

RENAMED = {
    "calls_annotations": "callAnnotations",
    "tricks_annotations": "playAnnotations",
    "player_cards": "playerCards",
    "card_exchanges": "cardExchanges",
    "match_id": "gameId",
    "matchId": "gameId",
    "initial_score": "initialScore",
    "initial_state": "initialState",
    "phase_number": "phaseNumber",
    "is_alone": "isAlone",
    "alone_defender": "aloneDefender",
    "play_annotations": "playAnnotations",
    "alternative_lines": "alternativeLines",
    "branch_index": "branchIndex",
    "up_card": "upCard",
    "file_type": "fileType",
    "max_deals": "num_deals",
    "player_ids": "playerIds",
}
DROPPED = frozenset({"kitty", "initialLead", "timings", "views", "layouts", "videoUrl", "viewSwitches", "screens"})


@dataclass(frozen=True)
class Upgrade:
    """A record brought to a newer version: the new data, the versions, and what was changed."""

    data: dict[str, Any]
    from_version: str
    to_version: str
    changes: tuple[str, ...]
    pointers: dict[str, str]
    """Old JSON pointer -> new one, for every value whose path a rename changed."""

    def summary(self) -> str:
        done = "; ".join(self.changes)
        return f"the record is EGN {self.from_version}, upgraded to {self.to_version} as EGN's egn-upgrade does: {done}"


def needs_upgrade(data: Any) -> bool:
    return isinstance(data, dict) and isinstance(data.get("version"), str) and bool(OLD_VERSION.match(data["version"]))


def upgrade(data: dict[str, Any], to_version: str) -> Upgrade:
    """`data` (an EGN 1.0 or 1.1 record) as EGN `to_version` (our EGN_VERSION, 1.4)."""
    renamed: Counter[str] = Counter()
    dropped: Counter[str] = Counter()
    pointers: dict[str, str] = {}

    def walk(value: Any, old: str, new: str) -> Any:
        if old != new:
            pointers[old] = new
        if isinstance(value, list):
            return [walk(item, join_pointer(old, index), join_pointer(new, index)) for index, item in enumerate(value)]
        if not isinstance(value, dict):
            return value
        result: dict[str, Any] = {}
        for key, item in value.items():
            if key in DROPPED:
                dropped[key] += 1
                continue
            name = RENAMED.get(str(key), str(key))
            if name != key:
                renamed[f"{key} to {name}"] += 1
            result[name] = walk(item, join_pointer(old, key), join_pointer(new, name))
        return result

    upgraded = walk(data, "", "")
    upgraded["version"] = to_version
    changes = [f"version {data['version']} to {to_version}"]
    changes += [f"renamed {what}{_times(count)}" for what, count in sorted(renamed.items())]
    changes += [f"dropped {key}{_times(count)}" for key, count in sorted(dropped.items())]
    return Upgrade(upgraded, str(data["version"]), to_version, tuple(changes), pointers)


def _times(count: int) -> str:
    return "" if count == 1 else f" ({count} places)"
