"""summary.json: a fuzzing summary written to a file and read back for merging.

The file holds the value (`conformance.fuzzing.campaign.Summary`: the campaign, the shard, the
counts and each class's smallest witness, written out in full so the witness scenario can be
rebuilt from the file alone) plus what only a reader wants: the time taken and the scenario
files written. Reading checks the file against SCHEMA, within the limits every file is read in,
and its hand numbers against its shard of the campaign, and reports a broken one as
`file:line: what is wrong (JSON pointer)`, never with a traceback.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator

from conformance.fuzzing.campaign import (
    MAX_HANDS,
    Campaign,
    ClassSummary,
    Shard,
    ShardFormError,
    Summary,
    by_frequency,
    parse_shard,
    played_hands,
)
from conformance.fuzzing.disagreement import Disagreement
from documents.json_loader import load_json
from documents.writing import write_text
from ruleset import SpecError, SpecInvalid

FORMAT = 1
LISTED = 100
"""Scenario files listed per class: with `--keep 0` a class may write thousands, and a summary must stay a
file `fuzz-merge` reads (documents.limits); the count of all of them is given beside."""

_TEXT = {"type": "string"}
_COUNT = {"type": "integer", "minimum": 0}
_MAYBE_TEXT = {"type": ["string", "null"]}
SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "A fuzzing summary (euchre-spec fuzz, fuzz-merge)",
    "type": "object",
    "required": ["format", "campaign", "shard", "hands", "hands_with_disagreement", "classes"],
    "properties": {
        "format": {"const": FORMAT},
        "campaign": {
            "type": "object",
            "required": ["engines", "names", "variant", "house_rules", "seed", "hands"],
            "additionalProperties": False,
            "properties": {
                "engines": {"type": "array", "items": _TEXT, "minItems": 2, "maxItems": 2},
                "names": {"type": "array", "items": _TEXT, "minItems": 2, "maxItems": 2},
                "variant": _TEXT,
                "house_rules": {"type": "array", "items": _TEXT},
                "seed": {"type": "integer"},
                "hands": _COUNT,
            },
        },
        "shard": {"type": "string", "pattern": r"^\d+/\d+$", "description": "shard I of N, as I/N (from 1)"},
        "hand_numbers": {"type": "array", "items": _COUNT, "maxItems": 2, "description": "the first and last hand played"},
        "hands": _COUNT,
        "hands_with_disagreement": _COUNT,
        "seconds": {"type": ["number", "null"]},
        "hands_per_second": {"type": ["number", "null"]},
        "classes": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["class", "count", "witness"],
                "properties": {
                    "class": _TEXT,
                    "count": {"type": "integer", "minimum": 1},
                    "witness": {
                        "type": "object",
                        "required": ["hand", "deal_number", "dealer", "steps", "field", "expected", "actual", "topic"],
                        "additionalProperties": False,
                        "properties": {
                            "hand": _COUNT,
                            "deal_number": _COUNT,
                            "dealer": _COUNT,
                            "steps": {
                                "type": "array",
                                "items": {"type": "string", "pattern": r"^\d+ \S+$", "description": "seat, space, action"},
                            },
                            "field": {"enum": ["to_act", "hand_points", "legal", "refused"]},
                            "expected": {},
                            "actual": {},
                            "topic": _TEXT,
                            "phase": _MAYBE_TEXT,
                            "previous_phase": _MAYBE_TEXT,
                            "clause": _MAYBE_TEXT,
                        },
                    },
                    "witness_scenario": _MAYBE_TEXT,
                    "scenarios": {"type": "array", "items": _TEXT, "description": f"the first {LISTED} written"},
                    "scenarios_written": _COUNT,
                },
            },
        },
    },
}
"""The file's form. It lives here, beside its only reader, until the file is part of the public contract."""


def summary_document(
    summary: Summary, seconds: float | None, scenarios: dict[str, list[Path]], witness_files: dict[str, Path]
) -> dict[str, Any]:
    """The JSON document of a summary, with the time taken and the scenario files written, by class."""
    campaign = summary.campaign
    numbers = summary.shard.hands(campaign.hands)
    return {
        "format": FORMAT,
        "campaign": {
            "engines": list(campaign.engines),
            "names": list(campaign.names),
            "variant": campaign.variant,
            "house_rules": list(campaign.house_rules),
            "seed": campaign.seed,
            "hands": campaign.hands,
        },
        "shard": str(summary.shard),
        "hand_numbers": [numbers.start, numbers.stop - 1] if numbers else [],
        "hands": summary.hands,
        "hands_with_disagreement": summary.hands_with_disagreement,
        "seconds": None if seconds is None else round(seconds, 2),
        "hands_per_second": round(summary.hands / seconds, 1) if seconds else None,
        "classes": [
            {
                "class": entry.label,
                "count": entry.count,
                "witness": _witness_document(entry.witness),
                "witness_scenario": str(witness_files[entry.label]) if entry.label in witness_files else None,
                "scenarios": [str(path) for path in scenarios.get(entry.label, [])[:LISTED]],
                "scenarios_written": len(scenarios.get(entry.label, [])),
            }
            for entry in summary.classes
        ],
    }


def _witness_document(witness: Disagreement) -> dict[str, Any]:
    return {
        "hand": witness.hand,
        "deal_number": witness.number,
        "dealer": witness.dealer,
        "steps": [f"{seat} {action}" for seat, action in witness.steps],
        "field": witness.field,
        "expected": witness.expected,
        "actual": witness.actual,
        "topic": witness.topic,
        "phase": witness.phase,
        "previous_phase": witness.previous_phase,
        "clause": witness.clause,
    }


def write_summary(document: dict[str, Any], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    write_text(path, json.dumps(document, indent=1) + "\n")


@dataclass(frozen=True)
class Recorded:
    """A summary read from a file, with the seconds the run took (when the file says)."""

    summary: Summary
    seconds: float | None


def read_summary(path: Path) -> Recorded:
    """The summary in a summary.json file; SpecInvalid with located errors if it is not one.

    The file is read as every file is (`documents.json_loader`: its size, nesting, numbers and
    values within the limits), and its hand numbers must be those of its shard of the campaign.
    """
    name = str(path)
    data, lines = load_json(path, name)

    def at(pointer: str) -> int:
        return next((lines[where] for where in _ancestors(pointer) if where in lines), 1)

    errors = list(Draft202012Validator(SCHEMA).iter_errors(data))
    if errors:
        raise SpecInvalid([_located(name, at(_pointer(error.absolute_path)), error) for error in errors])
    try:
        shard = parse_shard(data["shard"])
    except ShardFormError as exc:
        raise SpecInvalid([SpecError(name, at("/shard"), "/shard", str(exc))]) from exc
    problems = _slice_problems(data, shard)
    if problems:
        raise SpecInvalid([SpecError(name, at(pointer), pointer, message) for pointer, message in problems])
    return Recorded(_summary(data, shard), data.get("seconds"))


def _slice_problems(data: dict[str, Any], shard: Shard) -> list[tuple[str, str]]:
    """Where the file's campaign is larger than any, or its hand numbers are not its shard's: (pointer, what is wrong).
    What its counts and witnesses say of its slice is checked by the merge (conformance.fuzzing.campaign)."""
    total = data["campaign"]["hands"]
    if total > MAX_HANDS:
        return [("/campaign/hands", f"a campaign of {total:,} hands; a campaign has at most {MAX_HANDS:,}")]
    numbers = shard.hands(total)
    played = f"shard {shard} of a campaign of {total:,} hands plays {played_hands(numbers)}"
    expected = [numbers.start, numbers.stop - 1] if numbers else []
    if "hand_numbers" in data and data["hand_numbers"] != expected:
        return [("/hand_numbers", f"{played}, not {data['hand_numbers']}")]
    return []


def _ancestors(pointer: str) -> list[str]:
    parts = pointer.split("/")
    return ["/".join(parts[:end]) for end in range(len(parts), 0, -1)]


def _pointer(path: Any) -> str:
    return "".join("/" + str(key).replace("~", "~0").replace("/", "~1") for key in path)


def _located(name: str, line: int, error: Any) -> SpecError:
    return SpecError(name, line, _pointer(error.absolute_path), f"not a fuzzing summary: {error.message}")


def _summary(data: dict[str, Any], shard: Shard) -> Summary:
    found = data["campaign"]
    campaign = Campaign(
        (found["engines"][0], found["engines"][1]),
        (found["names"][0], found["names"][1]),
        found["variant"],
        tuple(found["house_rules"]),
        found["seed"],
        found["hands"],
    )
    classes = by_frequency(
        ClassSummary(entry["class"], entry["count"], _witness(entry["class"], entry["witness"])) for entry in data["classes"]
    )
    return Summary(campaign, shard, data["hands"], data["hands_with_disagreement"], classes)


def _witness(label: str, found: dict[str, Any]) -> Disagreement:
    steps = tuple((int(seat), action) for seat, _, action in (step.partition(" ") for step in found["steps"]))
    return Disagreement(
        found["hand"],
        found["deal_number"],
        found["dealer"],
        steps,
        found["field"],
        found["expected"],
        found["actual"],
        label,
        found["topic"],
        found.get("phase"),
        found.get("previous_phase"),
        found.get("clause"),
    )
