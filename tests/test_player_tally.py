"""Points per player inside a partnership: the lone player's own card under progressive points."""

from __future__ import annotations

from reference_impl.engine.player_tally import keeps_player_tally, player_points, player_totals
from reference_impl.engine.state import HandResult
from tests.engine_helpers import rules_for


def test_a_made_lone_hand_credits_five_to_the_lone_player_and_four_to_the_partner() -> None:
    rules = rules_for("north-american", "progressive-points")
    result = HandResult(False, maker=2, makers_tricks=5, maker_alone=True, row="lone-march", points=(4, 0))
    assert player_points(rules, result) == (4, 0, 5, 0)


def test_other_hands_credit_both_partners_with_the_side_s_points() -> None:
    rules = rules_for("north-american", "progressive-points")
    made = HandResult(False, maker=1, makers_tricks=3, row="made", points=(0, 1))
    set_alone = HandResult(False, maker=1, makers_tricks=0, maker_alone=True, row="lone-euchred", points=(3, 0))
    assert player_points(rules, made) == (0, 1, 0, 1)
    assert player_points(rules, set_alone) == (3, 0, 3, 0)
    assert player_totals(rules, (made, set_alone)) == (3, 1, 3, 1)


def test_only_rules_that_credit_the_maker_apart_keep_a_tally() -> None:
    assert keeps_player_tally(rules_for("north-american", "progressive-points"))
    assert not keeps_player_tally(rules_for("north-american"))
    rules = rules_for("north-american")
    lone = HandResult(False, maker=2, makers_tricks=5, maker_alone=True, row="lone-march", points=(4, 0))
    assert player_points(rules, lone) == (4, 0, 4, 0)
