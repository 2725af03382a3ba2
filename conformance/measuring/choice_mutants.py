"""A suite that measures itself: every reading the spec rejects, played as a wrong engine.

Where the sources disagree, a spec file records the choice under `choices`: a JSON pointer, the
source its value follows, and the other readings (`others`), in prose. A reading that names the
house rule offering it is written as rules by that rule; each other reading the rules language can
express is written below as the values it would put in the rules. The reading then
becomes a wrong engine with no code of its own: the reference engine, given the resolved rules
with those values in place (`ReferenceEngine(rules_hook=...)`). The suite must fail it in at
least one scenario, else a real engine reading the rule that way would pass unnoticed.

A reading applies where its choice governs: in every scenario whose resolved rules record that
very choice (a variant's choice reaches the variants that extend it; a house rule's choice
replaces the variant's at the same pointer). Readings the language cannot express are listed
with the reason, and so are those that merely agree with the value chosen.

    euchre-spec scenarios mutants                       # the score per clause
    euchre-spec scenarios mutants --json FILE           # the data the site's page is built from
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from conformance.engines.in_process import InProcessEngine
from conformance.engines.reference import ReferenceEngine
from conformance.measuring.rule_edits import MISSING, differing_pointers, value_at, with_values
from conformance.running.runner import run_suite
from conformance.suite.outcomes import FAILING
from conformance.suite.scenarios import Scenario, scenario_rules, suite
from documents.errors import join_pointer, split_pointer
from documents.writing import write_text
from ruleset import SpecInvalid, builtin_catalog, resolve_checked
from ruleset.compiled.loading import load_rules
from ruleset.compiled.rules import Rules
from ruleset.semantics import clause_refs, named_house_rule, other_readings, turned_off

Edit = Callable[[Any], Mapping[str, Any]]
"""From the value the spec chose (at the choice's pointer) to the values the reading sets, by pointer."""


@dataclass(frozen=True)
class Reading:
    """How one rejected reading is written as rules: `edit`, or `why_not` when it cannot be (or need not be)."""

    edit: Edit | None = None
    why_not: str | None = None


def _set(value: Any) -> Edit:
    """The reading sets the choice's own value to `value`."""
    return lambda _chosen: {"": value}


def _also(extra: Any) -> Edit:
    """The reading adds `extra` to the list the spec chose."""
    return lambda chosen: {"": [*chosen, extra]}


def _rule_and(variant: str, ref: str, kept: Mapping[str, Any]) -> Edit:
    """The reading a house rule offers, as that rule writes it (what it changes on `variant`), together with
    values the rule sets that the variant already holds, kept even where a scenario's own house rules changed them."""

    def edit(chosen: Any) -> Mapping[str, Any]:
        offered = _named_house_rule(load_rules(variant), "variant", variant, f"house rule {ref}")
        assert offered is not None and offered.edit is not None
        return {**offered.edit(chosen), **kept}

    return edit


def _without_condition(name: str, parameter: str) -> Edit:
    """The reading plays the table without the condition `name`; its choice, at the condition's `parameter`, goes with it."""
    pointer = join_pointer("/conditions", name)
    return lambda _chosen: {pointer: MISSING, join_pointer("/choices", f"{pointer}/when/{parameter}"): MISSING}


AGREES = "agrees with the value chosen: the sources are cited, not opposed"
NO_MATCH = "a redeal limit counts the calls of one game; a match starts every game's count afresh, with no count across games"
_ONE_MINIMUM = "an auction has one minimum for every trump; a minimum that depends on the trump is not a parameter"
_NO_CONTRACT_RENEGE = (
    "a contract game is scored by its contract's row, and the language has no renege penalty for it: validate refuses "
    "play.renege: penalized with an auction"
)


def _one_moon() -> dict[str, Any]:
    """The double pack's own lone bid, in place of a shooter and a loner: IDD's moon, 24 made and lost."""
    return {
        "": [{"name": "moon", "alone": True, "call": 3, "exchange": "bidder_first", "clause": "double-bid.moon"}],
        "/scoring/rows/moon/award/points": 24,
        "/scoring/rows/moon-set/award/makers/points": -24,
        "/scoring/rows/loner": MISSING,
        "/scoring/rows/loner-set": MISSING,
    }


READINGS: dict[tuple[str, str, str], Reading] = {
    # (file id, the choice's pointer, the reading id under its `others`)
    ("buck-euchre", "/game/tie", "both-win-together"): Reading(_set("shared")),
    ("twelve-hands", "/game/tie", "another-hand-played-until-scores"): Reading(_set("play_on")),
    ("hands", "/game/tie", "one-more-hand"): Reading(_set("play_on")),
    ("progressive-points", "/scoring/rows/lone-euchred/award/points", "two-points"): Reading(_set(2)),
    ("progressive-points", "/scoring/rows/lone-march/award/maker_points", "same-as-partner"): Reading(
        why_not="what each player writes on their own card is not reported over the protocol (it carries the sides' "
        "scores); `audit` checks it on a progressive scorecard"
    ),
    ("buck-euchre", "/bidding/round_one/enabled", "numeric-bid-three-five-tricks"): Reading(
        why_not=(
            "the winner of these bids has the dealer take up the up-card before naming trump, and an auction in the "
            "rules language takes no up-card"
        )
    ),
    # Bids of tricks keep a turned club made by nobody, as Buck has it; a scenario playing clubs-dealer-maker does not.
    ("buck-euchre", "/bidding/round_one/enabled", "numeric-bid-two-five"): Reading(
        _rule_and("buck-euchre", "buck-numeric", {"/bidding/forced_trump_maker": "nobody"})
    ),
    ("buck-euchre", "/fold/order", "from-dealer-s-left-bidding"): Reading(_set("left_of_dealer")),
    ("buck-numeric", "/auction/min", "three"): Reading(_set(3)),
    ("buck-numeric", "/auction/rounds", "second-round-raise"): Reading(
        lambda _chosen: {"": 2, "/auction/passed_may_return": True}
    ),
    ("buck-numeric", "/auction/first_lead", "dealer-s-left"): Reading(_set("left_of_dealer")),
    ("buck-numeric", "/scoring/player_rows/maker-made/when", "three-whatever-bid"): Reading(
        lambda _chosen: {
            "": {"role": "maker", "tricks": [3, 4, 5]},
            "/scoring/player_rows/maker-bucked/when": {"role": "maker", "tricks": [0, 1, 2]},
        }
    ),
    ("buck-euchre", "/scoring/player_rows/folded/award/points", "folding-itself-costs-penalty"): Reading(
        why_not="the source gives no figure for the penalty, so no value can be written for it"
    ),
    ("buck-euchre", "/scoring/player_rows/maker-bucked/award/points", "five-added-tricks-taken-still"): Reading(
        lambda _chosen: {"": 5, "/scoring/player_rows/maker-bucked/award/tricks": -1}
    ),
    ("cutthroat", "/game/tie", "s0-leaves-players-agree-beforehand"): Reading(
        why_not="an agreement between players is no rule: the other readings name what they may agree"
    ),
    ("somerset-1888", "/game/target", "ten-points"): Reading(_set(10)),
    ("turned-down-call-passes", "/bidding/turned_down_call", "refused"): Reading(_set("refused")),
    ("take-it-from-you", "/lone_play/partner_may_take", "maker-keeps-it"): Reading(_set(False)),
    ("abandoned-lone-hand", "/lone_play/abandon_points", "lone-march"): Reading(_set(4)),
    ("lead-out-of-turn", "/play/lead_out_of_turn", "refused"): Reading(_set("refused")),
    ("somerset-1888", "/scoring/rows/lone-euchred/award/points", "two-points"): Reading(_set(2)),
    ("somerset-1888", "/bidding/round_one/dealer_may_discard_up_card", "up-card-may-be-discarded"): Reading(_set(True)),
    ("somerset-1888", "/lone_play/passed_player", "any-round"): Reading(_set("not_if_passed")),
    ("north-american-32", "/deal/hand_size", "seven-cards-each-texts-derived"): Reading(
        why_not=(
            "seven cards make seven tricks, and the texts give no scoring for six or seven: the reading needs a "
            "scoring table it does not state"
        )
    ),
    ("north-american", "/scoring/rows/march/award/points", "two-hand-classic-also-pays"): Reading(why_not=AGREES),
    ("north-american", "/scoring/rows/march/award/points", "cutthroat-pays-3"): Reading(_set(3)),
    ("north-american", "/scoring/rows/lone-march/award/points", "s4p-agrees-4-instead-2"): Reading(why_not=AGREES),
    ("north-american", "/bidding/stuck_dealer_may_name_turned_down", "stuck-dealer-turned-down"): Reading(
        why_not=(
            "without stick-the-dealer nobody is stuck, so the value plays no part; under that house rule its own "
            "choice records the same reading, and is measured there"
        )
    ),
    ("six-handed-cornish-double", "/deck/extra_cards_by_copy", "two-jokers-look-same-second"): Reading(
        why_not="two identical jokers are another pack, not another value here: the deals name each joker by its colour"
    ),
    ("canadian-loner", "/bidding/round_one/dealer_partner_must_go_alone", "canadian-loner-both-rounds"): Reading(
        lambda _chosen: {"/bidding/round_two/dealer_partner_must_go_alone": True}
    ),
    ("canadian-loner-both-rounds", "/bidding/round_one/dealer_partner_must_go_alone", "canadian-loner"): Reading(
        lambda _chosen: {"/bidding/round_two/dealer_partner_must_go_alone": False}
    ),
    ("dealer-needs-trump", "/bidding/dealer_needs_trump", "without-this-rule"): Reading(_set(False)),
    ("compulsory-dummy", "/dummy/merge", "without-this-rule"): Reading(_set("optional")),
    ("dealer-picks-up-for-loner", "/bidding/round_one/dealer_picks_up_when_partner_alone", "without-this-rule"): Reading(
        _set(False)
    ),
    ("defender-order", "/lone_play/defender_order", "without-this-rule"): Reading(_set("left_of_dealer")),
    ("railroad", "/deck/ranks", "railroad-25"): Reading(_set(["A", "K", "Q", "J", "T", "9"])),
    ("railroad", "/bidding/special_up_card/suit", "suit-players-agree-before-play"): Reading(
        why_not="an agreement between players is no rule: the suit the variant writes down is one such agreement"
    ),
    ("railroad", "/game/target", "target-5"): Reading(_set(5)),
    ("railroad", "/game/target", "target-64-modern-32-card-form"): Reading(_set(64)),
    ("railroad", "/match/rubber_points", "rubber-points"): Reading(_set(2)),
    ("railroad", "/seats/count", "six-players-three-teams"): Reading(
        why_not="three teams of two on 33 cards need a deal, a bidding order and a lone hand's rules no source read gives"
    ),
    ("low-no-trump", "/bidding/low_no_trump", "with-high-no-trump"): Reading(lambda _chosen: {"/bidding/no_trump": True}),
    ("farmers-hand", "/bidding/going_under/one_rank", "nines-and-tens"): Reading(
        lambda _chosen: {"": False, "/bidding/going_under/hand_ranks": ["9", "T"]}
    ),
    ("farmers-hand", "/bidding/going_under/one_rank", "no-trump-after-make"): Reading(
        why_not="a redeal is asked for before the bidding; the language has no redeal once trump is made"
    ),
    ("go-under", "/bidding/going_under/one_rank", "mixed"): Reading(_set(False)),
    ("go-under", "/bidding/going_under/one_rank", "four-low-cards-redeal"): Reading(
        why_not="a redeal is another rule (bidding.redeal), and it looks at the whole hand, not at four of its cards"
    ),
    ("go-under", "/bidding/going_under/next_dealer", "first-come"): Reading(
        why_not="the language asks every qualifying player before anyone exchanges; who calls first is no setting of it"
    ),
    ("no-lone-at-score", "/conditions/no-lone-hand/when/score_at_least", "allowed-at-eight"): Reading(
        _without_condition("no-lone-hand", "score_at_least")
    ),
    ("euchred-suit-barred", "/conditions/euchred-suit/when/suit_euchred", "called-again"): Reading(
        _without_condition("euchred-suit", "suit_euchred")
    ),
    ("no-calling-twice", "/conditions/called-last-hand/when/called_last_hand", "may-call-again"): Reading(
        _without_condition("called-last-hand", "called_last_hand")
    ),
    ("no-trumping-aces", "/conditions/ace-led/when/led_rank", "any-card-trumped"): Reading(
        _without_condition("ace-led", "led_rank")
    ),
    ("up-card-names-loner", "/conditions/named-goes-alone/when/up_card_seat", "partner-plays"): Reading(
        _without_condition("named-goes-alone", "up_card_seat")
    ),
    ("up-card-names-loner", "/conditions/named-orders-up/when/up_card_seat", "named-player-only"): Reading(
        why_not="a condition holds of the player it names; barring every player but the one the up-card names is no "
        "condition of the language"
    ),
    ("last-trick-trump", "/conditions/last-trick-suit/when/not_last_trick_suit", "any-suit"): Reading(
        _without_condition("last-trick-suit", "not_last_trick_suit")
    ),
    ("last-trick-trump", "/conditions/last-trick-suit/when/not_last_trick_suit", "printed-suit"): Reading(
        why_not="the condition reads the winning card's suit as it was played; its printed suit is no parameter"
    ),
    ("last-trick-trump", "/conditions/last-trick-suit/when/not_last_trick_suit", "lifted-by-throw-in"): Reading(
        why_not="the condition reads the last trick played in the game; how many deals it binds is no parameter"
    ),
    ("mcevoy", "/bidding/redeal/per_player_per_game", "once-per-match"): Reading(why_not=NO_MATCH),
    ("no-ace-no-face", "/bidding/redeal/ranks", "ace-allowed"): Reading(_also("A")),
    ("no-ace-no-face", "/bidding/redeal/ranks", "non-trump-nines-tens-after"): Reading(
        why_not="a redeal is asked for before the bidding; the language has no redeal once trump is made"
    ),
    ("no-up-card-discard", "/bidding/round_one/dealer_may_discard_up_card", "without-this-rule"): Reading(_set(True)),
    ("optional-pickup", "/bidding/round_one/dealer_pickup", "without-this-rule"): Reading(_set("compulsory")),
    ("partners-best", "/lone_play/partner_card_order", "receive-first"): Reading(_set("receive_first")),
    ("partners-best-defender", "/lone_play/partner_card_order", "receive-first"): Reading(_set("receive_first")),
    ("passed-player-cannot-go-alone", "/lone_play/passed_player", "any-round"): Reading(_set("not_if_passed")),
    ("renege-ends-hand", "/play/renege_penalty/ends_hand", "revoking-side-may-require-hand"): Reading(
        why_not="nobody decides whether play goes on after a renege: the rules end the hand there or play it out"
    ),
    ("renege-ends-hand", "/play/renege_penalty/points", "points-3-competition"): Reading(_set(3)),
    ("renege-ends-hand", "/play/renege_penalty/points", "both-ways"): Reading(
        lambda _chosen: {"": 4, "/play/renege_penalty/against_lone": 4, "/play/renege_penalty/mode": "both"}
    ),
    ("smitty", "/scoring/rows/predicted-lone-march/award/points", "points-10-points-game-prediction-game"): Reading(
        why_not="a scoring row awards points; winning the game outright is no award the language has"
    ),
    # Contract games (bid-euchre and the games built on it)
    ("bid-euchre", "/auction/min", "three-suit-four-no-trump"): Reading(why_not=_ONE_MINIMUM),
    ("bid-euchre", "/auction/rounds", "round-round-until-others-pass"): Reading(_set("until_passed")),
    ("bid-euchre", "/auction/all_pass", "dealer-stuck-minimum-bid"): Reading(
        lambda _chosen: {"": "dealer_stuck", "/auction/stuck_bid": "exactly"}
    ),
    ("bid-euchre", "/scoring/rows/made/award", "bidders-score-tricks-plus-two"): Reading(
        _set({"makers": {"tricks": 1, "points": 2}, "defenders": {"tricks": 1}})
    ),
    ("bid-euchre", "/scoring/rows/made/award", "bidders-score-bid-defenders-nothing"): Reading(_set({"makers": {"bid": 1}})),
    ("bid-euchre", "/scoring/rows/moon/award/points", "points-24-lone-hand-taking-all"): Reading(_set(24)),
    ("bid-euchre", "/scoring/rows/moon-set/award", "six-tricks-bid"): Reading(
        _set({"makers": {"bid": -1}, "defenders": {"tricks": 1}})
    ),
    ("double-moon", "/scoring/rows/double-moon-set/award", "six-tricks-bid"): Reading(
        _set({"makers": {"bid": -1}, "defenders": {"tricks": 1}})
    ),
    ("forced-bid-three", "/auction/all_pass", "dealer-stuck-must-bid"): Reading(_set("dealer_stuck")),
    ("bid-euchre", "/game/target", "target-50-100"): Reading(_set(50)),
    ("bid-euchre", "/game/target", "target-30-52-options-online-service"): Reading(_set(30)),
    ("bid-euchre", "/game/target", "target-15"): Reading(_set(15)),
    ("bid-euchre", "/game/target", "target-40"): Reading(_set(40)),
    ("bid-euchre", "/game/win", "higher-at-target-wins"): Reading(lambda _chosen: {"": "reach_target", "/game/tie": "play_on"}),
    ("bid-euchre", "/scoring/rows/set/award", "defenders-score-bid"): Reading(_set({"defenders": {"bid": 1}})),
    ("bid-euchre", "/deal/hand_size", "five-each-ordinary-game"): Reading(
        why_not=(
            "another game: the pack, the deal, the bids (to five, with no moon) and the scoring change together, and "
            "FAE gives them only as those of the ordinary game"
        )
    ),
    ("bid-euchre", "/play/renege", "renege-loses-hand"): Reading(why_not=_NO_CONTRACT_RENEGE),
    ("bid-euchre", "/play/renege", "renege-four-ends-hand"): Reading(why_not=_NO_CONTRACT_RENEGE),
    ("bid-euchre", "/deck/extra_cards", "joker-best-bower"): Reading(
        why_not=(
            "REFB deals 25 cards out equally to four, which cannot be done, and does not say how its joker plays in a "
            "no-trump contract, which any hand of Bid Euchre may be"
        )
    ),
    ("bid-euchre-double", "/auction/min", "no-stated-minimum-one-trick"): Reading(_set(1)),
    ("bid-euchre-double", "/auction/rounds", "one-chance-each"): Reading(_set("once")),
    ("bid-euchre-double", "/auction/all_pass", "stuck-dealer-may-bid-five"): Reading(
        lambda _chosen: {"": "dealer_stuck", "/auction/stuck_min": 5, "/auction/stuck_bid": "at_least"}
    ),
    ("bid-euchre-double", "/auction/stuck_min", "five"): Reading(lambda _chosen: {"": 5, "/auction/stuck_bid": "at_least"}),
    ("bid-euchre-double", "/scoring/rows/moon/award/points", "failed-call-2-goes-down"): Reading(
        why_not="it values a failed Call 2, a bid this variant does not have, so it gives no value for the moon"
    ),
    ("bid-euchre-double", "/game/target", "target-50"): Reading(_set(50)),
    ("bid-euchre-double", "/game/target", "target-30-52-options-online-service"): Reading(_set(30)),
    ("bid-euchre-double", "/trump/duplicate_tiebreak", "later-wins"): Reading(_set("later_wins")),
    ("bid-euchre-double", "/auction/max", "bids-one-to-eight"): Reading(_set(8)),
    ("bid-euchre-double", "/deal/packets", "fibonacci-deal"): Reading(_set([1, 1, 2, 3, 5])),
    ("bid-euchre-double", "/auction/named_bids/0/ends_auction", "going-alone-ends-bidding"): Reading(_set(True)),
    ("all-pass-last-round", "/auction/all_pass_round", "without-this-rule"): Reading(_set("first")),
    ("dealer-concedes", "/bidding/all_pass", "throw-in"): Reading(_set("throw_in")),
    ("pass-not-final", "/auction/passed_may_return", "without-this-rule"): Reading(_set(False)),
    ("stuck-dealer-may-raise", "/auction/stuck_bid", "without-this-rule"): Reading(_set("exactly")),
    ("made-bid-plus-two", "/scoring/rows/made/award", "without-this-rule"): Reading(
        _set({"makers": {"tricks": 1}, "defenders": {"tricks": 1}})
    ),
    ("shooter-and-loner", "/auction/named_bids", "without-this-rule"): Reading(lambda _chosen: _one_moon()),
    ("shooter-and-loner", "/auction/named_bids/0/exchange", "exchange-both-ways"): Reading(_set("both_ways")),
    ("shooter-and-loner", "/scoring/rows/moon-set/award/makers/points", "five-sixths-of-value"): Reading(
        lambda _chosen: {"": -15, "/scoring/rows/loner-set/award/makers/points": -20}
    ),
    ("two-bidding-rounds", "/auction/stuck_bid", "exactly-minimum"): Reading(_set("exactly")),
    ("shoot-and-alone", "/auction/named_bids/0/give_order", "seat-number-order"): Reading(_set("by_seat")),
    ("pepper", "/auction/rounds", "one-chance-each"): Reading(_set("once")),
    ("pepper", "/auction/passed_may_return", "passed-bid-again"): Reading(_set(True)),
    ("pepper", "/auction/trump", "bid-bid-euchre"): Reading(_set("with_bid")),
    ("pepper", "/auction/all_pass", "deal-thrown"): Reading(lambda _chosen: {"": "throw_in", "/auction/stuck_min": None}),
    ("pepper", "/auction/named_bids", "bids-one-six-single-pepper"): Reading(
        why_not="it changes the ladder and the pepper together, and PML's scoring for them is not in the pages read"
    ),
    ("pepper", "/auction/named_bids", "bids-4-5-6-moon"): Reading(
        why_not="opening hands played under rules of their own (the pepper round) are not part of the rules language"
    ),
    ("pepper", "/scoring/rows/made/award", "each-side-scores-tricks-took"): Reading(
        _set({"makers": {"tricks": 1}, "defenders": {"tricks": 1}})
    ),
    ("pepper", "/scoring/rows/little-pepper-set/award", "failed-pepper-set-back-12"): Reading(
        why_not="a penalty for defenders who take no trick tests the defenders' tricks, which a contract row does not"
    ),
    ("pepper", "/game/target", "target-30"): Reading(_set(30)),
    ("pepper", "/game/target", "target-42"): Reading(_set(42)),
    ("six-hand-bid-euchre", "/auction/named_bids", "pages-read-do-not-say"): Reading(why_not=AGREES),
    ("six-hand-bid-euchre", "/auction/named_bids/0/give_order", "seat-number-order"): Reading(_set("by_seat")),
    ("six-hand-bid-euchre", "/auction/rounds", "round-round-until-others-pass"): Reading(_set("until_passed")),
    ("six-hand-bid-euchre", "/auction/all_pass", "dealer-stuck"): Reading(_set("dealer_stuck")),
    ("six-hand-bid-euchre", "/scoring/rows/made/award", "bidders-score-bid"): Reading(
        _set({"makers": {"bid": 1}, "defenders": {"tricks": 1}})
    ),
    ("six-hand-bid-euchre", "/scoring/rows/best-made/award/makers/points", "no-best-bonus"): Reading(
        lambda _chosen: {"": 0, "/scoring/rows/best-set/award/makers/points": 0}
    ),
    ("six-hand-bid-euchre", "/game/target", "target-100"): Reading(_set(100)),
    ("six-hand-bid-euchre", "/game/target", "target-32"): Reading(_set(32)),
    ("six-hand-bid-euchre", "/auction/min", "three"): Reading(_set(3)),
    ("six-hand-bid-euchre", "/game/win", "by-contract"): Reading(_set("by_contract")),
    ("six-hand-bid-euchre", "/game/lose_at", "no-losing-score"): Reading(_set(None)),
    ("six-hand-bid-euchre", "/trump/duplicate_tiebreak", "later-wins"): Reading(_set("later_wins")),
}
"""Every reading recorded under `choices`, by (file id, pointer, its text); an edit's `""` is the choice's own pointer."""


@dataclass(frozen=True)
class ChoiceMutant:
    """One rejected reading of one choice, and where it came from."""

    document: str
    kind: str
    pointer: str
    reading_id: str
    text: str
    source: str
    clause: str
    reading: Reading

    @property
    def name(self) -> str:
        return f"{self.document}:{self.pointer}: {self.text}"

    def governs(self, rules: Rules) -> bool:
        """Whether these rules record this very choice and the reading would change them.

        Rules that already play the reading are not governed: a scenario of one mode of a house
        rule records the same choices as the other modes, and one of them may be the reading.
        """
        choice = rules.document.get("choices", {}).get(self.pointer)
        if not isinstance(choice, Mapping) or choice.get("source") != self.source:
            return False
        if not any(ident == self.reading_id for ident, _text in other_readings(choice)):
            return False
        if turned_off(rules.document, self.pointer):
            return False  # a mode that turns the chosen setting off (its section null) plays no reading of it
        if self.reading.edit is None:
            return True
        return any(value_at(rules.document, pointer) != value for pointer, value in self.edits(rules).items())

    def mutate(self, rules: Rules) -> Rules:
        """The rules with this reading in place where it governs; any other rules unchanged."""
        if self.reading.edit is None or not self.governs(rules):
            return rules
        return _mutated(self, rules.variant_id, rules.house_rules)

    def edits(self, rules: Rules) -> dict[str, Any]:
        assert self.reading.edit is not None
        chosen = value_at(rules.document, self.pointer)
        return {pointer or self.pointer: value for pointer, value in self.reading.edit(chosen).items()}


@cache
def _mutated(mutant: ChoiceMutant, variant: str, house_rules: tuple[str, ...]) -> Rules:
    resolved = resolve_checked(builtin_catalog(), variant, house_rules)
    return with_values(resolved, mutant.edits(load_rules(variant, house_rules)))


def recorded_choices() -> Iterable[tuple[str, str, str, Mapping[str, Any]]]:
    """Every (kind, file id, pointer, choice) the spec records, variants first."""
    catalog = builtin_catalog()
    for kind, documents in (("variant", catalog.variants), ("house rule", catalog.house_rules)):
        for ident in sorted(documents):
            for pointer, choice in (documents[ident].data.get("choices") or {}).items():
                if choice:
                    yield kind, ident, pointer, choice


def choice_mutants() -> tuple[ChoiceMutant, ...]:
    """A mutant per reading recorded in the spec; a KeyError names a reading nobody has written as rules yet."""
    mutants = []
    for kind, ident, pointer, choice in recorded_choices():
        rules = _home_rules(kind, ident)
        for reading_id, text in other_readings(choice):
            if reading_id is None:
                raise KeyError(f"{ident} {pointer}: the reading {text!r} has no id; write `others` as a mapping of reading ids")
            reading = READINGS.get((ident, pointer, reading_id)) or _named_house_rule(rules, kind, ident, text)
            if reading is None:
                raise KeyError(f"{ident} {pointer}: the reading {reading_id!r} is not written as rules in {__name__}.READINGS")
            clause = clause_of(rules, pointer, _own_clauses(kind, ident))
            mutants.append(ChoiceMutant(ident, kind, pointer, reading_id, text, choice["source"], clause, reading))
    return tuple(mutants)


def _named_house_rule(rules: Rules, kind: str, ident: str, text: str) -> Reading | None:
    """A reading that names a house rule is written as rules by that rule itself: what it changes.

    The values that differ between the choice's own rules and the same rules with the named house
    rule laid on (in place of the house rule the choice belongs to, which it replaces), together
    with the clauses those values cite. So a reading and the rule offering it cannot drift apart.
    """
    named = named_house_rule(text)
    if named is None:
        return None
    kept = tuple(rule for rule in rules.house_rules if kind == "variant" or rule.split("=")[0] != ident)
    base = resolve_checked(builtin_catalog(), rules.variant_id, rules.house_rules)
    other = resolve_checked(builtin_catalog(), rules.variant_id, (*kept, named))
    edits = {pointer: value_at(other.data, pointer) for pointer in differing_pointers(base.data, other.data)}
    for value in list(edits.values()):
        for _pointer, clause in clause_refs(value):
            edits[join_pointer("/clauses", clause)] = other.data["clauses"][clause]
    for pointer in set(base.data.get("choices") or {}) - set(other.data.get("choices") or {}):
        # A choice the rule drops with the value it names (a scoring row it removes) goes with it.
        edits[join_pointer("/choices", pointer)] = MISSING
    return Reading(lambda _chosen: edits)


def _home_rules(kind: str, ident: str) -> Rules:
    """The rules a choice is written for: its variant, or the first variant its house rule applies to."""
    if kind == "variant":
        return load_rules(ident)
    target = builtin_catalog().house_rules[ident].data["applies_to"][0]
    return load_rules(target, (ident,))


def _own_clauses(kind: str, ident: str) -> tuple[str, ...]:
    """The clauses a house rule defines (its choice is stated by one of them); none for a variant."""
    if kind == "variant":
        return ()
    return tuple(builtin_catalog().house_rules[ident].data.get("clauses", {}))


def clause_of(rules: Rules, pointer: str, among: tuple[str, ...] = ()) -> str:
    """The clause stating the value at `pointer`: a sibling `NAME_clause`, else the nearest enclosing `clause`.

    With `among` (a house rule's own clauses), only those count, and the first of them is the
    answer when none is found on the way up: the house rule states what it sets.
    """
    tokens = split_pointer(pointer)
    for depth in range(len(tokens), 0, -1):
        parent = value_at(rules.document, "".join(f"/{t}" for t in tokens[: depth - 1]))
        if not isinstance(parent, Mapping):
            continue
        for key in (f"{tokens[depth - 1]}_clause", "clause"):
            clause = parent.get(key)
            if isinstance(clause, str) and (not among or clause in among):
                return clause
    return among[0] if among else ""


@dataclass(frozen=True)
class MutantResult:
    """What the suite made of one reading: the scenarios it applies to and those that fail it."""

    mutant: ChoiceMutant
    scenarios: int
    caught_by: tuple[str, ...]
    invalid: str | None = None

    @property
    def status(self) -> str:
        if self.mutant.reading.edit is None:
            return "not expressible"
        if self.invalid:
            return "not valid rules"
        return "caught" if self.caught_by else "not caught"


def measure(mutant: ChoiceMutant, scenarios: Iterable[Scenario] | None = None, first_only: bool = False) -> MutantResult:
    """Run the scenarios the reading governs on the mutated engine; those citing its clause go first."""
    if mutant.reading.edit is None:
        return MutantResult(mutant, 0, ())
    governed = [s for s in (scenarios or suite()) if mutant.governs(scenario_rules(s))]
    governed.sort(key=lambda s: mutant.clause not in s.clauses)
    try:
        for scenario in governed[:1]:
            mutant.mutate(scenario_rules(scenario))
    except SpecInvalid as exc:
        return MutantResult(mutant, len(governed), (), str(exc.errors[0]) if exc.errors else str(exc))
    engine = InProcessEngine(ReferenceEngine(rules_hook=mutant.mutate))
    caught: list[str] = []
    for scenario in governed:
        if run_suite(engine, [scenario]).outcomes[0].status in FAILING:
            caught.append(scenario.id)
            if first_only:
                break
    return MutantResult(mutant, len(governed), tuple(caught))


def score(results: Iterable[MutantResult]) -> dict[str, Any]:
    """The results as the data the site's page is built from."""
    rows = [
        {
            "file": r.mutant.document,
            "kind": r.mutant.kind,
            "pointer": r.mutant.pointer,
            "clause": r.mutant.clause,
            "reading_id": r.mutant.reading_id,
            "reading": r.mutant.text,
            "status": r.status,
            "why_not": r.mutant.reading.why_not or r.invalid,
            "scenarios": r.scenarios,
            "caught_by": list(r.caught_by),
        }
        for r in results
    ]
    expressible = [row for row in rows if row["status"] in ("caught", "not caught")]
    return {
        "readings": len(rows),
        "expressible": len(expressible),
        "caught": sum(row["status"] == "caught" for row in rows),
        "mutants": rows,
    }


def add_command(actions: Any) -> None:
    """Register `euchre-spec scenarios mutants`."""
    parser = actions.add_parser("mutants", help="play every reading the spec rejects as a wrong engine; the suite must fail each")
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write the score as JSON (the site's mutation score page)")
    parser.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    results = [measure(mutant) for mutant in choice_mutants()]
    data = score(results)
    for row in data["mutants"]:
        by = row["caught_by"]
        caught = f"caught by {len(by)} of {row['scenarios']}, first {by[0]}" if by else ""
        detail = caught or row["why_not"] or f"none of {row['scenarios']} scenarios fails it"
        print(f"{row['status']:<16} {row['clause']:<28} {row['file']} {row['pointer']}: {row['reading']}\n{'':<17}{detail}")
    print(f"mutation score: {data['caught']} of {data['expressible']} expressible readings caught ({data['readings']} recorded)")
    if args.json:
        write_text(args.json, json.dumps(data, indent=1) + "\n")
    return 0 if data["caught"] == data["expressible"] else 1
