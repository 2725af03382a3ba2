"""Strict, safe YAML loading that remembers where every value came from.

PyYAML's safe loader silently keeps the last of two duplicate keys and forgets line numbers once
it has built Python objects. We compose the node graph with the safe loader, build plain data
ourselves, refuse duplicate keys and merge keys, and keep a map from each JSON pointer to the
line it was written on, so later errors can name `file:line`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from .errors import SpecError, SpecInvalid, join_pointer


@dataclass(frozen=True)
class Document:
    """A loaded YAML file: plain data plus the line of every JSON pointer in it."""

    path: str
    data: Any
    lines: dict[str, int] = field(default_factory=dict)

    def line_of(self, pointer: str) -> int:
        """The line of `pointer`, or of its nearest ancestor that has one."""
        while True:
            if pointer in self.lines:
                return self.lines[pointer]
            if not pointer:
                return 1
            pointer = pointer.rsplit("/", 1)[0]


def load_document(path: Path | str, display: str | None = None) -> Document:
    """Load one YAML file strictly; raise SpecInvalid with located errors."""
    name = display or str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise SpecInvalid([SpecError(name, 0, "", f"cannot read the file: {exc}")]) from exc
    return parse_document(text, name)


def parse_document(text: str, name: str) -> Document:
    """Parse YAML text strictly; `name` is used in error messages."""
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
    except yaml.MarkedYAMLError as exc:
        raise SpecInvalid([_syntax_error(exc, name, text)]) from exc
    except yaml.YAMLError as exc:
        raise SpecInvalid([SpecError(name, 0, "", f"not valid YAML: {exc}")]) from exc
    finally:
        loader.dispose()
    if node is None:
        raise SpecInvalid([SpecError(name, 1, "", "the file is empty")])
    builder = _Builder(name, loader)
    data = builder.build(node, "")
    if builder.errors:
        raise SpecInvalid(builder.errors)
    return Document(name, data, builder.lines)


class _Builder:
    """Turns a composed YAML node graph into plain data, collecting errors and lines."""

    def __init__(self, name: str, loader: yaml.SafeLoader) -> None:
        self.name = name
        self.loader = loader
        self.lines: dict[str, int] = {}
        self.errors: list[SpecError] = []

    def _error(self, node: yaml.Node, pointer: str, message: str) -> None:
        self.errors.append(SpecError(self.name, node.start_mark.line + 1, pointer, message))

    def build(self, node: yaml.Node, pointer: str) -> Any:
        self.lines.setdefault(pointer, node.start_mark.line + 1)
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node, pointer)
        if isinstance(node, yaml.SequenceNode):
            return [self.build(item, join_pointer(pointer, index)) for index, item in enumerate(node.value)]
        try:
            return self.loader.construct_object(node)
        except yaml.constructor.ConstructorError as exc:
            self._error(node, pointer, f"unsupported YAML value: {exc.problem}")
            return None

    def _mapping(self, node: yaml.MappingNode, pointer: str) -> dict[str, Any]:
        result: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                self._error(key_node, pointer, "YAML merge keys ('<<') are not supported; write the fields out")
                continue
            key = self.build(key_node, pointer + "/\x00") if isinstance(key_node, yaml.ScalarNode) else None
            self.lines.pop(pointer + "/\x00", None)
            if not isinstance(key, str):
                shown = key_node.value if isinstance(key_node, yaml.ScalarNode) else "a collection"
                self._error(key_node, pointer, f"field name {shown!r} must be text; quote it")
                continue
            child = join_pointer(pointer, key)
            if key in result:
                first = self.lines.get(child, 0)
                self._error(key_node, child, f"duplicate field {key!r} (first written on line {first})")
                continue
            self.lines[child] = key_node.start_mark.line + 1
            result[key] = self.build(value_node, child)
        return result


def _syntax_error(exc: yaml.MarkedYAMLError, name: str, text: str) -> SpecError:
    """PyYAML's problem with its context ("while scanning a quoted scalar, found ..."), located.

    A problem found at the very end of the file (an unclosed quote or bracket) is reported
    where the unclosed thing began, since that is the line to fix.
    """
    mark = exc.problem_mark or exc.context_mark
    if exc.context_mark is not None and (mark is None or mark.line >= len(text.splitlines())):
        mark = exc.context_mark
    words = ", ".join(part for part in (exc.context, exc.problem) if part)
    return SpecError(name, mark.line + 1 if mark else 0, "", f"not valid YAML: {words or exc}")
