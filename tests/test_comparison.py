"""The variant comparison matrix is derived from the compiled rules, one row per base variant."""

from __future__ import annotations

import subprocess
import sys

from ruleset import builtin_catalog
from ruleset.comparison import COLUMNS, comparison_rows, render_table
from tests import ROOT

DECK_SIZES = {
    "north-american": 24,
    "british": 25,
    "cutthroat": 24,
    "two-handed": 32,
    "north-american-32": 32,
    "three-handed-dummy": 24,
    "six-handed-cornish": 33,
    "six-handed-cornish-double": 50,
    "almonte-six": 31,
    "almonte-four": 21,
    "buck-euchre": 24,
}


def test_every_base_variant_has_a_row_with_every_column() -> None:
    rows = comparison_rows()
    assert [row["variant"] for row in rows] == sorted(builtin_catalog().variants)
    assert all(set(row) == set(COLUMNS) and all(row.values()) for row in rows)


def test_cells_state_the_rules_of_each_variant() -> None:
    rows = {row["variant"]: row for row in comparison_rows()}
    for variant, size in DECK_SIZES.items():
        assert rows[variant]["deck"].startswith(f"{size}:"), variant
    assert rows["british"]["trump order"].startswith("JK R L A K Q 10 9")
    assert rows["almonte-six"]["trump order"].startswith("4S 3S 2S R L A K Q 10 9 8")
    assert rows["almonte-four"]["deal"].endswith("kitty 0")
    assert rows["three-handed-dummy"]["players"] == "3, each for themselves + a dummy"
    assert "march 3" in rows["cutthroat"]["scoring"] and rows["two-handed"]["target"] == "5"
    assert rows["buck-euchre"]["scoring"].startswith("each player: maker-made -1/trick, maker-bucked +5,")
    assert rows["buck-euchre"]["target"] == "from 15 down to 0"
    assert "lone player gets a partner's card" in rows["six-handed-cornish"]["going alone"]


def test_the_command_prints_the_table() -> None:
    completed = subprocess.run(
        [sys.executable, "-m", "euchre_spec", "variants", "--table"], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert completed.stdout.strip() == render_table(comparison_rows())
