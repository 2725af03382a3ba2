"""Strict, safe YAML loading that remembers where every value came from.

PyYAML's safe loader silently keeps the last of two duplicate keys and forgets line numbers once
it has built Python objects. We compose the node graph with the safe loader, build plain data
ourselves, refuse duplicate keys and merge keys, and keep a map from each JSON pointer to the
line it was written on, so later errors can name `file:line`.

Any file may come from someone else, so the cost of reading one is bounded (`limits`): its size
is checked before it is read, nesting depth and the count of values and aliases while it is
composed (an alias bomb stops after a few thousand values, not a few billion), and the values an
alias repeats are counted again as they are built.

Where PyYAML has libyaml, a file is first composed by libyaml alone (parser and composer in C,
several times faster than composing in Python) and built at once, the builder's own counts
standing for the composer's (`_built`). Only a file that libyaml refuses, or that is past a limit,
is composed again by the counting composer below, which stops at the value that crossed the
limit and words every refusal; so each error and each line is the same either way. libyaml
refuses nesting past its own bound (about a thousand levels) before composing far, so a hostile
file cannot make the first composition deep or long: its cost is bounded by the file's size.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.parser import Parser
from yaml.reader import Reader
from yaml.resolver import Resolver
from yaml.scanner import Scanner

from .errors import SpecError, SpecInvalid, join_pointer
from .limits import MAX_ALIASES, MAX_DEPTH, MAX_FILE_BYTES, MAX_KEY_CHARS, MAX_NUMBER_DIGITS, MAX_VALUES
from .reading import read_text

PLAIN_TAGS = {"tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"}
NUMBER_TAGS = {"tag:yaml.org,2002:int", "tag:yaml.org,2002:float"}
STR_TAG = "tag:yaml.org,2002:str"


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
    return parse_document(read_text(path, name), name)


def parse_document(text: str, name: str) -> Document:
    """Parse YAML text strictly; `name` is used in error messages."""
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_FILE_BYTES:
        raise SpecInvalid([SpecError(name, 0, "", f"the text has {size:,} bytes; more than {MAX_FILE_BYTES:,} are not read")])
    try:
        built = _built(text, name)
    except _TooBig as exc:
        raise SpecInvalid([SpecError(name, exc.line, exc.pointer, exc.message)]) from exc
    except yaml.reader.ReaderError as exc:
        raise SpecInvalid([_character_error(exc, name, text)]) from exc
    except yaml.MarkedYAMLError as exc:
        raise SpecInvalid([_syntax_error(exc, name, text)]) from exc
    except yaml.YAMLError as exc:
        raise SpecInvalid([SpecError(name, 0, "", f"not valid YAML: {exc}")]) from exc
    if built is None:
        raise SpecInvalid([SpecError(name, 1, "", "the file is empty")])
    builder, data = built
    if builder.errors:
        raise SpecInvalid(builder.errors)
    return Document(name, data, builder.lines)


def line_map(text: str, name: str) -> dict[str, int]:
    """The line of each JSON pointer of a YAML (or JSON) text, however invalid its values; empty if it cannot be composed.

    A reader of another format (EGN records are JSON) uses it to place its own errors, so a
    field this loader would refuse (a name too long, a tag) still gets its line.
    """
    try:
        built = _built(text, name)
    except (_TooBig, yaml.YAMLError):
        return {}
    return {} if built is None else built[0].lines


def _built(text: str, name: str) -> tuple[_Builder, Any] | None:
    """The builder (its lines and errors) and the data of `text`, None for an empty text; raises _TooBig or
    a YAMLError where the counting composer or the builder stops.

    libyaml composes first, where it is installed, for a text of a size any real file has
    (`LIBYAML_UP_TO`). A graph it gives is built at once: a builder
    that finds nothing wrong has built every node the composer made, counting values and depth at
    least as the composer does (an alias's values again), so the graph is within every limit.
    Whatever else happens (libyaml refuses the text, the graph has too many aliases, the builder
    stops at a limit or finds an error, after which it skips what is under it) is done again by
    the counting composer, so each error and line is the one it finds.
    """
    composed = _composed_by_libyaml(text) if len(text) <= LIBYAML_UP_TO else None
    if composed is not None:
        loader, node = composed
        if node is None:
            return None
        builder = _Builder(name, loader)
        try:
            data = builder.build(node, "", 1)
        except _TooBig:
            pass  # past a limit: the counting composer finds which, and where
        else:
            if not builder.errors:
                return builder, data
    loader = _loader(text)
    try:
        node = loader.get_single_node()
    finally:
        loader.dispose()
    if node is None:
        return None
    builder = _Builder(name, loader)
    return builder, builder.build(node, "", 1)


LIBYAML_UP_TO = 128 * 1024
"""Characters of a text libyaml composes first: seven times the largest shipped file. libyaml composes a whole
text before anything is counted, so a larger one, which no rules or scenario file is, goes straight to the
counting composer, which stops at the first limit it crosses instead of composing everything twice."""


def _composed_by_libyaml(text: str) -> tuple[Any, Any] | None:
    """libyaml's loader and node for `text` if it composes it within the limits; None otherwise (or without libyaml)."""
    if _C_LOADER is None:
        return None
    try:
        loader = _C_LOADER(text)
        try:
            node = loader.get_single_node()
        finally:
            loader.dispose()
    except Exception:  # whatever libyaml refuses, the counting composer refuses again, in its own words
        return None
    if node is not None and "*" in text and not _within_limits(node):  # a text without "*" has no alias
        return None
    return loader, node


def _within_limits(root: yaml.Node) -> bool:
    """Whether a composed graph stays within the limits the counting composer checks as it goes (aliases above all).

    The graph is walked in the order it was written; a node met again is an alias (libyaml gives
    an alias the very node of its anchor), counted as the composer counts one and not entered.
    """
    seen: set[int] = set()
    values = aliases = 0
    stack: list[tuple[yaml.Node, int]] = [(root, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_DEPTH:
            return False
        if id(node) in seen:
            aliases += 1
            if aliases > MAX_ALIASES:
                return False
            continue
        seen.add(id(node))
        values += 1
        if values > MAX_VALUES:
            return False
        if isinstance(node, yaml.MappingNode):
            stack.extend((child, depth + 1) for pair in reversed(node.value) for child in reversed(pair))
        elif isinstance(node, yaml.SequenceNode):
            stack.extend((child, depth + 1) for child in reversed(node.value))
    return True


class _TooBig(Exception):
    """A document past one of the limits: reading stops at once, at the value that crossed it."""

    def __init__(self, line: int, pointer: str, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.pointer = pointer
        self.message = message


class _CountingComposer(Composer, SafeConstructor, Resolver):
    """PyYAML's composer, counting depth, values and aliases as it goes, and stopping at a limit."""

    peek_event: Callable[[], yaml.Event]
    dispose: Callable[[], None]
    """Both given by the parser it is combined with."""

    def _start_counting(self) -> None:
        self._depth = 0
        self._values = 0
        self._aliases = 0

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node | None:
        event = self.peek_event()
        line = event.start_mark.line + 1 if event.start_mark else 0
        if isinstance(event, yaml.AliasEvent):
            self._aliases += 1
            if self._aliases > MAX_ALIASES:
                raise _TooBig(line, "", f"more than {MAX_ALIASES:,} aliases (*name) in one file")
        else:
            self._values += 1
            if self._values > MAX_VALUES:
                raise _TooBig(line, "", f"more than {MAX_VALUES:,} values in one file")
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise _TooBig(line, "", f"values nested more than {MAX_DEPTH} deep")
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


try:
    from yaml._yaml import CParser

    class _FastLoader(_CountingComposer, CParser):
        def __init__(self, text: str) -> None:
            CParser.__init__(self, text)
            Composer.__init__(self)
            SafeConstructor.__init__(self)
            Resolver.__init__(self)
            self._start_counting()

    _FAST: type[_CountingComposer] | None = _FastLoader
    _C_LOADER: type[yaml.CSafeLoader] | None = yaml.CSafeLoader
except ImportError:  # PyYAML built without libyaml
    _FAST = None
    _C_LOADER = None


class _PythonLoader(_CountingComposer, Reader, Scanner, Parser):
    def __init__(self, text: str) -> None:
        Reader.__init__(self, text)
        Scanner.__init__(self)
        Parser.__init__(self)
        Composer.__init__(self)
        SafeConstructor.__init__(self)
        Resolver.__init__(self)
        self._start_counting()


def _loader(text: str) -> _CountingComposer:
    """A loader for `text`: made inside the caller's `try`, since PyYAML's reader checks the text as it starts."""
    return (_FAST or _PythonLoader)(text)  # type: ignore[call-arg]


class _Builder:
    """Turns a composed YAML node graph into plain data, collecting errors and lines.

    An alias makes the builder build its anchored value again, so the values built are counted
    against the same limit as those composed, and depth is checked again: an alias inside its own
    anchor (`&a [*a]`) composes into a cycle that would otherwise be built for ever.
    """

    def __init__(self, name: str, loader: _CountingComposer) -> None:
        self.name = name
        self.loader = loader
        self.lines: dict[str, int] = {}
        self.errors: list[SpecError] = []
        self.values = 0

    def _error(self, node: yaml.Node, pointer: str, message: str) -> None:
        self.errors.append(SpecError(self.name, node.start_mark.line + 1, pointer, message))

    def build(self, node: yaml.Node, pointer: str, depth: int) -> Any:
        line = node.start_mark.line + 1
        self.values += 1
        if self.values > MAX_VALUES:
            raise _TooBig(line, pointer, f"more than {MAX_VALUES:,} values in one file, counting those aliases repeat")
        if depth > MAX_DEPTH:
            raise _TooBig(line, pointer, f"values nested more than {MAX_DEPTH} deep, counting those aliases repeat")
        self.lines.setdefault(pointer, line)
        if isinstance(node, yaml.MappingNode | yaml.SequenceNode) and node.tag not in PLAIN_TAGS:
            self._error(node, pointer, f"unsupported YAML tag {node.tag!r}; write plain mappings and lists")
            return None
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node, pointer, depth)
        if isinstance(node, yaml.SequenceNode):
            return [self.build(item, join_pointer(pointer, index), depth + 1) for index, item in enumerate(node.value)]
        return self._scalar(node, pointer)

    def _scalar(self, node: yaml.Node, pointer: str) -> Any:
        if node.tag == STR_TAG:  # most values: text is its own value (what the constructor would return, at less cost)
            return node.value
        if node.tag in NUMBER_TAGS and len(node.value) > MAX_NUMBER_DIGITS:
            self._error(
                node,
                pointer,
                f"a number of {len(node.value):,} characters; numbers of more than {MAX_NUMBER_DIGITS} are not read",
            )
            return None
        try:
            return self.loader.construct_object(node)
        except yaml.constructor.ConstructorError as exc:
            self._error(node, pointer, f"unsupported YAML value: {exc.problem}")
        except (ValueError, OverflowError) as exc:  # a timestamp such as 2024-13-45 matches YAML's pattern but is no date
            self._error(node, pointer, f"unsupported YAML value {_shorten(node.value)!r}: {exc}")
        return None

    def _mapping(self, node: yaml.MappingNode, pointer: str, depth: int) -> dict[str, Any]:
        result: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                self._error(key_node, pointer, "YAML merge keys ('<<') are not supported; write the fields out")
                continue
            key = self.build(key_node, pointer + "/\x00", depth + 1) if isinstance(key_node, yaml.ScalarNode) else None
            self.lines.pop(pointer + "/\x00", None)
            if not isinstance(key, str):
                shown = _shorten(key_node.value) if isinstance(key_node, yaml.ScalarNode) else "a collection"
                self._error(key_node, pointer, f"field name {shown!r} must be text; quote it")
                continue
            if len(key) > MAX_KEY_CHARS:
                self._error(
                    key_node,
                    pointer,
                    f"a field name of {len(key):,} characters ({_shorten(key)!r}); at most {MAX_KEY_CHARS} are allowed",
                )
                continue
            child = join_pointer(pointer, key)
            if key in result:
                first = self.lines.get(child, 0)
                self._error(key_node, child, f"duplicate field {key!r} (first written on line {first})")
                continue
            self.lines[child] = key_node.start_mark.line + 1
            result[key] = self.build(value_node, child, depth + 1)
        return result


def _shorten(text: Any, keep: int = 40) -> str:
    """A value as an error quotes it: long ones cut, so the message stays one readable line."""
    text = str(text)
    return text if len(text) <= keep else f"{text[:keep]}... ({len(text):,} characters)"


def _character_error(exc: yaml.reader.ReaderError, name: str, text: str) -> SpecError:
    """A character YAML does not allow (NUL, U+0001, ...), on the line it was written."""
    character = exc.character if isinstance(exc.character, int) else ord(str(exc.character)[:1] or "\x00")
    found = text.find(chr(character))
    line = text.count("\n", 0, found) + 1 if found >= 0 else 0
    return SpecError(name, line, "", f"not valid YAML: the character U+{character:04X} is not allowed in a YAML file")


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
