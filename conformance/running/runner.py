"""Running the suite against an engine and deciding each scenario's outcome.

The runner knows nothing of the engine but what the handshake says: which variants and house
rules it plays. Scenarios outside that are skipped with a reason and never sent; a scenario a
precheck finds invalid (its own script broken, on the reference engine) is never sent either.
Everything else is sent once; the reply is checked against the protocol schema and then by the comparator. An
expected-failures list turns known failures into `xfail` and flags those that start passing.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from conformance.engines.in_process import Engine
from conformance.engines.process import EngineFailure
from conformance.engines.sdk import MATCHES, PROTOCOL, SESSIONS
from conformance.engines.sessions import run_in_session
from conformance.running import readings
from conformance.running.completions import CompletionMismatch, explore
from conformance.running.interrupts import Interrupted
from conformance.suite.compare import Mismatch, judge, reported_fields
from conformance.suite.expected import ExpectedFailure
from conformance.suite.outcomes import FAILING, Outcome, RunResult
from conformance.suite.requests import build_request
from conformance.suite.scenarios import Scenario, scenario_document, scenario_rules
from documents.schemas import SchemaCheck, message_check
from ruleset.language import FIRST, NotInLanguage, current_language, lower


def _reply_validator() -> SchemaCheck:
    return message_check("https://euchre-spec.org/schemas/protocol.schema.json#/$defs/result")


def check_handshake(hello: dict[str, Any]) -> None:
    """Refuse (EngineFailure) a handshake the runner cannot work with: another protocol, a malformed reply."""
    if hello.get("protocol") != PROTOCOL:
        raise EngineFailure(
            "error", f"the engine speaks harness protocol {hello.get('protocol')!r}; this runner speaks {PROTOCOL}"
        )
    validator = message_check("https://euchre-spec.org/schemas/protocol.schema.json#/$defs/hello_reply")
    problem = next(iter(sorted(validator.iter_errors(hello), key=lambda e: list(e.absolute_path))), None)
    if problem is not None:
        where = "/".join(str(p) for p in problem.absolute_path)
        raise EngineFailure("error", f"the engine's handshake does not follow the protocol at /{where}: {problem.message}")
    if engine_language(hello) > current_language():
        raise EngineFailure(
            "error",
            f"the engine reads rules language {engine_language(hello)}; this runner's spec is written in {current_language()}",
        )
    unknown = readings.unknown_readings(tuple(hello.get("always", ())))
    if unknown:
        raise EngineFailure("error", f"the engine always plays readings the spec does not have: {', '.join(unknown)}")


def engine_language(hello: dict[str, Any]) -> int:
    """The rules language version an engine reads: what its handshake says, or the first version if it says nothing."""
    version = hello.get("rules_language", FIRST)
    return version if isinstance(version, int) else FIRST


def unsupported(scenario: Scenario, hello: dict[str, Any]) -> str | None:
    """Why an engine cannot run a scenario, from its handshake; None if it can."""
    if scenario.variant not in hello.get("variants", []):
        return f"the engine does not play {scenario.variant}"
    if scenario_rules(scenario).match is not None and MATCHES not in hello.get("capabilities", ()):
        return f"{scenario.variant} is played as a match, and the engine does not offer the '{MATCHES}' capability"
    declared = set(hello.get("house_rules", [])) | set(hello.get("always", []))
    for ref in scenario.house_rules:
        rule_id = ref.partition("=")[0]
        if ref not in declared and rule_id not in declared:
            return f"the engine does not play the house rule {ref}"
    return None


Expectations = Callable[[dict[str, Any]], Mapping[str, str | ExpectedFailure]]
"""The engine's handshake -> its expected failures by scenario id (a reason alone, or the whole entry)."""
Precheck = Callable[[Scenario], "Outcome | None"]
"""A verdict on a scenario reached before it is sent (such as `invalid`), or None to send it."""


def run_suite(
    engine: Engine,
    scenarios: Iterable[Scenario],
    expectations: Expectations | None = None,
    progress: Callable[[Outcome], None] | None = None,
    check_replies: bool = True,
    precheck: Precheck | None = None,
    recheck: Precheck | None = None,
) -> RunResult:
    """Run every scenario on `engine` and return the outcomes in order.

    `expectations` maps the engine's handshake to its expected failures (scenario id -> reason),
    since which list applies is known only once the engine has said who it is. `precheck` judges a
    scenario before it is sent (a user's own files); `recheck` judges one the engine failed, before
    the engine is blamed (the suite's, read from a data folder that may hold a broken one). A run stopped by
    a signal (`Interrupted`, see conformance.running.interrupts) returns the outcomes so far, marked with
    the signal; the engine is closed on every way out.
    """
    started = time.perf_counter()
    hello: dict[str, Any] = {}
    outcomes: list[Outcome] = []
    interrupted = None
    try:
        hello = engine.start()
        check_handshake(hello)
        expected_failures = expectations(hello) if expectations else {}
        validator = _reply_validator() if check_replies else None
        for seq, scenario in enumerate(scenarios):
            verdict = precheck(scenario) if precheck else None
            outcome = verdict or run_scenario(engine, hello, scenario, seq, validator)
            if verdict is None and recheck is not None and outcome.status in ("fail", "error"):
                outcome = recheck(scenario) or outcome
            listed = expected_failures.get(scenario.id)
            outcome = _apply_expectation(outcome, ExpectedFailure.of(listed) if listed is not None else None)
            outcomes.append(outcome)
            if progress:
                progress(outcome)
    except Interrupted as exc:
        interrupted = exc.signal_name
    finally:
        engine.close()
    restarts = getattr(engine, "restarts", 0)
    return RunResult(hello, outcomes, time.perf_counter() - started, restarts, interrupted)


def run_scenario(engine: Engine, hello: dict[str, Any], scenario: Scenario, seq: int, validator: SchemaCheck | None) -> Outcome:
    """The outcome of one scenario on an engine whose handshake was `hello` (checked by check_handshake)."""
    reason = unsupported(scenario, hello)
    if reason:
        return Outcome(scenario, "skipped", reason)
    plan = readings.plan(scenario, tuple(hello.get("always", ())))
    if plan.not_applicable:
        return Outcome(scenario, "not_applicable", plan.not_applicable)
    try:
        document = lower(plan.document or scenario_document(scenario), engine_language(hello))
    except NotInLanguage as exc:
        return Outcome(scenario, "not_applicable", str(exc))
    request = build_request(scenario, seq, document, plan.house_rules)
    started = time.perf_counter()
    try:
        reply = run_in_session(engine.exchange, request) if SESSIONS in hello.get("capabilities", ()) else engine.request(request)
    except EngineFailure as exc:
        return Outcome(scenario, exc.kind, str(exc), seconds=time.perf_counter() - started)
    elapsed = time.perf_counter() - started
    kind = reply.get("type")
    if kind == "not_applicable":
        return Outcome(scenario, "not_applicable", str(reply.get("reason", "")), seconds=elapsed)
    if kind == "error":
        return Outcome(scenario, "error", f"the engine reported an error: {reply.get('message', '')}", seconds=elapsed)
    if validator is not None:
        problems = sorted(validator.iter_errors(reply), key=lambda e: list(e.absolute_path))
        if problems:
            where = "/".join(str(p) for p in problems[0].absolute_path)
            return Outcome(
                scenario, "error", f"the reply does not follow the protocol at /{where}: {problems[0].message}", seconds=elapsed
            )
    verdict = judge(scenario, reply, reported_fields(reply, hello.get("observes", ())))
    mismatches: list[Mismatch | CompletionMismatch] = [*verdict.mismatches]
    if scenario.explores and "stopped" not in reply:
        try:
            mismatches += explore(engine.exchange, request, scenario, SESSIONS in hello.get("capabilities", ()))
        except EngineFailure as exc:
            return Outcome(scenario, exc.kind, str(exc), seconds=time.perf_counter() - started, reply=reply)
        elapsed = time.perf_counter() - started
    if mismatches:
        return Outcome(scenario, "fail", str(mismatches[0]), [str(m) for m in mismatches], elapsed, reply=reply)
    if verdict.unreported:
        fields = ", ".join(verdict.unreported)
        note = f"not checked: {fields} (optional observation fields the engine does not report)"
        if verdict.checked == 0 and not scenario.explores:
            return Outcome(
                scenario, "skipped", f"the scenario checks only {fields}, which the engine does not report", seconds=elapsed
            )
        return Outcome(scenario, "pass", note, [note], elapsed, reply=reply)
    return Outcome(scenario, "pass", seconds=elapsed, reply=reply)


def _apply_expectation(outcome: Outcome, expected: ExpectedFailure | None) -> Outcome:
    if expected is None:
        return outcome
    outcome.expected_failure = expected
    reason = expected.reason
    if outcome.status in FAILING:
        outcome.details.insert(0, f"({outcome.status}) {outcome.message}")
        outcome.status = "xfail"
        outcome.message = f"expected failure: {reason}"
    elif outcome.status == "pass":
        outcome.status = "xpass"
        outcome.message = f"listed as an expected failure ({reason}) but passes: remove it from the list"
    return outcome
