"""An overlay says what it does: an award it writes replaces the inherited award whole, and null
unsets an inherited value, returning the setting to its default."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from ruleset import resolve_checked
from ruleset.catalog import load_catalog
from ruleset.merging import replaces_whole
from tests import ROOT

PEPPER_SIX = """$schema: ../../schemas/house-rule.schema.json
format: 1
id: pepper-six
title: A failed bid costs six
summary: A failed contract costs six points, whatever was bid.
applies_to: [pepper]
sources: [PEP]
set:
  scoring:
    rows:
      set: {award: {makers: {points: -6}, defenders: {tricks: 1}}, clause: house.pepper-six}
  game: {win: null}
clauses:
  house.pepper-six:
    title: Six for a failed bid
    text: A failed bid costs the bidders six points.
    sources: [PEP]
"""


def test_awards_are_marked_to_be_replaced_whole_and_sections_to_merge() -> None:
    assert replaces_whole("/scoring/rows/set/award")
    assert replaces_whole("/scoring/player_rows/maker-made/award")
    assert not replaces_whole("/scoring/rows/set")
    assert not replaces_whole("/auction")


def test_an_award_written_by_a_house_rule_keeps_nothing_of_the_inherited_one(tmp_path: Path) -> None:
    rule = tmp_path / "pepper-six.yaml"
    rule.write_text(PEPPER_SIX, encoding="utf-8")
    catalog = load_catalog([rule])
    plain = resolve_checked(catalog, "pepper").data
    assert plain["scoring"]["rows"]["set"]["award"]["makers"]["bid"] == -1
    assert plain["game"]["win"] == "by_contract"
    changed = resolve_checked(catalog, "pepper", ("pepper-six",)).data
    assert changed["scoring"]["rows"]["set"]["award"]["makers"] == {"bid": 0, "tricks": 0, "points": -6}
    assert changed["game"]["win"] == "reach_target", "null unsets the inherited value: the default holds"


def test_show_marks_what_each_house_rule_changed(tmp_path: Path) -> None:
    rule = tmp_path / "pepper-six.yaml"
    rule.write_text(PEPPER_SIX, encoding="utf-8")
    command = [sys.executable, "-m", "euchre_spec", "show", "pepper", "--spec", str(rule), "-r", "pepper-six"]
    shown = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, check=True, timeout=300).stdout
    marks = shown[shown.index("# What each house rule changed") :].splitlines()
    assert "# pepper-six:" in marks
    assert "#   /scoring/rows/set/award/makers/bid: 0 (was -1)" in marks
    assert '#   /game/win: "reach_target" (was "by_contract")' in marks
