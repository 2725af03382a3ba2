"""The results log: one line of JSON per conformance run, so compliance can be followed over time.

A report says how an engine fared once; the log keeps the summary of every run that was asked
to be kept (`euchre-spec conform --history FILE`), and the rules site plots each engine's
must-level compliance over the suite's versions from it. Each line follows
schemas/history.schema.json; the log of the engines this project runs is kept in the
repository as conformance/history.jsonl.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from documents.json_loader import parse_json
from documents.paths import display_path
from documents.reading import read_text
from documents.schemas import validate
from documents.writing import named, write_text
from ruleset import SpecError, SpecInvalid

HISTORY_FILE = "conformance/history.jsonl"
"""Where a checkout keeps the log of the engines the project runs, from the checkout's root."""


def entry(report: dict[str, Any]) -> dict[str, Any]:
    """One run's summary, as a line of the log."""
    engine = report["engine"]
    return {
        "format": 1,
        "date": report["generated"],
        "suite_version": report["suite_version"],
        "package_version": report["package_version"],
        "engine": {"name": engine["name"], "version": engine["version"]},
        "total": report["summary"]["total"],
        "counts": {status: count for status, count in report["summary"]["counts"].items() if count},
        "must": dict(report["summary"]["must"]),
    }


def append(path: Path, line: dict[str, Any]) -> None:
    """Add one line at the end of the log (created with its folder if need be); OSError naming the log if it
    cannot be, and a log that is not a regular file (a FIFO, a device) is refused, never waited on."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise named(exc, path.parent) from None
    write_text(path, json.dumps(line, sort_keys=True) + "\n", append=True, regular_only=True)


def load(path: Path) -> list[dict[str, Any]]:
    """Every line of a log, checked against its schema; SpecInvalid names each bad line (file:line)."""
    shown = display_path(path)
    entries: list[dict[str, Any]] = []
    errors: list[SpecError] = []
    for number, text in enumerate(read_text(path, shown).splitlines(), start=1):
        if not text.strip():
            continue
        try:
            data, _ = parse_json(text, shown, with_lines=False)  # one line is one entry: its line is known
        except SpecInvalid as exc:
            errors.extend(SpecError(shown, number, "", error.message) for error in exc.errors)
            continue
        found = validate(data, "history.schema.json", _at(shown, number))
        errors.extend(found)
        if not found:
            entries.append(data)
    if errors:
        raise SpecInvalid(errors)
    return entries


def _at(shown: str, number: int) -> Callable[[str], tuple[str, int]]:
    """Every error of a line is located at that line: one line is one entry."""
    return lambda pointer: (shown, number)
