"""A pytest plugin: run the conformance scenarios inside an engine's own test suite.

    pytest --euchre-engine "my-engine --protocol"

adds one test per scenario, named by its id, to whatever else the project collects. The engine
process is started once for the session; a scenario the engine does not support is skipped with
the reason, and a listed expected failure (--euchre-expected-failures) is an xfail (strict, so an
expected failure that passes fails the run).
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import Any

import pytest

from conformance.engines.process import EngineProcess
from conformance.running.runner import check_handshake, run_scenario
from conformance.suite.expected import load_expected_failures
from conformance.suite.scenarios import Scenario, suite

REFERENCE = [sys.executable, "-m", "euchre_spec", "serve"]


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("euchre", "euchre-spec conformance scenarios")
    group.addoption("--euchre-engine", help="command line of the engine under test ('reference' for ours)")
    group.addoption("--euchre-timeout", type=float, default=10.0, help="seconds to wait for each reply")
    group.addoption("--euchre-variant", action="append", default=[], help="only scenarios of this variant")
    group.addoption("--euchre-expected-failures", type=Path, help="expected-failures file for the engine")


class _Session:
    """The engine process shared by every scenario test of a pytest session."""

    def __init__(self, config: pytest.Config) -> None:
        command = config.getoption("euchre_engine")
        self.command = REFERENCE if command == "reference" else shlex.split(command)
        self.timeout = config.getoption("euchre_timeout")
        self.engine: EngineProcess | None = None
        self.hello: dict[str, Any] = {}
        self.seq = 0

    def start(self) -> dict[str, Any]:
        if self.engine is None:
            self.engine = EngineProcess(self.command, timeout=self.timeout)
            self.hello = self.engine.start()
            check_handshake(self.hello)
        return self.hello

    def close(self) -> None:
        if self.engine is not None:
            self.engine.close()


class ScenarioItem(pytest.Item):
    """One scenario as a test."""

    def __init__(self, *, scenario: Scenario, session_engine: _Session, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.scenario = scenario
        self.session_engine = session_engine

    def runtest(self) -> None:
        """The scenario as `conform` runs it (readings the engine always plays, sessions), one outcome."""
        hello = self.session_engine.start()
        assert self.session_engine.engine is not None
        self.session_engine.seq += 1
        outcome = run_scenario(self.session_engine.engine, hello, self.scenario, self.session_engine.seq, None)
        if outcome.status in ("skipped", "not_applicable"):
            pytest.skip(outcome.message)
        if outcome.status != "pass":
            raise ScenarioFailure("\n".join([f"{outcome.status}: {outcome.message}", *outcome.details[1:]]))

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, ScenarioFailure):
            s = self.scenario
            return f"{s.id}: {s.title}\n  clauses: {', '.join(s.clauses)}\n  scenario: {s.file}:{s.line}\n{excinfo.value}"
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int, str]:
        return Path(self.scenario.file), self.scenario.line, f"euchre scenario {self.scenario.id}"


class ScenarioFailure(Exception):
    """A scenario the engine got wrong."""


class ScenarioSuite(pytest.Collector):
    """The collector holding one item per scenario."""

    def collect(self) -> list[pytest.Item]:
        return []


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    if not config.getoption("euchre_engine"):
        return
    shared = _Session(config)
    config.add_cleanup(shared.close)
    variants = config.getoption("euchre_variant")
    expected_path = config.getoption("euchre_expected_failures")
    expected = load_expected_failures(expected_path, suite()) if expected_path else {}
    parent = ScenarioSuite.from_parent(session, name="euchre-spec")
    for scenario in suite():
        if variants and scenario.variant not in variants:
            continue
        item = ScenarioItem.from_parent(parent, name=scenario.id, scenario=scenario, session_engine=shared)
        if scenario.id in expected:
            item.add_marker(pytest.mark.xfail(reason=expected[scenario.id].reason, strict=True, raises=ScenarioFailure))
        items.append(item)
