"""A game played by our engine, written as EGN, so records round-trip through `audit`.

The game is played as `euchre-spec play --game` plays one (portable deal numbers, random legal
actions from a seeded generator), and each finished hand is turned into EGN from the engine's own
history: calls in turn from the dealer's left, going alone, the dealer's discard, a lone defence,
and the tricks in the order played. The ruleset flags are the inverse of `mapping`: the flags
that select these rules when read back. Where EGN cannot say what our rules say (a house rule
without a flag, such as club-euchre or renege-penalty), the export is refused, naming the house
rule: a record audited under other rules than it was played by would fail its own audit. Asked
to write it anyway, the flags are as close as EGN allows, and `unexpressed` lists the
differences, so the user can audit the file with `--variant` and `-r` instead of the flags.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, fields
from typing import Any

from reference_impl.engine import HandState, apply, new_hand
from reference_impl.engine.game import check_length, game_apply, game_legal_actions, new_game, numbered_deals
from reference_impl.engine.state import (
    BID_ROUND_ONE,
    BID_ROUND_TWO,
    DEALER_DISCARD,
    DECLARE_ALONE,
    DEFEND_ALONE,
    LONE_DISCARD,
    PARTNER_GIVE,
    PLAY,
)
from ruleset.compiled.cards import SUITS
from ruleset.compiled.loading import load_rules
from ruleset.compiled.rules import Rules

from .mapping import FIRST_LEAD, map_ruleset, scored_as_egn_scores
from .notation import EGN_VERSION, FILE_TYPE, RANKS, from_code


class ExportError(ValueError):
    """The game contains something EGN has no notation for; `unexpressed` when it is the rules themselves."""

    def __init__(self, message: str, unexpressed: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.unexpressed = unexpressed


@dataclass(frozen=True)
class Export:
    """An EGN record of one game, and the rules EGN's flags could not carry."""

    record: dict[str, Any]
    unexpressed: tuple[str, ...]
    hands: tuple[HandState, ...]
    scores: tuple[int, ...]


def play_game(rules: Rules, first_deal: int, seed: int, dealer: int = 0) -> tuple[list[HandState], tuple[int, ...]]:
    """Every finished hand of a random game (as `play --game` plays it) and the final scores."""
    rng = random.Random(seed)
    game = new_game(rules, numbered_deals(rules, first_deal), dealer)
    hands: list[HandState] = []
    while not game.is_over:
        number = game.hand_number
        check_length(number)
        while game.hand_number == number and not game.is_over:
            game = game_apply(game, rng.choice(game_legal_actions(game)))
        finished = game.last_finished_hand
        assert finished is not None
        hands.append(finished)
    return hands, game.scores


def export_game(
    rules: Rules,
    first_deal: int,
    seed: int = 0,
    dealer: int = 0,
    with_hands: bool = True,
    title: str | None = None,
    allow_unexpressed: bool = False,
) -> Export:
    """Play a game and write it as EGN; `with_hands=False` leaves out the dealt hands and discards.

    Rules EGN's flags cannot say are refused (ExportError naming the house rule or variant), since
    the record would be audited under other rules; `allow_unexpressed` writes it anyway and lists
    the differences in `unexpressed`.
    """
    if rules.players > 10 or (len(rules.teams) > 2 and rules.is_partnership()):
        raise ExportError(f"EGN cannot record a game of {rules.variant_id}")
    if rules.lone_play.partner_card and any(len(partners) > 1 for partners in rules.partners):
        raise ExportError(f"EGN has no notation for a lone player taking a partner's card, which {rules.variant_id} has")
    if not scored_as_egn_scores(rules):
        raise ExportError(f"EGN cannot record a game of {rules.variant_id}: players scored one by one, folding or counting down")
    if rules.auction is not None:
        raise ExportError(f"EGN has no notation for an auction of bids, which {rules.variant_id} makes its contract by")
    ruleset, unexpressed = ruleset_for(rules)
    if unexpressed and not allow_unexpressed:
        raise ExportError(_refusal(rules, unexpressed), unexpressed)
    hands, scores = play_game(rules, first_deal, seed, dealer)
    command = f"euchre-spec export-egn {rules.variant_id}" + "".join(f" -r {ref}" for ref in rules.house_rules)
    command += f" --deal {first_deal} --seed {seed}" + (f" --dealer {dealer}" if dealer else "")
    metadata: dict[str, Any] = {
        "gameId": f"euchre-spec-{rules.variant_id}-{first_deal}-{seed}"[:64],
        "title": (title or f"{rules.title}: deal #{first_deal}, seed {seed}")[:128],
        "description": f"Played by the euchre-spec reference engine with random legal actions ({command}).",
        "players": [f"Seat {seat}" for seat in range(rules.players)],
        "initialScore": [0, 0],
        "ruleset": ruleset,
    }
    if len(scores) == 2:
        metadata["finalScore"] = list(scores)
    deals = [_deal(number, hand, with_hands) for number, hand in enumerate(hands)]
    record = {"fileType": FILE_TYPE, "version": EGN_VERSION, "metadata": metadata, "deals": deals}
    return Export(record, unexpressed, tuple(hands), scores)


def ruleset_for(rules: Rules) -> tuple[dict[str, Any], tuple[str, ...]]:
    """EGN flags for these rules, and what the rules read back from those flags would do differently."""
    ranks = {card.rank for card in rules.deck if card.suit is not None}
    unwritable = sorted(ranks - set(RANKS))
    if unwritable:
        raise ExportError(f"EGN has no notation for the {rules.variant_id} deck (ranks {', '.join(unwritable)})")
    lowest = max(ranks, key=RANKS.index) if ranks else "9"
    flags: dict[str, Any] = {
        "std": rules.bidding.stick_the_dealer,
        "num_players": rules.players,
        "min_rank": int(lowest) if lowest.isdigit() else 9,
        "joker": any(card.suit is None for card in rules.deck),
        "winning_score": rules.target,
    }
    if rules.bidding.no_trump:
        flags["allow_no_trump"] = True  # written only when set, so other games' records stay as they were
    if rules.lone_play.partner_card:
        flags["partners_best"] = True  # the flags read back say how far EGN's partner's best matches ours
    if rules.is_partnership():
        flags["canadian"] = rules.lone_play.dealer_partner_must_go_alone
        flags["defend_alone"] = rules.lone_play.defender_alone != "never"
        if rules.lone_play.maker_alone == "choice":
            lead = {value: key for key, value in FIRST_LEAD.items()}
            flags["loner_lead"] = lead.get(rules.first_lead, "LEFT_OF_DEALER")
            march = rules.scoring.get((rules.hand_size, True, False))
            euchred = rules.scoring.get((rules.hand_size // 2, True, False))  # two tricks: not a super euchre
            if march is not None:
                flags["loner_march_score"] = march.points
            if euchred is not None:
                flags["loner_euchred_score"] = euchred.points
    return flags, differences(rules, map_ruleset(flags).rules)


# Compiled-rules fields that cannot differ in a way a replay notices: names and texts (the clauses a
# result cites among them), and the packets of the deal (a record gives the cards each seat held or
# played, not how they were dealt). Every other field decides something a replay checks, so any
# difference is worth a warning.
_NOT_COMPARED = frozenset(
    {
        "variant_id",
        "house_rules",
        "title",
        "labels",
        "clause_ids",
        "document",
        "actions",
        "play_actions",
        "card_ids",
        "packets",
        "forced_trump_clause",
        "all_pass_clause",
    }
)
_PART_OF_THE_DECK = frozenset({"deck", "effective_suit", "power", "special_cards"})
_SCORING = frozenset({"scoring", "scoring_predicted_alone"})
_SECTIONS = frozenset({"bidding", "lone_play"})


def differences(rules: Rules, back: Rules) -> tuple[str, ...]:
    """What `back` (the rules read back from the flags) would do differently from `rules`."""
    found = []
    for name, ours, theirs in _settings(rules, back):
        if ours != theirs:
            found.append(f"{name}: ours {_shown(name, ours)}, read back {_shown(name, theirs)}")
    if [card.code for card in rules.deck] != [card.code for card in back.deck]:
        found.append("the deck")
    elif any(getattr(rules, name) != getattr(back, name) for name in _PART_OF_THE_DECK):
        found.append("the ranking of the cards")
    if any(_rows(getattr(rules, name)) != _rows(getattr(back, name)) for name in sorted(_SCORING)):
        found.append("the scoring table")
    return tuple(found)


def _settings(rules: Rules, back: Rules) -> Iterator[tuple[str, Any, Any]]:
    """Each compared setting by name, with its value in both: a compiled section's (bidding, lone play) one by one."""
    for name in (f.name for f in fields(Rules)):
        if name in _NOT_COMPARED or name in _PART_OF_THE_DECK or name in _SCORING:
            continue
        ours, theirs = getattr(rules, name), getattr(back, name)
        if name in _SECTIONS:
            for inner in (f.name for f in fields(ours)):
                if inner not in _NOT_COMPARED:
                    yield inner, getattr(ours, inner), getattr(theirs, inner)
        else:
            yield name, ours, theirs


def _rows(table: Any) -> dict[Any, tuple[str, int]]:
    return {key: (row.to, row.points) for key, row in table.items()}


# Compiled fields holding suits as indexes, shown as the suit letters a spec file writes.
_SUIT_SETS = frozenset({"forbidden_trump", "forced_trump_up_suits"})


def _shown(name: str, value: Any) -> str:
    if isinstance(value, frozenset):
        items = [SUITS[item] if name in _SUIT_SETS else item for item in sorted(value)]
        return "[" + ", ".join(repr(item) for item in items) + "]"
    return repr(value)


def _refusal(rules: Rules, unexpressed: tuple[str, ...]) -> str:
    """Which house rules (or the variant itself) EGN's flags cannot say, for the error message."""
    variant = rules.variant_id
    culprits = [] if not ruleset_for(load_rules(variant, ()))[1] else [f"the variant {variant} itself"]
    culprits += [f"house rule {ref}" for ref in rules.house_rules if ruleset_for(load_rules(variant, (ref,)))[1]]
    named = " and ".join(culprits) or "this combination of house rules"
    return (
        f"EGN's ruleset flags have no counterpart for {named}: the record would be read back as other rules "
        f"({'; '.join(unexpressed)})"
    )


def _deal(number: int, hand: HandState, with_hands: bool) -> dict[str, Any]:
    rules = hand.rules
    deal = hand.deal
    if deal.up_card is None:
        raise ExportError(f"hand {number + 1} has no up-card, which EGN always records")
    initial: dict[str, Any] = {"dealer": deal.dealer, "upCard": from_code(rules.card_code(deal.up_card))}
    if with_hands:
        initial["playerCards"] = [[from_code(rules.card_code(card)) for card in cards] for cards in deal.hands]
    bidding: dict[str, Any] = {"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": [], "isAlone": False}
    replay = new_hand(rules, deal)
    for seat, action in hand.history:
        phase = replay.phase
        if phase in (BID_ROUND_ONE, BID_ROUND_TWO):
            if action.kind == "pass":
                bidding["calls"].append("Pass")
            elif action.kind == "order_up":
                bidding["calls"].append("Order")
            else:
                bidding["calls"].append(action.text.rsplit(":", 1)[1].lower())
        elif phase == DECLARE_ALONE:
            bidding["isAlone"] = action.kind == "go_alone"
        elif phase == DEALER_DISCARD:
            if action.kind == "discard" and with_hands:
                bidding["discard"] = from_code(rules.card_code(action.card))
        elif phase == DEFEND_ALONE:
            if action.kind == "defend_alone":
                bidding["aloneDefender"] = seat
        elif phase == PARTNER_GIVE:
            exchange = {"sender": seat, "receiver": hand.maker, "cards": [from_code(rules.card_code(action.card))]}
            bidding.setdefault("cardExchanges", []).append(exchange)
        elif phase == LONE_DISCARD:
            pass  # EGN records no discard of a lone player: the audit finds it as the card never played
        elif phase != PLAY:
            raise ExportError(f"hand {number + 1}: EGN has no notation for {phase.replace('_', ' ')} ({action.text})")
        elif action.kind in ("remedy", "call", "pass") or seat != replay.to_act:
            raise ExportError(f"hand {number + 1}: EGN has no notation for a lead out of turn or its remedy ({action.text})")
        replay = apply(replay, action, seat)
    if rules.lone_play.maker_alone == "always" and hand.maker is not None:
        bidding["isAlone"] = False  # every maker plays alone here; EGN's isAlone is for a partner sitting out
    phases: list[dict[str, Any]] = [bidding]
    if hand.tricks:
        tricks = [[from_code(rules.card_code(card)) for _, card in trick] for _, trick in hand.tricks]
        phases.append({"phaseNumber": 1, "type": "TRICK_PLAY", "tricks": tricks})
    return {"dealNumber": number, "initialState": initial, "phases": phases}
