"""Every house rule, in each of its modes, on each base variant it applies to, exported as EGN and audited back.

A house rule EGN's flags can say (stick-the-dealer, canadian-loner, no-trump, a target, ...) or
that changes nothing a record shows (deal-one-at-a-time: a record gives the cards, not the order
they were dealt in) must export, read back as the same rules, and pass its own audit with exit
0, the audit deriving the same points hand by hand and the same final score. A house rule EGN has
no flag for must be refused by `export-egn` with a message naming it: a record of it would be
audited under other rules and fail (club-euchre's bidding, renege-penalty's reneges). The lists
below say which is which; a house rule added to the catalog later is expected to round-trip
unless it is added to NO_EGN_COUNTERPART.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from egn import audit, map_ruleset, parse_egn
from egn.export import ExportError, export_game, ruleset_for
from euchre_spec.cli import main
from ruleset import builtin_catalog
from ruleset.compiled.loading import load_rules

# Base variants whose own rules EGN's flags can say, and those they cannot (a lone defence at
# any time, a dummy hand, a lone player taking a partner's card, a double pack, cards below six,
# a match with laps and slams).
EXPRESSIBLE_VARIANTS = ("north-american", "north-american-32", "cutthroat", "two-handed")
INEXPRESSIBLE_VARIANTS = (
    "british",
    "three-handed-dummy",
    "six-handed-cornish",
    "six-handed-cornish-double",
    "almonte-six",
    "almonte-four",
    "railroad",
    "buck-euchre",
    "bid-euchre",
    "bid-euchre-double",
    "pepper",
    "six-hand-bid-euchre",
)

# House rules (and modes) with no EGN flag: export refuses them.
NO_EGN_COUNTERPART = {
    "club-euchre",
    "cutthroat-march-two",
    "cutthroat-tie=highest",
    "cutthroat-tie=play-on",
    "dealer-needs-trump=dealer",
    "dealer-needs-trump=any-maker",
    "dealer-picks-up-for-loner",
    "defend-alone=always",
    "farmers-hand=three-of-a-rank",
    "farmers-hand=nines-and-tens",
    "farmers-hand=redeal",
    "farmers-hand=no-trump",
    "dealer-concedes",
    "partners-best=exchange",
    "go-under=clean",
    "go-under=mixed",
    "go-under=no-ace-no-face",
    "go-under=not-up-suit",
    "partners-best=returned",
    "partners-best=swap",
    "hands=8",
    "hands=12",
    "hands=16",
    "euchred-suit-barred",
    "no-calling-twice",
    "no-lone-at-score",
    "no-trumping-aces",
    "up-card-names-loner",
    "last-trick-trump",
    "partners-best=discard-first",
    "partners-best-defender=discard-first",
    "partners-best-defender=receive-first",
    "defender-order=maker-left",
    "hearts-cannot-be-trump",
    "mcevoy",
    "no-ace-no-face=strict",
    "no-ace-no-face=ace-allowed",
    "no-up-card-discard",
    "optional-pickup",
    "passed-player-cannot-go-alone=same-round",
    "passed-player-cannot-go-alone=any-round",
    "renege-penalty=add",
    "renege-penalty=subtract",
    "renege-three=add",
    "renege-three=subtract",
    "smitty",
    "stuck-dealer-turned-down",
    "stuck-dealer-no-trump",
    "super-euchre",
    "throw-in=same",
    "canadian-loner-both-rounds",
    "joker=clubs",
    "joker=diamonds",
    "joker=spades",
    "joker=dealer-names",
    "lone-must-take-five",
    "low-no-trump",
    "maker-leads",
    "renege-ends-hand=add",
    "renege-ends-hand=subtract",
    "renege-ends-hand=choice",
    "renege-ends-hand=both-ways",
    "renege-penalty=choice",
}
SEEDS = (1, 2)


def _cases() -> list[tuple[str, str]]:
    catalog = builtin_catalog()
    cases = []
    for rule_id, document in sorted(catalog.house_rules.items()):
        modes = document.data.get("modes")
        refs = [f"{rule_id}={mode}" for mode in modes] if modes else [rule_id]
        applies = document.data.get("applies_to", [])
        variants = EXPRESSIBLE_VARIANTS if applies == "any" or "any" in applies else applies
        cases += [(variant, ref) for variant in variants if variant in EXPRESSIBLE_VARIANTS for ref in refs]
    return cases


CASES = _cases()
ROUND_TRIPS = [case for case in CASES if case[1] not in NO_EGN_COUNTERPART]
REFUSED = [case for case in CASES if case[1] in NO_EGN_COUNTERPART]


def test_the_lists_name_real_house_rules_and_cover_both_kinds() -> None:
    refs = {ref for _, ref in CASES}
    assert refs >= NO_EGN_COUNTERPART
    assert {"stick-the-dealer", "canadian-loner", "no-trump", "throw-in=left", "target=5"} <= {ref for _, ref in ROUND_TRIPS}


@pytest.mark.parametrize(("variant", "ref"), ROUND_TRIPS)
@pytest.mark.parametrize("seed", SEEDS)
def test_every_expressible_house_rule_round_trips_through_audit(variant: str, ref: str, seed: int) -> None:
    rules = load_rules(variant, (ref,))
    exported = export_game(rules, first_deal=seed * 7, seed=seed, with_hands=seed % 2 == 0)
    assert exported.unexpressed == ()
    record = parse_egn(json.dumps(exported.record, indent=2), "export.egn")
    mapping = map_ruleset(record.ruleset)
    assert (mapping.variant, mapping.unmapped) == (variant, ())
    report = audit(record, mapping)
    assert [hand.points for hand in report.hands] == [list(hand.result.points) for hand in exported.hands if hand.result]
    assert all(hand.checked for hand in report.hands)
    assert (report.score, report.violations, report.exit_code) == (list(exported.scores), [], 0)


@pytest.mark.parametrize(("variant", "ref"), REFUSED)
def test_a_house_rule_egn_cannot_say_is_refused_by_name(variant: str, ref: str) -> None:
    rules = load_rules(variant, (ref,))
    with pytest.raises(ExportError) as caught:
        export_game(rules, first_deal=1)
    assert f"no counterpart for house rule {ref}:" in str(caught.value)
    assert caught.value.unexpressed == ruleset_for(rules)[1] != ()


@pytest.mark.parametrize("variant", INEXPRESSIBLE_VARIANTS)
def test_a_variant_egn_cannot_say_is_refused_by_name(variant: str) -> None:
    with pytest.raises(ExportError) as caught:
        export_game(load_rules(variant, ()), first_deal=1)
    assert variant in str(caught.value)


def test_no_trump_is_exported_with_its_flag_and_a_no_trump_call_audits() -> None:
    rules = load_rules("north-american", ("no-trump",))
    flags, _ = ruleset_for(rules)
    assert flags["allow_no_trump"] is True
    called = None
    for seed in range(40):
        exported = export_game(rules, first_deal=seed, seed=seed)
        if any("n" in deal["phases"][0]["calls"] for deal in exported.record["deals"]):
            called = exported
            break
    assert called is not None, "no game of 40 had a no-trump call"
    report = audit(parse_egn(json.dumps(called.record), "nt.egn"), map_ruleset(called.record["metadata"]["ruleset"]))
    assert "no-trump" in report.mapping.house_rules
    assert any(hand.trump == "N" for hand in report.hands)
    assert report.exit_code == 0 and report.score == list(called.scores)


def test_the_command_refuses_and_writes_only_when_asked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "club.egn"
    assert main(["export-egn", "north-american", "-r", "club-euchre", "--deal", "3", "-o", str(out)]) == 1
    error = capsys.readouterr().err
    assert error.startswith("error: EGN's ruleset flags have no counterpart for house rule club-euchre:")
    assert "audit it with --variant north-american -r club-euchre" in error
    assert "forced_trump_up_suits: ours ['C'], read back []" in error  # suits as a spec file writes them
    assert not out.exists()
    args = ["export-egn", "north-american", "-r", "club-euchre", "--deal", "3", "--allow-unexpressed", "-o", str(out)]
    assert main(args) == 0
    assert "note: EGN's ruleset flags cannot say everything" in capsys.readouterr().err
    assert main(["audit", str(out), "--variant", "north-american", "-r", "club-euchre"]) == 0
