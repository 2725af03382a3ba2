"""A first quick look at an engine: the handshake, two numbered deals and a few scenarios, diagnosed.

`euchre-spec conform` grades an engine on the whole suite; an engine author's first run fails
for reasons that have nothing to do with the rules, and hundreds of failures hide the one
cause. The smoke test sends little (the handshake; a small and a large deal number, so a wrong
shuffle and a number rounded to floating point show apart; a handful of a declared variant's
scenarios, from different files), answers each request on the reference engine as well, and
names what went wrong by the stable names of conformance/running/diagnoses.py, causes before
symptoms. It stops where going on would only repeat the cause: no handshake, output that is
not the protocol, no variant of the suite.
"""

from __future__ import annotations

import itertools
import re
import shlex
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from conformance.engines.process import EngineFailure, EngineProcess
from conformance.engines.reference import ReferenceEngine
from conformance.engines.sdk import MATCHES, SESSIONS, portable_deal
from conformance.engines.sessions import run_in_session
from conformance.running import readings
from conformance.running.diagnoses import Finding
from conformance.running.runner import check_handshake, engine_language, unsupported
from conformance.running.symptoms import Played, diagnose, nearest_id
from conformance.suite.expected import default_expected_file, load_expected_failures
from conformance.suite.requests import build_request
from conformance.suite.scenarios import Scenario, suite
from ruleset import SpecInvalid, builtin_catalog, resolved_document
from ruleset.compiled.loading import load_rules
from ruleset.language import NotInLanguage, lower

SCENARIOS = 6
"""Scenarios played by default: enough to cross most phases of a hand, few enough to read."""

DEAL_NUMBERS = (7, 2**63 + 7)
"""A small deal number and one above 2^53, which a double cannot hold: an engine that rounds it deals other cards."""

STDERR_SHOWN = 8
"""Lines of the engine's standard error quoted beside a failure to start or to answer."""

_NO_PACKAGE = re.compile(r"No module named '(conformance|euchre_spec|documents|ruleset|reference_impl)'")


@dataclass
class Smoke:
    """What the smoke test did and found."""

    command: str
    hello: dict[str, Any] | None = None
    variant: str | None = None
    played: list[Played] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)

    @property
    def clean(self) -> bool:
        return not self.findings


def smoke(
    argv: list[str],
    command: str,
    variant: str | None = None,
    count: int = SCENARIOS,
    timeout: float = 10.0,
    expected_failures: Path | None = None,
) -> Smoke:
    """Run the smoke test on the engine `argv` starts (`command` is how the user wrote it, for the commands shown).

    Scenarios listed in the engine's expected failures (`expected_failures`, else the package's
    file for the name it gives) are not played: they are known already. SpecInvalid for a broken list.
    """
    result = Smoke(command)
    with tempfile.TemporaryDirectory(prefix="euchre-spec-smoke-") as folder:
        log = Path(folder) / "engine-stderr.log"
        engine = EngineProcess(argv, timeout=timeout, stderr_log=log)
        try:
            _Talk(engine, result, log, expected_failures).run(argv, variant, count)
        finally:
            engine.close()
    return result


class _Talk:
    """One smoke test's conversation with the engine, the reference engine answering the same requests."""

    def __init__(self, engine: EngineProcess, result: Smoke, log: Path, expected_failures: Path | None) -> None:
        self.expected_failures = expected_failures
        self.engine = engine
        self.result = result
        self.log = log
        self.reference = ReferenceEngine()
        self.seq = itertools.count(1)
        self.exits: list[str] = []
        """Requests the engine crashed or timed out on."""
        self.stopped = False
        """Set once the engine's output is not the protocol: every later reply would be read wrong."""

    def run(self, argv: list[str], variant: str | None, count: int) -> None:
        result = self.result
        try:
            hello = self.engine.start()
        except EngineFailure as exc:
            result.findings.append(_no_handshake(exc, self.log, argv))
            return
        result.hello = hello
        id_findings = _declared_ids(hello)
        result.findings += id_findings
        try:
            check_handshake(hello)
        except EngineFailure as exc:
            if not (id_findings and str(exc).startswith(_ID_PROBLEMS)):
                result.findings.append(Finding("bad-handshake", (str(exc),)))
                return  # conform would stop here too: there is nothing more to learn from requests
        known = [name for name in hello.get("variants", []) if isinstance(name, str) and name in builtin_catalog().variants]
        result.variant = _variant(known, hello, variant)
        if result.variant is None:
            if known and variant is None:  # every variant it declares is a match, and it plays no matches
                evidence = f"it declares {', '.join(known)}, played as matches, without the '{MATCHES}' capability"
                result.findings.append(Finding("bad-handshake", (evidence,)))
            return
        always = tuple(ref for ref in hello.get("always", []) if _known_reading(ref) and readings.applies_to(ref, result.variant))
        result.played = self.deals(result.variant, always, engine_language(hello))
        if not self.stopped:
            result.played += self.scenarios(hello, result.variant, count)
        if self.exits:
            tail = (f"standard error: {line}" for line in _stderr_tail(self.log))
            result.findings.append(Finding("engine-exits", (*self.exits[:3], *tail)))
        result.findings += diagnose(result.played, load_rules(result.variant), result.command)

    def deals(self, variant: str, always: tuple[str, ...], language: int) -> list[Played]:
        """The numbered deals, each played with no action, beside the portable deal they must show.

        The engine is sent the rules in the language version it reads, as conform sends them; the
        reference engine, which reads the newest, is sent them as they are.
        """
        try:
            document = resolved_document(variant, always)
        except SpecInvalid:
            always, document = (), resolved_document(variant, ())
        dealer = 1 % load_rules(variant).players
        played = []
        for number in DEAL_NUMBERS:
            request = {
                "type": "run", "seq": 0, "scenario": f"smoke-deal-{number}", "variant": variant, "house_rules": list(always),
                "rules": dict(document), "deals": [{"dealer": dealer, "number": number}], "actions": [], "probes": [],
            }  # fmt: skip
            label = f"deal #{number} by seat {dealer}"
            reply = self.send(request | {"rules": lower(document, language)}, label, sessions=False)
            if self.stopped:
                break
            deal = portable_deal(document, number, dealer)
            played.append(Played(label, request, reply, self.reference.handle(request) or {}, deal=deal))
        return played

    def scenarios(self, hello: dict[str, Any], variant: str, count: int) -> list[Played]:
        """A few of the variant's plain scenarios, from different files, sent as conform sends them."""
        sessions = SESSIONS in hello.get("capabilities", ())
        played = []
        listed = self.expected_failures or default_expected_file(str(hello.get("name", "")))
        known = set(load_expected_failures(listed, suite())) if listed else set()
        for scenario in pick_scenarios(variant, hello, count, known):
            plan = readings.plan(scenario, tuple(hello.get("always", ())))
            request = build_request(scenario, 0, plan.document, plan.house_rules)
            try:
                sent = request | {"rules": lower(request["rules"], engine_language(hello))}
            except NotInLanguage:
                continue  # the engine's language cannot say these rules: conform reports it not applicable
            reply = self.send(sent, scenario.id, sessions)
            if self.stopped:
                break
            played.append(Played(scenario.id, request, reply, self.reference.handle(request) or {}, scenario=scenario))
        return played

    def send(self, request: dict[str, Any], label: str, sessions: bool) -> dict[str, Any] | None:
        """The engine's reply to one request (as a session where it offers them); None if it gave none."""
        request = request | {"seq": next(self.seq)}
        try:
            return run_in_session(self.engine.exchange, request) if sessions else self.engine.request(request)
        except EngineFailure as exc:
            if exc.printed is not None:
                self.result.findings.append(
                    Finding("stdout-noise", (f"where the reply to {label} was due it printed {exc.printed!r}",))
                )
                self.stopped = True
            else:
                self.exits.append(f"{label}: {exc}")
            return None


_ID_PROBLEMS = (
    "the engine's handshake does not follow the protocol at /variants",
    "the engine's handshake does not follow the protocol at /house_rules",
)
"""Handshake problems that are the ids themselves, which the id findings name already."""


def _no_handshake(exc: EngineFailure, log: Path, argv: list[str]) -> Finding:
    """Why the engine gave no handshake: output that is not the protocol, the wrong Python, or it never answered."""
    if exc.printed is not None:
        return Finding("stdout-noise", (f"before its hello reply it printed {exc.printed!r}",))
    said = _stderr_tail(log)
    if any(_NO_PACKAGE.search(line) for line in said):
        program = Path(argv[0]).name
        if program.startswith("python"):
            use = shlex.join([sys.executable, *argv[1:]])
        else:
            use = f"{shlex.quote(sys.executable)} your_adapter.py"
        evidence = (f"{program} cannot import euchre-spec: {next(line for line in said if _NO_PACKAGE.search(line))}",)
        return Finding("wrong-interpreter", (*evidence, f"start it as: {use}"))
    return Finding("no-handshake", (str(exc), *(f"standard error: {line}" for line in said)))


def _declared_ids(hello: dict[str, Any]) -> list[Finding]:
    """The handshake's variants and house rules that the spec does not have, each with the id it most likely means."""
    catalog = builtin_catalog()
    variants, known_variants = _strings(hello.get("variants")), list(catalog.variants)
    unknown_variants = [name for name in variants if name not in catalog.variants]
    unknown_rules = [ref for ref in _strings(hello.get("house_rules")) if _rule_unknown(ref)]
    findings = []
    if len(unknown_variants) == len(variants):
        shown = [_unknown(name, "variant", known_variants) for name in unknown_variants] or ["it declares none"]
        findings.append(Finding("no-known-variant", tuple(shown)))
    elif unknown_variants:
        findings.append(Finding("unknown-id", tuple(_unknown(name, "variant", known_variants) for name in unknown_variants)))
    if unknown_rules:
        known = list(catalog.house_rules)
        findings.append(Finding("unknown-id", tuple(_unknown(ref, "house rule", known) for ref in unknown_rules)))
    return findings


def _strings(value: Any) -> list[str]:
    return [item for item in value if isinstance(item, str)] if isinstance(value, list) else []


def _unknown(name: str, kind: str, known: list[str]) -> str:
    meant = nearest_id(name, known)
    return f"{kind} {name!r} is no id of the spec" + (f": the id is {meant!r}" if meant else "")


def _rule_unknown(ref: str) -> bool:
    rule_id, _, mode = ref.partition("=")
    document = builtin_catalog().house_rules.get(rule_id)
    return document is None or bool(mode and mode not in (document.data.get("modes") or {}))


def _known_reading(ref: Any) -> bool:
    return isinstance(ref, str) and not _rule_unknown(ref)


def _variant(known: list[str], hello: dict[str, Any], asked: str | None) -> str | None:
    """The variant to play: the one asked for if declared, else north-american, else the first one not needing matches."""
    if asked is not None:
        return asked if asked in known else None
    playable = [name for name in known if load_rules(name).match is None or MATCHES in hello.get("capabilities", ())]
    if "north-american" in playable:
        return "north-american"
    return playable[0] if playable else None


def pick_scenarios(variant: str, hello: dict[str, Any], count: int, known: set[str] | None = None) -> list[Scenario]:
    """Up to `count` of the variant's scenarios without house rules, one deal and no completions, each from another
    file, leaving out those `known` to fail (the engine's expected failures)."""
    files: set[str] = set()
    chosen = []
    for scenario in suite():
        plain = scenario.variant == variant and not scenario.house_rules and len(scenario.deals) == 1
        if scenario.id in (known or set()):
            continue
        if not plain or scenario.start_scores is not None or scenario.explores or scenario.file in files:
            continue
        if unsupported(scenario, hello) or readings.plan(scenario, tuple(hello.get("always", ()))).not_applicable:
            continue
        files.add(scenario.file)
        chosen.append(scenario)
        if len(chosen) == count:
            break
    return chosen


def _stderr_tail(log: Path) -> list[str]:
    try:
        text = log.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    return [line for line in text.rstrip().splitlines() if line.strip()][-STDERR_SHOWN:]
