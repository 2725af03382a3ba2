"""From a platform's settings to our rules: the variant and house rules they mean, setting by setting.

Every setting of the table is read at its given value or at its default, since a default is a rule
too (EGN's `std` is on unless a record turns it off). A value reads as house rules, as another
variant, as the base's own reading, or as nothing of ours: the last is refused, naming the setting
and the value, and so is a setting the table does not know. Settings about the table rather than
the game (who may watch) are said to change no rule. The house rules found are then composed with
the variant; a combination our rules refuse (two house rules that conflict, one that does not
apply to the variant chosen) is refused naming the settings that brought them.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any

from documents.errors import SpecInvalid

from .ours import command_words, normalized, spelt_out
from .tables import Platform, Reading, Setting, same_value

MAPPED, BASE, NOT_A_RULE, VARIANT, REFUSED, UNKNOWN = "mapped", "base", "not_a_rule", "variant", "refused", "unknown"


@dataclass(frozen=True)
class SettingLine:
    """How one setting fared: its value (given or the default), and what it means."""

    key: str
    value: Any
    given: bool
    status: str
    meaning: str
    house_rules: tuple[str, ...] = ()
    note: str | None = None

    def text(self) -> str:
        shown = _shown(self.value) + ("" if self.given else " (default)")
        note = f" [{self.note}]" if self.note else ""
        return f"{self.key}: {shown} -> {self.meaning}{note}"


@dataclass(frozen=True)
class Translation:
    """A platform's settings read as our rules, or the settings that have no counterpart."""

    platform: Platform
    variant: str
    house_rules: tuple[str, ...]
    lines: tuple[SettingLine, ...]
    refusals: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return not self.refusals

    def command_words(self) -> str:
        return command_words(self.variant, self.house_rules)

    def as_dict(self) -> dict[str, Any]:
        return {
            "platform": self.platform.id,
            "variant": self.variant if self.ok else None,
            "house_rules": list(self.house_rules) if self.ok else None,
            "settings": [
                {"key": line.key, "value": line.value, "given": line.given, "status": line.status, "meaning": line.meaning}
                | ({"house_rules": list(line.house_rules)} if line.house_rules else {})
                for line in self.lines
            ],
            "refused": list(self.refusals),
        }


def read_settings(platform: Platform, given: Mapping[str, Any]) -> Translation:
    """What `given` (settings by key, in the platform's values) means in our rules."""
    lines: list[SettingLine] = []
    refusals: list[str] = []
    for key, value in given.items():
        if platform.setting(key) is None:
            refusals.append(_unknown(platform, key))
            lines.append(SettingLine(key, value, True, UNKNOWN, "not a setting this table knows"))
    effective = {setting.key: given.get(setting.key, setting.default) for setting in platform.settings}
    combined = next((entry for entry in platform.combined if _matches(entry.when, effective)), None)
    chooses: dict[str, str] = {}
    contributed: dict[str, tuple[str, ...]] = {}
    for setting in platform.settings:
        value, given_here = effective[setting.key], setting.key in given
        if combined is not None and setting.key in combined.when:
            lines.append(
                SettingLine(
                    setting.key,
                    value,
                    given_here,
                    VARIANT,
                    f"with {_others(combined.when, setting.key)}: variant {combined.variant}",
                )
            )
            continue
        line, reading = _line(platform, setting, value, given_here)
        lines.append(line)
        if line.status == REFUSED:
            refusals.append(f"{platform.title} setting {setting.key}={_shown(value)} ({setting.title}): {line.meaning}")
        elif reading is not None and reading.said:
            if reading.variant is not None:
                chooses[setting.key] = reading.variant
            if reading.house_rules:
                contributed[setting.key] = reading.house_rules
    variant = combined.variant if combined is not None else platform.variant
    if chooses:
        variants = set(chooses.values())
        if len(variants) > 1:
            named = " and ".join(f"{key}={_shown(effective[key])} ({chooses[key]})" for key in chooses)
            refusals.append(f"{platform.title}: {named} choose different variants, and no variant of ours is both")
        else:
            variant = variants.pop()
    refs: tuple[str, ...] = ()
    if not refusals:
        refs, problem = _composed(platform, variant, contributed, effective)
        if problem:
            refusals.append(problem)
        else:
            lines = [_idle(line, refs, variant) for line in lines]
    return Translation(platform, variant, refs, tuple(lines), tuple(refusals))


def _idle(line: SettingLine, kept: tuple[str, ...], variant: str) -> SettingLine:
    """A line whose house rules change nothing for the variant, said so (they are not in the rules printed)."""
    if line.status != MAPPED or any(spelt_out(ref) in kept for ref in line.house_rules):
        return line
    return replace(line, meaning=f"{line.meaning}, which changes nothing for {variant}")


def _line(platform: Platform, setting: Setting, value: Any, given: bool) -> tuple[SettingLine, Reading | None]:
    """One setting's line, and the reading of its value (None when there is none)."""
    if setting.not_a_rule is not None:
        return SettingLine(setting.key, value, given, NOT_A_RULE, f"not a rule: {setting.not_a_rule}"), None
    if value is None or not setting.accepts(value):
        return SettingLine(setting.key, value, given, REFUSED, f"the setting takes a {setting.type}"), None
    reading = setting.reading(value)
    if reading is None:
        known = ", ".join(_shown(known) for known, _ in setting.values)
        return SettingLine(setting.key, value, given, REFUSED, f"a value the table does not know (it knows {known})"), None
    if not reading.said:
        message = f"no counterpart in our rules: {reading.no_counterpart}"
        return SettingLine(setting.key, value, given, REFUSED, message, note=reading.note), reading
    parts = [f"variant {reading.variant}"] if reading.variant else []
    parts += [f"house rule {ref}" for ref in reading.house_rules]
    if parts:
        status = VARIANT if reading.variant else MAPPED
        return SettingLine(setting.key, value, given, status, ", ".join(parts), reading.house_rules, reading.note), reading
    return SettingLine(setting.key, value, given, BASE, "no house rule: the base game's own reading", note=reading.note), reading


def _composed(
    platform: Platform, variant: str, contributed: Mapping[str, tuple[str, ...]], effective: Mapping[str, Any]
) -> tuple[tuple[str, ...], str | None]:
    """The normalized house rules, or the refusal naming the settings whose house rules do not compose."""
    refs = [*platform.always, *(ref for rules in contributed.values() for ref in rules)]
    try:
        return normalized(variant, refs), None
    except SpecInvalid as exc:
        reason = "; ".join(error.message for error in exc.errors[:3])
    keys = list(contributed)
    culprits = [key for key in keys if not _composes(variant, [*platform.always, *contributed[key]])]
    if not culprits:
        culprits = next(
            (
                list(pair)
                for pair in combinations(keys, 2)
                if not _composes(variant, [*platform.always, *contributed[pair[0]], *contributed[pair[1]]])
            ),
            keys,
        )
    named = " and ".join(f"{key}={_shown(effective[key])} ({', '.join(contributed[key])})" for key in culprits)
    return (), f"{platform.title}: {named} mean rules ours cannot put together for {variant}: {reason}"


def _composes(variant: str, refs: list[str]) -> bool:
    try:
        normalized(variant, refs)
    except SpecInvalid:
        return False
    return True


def _matches(when: Mapping[str, Any], effective: Mapping[str, Any]) -> bool:
    return all(same_value(value, effective.get(key)) for key, value in when.items())


def _others(when: Mapping[str, Any], key: str) -> str:
    return ", ".join(f"{other}={_shown(value)}" for other, value in when.items() if other != key)


def _unknown(platform: Platform, key: str) -> str:
    near = difflib.get_close_matches(key, [setting.key for setting in platform.settings], n=1)
    hint = f" (did you mean {near[0]!r}?)" if near else ""
    return f"{platform.title} setting {key!r} is not in our table of its settings{hint}: what it does is not known here"


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
