"""The suite's releases: what each changed (conformance/changelog.yaml) and which scenarios came or changed in it.

A scenario records the release it came in (`since`) and the one it last changed in (`changed`);
the changelog records the versions of each release (suite, rules language, protocol, package)
and, in words, what an engine author needs to know. The site's changelog page is made from both,
and a test holds them to each other and to the versions the code declares.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from conformance.suite.scenarios import Scenario
from documents.errors import SpecInvalid
from documents.paths import data_home, display_path
from documents.schemas import validate_document
from documents.yaml_loader import load_document


@dataclass(frozen=True)
class Change:
    area: str
    text: str


@dataclass(frozen=True)
class Release:
    suite: str
    language: int
    protocol: int
    package: str
    changes: tuple[Change, ...]


def changelog() -> tuple[Release, ...]:
    """Every release, newest first; SpecInvalid (file:line) if the changelog does not follow its schema."""
    path = data_home().changelog
    document = load_document(path, display_path(path))
    errors = validate_document(document, "changelog.schema.json")
    if errors:
        raise SpecInvalid(errors)
    return tuple(
        Release(
            item["suite"],
            item["language"],
            item["protocol"],
            item["package"],
            tuple(Change(change["area"], change["text"]) for change in item["changes"]),
        )
        for item in document.data["releases"]
    )


def version_key(version: str) -> tuple[int, ...]:
    """1.10.0 after 1.9.0: versions compared number by number."""
    return tuple(int(part) for part in version.split("."))


def came_in(scenarios: Iterable[Scenario], release: str) -> list[Scenario]:
    """The scenarios a release added."""
    return [scenario for scenario in scenarios if scenario.since == release]


def changed_in(scenarios: Iterable[Scenario], release: str) -> list[Scenario]:
    """The scenarios a release changed (added earlier)."""
    return [scenario for scenario in scenarios if scenario.changed == release]
