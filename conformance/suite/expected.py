"""Expected-failures files: known deviations of one engine, keyed by scenario id, each with a reason.

Listing a failure does not hide it: the report still shows it as `xfail` with its reason, and a
listed scenario that starts passing is reported as `xpass` so the list cannot rot. An entry is a
reason alone, or the reason with the engine version it was seen in and a link to the engine's
own bug, so a reader can tell an old listing from a current one and follow it upstream.
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from conformance.suite.scenarios import Scenario
from documents.paths import data_home, display_path
from documents.schemas import validate_document
from documents.yaml_loader import Document, load_document
from ruleset import SpecError, SpecInvalid


@dataclass(frozen=True)
class ExpectedFailure:
    """One listed deviation: why, in which version of the engine it was seen, and where it is tracked."""

    reason: str
    engine_version: str | None = None
    bug: str | None = None

    @classmethod
    def of(cls, entry: str | dict[str, Any] | ExpectedFailure) -> ExpectedFailure:
        """An entry as the file writes it (a reason, or a mapping) as a value."""
        if isinstance(entry, ExpectedFailure):
            return entry
        if isinstance(entry, str):
            return cls(entry)
        return cls(str(entry["reason"]), entry.get("engine_version"), entry.get("bug"))


def load_expected_failures(path: Path, scenarios: list[Scenario] | tuple[Scenario, ...]) -> dict[str, ExpectedFailure]:
    """Scenario id -> expected failure; every id must name a scenario of the suite."""
    document = expected_failures_document(path)
    unknown = unknown_ids(document, {scenario.id for scenario in scenarios})
    if unknown:
        raise SpecInvalid(unknown)
    failures: dict[str, Any] = document.data["failures"]
    return {ident: ExpectedFailure.of(entry) for ident, entry in failures.items()}


def expected_failures_document(path: Path, shown: str | None = None) -> Document:
    """An expected-failures file as read, checked against its schema (SpecInvalid naming every problem if it is not)."""
    document = load_document(path, shown or display_path(path))
    errors = validate_document(document, "expected-failures.schema.json")
    if errors:
        raise SpecInvalid(errors)
    return document


def unknown_ids(document: Document, known: Collection[str]) -> list[SpecError]:
    """An error for each listed scenario id that is not in `known`, at its line."""
    return [
        SpecError(
            document.path, document.line_of(f"/failures/{ident}"), f"/failures/{ident}", f"no scenario has the id {ident!r}"
        )
        for ident in document.data["failures"]
        if ident not in known
    ]


def default_expected_file(engine_name: str) -> Path | None:
    """conformance/expected-failures/<engine name as a file name>.yaml, if it exists."""
    path = data_home().expected_failures / f"{slug(engine_name)}.yaml"
    return path if path.exists() else None


MAX_SLUG = 80
"""Characters of an engine's name used in a file name: far more than a name needs, far fewer than a file
system allows (255 bytes), since the handshake's name may be of any length."""


def slug(name: str) -> str:
    """An engine's name as a file name: lower case, anything but letters and digits a dash; a name too long
    to be a file name is cut and ends with a short hash of the whole, so two long names stay apart."""
    made = "".join(ch if ch.isalnum() else "-" for ch in name.lower()).strip("-")
    if len(made) <= MAX_SLUG:
        return made
    return made[: MAX_SLUG - 9].rstrip("-") + "-" + hashlib.sha256(name.encode("utf-8", "surrogatepass")).hexdigest()[:8]
