"""A deal drawn as a table: one row per seat with its cards, the dealer marked, the up-card apart.

Used by the variant pages (an example deal) and by every worked example, so a hand of cards
looks the same wherever a reader meets it.
"""

from __future__ import annotations

from collections.abc import Sequence

from reference_impl.deal import Deal
from ruleset.compiled.rules import Rules

from .markup import cards

OFFSETS = {
    2: {1: "non-dealer"},
    3: {1: "left", 2: "right"},
    4: {1: "left", 2: "partner", 3: "right"},
    6: {1: "left", 2: "second left", 3: "opposite", 4: "second right", 5: "right"},
}
"""Where each seat sits from the dealer's chair, by the number of players (clockwise: left comes first)."""


def position(rules: Rules, seat: int, dealer: int | None) -> str:
    """A seat named by where it sits from the dealer: 'dealer', 'left', 'partner', 'right' (four hands)."""
    if dealer is None or seat >= rules.players:
        return ""
    if seat == dealer:
        return "dealer"
    offset = (seat - dealer) % rules.players
    word = OFFSETS.get(rules.players, {}).get(offset, f"{offset} to the left")
    if word == "partner" and not rules.is_partnership():
        return "opposite"
    if rules.players > 4 and rules.is_partnership() and rules.team_of[seat] == rules.team_of[dealer]:
        return f"{word}, dealer's partner"
    return word


def seat_label(rules: Rules, seat: int, dealer: int | None) -> str:
    """'Seat 2 (dealer)', 'Seat 3 (left)'; a hand beyond the players is the dummy's."""
    if seat >= rules.players:
        return "Dummy"
    where = position(rules, seat, dealer)
    return f"Seat {seat}" + (f" ({where})" if where else "")


def deal_table(
    rules: Rules,
    hands: Sequence[Sequence[str]],
    dealer: int | None,
    up_card: str | None = None,
    kitty: Sequence[str] | None = None,
    names: dict[str, str] | None = None,
) -> str:
    """The deal as an HTML block (cards drawn), ready to sit in a Markdown page."""
    rows = []
    for seat, hand in enumerate(hands):
        label = seat_label(rules, seat, dealer)
        css = ' class="dealer"' if seat == dealer else ""
        rows.append(f'<tr{css}><th scope="row">{label}</th><td>{cards(hand, names)}</td></tr>')
    if up_card is not None:
        rows.append(f'<tr class="up-card"><th scope="row">Up-card</th><td>{cards([up_card], names)}</td></tr>')
    if kitty:
        rows.append(f'<tr class="kitty"><th scope="row">Kitty</th><td>{cards(kitty, names)}</td></tr>')
    return '<table class="deal">\n' + "\n".join(rows) + "\n</table>\n"


def special_names(data: dict[str, object]) -> dict[str, str]:
    """The names of a variant's special cards (JK: Benny), for card titles."""
    trump = data.get("trump", {})
    specials = trump.get("special_cards", []) if isinstance(trump, dict) else []
    return {str(item["card"]): str(item.get("name", item["card"])) for item in specials if isinstance(item, dict)}


def dealt_codes(rules: Rules, deal: Deal) -> tuple[list[list[str]], str | None, list[str]]:
    """A dealt hand in card codes: the hands, the up-card and the kitty."""
    hands = [[rules.card_code(card) for card in hand] for hand in deal.hands]
    up_card = None if deal.up_card is None else rules.card_code(deal.up_card)
    return hands, up_card, [rules.card_code(card) for card in deal.kitty]
