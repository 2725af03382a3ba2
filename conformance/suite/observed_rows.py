"""Which scoring row each hand an engine finished shows, read from its observations alone.

An engine does not name the scoring row it applied; it shows who made trump, who played or
defended alone, the tricks won and the points each finished hand awarded. That is enough to
find the row: of the rows of the rules' table (the resolved rules document, as sent to the
engine) whose conditions fit what was shown, the one whose award is exactly the points shown.
A hand that fits no row, or several, shows none, so a wrong engine never reaches a row by
accident of its mistakes.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

Observation = Mapping[str, Any]


@dataclass(frozen=True)
class FinishedHand:
    """A hand as the engine showed it: the last look while it was played, and the points it awarded."""

    last_seen: Observation
    """The observation before the action that finished the hand."""
    closing: Observation
    """The observation after it: the hand over (one-hand scenario, end of game) or the next hand dealt."""
    points: tuple[int, ...]
    thrown_in: bool


def finished_hands(observations: Sequence[Observation]) -> Iterator[FinishedHand]:
    """Each hand that finished during the script, in order.

    A hand finishes when finished_hands grows. In a match, the hand that ends a game is followed by
    the next game, whose finished_hands starts afresh: that hand shows as a new entry of
    finished_games instead, and its points are the finished game's scores less the scores before it.
    """
    for before, after in pairwise(observations):
        games_before, games_now = before.get("finished_games") or [], after.get("finished_games") or []
        if len(games_now) > len(games_before):
            final, earlier = games_now[len(games_before)]["scores"], before.get("scores") or []
            yield FinishedHand(before, after, tuple(a - b for a, b in zip(final, earlier, strict=True)), False)
            continue
        done, now = before.get("finished_hands") or [], after.get("finished_hands") or []
        for entry in now[len(done) :]:
            yield FinishedHand(before, after, tuple(entry.get("points") or ()), bool(entry.get("thrown_in")))


def rows_shown(rules: Mapping[str, Any], observations: Sequence[Observation]) -> list[str]:
    """The scoring row of every hand the observations show finished, in order (hands showing none left out)."""
    found = []
    for hand in finished_hands(observations):
        if rules["scoring"].get("player_rows"):
            found.extend(player_rows_of(rules, hand))
            continue
        row = row_of(rules, hand)
        if row is not None:
            found.append(row)
    return found


def player_rows_of(rules: Mapping[str, Any], hand: FinishedHand) -> list[str]:
    """The per-player row each seat's outcome and points fit, seat by seat (a seat fitting none, or several, shows none).

    A seat's role is read from the last look at the hand: the maker, a seat sitting out (folded), or
    another who played (every player, in a hand nobody made). Only a seat that is a team of its own
    is read: a team's points are its players' sum, which does not show each player's row. Whether
    the bid was made is read from the contract shown and the bidder's tricks.
    """
    maker = hand.last_seen.get("maker")
    if hand.thrown_in or (maker is None and hand.last_seen.get("trump") is None):
        return []
    teams: list[list[int]] = rules["seats"]["teams"]
    sitting_out = hand.last_seen.get("sitting_out") or []
    contract = hand.last_seen.get("contract")
    bidders = next((seats for seats in teams if maker in seats), [])
    found = []
    for number, seats in enumerate(teams):
        if len(seats) != 1 or number >= len(hand.points):
            continue
        seat = seats[0]
        role = "maker" if seat == maker else "folded" if seat in sitting_out else "defender"
        fitting = {
            name
            for name, row in rules["scoring"]["player_rows"].items()
            for tricks in _makers_tricks(hand, seats)
            for made in _made(hand, contract, bidders)
            if _covers_player(row["when"], role, tricks, made) and _player_award(row["award"], tricks) == hand.points[number]
        }
        if len(fitting) == 1:
            found.append(fitting.pop())
    return found


def _made(hand: FinishedHand, contract: Mapping[str, Any] | None, bidders: Sequence[int]) -> tuple[bool | None, ...]:
    """Whether the hand's contract was made, as far as the bidders' tricks shown tell (None: no contract)."""
    if not contract or not bidders:
        return (None,)
    return tuple(dict.fromkeys(tricks >= contract["tricks"] for tricks in _makers_tricks(hand, bidders)))


def _covers_player(when: Mapping[str, Any], role: str, tricks: int, made: bool | None) -> bool:
    """Whether a per-player row's conditions (variant.schema.json, player_row.when) fit one player's outcome."""
    roles = when.get("role", [role])
    if role not in (roles if isinstance(roles, list) else [roles]):
        return False
    if "made" in when and when["made"] is not made:
        return False
    return tricks in when.get("tricks", [tricks])


def _player_award(award: Mapping[str, Any], tricks: int) -> int:
    """The points a per-player row gives for this many tricks (variant.schema.json, player_points)."""
    return int(award.get("tricks", 0)) * tricks + int(award.get("points", 0))


def row_of(rules: Mapping[str, Any], hand: FinishedHand) -> str | None:
    """The one row of the rules' scoring table that the hand's outcome and points fit, or None."""
    maker = hand.last_seen.get("maker")
    if hand.thrown_in or maker is None:
        return None
    if hand.last_seen.get("contract"):
        return _contract_row_of(rules, hand)
    teams: list[list[int]] = rules["seats"]["teams"]
    makers = next((number for number, seats in enumerate(teams) if maker in seats), None)
    if makers is None:
        return None
    outcome = {
        "maker_alone": bool(hand.last_seen.get("maker_alone")),
        "defender_alone": hand.last_seen.get("defender_alone") is not None,
    }
    tricks = _makers_tricks(hand, teams[makers])
    fitting = {
        name
        for name, row in rules["scoring"]["rows"].items()
        if _award(row["award"], makers, len(teams)) == hand.points
        and any(_covers(row["when"], outcome | {"makers_tricks": count}) for count in tricks)
    }
    return fitting.pop() if len(fitting) == 1 else None


def _contract_row_of(rules: Mapping[str, Any], hand: FinishedHand) -> str | None:
    """The row of a contract game: by the bid's name and made or set, the points each side's formula gives.

    The defenders' tricks are the hand's tricks less the bidders', so this reads games of two sides only.
    """
    contract = hand.last_seen["contract"]
    teams: list[list[int]] = rules["seats"]["teams"]
    bidders = next((number for number, seats in enumerate(teams) if contract.get("bidder") in seats), None)
    if bidders is None or len(teams) != 2:
        return None
    level = str(contract.get("bid", "")).split(":")[1:2]
    name = "number" if not level or level[0].isdigit() else level[0]
    bid, hand_size = contract.get("tricks", 0), rules["deal"]["hand_size"]
    fitting = set()
    for count in _makers_tricks(hand, teams[bidders]):
        outcome = {"bid": name, "made": count >= bid}
        for row_name, row in rules["scoring"]["rows"].items():
            points = _contract_award(row["award"], bidders, bid, count, hand_size - count)
            if _covers(row["when"], outcome) and points == hand.points:
                fitting.add(row_name)
    return fitting.pop() if len(fitting) == 1 else None


def _contract_award(award: Mapping[str, Any], bidders: int, bid: int, tricks: int, defenders: int) -> tuple[int, ...]:
    """The points per team of a contract row (variant.schema.json, contract_award; a constant award to one side)."""
    if "to" in award:
        points = award["points"]
        return (points, 0) if (bidders == 0) == (award["to"] == "makers") else (0, points)
    sides = []
    for side, own in (("makers", tricks), ("defenders", defenders)):
        formula = award.get(side, {})
        sides.append(formula.get("bid", 0) * bid + formula.get("tricks", 0) * own + formula.get("points", 0))
    return (sides[0], sides[1]) if bidders == 0 else (sides[1], sides[0])


def _makers_tricks(hand: FinishedHand, seats: Sequence[int]) -> tuple[int, ...]:
    """The makers' possible trick counts: exact while the hand is still shown over, else so far with or without the last trick."""
    if hand.closing.get("hand_over"):
        return (_tricks(hand.closing, seats),)
    so_far = _tricks(hand.last_seen, seats)
    return (so_far, so_far + 1)


def _tricks(observed: Observation, seats: Sequence[int]) -> int:
    won = observed.get("tricks_won") or []
    return sum(won[seat] for seat in seats if seat < len(won))


def _covers(when: Mapping[str, Any], outcome: Mapping[str, Any]) -> bool:
    """Whether a row's conditions (variant.schema.json, scoring_row.when) fit an outcome; a condition left out fits any.

    Whether the maker predicted alone is not shown, so a condition on it fits either way and the points decide.
    """
    for key, wanted in when.items():
        if key == "predicted_alone":
            continue
        if (outcome[key] not in wanted) if isinstance(wanted, list) else (outcome[key] != wanted):
            return False
    return True


def _award(award: Mapping[str, Any], makers: int, team_count: int) -> tuple[int, ...]:
    """The points per team a row awards: to the makers' team, or to every other team."""
    to_makers = award["to"] == "makers"
    return tuple(award["points"] if (team == makers) == to_makers else 0 for team in range(team_count))
