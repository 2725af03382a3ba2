"""`euchre-spec validate`: every check, on every file and every way the files combine.

A file can be valid alone and still break when composed (a house rule whose overlay leaves a
scoring outcome uncovered on one of the variants it claims to apply to). So validation loads the
files, then resolves every variant, and every house rule in every mode onto every variant it
applies to, collecting all errors rather than stopping at the first.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from documents.errors import clause_redefined
from ruleset import Catalog, SpecError, SpecInvalid, load_catalog, resolve_checked
from ruleset.catalog import spec_files


@dataclass
class ValidationReport:
    files: int = 0
    compositions: int = 0
    errors: list[SpecError] = field(default_factory=list)

    def summary(self) -> str:
        verdict = "all valid" if not self.errors else f"{len(self.errors)} error(s)"
        return f"{self.files} file(s), {self.compositions} composition(s) checked: {verdict}"


def validate_paths(paths: Iterable[Path]) -> ValidationReport:
    """Validate the built-in spec plus `paths` (files or folders)."""
    paths = list(paths)
    report = ValidationReport()
    for path in paths:
        if not path.exists() and not path.is_symlink():
            report.errors.append(SpecError(str(path), 0, "", "no such file or folder"))
        elif path.is_dir() and not spec_files([path]):
            report.errors.append(SpecError(str(path), 0, "", "no spec file (.yaml or .yml) was found in this folder"))
    if report.errors:
        return report
    report.files = len(set(spec_files(paths))) if paths else 0
    try:
        catalog = load_catalog(paths)
    except SpecInvalid as exc:
        report.errors.extend(exc.errors)
        return report
    if not paths:
        report.files = len(catalog.variants) + len(catalog.house_rules)
    found: set[SpecError] = set(cross_references(catalog))
    for variant_id, combination in compositions(catalog):
        report.compositions += 1
        try:
            resolve_checked(catalog, variant_id, combination)
        except SpecInvalid as exc:
            found.update(exc.errors)
    report.errors.extend(sorted(found))
    return report


def compositions(catalog: Catalog) -> list[tuple[str, tuple[str, ...]]]:
    """Every variant alone, and every house-rule mode on every variant it applies to."""
    combos: list[tuple[str, tuple[str, ...]]] = [(variant_id, ()) for variant_id in sorted(catalog.variants)]
    for rule_id, document in sorted(catalog.house_rules.items()):
        targets = document.data["applies_to"]
        variants = sorted(catalog.variants) if "any" in targets else [t for t in targets if t in catalog.variants]
        modes = sorted(document.data.get("modes", {})) or [None]
        for variant_id in variants:
            for mode in modes:
                combos.append((variant_id, (rule_id if mode is None else f"{rule_id}={mode}",)))
    return combos


def cross_references(catalog: Catalog) -> list[SpecError]:
    """What no single composition shows: house rules naming variants, rules, modes or sources
    that do not exist, a house rule that sets nothing, and one clause id defined by two files."""
    errors = []
    for document in catalog.house_rules.values():
        data = document.data
        for key, known in (
            ("applies_to", catalog.variants),
            ("conflicts_with", catalog.house_rules),
            ("requires", catalog.house_rules),
        ):
            for index, ident in enumerate(data.get(key, [])):
                if ident != "any" and ident.partition("=")[0] not in known:
                    pointer = f"/{key}/{index}"
                    kind = "variant" if key == "applies_to" else "house rule"
                    errors.append(SpecError(document.path, document.line_of(pointer), pointer, f"unknown {kind} {ident!r}"))
        if "default_mode" in data and data["default_mode"] not in data.get("modes", {}):
            modes = ", ".join(sorted(data.get("modes", {})))
            errors.append(
                SpecError(
                    document.path,
                    document.line_of("/default_mode"),
                    "/default_mode",
                    f"house rule {data['id']!r} has no mode {data['default_mode']!r}; its modes: {modes}",
                )
            )
        for pointer in _empty_overlays(data):
            where = "" if pointer == "/set" else f" in its mode {pointer.split('/')[2]!r}"
            message = f"house rule {data['id']!r} sets nothing{where}: a house rule changes at least one setting"
            errors.append(SpecError(document.path, document.line_of(pointer), pointer, message))
        for key in data.get("sources", []):
            if key not in catalog.sources:
                errors.append(
                    SpecError(
                        document.path, document.line_of("/sources"), "/sources", f"unknown source {key!r}; see spec/sources.yaml"
                    )
                )
    errors.extend(_clause_clashes(catalog))
    return errors


def _empty_overlays(data: dict[str, Any]) -> list[str]:
    """Where a house rule, or one of its modes, sets nothing (`set: {}`): a rule that changes no setting is a
    mistake, and would be offered and cited as a rule players follow."""
    empty = ["/set"] if data.get("set") == {} else []
    return empty + [f"/modes/{mode}/set" for mode, body in data.get("modes", {}).items() if body.get("set") == {}]


def _clause_clashes(catalog: Catalog) -> list[SpecError]:
    """A clause id is defined once in the whole spec, whichever files are ever combined."""
    errors = []
    first: dict[str, tuple[str, int]] = {}
    for document in [*catalog.variants.values(), *catalog.house_rules.values()]:
        for clause_id in document.data.get("clauses", {}):
            pointer = f"/clauses/{clause_id}"
            if clause_id in first:
                errors.append(clause_redefined(document.path, document.line_of(pointer), pointer, clause_id, first[clause_id]))
            else:
                first[clause_id] = (document.path, document.line_of(pointer))
    return errors
