"""A deal written out by hand, for `play --hands`: a YAML or JSON file, or the same text typed inline.

Someone studying a hand wants to play exactly those cards, not hunt for a deal number that gives
them; a scenario already writes a deal out, so the file takes the same shape (`hands`, `up_card`,
optionally `kitty` and `dealer`) and is checked by the same schema and the same card-by-card
checks, with every problem located as `file:line: what is wrong (pointer)`.
"""

from __future__ import annotations

from pathlib import Path

from documents.schemas import validate
from documents.yaml_loader import Document, load_document, parse_document
from ruleset import SpecError, SpecInvalid
from ruleset.compiled.rules import Rules

from .deal import Deal, DealError, explicit_deal

INLINE = "<--hands>"
"""The name errors give a deal typed on the command line."""

DEAL_SCHEMA = "scenario.schema.json#/$defs/deal"


def source_name(source: str) -> str:
    """What messages call a --hands value: the file's path, or INLINE for a deal typed out."""
    return INLINE if source.lstrip().startswith("{") else source


def read_written_deal(source: str) -> Document:
    """The deal document of `source`: a file's path, or the deal itself as inline YAML or JSON (`{hands: ...}`)."""
    if source_name(source) == INLINE:
        return parse_document(source, INLINE)
    path = Path(source)
    if not path.is_file():
        raise SpecInvalid([SpecError(source, 0, "", "not a regular file" if path.exists() else "no such file")])
    return load_document(path, source)


def written_deal(rules: Rules, document: Document, dealer: int) -> Deal:
    """The deal a document writes out, dealt by its own `dealer` or else by `dealer`; SpecInvalid if it does not fit."""
    problems = validate(document.data, DEAL_SCHEMA, lambda pointer: (document.path, document.line_of(pointer)))
    if problems:
        raise SpecInvalid(problems)
    data = document.data
    if "number" in data:
        raise SpecInvalid([_error(document, "/number", "a written-out deal gives its hands; for a deal number use --deal")])
    dealer = data.get("dealer", dealer)
    try:
        explicit_deal(rules, dealer, data["hands"], data.get("up_card"))
    except DealError as exc:
        raise SpecInvalid([_error(document, "/hands", f"the deal does not fit {rules.variant_id}: {exc}")]) from None
    try:
        return explicit_deal(rules, dealer, data["hands"], data.get("up_card"), data.get("kitty"))
    except DealError as exc:
        raise SpecInvalid([_error(document, "/kitty", f"the kitty does not fit {rules.variant_id}: {exc}")]) from None


def _error(document: Document, pointer: str, message: str) -> SpecError:
    return SpecError(document.path, document.line_of(pointer), pointer, message)
