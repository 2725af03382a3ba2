"""Reading an engine's first replies for the usual mistakes: the checks behind `euchre-spec smoke`.

Each check looks at what the engine answered beside what the reference engine answers to the
same request, and says which known mistake (conformance/running/diagnoses.py) the difference
shows, with the evidence. A check names a cause, not a symptom: cards spelt `10H` also break
the protocol schema and every scenario that looks at a hand, and only `card-codes` is said;
the fields a finding explains are handed on so that the schema's own complaints about them are
not repeated as another problem.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from conformance.engines.sdk import DealtCards
from conformance.running.diagnoses import Finding
from conformance.suite.compare import compare
from conformance.suite.scenarios import Scenario
from conformance.suite.selection import nearest
from documents.schemas import message_check
from ruleset.compiled.rules import Rules

EXAMPLES = 3
"""Pieces of evidence quoted per finding."""

SEAT_FIELDS = ("dealer", "to_act", "maker")
CARD_KINDS = ("play", "discard", "give")
_SUIT_SYMBOLS = {"♠": "S", "♤": "S", "♣": "C", "♧": "C", "♥": "H", "♡": "H", "♦": "D", "♢": "D"}
_JOKER_WORDS = ("JOKER", "JKR", "JO", "BJ", "RJ")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


@dataclass
class Played:
    """One request sent to the engine: its reply (None if it gave none) beside the reference engine's."""

    label: str
    request: dict[str, Any]
    reply: dict[str, Any] | None
    expected: dict[str, Any]
    scenario: Scenario | None = None
    deal: DealtCards | None = None
    """For a deal given by number: the portable deal it must show."""

    @property
    def observations(self) -> list[dict[str, Any]]:
        if self.reply is None or self.reply.get("type") != "result":
            return []
        found = self.reply.get("observations")
        return [seen for seen in found if isinstance(seen, dict)] if isinstance(found, list) else []

    @property
    def reference_observations(self) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = self.expected.get("observations", [])
        return found


@dataclass
class Diagnosed:
    """What the checks found, and the observation fields those findings explain."""

    findings: list[Finding] = field(default_factory=list)
    explained: set[str] = field(default_factory=set)

    def add(self, finding: Finding | None, fields: Sequence[str] = ()) -> None:
        if finding is not None:
            self.findings.append(finding)
            self.explained.update(fields)

    def found(self, name: str) -> bool:
        return any(finding.name == name for finding in self.findings)


def diagnose(played: Sequence[Played], rules: Rules, command: str) -> list[Finding]:
    """Every known mistake the replies show, causes first; the failing scenarios only if nothing else explains them."""
    found = Diagnosed()
    found.add(not_played(played))
    found.add(engine_errors(played))
    found.add(card_spellings(played, rules), ("hands", "up_card", "trick", "kitty", "out_of_play", "dummy", "legal_actions"))
    found.add(action_spellings(played, rules), ("legal_actions",))
    found.add(seats_from_one(played, rules), (*SEAT_FIELDS, "hands", "trick", "sitting_out"))
    found.add(deal_mistakes(played, rules, shifted=found.found("seats-from-one")), ("hands", "up_card", "kitty"))
    missing, off_protocol = protocol_problems(played, found.explained)
    found.add(missing)
    found.add(off_protocol)
    if not found.findings:
        found.add(scenario_failures(played, command))
    return found.findings


def not_played(played: Sequence[Played]) -> Finding | None:
    """Every request answered not_applicable, or the deals given by number."""
    refused = [
        (item, item.reply.get("reason", "")) for item in played if item.reply and item.reply.get("type") == "not_applicable"
    ]
    if refused and len(refused) == len(played):
        return Finding("nothing-played", tuple(f"{item.label}: {reason}" for item, reason in refused[:EXAMPLES]))
    numbered = [f"{item.label}: {reason}" for item, reason in refused if item.deal is not None]
    return Finding("no-deal-numbers", tuple(numbered)) if numbered else None


def engine_errors(played: Sequence[Played]) -> Finding | None:
    """Requests the engine answered with `error`."""
    said = [
        f"{item.label}: {item.reply.get('message', '')}" for item in played if item.reply and item.reply.get("type") == "error"
    ]
    return Finding("engine-error", tuple(said[:EXAMPLES])) if said else None


def card_spellings(played: Sequence[Played], rules: Rules) -> Finding | None:
    """Cards that are not codes of the variant's pack, with the code each most likely means."""
    codes = set(rules.card_ids)
    seen: dict[str, str] = {}
    for item in played:
        for observation in item.observations:
            for where, card in cards_shown(observation):
                if card not in codes and card not in seen:
                    meant = respelt_card(card, codes)
                    seen[card] = f"{where} shows {card!r}" + (f": the code is {meant!r}" if meant else ", no card of this pack")
    if not seen:
        return None
    return Finding("card-codes", tuple(list(seen.values())[:EXAMPLES]))


def action_spellings(played: Sequence[Played], rules: Rules) -> Finding | None:
    """Legal actions that are no action id of the variant (a card spelt otherwise is card-codes, not this)."""
    codes = set(rules.card_ids)
    seen: dict[str, str] = {}
    for item in played:
        for observation in item.observations:
            for action in _strings(observation.get("legal_actions")):
                kind, colon, argument = action.partition(":")
                if action in rules.actions or action in seen or (colon and kind in CARD_KINDS and argument not in codes):
                    continue
                meant = respelt_action(action, rules)
                seen[action] = f"legal_actions shows {action!r}" + (f": the id is {meant!r}" if meant else ", no action id")
    if not seen:
        return None
    return Finding("action-spelling", tuple(list(seen.values())[:EXAMPLES]))


def seats_from_one(played: Sequence[Played], rules: Rules) -> Finding | None:
    """The dealer a request names shown one seat higher in every reply, or a first hand left empty for a seat 0.

    The dealer is the telling field: the request names it, so an engine that shows it one higher
    counts seats from 1 (a wrong first bidder, by contrast, is a rule's mistake and leaves it
    alone). The other seat fields one higher are quoted as further evidence.
    """
    dealers: list[tuple[int, int]] = []
    shifted: list[str] = []
    padded = False
    for item in played:
        for index, (seen, expected) in enumerate(zip(item.observations, item.reference_observations, strict=False)):
            for name in SEAT_FIELDS:
                shown, meant = seen.get(name), expected.get(name)
                if not (isinstance(shown, int) and isinstance(meant, int) and _seat(shown) and _seat(meant)):
                    continue
                if name == "dealer" and index == 0:
                    dealers.append((shown, meant))
                if shown == meant + 1:
                    shifted.append(f"{name} is {shown} where the seat is {meant}")
            hands = seen.get("hands")
            if isinstance(hands, list) and len(hands) == rules.players + 1 and hands and hands[0] == []:
                padded = True
    one_higher = len(dealers) >= 2 and all(shown == meant + 1 for shown, meant in dealers)
    if not (padded or one_higher):
        return None
    evidence = list(dict.fromkeys(shifted))[:EXAMPLES]
    if padded:
        evidence.append(f"hands lists {rules.players + 1} hands, the first empty: seat 0 is a seat like any other")
    return Finding("seats-from-one", tuple(evidence))


def deal_mistakes(played: Sequence[Played], rules: Rules, shifted: bool = False) -> Finding | None:
    """Deals given by number that show other cards than the portable deal: a wrong shuffle or dealing, or a number rounded."""
    if shifted:  # hands by position are off by one seat already: that is the finding
        return None
    codes = set(rules.card_ids)
    wrong: list[tuple[Played, str]] = []
    right: list[Played] = []
    for item in played:
        if item.deal is None or not item.observations:
            continue
        problem = _deal_problem(item.observations[0], item.deal, codes)
        if problem is None:
            right.append(item)
        else:
            wrong.append((item, problem))
    errored = [item for item in played if item.deal is not None and item.reply and item.reply.get("type") == "error"]
    problems = {id(item): problem for item, problem in wrong}
    problems.update({id(item): f"answered error: {item.reply.get('message', '')}" for item in errored if item.reply})
    large = [item for item in (*(item for item, _ in wrong), *errored) if _number(item) >= 2**53]
    if right and large and len(large) == len(problems) and all(_number(item) < 2**53 for item in right):
        evidence = [f"{item.label} is dealt right" for item in right[:1]]
        evidence += [f"{item.label} (above 2^53): {problems[id(item)]}" for item in large]
        return Finding("deal-number-precision", tuple(evidence[:EXAMPLES]))
    if not wrong:
        return None
    return Finding("wrong-deal", tuple(f"{item.label}: {problem}" for item, problem in wrong[:EXAMPLES]))


def protocol_problems(played: Sequence[Played], explained: set[str]) -> tuple[Finding | None, Finding | None]:
    """Required observation fields left out, and other ways replies break the schema (those not explained already)."""
    check = message_check("https://euchre-spec.org/schemas/protocol.schema.json#/$defs/result")
    missing: dict[str, str] = {}
    other: list[str] = []
    for item in played:
        if item.reply is None or item.reply.get("type") != "result":
            continue
        for error in check.iter_errors(item.reply):
            path = list(error.absolute_path)
            if (
                error.validator == "required"
                and len(path) == 2
                and path[0] == "observations"
                and isinstance(error.instance, dict)
            ):
                for name in error.validator_value:
                    if name not in error.instance:
                        missing.setdefault(name, f"{item.label}, observation {path[1]}")
                continue
            if len(path) >= 3 and path[0] == "observations" and path[2] in explained:
                continue
            pointer = "/" + "/".join(map(str, path))
            other.append(f"{item.label} at {pointer}: {error.message}")
    found_missing = None
    if missing:
        named = ", ".join(sorted(missing))
        first = next(iter(missing.values()))
        found_missing = Finding("missing-fields", (f"every observation needs {named} (left out from {first} on)",))
    found_other = Finding("off-protocol-reply", tuple(dict.fromkeys(other))[:EXAMPLES]) if other else None
    return found_missing, found_other


def scenario_failures(played: Sequence[Played], command: str) -> Finding | None:
    """Scenarios the engine fails, each with its first difference and the command that lays it out."""
    evidence = []
    for item in played:
        if item.scenario is None or item.reply is None or item.reply.get("type") != "result":
            continue
        mismatches = compare(item.scenario, item.reply)
        if mismatches:
            explain = shlex.join(["euchre-spec", "explain", item.scenario.id, "--engine", command])
            evidence.append(f"{item.scenario.id}: {mismatches[0]} (see: {explain})")
    return Finding("scenario-fails", tuple(evidence[:EXAMPLES])) if evidence else None


def cards_shown(observation: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
    """Every card an observation shows, with the field it is in."""
    for name in ("hands",):
        for hand in _lists(observation.get(name)):
            yield from ((name, card) for card in _strings(hand))
    for name in ("kitty", "out_of_play", "dummy"):
        yield from ((name, card) for card in _strings(observation.get(name)))
    if isinstance(observation.get("up_card"), str):
        yield "up_card", observation["up_card"]
    for played in _lists(observation.get("trick")):
        if len(played) == 2 and isinstance(played[1], str):
            yield "trick", played[1]
    for action in _strings(observation.get("legal_actions")):
        kind, colon, card = action.partition(":")
        if colon and kind in CARD_KINDS:
            yield "legal_actions", card


def respelt_card(card: str, codes: set[str]) -> str | None:
    """The code a card written another way most likely means (`10H`, `th`, `H10`, `10♥`, `Joker`), if any."""
    text = "".join(_SUIT_SYMBOLS.get(ch, ch) for ch in card.strip()).upper().replace("10", "T")
    if text in _JOKER_WORDS:
        text = "JK"
    for candidate in (text, text[1:] + text[:1], text.replace(" ", "").replace("-", "")):
        if candidate in codes:
            return candidate
    return None


def respelt_action(action: str, rules: Rules) -> str | None:
    """The action id an action written another way most likely means (`order-up`, `OrderUp`, `play 9C`), if any."""
    words = re.split(r"[:\s]+", action.strip(), maxsplit=1)
    kind = _CAMEL.sub("_", words[0]).lower().replace("-", "_")
    if len(words) == 1:
        return kind if kind in rules.actions else None
    argument = words[1]
    respelt = respelt_card(argument, set(rules.card_ids)) if kind in CARD_KINDS else argument.upper()
    candidate = f"{kind}:{respelt or argument}"
    return candidate if candidate in rules.actions else None


def nearest_id(given: str, known: Sequence[str]) -> str | None:
    """The id a misspelt one most likely means ('North American' -> 'north-american')."""
    plain = re.sub(r"[\s_]+", "-", given.strip().lower())
    return plain if plain in known else nearest(plain, known)


def _deal_problem(seen: Mapping[str, Any], deal: DealtCards, codes: set[str]) -> str | None:
    """What is wrong with the hands and up-card an engine shows for a numbered deal, or None."""
    hands = seen.get("hands")
    if not isinstance(hands, list):
        return None  # a missing field is missing-fields
    shown = [frozenset(respelt_card(card, codes) or card for card in _strings(hand)) for hand in hands]
    meant = [frozenset(hand) for hand in deal.hands]
    up_card = seen.get("up_card")
    up_card = respelt_card(up_card, codes) or up_card if isinstance(up_card, str) else up_card
    if shown == meant and ("up_card" not in seen or up_card == deal.up_card):
        return None
    if shown == meant:
        return f"the hands are right, but the up-card is {up_card!r}, not {deal.up_card!r}"
    count = len(meant)
    for turn in range(1, count):
        if len(shown) == count and all(shown[seat] == meant[(seat + turn) % count] for seat in range(count)):
            return (
                f"each seat holds the hand of the seat {turn} to its left: the packets must go round from the dealer's left"
                f" (seat 0 should hold {' '.join(deal.hands[0])})"
            )
    if set().union(*shown) | ({up_card} if isinstance(up_card, str) else set()) == set().union(*meant) | {deal.up_card}:
        return (
            f"the right cards, dealt in another order: seat 0 holds {' '.join(sorted(shown[0]))}, not {' '.join(deal.hands[0])}"
        )
    return f"another shuffle: seat 0 holds {' '.join(sorted(shown[0])) if shown else 'nothing'}, not {' '.join(deal.hands[0])}"


def _number(item: Played) -> int:
    deals = item.request.get("deals") or [{}]
    number = deals[0].get("number", 0)
    return number if isinstance(number, int) else 0


def _seat(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _lists(value: Any) -> list[list[Any]]:
    return [item for item in value if isinstance(item, list)] if isinstance(value, list) else []


def _strings(value: Any) -> list[str]:
    return [item for item in value if isinstance(item, str)] if isinstance(value, list) else []
