"""What one seat knows of a hand: the engine's referee view with everything hidden from that seat taken out.

The engine observes a hand as a referee does (every hand, the kitty, every discard), which is
what the protocol and the conformance suite compare. A player at the table sees less, and a
learning agent must be given only that. The rule, field by field:

- public: the phase, who acts, the dealer, the up-card and a suit turned down, trump, the maker
  and who plays or defends alone, who sits out or folded, whether the up-card was taken, the
  cards on the table and the tricks won, how many cards each hand holds, the auction and its
  contract, every call (a pass, a bid, a suit named), every card played, the cards a player
  going under shows face up, and at the end the points;
- the seat's own: its hand (as dealt and as it is now), its legal actions when it is to act,
  the cards it discarded, the cards it gave and the cards it received (from a partner, or the
  kitty);
- nobody's: the other hands, the kitty, the dummy (until a maker takes it into their hand), and
  the cards others discarded or passed between themselves, of which only the count shows.

Nothing here reads the engine's state: a view is built from the protocol's observation, the
deal, and the record of moves the simulator keeps.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ruleset.compiled.cards import SUITS
from ruleset.compiled.rules import TRUMP_LETTERS

from .hand import Hand
from .table import CARD_KINDS

DEALING = "deal"
"""The phase of a view while chance deals the cards (the engine's phases start after the deal)."""
SHOWN_PHASE = "go_under_discard"
"""The phase whose discards are laid face up (going under), so every seat sees them."""
HIDDEN_KINDS = ("discard", "give")
"""The moves whose card only the mover sees (but in SHOWN_PHASE): the others see `discard:?` or `give:?`."""


@dataclass(frozen=True)
class SeatView:
    """One seat's knowledge of a hand now, in card ids and seat numbers."""

    seat: int
    phase: str
    to_act: int | None
    dealer: int | None
    up_card: int | None
    turned_down: int | None
    trump: int | None
    maker: int | None
    maker_alone: bool
    defender_alone: int | None
    sitting_out: tuple[int, ...]
    folded: tuple[int, ...]
    dealer_took_up_card: bool
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    trick: tuple[tuple[int, int], ...]
    """The cards on the table, (seat, card), in the order played."""
    tricks_won: tuple[int, ...]
    contract: tuple[int, str, bool] | None
    """The auction's result: (bidder, bid text, alone)."""
    shown: tuple[int, ...]
    set_aside: tuple[int, ...]
    given: tuple[int, ...]
    received: tuple[int, ...]
    dealt: tuple[int, ...]
    plays: tuple[tuple[int, int, int], ...]
    """Every card played, (seat, card, trick number from 0), in order."""
    calls: tuple[tuple[int, str], ...]
    """Every call, (seat, action text), in order."""
    moves: tuple[tuple[int, str], ...]
    """Every move as this seat saw it: (seat, action text), a card hidden from it written `discard:?` or `give:?`."""
    legal: tuple[str, ...]
    points: tuple[int, ...] | None
    """The hand's points by side once it is over."""


def seat_view(hand: Hand, seat: int, private: bool = True) -> SeatView:
    """What `seat` knows of `hand` now; without `private`, only what every onlooker knows (OpenSpiel's public observer)."""
    view = _seat_view(hand, seat)
    if private:
        return view
    moves = tuple((s, _seen_text(s, text, phase, ONLOOKER)) for s, text, phase in hand.moves())
    return replace(view, hand=(), dealt=(), set_aside=(), given=(), received=(), legal=(), moves=moves)


ONLOOKER = -1
"""No seat: someone who sees only what is public."""


def _seat_view(hand: Hand, seat: int) -> SeatView:
    rules = hand.table.rules
    players = rules.players
    observation = hand.observation()
    if observation is None:
        return _dealing_view(seat, hand.dealer, players)
    assert hand.deal is not None  # observed, so dealt
    # One pass over the moves: what everyone saw of each, the calls, the cards played, shown and set aside.
    actions = rules.actions
    seen: list[tuple[int, str]] = []
    calls: list[tuple[int, str]] = []
    played: list[tuple[int, int]] = []
    shown: list[int] = []
    set_aside: list[int] = []
    for s, text, phase in hand.moves():
        action = actions[text]
        kind = action.kind
        if kind == "play":
            played.append((s, action.card))
        elif kind not in CARD_KINDS:
            calls.append((s, text))
        if phase == SHOWN_PHASE:
            shown.append(action.card)
        elif kind == "discard" and s == seat:
            set_aside.append(action.card)
        seen.append((s, f"{kind}:?" if kind in HIDDEN_KINDS and s != seat and phase != SHOWN_PHASE else text))
    card = rules.card_ids.__getitem__
    given: list[int] = []
    received: list[int] = []
    for move in observation["cards_passed"] or ():
        cards = [card(code) for code in move["cards"]]
        if move["from"] == seat and isinstance(move["to"], int):
            given.extend(cards)
        elif move["to"] == seat:
            received.extend(cards)
    sitting_out = tuple(observation["sitting_out"])
    folded = tuple(observation["folded"] or ())
    playing = players - len(set(sitting_out) | set(folded))
    plays = tuple((s, played_card, ordinal // playing) for ordinal, (s, played_card) in enumerate(played))
    contract = observation["contract"]
    result = observation["result"]
    up_card = observation["up_card"]
    turned_down = observation["turned_down"]
    trump = observation["trump"]
    return SeatView(
        seat=seat,
        phase=observation["phase"],
        to_act=observation["to_act"],
        dealer=observation["dealer"],
        up_card=None if up_card is None else card(up_card),
        turned_down=None if turned_down is None else SUITS.index(turned_down),
        trump=None if trump is None else TRUMP_LETTERS.index(trump),
        maker=observation["maker"],
        maker_alone=observation["maker_alone"],
        defender_alone=observation["defender_alone"],
        sitting_out=sitting_out,
        folded=folded,
        dealer_took_up_card=observation["dealer_took_up_card"],
        hand=tuple(card(code) for code in observation["hands"][seat]),
        hand_sizes=tuple(len(held) for held in observation["hands"]),
        trick=tuple((s, card(code)) for s, code in observation["trick"]),
        tricks_won=tuple(observation["tricks_won"]),
        contract=None if contract is None else (contract["bidder"], contract["bid"], contract["alone"]),
        shown=tuple(shown),
        set_aside=tuple(set_aside),
        given=tuple(given),
        received=tuple(received),
        dealt=tuple(hand.deal.hands[seat]),
        plays=plays,
        calls=tuple(calls),
        moves=tuple(seen),
        legal=tuple(observation["legal_actions"]) if observation["to_act"] == seat else (),
        points=None if result is None else tuple(result["points"]),
    )


def _seen_text(actor: int, text: str, phase: str, seat: int) -> str:
    """A move as `seat` saw it: a discarded or given card is hidden from everyone but its owner, unless laid face up."""
    kind, _, _ = text.partition(":")
    if kind in HIDDEN_KINDS and actor != seat and phase != SHOWN_PHASE:
        return f"{kind}:?"
    return text


def _dealing_view(seat: int, dealer: int | None, players: int) -> SeatView:
    """While the cards are dealt, a seat knows only who deals: it looks at its cards once the deal is over."""
    return SeatView(
        seat=seat,
        phase=DEALING,
        to_act=None,
        dealer=dealer,
        up_card=None,
        turned_down=None,
        trump=None,
        maker=None,
        maker_alone=False,
        defender_alone=None,
        sitting_out=(),
        folded=(),
        dealer_took_up_card=False,
        hand=(),
        hand_sizes=(0,) * players,
        trick=(),
        tricks_won=(0,) * players,
        contract=None,
        shown=(),
        set_aside=(),
        given=(),
        received=(),
        dealt=(),
        plays=(),
        calls=(),
        moves=(),
        legal=(),
        points=None,
    )


def describe(view: SeatView, codes: tuple[str, ...], recall: bool) -> str:
    """The view as text: the current position, and with `recall` every move the seat saw since the deal.

    Two histories give the same text with `recall` exactly when the seat cannot tell them
    apart, so the text can key a table of information states (OpenSpiel's tabular methods do).
    """

    def cards(ids: tuple[int, ...]) -> str:
        return " ".join(codes[i] for i in ids) or "-"

    lines = [f"seat {view.seat}, dealer {_seat(view.dealer)}, phase {view.phase}"]
    if view.phase != DEALING:
        if recall:
            lines.append(f"dealt: {cards(view.dealt)}")
        lines.append(f"hand: {cards(view.hand)}")
        lines.append(f"up-card: {'-' if view.up_card is None else codes[view.up_card]}")
        if recall:
            lines.extend(f"{s}: {text}" for s, text in view.moves)
        else:
            lines.append(_position(view, codes))
        for name, ids in (
            ("shown", view.shown),
            ("set aside", view.set_aside),
            ("given", view.given),
            ("received", view.received),
        ):
            if ids:
                lines.append(f"{name}: {cards(ids)}")
        lines.append(f"hand sizes: {' '.join(map(str, view.hand_sizes))}")
        if view.points is not None:
            lines.append(f"points: {' '.join(map(str, view.points))}")
    return "\n".join(lines)


def _position(view: SeatView, codes: tuple[str, ...]) -> str:
    """The public position without its history: trump, maker, alone, the trick on the table, tricks won."""
    parts: list[str] = [f"to act {_seat(view.to_act)}"]
    if view.turned_down is not None:
        parts.append(f"turned down {SUITS[view.turned_down]}")
    if view.trump is not None:
        parts.append(f"trump {TRUMP_LETTERS[view.trump]} by {_seat(view.maker)}{' alone' if view.maker_alone else ''}")
    if view.contract is not None:
        parts.append(f"contract {view.contract[1]} by {view.contract[0]}")
    if view.defender_alone is not None:
        parts.append(f"{view.defender_alone} defends alone")
    if view.sitting_out:
        parts.append("sitting out " + " ".join(map(str, view.sitting_out)))
    if view.folded:
        parts.append("folded " + " ".join(map(str, view.folded)))
    parts.append("trick " + (" ".join(f"{s}:{codes[c]}" for s, c in view.trick) or "-"))
    parts.append("tricks won " + " ".join(map(str, view.tricks_won)))
    return ", ".join(parts)


def _seat(seat: Any) -> str:
    return "-" if seat is None else str(seat)
