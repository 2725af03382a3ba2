"""Trump, bowers, the Benny, following suit and who wins a trick.

Tests that run once per trump suit write cards as role templates (see engine_helpers): "Jt" is
the right bower, "Jl" the left bower, "Aa"/"Kb" cards of the two plain suits.
"""

from __future__ import annotations

import pytest

from reference_impl.engine import apply, new_hand
from ruleset.compiled.cards import SUITS
from tests.engine_helpers import (
    advance_to_play,
    card,
    cards,
    first_trick_state,
    hand,
    legal,
    make_deal,
    order_up_by,
    play_cards,
    refusal,
    roles,
    rules_for,
)

TRUMPS = list(SUITS)


def _trump_order(variant: str, trump: str) -> list[str]:
    """The trump suit from highest to lowest, written out by hand from the variant files."""
    plain = "A K Q T 9 8 7" if variant == "two-handed" else "A K Q T 9"
    top = ["JK"] if variant == "british" else []
    return top + cards("Jt Jl", trump) + [rank + trump for rank in plain.split()]


def _plain_order(variant: str, suit: str) -> list[str]:
    ranks = "A K Q J T 9 8 7" if variant == "two-handed" else "A K Q J T 9"
    return [rank + suit for rank in ranks.split()]


# ---------------------------------------------------------------------------------------------
# The compiled tables: effective suit and strength for every trump suit


@pytest.mark.parametrize("trump", TRUMPS)
@pytest.mark.parametrize("variant", ["north-american", "british", "cutthroat", "two-handed"])
def test_trump_suit_order_and_membership(variant: str, trump: str) -> None:
    rules = rules_for(variant)
    t = SUITS.index(trump)
    order = _trump_order(variant, trump)
    ids = [rules.card_ids[code] for code in order]
    assert [rules.effective_suit[t][i] for i in ids] == [t] * len(order)
    powers = [rules.power[t][i] for i in ids]
    assert powers == sorted(powers, reverse=True) and len(set(powers)) == len(powers), order
    # Exactly these cards are trump, and the lowest of them beats every other card.
    trumps = {code for code in rules.card_ids if rules.effective_suit[t][rules.card_ids[code]] == t}
    assert trumps == set(order)
    others = [i for i in range(len(rules.deck)) if i not in ids]
    assert min(powers) > max(rules.power[t][i] for i in others)


@pytest.mark.parametrize("trump", TRUMPS)
@pytest.mark.parametrize("variant", ["north-american", "british", "two-handed"])
def test_plain_suits_keep_their_own_cards_but_lose_the_left_bower(variant: str, trump: str) -> None:
    rules = rules_for(variant)
    t = SUITS.index(trump)
    role = roles(trump)
    for letter in "lab":
        suit = role[letter]
        order = [code for code in _plain_order(variant, suit) if not (letter == "l" and code[0] == "J")]
        ids = [rules.card_ids[code] for code in order]
        assert [rules.effective_suit[t][i] for i in ids] == [SUITS.index(suit)] * len(order)
        powers = [rules.power[t][i] for i in ids]
        assert powers == sorted(powers, reverse=True) and len(set(powers)) == len(powers), order
    left_bower = rules.card_ids[card("Jl", trump)]
    assert rules.effective_suit[t][left_bower] == t


@pytest.mark.parametrize("trump", TRUMPS)
def test_benny_is_top_trump_whatever_the_suit(trump: str) -> None:
    rules = rules_for("british")
    t = SUITS.index(trump)
    benny = rules.card_ids["JK"]
    right = rules.card_ids["J" + trump]
    assert benny in rules.special_cards
    assert rules.effective_suit[t][benny] == t
    assert rules.power[t][benny] > rules.power[t][right] == max(p for i, p in enumerate(rules.power[t]) if i != benny)


@pytest.mark.parametrize(
    ("variant", "ranks", "extra"),
    [
        ("north-american", "AKQJT9", []),
        ("cutthroat", "AKQJT9", []),
        ("british", "AKQJT9", ["JK"]),
        ("two-handed", "AKQJT987", []),
    ],
)
def test_deck_contents(variant: str, ranks: str, extra: list[str]) -> None:
    rules = rules_for(variant)
    assert sorted(c.code for c in rules.deck) == sorted([*(r + s for r in ranks for s in SUITS), *extra])


# ---------------------------------------------------------------------------------------------
# Following suit with the left bower, played out for every trump suit (north-american)
# Dealer 0; seat 1 orders up the 9 of trump and leads; the dealer discards the up-card.


def _started(variant: str, trump: str, hands: list[str], up: str = "9t"):
    rules = rules_for(variant)
    deal = make_deal(rules, 0, hands, up, trump)
    state = order_up_by(new_hand(rules, deal), 1)
    return advance_to_play(state, discard=card(up, trump))


LEFT_FOLLOWS_TRUMP = ["Jt Tt Qa Qb Ja", "At Kt Qt Ta Tb", "Jl Al Kl Aa Ab", "Ql Tl 9l Ka Kb"]


@pytest.mark.parametrize("trump", TRUMPS)
def test_any_card_may_be_led(trump: str) -> None:
    state = _started("north-american", trump, LEFT_FOLLOWS_TRUMP)
    assert state.phase == "play" and state.to_act == 1
    assert sorted(legal(state)) == sorted(f"play:{c}" for c in cards("At Kt Qt Ta Tb", trump))


@pytest.mark.parametrize(("dealer_plays", "winner"), [("Tt", 2), ("Jt", 0)], ids=["left-beats-ace", "right-beats-left"])
@pytest.mark.parametrize("trump", TRUMPS)
def test_left_bower_must_follow_a_trump_lead(trump: str, dealer_plays: str, winner: int) -> None:
    state = _started("north-american", trump, LEFT_FOLLOWS_TRUMP)
    state = play_cards(state, card("At", trump))
    assert state.led_suit == SUITS.index(trump)
    # Seat 2's only trump is the left bower: it must be played, though seat 2 holds its printed suit.
    assert legal(state) == [f"play:{card('Jl', trump)}"]
    assert refusal(state, f"play:{card('Al', trump)}") == "must_follow_suit"
    state = play_cards(state, card("Jl", trump))
    # Seat 3 holds no trump at all (its hearts/diamonds are of the left bower's suit): anything goes.
    assert sorted(legal(state)) == sorted(f"play:{c}" for c in cards("Ql Tl 9l Ka Kb", trump))
    state = play_cards(state, card("Ql", trump))
    assert sorted(legal(state)) == sorted(f"play:{c}" for c in cards("Jt Tt", trump))
    state = play_cards(state, card(dealer_plays, trump))
    assert state.tricks[0][0] == winner
    assert state.to_act == winner and state.tricks_won[winner] == 1


LEFT_NOT_PRINTED = ["Jt At Tt 9a 9b", "Al Kt Qt Ta Tb", "Jl Aa Ab Ka Kb", "Kl Ql Qa Qb Ja"]
LEFT_AND_PRINTED = ["Jt At Tt 9a 9b", "Al Kt Qt Ta Tb", "Jl 9l Aa Ab Ka", "Kl Ql Qa Qb Ja"]


@pytest.mark.parametrize("trump", TRUMPS)
def test_left_bower_does_not_follow_its_printed_suit(trump: str) -> None:
    state = _started("north-american", trump, LEFT_NOT_PRINTED)
    state = play_cards(state, card("Al", trump))
    assert state.led_suit == SUITS.index(roles(trump)["l"])
    # Seat 2's left bower is no card of the suit led: seat 2 cannot follow and may play anything.
    assert sorted(legal(state)) == sorted(f"play:{c}" for c in cards("Jl Aa Ab Ka Kb", trump))
    state = play_cards(state, card("Jl", trump))
    assert sorted(legal(state)) == sorted(f"play:{c}" for c in cards("Kl Ql", trump))
    assert refusal(state, f"play:{card('Qa', trump)}") == "must_follow_suit"
    state = play_cards(state, card("Kl", trump), card("9a", trump))
    assert state.tricks[0][0] == 2, "the left bower trumps the lead of its printed suit"


@pytest.mark.parametrize("trump", TRUMPS)
def test_holding_the_left_bower_and_its_printed_suit_follow_with_the_printed_card(trump: str) -> None:
    state = _started("north-american", trump, LEFT_AND_PRINTED)
    state = play_cards(state, card("Al", trump))
    assert legal(state) == [f"play:{card('9l', trump)}"]
    assert refusal(state, f"play:{card('Jl', trump)}") == "must_follow_suit"


LEFT_LED = ["Jt At Tt Qb Ja", "Jl Kt Ta Tb Tl", "Qt Al Kl Aa Ab", "Ql 9l Ka Kb Qa"]


@pytest.mark.parametrize(("dealer_plays", "winner"), [("At", 1), ("Jt", 0)], ids=["left-beats-ace", "right-beats-left"])
@pytest.mark.parametrize("trump", TRUMPS)
def test_leading_the_left_bower_leads_trump(trump: str, dealer_plays: str, winner: int) -> None:
    state = _started("north-american", trump, LEFT_LED)
    state = play_cards(state, card("Jl", trump))
    assert state.led_suit == SUITS.index(trump)
    assert legal(state) == [f"play:{card('Qt', trump)}"]
    assert refusal(state, f"play:{card('Al', trump)}") == "must_follow_suit"
    state = play_cards(state, card("Qt", trump))
    assert len(legal(state)) == 5  # seat 3 has no trump, only cards of the left bower's printed suit
    state = play_cards(state, card("Ql", trump))
    assert sorted(legal(state)) == sorted(f"play:{c}" for c in cards("Jt At Tt", trump))
    state = play_cards(state, card(dealer_plays, trump))
    assert state.tricks[0][0] == winner


# ---------------------------------------------------------------------------------------------
# Refusals in play


@pytest.mark.parametrize("trump", TRUMPS)
def test_play_refusals_name_the_reason(trump: str) -> None:
    state = _started("north-american", trump, LEFT_FOLLOWS_TRUMP)
    assert refusal(state, f"play:{card('Jl', trump)}") == "card_not_in_hand"  # seat 2's card, seat 1 to lead
    state = play_cards(state, card("At", trump))
    assert refusal(state, f"play:{card('At', trump)}") == "card_not_in_hand"  # already played
    assert refusal(state, f"play:{card('Kt', trump)}") == "card_not_in_hand"  # the leader's card
    assert refusal(state, f"play:{card('Aa', trump)}") == "must_follow_suit"  # held, but trump was led
    assert refusal(state, f"play:{card('Jl', trump)}", seat=3) == "not_your_turn"


def test_following_suit_is_checked_on_every_trick() -> None:
    # Trump hearts; seat 1 wins the first trick and leads clubs, which seat 2 can follow.
    state = _started("north-american", "H", ["JH TH QC QS JC", "AH KH QH TC TS", "JD AD KD AC AS", "QD TD 9D KC KS"], "9H")
    state = play_cards(state, "AH", "JD", "QD", "TH")
    assert state.tricks[0][0] == 2 and state.to_act == 2
    state = play_cards(state, "AC")
    assert sorted(legal(state)) == ["play:KC"]
    assert refusal(state, "play:TD") == "must_follow_suit"
    state = play_cards(state, "KC")
    assert sorted(legal(state)) == ["play:JC", "play:QC"]
    state = play_cards(state, "QC")
    assert sorted(legal(state)) == ["play:TC"]
    state = play_cards(state, "TC")
    assert state.tricks[1][0] == 2


# ---------------------------------------------------------------------------------------------
# The Benny (british): follows trump, leads trump, beats the right bower


BENNY_FOLLOWS = ["Jt Tt Qa Qb Ja", "At Kt Qt Ta Tb", "JK Al Kl Aa Ab", "Ql Tl 9l Ka Kb"]
BENNY_LED = ["Jt At Tt Qb Ja", "JK Kt Ta Tb Tl", "Qt Al Kl Aa Ab", "Ql 9l Ka Kb Qa"]


@pytest.mark.parametrize("trump", TRUMPS)
def test_benny_must_follow_a_trump_lead_and_beats_the_right_bower(trump: str) -> None:
    state = _started("british", trump, BENNY_FOLLOWS)
    state = play_cards(state, card("At", trump))
    assert legal(state) == ["play:JK"]
    assert refusal(state, f"play:{card('Al', trump)}") == "must_follow_suit"
    state = play_cards(state, "JK", card("Ql", trump))
    assert sorted(legal(state)) == sorted(f"play:{c}" for c in cards("Jt Tt", trump))
    state = play_cards(state, card("Jt", trump))
    assert state.tricks[0][0] == 2


@pytest.mark.parametrize("trump", TRUMPS)
def test_leading_the_benny_leads_trump(trump: str) -> None:
    state = _started("british", trump, BENNY_LED)
    state = play_cards(state, "JK")
    assert state.led_suit == SUITS.index(trump)
    assert legal(state) == [f"play:{card('Qt', trump)}"]
    state = play_cards(state, card("Qt", trump))
    assert len(legal(state)) == 5
    state = play_cards(state, card("Ql", trump))
    assert sorted(legal(state)) == sorted(f"play:{c}" for c in cards("Jt At Tt", trump))
    state = play_cards(state, card("Jt", trump))
    assert state.tricks[0][0] == 1


# ---------------------------------------------------------------------------------------------
# Who wins a trick: played out from a deal built so that each play is legal.
# Each case: the cards in play order from the dealer's left, and the index of the winning card.

FOUR_HAND_TRICKS = {
    "right-bower-beats-left": (["At", "Jl", "Jt", "Kt"], 2),
    "left-bower-beats-ace": (["At", "Jl", "Kt", "Qt"], 1),
    "lowest-trump-beats-ace-led": (["Ka", "9t", "Aa", "Qa"], 1),
    "higher-trump-overtrumps": (["Ka", "9t", "Tt", "Aa"], 2),
    "highest-of-suit-led": (["Ka", "Qa", "Aa", "9a"], 2),
    "off-suit-aces-never-win": (["9a", "Ab", "Al", "Ta"], 3),
    "leader-wins-if-nobody-follows": (["9a", "Ab", "Al", "Kb"], 0),
    "jack-of-plain-suit-is-ordinary": (["Ja", "Qa", "Ta", "9a"], 1),
    "left-bower-trumps-its-printed-suit": (["Al", "Jl", "Kl", "Ql"], 1),
    "left-bower-led-is-trump": (["Jl", "At", "Jt", "Al"], 2),
    "left-bower-led-wins-over-plain-ace": (["Jl", "Al", "Aa", "Ab"], 0),
}
BENNY_TRICKS = {
    "benny-beats-right-bower": (["Jt", "JK", "At", "Kt"], 1),
    "benny-trumps-a-plain-lead": (["Ka", "JK", "Aa", "Jt"], 1),
    "benny-led-wins": (["JK", "Jt", "Jl", "At"], 0),
    "benny-over-ace-led-by-nine": (["Aa", "9t", "JK", "Qa"], 2),
}
THREE_HAND_TRICKS = {
    "right-bower-beats-left": (["At", "Jl", "Jt"], 2),
    "lowest-trump-beats-ace-led": (["Ka", "9t", "Aa"], 1),
    "highest-of-suit-led": (["Qa", "Aa", "Ab"], 1),
    "off-suit-never-wins": (["9a", "Ab", "Al"], 0),
}
TWO_HAND_TRICKS = {
    "eight-beats-seven": (["8a", "7a"], 0),
    "seven-loses-to-eight": (["7a", "8a"], 1),
    "seven-of-trump-beats-ace": (["Aa", "7t"], 1),
    "eight-of-trump-beats-seven": (["7t", "8t"], 1),
    "left-bower-beats-ace-of-trump": (["At", "Jl"], 1),
    "off-suit-ace-never-wins": (["7a", "Ab"], 0),
    "nine-beats-eight": (["8b", "9b"], 1),
}


def _trick_cases(variant: str, table: dict[str, tuple[list[str], int]]):
    return [
        pytest.param(variant, trump, plays, winner, id=f"{variant}-{trump}-{name}")
        for name, (plays, winner) in table.items()
        for trump in TRUMPS
    ]


TRICK_CASES = (
    _trick_cases("north-american", FOUR_HAND_TRICKS)
    + _trick_cases("british", FOUR_HAND_TRICKS)
    + _trick_cases("british", BENNY_TRICKS)
    + _trick_cases("cutthroat", THREE_HAND_TRICKS)
    + _trick_cases("two-handed", TWO_HAND_TRICKS)
)


@pytest.mark.parametrize(("variant", "trump", "plays", "winner"), TRICK_CASES)
def test_trick_winner(variant: str, trump: str, plays: list[str], winner: int) -> None:
    rules = rules_for(variant)
    played = cards(" ".join(plays), trump)
    for dealer in range(rules.players):
        state = first_trick_state(rules, trump, played, dealer)
        order = [(dealer + 1 + k) % rules.players for k in range(rules.players)]
        for seat, code in zip(order, played, strict=True):
            assert state.to_act == seat
            state = apply(state, f"play:{code}", seat)
        winning_seat = order[winner]
        assert state.tricks[0] == (winning_seat, tuple((s, rules.card_ids[c]) for s, c in zip(order, played, strict=True)))
        assert state.tricks_won[winning_seat] == 1 and sum(state.tricks_won) == 1
        assert state.to_act == winning_seat and state.trick == ()
        assert all(c not in hand(state, s) for s, c in zip(order, played, strict=True))


def test_two_handed_sevens_and_eights_rank_lowest() -> None:
    rules = rules_for("two-handed")
    for trump in range(4):
        for suit in SUITS:
            ids = {rank: rules.card_ids[rank + suit] for rank in "AKQJT987"}
            power = rules.power[trump]
            assert power[ids["7"]] < power[ids["8"]] < power[ids["9"]] < power[ids["T"]] < power[ids["A"]]
            assert power[ids["8"]] == min(power[ids[r]] for r in "AKQJT98")
            assert power[ids["7"]] == min(power[ids[r]] for r in "AKQJT987")
