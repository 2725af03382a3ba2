"""The fast paths of document reading give the very answers of the slow ones.

Two compiled libraries read documents faster: libyaml composes YAML (documents.yaml_loader) and
jsonschema-rs says whether a document is valid (documents.fast_schemas). Each is only allowed to
agree: every document, error message and line must be what the pure-Python path gives. These
tests read the same texts and data both ways and compare, on every shipped file, on hostile
texts, and on documents changed at random.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from documents import fast_schemas, yaml_loader
from documents.errors import SpecInvalid
from documents.limits import MAX_ALIASES, MAX_DEPTH, MAX_VALUES
from documents.schema_files import schema_documents
from documents.schemas import schema_uri, validate, validator
from documents.yaml_loader import load_document, parse_document

ROOT = Path(__file__).resolve().parent.parent


def _utf8(path: Path) -> bool:
    """Whether a file is text at all (files that are not are refused before they are parsed)."""
    try:
        path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return False
    return True


SHIPPED_YAML = [path for top in ("spec", "conformance", "tests") for path in sorted((ROOT / top).rglob("*.yaml")) if _utf8(path)]
SCENARIO_FILES = sorted((ROOT / "conformance" / "scenarios").rglob("*.yaml"))

_BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{name}: &{name} [{', '.join([f'*{previous}'] * 9)}]\n" for previous, name in zip("abcdefgh", "bcdefghi", strict=True)
)
HOSTILE_TEXTS = {
    "alias-bomb": _BOMB,
    "alias-in-its-own-anchor": "a: &a [*a]\n",
    "aliases-past-the-limit": "a: &a 1\nb: [" + ", ".join(["*a"] * (MAX_ALIASES + 1)) + "]\n",
    "aliases-at-the-limit": "a: &a 1\nb: [" + ", ".join(["*a"] * MAX_ALIASES) + "]\n",
    "values-past-the-limit": "\n".join(f"k{i}: {i}" for i in range(MAX_VALUES)),
    "flow-nesting-past-the-limit": "a: " + "[" * MAX_DEPTH + "]" * MAX_DEPTH + "\n",
    "flow-nesting-at-the-limit": "a: " + "[" * (MAX_DEPTH - 2) + "]" * (MAX_DEPTH - 2) + "\n",
    "flow-nesting-past-libyaml's-bound": "a: " + "[" * 5000 + "]" * 5000 + "\n",
    "block-nesting-past-the-limit": "- " * (MAX_DEPTH + 1) + "a\n",
    "block-nesting-past-libyaml's-bound": "- " * 5000 + "a\n",
    "duplicate-anchor": "a: &x 1\nb: &x 2\n",
    "undefined-alias": "a: *nothing\n",
    "two-documents": "a: 1\n---\nb: 2\n",
    "unclosed-quote": 'a: "abc\n',
    "unclosed-bracket": "a: [1, 2\n",
    "nul-character": "a: \x00\n",
    "tab-indentation": "a:\n\t- 1\n",
    "duplicate-key": "x:\n  y: 1\n  y: 2\n",
    "merge-key": "a: &a {x: 1}\nb: {<<: *a}\n",
    "set-tag": "a: !!set {x}\n",
    "binary-tag": "a: !!binary aGVsbG8=\n",
    "no-date": "a: 2024-13-45\n",
    "empty": "",
    "only-a-comment": "# nothing\n",
    "complex-key": "? [a]\n: 1\n",
    "aliased-key": "&k a: 1\n*k : 2\n",
    "byte-order-mark": "\ufeffa: 1\n",
    "crlf-lines": "a: 1\r\nb: [1,\r\n 2]\r\n",
    "values-past-the-limit-in-a-list-key": "? [" + ", ".join(["1"] * MAX_VALUES) + "]\n: 1\n",
    "values-past-the-limit-under-a-repeated-field": "a: 1\na: [" + ", ".join(["1"] * MAX_VALUES) + "]\n",
    "nesting-past-the-limit-under-a-merge-key": "b: {<<: " + "[" * MAX_DEPTH + "]" * MAX_DEPTH + "}\n",
    "nesting-past-the-limit-under-a-tag": "a: !!set {x: " + "[" * MAX_DEPTH + "]" * MAX_DEPTH + "}\n",
}


def _read(text: str) -> tuple[Any, ...]:
    """What reading a text gives: the data and the line of every pointer, or every error as printed."""
    try:
        document = parse_document(text, "t.yaml")
    except SpecInvalid as exc:
        return ("refused", [str(error) for error in exc.errors])
    return ("read", repr(document.data), document.lines)


def _read_without_libyaml_composing(text: str, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, ...]:
    with monkeypatch.context() as patch:
        patch.setattr(yaml_loader, "_C_LOADER", None)
        return _read(text)


@pytest.mark.skipif(yaml_loader._C_LOADER is None, reason="PyYAML has no libyaml here")
@pytest.mark.parametrize("path", SHIPPED_YAML, ids=lambda path: str(path.relative_to(ROOT)))
def test_libyaml_composes_every_shipped_file_as_the_counting_composer_does(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = path.read_text(encoding="utf-8")
    assert _read(text) == _read_without_libyaml_composing(text, monkeypatch)


@pytest.mark.skipif(yaml_loader._C_LOADER is None, reason="PyYAML has no libyaml here")
@pytest.mark.parametrize("name", sorted(HOSTILE_TEXTS))
def test_libyaml_refuses_hostile_texts_in_the_counting_composers_words(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    text = HOSTILE_TEXTS[name]
    assert _read(text) == _read_without_libyaml_composing(text, monkeypatch)


def test_a_graph_with_too_many_aliases_is_not_taken_from_libyaml() -> None:
    """Aliases are what the builder cannot count as the composer does: libyaml's graph is measured for them."""
    assert yaml_loader._composed_by_libyaml(HOSTILE_TEXTS["aliases-past-the-limit"]) is None
    if yaml_loader._C_LOADER is not None:
        assert yaml_loader._composed_by_libyaml(HOSTILE_TEXTS["aliases-at-the-limit"]) is not None


# --- the compiled schema check ------------------------------------------------------------------

needs_compiled = pytest.mark.skipif(fast_schemas._compiled(schema_uri("scenario.schema.json")) is None, reason="no jsonschema-rs")


def test_every_shipped_schema_is_offered_to_the_compiled_validator() -> None:
    """No schema of ours has a word class (`\\w`, `\\b`), which would keep its documents from the fast path."""
    assert [uri for uri, _ in schema_documents() if fast_schemas._pattern_classes(uri).words] == []


@needs_compiled
def test_the_compiled_validator_accepts_every_shipped_scenario_file() -> None:
    """Valid documents take the fast path: the suite is read without jsonschema."""
    uri = schema_uri("scenario.schema.json")
    refused = [path.name for path in SCENARIO_FILES if not fast_schemas.accepts(uri, load_document(path).data)]
    assert refused == []


@pytest.mark.parametrize(
    ("value", "why"),
    [
        (("0 pass",), "a tuple, which jsonschema does not take for a list"),
        ("0 play:9C\x85", "U+0085, a space to Python's patterns and text to ECMA-262's"),
        ("0 play:9C\x1c", "U+001C, likewise"),
    ],
)
def test_values_the_validators_read_apart_are_left_to_jsonschema(value: Any, why: str) -> None:
    uri = schema_uri("scenario.schema.json")
    data = copy.deepcopy(load_document(SCENARIO_FILES[0]).data)
    data["scenarios"][0]["actions"] = [value] if isinstance(value, str) else value
    assert not fast_schemas.accepts(uri, data), why
    assert list(validator("scenario.schema.json").iter_errors(data)), "jsonschema refuses it"


_JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=6,
)
_ODD_VALUES = st.sampled_from(["", "0 pass\n", "0 \x85", "0 a\x1c", "１", "٣", "0 pass ", 2**64, -1, 1.0, True, (1,), "x" * 300])


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            found.extend(_paths(value, (*prefix, key)))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found.extend(_paths(value, (*prefix, index)))
    return found


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    file=st.sampled_from(SCENARIO_FILES),
    where=st.integers(min_value=0),
    value=_JSON_VALUES | _ODD_VALUES,
    drop=st.booleans(),
)
def test_a_changed_scenario_file_gets_the_errors_jsonschema_gives(file: Path, where: int, value: Any, drop: bool) -> None:
    """Whatever the change, validate() reports exactly what jsonschema alone reports."""
    document = load_document(file)
    data = copy.deepcopy(document.data)
    paths = _paths(data)[1:]
    path = paths[where % len(paths)]
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    if drop and isinstance(parent, dict):
        del parent[path[-1]]
    else:
        parent[path[-1]] = value

    def locate(pointer: str) -> tuple[str, int]:
        return document.path, document.line_of(pointer)

    found = validate(data, "scenario.schema.json", locate)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(fast_schemas, "accepts", lambda uri, data: False)
        assert found == validate(data, "scenario.schema.json", locate)
