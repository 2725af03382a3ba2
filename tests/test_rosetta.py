"""The Rosetta: every platform's settings read as our rules and written back, entry by entry.

Each table in rosetta/platforms/ is loaded with its schema and catalog checks; then every value of
every setting is read alone (the other settings at their defaults) and must either mean rules
that write back to settings reading as the same rules (the round trip), or be refused naming the
setting. Two tables are held to an outside authority as well: OpenSpiel's to the parameters
pyspiel itself reports and to the adapter that plays it, EGN's to the flag mapping `audit` uses.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from documents.errors import SpecInvalid
from euchre_spec.cli import main
from rosetta import Platform, SettingsUnreadable, parse, platform, platforms, read_settings, write, write_settings
from rosetta.ours import meaning, normalized, same_rules
from rosetta.tables import load_table, same_value
from ruleset.compiled.loading import load_rules

ENTRIES = [
    (table.id, setting.key, value)
    for table in platforms()
    for setting in table.settings
    if setting.not_a_rule is None
    for value, _ in setting.values
]


def entry_id(entry: tuple[str, str, Any]) -> str:
    return f"{entry[0]}:{entry[1]}={json.dumps(entry[2])}"


def test_every_table_loads_and_each_names_the_platform_it_reads() -> None:
    ids = [table.id for table in platforms()]
    assert ids == ["egn", "openspiel", "rotundtapir-euchre", "trickster"]
    for table in platforms():
        assert table.settings and all(setting.documented for setting in table.settings)
        assert all(citation.url.startswith("https://") for setting in table.settings for citation in setting.documented)


@pytest.mark.parametrize("entry", ENTRIES, ids=entry_id)
def test_every_value_round_trips_or_is_refused_by_name(entry: tuple[str, str, Any]) -> None:
    ident, key, value = entry
    table = platform(ident)
    setting = table.setting(key)
    assert setting is not None
    reading = setting.reading(value)
    assert reading is not None
    translation = read_settings(table, {key: value})
    if not reading.said:
        assert not translation.ok
        assert any(f"setting {key}={write_value(value)}" in refusal for refusal in translation.refusals)
        assert any(reading.no_counterpart in refusal for refusal in translation.refusals)
        return
    assert translation.ok, translation.refusals
    written = write_settings(table, translation.variant, translation.house_rules)
    assert written.ok, written.refusals
    back = read_settings(table, parse(table, written.text()))
    assert back.ok and same_rules(back.variant, back.house_rules, translation.variant, translation.house_rules)
    said = normalized(translation.variant, reading.house_rules) if reading.variant is None else reading.house_rules
    if said or reading.variant is not None:  # the value says something: it is written back as itself
        assert same_value(written.settings.get(key, setting.default), value)


@pytest.mark.parametrize("table", platforms(), ids=lambda table: table.id)
def test_the_defaults_read_as_the_base_and_write_back_as_nothing(table: Platform) -> None:
    translation = read_settings(table, {})
    assert translation.ok and translation.variant == table.variant
    written = write_settings(table, table.variant, translation.house_rules)
    assert written.ok and written.settings == {}


def test_settings_that_only_together_choose_a_variant_round_trip() -> None:
    egn = platform("egn")
    translation = read_settings(egn, {"num_players": 2, "min_rank": 7})
    assert translation.ok and translation.variant == "two-handed"
    assert translation.house_rules == ("stick-the-dealer", "target=10")  # EGN's defaults: std on, a game to 10
    written = write_settings(egn, "two-handed", [])
    assert written.settings == {"num_players": 2, "min_rank": 7, "std": False, "winning_score": 5}
    alone = read_settings(egn, {"num_players": 2})
    assert alone.refusals and "num_players=2" in alone.refusals[0]


def test_two_settings_choosing_different_variants_are_refused_naming_both() -> None:
    translation = read_settings(platform("egn"), {"num_players": 3, "min_rank": 7})
    assert translation.refusals == (
        "Euchre Game Notation (EGN): num_players=3 (cutthroat) and min_rank=7 (north-american-32) choose different "
        "variants, and no variant of ours is both",
    )


def test_settings_whose_house_rules_conflict_are_refused_naming_the_settings() -> None:
    translation = read_settings(platform("trickster"), {"withJoker": True, "allowNotrump": True, "stickTheDealer": True})
    assert len(translation.refusals) == 1
    refusal = translation.refusals[0]
    assert "allowNotrump=true (no-trump) and withJoker=true (joker=spades)" in refusal
    assert "stickTheDealer" not in refusal


def test_an_unknown_setting_and_a_value_of_the_wrong_type_are_refused_by_name() -> None:
    trickster = platform("trickster")
    translation = read_settings(trickster, {"stickTheDeeler": True, "aloneTake5": "yes"})
    assert translation.refusals == (
        "Trickster Cards setting 'stickTheDeeler' is not in our table of its settings (did you mean 'stickTheDealer'?): "
        "what it does is not known here",
        "Trickster Cards setting aloneTake5=yes (a lone hand must take all five): the setting takes a boolean",
    )


def test_a_house_rule_no_setting_says_and_a_fixed_reading_missing_are_refused_by_name() -> None:
    assert write_settings(platform("trickster"), "north-american", ["super-euchre"]).refusals == (
        "Trickster Cards has no setting for the house rule super-euchre",
    )
    assert write_settings(platform("openspiel"), "north-american", []).refusals == (
        "OpenSpiel always plays no-up-card-discard, dealer-picks-up-for-loner, which these rules do not have "
        "(it has no setting to leave them out)",
    )
    assert (
        write_settings(platform("trickster"), "british", [])
        .refusals[0]
        .startswith("Trickster Cards has no setting for the variant british")
    )


def test_the_openspiel_table_is_the_parameters_pyspiel_reports() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    reported = dict(pyspiel.load_game("euchre").get_parameters())
    table = platform("openspiel")
    assert {setting.key: setting.default for setting in table.settings} == reported
    assert table.game == "euchre"
    for text in (table.example or "", "euchre(stick_the_dealer=false)", "euchre"):
        parsed = pyspiel.game_parameters_from_string(text)
        assert {key: value for key, value in parsed.items() if key != "name"} == parse(table, text)


def test_the_openspiel_table_agrees_with_the_adapter_that_plays_it() -> None:
    pytest.importorskip("pyspiel")
    from conformance.engines.openspiel import HOUSE_RULES, game_parameters

    table = platform("openspiel")
    assert set(table.always) <= set(HOUSE_RULES)
    for lone in (False, True):
        for stick in (False, True):
            translation = read_settings(table, {"allow_lone_defender": lone, "stick_the_dealer": stick})
            assert translation.ok
            document = load_rules(translation.variant, translation.house_rules).document
            assert game_parameters(document) == {"stick_the_dealer": stick, "allow_lone_defender": lone}


EGN_ENTRIES = [entry for entry in ENTRIES if entry[0] == "egn"]


@pytest.mark.parametrize("entry", EGN_ENTRIES, ids=entry_id)
def test_the_egn_table_reads_each_flag_as_the_audit_does(entry: tuple[str, str, Any]) -> None:
    from egn.mapping import map_ruleset

    _, key, value = entry
    translation = read_settings(platform("egn"), {key: value})
    mapping = map_ruleset({key: value})
    flag = next((flag for flag in mapping.flags if flag.flag == key), None)
    if not translation.ok:
        assert flag is not None and flag.status in ("unmapped", "auditor"), (key, value)
        return
    assert flag is None or flag.status in ("mapped", "not_applicable"), (key, value, flag)
    assert mapping.variant == translation.variant
    assert meaning(mapping.variant, mapping.house_rules) == meaning(translation.variant, translation.house_rules)


def test_each_syntax_is_read_as_its_platform_writes_it() -> None:
    egn, openspiel, app = platform("egn"), platform("openspiel"), platform("rotundtapir-euchre")
    record = {"fileType": "EGN", "metadata": {"ruleset": {"std": False, "canadian": True}}}
    assert parse(egn, json.dumps(record)) == {"std": False, "canadian": True}
    assert parse(openspiel, " euchre( allow_lone_defender = TRUE ) ") == {"allow_lone_defender": True}
    assert parse(app, "EuchreRules(stickTheDealer = true, defendAlone=false)") == {"stickTheDealer": True, "defendAlone": False}
    assert parse(app, "stickTheDealer=true farmersHandEnabled=true") == {"stickTheDealer": True, "farmersHandEnabled": True}
    assert write(openspiel, {"stick_the_dealer": False}) == "euchre(stick_the_dealer=false)"
    assert write(app, {"stickTheDealer": True, "bennyEnabled": True}) == "stickTheDealer=true, bennyEnabled=true"
    for table, text, expected in (
        (egn, "[1, 2]", "a JSON object of keys and values, not list"),
        (egn, "{std: true}", "these cannot be read: not valid JSON"),
        (openspiel, "leduc_poker(players=2)", "a game string such as"),
        (openspiel, "euchre(stick_the_dealer)", "name=value, not 'stick_the_dealer'"),
        (openspiel, "euchre(stick_the_dealer=maybe)", "is true or false, not 'maybe'"),
        (app, "stickTheDealer=true, +drop", "is neither"),
    ):
        with pytest.raises(SettingsUnreadable, match=expected.replace("(", r"\(").replace(")", r"\)")):
            parse(table, text)


def test_a_broken_table_is_reported_by_file_line_and_pointer(tmp_path: Path) -> None:
    source = (Path(__file__).parents[1] / "rosetta" / "platforms" / "openspiel.yaml").read_text(encoding="utf-8")
    broken = tmp_path / "openspiel.yaml"
    broken.write_text(source.replace("[defend-alone=always]", "[defend-alone=sometimes]"), encoding="utf-8")
    with pytest.raises(SpecInvalid) as caught:
        load_table(broken)
    (error,) = caught.value.errors
    line = next(number for number, text in enumerate(broken.read_text().splitlines(), 1) if "sometimes" in text)
    assert (error.line, error.pointer) == (line, "/settings/0/values/0/reading/house_rules/0")
    assert error.message == "the house rule 'defend-alone' has no mode 'sometimes'"


def test_the_command_reads_writes_and_refuses(capsys: pytest.CaptureFixture[str]) -> None:
    settings = '{"stickTheDealer":true,"callForBest":true,"noWatching":true}'
    assert main(["rules", "from-trickster", settings]) == 0
    out = capsys.readouterr().out
    assert "callForBest: true -> house rule partners-best=receive-first" in out
    assert "noWatching: true -> not a rule: who may watch the table" in out
    assert out.endswith("Rules: north-american -r stick-the-dealer -r partners-best=receive-first\n")
    assert main(["rules", "to-trickster", "north-american", "-r", "stick-the-dealer", "-r", "partners-best=receive-first"]) == 0
    assert capsys.readouterr().out == '{"stickTheDealer":true,"callForBest":true}\n'
    assert main(["rules", "from-trickster", '{"take4for1":true}']) == 1
    captured = capsys.readouterr()
    assert "error: Trickster Cards setting take4for1=true (take four for one): no counterpart in our rules" in captured.err
    assert main(["rules", "to-openspiel", "north-american", "-r", "super-euchre"]) == 1
    assert "OpenSpiel has no setting for the house rule super-euchre" in capsys.readouterr().err
    assert main(["rules", "from-openspiel", "euchre(stick_the_dealer=sometimes)"]) == 2
    assert "is true or false, not 'sometimes'" in capsys.readouterr().err
    assert main(["rules", "to-egn", "britsh"]) == 2
    assert main(["rules", "from-egn", "--json", '{"canadian":true,"std":false}']) == 0
    shown = json.loads(capsys.readouterr().out)
    assert (shown["variant"], shown["house_rules"], shown["refused"]) == ("north-american", ["canadian-loner"], [])
    assert main(["rules", "platforms"]) == 0
    assert "trickster: Trickster Cards (rules from-trickster, rules to-trickster)" in capsys.readouterr().out


def write_value(value: Any) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)
