"""Playing the tricks and scoring the hand.

Following suit and winning tricks both go by a card's *effective* suit (a bower or a Benny
belongs to trump), read from the compiled rules' tables for the hand's trump suit.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from ruleset.compiled.rules import Action, Rules

from .abandon import ROW, abandoned_points, with_abandon
from .auction import contract_leader
from .bidding import throw_in
from .conditions import bars
from .contract_score import score_contract
from .lead_out_of_turn import with_lead_out_of_turn
from .penalty import takes_off_guilty_side
from .state import HandResult, HandState

if TYPE_CHECKING:
    from .phases import Phase


def first_leader(state: HandState) -> int:
    """Who leads the first trick: by the auction's rule in a contract game, else by the variant's rule
    for lone hands (or the maker, where the maker leads)."""
    rules = state.rules
    if rules.auction is not None and state.contract is not None:
        return contract_leader(state)
    if rules.first_lead == "maker" and state.maker is not None:
        return state.maker
    if rules.first_lead == "left_of_lone_player":
        if state.maker_alone and state.defender_alone is not None:
            return state.defender_alone
        if state.defender_alone is not None:
            return state.next_active(state.defender_alone)
        if state.maker_alone and state.maker is not None:
            return state.next_active(state.maker)
    return state.next_active(state.dealer)


def start(state: HandState) -> bool:
    """Play begins once trump is made and every declaration is settled."""
    if state.trump is None:
        return False
    leader = first_leader(state)
    state.restart_count()
    state.put("leader", leader)
    state.to_act = leader
    return True


def compiled(phase: Phase, rules: Rules) -> Phase:
    """The play phase with the variant's rule on reneges chosen: a renege is refused, or allowed and penalized."""
    if rules.renege_penalized:
        phase = replace(phase, legal=legal_any_card, take=take_play_watching_reneges, allows=allows_any_card)
    else:
        phase = replace(phase, legal=legal_following_suit, take=take_play, allows=allows_following_suit)
    if rules.conditions:
        phase = _under_conditions(phase)
    if rules.lone_play.abandon_points is not None:
        phase = with_abandon(phase)
    if rules.lead_out_of_turn:
        phase = with_lead_out_of_turn(phase)
    # `do` plays the card itself (`HandState.play`, checking it as allows_following_suit does) only where nothing
    # above changed the step.
    return replace(phase, plain_play=phase.take is take_play and phase.allows is allows_following_suit)


def _under_conditions(phase: Phase) -> Phase:
    """The play phase where a table condition may bar trumping: the cards it bars are taken out of the legal ones
    (the refusal is then `barred_by_condition`)."""
    legal, allows = phase.legal, phase.allows
    assert allows is not None

    def legal_unbarred(state: HandState, seat: int) -> tuple[Action, ...]:
        actions = legal(state, seat)
        if not state.trick:
            return actions
        kept = _unbarred(state, seat, state.hand(seat))
        return tuple([action for action in actions if action.card in kept])

    def allows_unbarred(state: HandState, seat: int, action: Action) -> bool:
        return allows(state, seat, action) and (not state.trick or action.card in _unbarred(state, seat, state.hand(seat)))

    return replace(phase, legal=legal_unbarred, allows=allows_unbarred)


def _unbarred(state: HandState, seat: int, hand: tuple[int, ...]) -> tuple[int, ...]:
    """The cards of `hand` a table condition leaves to a player who cannot follow suit (all, where none bars or the
    bar would leave nothing: a hand of trumps plays a trump)."""
    follows = state.follows
    led = state.led_suit
    if any(follows[card] == led for card in hand) or not bars(state, seat, "trumping"):
        return hand
    kept = tuple([card for card in hand if follows[card] != state.trump])
    return kept or hand


def trick_winner_for(rules: Rules) -> Callable[[HandState, tuple[tuple[int, int], ...]], int]:
    """Who wins a trick, by the variant's rule for two identical cards (a double pack)."""
    return trick_winner_later_duplicate_wins if rules.later_duplicate_wins else trick_winner


def legal_following_suit(state: HandState, seat: int) -> tuple[Action, ...]:
    """A card of the suit led if the seat holds one, else any card, in the order the seat's cards came."""
    held = state.bits[seat]
    if state.trick:
        following = held & state.follow_masks[state.led_suit]  # type: ignore[index]  # a trick in progress has a suit led
        if following:
            held = following
    play_actions = state.program.play_actions
    return tuple([play_actions[card] for card in state.order[seat] if held >> card & 1])


def legal_any_card(state: HandState, seat: int) -> tuple[Action, ...]:
    """Any card held, in the order the seat's cards came: a renege is allowed, and penalized once caught."""
    held = state.bits[seat]
    play_actions = state.program.play_actions
    return tuple([play_actions[card] for card in state.order[seat] if held >> card & 1])


def allows_following_suit(state: HandState, seat: int, action: Action) -> bool:
    """Whether `action` is one of `legal_following_suit`'s, decided without listing them (replaying a record
    checks every card this way; a property test holds the two to the same answers)."""
    card = action.card
    if card < 0 or state.program.play_actions[card] is not action:
        return False
    held = state.bits[seat]
    card_bit = 1 << card
    if not held & card_bit:
        return False
    if not state.trick:
        return True
    following = state.follow_masks[state.led_suit]  # type: ignore[index]  # a trick in progress has a suit led
    return bool(card_bit & following) or not held & following


def allows_any_card(state: HandState, seat: int, action: Action) -> bool:
    card = action.card
    return card >= 0 and state.program.play_actions[card] is action and state.holds(seat, card)


def take_play(state: HandState, seat: int, action: Action) -> bool:
    """The card leaves the hand and joins the trick; a full trick goes to its winner. True once the last trick is won.

    The state's own `play`, which `do` calls itself on the plain play step: this is the take of the play steps that
    a rule wraps (a renege watched for, a lead out of turn, a lone hand abandoned), for one code path either way.
    """
    return bool(state.play(seat, action))


def take_play_watching_reneges(state: HandState, seat: int, action: Action) -> bool:
    """As `take_play`, where any card may be played: the first renege is caught, and may end the hand there."""
    card = action.card
    trick = state.trick
    if trick and state.reneged is None and _revokes(state, seat, card):
        state.set(reneged=seat)
        if state.rules.renege_options.ends_hand:
            state.take_card(seat, card)
            state.set(trick=(*trick, (seat, card)))
            return True  # the hand stops at the renege, this trick unfinished
    return take_play(state, seat, action)


def _revokes(state: HandState, seat: int, card: int) -> bool:
    """Whether playing `card` fails to follow suit while holding the suit led."""
    following = state.follow_masks[state.led_suit]  # type: ignore[index]  # a trick in progress has a suit led
    card_bit = state.program.bit[card]
    return not card_bit & following and bool(state.bits[seat] & ~card_bit & following)


def trick_winner(state: HandState, trick: tuple[tuple[int, int], ...]) -> int:
    """The seat whose card wins: highest trump, else highest card of the suit led (of two equal cards, the first)."""
    best_seat, best_card = trick[0]
    ranks = state.program.ranks[state.trump][state.follows[best_card]]  # type: ignore[index]  # a trick is played under a trump
    best = ranks[best_card]
    for seat, card in trick[1:]:
        rank = ranks[card]
        if rank > best:
            best_seat, best = seat, rank
    return best_seat


def trick_winner_later_duplicate_wins(state: HandState, trick: tuple[tuple[int, int], ...]) -> int:
    """As `trick_winner`, but of two identical cards (a double pack) the later played wins."""
    best_seat, best_card = trick[0]
    ranks = state.program.ranks[state.trump][state.follows[best_card]]  # type: ignore[index]  # a trick is played under a trump
    best = ranks[best_card]
    for seat, card in trick[1:]:
        rank = ranks[card]
        if rank >= best:
            best_seat, best = seat, rank
    return best_seat


def finish(state: HandState) -> bool:
    """The hand ends: scored once its tricks are played, thrown in when nobody made trump."""
    if state.trump is None:
        throw_in(state)
    elif state.contract is not None and state.rules.player_scoring is None:
        score_contract(state)
    else:
        _score(state)
    return True


OutcomeKey = tuple[int, int, int, bool, int | None, bool]
"""What a hand scored by the table's sides comes to: maker, trump, the makers' tricks, alone, lone defender, predicted alone."""


def outcome_cache(rules: Rules) -> dict[OutcomeKey, HandResult] | None:
    """Where sides score by the table alone (no auction, no per-player table), a played hand's result follows from
    its outcome key: each result is then built once per variant and kept here (None: every hand is scored in full)."""
    return {} if rules.auction is None and rules.player_scoring is None else None


def _score(state: HandState) -> None:
    """Score a hand played out: from the variant's kept results where they apply (a renege's penalty and an abandoned
    hand's points never do)."""
    results = state.program.results
    maker = state.maker
    if results is None or maker is None or state.reneged is not None or state.abandoned_by is not None:
        state.end(_scored(state))
        return
    won = state.won
    key = (
        maker,
        state.trump,
        sum([won[seat] for seat in state.rules.teams[state.rules.team_of[maker]]]),
        bool(state.maker_alone),
        state.defender_alone,
        state.predicted_alone,
    )
    result = results.get(key)  # type: ignore[arg-type]  # a hand played out has a trump
    if result is None:
        result = results[key] = _scored(state)  # type: ignore[index]
    state.end(result)


def _scored(state: HandState) -> HandResult:
    """The result of a hand played out: its row of the table (or each player's, or the renege penalty) and the points."""
    rules = state.rules
    maker = state.maker
    won = state.won
    maker_alone = bool(state.maker_alone)
    makers_tricks = 0 if maker is None else sum(won[seat] for seat in rules.teams[rules.team_of[maker]])
    player_rows: tuple[str | None, ...] = ()
    row_name: str | None
    clause: str | None
    if rules.player_scoring is not None:
        points, player_rows = _player_points(state)
        # The hand's row is the maker's own; a hand nobody made has none, and cites the rule that played it.
        row_name = None if maker is None else player_rows[maker]
        clause = _no_maker_clause(state) if maker is None else rules.player_scoring.row(*_outcome(state, maker)).clause
    else:
        assert maker is not None, "a hand nobody made is scored player by player (a semantic check)"
        makers_team = rules.team_of[maker]
        table = rules.scoring_predicted_alone if state.predicted_alone else rules.scoring
        row = table[(makers_tricks, maker_alone, state.defender_alone is not None)]
        points = [0] * len(rules.teams)
        for team in range(len(rules.teams)):
            if (team == makers_team) == (row.to == "makers"):
                points[team] = row.points
        row_name, clause = row.name, row.clause
    if state.abandoned_by is not None:
        points, row_name, clause = abandoned_points(state), ROW, rules.lone_play.abandon_clause
    if state.reneged is not None:
        points, row_name, clause = _renege_points(state, state.reneged), "renege", rules.renege_clause
    contract = state.contract
    won_by: tuple[int, ...] = ()
    if contract is not None and maker is not None:
        # As a contract row decides it: the bidders who made their bid won the hand, else every other side.
        bidders = rules.team_of[maker]
        made = makers_tricks >= contract.bid.tricks
        won_by = (bidders,) if made else tuple(team for team in range(len(rules.teams)) if team != bidders)
    return HandResult(
        thrown_in=False,
        maker=maker,
        trump=state.trump,
        makers_tricks=makers_tricks,
        maker_alone=maker_alone,
        defender_alone=state.defender_alone,
        row=row_name,
        clause=clause,
        points=tuple(points),
        reneged_by=state.reneged,
        player_rows=player_rows,
        hand_won_by=won_by,
        abandoned_by=state.abandoned_by,
    )


def _outcome(state: HandState, seat: int) -> tuple[str, int, bool | None]:
    """One player's key in the per-player table: role, own tricks, and whether the hand's contract was made
    (None without a contract: a game with no auction, or a hand nobody made)."""
    rules = state.rules
    role = "maker" if seat == state.maker else "defender" if state.active[seat] else "folded"
    contract = state.contract
    made = None
    if contract is not None and state.maker is not None:
        bidders = rules.teams[rules.team_of[state.maker]]
        made = sum(state.won[bidder] for bidder in bidders) >= contract.bid.tricks
    return role, state.won[seat], made


def _no_maker_clause(state: HandState) -> str | None:
    """The clause of the rule that had a hand played with nobody as the maker: all passing's where the
    bidding was passed out, else the forced up-card's (no bidding took place)."""
    rules = state.rules
    return rules.bidding.all_pass_clause if any(state.passed) else rules.bidding.forced_trump_clause


def _player_points(state: HandState) -> tuple[list[int], tuple[str | None, ...]]:
    """Each team's points as the sum of its players' own rows (maker, defender or folded), and each seat's row."""
    rules = state.rules
    table = rules.player_scoring
    assert table is not None
    points = [0] * len(rules.teams)
    rows: list[str | None] = []
    for seat in range(rules.players):
        row = table.row(*_outcome(state, seat))
        points[rules.team_of[seat]] += row.points(state.won[seat])
        rows.append(row.name)
    return points, tuple(rows)


def _renege_points(state: HandState, reneged: int) -> list[int]:
    """The renege penalty replaces the hand's score: more when the guilty side faced a lone hand;
    scored by the innocent side or taken off the guilty one, by the mode or by the innocent side's choice."""
    rules = state.rules
    guilty = rules.team_of[reneged]
    lone_opponent = (state.maker_alone and state.maker is not None and rules.team_of[state.maker] != guilty) or (
        state.defender_alone is not None and rules.team_of[state.defender_alone] != guilty
    )
    penalty = rules.renege_against_lone if lone_opponent else rules.renege_points
    if rules.renege_options.both_ways:
        return [-penalty if team == guilty else penalty for team in range(len(rules.teams))]
    if takes_off_guilty_side(state):
        return [-penalty if team == guilty else 0 for team in range(len(rules.teams))]
    return [0 if team == guilty else penalty for team in range(len(rules.teams))]
