"""The platform tables: one YAML file per platform in rosetta/platforms/, checked and frozen.

A table is data, not code: each of a platform's settings, where the platform documents it, and
what each of its values means in our rules (schemas/platform-table.schema.json). Beyond the
schema, loading checks what only the catalog knows: every variant and house rule (with its mode)
named in a table exists, every default and combined value is one the table reads, and each value
is of the setting's type. A broken table is reported as `file:line: what is wrong (pointer)`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any

from documents.errors import SpecError, SpecInvalid
from documents.schemas import validate_document
from documents.yaml_loader import Document, load_document
from ruleset import builtin_catalog, parse_house_rule_ref

SCHEMA = "platform-table.schema.json"
TYPES: Mapping[str, tuple[type, ...]] = {"boolean": (bool,), "switch": (bool,), "integer": (int,), "string": (str,)}
"""The Python types a value of each setting type may have (a bool is not an integer here)."""


@dataclass(frozen=True)
class Citation:
    """Where something is documented, and what is found there."""

    url: str
    says: str


@dataclass(frozen=True)
class Reading:
    """What one value means: our variant and house rules, or why nothing of ours says it."""

    variant: str | None = None
    house_rules: tuple[str, ...] = ()
    no_counterpart: str | None = None
    note: str | None = None

    @property
    def said(self) -> bool:
        return self.no_counterpart is None


@dataclass(frozen=True)
class Setting:
    """One setting of a platform and the readings of its values."""

    key: str
    type: str
    title: str
    default: Any
    documented: tuple[Citation, ...]
    values: tuple[tuple[Any, Reading], ...] = ()
    other_values: Reading | None = None
    not_a_rule: str | None = None

    def reading(self, value: Any) -> Reading | None:
        """The reading of `value`; None when the table does not know it."""
        for known, reading in self.values:
            if same_value(known, value):
                return reading
        return self.other_values

    def accepts(self, value: Any) -> bool:
        """Whether `value` has the setting's type."""
        return isinstance(value, TYPES[self.type]) and not (self.type == "integer" and isinstance(value, bool))


@dataclass(frozen=True)
class Combined:
    """Settings that only together choose a variant."""

    when: Mapping[str, Any]
    variant: str
    note: str | None


@dataclass(frozen=True)
class Platform:
    """One platform's table."""

    id: str
    title: str
    summary: str
    syntax: str
    game: str | None
    example: str | None
    documented: Citation
    variant: str
    always: tuple[str, ...]
    base_note: str
    base_documented: tuple[Citation, ...]
    combined: tuple[Combined, ...]
    settings: tuple[Setting, ...]
    path: str

    def setting(self, key: str) -> Setting | None:
        return next((setting for setting in self.settings if setting.key == key), None)


def same_value(a: Any, b: Any) -> bool:
    """Equal and of the same kind: `true` is not `1`."""
    return type(a) is type(b) and a == b


def table_folder() -> Path:
    """Where the tables are: inside the installed package, or the checkout's rosetta/platforms/."""
    folder = resources.files("rosetta") / "platforms"
    if not isinstance(folder, Path):
        raise RuntimeError("euchre-spec reads its data as files: install it unpacked, not as a zip archive")
    return folder


@dataclass(frozen=True)
class Heading:
    """What the command line shows of a table before it is checked: its id, title, summary and example."""

    id: str
    title: str
    summary: str
    example: str


def headings() -> tuple[Heading, ...]:
    """Each table's heading, read without the catalog (the command line is built before `--data` is known)."""
    found = []
    for path in sorted(table_folder().glob("*.yaml")):
        try:
            data = load_document(path, path.name).data
        except SpecInvalid:
            data = None
        data = data if isinstance(data, dict) else {}
        found.append(
            Heading(path.stem, str(data.get("title", path.stem)), str(data.get("summary", "")), str(data.get("example", "")))
        )
    return tuple(found)


@cache
def platforms() -> tuple[Platform, ...]:
    """Every platform's table, in id order; SpecInvalid listing every error of every broken table."""
    found: list[Platform] = []
    errors: list[SpecError] = []
    for path in sorted(table_folder().glob("*.yaml")):
        try:
            found.append(platform(path.stem))
        except SpecInvalid as exc:
            errors.extend(exc.errors)
    if errors:
        raise SpecInvalid(errors)
    return tuple(sorted(found, key=lambda platform: platform.id))


@cache
def platform(ident: str) -> Platform:
    """One platform's table by id, checked alone (KeyError if there is none; SpecInvalid if it is broken)."""
    path = table_folder() / f"{ident}.yaml"
    if not path.is_file():
        raise KeyError(ident)
    return load_table(path)


def load_table(path: Path) -> Platform:
    """One table, checked against its schema and against the catalog."""
    name = f"rosetta/platforms/{path.name}"
    document = load_document(path, name)
    errors = validate_document(document, SCHEMA)
    if not errors:
        errors = list(_catalog_errors(document)) + list(_value_errors(document))
        if document.data["id"] != path.stem:
            errors.append(SpecError(name, document.line_of("/id"), "/id", f"the id must match the file name {path.stem!r}"))
    if errors:
        raise SpecInvalid(errors)
    return _platform(document.data, name)


def _platform(data: Mapping[str, Any], name: str) -> Platform:
    base = data["base"]
    return Platform(
        id=data["id"],
        title=data["title"],
        summary=data["summary"],
        syntax=data["syntax"],
        game=data.get("game"),
        example=data.get("example"),
        documented=_citation(data["documented"]),
        variant=base["variant"],
        always=tuple(base.get("always", ())),
        base_note=base["note"],
        base_documented=tuple(_citation(item) for item in base.get("documented", ())),
        combined=tuple(
            Combined(MappingProxyType(dict(item["when"])), item["variant"], item.get("note")) for item in data.get("combined", ())
        ),
        settings=tuple(_setting(item) for item in data["settings"]),
        path=name,
    )


def _setting(data: Mapping[str, Any]) -> Setting:
    kind = data["type"]
    default = data.get("default", False if kind == "switch" else None)
    return Setting(
        key=data["key"],
        type=kind,
        title=data["title"],
        default=default,
        documented=tuple(_citation(item) for item in data["documented"]),
        values=tuple((item["value"], _reading(item["reading"])) for item in data.get("values", ())),
        other_values=_reading(data["other_values"]) if "other_values" in data else None,
        not_a_rule=data.get("not_a_rule"),
    )


def _reading(data: Mapping[str, Any]) -> Reading:
    return Reading(data.get("variant"), tuple(data.get("house_rules", ())), data.get("no_counterpart"), data.get("note"))


def _citation(data: Mapping[str, Any]) -> Citation:
    return Citation(data["url"], data["says"])


def _named_rules(data: Mapping[str, Any]) -> Iterator[tuple[str, str, str]]:
    """Every (pointer, kind, id) a table names: variants and house rules."""
    yield "/base/variant", "variant", data["base"]["variant"]
    for index, ref in enumerate(data["base"].get("always", ())):
        yield f"/base/always/{index}", "house rule", ref
    for index, item in enumerate(data.get("combined", ())):
        yield f"/combined/{index}/variant", "variant", item["variant"]
    for number, setting in enumerate(data["settings"]):
        readings = [
            (f"/settings/{number}/values/{i}/reading", item["reading"]) for i, item in enumerate(setting.get("values", ()))
        ]
        if "other_values" in setting:
            readings.append((f"/settings/{number}/other_values", setting["other_values"]))
        for at, reading in readings:
            if "variant" in reading:
                yield f"{at}/variant", "variant", reading["variant"]
            for index, ref in enumerate(reading.get("house_rules", ())):
                yield f"{at}/house_rules/{index}", "house rule", ref


def _catalog_errors(document: Document) -> Iterator[SpecError]:
    catalog = builtin_catalog()
    for pointer, kind, ident in _named_rules(document.data):
        line = document.line_of(pointer)
        if kind == "variant":
            if ident not in catalog.variants:
                yield SpecError(document.path, line, pointer, f"no variant {ident!r} in the spec")
            continue
        rule, mode = parse_house_rule_ref(ident)
        if rule not in catalog.house_rules:
            yield SpecError(document.path, line, pointer, f"no house rule {rule!r} in the spec")
        elif mode is not None and mode not in catalog.house_rules[rule].data.get("modes", {}):
            yield SpecError(document.path, line, pointer, f"the house rule {rule!r} has no mode {mode!r}")


def _value_errors(document: Document) -> Iterator[SpecError]:
    data = document.data
    settings = {item["key"]: (number, _setting(item)) for number, item in enumerate(data["settings"])}
    seen: set[str] = set()
    for number, item in enumerate(data["settings"]):
        at = f"/settings/{number}"
        setting = settings[item["key"]][1]
        if setting.key in seen:
            yield SpecError(
                document.path, document.line_of(at + "/key"), at + "/key", f"the setting {setting.key!r} is listed twice"
            )
        seen.add(setting.key)
        if setting.default is not None and not setting.accepts(setting.default):
            yield SpecError(
                document.path, document.line_of(at + "/default"), at + "/default", f"the default is not a {setting.type}"
            )
        listed: list[Any] = []
        for index, (value, _) in enumerate(setting.values):
            pointer = f"{at}/values/{index}/value"
            if not setting.accepts(value):
                yield SpecError(document.path, document.line_of(pointer), pointer, f"{value!r} is not a {setting.type}")
            elif any(same_value(value, other) for other in listed):
                yield SpecError(document.path, document.line_of(pointer), pointer, f"the value {value!r} is listed twice")
            listed.append(value)
        if setting.not_a_rule is None and setting.default is not None and setting.reading(setting.default) is None:
            yield SpecError(document.path, document.line_of(at), at, "the default value has no reading")
    for index, item in enumerate(data.get("combined", ())):
        for key, value in item["when"].items():
            pointer = f"/combined/{index}/when/{key}"
            found = settings.get(key)
            if found is None:
                yield SpecError(document.path, document.line_of(pointer), pointer, f"no setting {key!r} in this table")
            elif not found[1].accepts(value):
                yield SpecError(document.path, document.line_of(pointer), pointer, f"{value!r} is not a {found[1].type}")
