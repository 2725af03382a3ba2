"""Progressive scorecards audited under the rules they name (north-american, hands=8, progressive-points).

tests/scorecard/progressive-session.yaml is a correct session of two rounds at two tables; each
other fixture is that session broken in one way (a slip in adding up, a value no hand scores, a
ninth hand, a player's own credit that does not fit) and must be caught at its line, with the
round, the table, the hand and the rule's clause.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from euchre_spec.cli import main
from scorecard import ScorecardAudit, ScorecardUnreadable, audit_scorecard, read_scorecard

FIXTURES = Path(__file__).parent / "scorecard"
SESSION = FIXTURES / "progressive-session.yaml"


def audited(name: str, variant: str | None = None, house_rules: tuple[str, ...] = ()) -> ScorecardAudit:
    return audit_scorecard(read_scorecard(FIXTURES / name), variant, house_rules)


def found(audit: ScorecardAudit) -> list[tuple[str, int | None, int | None, int | None, str | None, str]]:
    return [(f.code, f.round, f.table, f.hand, f.clause, f.pointer) for f in audit.findings]


def line_of(name: str, fragment: str, after: str = "") -> int:
    lines = (FIXTURES / name).read_text(encoding="utf-8").splitlines()
    start = next(number for number, line in enumerate(lines) if after in line) if after else 0
    return next(number for number, line in enumerate(lines[start:], start + 1) if fragment in line)


def test_the_correct_session_audits_clean_with_each_players_total() -> None:
    audit = audited(SESSION.name)
    assert (audit.variant, audit.house_rules, audit.games, audit.hands) == (
        "north-american",
        ("hands=8", "progressive-points"),
        4,
        32,
    )
    assert audit.findings == [] and audit.exit_code == 0
    assert audit.totals == {"Ann": 15, "Bob": 12, "Cal": 15, "Dee": 11, "Eve": 14, "Fay": 9, "Gus": 15, "Hal": 14}
    assert {name for name, count in audit.lone_hands.items() if count} == {"Ann", "Eve", "Hal"}


def test_a_slip_in_adding_up_a_game_or_a_session_is_caught() -> None:
    audit = audited("wrong-sums.yaml")
    assert found(audit) == [
        ("game-total", 1, 2, None, "house.hands.eight", "/rounds/0/tables/1/totals/1"),
        ("session-total", None, None, None, None, "/session/Fay/points"),
    ]
    assert audit.findings[0].line == line_of("wrong-sums.yaml", "totals: [4, 10]")
    assert "hands add up to 9" in audit.findings[0].message
    assert audit.findings[1].line == line_of("wrong-sums.yaml", "Fay: {points: 10")
    assert audit.exit_code == 1


def test_a_value_no_scoring_row_gives_is_caught_with_the_rows() -> None:
    audit = audited("impossible-value.yaml")
    ((code, round_, table, hand, clause, pointer),) = found(audit)
    assert (code, round_, table, hand, pointer) == ("impossible-value", 2, 1, 5, "/rounds/1/tables/0/hands/4/points/1")
    assert clause is not None and {"score.made", "score.march", "house.progressive-points.lone"} <= set(clause.split(", "))
    assert "scored 5, which no scoring row gives (one hand scores 1, 2, 3, 4)" in audit.findings[0].message
    assert audit.findings[0].line == line_of("impossible-value.yaml", "points: [0, 5]")


def test_a_hand_beyond_the_games_number_is_caught_with_the_hands_clause() -> None:
    assert found(audited("too-many-hands.yaml")) == [("hand-count", 1, 2, 9, "house.hands.eight", "/rounds/0/tables/1/hands/8")]
    # the same eight-hand session is a wrong card under games of twelve hands: every game is short
    twelve = audited(SESSION.name, "north-american", ("hands=12", "progressive-points"))
    assert {(f.code, f.clause) for f in twelve.findings} == {("hand-count", "house.hands.twelve")}
    assert len(twelve.findings) == 4


def test_a_players_own_credit_that_does_not_fit_is_caught() -> None:
    audit = audited("credit-misfit.yaml")
    assert found(audit) == [
        ("credit-misfit", 1, 1, 5, "score.euchred, score.march", "/rounds/0/tables/0/hands/4/credits/Bob"),
        ("credit-misfit", 1, 2, 4, "house.progressive-points.lone", "/rounds/0/tables/1/hands/3/credits"),
    ]
    assert "Hal made the lone hand, which puts 5 on their own card, but they wrote 4" in audit.findings[1].message


def test_credits_are_the_rules_own_without_progressive_points(tmp_path: Path) -> None:
    """Under plain north-american scoring a made lone hand is 4 on both partners' cards: a 5 does not fit."""
    audit = audited(SESSION.name, "north-american", ("hands=8",))
    codes = {(f.code, f.round, f.table, f.hand) for f in audit.findings}
    # the 5s of the three lone hands, and the lone hand set for 3 (2 without progressive-points)
    assert ("credit-misfit", 1, 1, 3) in codes and ("credit-misfit", 1, 2, 4) in codes and ("credit-misfit", 2, 2, 3) in codes
    assert ("impossible-value", 1, 1, 7) in codes and ("impossible-value", 2, 2, 7) in codes


def test_a_lone_mark_must_be_a_lone_hand_made_by_a_player_of_the_scoring_side(tmp_path: Path) -> None:
    text = SESSION.read_text(encoding="utf-8").replace(
        "- {points: [1, 0]}\n          - {points: [0, 2]}",
        "- {points: [1, 0], lone: Cal}\n          - {points: [0, 2], lone: Dee}",
        1,
    )
    path = tmp_path / "marks.yaml"
    path.write_text(text.replace("Dee: {points: 11, lone_hands: 0}", "Dee: {points: 11, lone_hands: 1}"), encoding="utf-8")
    audit = audit_scorecard(read_scorecard(path))
    assert [(f.code, f.hand) for f in audit.findings] == [("lone-mark", 1), ("lone-mark", 2)]
    assert "not on side 1 (Ann and Bob)" in audit.findings[0].message
    assert audit.findings[1].clause == "house.progressive-points.lone"


def test_seats_and_tallies_are_checked(tmp_path: Path) -> None:
    text = SESSION.read_text(encoding="utf-8").replace("sides: [[Gus, Ann], [Hal, Bob]]", "sides: [[Gus, Ann], [Hal, Cal]]")
    path = tmp_path / "seats.yaml"
    path.write_text(text.replace("Eve: {points: 14, lone_hands: 1}", "Eve: {points: 14, lone_hands: 2}"), encoding="utf-8")
    codes = [f.code for f in audit_scorecard(read_scorecard(path)).findings]
    assert "seated-twice" in codes and "lone-tally" in codes and "session-total" in codes


def test_a_file_its_schema_refuses_is_unreadable_with_its_line_and_pointer(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(SESSION.read_text(encoding="utf-8").replace("{points: [1, 0]}", "{points: [1]}", 1), encoding="utf-8")
    with pytest.raises(ScorecardUnreadable) as caught:
        read_scorecard(path)
    (error,) = caught.value.errors
    assert (error.pointer, error.line) == ("/rounds/0/tables/0/hands/0/points", line_of(SESSION.name, "{points: [1, 0]}"))


def test_the_audit_command_reads_a_scorecard(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["audit", str(SESSION)]) == 0
    assert "no broken rule found" in capsys.readouterr().out
    assert main(["audit", "--json", str(FIXTURES / "credit-misfit.yaml")]) == 1
    shown = json.loads(capsys.readouterr().out)
    assert [finding["code"] for finding in shown["findings"]] == ["credit-misfit", "credit-misfit"]
    assert main(["audit", str(FIXTURES / "impossible-value.yaml")]) == 1
    out = capsys.readouterr().out
    line = line_of("impossible-value.yaml", "points: [0, 5]")
    assert f"impossible-value.yaml:{line}: [impossible-value] round 2, table 1, hand 5:" in out
    unknown = tmp_path / "unknown.yaml"
    unknown.write_text(SESSION.read_text(encoding="utf-8").replace("hands=8, progressive-points", "hands=9"), encoding="utf-8")
    assert main(["audit", str(unknown)]) == 2
    err = capsys.readouterr().err
    assert f"unknown.yaml:{line_of(SESSION.name, 'house_rules:')}:" in err and "(/house_rules)" in err
    assert main(["audit", str(SESSION), "--variant", "north-americn"]) == 2
    json_card = tmp_path / "session.json"  # a JSON file naming the schema is read as a scorecard too
    json_card.write_text(json.dumps(read_scorecard(SESSION).data), encoding="utf-8")
    assert main(["audit", str(json_card)]) == 0


def test_a_yaml_file_is_read_as_a_scorecard_even_when_it_opens_like_a_ptn_tag(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "list.yaml"
    path.write_text("[1, 2]\n", encoding="utf-8")
    assert main(["audit", str(path)]) == 2
    assert capsys.readouterr().err == f"{path}:1: expected a mapping, found a list (/)\n"
