"""The deal of a record, checked as a legal deal of the variant before anything is replayed.

Each seat must hold the variant's number of cards, every card must belong to its deck, none may be
dealt twice, and the hands with the undealt cards must make up the whole deck: a record that fails
any of these could not come from a shuffle of the right pack, and the finding cites the deck's or
the deal's clause. The first undealt card is the up-card, the rest the kitty.
"""

from __future__ import annotations

from collections import Counter

from reference_impl.deal import Deal
from ruleset.compiled.rules import Rules

from .findings import BROKEN, NOTE, Finding, RecordAudit
from .notation import NotationError, cards_of, deal_of, seat_name, seat_of, their_card
from .ptn import PtnRecord


def read_deal(record: PtnRecord, rules: Rules, audit: RecordAudit) -> Deal | None:
    """The record's deal for the engine, or None (with findings) when it is missing or not a legal deal."""
    document = rules.document
    deck_clause, deal_clause = document["deck"]["clause"], document["deal"]["clause"]
    missing = [name for name in ("Dealer", "Deal", "Undealt") if record.value(name) is None]
    if missing:
        message = f"the record has no {', '.join(f'[{name}]' for name in missing)}: the deal cannot be checked or replayed"
        audit.add(Finding("record_incomplete", NOTE, message, record.line))
        return None
    try:
        dealer = seat_of(str(record.value("Dealer")))
        hands = deal_of(str(record.value("Deal")))
        undealt = cards_of(str(record.value("Undealt")))
    except NotationError as exc:
        audit.unreadable.append(record.error("Deal", str(exc)))
        return None
    audit.hand.dealer = dealer
    line = record.line_of("Deal")
    problems: list[Finding] = []
    if dealer >= rules.players or len(hands) != rules.players:
        given = f"the deal gives {len(hands)} hand(s) and the dealer sits {seat_name(dealer)}"
        message = f"{given}, but {rules.variant_id} seats {rules.players}"
        problems.append(Finding("seats", BROKEN, message, line, document["seats"]["clause"]))
    for seat, cards in sorted(hands.items()):
        if len(cards) != rules.hand_size:
            message = f"is dealt {len(cards)} cards; {rules.variant_id} deals {rules.hand_size} to each player"
            problems.append(Finding("hand_size", BROKEN, message, line, deal_clause, seat))
    everything = [card for cards in hands.values() for card in cards] + undealt
    strange = sorted({card for card in everything if card not in rules.card_ids})
    if strange:
        verb = "is" if len(strange) == 1 else "are"
        named = ", ".join(their_card(card) for card in strange)
        message = f"{named} {verb} not in the {len(rules.deck)}-card deck of {rules.variant_id}"
        problems.append(Finding("not_in_deck", BROKEN, message, line, deck_clause))
    copies = Counter(card.code for card in rules.deck)
    twice = sorted(card for card, count in Counter(everything).items() if count > copies.get(card, 1))
    if twice:
        shown = ", ".join(their_card(card) for card in twice)
        problems.append(Finding("dealt_twice", BROKEN, f"{shown} dealt more than once", line, deck_clause))
    unaccounted = sorted((copies - Counter(everything)).elements())
    if unaccounted and not strange:
        message = f"the hands and the undealt cards leave out {', '.join(their_card(card) for card in unaccounted)} of the deck"
        problems.append(Finding("cards_missing", BROKEN, message, record.line_of("Undealt"), deck_clause))
    for problem in problems:
        audit.add(problem)
    if problems:
        return None
    up_card = rules.card_ids[undealt[0]] if rules.up_card else None
    kitty = undealt[1:] if rules.up_card else undealt
    seats = tuple(tuple(rules.card_ids[card] for card in hands[seat]) for seat in range(rules.players))
    return Deal(dealer, seats, up_card, tuple(rules.card_ids[card] for card in kitty))
