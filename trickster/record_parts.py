"""The parts of a record the replay feeds to the engine: the calls, the tricks, the cards exchanged.

Each is read from its tags and sections with its line, so that a finding points at the line that
shows what broke the rule. The auction is four calls to a line from its first seat clockwise; the
play is one trick to a line, in seat order from its first seat (not in the order played).
"""

from __future__ import annotations

from dataclasses import dataclass

from .notation import COMPASS, Call, NotationError, call_of, our_card, passed_cards, seat_cards, seat_of
from .ptn import PtnRecord


@dataclass(frozen=True)
class SeatCall:
    seat: int
    call: Call
    line: int


@dataclass(frozen=True)
class Exchange:
    """Cards a seat took and gave up ([CardsAdded] with [CardsRemoved]), or passed to another ([CardsPassed])."""

    kind: str  # "swap" or "pass"
    seat: int
    cards_in: tuple[str, ...]
    cards_out: tuple[str, ...]
    to: int | None
    line: int
    out_line: int
    """The line of the cards given up ([CardsRemoved]); a pass's own line."""


@dataclass(frozen=True)
class Parts:
    calls: tuple[SeatCall, ...]
    tricks: tuple[dict[int, str | None], ...]
    trick_lines: tuple[int, ...]
    exchanges: tuple[Exchange, ...]


def read_parts(record: PtnRecord) -> Parts:
    """The calls, tricks and exchanges of a record; NotationError naming what is not Trickster's notation."""
    tricks, lines = _tricks(record)
    return Parts(_calls(record), tricks, lines, _exchanges(record))


def _calls(record: PtnRecord) -> tuple[SeatCall, ...]:
    start = record.value("Auction")
    if start is None:
        return ()
    seat = seat_of(start)
    found: list[SeatCall] = []
    ended = False
    for line, tokens in record.sections.get("Auction", []):
        for token in tokens:
            call = call_of(token)
            if call is None:
                ended = True
            elif ended:
                raise NotationError(f"line {line}: a call after a turn marked '-' (never reached)")
            else:
                found.append(SeatCall(seat, call, line))
            seat = (seat + 1) % len(COMPASS)
    return tuple(found)


def _tricks(record: PtnRecord) -> tuple[tuple[dict[int, str | None], ...], tuple[int, ...]]:
    start = record.value("Play")
    if start is None:
        return (), ()
    first = seat_of(start)
    tricks: list[dict[int, str | None]] = []
    lines: list[int] = []
    for line, tokens in record.sections.get("Play", []):
        if len(tokens) != len(COMPASS):
            raise NotationError(f"line {line}: a trick is {len(COMPASS)} cards or '-', one for each seat, not {len(tokens)}")
        tricks.append(
            {(first + offset) % len(COMPASS): None if token == "-" else our_card(token) for offset, token in enumerate(tokens)}
        )
        lines.append(line)
    return tuple(tricks), tuple(lines)


def _exchanges(record: PtnRecord) -> tuple[Exchange, ...]:
    found: list[Exchange] = []
    added: dict[int, list[tuple[tuple[str, ...], int]]] = {}
    removed: dict[int, list[tuple[tuple[str, ...], int]]] = {}
    for tag in record.repeated:
        if tag.name == "CardsPassed":
            giver, receiver, cards = passed_cards(tag.value)
            found.append(Exchange("pass", giver, (), tuple(cards), receiver, tag.line, tag.line))
        elif tag.name == "CardsAdded":
            seat, cards = seat_cards(tag.value)
            added.setdefault(seat, []).append((tuple(cards), tag.line))
        else:
            seat, cards = seat_cards(tag.value)
            removed.setdefault(seat, []).append((tuple(cards), tag.line))
    for seat, takes in added.items():
        gives = removed.get(seat, [])
        if len(gives) != len(takes):
            raise NotationError(f"{COMPASS[seat]}: {len(takes)} [CardsAdded] tag(s) but {len(gives)} [CardsRemoved]")
        for (cards_in, line), (cards_out, out_line) in zip(takes, gives, strict=True):
            found.append(Exchange("swap", seat, cards_in, cards_out, None, line, out_line))
    if set(removed) - set(added):
        seat = min(set(removed) - set(added))
        raise NotationError(f"{COMPASS[seat]}: [CardsRemoved] with no [CardsAdded]")
    return tuple(sorted(found, key=lambda exchange: exchange.line))
