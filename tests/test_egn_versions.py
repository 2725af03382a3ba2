"""EGN 1.0 records (upgraded as EGN's egn-upgrade does) and EMN match files, audited.

tests/egn/egn-1.0.egn is two hands written in EGN 1.0's field names with the fields 1.2 dropped;
tests/egn/match.emn is three games to 10 (exported by our engine) among five players, seats
rotated, with the result worked out as EGN's match tool works it out (one per game won).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from egn import audit, map_ruleset, read_egn
from egn.findings import NOTE, VIOLATION
from egn.match import EmnMatch, audit_match, emn_match, read_game_or_match
from egn.notation import EgnUnreadable, load_json
from egn.upgrade import upgrade
from euchre_spec.cli import main

FIXTURES = Path(__file__).parent / "egn"


def match_from(data: dict[str, Any]) -> EmnMatch:
    text = json.dumps(data, indent=2)
    return emn_match(*load_json(text, "m.emn", "a match"), "m.emn")


def match_data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((FIXTURES / "match.emn").read_text(encoding="utf-8"))
    return data


# -- EGN 1.0 --------------------------------------------------------------------------------------


def test_an_egn_1_0_record_is_upgraded_and_audited() -> None:
    record = read_egn(FIXTURES / "egn-1.0.egn")
    assert record.upgraded is not None and record.upgraded.from_version == "1.0.0"
    assert record.data["version"] == "1.4" and "timings" not in record.data
    assert record.metadata["gameId"] == "euchre-spec-test-1.0"
    first = record.deals[0]
    assert set(first["initialState"]) == {"dealer", "upCard", "playerCards"}
    assert "callAnnotations" in first["phases"][0] and "playAnnotations" in first["phases"][1]
    assert "initialLead" not in first["phases"][1]
    report = audit(record, map_ruleset(record.ruleset))
    assert [hand.points for hand in report.hands] == [[2, 0], [0, 1]]
    assert all(hand.checked for hand in report.hands) and report.exit_code == 0
    (note,) = [problem for problem in report.problems if problem.code == "upgraded"]
    assert note.severity == NOTE and note.line == 3
    assert note.message == (
        "the record is EGN 1.0.0, upgraded to 1.4 as EGN's egn-upgrade does: version 1.0.0 to 1.4; "
        "renamed calls_annotations to callAnnotations (2 places); renamed matchId to gameId; "
        "renamed player_cards to playerCards (2 places); renamed tricks_annotations to playAnnotations (2 places); "
        "dropped initialLead (2 places); dropped kitty (2 places); dropped timings"
    )
    assert report.as_dict()["upgraded_from"] == "1.0.0"


def test_the_upgrade_renames_and_drops_at_any_depth() -> None:
    old = {
        "file_type": "Euchre Game Notation",
        "version": "1.1",
        "metadata": {"match_id": "g", "initial_score": [0, 0], "players": [{"name": "A", "player_ids": []}]},
        "deals": [{"initial_state": {"up_card": "9c", "kitty": []}, "phases": [{"is_alone": True, "alone_defender": 1}]}],
        "screens": [],
    }
    old["metadata"]["ruleset"] = {"max_deals": 8, "std": False}
    done = upgrade(old, "1.4")
    assert done.data == {
        "fileType": "Euchre Game Notation",
        "version": "1.4",
        "metadata": {
            "gameId": "g",
            "initialScore": [0, 0],
            "players": [{"name": "A", "playerIds": []}],
            "ruleset": {"num_deals": 8, "std": False},
        },
        "deals": [{"initialState": {"upCard": "9c"}, "phases": [{"isAlone": True, "aloneDefender": 1}]}],
    }
    assert done.pointers["/deals/0/initial_state/up_card"] == "/deals/0/initialState/upCard"
    assert old["version"] == "1.1" and "kitty" in old["deals"][0]["initial_state"]  # the input is left as it was


def test_an_error_in_an_upgraded_record_is_on_the_line_of_the_old_field(tmp_path: Path) -> None:
    text = (FIXTURES / "egn-1.0.egn").read_text(encoding="utf-8")
    data = json.loads(text)
    data["deals"][0]["initialState"]["player_cards"][1][2] = "Zz"
    path = tmp_path / "old.egn"
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    with pytest.raises(EgnUnreadable) as caught:
        read_egn(path)
    (error,) = caught.value.errors
    assert error.pointer == "/deals/0/initialState/playerCards/1/2"
    assert path.read_text(encoding="utf-8").splitlines()[error.line - 1].strip() == '"Zz",'


def test_records_of_1_2_and_later_are_read_as_they_are() -> None:
    assert read_egn(FIXTURES / "lone-and-stuck.egn").upgraded is None


# -- EMN matches ----------------------------------------------------------------------------------


def test_a_match_audits_each_game_and_the_result() -> None:
    match = read_game_or_match(FIXTURES / "match.emn")
    assert isinstance(match, EmnMatch)
    report = audit_match(match)
    assert [game.score for game in report.games] == [[6, 10], [3, 10], [9, 11]]
    assert [game.players for game in report.games][2] == ["Ada", "Ben", "Eve", "Dot"]
    assert report.scores == {"p-01": 0, "p-02": 2, "p-03": 1, "p-04": 3, "p-05": 0}
    assert (report.winners, report.problems, report.exit_code) == (["p-04"], [], 0)


def test_a_result_that_disagrees_with_the_games() -> None:
    data = match_data()
    data["metadata"]["result"]["scores"]["p-03"] = 2
    data["metadata"]["result"]["winner"] = ["p-03", "p-04"]
    report = audit_match(match_from(data))
    assert [(p.code, p.severity, p.message, p.pointer) for p in report.problems] == [
        (
            "match_score_mismatch",
            VIOLATION,
            "the result gives p-03 a score of 2, but the games give 1 (games won (points in games played to a number of deals))",
            "/metadata/result/scores/p-03",
        ),
        (
            "match_winner_mismatch",
            VIOLATION,
            "the result names ['p-03', 'p-04'] as the winners, but the games make ['p-04'] the winners",
            "/metadata/result/winner",
        ),
    ]
    assert all(problem.line > 0 for problem in report.problems) and report.exit_code == 1


def test_a_progressive_match_counts_each_players_points() -> None:
    data = match_data()
    data["metadata"]["matchFormat"] = {"type": "PROGRESSIVE", "target": 3}
    points = {"p-01": 6 + 3 + 9, "p-02": 10 + 3 + 11, "p-03": 6 + 10, "p-04": 10 + 10 + 11, "p-05": 9}
    data["metadata"]["result"] = {"status": "COMPLETED", "winner": ["p-04"], "scores": points}
    report = audit_match(match_from(data))
    assert (report.scores, report.winners, report.exit_code) == (points, ["p-04"], 0)


def test_a_broken_rule_in_one_game_fails_the_match_at_its_pointer() -> None:
    data = match_data()
    dealt = data["games"][1]["gameData"]["deals"][1]["initialState"]
    dealt["dealer"] = (dealt["dealer"] + 2) % 4
    report = audit_match(match_from(data))
    first = report.violations[0]
    assert (first.code, first.pointer) == ("dealer_out_of_turn", "/games/1/gameData/deals/1/initialState/dealer")
    assert report.exit_code == 1


@pytest.mark.parametrize(
    ("edit", "expected"),
    [
        (
            lambda d: d["games"][1]["players"].__setitem__(2, "p-09"),
            ("/games/1/players/2", "seat 2 of game 2 is 'p-09', which is not an id of metadata.players"),
        ),
        (lambda d: d["games"][0]["players"].__setitem__(3, "p-01"), ("/games/0/players/3", "'p-01' sits twice in game 1")),
        (
            lambda d: d["metadata"]["players"][4].update(id="p-01"),
            ("/metadata/players/4/id", "the player id 'p-01' is used twice"),
        ),
        (
            lambda d: d["games"][2]["gameData"]["deals"][0]["initialState"].update(upCard="Zz"),
            ("/games/2/gameData/deals/0/initialState/upCard", '"Zz" is not valid'),
        ),
    ],
)
def test_unreadable_matches_are_located(edit: Any, expected: tuple[str, str]) -> None:
    data = copy.deepcopy(match_data())
    edit(data)
    with pytest.raises(EgnUnreadable) as caught:
        match_from(data)
    found = [(error.pointer, error.message) for error in caught.value.errors]
    assert found[0][0] == expected[0] and found[0][1].startswith(expected[1])  # the first, by line
    assert caught.value.errors[0].line > 0


def test_the_command_audits_a_match(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["audit", str(FIXTURES / "match.emn")]) == 0
    text = capsys.readouterr().out
    assert text.startswith(f'{FIXTURES / "match.emn"}: EMN match "Three games, five players", BEST_OF_N, 3 game(s)\n')
    assert "  Scores from the games: p-01 0, p-02 2, p-03 1, p-04 3, p-05 0; won by p-04\n" in text
    assert main(["audit", str(FIXTURES / "match.emn"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["winners"] == ["p-04"]
