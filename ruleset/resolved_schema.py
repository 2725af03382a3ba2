"""The schema of complete resolved rules, derived from the variant schema so the two cannot drift.

A resolved variant has every default filled in (`defaults.fill_defaults`), so the schema it
follows is the variant schema with every field that has a default made required, and a field
whose default is null ("no redeal", "no limit") allowing null. It is committed as
schemas/resolved-variant.schema.json, where other validators and the schema export find it like
any other schema; a test checks the file is what `resolved_variant_schema` makes, and
`python -m ruleset.resolved_schema` writes it again after the variant schema changes.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from documents.paths import data_home
from ruleset.language import VERSION_FIELD

FILE_NAME = "resolved-variant.schema.json"
DESCRIPTION = (
    "The rules of one variant with its house rules, as an engine receives them in a protocol request and as "
    "'euchre-spec show' prints them: composed, every default filled in, complete. It is variant.schema.json with "
    "every field that has a default required (a null default, such as 'no redeal', allows null); only citations "
    "(clause references), a scoring row's label and conditions (a condition left out matches any value), the sides "
    "a contract row's award leaves out (they score nothing) and the "
    "words of labels may be absent. Generated from variant.schema.json by ruleset.resolved_schema; "
    "do not edit by hand."
)


def resolved_variant_schema(variant: dict[str, Any]) -> dict[str, Any]:
    """The resolved-rules schema made from the variant schema `variant` (which is left unchanged)."""
    schema = copy.deepcopy(variant)
    schema["$id"] = variant["$id"].rsplit("/", 1)[0] + "/" + FILE_NAME
    schema["title"] = "Euchre variant, resolved"
    schema["description"] = DESCRIPTION
    del schema["if"], schema["else"]
    schema["allOf"] = [{"$ref": "#/$defs/complete"}]
    _require_defaults(schema)
    shape = schema["$defs"]["shape"]
    shape["required"] = [*shape.get("required", []), VERSION_FIELD]  # composition always writes it
    return schema


def _require_defaults(node: Any) -> None:
    if isinstance(node, dict):
        properties = node.get("properties")
        if isinstance(properties, dict):
            defaulted = [key for key, sub in properties.items() if isinstance(sub, dict) and "default" in sub]
            if defaulted:
                node["required"] = [*node.get("required", []), *(key for key in defaulted if key not in node.get("required", []))]
            for key in defaulted:
                if properties[key]["default"] is None:
                    properties[key] = _nullable(properties[key])
        for value in node.values():
            _require_defaults(value)
    elif isinstance(node, list):
        for item in node:
            _require_defaults(item)


def _nullable(prop: dict[str, Any]) -> dict[str, Any]:
    """`prop` also allowing null, the value of its null default."""
    prop = dict(prop)
    if "$ref" in prop:
        prop["anyOf"] = [{"$ref": prop.pop("$ref")}, {"type": "null"}]
    elif "enum" in prop:
        prop["enum"] = [*prop["enum"], None]
    else:
        kind = prop["type"]
        prop["type"] = [*(kind if isinstance(kind, list) else [kind]), "null"]
    return prop


def schema_text() -> str:
    """The resolved-rules schema as committed: made from the variant schema under schemas/."""
    variant = json.loads((data_home().schemas / "variant.schema.json").read_text(encoding="utf-8"))
    return json.dumps(resolved_variant_schema(variant), indent=2, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    (data_home().schemas / FILE_NAME).write_text(schema_text(), encoding="utf-8")
