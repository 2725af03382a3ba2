"""EGN ruleset flags -> one of our variants plus house rules, and the flags that cannot map.

Each flag (given, or at EGN's default when absent) becomes a requirement on the compiled rules:
`std: true` wants `stick_the_dealer`, `loner_lead: LEFT_OF_LONER` wants the first lead from the
lone player's left, and so on. The mapping tries every base variant of the catalog and, for each
requirement the variant does not meet, every house rule (and mode) that applies to it, keeping a
house rule only when it leaves fewer requirements unmet. Searching the catalog instead of naming
house rules here means a house rule added to spec/ later is found without touching this module.

What is left unmet is reported flag by flag with the reason, and the replay marks the hands such
a flag could change: the audit says plainly where it judges a record by rules other than its own.
A user who names the rules (`--variant`, `-r`) gets exactly those; the flags are then only checked.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ruleset import SpecInvalid, builtin_catalog
from ruleset.compiled.cards import SUIT_NAMES, SUITS
from ruleset.compiled.loading import load_rules
from ruleset.compiled.rules import Rules

from .notation import egn_rank_set

# EGN's defaults (NextSuit-Labs/euchre-game-notation, docs/alternate-rules.md and its schema).
DEFAULTS: dict[str, Any] = {
    "num_players": 4,
    "min_rank": 9,
    "joker": False,
    "std": True,
    "canadian": False,
    "loner_lead": "LEFT_OF_DEALER",
    "defend_alone": False,
    "loner_march_score": 4,
    "loner_euchred_score": 2,
    "winning_score": 10,
    "num_deals": 0,
    "allow_no_trump": False,
    "farmers": False,
    "partners_best": False,
    "go_under": False,
    "fast_break": False,
    "four_trick_tokens": False,
}
STRUCTURAL = ("num_players", "min_rank", "joker")
ADDED_BY_HOUSE_RULE = ("joker",)
"""Structural flags a house rule can meet (the joker house rule adds a joker to the pack); the others need another variant."""
FIRST_LEAD = {"LEFT_OF_DEALER": "left_of_dealer", "LEFT_OF_LONER": "left_of_lone_player"}
NO_COUNTERPART = {
    "farmers": (
        "EGN's farmer's hand may be a misdeal or an exchange, and a record cannot show the cards laid in the kitty: "
        "our farmers-hand rule is not chosen from the flag"
    ),
    "go_under": (
        "a record cannot show the cards a player lays in the kitty when going under (cardExchanges go to a seat): "
        "our go-under rule is not chosen from the flag"
    ),
    "fast_break": "no scoring row of ours voids a hand whose defenders took the first two tricks",
    "four_trick_tokens": "no rule of ours keeps tokens for four-trick hands",
}


@dataclass(frozen=True)
class FlagMapping:
    """How one flag fares: `mapped` (our rules do the same), `auditor` (the auditor itself handles
    it), `not_applicable` (means nothing for these rules), or `unmapped` (our rules differ)."""

    flag: str
    value: Any
    explicit: bool
    status: str
    detail: str

    def text(self) -> str:
        given = "" if self.explicit else " (EGN default)"
        shown = json_value(self.value)
        return f"{self.flag}: {shown}{given} -> {self.status.replace('_', ' ')}: {self.detail}"


@dataclass(frozen=True)
class RulesMapping:
    """The rules a record is audited under, and how each of its flags fared."""

    variant: str
    house_rules: tuple[str, ...]
    rules: Rules
    flags: tuple[FlagMapping, ...]
    chosen_by: str
    assumptions: tuple[str, ...] = ()
    num_deals: int = 0
    target_used: bool = True
    values: Mapping[str, Any] = field(default_factory=dict)

    @property
    def unmapped(self) -> tuple[FlagMapping, ...]:
        return tuple(flag for flag in self.flags if flag.status == "unmapped")

    def unmapped_names(self) -> set[str]:
        return {flag.flag for flag in self.unmapped}

    def rules_text(self) -> str:
        return self.variant + "".join(f" -r {ref}" for ref in self.house_rules)


@dataclass(frozen=True)
class _Requirement:
    flag: str
    value: Any
    explicit: bool
    check: Callable[[Rules], bool | None]
    ours: Callable[[Rules], str]


def json_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def flag_values(ruleset: Mapping[str, Any]) -> dict[str, Any]:
    """Every flag's value, EGN's defaults filled in (winning_score has none when num_deals is set)."""
    values = {**DEFAULTS, **ruleset, "scoring": "1 made, 2 march, 2 euchred (fixed by EGN)"}
    if ruleset.get("num_deals") and "winning_score" not in ruleset:
        values["winning_score"] = 0
    return values


def map_ruleset(
    ruleset: Mapping[str, Any], variant: str | None = None, house_rules: Iterable[str] = (), extra_spec: Iterable[Any] = ()
) -> RulesMapping:
    """The rules to audit a record with these flags under.

    With `variant` given the rules are exactly that variant and `house_rules` (the user chose);
    otherwise the best variant and house rules are searched for in the built-in catalog.
    """
    values = flag_values(ruleset)
    requirements = _requirements(values, set(ruleset))
    extra = tuple(extra_spec)
    if variant is not None:
        refs = tuple(house_rules)
        rules = load_rules(variant, refs, extra)
        chosen_by = "the command line"
    else:
        variant, refs, rules = _search(requirements, tuple(house_rules))
        chosen_by = "the ruleset flags"
    auto = chosen_by == "the ruleset flags"
    flags = _joker_said_plainly(tuple(_judge(requirement, rules, variant, refs, auto) for requirement in requirements), variant)
    num_deals = int(values["num_deals"] or 0)
    return RulesMapping(
        variant=variant,
        house_rules=refs,
        rules=rules,
        flags=flags,
        chosen_by=chosen_by,
        assumptions=assumptions(rules),
        num_deals=num_deals,
        target_used=bool(values["winning_score"]),
        values=values,
    )


def scored_as_egn_scores(rules: Rules) -> bool:
    """Whether a game of these rules is scored as EGN records a score: by sides, counting up to a target.

    EGN has no per-player scoring table, no folding and no game counting down, so a variant with any
    of them is never the reading of a record, and a game of it cannot be written as one.
    """
    return rules.player_scoring is None and rules.fold is None and not rules.count_down


def _search(requirements: list[_Requirement], given: tuple[str, ...]) -> tuple[str, tuple[str, ...], Rules]:
    """The variant and house rules leaving the fewest requirements unmet (structural ones first).

    A variant played as a match (Railroad) is never chosen from the flags: a record is one game,
    and no flag says what such a variant adds to it (a lone hand against a lone defender, a
    joker turned up, laps and slams), so only a user naming it (`--variant`) audits a record by it.
    """
    catalog = builtin_catalog()
    best: tuple[tuple[int, int, int, bool, str], str, tuple[str, ...], Rules] | None = None
    for variant_id in sorted(catalog.variants):
        try:
            refs, rules = _complete(catalog, variant_id, given, requirements)
        except SpecInvalid:
            continue
        if rules.match is not None or not scored_as_egn_scores(rules):
            continue
        unmet = [r for r in requirements if r.check(rules) is False]
        structural = sum(1 for r in unmet if r.flag in STRUCTURAL)
        key = (structural, len(unmet), len(refs), variant_id != "north-american", variant_id)
        if best is None or key < best[0]:
            best = (key, variant_id, refs, rules)
    if best is None:
        raise SpecInvalid([])
    return best[1], best[2], best[3]


def _complete(
    catalog: Any, variant_id: str, given: tuple[str, ...], requirements: list[_Requirement]
) -> tuple[tuple[str, ...], Rules]:
    """Add house rules to `variant_id` one requirement at a time, each only if it helps overall."""
    refs = given
    rules = load_rules(variant_id, refs)
    if any(r.check(rules) is False for r in requirements if r.flag in STRUCTURAL and r.flag not in ADDED_BY_HOUSE_RULE):
        return refs, rules  # a different table or deck: no house rule will make it fit
    for requirement in requirements:
        if requirement.check(rules) is not False:
            continue
        unmet = sum(1 for r in requirements if r.check(rules) is False)
        used = {ref.partition("=")[0] for ref in refs}
        for ref in _candidates(catalog, used):
            try:
                trial = load_rules(variant_id, (*refs, ref))
            except SpecInvalid:
                continue
            if requirement.check(trial) and sum(1 for r in requirements if r.check(trial) is False) < unmet:
                refs, rules = (*refs, ref), trial
                break
    return refs, rules


def _candidates(catalog: Any, used: set[str]) -> list[str]:
    refs = []
    for rule_id, document in sorted(catalog.house_rules.items()):
        if rule_id in used:
            continue
        modes = document.data.get("modes")
        refs.extend([f"{rule_id}={mode}" for mode in modes] if modes else [rule_id])
    return refs


def _judge(requirement: _Requirement, rules: Rules, variant: str, refs: tuple[str, ...], chosen_by_flags: bool) -> FlagMapping:
    flag, value = requirement.flag, requirement.value
    if flag == "num_deals":
        if value:
            return FlagMapping(
                flag, value, requirement.explicit, "auditor", f"the game ends after {value} deals, not at a target"
            )
        return FlagMapping(flag, value, requirement.explicit, "mapped", "no deal limit")
    if flag == "winning_score" and not value:
        return FlagMapping(flag, value, requirement.explicit, "auditor", "no target: the game runs for num_deals deals")
    verdict = requirement.check(rules)
    if verdict is None:
        return FlagMapping(flag, value, requirement.explicit, "not_applicable", requirement.ours(rules))
    if verdict:
        return FlagMapping(flag, value, requirement.explicit, "mapped", _provider(flag, rules, variant, refs))
    reason = NO_COUNTERPART.get(flag) if value else None
    if reason is None:
        reason = f"{variant_text(variant, refs)} has {requirement.ours(rules)}"
        if chosen_by_flags:
            reason += ", and no house rule in the catalog gives what the flag says"
    return FlagMapping(flag, value, requirement.explicit, "unmapped", reason)


def _joker_said_plainly(flags: tuple[FlagMapping, ...], variant: str) -> tuple[FlagMapping, ...]:
    """A joker the deck fits only through a variant whose own rules the other flags contradict is unmapped.

    EGN's joker (the Benny) can be added to any game; ours is only in british, with british's
    rules. A record of, say, a 24-card four-hand game with a joker is read with british's deck,
    so its cards make sense, but the real cause of every difference is that no rule of ours adds
    a joker to that game, and the joker flag says so rather than the flags british contradicts.
    """
    joker = next((flag for flag in flags if flag.flag == "joker"), None)
    contradicted = [flag.flag for flag in flags if flag.status == "unmapped" and flag.flag not in STRUCTURAL]
    if joker is None or joker.value is not True or joker.status != "mapped" or not contradicted:
        return flags
    values = {flag.flag: flag.value for flag in flags}
    ranks = egn_rank_set(int(values.get("min_rank", 9))) or set()
    game = f"{len(ranks) * 4}-card {values.get('num_players', 4)}-hand game"
    detail = (
        f"no rule of ours adds a joker to the {game}; the cards are read with {variant}'s deck, which has one, "
        f"but {variant}'s own rules differ from the record's {', '.join(contradicted)}"
    )
    return tuple(FlagMapping(f.flag, f.value, f.explicit, "unmapped", detail) if f is joker else f for f in flags)


def variant_text(variant: str, refs: tuple[str, ...]) -> str:
    return variant + (" + " + ", ".join(refs) if refs else "")


def _provider(flag: str, rules: Rules, variant: str, refs: tuple[str, ...]) -> str:
    """Which part of our rules does what the flag says: a house rule if one was added for it."""
    base = load_rules(variant, ())
    if flag in ADDED_BY_HOUSE_RULE:
        adding = [ref for ref in refs if _jokers(load_rules(variant, (ref,))) != _jokers(base)]
        if adding:
            return f"house rule {adding[0]}"
    if flag in STRUCTURAL:
        return f"{variant} ({rules.players} players, {len(rules.deck)} cards)"
    for ref in refs:
        before = load_rules(variant, tuple(r for r in refs if r != ref))
        if _FLAG_VIEW[flag](before) != _FLAG_VIEW[flag](rules):
            return f"house rule {ref}"
    if _FLAG_VIEW[flag](base) == _FLAG_VIEW[flag](rules):
        return f"{variant} as it stands"
    return variant_text(variant, refs)


def _requirements(values: Mapping[str, Any], explicit: set[str]) -> list[_Requirement]:
    def req(flag: str, check: Callable[[Rules], bool | None], ours: Callable[[Rules], str]) -> _Requirement:
        return _Requirement(flag, values.get(flag), flag in explicit, check, ours)

    def partnered(check: Callable[[Rules], bool]) -> Callable[[Rules], bool | None]:
        return lambda rules: check(rules) if rules.is_partnership() else None

    def lone(check: Callable[[Rules], bool]) -> Callable[[Rules], bool | None]:
        return lambda rules: check(rules) if rules.is_partnership() and rules.lone_play.maker_alone == "choice" else None

    v = values
    wanted_ranks = egn_rank_set(int(v["min_rank"]))
    march, euchred = int(v["loner_march_score"]), int(v["loner_euchred_score"])
    return [
        req("num_players", lambda r: r.players == v["num_players"], lambda r: f"{r.players} players"),
        req("min_rank", lambda r: wanted_ranks is not None and _suited_ranks(r) == wanted_ranks, _deck_text),
        req("joker", lambda r: _jokers(r) == (1 if v["joker"] else 0) and not _copies(r), _deck_text),
        req("std", lambda r: r.bidding.stick_the_dealer == v["std"], _all_pass_text),
        req("canadian", partnered(lambda r: r.lone_play.dealer_partner_must_go_alone == v["canadian"]), _canadian_text),
        req("loner_lead", lone(lambda r: r.first_lead == FIRST_LEAD[v["loner_lead"]]), _lead_text),
        req(
            "defend_alone",
            partnered(lambda r: r.lone_play.defender_alone == ("against_lone_maker" if v["defend_alone"] else "never")),
            _defend_text,
        ),
        req("loner_march_score", lone(lambda r: _lone_points(r, True) == {march}), lambda r: _points_text(_lone_points(r, True))),
        req(
            "loner_euchred_score",
            lone(lambda r: _lone_points(r, False) == {euchred}),
            lambda r: _points_text(_lone_points(r, False)),
        ),
        req("scoring", partnered(_standard_scoring), lambda r: "other points for hands played as a pair"),
        req("winning_score", lambda r: r.target == v["winning_score"], lambda r: f"a target of {r.target}"),
        req("num_deals", lambda r: True, lambda r: ""),
        req("allow_no_trump", lambda r: bool(r.bidding.no_trump) == v["allow_no_trump"], _no_trump_text),
        req("partners_best", lone(lambda r: _partners_best(r, bool(v["partners_best"]))), _partner_card_text),
        *[req(flag, _absent(bool(v[flag])), lambda r: "no such rule") for flag in NO_COUNTERPART],
    ]


def _absent(wanted: bool) -> Callable[[Rules], bool | None]:
    """A rule we never have: met only when the record does not want it."""
    return lambda rules: not wanted


# What each flag looks at in compiled rules, to tell which house rule changed it.
_FLAG_VIEW: dict[str, Callable[[Rules], Any]] = {
    "std": lambda r: r.bidding.stick_the_dealer,
    "canadian": lambda r: r.lone_play.dealer_partner_must_go_alone,
    "loner_lead": lambda r: r.first_lead,
    "defend_alone": lambda r: r.lone_play.defender_alone,
    "loner_march_score": lambda r: _lone_points(r, True),
    "loner_euchred_score": lambda r: _lone_points(r, False),
    "scoring": lambda r: _standard_scoring(r),
    "winning_score": lambda r: r.target,
    "num_deals": lambda r: None,
    "allow_no_trump": lambda r: bool(r.bidding.no_trump),
    "partners_best": lambda r: (r.lone_play.partner_card, r.lone_play.partner_exchange),
    **{flag: (lambda r: None) for flag in NO_COUNTERPART},
}


def _suited_ranks(rules: Rules) -> set[str]:
    return {card.rank for card in rules.deck if card.suit is not None}


def _jokers(rules: Rules) -> int:
    return sum(1 for card in rules.deck if card.suit is None)


def _copies(rules: Rules) -> bool:
    return any(card.copy > 1 for card in rules.deck)


def _deck_text(rules: Rules) -> str:
    ranks = "".join(sorted(_suited_ranks(rules), key="AKQJT98765432".index))
    jokers = _jokers(rules)
    copies = " with duplicate cards" if _copies(rules) else ""
    return f"a {len(rules.deck)}-card deck ({ranks}{f' and {jokers} joker(s)' if jokers else ''}){copies}"


def _lead_text(rules: Rules) -> str:
    where = {"left_of_dealer": "the dealer's left", "left_of_lone_player": "the lone player's left"}
    return "the first lead from " + where.get(rules.first_lead, rules.first_lead.replace("_", " "))


def _all_pass_text(rules: Rules) -> str:
    return "stick the dealer" if rules.bidding.stick_the_dealer else "a throw-in when everybody passes"


def _canadian_text(rules: Rules) -> str:
    return "the dealer's partner ordering up only alone" if rules.lone_play.dealer_partner_must_go_alone else "no Canadian loner"


def _defend_text(rules: Rules) -> str:
    return {"never": "no lone defence", "against_lone_maker": "a lone defence against a lone maker"}.get(
        rules.lone_play.defender_alone, f"a lone defence {rules.lone_play.defender_alone.replace('_', ' ')}"
    )


def _partners_best(rules: Rules, wanted: bool) -> bool:
    """EGN's partner's best: the lone maker's partner passes a card, then the lone maker discards one."""
    if not wanted:
        return not rules.lone_play.partner_card
    exchange = rules.lone_play.partner_exchange
    return rules.lone_play.partner_card and not exchange.discard_first and not exchange.lone_defender


def _partner_card_text(rules: Rules) -> str:
    if not rules.lone_play.partner_card:
        return "no card from a lone maker's partner"
    exchange = rules.lone_play.partner_exchange
    order = "the lone player discarding first" if exchange.discard_first else "the lone player discarding after"
    defender = ", for a lone defender too" if exchange.lone_defender else ""
    return f"a card from a lone player's partner, {order}{defender}"


def _no_trump_text(rules: Rules) -> str:
    return "no-trump calls" if rules.bidding.no_trump else "no no-trump call"


def _lone_points(rules: Rules, march: bool) -> set[int]:
    """Points of a lone maker's march (to the makers), or of a lone maker euchred (to the defenders)."""
    size = rules.hand_size
    tricks = [size] if march else list(range(size // 2 + 1))
    found = set()
    for made in tricks:
        row = rules.scoring.get((made, True, False))
        if row is None:
            continue
        found.add(row.points if (row.to == "makers") == march else -row.points)
    return found


def _points_text(points: set[int]) -> str:
    return " or ".join(str(p) for p in sorted(points)) + " points" if points else "no such score"


def _standard_scoring(rules: Rules) -> bool:
    """EGN's fixed scores for a pair: 1 for three or four tricks, 2 for a march, 2 to the defenders."""
    size = rules.hand_size
    for made in range(size + 1):
        row = rules.scoring.get((made, False, False))
        if row is None:
            return False
        if made == size:
            wanted = ("makers", 2)
        elif made > size // 2:
            wanted = ("makers", 1)
        else:
            wanted = ("defenders", 2)
        if (row.to, row.points) != wanted:
            return False
    return True


def assumptions(rules: Rules) -> tuple[str, ...]:
    """Rules EGN has no flag for, and how these rules settle them (the replay follows these)."""
    notes = []
    if rules.is_partnership() and rules.lone_play.maker_alone == "choice":
        if rules.lone_play.dealer_picks_up_when_partner_alone:
            notes.append("when the dealer's partner orders up alone, the dealer still takes the up-card and discards")
        else:
            notes.append("when the dealer's partner orders up alone, the dealer sits out and nobody takes the up-card")
    if rules.up_card:
        notes.append(
            "the dealer may discard the up-card itself"
            if rules.bidding.dealer_may_discard_up_card
            else "the dealer may not discard the up-card"
        )
        if not rules.bidding.dealer_pickup_compulsory:
            notes.append("the dealer may leave the up-card where it is")
    if rules.up_card and rules.bidding.special_up_suit is not None:
        suit = SUIT_NAMES[SUITS[rules.bidding.special_up_suit]]
        notes.append(f"a turned-up joker is bid on as a card of {suit} (EGN does not say what a turned-up joker means)")
    if rules.bidding.stick_the_dealer:
        named = "may" if rules.bidding.stuck_dealer_may_name_turned_down else "may not"
        notes.append(f"a stuck dealer {named} name the turned-down suit")
    else:
        notes.append(
            "after a throw-in "
            + ("the same dealer deals again" if rules.bidding.throw_in_same_dealer else "the deal passes left")
        )
    return tuple(notes)
