"""Recorded games in EGN: reading, mapping the ruleset flags, replaying, exporting, round trips.

The fixtures in tests/egn/ are written for these tests: valid records (a lone march and a stuck
dealer, the end of a game to 10 with recorded hands, EGN's card shorthands, a fast-break flag we
cannot map), one exported by `export-egn`, and broken ones (a revoke, the up-card played by a
defender, a missing trick). Each test asserts the exact finding, not just the exit code.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from egn import EgnUnreadable, audit, map_ruleset, parse_egn, read_egn
from egn.export import export_game, ruleset_for
from egn.findings import NOTE, UNCONFIRMED, VIOLATION, AuditReport, Problem
from egn.mapping import NO_COUNTERPART
from egn.notation import from_code, to_code
from euchre_spec.cli import main
from ruleset.compiled.loading import load_rules

FIXTURES = Path(__file__).parent / "egn"


def audited(name: str, variant: str | None = None, house_rules: tuple[str, ...] = ()) -> AuditReport:
    record = read_egn(FIXTURES / name)
    return audit(record, map_ruleset(record.ruleset, variant, house_rules))


def audit_data(data: dict[str, Any]) -> AuditReport:
    record = parse_egn(json.dumps(data, indent=2), "test.egn")
    return audit(record, map_ruleset(record.ruleset))


def fixture_data(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((FIXTURES / name).read_text(encoding="utf-8"))
    return data


def findings(report: AuditReport, severity: str) -> list[tuple[int | None, str, str]]:
    return [(p.hand, p.code, p.message) for p in report.all_problems() if p.severity == severity]


def codes(problems: list[Problem]) -> list[str]:
    return [problem.code for problem in problems]


# -- valid records --------------------------------------------------------------------------


def test_lone_march_then_stuck_dealer() -> None:
    report = audited("lone-and-stuck.egn")
    assert (report.mapping.variant, report.mapping.house_rules) == ("north-american", ("stick-the-dealer",))
    assert report.mapping.unmapped == ()
    lone, stuck = report.hands
    assert (lone.trump, lone.maker, lone.alone, lone.sitting_out, lone.discard) == ("H", 0, True, [2], "Js")
    assert [trick["leader"] for trick in lone.tricks] == [0, 0, 0, 0, 0]
    assert [seat for seat, _ in lone.tricks[0]["plays"]] == [0, 1, 3]
    assert (lone.row, lone.points, lone.points_basis, lone.score) == ("lone-march", [4, 0], "rules", [4, 0])
    assert lone.checked
    assert stuck.calls[-1] == (0, "c")
    assert (stuck.trump, stuck.maker, stuck.row, stuck.points, stuck.score) == ("C", 0, "march", [2, 0], [6, 0])
    assert [trick["winner"] for trick in stuck.tricks] == [0, 0, 0, 0, 2]
    assert findings(report, VIOLATION) == [] and report.exit_code == 0
    assert (None, "game_unfinished", "the record ends before either side reaches 10 (EGN allows partial games)") in findings(
        report, NOTE
    )
    assert "hands_not_recorded" in codes(lone.problems)


def test_game_to_10_with_a_throw_in_and_recorded_hands() -> None:
    report = audited("game-to-10.egn")
    assert (report.mapping.variant, report.mapping.house_rules) == ("north-american", ())
    thrown, euchre = report.hands
    assert thrown.thrown_in and thrown.points == [0, 0] and thrown.score == [8, 7]
    assert (euchre.dealer, euchre.maker, euchre.discard, euchre.row, euchre.points) == (2, 3, "Qd", "euchred", [2, 0])
    assert euchre.tricks_won == [5, 0] and euchre.checked
    assert "hands_not_recorded" not in codes(euchre.problems)
    assert (report.score, report.winners, report.exit_code) == ([10, 7], [0], 0)
    assert report.all_problems() == []


def test_card_shorthands_and_a_game_to_5() -> None:
    report = audited("notation.egn")
    assert report.mapping.house_rules == ("stick-the-dealer", "target=5")
    (hand,) = report.hands
    assert hand.tricks[0]["plays"][3] == [0, "L"] and hand.tricks[1]["plays"][0] == [0, "R"]
    assert (hand.points, hand.checked, report.exit_code) == ([2, 0], True, 0)
    assert report.players == ["North", "East", "South", "West"]


def test_card_codes() -> None:
    assert [to_code(text) for text in ("9c", "Nd", "TS", "B", "Xx", "Jx", "Ac")] == ["9C", "9D", "TS", "JK", None, None, "AC"]
    assert [to_code(text, 2) for text in ("R", "L", "At", "Kn", "9g")] == ["JH", "JD", "AH", "KD", None]
    assert [from_code(code) for code in ("TD", "9C", "JK")] == ["Td", "9c", "B"]


# -- the ruleset flags ------------------------------------------------------------------------


def test_flags_map_to_house_rules() -> None:
    mapping = map_ruleset({"std": False, "canadian": True, "defend_alone": True, "winning_score": 7})
    assert mapping.variant == "north-american"
    assert set(mapping.house_rules) == {"canadian-loner", "defend-alone=against-lone-maker", "target=7"}
    statuses = {flag.flag: (flag.status, flag.detail) for flag in mapping.flags}
    assert statuses["canadian"] == ("mapped", "house rule canadian-loner")
    assert statuses["std"] == ("mapped", "north-american as it stands")
    assert mapping.unmapped == ()


def test_player_count_and_deck_choose_the_variant() -> None:
    assert map_ruleset({"num_players": 3}).variant == "cutthroat"
    two = map_ruleset({"num_players": 2, "min_rank": 7, "winning_score": 5, "std": False})
    assert (two.variant, two.house_rules, two.unmapped) == ("two-handed", (), ())


def test_unmappable_flags_are_named_and_their_hands_unconfirmed() -> None:
    report = audited("fast-break.egn")
    unmapped = {flag.flag: flag.detail for flag in report.mapping.unmapped}
    assert unmapped == {
        "fast_break": "no scoring row of ours voids a hand whose defenders took the first two tricks",
        "go_under": NO_COUNTERPART["go_under"],
    }
    (hand,) = report.hands
    assert hand.affected_by == ["fast_break"]  # the defenders took tricks 1 and 2; no exchange was made
    assert (hand.points, hand.row) == ([0, 1], "made")
    message = (
        "this hand is judged by north-american -r stick-the-dealer, but the record's fast_break could change it: "
        "what is found here is unconfirmed"
    )
    assert (0, "unmapped_flags", message) in findings(report, NOTE)
    assert report.exit_code == 0


def test_a_violation_in_a_hand_an_unmapped_flag_touches_is_unconfirmed() -> None:
    data = fixture_data("fast-break.egn")
    tricks = data["deals"][0]["phases"][1]["tricks"]
    tricks[2][3], tricks[3][2] = "Th", "Td"  # West ruffs the club, then throws a diamond on the trump lead holding Qh
    report = audit_data(data)
    assert findings(report, VIOLATION) == []
    message = "trick 4: seat 3 played Td on a lead of hearts (trump) while holding Qh (played in trick 5)"
    assert findings(report, UNCONFIRMED) == [(0, "must_follow_suit", message)]
    assert report.exit_code == 0


def test_explicit_variant_is_used_as_given_and_flags_only_checked() -> None:
    report = audited("lone-and-stuck.egn", "north-american", ())
    assert report.mapping.chosen_by == "the command line"
    assert [(flag.flag, flag.detail) for flag in report.mapping.unmapped] == [
        ("std", "north-american has a throw-in when everybody passes")
    ]
    assert [hand.affected_by for hand in report.hands] == [[], ["std"]]  # the dealer named trump after seven passes
    assert report.score == [6, 0] and report.exit_code == 0


# -- broken records -----------------------------------------------------------------------------


def test_revoke_is_proved_by_a_card_shown_later() -> None:
    report = audited("broken-revoke.egn")
    assert findings(report, VIOLATION) == [
        (1, "must_follow_suit", "trick 2: seat 2 played Kd on a lead of clubs (trump) while holding Qc (played in trick 3)")
    ]
    problem = report.violations[0]
    assert (problem.trick, problem.seat, problem.pointer) == (2, 2, "/deals/1/phases/1/tricks/1/2")
    assert problem.line > 0
    hand = report.hands[1]
    assert (hand.points, hand.points_basis, hand.checked) == ([2, 0], "as played", False)
    assert report.exit_code == 1


def test_up_card_played_by_a_defender() -> None:
    report = audited("broken-up-card.egn")
    assert findings(report, VIOLATION) == [
        (0, "card_not_in_hand", "trick 1: seat 1 played 9h, the up-card, which the dealer (seat 3) took into hand")
    ]
    assert report.exit_code == 1


def test_missing_trick() -> None:
    report = audited("broken-missing-trick.egn")
    assert findings(report, VIOLATION) == [
        (0, "missing_trick", "only 4 of the hand's 5 tricks are recorded, and the record goes on")
    ]
    first = report.hands[0]
    assert first.points is None and first.score is None
    assert "plays_not_checked" in codes(first.problems)
    assert report.score is None
    assert report.exit_code == 1


def test_the_last_hand_may_stop_early() -> None:
    data = fixture_data("lone-and-stuck.egn")
    del data["deals"][1]["phases"][1]["tricks"][3:]
    report = audit_data(data)
    assert findings(report, VIOLATION) == []
    assert "record_ends" in codes(report.hands[1].problems)
    assert report.hands[1].points is None and report.score is None


@pytest.mark.parametrize(
    ("edit", "expected"),
    [
        (
            lambda d: d["deals"][1]["initialState"].update(dealer=1),
            ("dealer_out_of_turn", "seat 1 deals, but after the previous hand the deal goes to seat 0"),
        ),
        (
            lambda d: d["deals"][0]["phases"][0]["calls"].append("Pass"),
            ("calls_after_make", "1 more call(s) after trump is made: bidding ends when trump is made"),
        ),
        (
            lambda d: d["deals"][1]["phases"][0]["calls"].__setitem__(7, "Pass"),
            ("dealer_must_name_trump", "seat 0: a pass is refused during bid round two: the dealer is stuck and may not pass"),
        ),
        (
            lambda d: d["deals"][1]["phases"][0]["calls"].__setitem__(0, "s"),
            (
                "wrong_phase",
                "seat 1: naming S is refused during bid round one: that kind of action is not taken at this point of the hand",
            ),
        ),
        (
            lambda d: d["deals"][0]["phases"][1]["tricks"][1].append("9s"),
            ("long_trick", "trick 2 has 4 cards, but 3 players are in this hand"),
        ),
        (
            lambda d: d["deals"][1]["phases"][1]["tricks"][4].__setitem__(0, "As"),
            ("card_not_in_hand", "trick 5: seat 0 played As, which seat 1 already played in trick 1"),
        ),
    ],
)
def test_more_broken_rules(edit: Any, expected: tuple[str, str]) -> None:
    data = fixture_data("lone-and-stuck.egn")
    edit(data)
    report = audit_data(data)
    assert [(code, message) for _, code, message in findings(report, VIOLATION)][:1] == [expected]
    assert report.exit_code == 1


def test_hands_after_the_game_is_won_and_a_wrong_final_score() -> None:
    data = fixture_data("game-to-10.egn")
    data["deals"].append(copy.deepcopy(data["deals"][0]) | {"dealNumber": 2})
    data["deals"][2]["initialState"]["dealer"] = 3
    data["metadata"]["finalScore"] = [9, 7]
    report = audit_data(data)
    assert [(code, message) for _, code, message in findings(report, VIOLATION)] == [
        ("played_after_game_over", "seats 0 & 2 reached 10 after hand 2, but the record goes on"),
        ("final_score_mismatch", "the record's finalScore is [9, 7], but its hands add up to [10, 7]"),
    ]


def test_recorded_hands_that_disagree_with_the_play() -> None:
    data = fixture_data("game-to-10.egn")
    hands = data["deals"][1]["initialState"]["playerCards"]
    hands[1][0], hands[3][4] = hands[3][4], hands[1][0]  # East is dealt West's nine of clubs, West East's nine of hearts
    report = audit_data(data)
    message = "trick 2: seat 3 played 9c, which is dealt to seat 1 in the record's playerCards"
    assert findings(report, VIOLATION) == [(1, "card_not_in_hand", message)]


# -- unreadable files ----------------------------------------------------------------------------


def test_bad_json_is_reported_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.egn"
    path.write_text('{\n  "fileType": "Euchre Game Notation",\n  "version": "1.4"\n  "deals": []\n}\n', encoding="utf-8")
    with pytest.raises(EgnUnreadable) as caught:
        read_egn(path)
    assert [str(error) for error in caught.value.errors] == [f"{path}:4: not valid JSON: Expecting ',' delimiter (column 3) (/)"]


def test_schema_errors_are_located(tmp_path: Path) -> None:
    data = fixture_data("lone-and-stuck.egn")
    data["deals"][0]["phases"][1]["tricks"][0][1] = "Zc"
    data["metadata"]["ruleset"]["stick"] = True
    path = tmp_path / "schema.egn"
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    assert main(["audit", str(path)]) == 2
    with pytest.raises(EgnUnreadable) as caught:
        read_egn(path)
    found = {(error.line, error.pointer) for error in caught.value.errors}
    assert found == {(21, "/metadata/ruleset/stick"), (47, "/deals/0/phases/1/tricks/0/1")}


# -- export and round trips ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "house_rules", "deal"),
    [
        ("north-american", ("stick-the-dealer",), 7),
        ("north-american", (), 11),
        ("north-american", ("canadian-loner", "defend-alone=against-lone-maker", "target=5"), 3),
        ("cutthroat", (), 5),
        ("two-handed", (), 2),
    ],
)
@pytest.mark.parametrize("with_hands", [True, False])
def test_export_then_audit_round_trips(variant: str, house_rules: tuple[str, ...], deal: int, with_hands: bool) -> None:
    rules = load_rules(variant, house_rules)
    exported = export_game(rules, deal, seed=deal, with_hands=with_hands)
    assert exported.unexpressed == ()
    report = audit_data(exported.record)
    assert (report.mapping.variant, set(report.mapping.house_rules) - {"stick-the-dealer"}) == (
        variant,
        set(house_rules) - {"stick-the-dealer"},
    )
    assert [hand.points for hand in report.hands] == [list(hand.result.points) for hand in exported.hands if hand.result]
    assert all(hand.checked and hand.points_basis == "rules" for hand in report.hands)
    assert (report.score, findings(report, VIOLATION), report.exit_code) == (list(exported.scores), [], 0)


def test_export_says_what_egn_cannot_express() -> None:
    rules = load_rules("north-american", ("super-euchre",))
    flags, unexpressed = ruleset_for(rules)
    assert flags["loner_euchred_score"] == 2
    assert unexpressed == ("the scoring table",)


def test_committed_export_audits_clean() -> None:
    report = audited("exported-north-american-deal-7.egn")
    record = read_egn(FIXTURES / "exported-north-american-deal-7.egn")
    assert report.score == record.metadata["finalScore"]
    assert report.exit_code == 0 and all(hand.checked for hand in report.hands)


def test_cli_audit_and_export(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "game.egn"
    assert (
        main(
            ["export-egn", "north-american", "-r", "stick-the-dealer", "--deal", "4", "--seed", "1", "--no-hands", "-o", str(out)]
        )
        == 0
    )
    assert main(["audit", str(out), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rules"]["house_rules"] == ["stick-the-dealer"] and data["violations"] == 0
    assert data["final_score"] == json.loads(out.read_text())["metadata"]["finalScore"]
    assert main(["audit", str(FIXTURES / "broken-revoke.egn")]) == 1
    text = capsys.readouterr().out
    assert "!! BROKEN RULE [must_follow_suit] (line" in text and "Hand 2 (dealNumber 1): dealer seat 0, up-card Ks" in text


def test_every_unknown_field_is_named_with_its_pointer(tmp_path: Path) -> None:
    data = fixture_data("lone-and-stuck.egn")
    data["metadata"]["ruleset"] |= {"stick": True, "farmer": True}
    data["metadata"]["venue"] = "the club"
    path = tmp_path / "unknown.egn"
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    with pytest.raises(EgnUnreadable) as caught:
        read_egn(path)
    found = [(error.pointer, error.message.split(";")[0]) for error in caught.value.errors]
    assert found == [
        ("/metadata/ruleset/stick", "unknown field 'stick'"),
        ("/metadata/ruleset/farmer", "unknown field 'farmer'"),
        ("/metadata/venue", "unknown field 'venue'"),
    ]
    assert [error.line for error in caught.value.errors] == [21, 22, 24]


def test_partners_best_maps_to_the_partner_card_before_the_discard() -> None:
    data = fixture_data("lone-and-stuck.egn")
    data["metadata"]["ruleset"]["partners_best"] = True
    mapping = map_ruleset(data["metadata"]["ruleset"])
    assert "partners-best=receive-first" in mapping.house_rules and mapping.unmapped == ()
    flag = next(flag for flag in mapping.flags if flag.flag == "partners_best")
    assert (flag.status, flag.detail) == ("mapped", "house rule partners-best=receive-first")


@pytest.mark.parametrize(
    ("flag", "detail"),
    [
        (
            "go_under",
            "a record cannot show the cards a player lays in the kitty when going under (cardExchanges go to a seat): "
            "our go-under rule is not chosen from the flag",
        ),
        (
            "farmers",
            "EGN's farmer's hand may be a misdeal or an exchange, and a record cannot show the cards laid in the kitty: "
            "our farmers-hand rule is not chosen from the flag",
        ),
    ],
)
def test_a_flag_without_a_rule_says_so_plainly(flag: str, detail: str) -> None:
    data = fixture_data("lone-and-stuck.egn")
    data["metadata"]["ruleset"][flag] = True
    report = audit_data(data)
    unmapped = {mapped.flag: mapped.detail for mapped in report.mapping.unmapped}
    assert unmapped[flag] == detail
    assert report.exit_code == 0


def test_a_joker_in_the_four_hand_game_maps_onto_the_joker_house_rule() -> None:
    mapping = map_ruleset({"std": False, "joker": True, "canadian": True})
    assert (mapping.variant, mapping.house_rules, mapping.unmapped) == ("north-american", ("joker=hearts", "canadian-loner"), ())
    assert len(mapping.rules.deck) == 25
    (joker,) = [flag for flag in mapping.flags if flag.flag == "joker"]
    assert (joker.status, joker.detail) == ("mapped", "house rule joker=hearts")
    assert (
        "a turned-up joker is bid on as a card of hearts (EGN does not say what a turned-up joker means)" in mapping.assumptions
    )


def test_loner_lead_left_of_loner_maps_onto_lead_left_of_loner() -> None:
    mapping = map_ruleset({"std": False, "loner_lead": "LEFT_OF_LONER"})
    assert (mapping.variant, mapping.house_rules, mapping.unmapped) == ("north-american", ("lead-left-of-loner",), ())
    assert mapping.rules.first_lead == "left_of_lone_player"
    (lead,) = [flag for flag in mapping.flags if flag.flag == "loner_lead"]
    assert (lead.status, lead.detail) == ("mapped", "house rule lead-left-of-loner")


def test_past_twenty_unknown_fields_the_rest_are_counted() -> None:
    data = fixture_data("lone-and-stuck.egn")
    data["metadata"]["ruleset"] |= {f"stray_{number:02}": True for number in range(25)}
    with pytest.raises(EgnUnreadable) as caught:
        parse_egn(json.dumps(data, indent=2), "many.egn")
    messages = [error.message.split(";")[0] for error in caught.value.errors]
    assert messages[:2] == ["unknown field 'stray_00'", "unknown field 'stray_01'"]
    assert messages[20:] == ["unknown field 'stray_20' and 4 more here"]
