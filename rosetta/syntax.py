"""Settings as each platform writes them: reading the text into keys and values, and writing it back.

Three syntaxes cover the platforms in the tables:

- `json`: an object of keys and values (Trickster Cards' GameOptionsJson, EGN's ruleset; a whole
  EGN record is accepted too, its `metadata.ruleset` read);
- `game-string`: OpenSpiel's `euchre(allow_lone_defender=true,stick_the_dealer=false)`;
- `arguments`: `key=value` words separated by commas or spaces, a bare word being a switch that is
  on; a call around them (`EuchreRules(stickTheDealer = true)`) is allowed, as pasted from code.

Values read from text (the last two) are typed by the table: `true`/`false` for a boolean, digits
for an integer. Anything that is not the platform's syntax is refused with what was expected.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from documents.errors import SpecInvalid
from documents.json_loader import parse_json

from .tables import Platform, Setting

NAME = r"[A-Za-z_][A-Za-z0-9_]*"
_ARGUMENT = re.compile(rf"\s*({NAME})\s*(?:=\s*([^,\s)]+))?\s*(?:,|\s|$)")


class SettingsUnreadable(ValueError):
    """The text is not settings in the platform's syntax; the message says what was expected."""


def parse(platform: Platform, text: str) -> dict[str, Any]:
    """The settings written in `text`, keys and values, in the order given."""
    text = text.strip()
    if platform.syntax == "json":
        return _json(platform, text)
    if platform.syntax == "game-string":
        return _typed(platform, _game_string(platform, text))
    return _typed(platform, _arguments(text))


def write(platform: Platform, settings: Mapping[str, Any]) -> str:
    """`settings` in the platform's syntax."""
    if platform.syntax == "json":
        return json.dumps(dict(settings), separators=(",", ":"))
    words = []
    for key, value in settings.items():
        setting = platform.setting(key)
        if setting is not None and setting.type == "switch":
            if value:
                words.append(key)
        else:
            words.append(f"{key}={_text(value)}")
    if platform.syntax == "game-string":
        return f"{platform.game}({','.join(words)})" if words else str(platform.game)
    return ", ".join(words)


def _text(value: Any) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def _json(platform: Platform, text: str) -> dict[str, Any]:
    try:
        data, _ = parse_json(text, "settings", with_lines=False)
    except SpecInvalid as exc:  # not JSON, a key twice, nested too deep or too big
        reason = "; ".join(error.message for error in exc.errors)
        raise SettingsUnreadable(f"{platform.title} settings are a JSON object, and these cannot be read: {reason}") from None
    if isinstance(data, dict) and isinstance(data.get("metadata"), dict) and "ruleset" in data["metadata"]:
        data = data["metadata"]["ruleset"]  # a whole EGN record: its ruleset
    if not isinstance(data, dict):
        raise SettingsUnreadable(f"{platform.title} settings are a JSON object of keys and values, not {type(data).__name__}")
    for key, value in data.items():
        if isinstance(value, dict | list) or value is None:
            raise SettingsUnreadable(f"setting {key!r}: a value is true, false, a number or a string, not {json.dumps(value)}")
    return dict(data)


def _game_string(platform: Platform, text: str) -> dict[str, str]:
    match = re.fullmatch(rf"({NAME})\s*(?:\((.*)\))?", text, re.DOTALL)
    if match is None or match.group(1) != platform.game:
        raise SettingsUnreadable(
            f"{platform.title} settings are a game string such as {platform.example or f'{platform.game}(...)'}, not {text!r}"
        )
    found: dict[str, str] = {}
    for part in (match.group(2) or "").split(","):
        if not part.strip():
            continue
        key, equals, value = part.partition("=")
        if not equals or not re.fullmatch(NAME, key.strip()) or not value.strip():
            raise SettingsUnreadable(f"a game string's parameters are name=value, not {part.strip()!r}")
        found[key.strip()] = value.strip()
    return found


def _arguments(text: str) -> dict[str, str | bool]:
    call = re.fullmatch(rf"{NAME}\s*\((.*)\)", text, re.DOTALL)
    body = call.group(1) if call else text
    found: dict[str, str | bool] = {}
    position = 0
    body = body.strip()
    while position < len(body):
        match = _ARGUMENT.match(body, position)
        if match is None or match.end() == position:
            raise SettingsUnreadable(f"settings are name=value words or bare switch names, and {body[position:]!r} is neither")
        key, value = match.group(1), match.group(2)
        found[key] = True if value is None else value
        position = match.end()
        while position < len(body) and body[position] in ", \t\n":
            position += 1
    return found


def _typed(platform: Platform, found: Mapping[str, str | bool]) -> dict[str, Any]:
    """Text values typed by the table's settings; unknown keys keep their text (the reading refuses them by name)."""
    typed: dict[str, Any] = {}
    for key, value in found.items():
        setting = platform.setting(key)
        typed[key] = value if setting is None or isinstance(value, bool) else _value(setting, value)
    return typed


def _value(setting: Setting, text: str) -> Any:
    if setting.type in ("boolean", "switch"):
        lowered = text.lower()
        if lowered not in ("true", "false"):
            raise SettingsUnreadable(f"setting {setting.key!r} is true or false, not {text!r}")
        return lowered == "true"
    if setting.type == "integer":
        if not re.fullmatch(r"-?[0-9]+", text):
            raise SettingsUnreadable(f"setting {setting.key!r} is a whole number, not {text!r}")
        return int(text)
    return text.strip("\"'")
