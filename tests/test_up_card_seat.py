"""The up-card's suit naming a seat (`up_card_seat`): compiled, checked where it can be played, worded for the site."""

from __future__ import annotations

from pathlib import Path

from docs_gen.condition_text import condition_words
from ruleset import builtin_catalog, resolve_checked
from ruleset.compiled.condition_rules import compile_conditions
from tests.cli_helpers import run_cli

NAMES = {"H": "dealer", "D": "left", "C": "partner", "S": "right"}


def test_the_suit_to_seat_mapping_compiles_to_sorted_pairs() -> None:
    data = resolve_checked(builtin_catalog(), "north-american", ("up-card-names-loner",)).data
    rules = compile_conditions(data)
    assert [rule.bars for rule in rules] == ["passing", "partnered_hand"]
    assert rules[0].value == (("C", "partner"), ("D", "left"), ("H", "dealer"), ("S", "right"))
    assert hash(rules[0])  # the rules stay hashable with a mapping parameter


def _rule(tmp_path: Path, applies_to: str, bars: str, when: str) -> Path:
    rule = tmp_path / "named.yaml"
    rule.write_text(
        f"""$schema: ../../schemas/house-rule.schema.json
format: 1
id: named
title: Named
summary: A condition where it cannot be played.
applies_to: [{applies_to}]
sources: [EKG]
set:
  conditions:
    named:
      bars: {bars}
      when: {when}
clauses: {{}}
""",
        encoding="utf-8",
    )
    return rule


def test_passing_is_barred_only_by_the_up_cards_suit(tmp_path: Path) -> None:
    rule = _rule(tmp_path, "north-american", "passing", "{score_at_least: 8}")
    completed = run_cli("validate", str(rule))
    assert completed.returncode == 1
    assert f"{rule}:11: bars: passing is played in round one, so it needs the condition up_card_seat" in completed.stderr


def test_the_up_cards_suit_names_seats_of_the_four_hand_game_only(tmp_path: Path) -> None:
    rule = _rule(tmp_path, "cutthroat", "passing", "{up_card_seat: {H: dealer}}")
    completed = run_cli("validate", str(rule))
    assert completed.returncode == 1
    assert "up_card_seat names seats of the four-hand game" in completed.stderr


def test_the_site_says_which_suit_names_which_seat() -> None:
    words = condition_words({"bars": "partnered_hand", "when": {"up_card_seat": NAMES}})
    assert words.startswith("A maker must play alone if the up-card's suit, in the first round, names their seat")
    assert "a heart, the dealer; a diamond, the dealer&#x27;s left" in words
