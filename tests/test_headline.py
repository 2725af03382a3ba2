"""The line a conform run ends with says what the share is of, and never hides what was not run.

Each report here comes from a real run (the reference engine in process, or an engine declaring
other variants than it is asked for), so the line is checked on what `conform` would print.
"""

from __future__ import annotations

from typing import Any

from conformance.commands.conform import reference_in_process
from conformance.engines.in_process import InProcessEngine
from conformance.reports.headline import headline
from conformance.reports.report import report_data, summary_lines
from conformance.running.precheck import Precheck
from conformance.running.runner import run_suite
from conformance.running.user_files import load_user_scenarios, user_spec
from conformance.suite.scenarios import Scenario, suite
from tests import ROOT

USER_FILES = ROOT / "tests" / "user_files"


class Declaring(InProcessEngine):
    """The reference engine, declaring only `variants` in its handshake."""

    def __init__(self, variants: list[str]) -> None:
        super().__init__()
        self.variants = variants

    def start(self) -> dict[str, Any]:
        return super().start() | {"variants": self.variants}


def of_variant(variant: str, count: int = 5) -> list[Scenario]:
    return [scenario for scenario in suite() if scenario.variant == variant and not scenario.house_rules][:count]


def line_of(engine: InProcessEngine, scenarios: list[Scenario], precheck: Precheck | None = None) -> str:
    report = report_data(run_suite(engine, scenarios, precheck=precheck), "test")
    line = headline(report)
    assert summary_lines(report)[-1] == line
    assert "0/0" not in line
    return line


def test_a_clean_run_shows_its_share_and_what_it_skipped() -> None:
    line = line_of(InProcessEngine(), of_variant("british"))
    assert line == "Compliance (must): 5/5 = 100.0%"


def test_an_engine_that_declares_no_variant_of_the_suite_is_told_so() -> None:
    line = line_of(Declaring(["euchre"]), of_variant("north-american"))
    assert line == (
        "Compliance (must): not measured, no must-level scenario was run: "
        "the engine declares no variant of the suite (it declares 'euchre')"
    )


def test_an_engine_asked_for_variants_it_does_not_play_is_told_which() -> None:
    line = line_of(Declaring(["two-handed"]), of_variant("british", 3) + of_variant("cutthroat", 2))
    assert line.startswith("Compliance (must): not measured, no must-level scenario was run: ")
    assert line.endswith(
        "the engine plays none of their variants (it plays two-handed; the must-level scenarios are of british, cutthroat)"
    )


def test_invalid_scenarios_are_said_to_be_not_run_with_the_first_ones_reason() -> None:
    spec = user_spec([USER_FILES / "stuck-any-suit.yaml"])
    scenarios = load_user_scenarios([USER_FILES / "stuck-any-suit-scenarios.yaml"], spec)
    line = line_of(reference_in_process(spec), scenarios, Precheck())
    assert line.startswith("Compliance (must): 1/1 = 100.0%; 2 more scenarios were not run because invalid")
    assert "the first my-stuck-002: invalid scenario: the rules refuse step 2 of its own script, 1 pass:" in line
    assert line.endswith("(not_your_turn)")


def test_a_run_of_only_invalid_scenarios_gives_their_reasons_instead_of_a_share() -> None:
    spec = user_spec([USER_FILES / "stuck-any-suit.yaml"])
    scenarios = load_user_scenarios([USER_FILES / "stuck-any-suit-scenarios.yaml"], spec)[1:]
    line = line_of(reference_in_process(spec), scenarios, Precheck())
    assert line.startswith("Compliance (must): not measured, no must-level scenario was run: 2 invalid (invalid scenario: ")
    assert line.endswith("; 1 for other reasons)")
