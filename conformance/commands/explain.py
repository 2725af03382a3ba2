"""`euchre-spec explain ID --engine CMD`: one scenario, step by step, expected beside what the engine showed.

A failure line in a report says what differed; an engine author fixing it wants the whole story:
the cards dealt, who did what, every checkpoint with the scenario's value next to the engine's,
and the first step where they part. The scenario is run exactly as `conform` runs it (same
request, same reply checks, same comparator); this module only lays the answer out.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from conformance.commands.conform import engine_command
from conformance.engines.process import EngineFailure, EngineProcess
from conformance.engines.reference import ReferenceEngine
from conformance.running.precheck import Precheck
from conformance.running.runner import run_suite
from conformance.running.user_files import add_file_options, scenario_pool
from conformance.suite.checkpoints import CHECKPOINTS, observed_kinds, shown
from conformance.suite.compare import Mismatch, compare, expected_and_observed
from conformance.suite.requests import build_request
from conformance.suite.scenarios import Scenario, Step, scenario_rules
from conformance.suite.selection import nearest
from reference_impl.cli_arguments import positive_seconds
from reference_impl.deal import deal_number

FIRST = ">>"


def add_command(commands: Any) -> None:
    explain = commands.add_parser("explain", help="show one scenario step by step: expected against what the engine showed")
    explain.add_argument("id", help="the scenario's id")
    explain.add_argument("--engine", required=True, help="the engine's command line, 'reference' for ours or 'openspiel'")
    explain.add_argument("--timeout", type=positive_seconds, default=10.0, help="seconds to wait for the reply (default 10)")
    add_file_options(explain)
    explain.set_defaults(run=_explain)


def _explain(args: argparse.Namespace) -> int:
    pool = scenario_pool(args)
    found = {scenario.id: scenario for scenario in pool.scenarios}
    if args.id not in found:
        suggestion = nearest(args.id, found)
        hint = f" (did you mean {suggestion!r}?)" if suggestion else ""
        print(f"error: unknown scenario id {args.id!r}{hint}", file=sys.stderr)
        return 2
    scenario = found[args.id]
    with tempfile.TemporaryDirectory(prefix="euchre-spec-explain-") as folder:
        stderr_log = Path(folder) / "engine-stderr.log"
        try:
            engine = EngineProcess(engine_command(args.engine, pool.spec), timeout=args.timeout, stderr_log=stderr_log)
        except ValueError as exc:
            print(f"error: --engine: {exc}", file=sys.stderr)
            return 2
        try:
            result = run_suite(engine, [scenario], precheck=Precheck() if pool.from_user else None)
        except EngineFailure as exc:
            print(f"error: the engine could not be started: {exc}", file=sys.stderr)
            print("\n".join(stderr_tail(stderr_log)), file=sys.stderr)
            return 2
        outcome = result.outcomes[0]
        hello = result.engine
        lines = header(scenario, f"{hello.get('name', '?')} {hello.get('version', '')}".strip())
        lines += deal_lines(scenario)
        reply = outcome.reply
        if reply is not None and reply.get("type") == "result" and outcome.status in ("pass", "fail"):
            lines += ["", *step_lines(scenario, reply)]
        else:
            lines += ["", *unanswered_lines(scenario, outcome.status)]
            if outcome.status in ("error", "crash", "timeout"):
                lines += ["", *stderr_tail(stderr_log)]
        lines += completion_lines(scenario)
        lines += ["", f"Outcome: {outcome.status}" + (f": {outcome.message}" if outcome.message else "")]
    print("\n".join(lines))
    if outcome.status == "pass":
        return 0
    return 2 if outcome.status in ("skipped", "not_applicable", "invalid") else 1


def header(scenario: Scenario, engine: str) -> list[str]:
    rules = "".join(f" +{rule}" for rule in scenario.house_rules)
    lines = [
        f"{scenario.id}: {scenario.title}",
        f"  {scenario.file}:{scenario.line}",
        f"  {scenario.variant}{rules}, level {scenario.level}; clauses: {', '.join(scenario.clauses)}",
        f"  engine: {engine}",
    ]
    if scenario.start_scores is not None:
        lines.append(f"  starting scores: {', '.join(map(str, scenario.start_scores))}")
    return lines


def deal_lines(scenario: Scenario) -> list[str]:
    """Each deal drawn as card codes: every seat's hand, the up-card and the dealer."""
    rules = scenario_rules(scenario)
    dealers = _dealers(scenario)
    lines: list[str] = []
    for index, deal in enumerate(scenario.deals):
        dealer = dealers.get(index)
        number = f" (deal #{deal['number']})" if "number" in deal else ""
        if "number" in deal and dealer is not None:
            deal = deal_number(rules, deal["number"], dealer).to_codes(rules)
        who = f"seat {dealer}" if dealer is not None else "as the rules decide"
        up_card = deal.get("up_card")
        lines += ["", f"Deal {index + 1}{number}: dealer {who}" + (f", up-card {up_card}" if up_card else ", no up-card")]
        for seat, hand in enumerate(deal.get("hands", [])):
            name = f"seat {seat}" if seat < rules.players else "dummy"
            lines.append(f"  {name:<7} {' '.join(hand)}")
        if deal.get("kitty"):
            lines.append(f"  {'kitty':<7} {' '.join(deal['kitty'])}")
    return lines


def _dealers(scenario: Scenario) -> dict[int, int]:
    """Who deals each hand: the first deal names its dealer, the rules choose the later ones (read off our engine)."""
    dealers = {0: int(scenario.deals[0]["dealer"])}
    if len(scenario.deals) > 1:
        reply = ReferenceEngine().handle(build_request(scenario, 0)) or {}
        for observed in reply.get("observations", []):
            hand = len(observed.get("finished_hands") or [])
            if not observed.get("hand_over") and "dealer" in observed:
                dealers.setdefault(hand, observed["dealer"])
    return dealers


@dataclass(frozen=True)
class _Row:
    """One line of the side-by-side table: a step of the script, or one thing checked after it."""

    index: int
    step: str
    seat: str
    action: str
    check: str
    expected: str
    actual: str
    differs: bool

    @property
    def cells(self) -> tuple[str, str, str, str, str]:
        """The columns padded to a common width; the engine's value comes last and is not padded."""
        return (self.step, self.seat, self.action, self.check, self.expected)


def step_lines(scenario: Scenario, reply: dict[str, Any]) -> list[str]:
    """The script and its checkpoints, expected beside the engine's, the first differing step marked."""
    mismatches = compare(scenario, reply)
    rows = _rows(scenario, reply)
    first = min((mismatch.after for mismatch in mismatches), default=None)
    table = [_Row(-1, "step", "seat", "action", "check", "expected", "engine", False), *rows]
    widths = [max(len(cell) for cell in column) for column in zip(*(row.cells for row in table), strict=True)]
    lines = []
    marked = False
    for row in table:
        mark = "  "
        if row.differs and not marked and row.index == first:
            mark, marked = FIRST, True
        text = "  ".join(cell.ljust(width) for cell, width in zip(row.cells, widths, strict=True))
        verdict = "  differs" if row.differs else ""
        lines.append(f"{mark} {text}  {row.actual}{verdict}".rstrip())
    if mismatches:
        lines += ["", f"{FIRST} first difference, {_first(mismatches, first)}"]
    else:
        lines += ["", "Every checkpoint of the script matches." if scenario.explores else "Every checkpoint matches."]
    return lines


UNANSWERED = {
    "skipped": ("(not sent)", "the engine's handshake does not declare what it needs, so it was never sent"),
    "not_applicable": ("(not run)", "not applicable to this engine, and not counted against it"),
    "invalid": ("(not sent)", "the scenario itself is broken: the reference engine does not pass it, so it was never sent"),
    "error": ("(no result)", "the engine answered error, or a reply the protocol does not allow: nothing was compared"),
    "crash": ("(no reply)", "the engine exited, or closed its output, before it replied: nothing was compared"),
    "timeout": ("(no reply)", "the engine did not reply within the timeout (--timeout): nothing was compared"),
}
"""What the engine column shows for a scenario whose outcome left nothing to compare, and why."""

STDERR_SHOWN = 20
"""The last lines of the engine's standard error shown beside an error, a crash or a timeout."""


def unanswered_lines(scenario: Scenario, status: str) -> list[str]:
    """The script and what it checks, for an outcome that compared nothing: what was asked, and why nothing was compared."""
    placeholder, why = UNANSWERED.get(status, ("", status))
    rows = [_Row(-1, "step", "seat", "action", "check", "expected", "engine", False)]
    for index in range(len(scenario.actions) + 1):
        step = scenario.actions[index - 1] if index else None
        label, seat, action = ("deal", "", "(dealt)") if step is None else (str(index), str(step.seat), step.action)
        rows.append(_Row(index, label, seat, action, "", "", "", False))
        for check in scenario.checks:
            if scenario.check_index(check) != index:
                continue
            for kind in observed_kinds(check):
                expected = kind.comparison.expected_text(kind.comparison.expected(check[kind.name]))
                rows.append(_Row(index, "", "", "", kind.name, expected, placeholder, False))
            if "refuse" in check:
                refused = f"refused: {check['refuse']['reason']}"
                rows.append(
                    _Row(index, "", "", "", f"refuses {Step.parse(check['refuse']['step'])}", refused, placeholder, False)
                )
    widths = [max(len(cell) for cell in column) for column in zip(*(row.cells for row in rows), strict=True)]
    table = [
        ("   " + "  ".join(c.ljust(w) for c, w in zip(row.cells, widths, strict=True)) + "  " + row.actual).rstrip()
        for row in rows
    ]
    return [f"Not compared: {why}.", *table]


def stderr_tail(log: Path) -> list[str]:
    """The last lines the engine wrote to its standard error, or a line saying it wrote none."""
    try:
        text = log.read_text(encoding="utf-8", errors="replace")
    except OSError:
        text = ""
    kept = text.rstrip().splitlines()[-STDERR_SHOWN:]
    if not kept:
        return ["The engine wrote nothing to its standard error."]
    return [f"The engine's standard error (its last {len(kept)} lines):", *(f"  | {line}" for line in kept)]


def completion_lines(scenario: Scenario) -> list[str]:
    """What each check over completions plays and expects; the outcome names the first completion that broke it."""
    lines = []
    for check in scenario.checks:
        if "completions" in check:
            settings, at_end = check["completions"], check["at_end"]
            expected = ", ".join(
                f"{name} {shown(CHECKPOINTS[name].comparison.expected(value))}" for name, value in at_end.items()
            )
            lines.append(
                f"Completions after step {scenario.check_index(check)}: {settings['count']} from seed {settings['seed']},"
                f" every end must show {expected}"
            )
    return ["", *lines] if lines else []


def _first(mismatches: list[Mismatch], first: int | None) -> str:
    return str(next(mismatch for mismatch in mismatches if mismatch.after == first))


def _rows(scenario: Scenario, reply: dict[str, Any]) -> list[_Row]:
    observations = reply["observations"]
    stopped = reply.get("stopped")
    answers = iter(reply.get("probes", []))
    probe_answer: dict[int, dict[str, Any] | None] = {}
    for number, check in enumerate(scenario.checks):
        if "refuse" in check:
            probe_answer[number] = next(answers, None)
    rows: list[_Row] = []
    for index in range(len(scenario.actions) + 1):
        step: Step | None = scenario.actions[index - 1] if index else None
        label, seat, action = ("deal", "", "(dealt)") if step is None else (str(index), str(step.seat), step.action)
        head = _Row(index, label, seat, action, "", "", "", False)
        if step is not None:
            to_act = observations[index - 1].get("to_act") if index - 1 < len(observations) else None
            if index - 1 < len(observations) and to_act != step.seat:
                head = _Row(index, label, seat, action, "seat to act", str(step.seat), shown(to_act), True)
            elif stopped is not None and stopped["at"] == index - 1:
                head = _Row(index, label, seat, action, "accepted", "yes", f"refused: {stopped['reason']}", True)
        rows.append(head)
        for number, check in enumerate(scenario.checks):
            if scenario.check_index(check) != index:
                continue
            reached = index < len(observations)
            for kind in observed_kinds(check):
                comparison = kind.comparison
                if not reached:
                    text = comparison.expected_text(comparison.expected(check[kind.name]))
                    rows.append(_Row(index, "", "", "", kind.name, text, "(not reached)", True))
                    continue
                expected, actual = expected_and_observed(kind, check[kind.name], observations[index])
                differs = comparison.differs(expected, actual)
                rows.append(_Row(index, "", "", "", kind.name, comparison.expected_text(expected), shown(actual), differs))
            if "refuse" in check:
                rows.append(_refusal_row(index, check["refuse"], probe_answer.get(number), reached))
    return rows


def _refusal_row(index: int, refuse: dict[str, Any], answer: dict[str, Any] | None, reached: bool) -> _Row:
    check = f"refuses {Step.parse(refuse['step'])}"
    expected = f"refused: {refuse['reason']}"
    if answer is None or not reached:
        return _Row(index, "", "", "", check, expected, "(not reached)", True)
    actual = f"refused: {answer.get('reason')}" if answer.get("refused") else "accepted"
    return _Row(index, "", "", "", check, expected, actual, actual != expected)
