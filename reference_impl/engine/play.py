"""Playing the tricks and scoring the hand.

Following suit and winning tricks both go by a card's *effective* suit (a bower or a Benny
belongs to trump), read from the compiled rules' tables for the hand's trump suit.
"""

from __future__ import annotations

from ruleset.compiled.rules import Action

from .auction import contract_leader
from .bidding import throw_in
from .conditions import bars
from .contract_score import score_contract
from .penalty import takes_off_guilty_side
from .state import HAND_OVER, HandResult, HandState


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
    state.passes = 0
    state.leader = first_leader(state)
    state.to_act = state.leader
    return True


def legal_play(state: HandState, seat: int) -> tuple[Action, ...]:
    rules = state.rules
    hand = state.hands[seat]
    play_actions = rules.play_actions
    if state.trick and not rules.renege_penalized:
        follows = state.follows
        led = state.led_suit
        following = tuple([play_actions[card] for card in hand if follows[card] == led])
        if following:
            return following
    if state.trick and state.rules.conditions:
        return tuple(map(play_actions.__getitem__, _unbarred(state, seat, hand)))
    return tuple(map(play_actions.__getitem__, hand))


def _unbarred(state: HandState, seat: int, hand: tuple[int, ...]) -> tuple[int, ...]:
    """The cards of `hand` a table condition leaves to a player who cannot follow suit (all, where none bars or the
    bar would leave nothing: a hand of trumps plays a trump)."""
    follows = state.follows
    led = state.led_suit
    if any(follows[card] == led for card in hand) or not bars(state, seat, "trumping"):
        return hand
    kept = tuple([card for card in hand if follows[card] != state.trump])
    return kept or hand


def allows_play(state: HandState, seat: int, action: Action) -> bool:
    """Whether `action` is one of `legal_play`'s, decided without listing them (replaying a record
    checks every card this way; a property test holds the two to the same answers)."""
    card = action.card
    hand = state.hands[seat]
    if card not in hand or state.rules.play_actions[card] is not action:
        return False
    if not state.trick:
        return True
    if state.rules.conditions and card not in _unbarred(state, seat, hand):
        return False
    if state.rules.renege_penalized:
        return True
    follows = state.follows
    led = state.led_suit
    return follows[card] == led or all(follows[held] != led for held in hand)


def take_play(state: HandState, seat: int, action: Action) -> bool:
    """The card leaves the hand and joins the trick; a full trick goes to its winner. True once the last trick is won."""
    card = action.card
    hands = list(state.hands)
    held = hands[seat]
    hands[seat] = tuple([other for other in held if other != card])
    state.hands = tuple(hands)
    trick = state.trick
    if not trick:
        state.led_suit = state.follows[card]
        trick = ((seat, card),)
    else:
        if state.rules.renege_penalized and state.reneged is None and _revokes(state, held, card):
            state.reneged = seat
            if state.rules.renege_options.ends_hand:
                state.trick = (*trick, (seat, card))
                return True  # the hand stops at the renege, this trick unfinished
        trick = (*trick, (seat, card))
    if len(trick) < state.active_count:
        state.trick = trick
        state.to_act = state.next_active(seat)
        return False
    winner = trick_winner(state, trick)
    won = list(state.tricks_won)
    won[winner] += 1
    state.tricks_won = tuple(won)
    tricks = (*state.tricks, (winner, trick))
    state.tricks = tricks
    state.trick = ()
    state.led_suit = None
    if len(tricks) == state.rules.hand_size:
        return True
    state.leader = winner
    state.to_act = winner
    return False


def _revokes(state: HandState, held: tuple[int, ...], card: int) -> bool:
    """Whether playing `card` from `held` fails to follow suit while holding the suit led."""
    follows = state.follows
    led = state.led_suit
    return follows[card] != led and any(follows[other] == led for other in held if other != card)


def trick_winner(state: HandState, trick: tuple[tuple[int, int], ...]) -> int:
    """The seat whose card wins: highest trump, else highest card of the suit led."""
    rules = state.rules
    trump = state.trump
    assert trump is not None
    effective = rules.effective_suit[trump]
    power = rules.power[trump]
    led = effective[trick[0][1]]
    later_wins = rules.later_duplicate_wins
    best_seat, best_card = trick[0]
    best = power[best_card]
    best_is_trump = effective[best_card] == trump
    for seat, card in trick[1:]:
        suit = effective[card]
        if suit == trump:
            value = power[card]
            if not best_is_trump or value > best or (later_wins and value == best):
                best_seat, best, best_is_trump = seat, value, True
        elif suit == led and not best_is_trump:
            value = power[card]
            if value > best or (later_wins and value == best):
                best_seat, best = seat, value
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


def _score(state: HandState) -> None:
    rules = state.rules
    maker = state.maker
    maker_alone = bool(state.maker_alone)
    makers_tricks = 0 if maker is None else sum(state.tricks_won[seat] for seat in rules.teams[rules.team_of[maker]])
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
    if state.reneged is not None:
        points, row_name, clause = _renege_points(state, state.reneged), "renege", rules.renege_clause
    contract = state.contract
    won_by: tuple[int, ...] = ()
    if contract is not None and maker is not None:
        # As a contract row decides it: the bidders who made their bid won the hand, else every other side.
        bidders = rules.team_of[maker]
        made = makers_tricks >= contract.bid.tricks
        won_by = (bidders,) if made else tuple(team for team in range(len(rules.teams)) if team != bidders)
    state.phase = HAND_OVER
    state.to_act = None
    state.result = HandResult(
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
        made = sum(state.tricks_won[bidder] for bidder in bidders) >= contract.bid.tricks
    return role, state.tricks_won[seat], made


def _no_maker_clause(state: HandState) -> str | None:
    """The clause of the rule that had a hand played with nobody as the maker: all passing's where the
    bidding was passed out, else the forced up-card's (no bidding took place)."""
    rules = state.rules
    return rules.all_pass_clause if any(state.passed) else rules.forced_trump_clause


def _player_points(state: HandState) -> tuple[list[int], tuple[str | None, ...]]:
    """Each team's points as the sum of its players' own rows (maker, defender or folded), and each seat's row."""
    rules = state.rules
    table = rules.player_scoring
    assert table is not None
    points = [0] * len(rules.teams)
    rows: list[str | None] = []
    for seat in range(rules.players):
        row = table.row(*_outcome(state, seat))
        points[rules.team_of[seat]] += row.points(state.tricks_won[seat])
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
