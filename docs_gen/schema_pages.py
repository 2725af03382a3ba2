"""The JSON Schemas as pages: every definition with its fields and their descriptions.

The schemas are the public contract, and their descriptions are the documentation of every
field; these pages only lay them out, link the references between them, and offer the files
themselves for download.
"""

from __future__ import annotations

import json
from typing import Any

from documents.paths import data_home

from .context import Context, Page
from .markup import code, esc, one_line, prose, table


def schema_name(file: str) -> str:
    return file.removesuffix(".schema.json")


def schema_pages(ctx: Context) -> tuple[list[Page], dict[str, str]]:
    """A page per schema, the index, and the schema files themselves (path -> text).

    Each file is served as it is, at `schemas/FILE`: the path its `$id` names under the address the
    site is published at (`site_url` in mkdocs.yml), so a validator that fetches a schema by its id
    gets the very file the package ships."""
    pages = [_index(ctx)]
    files = {}
    for file, schema in ctx.data.schemas.items():
        pages.append(_page(file, schema))
        files[f"schemas/{file}"] = (data_home().schemas / file).read_text(encoding="utf-8")
    return pages, files


def _index(ctx: Context) -> Page:
    rows = [
        (f"[{prose(schema.get('title', file))}]({schema_name(file)}.md)", f"`{file}`", one_line(schema.get("description", "")))
        for file, schema in ctx.data.schemas.items()
    ]
    parts = [
        "# Schemas\n",
        "Every file format of the project has a JSON Schema (draft 2020-12) under `schemas/`: the spec files, the scenarios, "
        "the harness protocol's messages and the compliance report. They are the public contract; the loader, the runner "
        "and the tests validate against these files.\n",
        table(["Schema", "File", "What it describes"], rows),
    ]
    return Page("schemas/index.md", "All schemas", "\n".join(parts))


def _page(file: str, schema: dict[str, Any]) -> Page:
    parts = [
        f"# {prose(schema.get('title', file))}\n",
        one_line(schema.get("description", "")) + "\n",
        f"`$id`: `{schema.get('$id', '')}` · download [{file}]({file})\n",
    ]
    if schema.get("properties"):
        parts.append("## The document { #document }\n\n" + _fields(schema, file))
    for name, definition in schema.get("$defs", {}).items():
        parts.append(f"## `{name}` {{ #{name} }}\n")
        if isinstance(definition, dict):
            if definition.get("description"):
                parts.append(one_line(definition["description"]) + "\n")
            if definition.get("properties"):
                parts.append(_fields(definition, file))
            else:
                parts.append(f"Form: {_form(definition, file)}\n")
    parts.append(
        '## The file { #file }\n\n??? note "'
        + file
        + '"\n\n    ```json\n'
        + _indented(json.dumps(schema, indent=2, ensure_ascii=False))
        + "\n    ```\n"
    )
    return Page(f"schemas/{schema_name(file)}.md", schema.get("title", file), "\n".join(parts))


def _indented(text: str) -> str:
    return "\n".join("    " + line for line in text.splitlines())


def _fields(schema: dict[str, Any], file: str) -> str:
    required = set(schema.get("required", []))
    rows = []
    for name, field in schema["properties"].items():
        description = field.get("description", "") if isinstance(field, dict) else ""
        rows.append((code(name) + (" (required)" if name in required else ""), _form(field, file), one_line(description)))
    return table(["Field", "Form", "Description"], rows)


def _form(field: Any, file: str) -> str:
    """A field's form in a few words: its type, its allowed values, or a link to its definition."""
    if not isinstance(field, dict):
        return "anything" if field is True else "nothing"
    if "$ref" in field:
        target, _, fragment = field["$ref"].partition("#")
        target_file = target.rsplit("/", 1)[-1] or file
        page = f"{schema_name(target_file)}.md" if target_file != file else ""
        tokens = fragment.strip("/").split("/")
        if len(tokens) == 2 and tokens[0] == "$defs":
            return f"[`{esc(tokens[1])}`]({page}#{tokens[1]})"
        return code(field["$ref"])
    if "const" in field:
        return code(json.dumps(field["const"]))
    if "enum" in field:
        return "one of " + ", ".join(code(json.dumps(v)) for v in field["enum"])
    if "type" in field:
        kind = field["type"]
        text = " or ".join(kind) if isinstance(kind, list) else str(kind)
        if kind == "array" and isinstance(field.get("items"), dict):
            text += " of " + _form(field["items"], file)
        return text
    for keyword in ("anyOf", "oneOf"):
        if keyword in field:
            return " or ".join(_form(branch, file) for branch in field[keyword])
    return "see the file"
