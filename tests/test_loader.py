"""Unit tests of the spec loading pipeline: strict YAML, composition, origins, semantic checks, CLI.

The invalid files under tests/invalid/ (tests/test_invalid_specs.py) check whole files end to end;
these tests call the modules directly. Expected values that depend on the built-in spec (known
house rules, the line of a field in a built-in file) are computed from the catalog, so that editing
the built-in spec does not break them. Tests marked xfail(strict=True) describe loader bugs.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from documents.yaml_loader import Document, load_document, parse_document
from ruleset import SpecError, SpecInvalid, builtin_catalog, fill_defaults, load_catalog, resolve, resolve_checked
from ruleset.model import deck_codes, outcomes, row_matches
from ruleset.validation import compositions, validate_paths
from tests.cli_helpers import run_cli

ROOT = Path(__file__).resolve().parent.parent

VARIANT = "$schema: ../../schemas/variant.schema.json\nformat: 1\n"
HOUSE_RULE = "$schema: ../../schemas/house-rule.schema.json\nformat: 1\n"


def _errors(excinfo: pytest.ExceptionInfo[SpecInvalid]) -> list[str]:
    return [str(error) for error in excinfo.value.errors]


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def _line(text: str, start: str) -> int:
    """The number of the first line of `text` that starts with `start` (ignoring indentation)."""
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip().startswith(start):
            return number
    raise AssertionError(start)


# --- yaml_loader --------------------------------------------------------------------------------


def test_lines_of_every_pointer() -> None:
    document = parse_document("# c\na: 1\nb:\n  c: [x, y]\n  d:\n    - e\n", "t.yaml")
    assert document.data == {"a": 1, "b": {"c": ["x", "y"], "d": ["e"]}}
    assert document.lines == {"": 2, "/a": 2, "/b": 3, "/b/c": 4, "/b/c/0": 4, "/b/c/1": 4, "/b/d": 5, "/b/d/0": 6}


def test_line_of_falls_back_to_the_nearest_ancestor() -> None:
    document = parse_document("a: 1\nb:\n  c: 2\n", "t.yaml")
    assert document.line_of("/b/c/missing/deeper") == 3
    assert document.line_of("/nothing") == 1
    assert Document("t.yaml", {}, {}).line_of("/x") == 1


def test_pointer_tokens_are_escaped() -> None:
    document = parse_document("choices:\n  /game/target: {source: S1}\n  a~b: 1\n", "t.yaml")
    assert document.lines["/choices/~1game~1target"] == 2
    assert document.lines["/choices/a~0b"] == 3


def test_duplicate_keys_are_refused_at_every_level() -> None:
    with pytest.raises(SpecInvalid) as excinfo:
        parse_document("a: 1\nb: {c: 1, c: 2}\na: 3\n", "t.yaml")
    assert _errors(excinfo) == [
        "t.yaml:2: duplicate field 'c' (first written on line 2) (/b/c)",
        "t.yaml:3: duplicate field 'a' (first written on line 1) (/a)",
    ]


def test_merge_keys_are_refused_but_aliases_are_not() -> None:
    document = parse_document("a: &x {b: 1}\nc: *x\n", "t.yaml")
    assert document.data == {"a": {"b": 1}, "c": {"b": 1}}
    with pytest.raises(SpecInvalid) as excinfo:
        parse_document("a: &x {b: 1}\nc:\n  <<: *x\n", "t.yaml")
    assert _errors(excinfo) == ["t.yaml:3: YAML merge keys ('<<') are not supported; write the fields out (/c)"]


@pytest.mark.parametrize(("key", "shown"), [("true", "true"), ("5", "5"), ("~", "~"), ("2024-01-01", "2024-01-01")])
def test_field_names_must_be_text(key: str, shown: str) -> None:
    with pytest.raises(SpecInvalid) as excinfo:
        parse_document(f"a:\n  {key}: x\n", "t.yaml")
    assert _errors(excinfo) == [f"t.yaml:2: field name '{shown}' must be text; quote it (/a)"]


def test_quoted_keys_are_text() -> None:
    assert parse_document('"5": a\n"true": b\n', "t.yaml").data == {"5": "a", "true": "b"}


def test_python_tags_are_refused() -> None:
    with pytest.raises(SpecInvalid) as excinfo:
        parse_document("a: !!python/name:os.system x\n", "t.yaml")
    [error] = excinfo.value.errors
    assert (error.file, error.line, error.pointer) == ("t.yaml", 1, "/a")
    assert error.message.startswith("unsupported YAML value: could not determine a constructor for the tag")


@pytest.mark.parametrize("text", ["", "\n\n", "# only a comment\n"])
def test_empty_files(text: str) -> None:
    with pytest.raises(SpecInvalid) as excinfo:
        parse_document(text, "t.yaml")
    assert _errors(excinfo) == ["t.yaml:1: the file is empty (/)"]


def test_syntax_error_is_located() -> None:
    with pytest.raises(SpecInvalid) as excinfo:
        parse_document("a: 1\ntitle: North: American\n", "t.yaml")
    assert _errors(excinfo) == ["t.yaml:2: not valid YAML: mapping values are not allowed in this context (/)"]


def test_unreadable_file(tmp_path: Path) -> None:
    with pytest.raises(SpecInvalid) as excinfo:
        load_document(tmp_path / "missing.yaml", "missing.yaml")
    [error] = excinfo.value.errors
    assert (error.file, error.line, error.pointer) == ("missing.yaml", 0, "")
    assert error.message.startswith("cannot read the file: ")


def test_spec_error_text() -> None:
    assert str(SpecError("a.yaml", 3, "/x", "bad")) == "a.yaml:3: bad (/x)"
    assert str(SpecError("<command line>", 0, "", "bad")) == "<command line>: bad (/)"


# --- compose: selecting house rules -------------------------------------------------------------


def test_conflicting_builtin_house_rules_are_refused_once_per_pair() -> None:
    catalog = builtin_catalog()
    with pytest.raises(SpecInvalid) as excinfo:
        resolve_checked(catalog, "north-american", ("stick-the-dealer", "throw-in"))
    stick = catalog.house_rules["stick-the-dealer"]
    stick_at = stick.data["conflicts_with"].index("throw-in")
    assert excinfo.value.errors == [
        SpecError(
            stick.path,
            stick.line_of(f"/conflicts_with/{stick_at}"),
            f"/conflicts_with/{stick_at}",
            "house rules 'stick-the-dealer' and 'throw-in' conflict and cannot be combined",
        )
    ]


def test_conflict_is_refused_whatever_the_order_and_mode() -> None:
    with pytest.raises(SpecInvalid) as excinfo:
        resolve(builtin_catalog(), "british", ("throw-in=same", "stick-the-dealer"))
    [error] = excinfo.value.errors
    assert "'throw-in' and 'stick-the-dealer' conflict" in error.message


def test_one_house_rule_in_two_modes_is_refused_on_the_command_line() -> None:
    with pytest.raises(SpecInvalid) as excinfo:
        resolve(builtin_catalog(), "north-american", ("target=5", "target=7"))
    assert excinfo.value.errors == [
        SpecError("<command line>", 0, "", "house rule 'target' is selected in two different modes ('5' and '7')")
    ]


def test_house_rules_naming_their_own_clause_for_one_section_combine() -> None:
    resolved = resolve_checked(builtin_catalog(), "north-american", ("no-up-card-discard", "dealer-picks-up-for-loner"))
    assert resolved.data["bidding"]["round_one"]["dealer_may_discard_up_card"] is False
    assert resolved.data["bidding"]["round_one"]["dealer_picks_up_when_partner_alone"] is True
    assert {"house.no-up-card-discard", "house.dealer-picks-up-for-loner"} <= set(resolved.data["clauses"])


@pytest.mark.parametrize("refs", [("target=5", "target=5"), ("target", "target=10"), ("target=10", "target")])
def test_the_same_mode_twice_is_accepted(refs: tuple[str, ...]) -> None:
    resolved = resolve_checked(builtin_catalog(), "north-american", refs)
    assert resolved.house_rules == (refs[0] if "=" in refs[0] else "target=10",)


def test_unknown_house_rule() -> None:
    catalog = builtin_catalog()
    with pytest.raises(SpecInvalid) as excinfo:
        resolve(catalog, "north-american", ("bottom-dealing",))
    known = ", ".join(sorted(catalog.house_rules))
    assert excinfo.value.errors == [
        SpecError("<command line>", 0, "", f"unknown house rule 'bottom-dealing'; known house rules: {known}")
    ]


def test_unknown_variant() -> None:
    catalog = builtin_catalog()
    with pytest.raises(SpecInvalid) as excinfo:
        resolve(catalog, "south-american")
    known = ", ".join(sorted(catalog.variants))
    assert _errors(excinfo) == [f"<command line>: unknown variant 'south-american'; known variants: {known} (/)"]


def test_unknown_mode() -> None:
    catalog = builtin_catalog()
    with pytest.raises(SpecInvalid) as excinfo:
        resolve(catalog, "north-american", ("target=8",))
    modes = ", ".join(sorted(catalog.house_rules["target"].data["modes"]))
    [error] = excinfo.value.errors
    assert error.message == f"house rule 'target' has no mode '8'; its modes: {modes}"


def test_a_mode_for_a_rule_without_modes() -> None:
    with pytest.raises(SpecInvalid) as excinfo:
        resolve(builtin_catalog(), "north-american", ("stick-the-dealer=always",))
    [error] = excinfo.value.errors
    assert error.message == "house rule 'stick-the-dealer' has no mode 'always'; its modes: none"


def test_unknown_mode_is_located_on_the_command_line() -> None:
    with pytest.raises(SpecInvalid) as excinfo:
        resolve(builtin_catalog(), "north-american", ("target=8",))
    [error] = excinfo.value.errors
    assert (error.file, error.line, error.pointer) == ("<command line>", 0, "")


def test_house_rule_that_does_not_apply() -> None:
    catalog = builtin_catalog()
    loner = catalog.house_rules["canadian-loner"]
    assert "cutthroat" not in loner.data["applies_to"]
    with pytest.raises(SpecInvalid) as excinfo:
        resolve(catalog, "cutthroat", ("canadian-loner",))
    targets = ", ".join(loner.data["applies_to"])
    assert excinfo.value.errors == [
        SpecError(
            loner.path,
            loner.line_of("/applies_to"),
            "/applies_to",
            f"house rule 'canadian-loner' does not apply to 'cutthroat'; it applies to: {targets}",
        )
    ]


def _derived_variant(folder: Path) -> Path:
    return _write(folder, "my-north-american", VARIANT + "id: my-north-american\nextends: north-american\ntitle: Mine\n")


def test_a_house_rule_applies_only_to_the_variants_it_lists(tmp_path: Path) -> None:
    """applies_to is checked against each variant it names; a variant extending one is not included."""
    catalog = load_catalog([_derived_variant(tmp_path)])
    with pytest.raises(SpecInvalid) as excinfo:
        resolve_checked(catalog, "my-north-american", ("stick-the-dealer",))
    [error] = excinfo.value.errors
    assert error.message.startswith("house rule 'stick-the-dealer' does not apply to 'my-north-american'")
    assert ("my-north-american", ("stick-the-dealer",)) not in compositions(catalog)
    assert ("my-north-american", ("target=5",)) in compositions(catalog)


# --- compose: where values come from ------------------------------------------------------------


def test_origin_of_an_inherited_value() -> None:
    catalog = builtin_catalog()
    resolved = resolve(catalog, "cutthroat")
    north, cutthroat = catalog.variants["north-american"], catalog.variants["cutthroat"]
    assert resolved.locate("/deal/hand_size") == (north.path, north.line_of("/deal/hand_size"))
    assert resolved.locate("/seats/teams") == (cutthroat.path, cutthroat.line_of("/seats/teams"))
    assert resolved.locate("/seats/teams/1/0") == (cutthroat.path, cutthroat.line_of("/seats/teams/1/0"))
    # A row deleted with null is located at the null.
    assert "lone-march" not in resolved.data["scoring"]["rows"]
    assert resolved.locate("/scoring/rows/lone-march") == (cutthroat.path, cutthroat.line_of("/scoring/rows/lone-march"))
    # A row merged key by key: the label from cutthroat, the condition from north-american.
    assert resolved.locate("/scoring/rows/made/label") == (cutthroat.path, cutthroat.line_of("/scoring/rows/made/label"))
    assert resolved.locate("/scoring/rows/made/when") == (north.path, north.line_of("/scoring/rows/made/when"))


def test_origin_of_a_value_set_by_a_house_rule_mode() -> None:
    catalog = builtin_catalog()
    rule = catalog.house_rules["defend-alone"]
    resolved = resolve(catalog, "north-american", ("defend-alone=always",))
    pointer = "/scoring/rows/lone-defender-euchre/award/points"
    assert resolved.locate(pointer) == (rule.path, rule.line_of("/modes/always/set" + pointer))
    assert resolved.locate("/clauses/house.defend-alone.euchre") == (
        rule.path,
        rule.line_of("/clauses/house.defend-alone.euchre"),
    )


def test_error_in_a_user_house_rule_points_at_its_line(tmp_path: Path) -> None:
    text = (
        HOUSE_RULE + "id: deal-in-twos\ntitle: Deal in twos\nsummary: Two and two.\napplies_to: [north-american]\n"
        "set:\n  deal:\n    packets: [2, 2]\nclauses: {}\n"
    )
    path = _write(tmp_path, "deal-in-twos", text)
    catalog = load_catalog([path])
    with pytest.raises(SpecInvalid) as excinfo:
        resolve_checked(catalog, "north-american", ("deal-in-twos",))
    assert excinfo.value.errors == [
        SpecError(str(path), _line(text, "packets:"), "/deal/packets", "the packets add up to 4, not the hand size 5")
    ]


def test_error_in_a_user_house_rule_mode_points_at_its_line(tmp_path: Path) -> None:
    text = (
        HOUSE_RULE + "id: scoring-mistake\ntitle: T\nsummary: S.\napplies_to: [any]\ndefault_mode: fine\nmodes:\n"
        "  fine: {summary: Nothing., set: {}}\n"
        "  broken:\n    summary: Narrows made.\n    set:\n      scoring:\n        rows:\n"
        "          made: {when: {makers_tricks: [3]}}\n"
        "clauses: {}\n"
    )
    path = _write(tmp_path, "scoring-mistake", text)
    catalog = load_catalog([path])
    resolve_checked(catalog, "north-american", ("scoring-mistake",))
    with pytest.raises(SpecInvalid) as excinfo:
        resolve_checked(catalog, "north-american", ("scoring-mistake=broken",))
    line = _line(text, "rows:")
    assert _errors(excinfo) == [
        f"{path}:{line}: no scoring row covers a lone maker taking 4 trick(s) (/scoring/rows)",
        f"{path}:{line}: no scoring row covers the makers taking 4 trick(s) (/scoring/rows)",
    ]


def test_error_in_a_variant_two_levels_down_points_at_its_line(tmp_path: Path) -> None:
    text = VARIANT + "id: channel-islands\nextends: british\ntitle: Channel Islands\ndeal:\n  packets: [3, 3]\n"
    path = _write(tmp_path, "channel-islands", text)
    with pytest.raises(SpecInvalid) as excinfo:
        resolve_checked(load_catalog([path]), "channel-islands")
    assert _errors(excinfo) == [f"{path}:{_line(text, 'packets:')}: the packets add up to 6, not the hand size 5 (/deal/packets)"]


def test_clause_redefinition_names_the_first_definition(tmp_path: Path) -> None:
    text = VARIANT + "id: mine\nextends: british\nclauses:\n  british.benny: {title: t, text: x, sources: [S1]}\n"
    path = _write(tmp_path, "mine", text)
    british = builtin_catalog().variants["british"]
    with pytest.raises(SpecInvalid) as excinfo:
        resolve(load_catalog([path]), "mine")
    first = f"{british.path}:{british.line_of('/clauses/british.benny')}"
    assert _errors(excinfo) == [
        f"{path}:{_line(text, 'british.benny')}: clause 'british.benny' is already defined in {first}; "
        "clause ids are never redefined (/clauses/british.benny)"
    ]


# --- semantics ----------------------------------------------------------------------------------


def _deck(**written: object) -> dict[str, object]:
    """A deck section as a resolved variant holds it: what is written, and the schema's defaults for the rest."""
    return fill_defaults({"deck": written})["deck"]  # type: ignore[no-any-return]


def test_deck_codes() -> None:
    assert len(deck_codes(_deck(suits=["C", "D", "H", "S"], ranks=["A", "K", "Q", "J", "T", "9"]))) == 24
    assert deck_codes(_deck(suits=["S"], ranks=["A"], extra_cards=["JK"])) == ["AS", "JK"]
    assert deck_codes(_deck(suits=["S"], ranks=["A"], copies=2)) == ["AS#1", "AS#2"]
    assert deck_codes(_deck(suits=["C", "S"], ranks=["A", "K"], ranks_by_suit={"S": ["A"]})) == ["AC", "KC", "AS"]
    assert deck_codes(_deck(suits=["S"], ranks=["A"], copies=2, extra_cards_by_copy=[["JR"], ["JB"]])) == [
        "AS#1",
        "JR#1",
        "AS#2",
        "JB#2",
    ]


def test_outcomes_of_the_builtin_variants() -> None:
    catalog = builtin_catalog()
    north = resolve_checked(catalog, "north-american").data
    british = resolve_checked(catalog, "british").data
    cutthroat = resolve_checked(catalog, "cutthroat").data
    assert len(outcomes(north)) == 6 * 2  # tricks 0..5, alone or not, no lone defender
    assert len(outcomes(british)) == 6 * 2 * 2  # and a lone defender or not
    assert len(outcomes(cutthroat)) == 6  # the maker is always alone
    assert {o["maker_alone"] for o in outcomes(cutthroat)} == {True}


def test_row_matches() -> None:
    outcome = {"makers_tricks": 5, "maker_alone": True, "defender_alone": False}
    assert row_matches({}, outcome)
    assert row_matches({"makers_tricks": [5], "maker_alone": True}, outcome)
    assert not row_matches({"makers_tricks": [3, 4]}, outcome)
    assert not row_matches({"maker_alone": False}, outcome)


def test_dealer_partner_alone_without_partners(tmp_path: Path) -> None:
    text = VARIANT + "id: loner3\nextends: cutthroat\nbidding:\n  round_one: {dealer_partner_must_go_alone: true}\n"
    path = _write(tmp_path, "loner3", text)
    with pytest.raises(SpecInvalid) as excinfo:
        resolve_checked(load_catalog([path]), "loner3")
    pointer = "/bidding/round_one/dealer_partner_must_go_alone"
    message = "the dealer's partner exists only in a game of partnerships"
    expected = SpecError(str(path), _line(text, "round_one:"), pointer, message)
    assert expected in excinfo.value.errors


def test_every_builtin_composition_is_valid() -> None:
    catalog = builtin_catalog()
    for variant_id, house_rules in compositions(catalog):
        resolve_checked(catalog, variant_id, house_rules)


def test_a_choice_may_point_into_a_list(tmp_path: Path) -> None:
    text = VARIANT + (
        "id: benny-named\nextends: british\nchoices:\n"
        "  /trump/special_cards/0/name: {parameter: the joker's name, source: 'S4p: the Benny'}\n"
    )
    resolve_checked(load_catalog([_write(tmp_path, "benny-named", text)]), "benny-named")


# --- schema messages ----------------------------------------------------------------------------


def test_a_bad_scoring_row_name_is_explained(tmp_path: Path) -> None:
    text = VARIANT + (
        "id: row-name\nextends: north-american\nscoring:\n  rows:\n"
        "    Sweep: {when: {makers_tricks: [5]}, award: {to: makers, points: 2}, clause: score.march}\n"
    )
    report = validate_paths([_write(tmp_path, "row-name", text)])
    assert report.errors
    for error in report.errors:
        assert "the expected form" not in error.message
        assert "expected nothing" not in error.message
    assert any(error.pointer == "/scoring/rows/Sweep" for error in report.errors)


# --- validate_paths and the command line --------------------------------------------------------


def test_validate_builtin_spec() -> None:
    report = validate_paths([])
    assert report.errors == []
    catalog = builtin_catalog()
    assert report.files == len(catalog.variants) + len(catalog.house_rules)
    assert report.compositions == len(compositions(catalog))


def test_validate_a_missing_path() -> None:
    report = validate_paths([Path("tests/invalid/no-such-file.yaml")])
    assert [str(error) for error in report.errors] == ["tests/invalid/no-such-file.yaml: no such file or folder (/)"]


def test_validate_a_builtin_file_by_name() -> None:
    assert validate_paths([ROOT / "spec" / "variants" / "british.yaml"]).errors == []


def test_validate_the_same_file_twice(tmp_path: Path) -> None:
    path = _derived_variant(tmp_path)
    assert validate_paths([path, path]).errors == []
    assert validate_paths([tmp_path, path]).errors == []


@pytest.mark.parametrize("args", [(), ("spec/",), ("spec/variants/north-american.yaml", "spec/house-rules")])
def test_cli_validate_builtin_spec(args: tuple[str, ...]) -> None:
    result = run_cli("validate", *args)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert result.stdout.strip().endswith("checked: all valid")


def test_cli_validate_missing_path() -> None:
    result = run_cli("validate", "no/such/file.yaml")
    assert result.returncode == 1
    assert result.stderr.splitlines() == ["no/such/file.yaml: no such file or folder (/)"]


def test_cli_show_with_conflicting_house_rules() -> None:
    result = run_cli("show", "north-american", "-r", "stick-the-dealer", "-r", "throw-in")
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert "house rules 'stick-the-dealer' and 'throw-in' conflict and cannot be combined (/conflicts_with/0)" in result.stderr
