"""Shared helpers for the engine tests (tests/conftest.py is not ours, so they live here).

Everything here drives the engine only through its public surface: load_rules, deals, new_hand,
legal_actions, apply and observe. Cards are written as codes ("JH", "9C", "JK") and, for tests
that run once per trump suit, as role templates: a token whose second letter is lower case
names a suit by its role, so "Jt Jl Aa Kb" is the right bower, the left bower, the ace of one
plain suit and the king of the other.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence

import pytest

from reference_impl.deal import Deal, deal_number, explicit_deal
from reference_impl.engine import HandState, IllegalAction, apply, legal_actions, new_hand
from ruleset import builtin_catalog
from ruleset.compiled.cards import SAME_COLOUR, SUITS
from ruleset.compiled.loading import load_rules
from ruleset.compiled.rules import Action, Rules
from ruleset.validation import compositions

Composition = tuple[str, tuple[str, ...]]

ALL_COMPOSITIONS: list[Composition] = compositions(builtin_catalog())


def composition_id(combo: Composition) -> str:
    variant, house = combo
    return "+".join((variant, *house))


def rules_for(variant: str, *house_rules: str) -> Rules:
    return load_rules(variant, house_rules)


# ---------------------------------------------------------------------------------------------
# Cards and role templates


def roles(trump: str) -> dict[str, str]:
    """Suit roles for a trump suit: t trump, l the left bower's suit, a and b the plain suits."""
    left = SAME_COLOUR[trump]
    plain = [suit for suit in SUITS if suit not in (trump, left)]
    return {"t": trump, "l": left, "a": plain[0], "b": plain[1]}


def card(template: str, trump: str) -> str:
    """One card from a role token ("Jl" with trump H is "JD"); ordinary codes pass through."""
    if len(template) == 2 and template[1] in "tlab":
        return template[0] + roles(trump)[template[1]]
    return template


def cards(template: str, trump: str) -> list[str]:
    return [card(token, trump) for token in template.split()]


def codes(rules: Rules, ids: Iterable[int]) -> list[str]:
    return [rules.card_code(index) for index in ids]


def hand(state: HandState, seat: int) -> list[str]:
    return codes(state.rules, state.hands[seat])


def legal(state: HandState) -> list[str]:
    return [action.text for action in legal_actions(state)]


# ---------------------------------------------------------------------------------------------
# Deals


def make_deal(rules: Rules, dealer: int, hands: Sequence[str], up_card: str | None, trump: str | None = None) -> Deal:
    """An explicit deal from space-separated hands (role templates when `trump` is given)."""
    if trump is not None:
        parsed = [cards(text, trump) for text in hands]
        up = None if up_card is None else card(up_card, trump)
    else:
        parsed = [text.split() for text in hands]
        up = up_card
    return explicit_deal(rules, dealer, parsed, up)


def numbered_deal(rules: Rules, dealer: int = 0, accept: Callable[[Deal], bool] | None = None, start: int = 0) -> Deal:
    """The first numbered deal from `start` that `accept` likes (default: an ordinary up-card)."""
    for number in range(start, start + 10_000):
        deal = deal_number(rules, number, dealer)
        if accept is None:
            if deal.up_card is None or deal.up_card not in rules.special_cards:
                return deal
        elif accept(deal):
            return deal
    raise AssertionError("no deal found")


def trick_deal(rules: Rules, trump: str, plays: Sequence[str], dealer: int = 0) -> Deal:
    """A deal in which the first trick can be played as `plays`, led by the dealer's left.

    Each seat holds its card of the trick. A seat whose card does not follow the suit led gets
    no other card of that suit, so its play is legal; every other card is dealt at random. The
    up-card is the lowest card of the trump suit not in the trick, so ordering it up makes trump.
    """
    ids = rules.card_ids
    effective = rules.effective_suit[SUITS.index(trump)]
    n = rules.players
    order = [(dealer + 1 + k) % n for k in range(n)]
    assert len(plays) == n
    led = effective[ids[plays[0]]]
    plain_trump = [c.code for c in rules.deck if c.suit == trump and c.rank != "J" and c.code not in plays]
    up = plain_trump[-1]
    used = {*plays, up}
    rest = [c.code for c in rules.deck if c.code not in used]
    rng = random.Random(" ".join(plays))
    rng.shuffle(rest)
    free = [code for code in rest if effective[ids[code]] != led]
    follow = [code for code in rest if effective[ids[code]] == led]
    hands: dict[int, list[str]] = {seat: [code] for seat, code in zip(order, plays, strict=True)}
    constrained = [seat for seat, code in zip(order, plays, strict=True) if seat != order[0] and effective[ids[code]] != led]
    for seat in constrained:
        for _ in range(rules.hand_size - 1):
            hands[seat].append(free.pop())
    pool = follow + free
    for seat in order:
        if seat not in constrained:
            for _ in range(rules.hand_size - 1):
                hands[seat].append(pool.pop())
    return explicit_deal(rules, dealer, [hands[seat] for seat in range(n)], up)


# ---------------------------------------------------------------------------------------------
# Driving a hand


def refusal(state: HandState, action: Action | str, seat: int | None = None) -> str:
    """The reason code with which `action` is refused; fail the test if it is accepted."""
    try:
        apply(state, action, seat)
    except IllegalAction as exc:
        return exc.code
    pytest.fail(f"{action} was accepted during {state.phase}")


def run(state: HandState, *actions: str) -> HandState:
    """Apply actions in turn, each by the player to act (checked via the seat argument)."""
    for action in actions:
        state = apply(state, action, state.to_act)
    return state


def pass_until(state: HandState, seat: int) -> HandState:
    """Pass in bidding until `seat` is to act."""
    for _ in range(2 * state.rules.players):
        if state.to_act == seat:
            return state
        state = apply(state, "pass")
    raise AssertionError(f"seat {seat} never came to act")


def order_up_by(state: HandState, seat: int) -> HandState:
    """Round one: everyone passes until `seat`, who orders the up-card up."""
    assert state.phase == "bid_round_one"
    return apply(pass_until(state, seat), "order_up", seat)


def name_trump_by(state: HandState, seat: int, suit: str) -> HandState:
    """Round one passes out, then round two passes until `seat`, who names `suit`."""
    for _ in range(state.rules.players):
        state = apply(state, "pass")
    assert state.phase == "bid_round_two"
    return apply(pass_until(state, seat), f"name_trump:{suit}", seat)


def advance_to_play(state: HandState, discard: str | None = None, alone: bool = False) -> HandState:
    """From trump made to the first lead: decline or go alone, discard, decline lone defence."""
    while state.phase != "play":
        if state.phase == "declare_alone":
            state = apply(state, "go_alone" if alone or legal(state) == ["go_alone"] else "pass")
        elif state.phase == "dealer_discard":
            state = apply(state, f"discard:{discard}" if discard else legal(state)[0])
        elif state.phase == "defend_alone":
            state = apply(state, "pass")
        else:
            raise AssertionError(f"unexpected phase {state.phase}")
    return state


def first_trick_state(rules: Rules, trump: str, plays: Sequence[str], dealer: int = 0) -> HandState:
    """The hand from trick_deal, trump ordered up by the dealer's left, ready for the first lead."""
    deal = trick_deal(rules, trump, plays, dealer)
    state = order_up_by(new_hand(rules, deal), (dealer + 1) % rules.players)
    state = advance_to_play(state, discard=rules.card_code(deal.up_card) if deal.up_card is not None else None)
    assert state.to_act == (dealer + 1) % rules.players
    return state


def play_cards(state: HandState, *plays: str) -> HandState:
    return run(state, *(f"play:{code}" for code in plays))


def random_playout(state: HandState, rng: random.Random) -> HandState:
    while not state.is_over:
        state = apply(state, rng.choice(legal_actions(state)))
    return state


# ---------------------------------------------------------------------------------------------
# Scoring and accounting


def expected_points(rules: Rules, maker: int, row_to: str, points: int) -> tuple[int, ...]:
    makers_team = rules.team_of[maker]
    return tuple(points if (team == makers_team) == (row_to == "makers") else 0 for team in range(len(rules.teams)))


def expected_player_points(state: HandState) -> tuple[int, ...]:
    """A finished hand's points per team under a per-player table, read from the rules document itself.

    Each seat's role is worked out from the state (the maker, a seat sitting out, or one who played)
    and matched against the rows as written, so the compiled table is checked, not restated.
    """
    rules = state.rules
    points = [0] * len(rules.teams)
    for seat in range(rules.players):
        role = "maker" if seat == state.maker else "defender" if state.active[seat] else "folded"
        tricks = state.tricks_won[seat]
        fitting = [
            row
            for row in rules.document["scoring"]["player_rows"].values()
            if role in _listed(row["when"].get("role", role)) and tricks in row["when"].get("tricks", [tricks])
        ]
        assert len(fitting) == 1, f"{len(fitting)} rows cover a {role} with {tricks} trick(s)"
        award = fitting[0]["award"]
        points[rules.team_of[seat]] += award["tricks"] * tricks + award["points"]
    return tuple(points)


def _listed(value: str | list[str]) -> list[str]:
    return value if isinstance(value, list) else [value]


def cards_in_view(state: HandState) -> Counter[int]:
    """Every card the state accounts for: hands, dummy, kitty (as it lies now), up-card (unless taken), discards, played."""
    seen: Counter[int] = Counter()
    for held in state.hands:
        seen.update(held)
    seen.update(state.dummy)
    seen.update(state.set_aside)
    seen.update(state.kitty)
    if state.deal.up_card is not None and state.discarded is None and not state.up_card_given:
        seen[state.deal.up_card] += 1  # not taken (yet), nor passed to a lone partner: still on the table
    if state.discarded is not None:
        seen[state.discarded] += 1
    for _, trick in state.tricks:
        seen.update(card for _, card in trick)
    seen.update(card for _, card in state.trick)
    return seen
