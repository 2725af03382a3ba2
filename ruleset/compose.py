"""Composing a resolved variant: a base, what it extends, and the house rules laid over it.

Composition is plain data merging (mappings merge key by key, except a setting the variant
schema marks `"x-merge": "replace"`; anything else replaces, null deletes), but every value
remembers the file and line it came from, so an error found later in the resolved rules still
points at the line a contributor wrote. Unknown ids, cycles, rules that do not apply, declared
conflicts and two house rules setting one value differently are errors.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from documents.errors import SpecError, SpecInvalid, clause_redefined, join_pointer, split_pointer
from documents.yaml_loader import Document
from ruleset.catalog import Catalog
from ruleset.merging import replaces_whole
from ruleset.origins import LineTree, Origins

NOT_MERGED = ("$schema", "extends", "errata")
WHOLE_VALUES = ("/choices",)  # entries here replace each other whole rather than merging


@dataclass
class Resolved:
    """A variant with its ancestors and house rules merged in, and where each value came from."""

    variant_id: str
    house_rules: tuple[str, ...]
    data: dict[str, Any]
    origins: Origins = field(default_factory=Origins)
    files: list[str] = field(default_factory=list)

    def locate(self, pointer: str) -> tuple[str, int]:
        """The file and line that wrote `pointer`, or its nearest written ancestor."""
        return self.origins.nearest(pointer) or ("<resolved>", 0)

    def stated(self, pointer: str) -> bool:
        """Whether a file wrote the value at `pointer` (a value filled in from the schema's defaults was not)."""
        return pointer in self.origins

    def error(self, pointer: str, message: str) -> SpecError:
        file, line = self.locate(pointer)
        return SpecError(file, line, pointer, message)

    def error_at_latest(self, pointers: list[str], message: str) -> SpecError:
        """An error about several values, placed at the one written last (base, then extensions, then house rules).

        When a child variant changes the hand size and the deck no longer suffices, the line to
        fix is the child's, not the parent's deck.
        """
        order = {file: index for index, file in enumerate(self.files)}
        written = [p for p in pointers if p in self.origins]
        best = max(written, key=lambda p: order.get(self.origins[p][0], -1), default=pointers[0])
        return self.error(best, message)


@dataclass(frozen=True)
class Overlay:
    """One selected house rule: its file, the chosen mode, and where its settings sit in the file."""

    rule_id: str
    mode: str | None
    document: Document
    set_pointer: str

    @property
    def ref(self) -> str:
        return self.rule_id if self.mode is None else f"{self.rule_id}={self.mode}"

    @property
    def settings(self) -> dict[str, Any]:
        data = self.document.data
        settings: dict[str, Any] = data["set"] if self.mode is None else data["modes"][self.mode]["set"]
        return settings


def resolve(catalog: Catalog, variant_id: str, house_rules: tuple[str, ...] = ()) -> Resolved:
    """Merge `variant_id`'s chain and the named house rules; raise SpecInvalid on any error."""
    chain = _chain(catalog, variant_id)
    overlays = _overlays(catalog, variant_id, house_rules)
    resolved = Resolved(variant_id, tuple(o.ref for o in overlays), {})
    errata: list[Any] = []
    errors: list[SpecError] = []
    for document in chain:
        resolved.files.append(document.path)
        _check_clause_redefinition(resolved, document, "/clauses", errors)
        fragment = {k: v for k, v in document.data.items() if k not in NOT_MERGED}
        _merge(resolved, fragment, _line_tree(document), "", "")
        for erratum_index, erratum in enumerate(document.data.get("errata", [])):
            resolved.origins.learn(_line_tree(document), f"/errata/{erratum_index}", f"/errata/{len(errata)}")
            errata.append(erratum)
    errors.extend(_overlay_conflicts(overlays))
    for overlay in overlays:
        resolved.files.append(overlay.document.path)
        doc = overlay.document
        _merge(resolved, overlay.settings, _line_tree(doc), overlay.set_pointer, "")
        _check_clause_redefinition(resolved, doc, "/clauses", errors)
        _merge(resolved, {"clauses": doc.data["clauses"], "choices": doc.data.get("choices", {})}, _line_tree(doc), "", "")
        for erratum_index, erratum in enumerate(doc.data.get("errata", [])):
            resolved.origins.learn(_line_tree(doc), f"/errata/{erratum_index}", f"/errata/{len(errata)}")
            errata.append(erratum)
    resolved.data["errata"] = errata
    resolved.data["id"] = variant_id
    if errors:
        raise SpecInvalid(errors)
    return resolved


def parse_house_rule_ref(ref: str) -> tuple[str, str | None]:
    """Split 'id=mode' into its parts."""
    rule_id, _, mode = ref.partition("=")
    return rule_id, (mode or None)


def _chain(catalog: Catalog, variant_id: str) -> list[Document]:
    """The variant and its ancestors, root first."""
    chain: list[Document] = []
    seen: list[str] = []
    current: str | None = variant_id
    child: Document | None = None
    while current is not None:
        if current in seen:
            cycle = " -> ".join([*seen, current])
            assert child is not None
            raise SpecInvalid(
                [SpecError(child.path, child.line_of("/extends"), "/extends", f"variants extend each other in a cycle: {cycle}")]
            )
        document = catalog.variants.get(current)
        if document is None:
            if child is None:
                known = ", ".join(sorted(catalog.variants))
                raise SpecInvalid([SpecError("<command line>", 0, "", f"unknown variant {current!r}; known variants: {known}")])
            raise SpecInvalid(
                [SpecError(child.path, child.line_of("/extends"), "/extends", f"extends unknown variant {current!r}")]
            )
        seen.append(current)
        chain.append(document)
        child = document
        current = document.data.get("extends")
    return list(reversed(chain))


def _overlays(catalog: Catalog, variant_id: str, refs: tuple[str, ...]) -> list[Overlay]:
    """The selected house rules in order, with everything they require added before them."""
    selected: list[Overlay] = []
    errors: list[SpecError] = []

    def visit(ref: str, stack: tuple[str, ...], cited_by: tuple[Document, str] | None) -> None:
        rule_id, mode = parse_house_rule_ref(ref)

        def error_at_reference(message: str) -> None:
            """Report a mistake in naming a rule where it was named: a file's requires, or the command line."""
            if cited_by is None:
                errors.append(SpecError("<command line>", 0, "", message))
            else:
                document, pointer = cited_by
                errors.append(SpecError(document.path, document.line_of(pointer), pointer, message))

        if rule_id in stack:
            cycling = catalog.house_rules[stack[-1]]
            cycle = " -> ".join([*stack, rule_id])
            errors.append(
                SpecError(
                    cycling.path, cycling.line_of("/requires"), "/requires", f"house rules require each other in a cycle: {cycle}"
                )
            )
            return
        document = catalog.house_rules.get(rule_id)
        if document is None:
            known = "" if cited_by else "; known house rules: " + ", ".join(sorted(catalog.house_rules))
            error_at_reference(f"unknown house rule {rule_id!r}{known}")
            return
        data = document.data
        if mode is None and "modes" in data:
            mode = data["default_mode"]
        if mode is not None and mode not in data.get("modes", {}):
            modes = ", ".join(sorted(data.get("modes", {}))) or "none"
            error_at_reference(f"house rule {rule_id!r} has no mode {mode!r}; its modes: {modes}")
            return
        targets = data["applies_to"]
        if "any" not in targets and variant_id not in targets:
            if cited_by is None:
                errors.append(
                    SpecError(
                        document.path,
                        document.line_of("/applies_to"),
                        "/applies_to",
                        f"house rule {rule_id!r} does not apply to {variant_id!r}; it applies to: {', '.join(targets)}",
                    )
                )
            else:
                error_at_reference(f"house rule {stack[-1]!r} requires {rule_id!r}, which does not apply to {variant_id!r}")
            return
        for index, required in enumerate(data.get("requires", [])):
            visit(required, (*stack, rule_id), (document, f"/requires/{index}"))
        chosen = [o for o in selected if o.rule_id == rule_id]
        if chosen:
            if chosen[0].mode != mode:
                error_at_reference(f"house rule {rule_id!r} is selected in two different modes ({chosen[0].mode!r} and {mode!r})")
            return
        set_pointer = "/set" if mode is None else f"/modes/{mode}/set"
        selected.append(Overlay(rule_id, mode, document, set_pointer))

    for ref in refs:
        visit(ref, (), None)
    if errors:
        raise SpecInvalid(errors)
    return selected


def _overlay_conflicts(overlays: list[Overlay]) -> list[SpecError]:
    """Declared conflicts (once per pair), and two house rules that set one value differently."""
    errors: list[SpecError] = []
    ids = {o.rule_id for o in overlays}
    declared: set[frozenset[str]] = set()
    for overlay in overlays:
        for index, other in enumerate(overlay.document.data.get("conflicts_with", [])):
            pair = frozenset((overlay.rule_id, other))
            if other in ids and other != overlay.rule_id and pair not in declared:
                declared.add(pair)
                pointer = f"/conflicts_with/{index}"
                errors.append(
                    SpecError(
                        overlay.document.path,
                        overlay.document.line_of(pointer),
                        pointer,
                        f"house rules {overlay.rule_id!r} and {other!r} conflict and cannot be combined",
                    )
                )
    setters: dict[str, tuple[Overlay, Any]] = {}
    for overlay in overlays:
        for pointer, value in _leaves(overlay.settings, ""):
            if _is_clause_reference(pointer):
                continue
            first = setters.get(pointer)
            if first and first[1] != value and frozenset((first[0].rule_id, overlay.rule_id)) not in declared:
                doc = overlay.document
                errors.append(
                    SpecError(
                        doc.path,
                        doc.line_of(overlay.set_pointer + pointer),
                        pointer,
                        f"house rules {first[0].ref!r} and {overlay.ref!r} set {pointer} to different values "
                        f"({_short(first[1])} and {_short(value)})",
                    )
                )
            setters.setdefault(pointer, (overlay, value))
    return errors


def _is_clause_reference(pointer: str) -> bool:
    """Clause references say which words describe a rule; two house rules naming their own clause
    for one section do not disagree about the rule, so such keys are not compared."""
    last = pointer.rsplit("/", 1)[-1]
    return last == "clause" or last.endswith("_clause")


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _leaves(data: Any, pointer: str) -> list[tuple[str, Any]]:
    if isinstance(data, dict) and data:
        found: list[tuple[str, Any]] = []
        for key, value in data.items():
            found.extend(_leaves(value, join_pointer(pointer, key)))
        return found
    return [(pointer, data)]


def _check_clause_redefinition(resolved: Resolved, document: Document, at: str, errors: list[SpecError]) -> None:
    existing = resolved.data.get("clauses", {})
    for clause_id in document.data.get("clauses", {}):
        if clause_id in existing:
            pointer = join_pointer(at, clause_id)
            errors.append(
                clause_redefined(document.path, document.line_of(pointer), pointer, clause_id, resolved.locate(pointer))
            )


_LINE_TREES: dict[int, LineTree] = {}


def _line_tree(document: Document) -> LineTree:
    """The line tree of a file, built once and shared by every composition that reads it (they only copy from it)."""
    tree = _LINE_TREES.get(id(document))
    if tree is None or tree.document is not document:
        if len(_LINE_TREES) > 1024:  # files of many catalogs over a long run: keep memory bounded
            _LINE_TREES.clear()
        tree = _LINE_TREES[id(document)] = LineTree(document)
    return tree


def _merge(resolved: Resolved, fragment: dict[str, Any], written: LineTree, source_at: str, target_at: str) -> None:
    """Merge `fragment` (written at `source_at` in the file of `written`) into the resolved data at `target_at`."""
    document = written.document
    target = resolved.data
    for token in split_pointer(target_at):
        target = target[token]
    for key, value in fragment.items():
        source = join_pointer(source_at, key)
        dest = join_pointer(target_at, key)
        if value is None:
            target.pop(key, None)
            resolved.origins.forget(dest)
            resolved.origins[dest] = (document.path, document.line_of(source))
        elif (
            isinstance(value, dict)
            and isinstance(target.get(key), dict)
            and target_at not in WHOLE_VALUES
            and not replaces_whole(dest)
        ):
            resolved.origins[dest] = (document.path, document.line_of(source))
            _merge(resolved, value, written, source, dest)
        else:
            target[key] = copy.deepcopy(value)
            resolved.origins.forget(dest)
            resolved.origins.learn(written, source, dest)
