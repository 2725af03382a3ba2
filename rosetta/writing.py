"""From our rules to a platform's settings: the settings that say a variant and house rules, if any do.

The reverse of `reading`, found from the same table: the variant must be the platform's base, a
value's own variant, or a combination's; the platform's fixed readings must be among the house
rules; and each house rule left must be said by some value of some setting. For each setting the
value whose house rules are all wanted (the most of them) is taken, else a value meaning the
base's own reading. Whatever is left over is refused, naming the house rule (or the variant, or the
fixed reading the rules lack). Settings at their default are left out, and the settings found are
read back: they must mean the same rules, or the writing is refused.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from documents.errors import SpecInvalid

from .ours import normalized, same_rules
from .reading import read_settings
from .syntax import write
from .tables import Platform, Reading, Setting, same_value


@dataclass(frozen=True)
class Written:
    """Our rules in a platform's settings (non-default ones, in the table's order), or what it cannot say."""

    platform: Platform
    settings: dict[str, Any]
    refusals: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return not self.refusals

    def text(self) -> str:
        return write(self.platform, self.settings)

    def as_dict(self) -> dict[str, Any]:
        return {
            "platform": self.platform.id,
            "settings": self.settings if self.ok else None,
            "text": self.text() if self.ok else None,
            "refused": list(self.refusals),
        }


def write_settings(platform: Platform, variant: str, house_rules: Iterable[str]) -> Written:
    """The settings of `platform` meaning `variant` with `house_rules`; SpecInvalid if our rules do not compose."""
    wanted = normalized(variant, house_rules)
    title = platform.title
    refusals: list[str] = []
    settings: dict[str, Any] = {}
    chosen = _variant_settings(platform, variant)
    if chosen is None:
        refusals.append(f"{title} has no setting for the variant {variant}: its games are {', '.join(_variants(platform))}")
        chosen = {}
    always = normalized(variant, platform.always)
    missing = [ref for ref in always if ref not in wanted]
    if missing:
        refusals.append(
            f"{title} always plays {', '.join(missing)}, which these rules do not have (it has no setting to leave "
            + ("it" if len(missing) == 1 else "them")
            + " out)"
        )
    left = [ref for ref in wanted if ref not in always]
    for setting in platform.settings:
        if setting.key in chosen:
            value: Any = chosen[setting.key]
        elif setting.not_a_rule is not None:
            continue
        else:
            value, said = _best_value(setting, variant, left)
            left = [ref for ref in left if ref not in said]
        if value is not None and not same_value(value, setting.default):
            settings[setting.key] = value
    for ref in left:
        refusals.append(f"{title} has no setting for the house rule {ref}")
    if not refusals:
        back = read_settings(platform, settings)
        if not back.ok or not same_rules(back.variant, back.house_rules, variant, wanted):
            shown = back.command_words() if back.ok else "; ".join(back.refusals)
            refusals.append(f"{title} settings {write(platform, settings)} read back as {shown}, not as these rules")
    return Written(platform, settings, tuple(refusals))


def _variant_settings(platform: Platform, variant: str) -> dict[str, Any] | None:
    """The settings that choose `variant` (none for the base), or None when nothing does."""
    if variant == platform.variant:
        return {}
    for entry in platform.combined:
        if entry.variant == variant:
            return dict(entry.when)
    for setting in platform.settings:
        for value, reading in setting.values:
            if reading.variant == variant and not reading.house_rules:
                return {setting.key: value}
    return None


def _variants(platform: Platform) -> list[str]:
    found = [platform.variant, *(entry.variant for entry in platform.combined)]
    found += [reading.variant for setting in platform.settings for _, reading in setting.values if reading.variant]
    return list(dict.fromkeys(found))


def _best_value(setting: Setting, variant: str, wanted: list[str]) -> tuple[Any, tuple[str, ...]]:
    """The value saying the most of `wanted` (and nothing else), with what it says; the default if none says anything."""
    best: tuple[Any, tuple[str, ...]] | None = None
    plain: Any = None
    for value, reading in setting.values:
        said = _said(reading, variant)
        if said is None:
            continue
        if not said:
            if plain is None or same_value(value, setting.default):
                plain = value
        elif all(ref in wanted for ref in said) and (best is None or len(said) > len(best[1])):
            best = (value, said)
    if best is not None:
        return best
    return (plain if plain is not None else setting.default), ()


def _said(reading: Reading, variant: str) -> tuple[str, ...] | None:
    """The normalized house rules a reading adds to `variant`; None if it cannot be taken (another variant, refused, or
    not composing)."""
    if not reading.said or reading.variant is not None:
        return None
    try:
        return normalized(variant, reading.house_rules)
    except SpecInvalid:
        return None
