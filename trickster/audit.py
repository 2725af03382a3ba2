"""Auditing a Trickster record: its options read as our rules, its deal checked, its hand replayed.

The rules come from the record's own `[GameOptionsJson]`, read through the Rosetta's Trickster
table, unless the user names them (`--variant`, `-r`). A record whose options mean rules we cannot
say is refused, naming the options, and not audited: judging it by other rules would report the
differences as broken rules. Otherwise the deal must be a legal deal of the variant, the hand is
replayed through the engine (the calls, the cards passed and exchanged, each trick), and the
finished hand is compared with the record's declarer, contract and scores.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from documents.errors import SpecInvalid
from documents.json_loader import parse_json
from rosetta import platform, read_settings
from ruleset.compiled.loading import load_rules

from .dealt import read_deal
from .findings import RecordAudit
from .notation import NotationError
from .outcome import check_outcome
from .ptn import PtnRecord, read_ptn
from .record_parts import read_parts
from .replay import Replay

PLATFORM = "trickster"


def audit_file(path: Path, variant: str | None = None, house_rules: Iterable[str] = ()) -> list[RecordAudit]:
    """Every record of a PTN file audited; PtnUnreadable when the file is not PTN."""
    return [audit_record(record, variant, tuple(house_rules)) for record in read_ptn(path)]


def audit_record(record: PtnRecord, variant: str | None = None, house_rules: tuple[str, ...] = ()) -> RecordAudit:
    """One record audited; a user's `variant` (with `house_rules`) replaces the rules its options carry."""
    audit = RecordAudit(record.path, record.index, record.line, record.value("Event") or "")
    _rules_of(record, variant, house_rules, audit)
    if not audit.audited or audit.variant is None:
        return audit
    rules = load_rules(audit.variant, audit.house_rules)
    deal = read_deal(record, rules, audit)
    if deal is None:
        return audit
    try:
        parts = read_parts(record)
    except NotationError as exc:
        audit.unreadable.append(record.error("Play", str(exc)))
        return audit
    state = Replay(rules, deal, parts, audit, record.line).run()
    if state is not None:
        check_outcome(record, rules, state, audit)
    return audit


def _rules_of(record: PtnRecord, variant: str | None, house_rules: tuple[str, ...], audit: RecordAudit) -> None:
    game = record.value("GameCode")
    if variant is not None:
        load_rules(variant, house_rules)  # an unknown variant or house rule: SpecInvalid, a usage error
        audit.variant, audit.house_rules, audit.chosen_by = variant, house_rules, "the command line"
        return
    if game is not None and game != "Euchre":
        audit.refused = (f"a record of Trickster's {game}, not of its Euchre",)
        return
    text = record.value("GameOptionsJson") or "{}"
    try:
        options, _ = parse_json(text, record.path, with_lines=False)
    except SpecInvalid as exc:
        reason = "; ".join(error.message for error in exc.errors)
        audit.unreadable.append(record.error("GameOptionsJson", f"the options cannot be read as JSON: {reason}"))
        return
    if not isinstance(options, dict):
        audit.unreadable.append(record.error("GameOptionsJson", "the options are a JSON object of keys and values"))
        return
    try:
        translation = read_settings(platform(PLATFORM), options)
    except SpecInvalid as exc:  # a broken table: nothing can be audited by it
        audit.refused = tuple(str(error) for error in exc.errors)
        return
    audit.option_lines = tuple(line.text() for line in translation.lines if line.given)
    if not translation.ok:
        audit.refused = translation.refusals
        return
    audit.variant, audit.house_rules = translation.variant, translation.house_rules
