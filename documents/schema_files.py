"""The shipped schema files, read once: each one's $id and contents.

Both validators read the same files: jsonschema through a `referencing` registry
(`documents.schemas`), the compiled one through its own (`documents.fast_schemas`).
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from .paths import data_home


@cache
def schema_documents() -> tuple[tuple[str, dict[str, Any]], ...]:
    """Every schema under schemas/, as ($id, contents), in file-name order."""
    found = []
    for path in sorted(data_home().schemas.glob("*.schema.json")):
        contents = json.loads(path.read_text(encoding="utf-8"))
        found.append((contents["$id"], contents))
    return tuple(found)
