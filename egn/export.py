"""A game played by our engine, written as EGN, so records round-trip through `audit`.

The game is played as `euchre-spec play --game` plays one (portable deal numbers, random legal
actions from a seeded generator), and each finished hand is turned into EGN from the engine's own
history: calls in turn from the dealer's left, going alone, the dealer's discard, a lone defence,
and the tricks in the order played. The ruleset flags are the inverse of `mapping`: the flags
that select these rules when read back. Where EGN cannot say what our rules say, the flags are
as close as EGN allows, and `unexpressed` lists the differences, so the user can audit the file
with `--variant` and `-r` instead of the flags.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from reference_impl.engine import HandState, apply, new_hand
from reference_impl.engine.game import game_apply, game_legal_actions, new_game, numbered_deals
from reference_impl.engine.state import BID_ROUND_ONE, BID_ROUND_TWO, DEALER_DISCARD, DECLARE_ALONE, DEFEND_ALONE, PLAY
from reference_impl.rules import Rules

from .mapping import FIRST_LEAD, map_ruleset
from .notation import EGN_VERSION, FILE_TYPE, RANKS, from_code


class ExportError(ValueError):
    """The game contains something EGN has no notation for."""


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
        while game.hand_number == number and not game.is_over:
            game = game_apply(game, rng.choice(game_legal_actions(game)))
        finished = game.last_finished_hand
        assert finished is not None
        hands.append(finished)
    return hands, game.scores


def export_game(
    rules: Rules, first_deal: int, seed: int = 0, dealer: int = 0, with_hands: bool = True, title: str | None = None
) -> Export:
    """Play a game and write it as EGN; `with_hands=False` leaves out the dealt hands and discards."""
    if rules.players > 10 or (len(rules.teams) > 2 and rules.is_partnership()):
        raise ExportError(f"EGN cannot record a game of {rules.variant_id}")
    hands, scores = play_game(rules, first_deal, seed, dealer)
    ruleset, unexpressed = ruleset_for(rules)
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
    lowest = max(ranks, key=RANKS.index) if ranks else "9"
    flags: dict[str, Any] = {
        "std": rules.stick_the_dealer,
        "num_players": rules.players,
        "min_rank": int(lowest) if lowest.isdigit() else 9,
        "joker": any(card.suit is None for card in rules.deck),
        "winning_score": rules.target,
    }
    if rules.is_partnership():
        flags["canadian"] = rules.dealer_partner_must_go_alone
        flags["defend_alone"] = rules.defender_alone != "never"
        if rules.maker_alone == "choice":
            lead = {value: key for key, value in FIRST_LEAD.items()}
            flags["loner_lead"] = lead.get(rules.first_lead, "LEFT_OF_DEALER")
            march = rules.scoring.get((rules.hand_size, True, False))
            euchred = rules.scoring.get((rules.hand_size // 2, True, False))  # two tricks: not a super euchre
            if march is not None:
                flags["loner_march_score"] = march.points
            if euchred is not None:
                flags["loner_euchred_score"] = euchred.points
    return flags, _differences(rules, flags)


# Compiled-rules fields that decide a replay; a difference in any of them is worth a warning.
_COMPARED = (
    "players",
    "hand_size",
    "up_card",
    "round_one",
    "round_two",
    "dealer_partner_must_go_alone",
    "dealer_pickup_compulsory",
    "dealer_may_discard_up_card",
    "dealer_picks_up_when_partner_alone",
    "stick_the_dealer",
    "stuck_dealer_may_name_turned_down",
    "throw_in_same_dealer",
    "special_up_card",
    "maker_alone",
    "defender_alone",
    "first_lead",
    "target",
    "tie",
)


def _differences(rules: Rules, flags: dict[str, Any]) -> tuple[str, ...]:
    back = map_ruleset(flags).rules
    found = [
        f"{name}: ours {getattr(rules, name)!r}, read back {getattr(back, name)!r}"
        for name in _COMPARED
        if getattr(rules, name) != getattr(back, name)
    ]
    if [card.code for card in rules.deck] != [card.code for card in back.deck]:
        found.append("the deck")
    ours = {key: (row.to, row.points) for key, row in rules.scoring.items()}
    theirs = {key: (row.to, row.points) for key, row in back.scoring.items()}
    if ours != theirs:
        found.append("the scoring table")
    return tuple(found)


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
        elif phase != PLAY:
            raise ExportError(f"hand {number + 1}: EGN has no notation for {phase.replace('_', ' ')} ({action.text})")
        replay = apply(replay, action)
    if rules.maker_alone == "always" and hand.maker is not None:
        bidding["isAlone"] = False  # every maker plays alone here; EGN's isAlone is for a partner sitting out
    phases: list[dict[str, Any]] = [bidding]
    if hand.tricks:
        tricks = [[from_code(rules.card_code(card)) for _, card in trick] for _, trick in hand.tricks]
        phases.append({"phaseNumber": 1, "type": "TRICK_PLAY", "tricks": tricks})
    return {"dealNumber": number, "initialState": initial, "phases": phases}
