"""A readable log of a hand or game, for people checking the engine by eye.

Every line is derived from the states the engine produced (the action history and the final
state); the log never re-derives a rule, so what it prints is what the engine did.
"""

from __future__ import annotations

from typing import cast

from ruleset.compiled.cards import SUIT_NAMES, SUIT_SYMBOLS, SUITS
from ruleset.compiled.rules import LOW_NO_TRUMP, NO_TRUMP, Action, Rules

from .engine import HandState, apply
from .engine.game import GameState
from .engine.match import MatchState
from .engine.phases import BY_NAME
from .engine.player_tally import keeps_player_tally, player_points, player_totals
from .engine.state import PLAY

_NO_TRUMP_NAMES = {NO_TRUMP: "no trump", LOW_NO_TRUMP: "low no trump"}
_PENALTY_WORDS = ("scored by the innocent side", "taken off the guilty side")
"""The innocent side's choices of renege penalty, by the index of the action's argument."""
_REMEDY_WORDS = {
    "remedy:card": "calls the card led out of turn: it stays exposed, liable to be called",
    "remedy:suit": "will call a suit when the offending side is next to lead",
}
"""The innocent side's remedies for a lead out of turn."""


def card_text(rules: Rules, card: int) -> str:
    """A card as a person reads it: rank and suit symbol (the code for jokers)."""
    face = rules.deck[card]
    if face.suit is None:
        return face.code
    rank = "10" if face.rank == "T" else face.rank
    copy = face.code[2:]
    return f"{rank}{SUIT_SYMBOLS[face.suit]}{copy}"


def seat_name(seat: int) -> str:
    return f"seat {seat}"


def team_name(rules: Rules, team: int) -> str:
    seats = rules.teams[team]
    return f"seat {seats[0]}" if len(seats) == 1 else "seats " + " & ".join(str(s) for s in seats)


def spoken(rules: Rules, seat: int, dealer: int, phase: str, action: Action) -> str:
    """The variant's words for an action, chosen by who says it."""
    decline = BY_NAME[phase].decline
    if action.kind == "pass" and decline:
        return decline
    words = rules.labels.get(action.kind, {})
    role = "default"
    if seat == dealer:
        role = "dealer"
    elif rules.is_partnership() and rules.team_of[seat] == rules.team_of[dealer]:
        role = "dealer_partner"
    elif not rules.is_partnership() and (seat - dealer) % rules.players == 2:
        role = "second"
    if phase == "bid_round_two" and "round_two" in words:
        return words["round_two"]
    return words.get(role, words.get("default", action.kind.replace("_", " ")))


def describe_action(rules: Rules, seat: int, dealer: int, phase: str, action: Action) -> str:
    label = spoken(rules, seat, dealer, phase, action)
    if action.kind == "name_trump" and action.suit in _NO_TRUMP_NAMES:
        return f"{label}: {_NO_TRUMP_NAMES[action.suit]}  [{action.text}]"
    if action.kind in ("name_trump", "predict", "predict_alone"):
        letter = SUITS[action.suit]
        return f"{label}: {SUIT_SYMBOLS[letter]} {SUIT_NAMES[letter]}  [{action.text}]"
    if action.kind == "penalty":
        return f"{label}: {_PENALTY_WORDS[action.suit]}  [{action.text}]"
    if action.kind == "remedy":
        return f"{_REMEDY_WORDS[action.text]}  [{action.text}]"
    if action.kind == "call" and action.card >= 0:
        return f"calls the exposed {card_text(rules, action.card)}, which must be played  [{action.text}]"
    if action.kind == "call":
        letter = SUITS[action.suit]
        return f"calls {SUIT_SYMBOLS[letter]} {SUIT_NAMES[letter]}, which the leader must lead if able  [{action.text}]"
    if action.kind == "ask":
        return f"{label} (seat {action.suit})  [{action.text}]"
    if action.kind in ("discard", "play", "give"):
        return f"{label} {card_text(rules, action.card)}  [{action.text}]"
    return f"{label}  [{action.text}]"


def hand_log(initial: HandState, final: HandState) -> list[str]:
    """The lines describing one hand from its deal to its score."""
    rules = initial.rules
    deal = initial.deal
    lines = [f"Dealer: {seat_name(deal.dealer)}"]
    for seat, hand in enumerate(deal.hands):
        lines.append(f"  {seat_name(seat)}: " + " ".join(card_text(rules, card) for card in hand))
    if deal.dummy:
        lines.append("  dummy: " + " ".join(card_text(rules, card) for card in deal.dummy))
    if deal.up_card is not None:
        lines.append(f"Up-card: {card_text(rules, deal.up_card)}")
    if initial.phase == PLAY:  # trump was settled by the deal itself (a forced up-card nobody made)
        lines.append(_trump_line(initial))
    phase = None
    replay = initial
    trick_cards: list[str] = []
    for seat, action in final.history:
        if replay.phase not in (phase, PLAY):
            phase = replay.phase
            lines.append(BY_NAME[phase].title + ":")
        if action.kind == "play" and seat != replay.to_act:
            lines.append(f"  {seat_name(seat)}: leads {card_text(rules, action.card)} out of turn  [{action.text}]")
        elif action.kind == "play":
            trick_cards.append(f"{seat}:{card_text(rules, action.card)}")
        else:
            lines.append(f"  {seat_name(seat)}: {describe_action(rules, seat, deal.dealer, replay.phase, action)}")
        before = replay
        replay = apply(replay, action, seat)
        if replay.phase == PLAY and before.phase != PLAY:
            lines.append(_trump_line(replay))
        if len(replay.tricks) > len(before.tricks):
            winner = replay.tricks[-1][0]
            lines.append(f"Trick {len(replay.tricks)}: " + "  ".join(trick_cards) + f"  -> won by {seat_name(winner)}")
            trick_cards = []
        elif before.phase == PLAY and replay.phase != PLAY and trick_cards:
            stops = ": the hand is abandoned" if replay.abandoned_by is not None else " at the renege"
            lines.append(f"Trick {len(replay.tricks) + 1}: " + "  ".join(trick_cards) + f"  -> play stops{stops}")
            trick_cards = []
    lines.extend(_result_lines(final))
    return lines


def scenario_lines(initial: HandState, final: HandState) -> list[str]:
    """The hand's deal and actions as a scenario file writes them (card codes such as TH, not 10♥; seats from 0),
    indented as under a scenario of a suite file, so a contributor copies them into one: the bidding on the first
    line of the actions, then a line per trick."""
    rules = initial.rules
    deal = initial.deal.to_codes(rules)
    hands, kitty = cast(list[list[str]], deal["hands"]), cast(list[str], deal["kitty"])
    lines = ["    deals:", f"      - dealer: {deal['dealer']}", "        hands:"]
    lines += ["          - [" + ", ".join(hand) + "]" for hand in hands]
    if deal["up_card"] is not None:
        lines.append(f"        up_card: {deal['up_card']}")
    if kitty:
        lines.append("        kitty: [" + ", ".join(kitty) + "]")
    groups: list[list[str]] = [[]]
    replay = initial
    for seat, action in final.history:
        marker = " out_of_turn" if seat != replay.to_act else ""
        groups[-1].append(f'"{seat} {action.text}{marker}"')
        before = replay
        replay = apply(replay, action, seat)
        if len(replay.tricks) > len(before.tricks) or (replay.phase == PLAY and before.phase != PLAY):
            groups.append([])
    written = [", ".join(group) for group in groups if group]
    lines.append("    actions: [" + (",\n" + " " * 14).join(written) + "]")
    return "\n".join(lines).splitlines()


def _trump_line(state: HandState) -> str:
    """The line opening the play: trump, its maker and who plays alone (play starts only once trump is made)."""
    rules = state.rules
    trump, maker = state.trump, state.maker
    assert trump is not None
    if trump in _NO_TRUMP_NAMES:
        named = _NO_TRUMP_NAMES[trump]
    else:
        letter = SUITS[trump]
        named = f"{SUIT_SYMBOLS[letter]} {SUIT_NAMES[letter]}"
    if maker is None:
        return f"Trump: {named}, with nobody as the maker"
    text = f"Trump: {named}, made by {seat_name(maker)}"
    if state.maker_alone and rules.partners[maker]:
        text += " (alone)"
    if state.defender_alone is not None:
        text += f"; {seat_name(state.defender_alone)} defends alone"
    out = [seat for seat, active in enumerate(state.active) if not active]
    if out:
        text += "; sitting out: " + ", ".join(str(seat) for seat in out)
    return text


def _result_lines(final: HandState) -> list[str]:
    rules = final.rules
    result = final.result
    if result is None:
        return ["(the hand is not finished)"]
    if result.redeal_called_by is not None:
        return [f"Seat {result.redeal_called_by} calls for a redeal: nobody scores."]
    if result.conceded_by is not None:
        conceded = ", ".join(f"{points} to {team_name(rules, team)}" for team, points in enumerate(result.points) if points)
        return [f"Everybody passed: the dealer, seat {result.conceded_by}, concedes the hand: {conceded}."]
    if result.thrown_in:
        return ["Everybody passed: the hand is thrown in, nobody scores."]
    scored = [f"{points} to {team_name(rules, team)}" for team, points in enumerate(result.points) if points]
    if result.reneged_by is not None:
        scored.insert(0, f"seat {result.reneged_by} reneged")
    if result.abandoned_by is not None:
        scored.insert(0, f"seat {result.abandoned_by} abandoned the hand")
    if result.player_rows:
        rows = ", ".join(f"seat {seat} {row}" for seat, row in enumerate(result.player_rows))
        return [f"Result: each player by their own tricks: {rows}; " + (", ".join(scored) or "nobody scores")]
    lines = [f"Result: the makers took {result.makers_tricks} trick(s): {result.row} [{result.clause}]; " + ", ".join(scored)]
    if keeps_player_tally(rules):
        lines.append("Each player's card: " + ", ".join(f"seat {s} {p}" for s, p in enumerate(player_points(rules, result))))
    return lines


def game_summary(game: GameState) -> list[str]:
    rules = game.rules
    scores = ", ".join(f"{team_name(rules, team)} {score}" for team, score in enumerate(game.scores))
    lines = [f"Score: {scores}"]
    if keeps_player_tally(rules):
        totals = player_totals(rules, game.results)
        lines.append("Players' totals: " + ", ".join(f"seat {seat} {total}" for seat, total in enumerate(totals)))
    if game.is_over:
        verb = "wins" if len(game.winners) == 1 and len(rules.teams[game.winners[0]]) == 1 else "win"
        lines.append("Game over: " + " and ".join(team_name(rules, team) for team in game.winners) + f" {verb}.")
    return lines


def match_summary(match: MatchState) -> list[str]:
    """The match after a game: the last game's count, the games won, the points carried, and the winner once over."""
    rules = match.rules
    lines = []
    if match.games:
        last = match.games[-1]
        lines.append(
            f"Game {len(match.games)} won by "
            + " and ".join(team_name(rules, team) for team in last.winners)
            + (f": a slam, counted as {last.counted} games" if last.slam else "")
        )
    lines.append("Games won: " + ", ".join(f"{team_name(rules, team)} {won}" for team, won in enumerate(match.games_won)))
    if match.is_over:
        points = ", ".join(f"{team_name(rules, team)} {won}" for team, won in enumerate(match.match_points))
        lines.append("Match over: " + " and ".join(team_name(rules, team) for team in match.winners) + f" win ({points}).")
    elif any(match.carried) and not match.game.results:
        carried = ", ".join(f"{team_name(rules, team)} {points}" for team, points in enumerate(match.carried))
        lines.append(f"Carried into the next game: {carried}")
    return lines
