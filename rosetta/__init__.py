"""The Rosetta: other platforms' settings read as our variant and house rules, and written back.

Every platform encodes table rules its own way: EGN's ruleset flags, OpenSpiel's game strings,
Trickster Cards' game options, an open engine's constructor switches. None maps to another; each
maps to ours. One table per platform (`rosetta/platforms/*.yaml`, schema
`schemas/platform-table.schema.json`) says, setting by setting and value by value, which of our
house rules (with modes) or variants the value means, or why nothing of ours says it, and cites
where the platform documents the setting. The code only reads the tables:

- `tables`: loading and checking the tables (against the schema and the catalog);
- `syntax`: the settings as each platform writes them (JSON, a game string, `key=value` words);
- `ours`: our side normalized, so that two ways of saying the same rules compare equal;
- `reading`: settings to rules (`euchre-spec rules from-ID`), refusing by name what has no counterpart;
- `writing`: rules to settings (`euchre-spec rules to-ID`), refusing by name what no setting says;
- `commands`: the `rules` command.
"""

from __future__ import annotations

from .reading import SettingLine, Translation, read_settings
from .syntax import SettingsUnreadable, parse, write
from .tables import Platform, Setting, platform, platforms
from .writing import Written, write_settings

__all__ = [
    "Platform",
    "Setting",
    "SettingLine",
    "SettingsUnreadable",
    "Translation",
    "Written",
    "parse",
    "platform",
    "platforms",
    "read_settings",
    "write",
    "write_settings",
]
