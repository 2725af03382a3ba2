"""Validate means playable: whatever rules `validate` accepts, the engine plays to the end.

Rule sets are drawn two ways: a shipped variant with a few settings changed to values the schema
allows (every section the variant has, enumerations, booleans and small numbers within their
bounds), and a shipped variant with a shipped house rule's settings laid over it, whether or not
the house rule says it applies. Each set either is refused (SpecInvalid, with where and why) or
is played: random legal actions over random deals, and then the engine raises nothing, every card
stays accounted for at every step, and every hand ends.
"""

from __future__ import annotations

import copy
import random
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from conformance.measuring.rule_edits import with_values
from documents.errors import SpecInvalid, join_pointer
from documents.schemas import BASE_URI, inlined
from reference_impl.deal import deal_number
from reference_impl.engine import apply, legal_actions, new_hand
from ruleset import builtin_catalog, resolve_checked
from ruleset.compiled.loading import load_rules
from ruleset.compiled.rules import Rules
from tests import ROOT
from tests.engine_helpers import cards_in_view

BOUNDED = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SMALL_RANGE = 4
"""How far past its minimum a number is drawn: small numbers are the ones that break things."""
STEPS = 400
"""More actions than any hand of any variant takes: a hand still going after this never ends."""
VARIANTS = sorted(builtin_catalog().variants)
HOUSE_RULES = sorted(builtin_catalog().house_rules)


def _options(schema: dict[str, Any]) -> list[Any]:
    """The values a setting may take that are worth drawing: its enumeration, both booleans, or a few small numbers."""
    found: list[Any] = []
    for branch in (schema, *schema.get("anyOf", ()), *schema.get("oneOf", ())):
        if "enum" in branch:
            found.extend(value for value in branch["enum"] if value is not None)
        kinds = branch.get("type")
        kinds = kinds if isinstance(kinds, list) else [kinds]
        if "boolean" in kinds:
            found.extend([True, False])
        if "integer" in kinds:
            low = branch.get("minimum", branch.get("maximum", 0) - SMALL_RANGE)
            high = min(branch.get("maximum", low + SMALL_RANGE), low + SMALL_RANGE)
            found.extend(range(low, high + 1))
    return found


def _settings(document: Any, schema: Any, pointer: str = "") -> Iterator[tuple[str, list[Any]]]:
    """(pointer, values) of every scalar setting of a resolved document that the schema lets vary."""
    if not isinstance(schema, dict) or not isinstance(document, dict):
        return
    properties: dict[str, Any] = {}
    for branch in (schema, *schema.get("anyOf", ()), *schema.get("oneOf", ())):
        if isinstance(branch, dict):
            properties.update(branch.get("properties", {}))
    extra = schema.get("additionalProperties")
    for key, value in document.items():
        if key in ("choices", "clauses", "labels", "errata") and not pointer:
            continue  # prose and its references: nothing an engine plays
        sub = properties.get(key, extra if isinstance(extra, dict) else None)
        if sub is None or key.endswith("clause"):
            continue
        here = join_pointer(pointer, key)
        if isinstance(value, dict):
            yield from _settings(value, sub, here)
        elif not isinstance(value, list):
            options = [option for option in _options(sub) if option != value]
            if options:
                yield here, options


@cache
def _variant_settings(variant: str) -> tuple[tuple[str, tuple[Any, ...]], ...]:
    data = resolve_checked(builtin_catalog(), variant).data
    schema = inlined(BASE_URI + "variant.schema.json")
    return tuple((pointer, tuple(options)) for pointer, options in _settings(data, schema))


@cache
def _sections(variant: str) -> dict[str, Any]:
    """The sections a variant's resolved rules hold (auction, scoring, dummy...), to lend to another."""
    data = resolve_checked(builtin_catalog(), variant).data
    return {key: value for key, value in data.items() if isinstance(value, dict) and key not in ("choices", "clauses", "labels")}


@st.composite
def edited_rules(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    """A shipped variant with some settings changed to other values the schema allows, and sections of another variant."""
    variant = draw(st.sampled_from(VARIANTS))
    choices = _variant_settings(variant)
    picked = draw(st.lists(st.sampled_from(choices), min_size=0, max_size=3, unique_by=lambda entry: entry[0]))
    values = {pointer: draw(st.sampled_from(options)) for pointer, options in picked}
    donor = draw(st.sampled_from(VARIANTS))
    lent = draw(st.lists(st.sampled_from(sorted(_sections(donor))), max_size=5, unique=True))
    return variant, _lend(variant, donor, lent, values)


def _lend(variant: str, donor: str, sections: list[str], values: dict[str, Any]) -> dict[str, Any]:
    """`values` with whole sections of the donor's rules in place, and the clauses they cite."""
    for section in sections:
        values = {pointer: value for pointer, value in values.items() if not pointer.startswith(f"/{section}/")}
        values[f"/{section}"] = _sections(donor)[section]
    if sections:
        catalog = builtin_catalog()
        clauses = {**resolve_checked(catalog, donor).data["clauses"], **resolve_checked(catalog, variant).data["clauses"]}
        values["/clauses"] = clauses
    return values


def _play(rules: Rules, number: int, dealer: int, rnd: random.Random) -> None:
    """One hand of random legal play: nothing raised, every card accounted for, the hand ending."""
    state = new_hand(rules, deal_number(rules, number, dealer % rules.players))
    whole = Counter(range(len(rules.deck)))
    for _ in range(STEPS):
        assert cards_in_view(state) == whole, f"cards lost or doubled during {state.phase}"
        if state.is_over:
            return
        actions = legal_actions(state)
        assert actions, f"no legal action during {state.phase}"
        state = apply(state, rnd.choice(actions))
    raise AssertionError(f"the hand did not end after {STEPS} actions")


def _refused_or_played(rules: Rules | None, number: int, dealer: int, rnd: random.Random) -> None:
    if rules is not None:
        for hand in range(2):
            _play(rules, number + hand, dealer + hand, rnd)


BUCK_WITH_AN_AUCTION = (
    "buck-euchre",
    _lend("buck-euchre", "bid-euchre", ["bidding", "lone_play"], {"/deal/up_card": False})
    | {"/auction": _sections("bid-euchre")["auction"] | {"max": 5}},
)
"""Bids over Buck's per-player rows: once accepted, then the engine found no row to score a contract by; now each
player is scored by their own rows, which here do not ask whether the bid was made."""


@BOUNDED
@example(edit=BUCK_WITH_AN_AUCTION, number=1, dealer=0, rnd=random.Random(0))
@given(edit=edited_rules(), number=st.integers(0, 2**64 - 3), dealer=st.integers(0, 5), rnd=st.randoms(use_true_random=False))
def test_rules_edited_within_the_schema_are_refused_or_played(
    edit: tuple[str, dict[str, Any]], number: int, dealer: int, rnd: random.Random
) -> None:
    variant, values = edit
    try:
        rules = with_values(resolve_checked(builtin_catalog(), variant), values)
    except SpecInvalid as refused:
        assert refused.errors, "a refusal says where and why"
        return
    _refused_or_played(rules, number, dealer, rnd)


@BOUNDED
@given(
    variant=st.sampled_from(VARIANTS),
    rule=st.sampled_from(HOUSE_RULES),
    number=st.integers(0, 2**64 - 3),
    dealer=st.integers(0, 5),
    rnd=st.randoms(use_true_random=False),
)
def test_a_shipped_house_rule_laid_over_any_variant_is_refused_or_played(
    variant: str, rule: str, number: int, dealer: int, rnd: random.Random
) -> None:
    catalog = builtin_catalog()
    data = catalog.house_rules[rule].data
    overlay = data["set"] if "set" in data else next(iter(data["modes"].values()))["set"]
    resolved = resolve_checked(catalog, variant)
    merged = _merged(copy.deepcopy(resolved.data), overlay)
    try:
        rules = with_values(resolved, {f"/{key}": merged[key] for key in overlay if key in merged})
    except SpecInvalid as refused:
        assert refused.errors, "a refusal says where and why"
        return
    _refused_or_played(rules, number, dealer, rnd)


def _merged(data: dict[str, Any], overlay: dict[str, Any]) -> dict[str, Any]:
    """An overlay laid on rules as composition lays it: mappings merge key by key, null deletes, anything else replaces."""
    for key, value in overlay.items():
        if value is None:
            data.pop(key, None)
        elif isinstance(value, dict) and isinstance(data.get(key), dict):
            _merged(data[key], value)
        else:
            data[key] = copy.deepcopy(value)
    return data


BUCK_AUCTION_RULE = """$schema: ../../schemas/house-rule.schema.json
format: 1
id: buck-auction
title: Buck with an auction
summary: Numeric bids over Buck's per-player scoring.
applies_to: [buck-euchre]
sources: [BLM]
set:
  deal: {up_card: false}
  bidding:
    round_one: {enabled: false}
    round_two: {enabled: false}
  lone_play: {maker: never}
  auction: {min: 3, max: 5, trump: with_bid, rounds: once, all_pass: throw_in, clause: house.buck-auction}
clauses:
  house.buck-auction:
    title: Bids of three to five
    text: Each player bids once, three to five tricks with a trump suit.
    sources: [BLM]
"""


def _validate(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "euchre_spec", "validate", str(path)], capture_output=True, text=True, cwd=ROOT, timeout=300
    )


def test_an_auction_over_per_player_rows_is_valid_and_played(tmp_path: Path) -> None:
    rule = tmp_path / "buck-auction.yaml"
    rule.write_text(BUCK_AUCTION_RULE, encoding="utf-8")
    completed = _validate(rule)
    assert completed.returncode == 0, completed.stdout + completed.stderr
    rules = load_rules("buck-euchre", ("buck-auction",), extra=(rule,))
    for number in range(20):
        _play(rules, number, number % 4, random.Random(number))


MADE_WITHOUT_AN_AUCTION = """$schema: ../../schemas/house-rule.schema.json
format: 1
id: buck-made
title: Buck scored by a bid it has not
summary: A maker's row that asks whether a bid was made, in a game with no bids.
applies_to: [buck-euchre]
sources: [BKO]
set:
  scoring:
    player_rows:
      maker-made:
        when: {role: maker, tricks: null, made: true}
        clause: house.buck-made
clauses:
  house.buck-made:
    title: Made
    text: A maker who made the bid.
    sources: [BKO]
"""


def test_validate_refuses_a_per_player_row_testing_made_without_an_auction_at_its_line(tmp_path: Path) -> None:
    rule = tmp_path / "buck-made.yaml"
    rule.write_text(MADE_WITHOUT_AN_AUCTION, encoding="utf-8")
    completed = _validate(rule)
    assert completed.returncode == 1
    assert f"{rule}:12: row 'maker-made' tests made, but the variant has no auction" in completed.stdout + completed.stderr
    assert "Traceback" not in completed.stderr


NOBODY_MAKES_A_SIDE_GAME = """$schema: ../../schemas/house-rule.schema.json
format: 1
id: club-nobody
title: Clubs made by nobody in a partnership game
summary: A turned club made by nobody, where hands are scored by sides.
applies_to: [north-american]
sources: [S4a]
set:
  bidding:
    forced_trump_up_suits: [C]
    forced_trump_maker: nobody
    rule_clauses: {forced_trump_maker: house.club-nobody}
clauses:
  house.club-nobody:
    title: Nobody makes a turned club
    text: A club turned up is trump, and nobody is its maker.
    sources: [S4a]
"""


def test_validate_refuses_a_hand_nobody_makes_where_hands_are_scored_by_sides(tmp_path: Path) -> None:
    rule = tmp_path / "club-nobody.yaml"
    rule.write_text(NOBODY_MAKES_A_SIDE_GAME, encoding="utf-8")
    completed = _validate(rule)
    assert completed.returncode == 1
    assert f"{rule}:11: a hand nobody made is scored player by player" in completed.stdout + completed.stderr
    assert "Traceback" not in completed.stderr
