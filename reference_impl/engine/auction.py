"""The numeric auction: bids of a number of tricks, the contract it ends in, and the trump named after it.

Three phases live here, each a `start_*` / `legal_*` / `take_*` triple that `phases` puts in a
record, as in `bidding`: the auction itself, naming trump when the bids carry none, and the
discard a lone bidder makes before a partner's cards arrive (where the variant orders it so).
The bids and their ranks come compiled (`contracts.Auction`); this module only decides whose turn
it is, which bids are still open, and when the auction is over.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise

from ruleset.compiled.contracts import Auction, Bid, Contract
from ruleset.compiled.rules import LOW_NO_TRUMP, NO_TRUMP, TRUMP_LETTERS, Action

from .bidding import throw_in
from .declarations import record_pass, trump_made
from .passing import discard_out
from .state import HandState

PASSED_AUCTION = 4
"""The bit of `HandState.passed` recording a pass in the auction (beside the up-card rounds' bits)."""


def _auction(state: HandState) -> Auction:
    auction = state.rules.auction
    assert auction is not None, "an auction phase in a variant without an auction"
    return auction


def highest(state: HandState) -> tuple[int, Bid] | None:
    """The standing bid and its bidder: the last bid made, since every bid must outrank the one before."""
    auction = _auction(state)
    for seat, action in reversed(state.bids):
        if action.kind == "bid":
            return seat, auction.bids[action.text]
    return None


def is_stuck(state: HandState, seat: int) -> bool:
    """Whether `seat` is a dealer who may not pass: nobody has bid, and the dealer's pass would end the auction.

    That is as soon as everyone else has passed, or, where a round nobody bids is followed by the
    next (all_pass_round: last), only in the last round, which the dealer closes.
    """
    auction = _auction(state)
    if not auction.dealer_stuck or seat != state.dealer or highest(state) is not None:
        return False
    if auction.all_pass_last_round and auction.round_limit is not None:
        return _rounds_finished(state, seat) == auction.round_limit - 1
    return state.passes == state.rules.players - 1


def start_auction(state: HandState) -> bool:
    if state.rules.auction is None or state.trump is not None:
        return False
    state.to_act = state.left_of(state.dealer)
    state.restart_count()
    return True


def open_bids(state: HandState, seat: int) -> list[Bid]:
    """The bids `seat` may make now: above the standing bid, at least the minimum (a stuck dealer's own minimum, or
    that bid alone where the dealer is stuck with exactly it), and, for a bid that may only overcall another (a double
    moon), only over that one."""
    auction = _auction(state)
    standing = highest(state)
    floor = standing[1].rank if standing is not None else 0
    over = standing[1].name if standing is not None else None
    stuck = is_stuck(state, seat)
    minimum = auction.stuck_min if stuck else auction.min_tricks
    bids = [
        bid
        for bid in auction.bids.values()
        if bid.rank > floor and bid.tricks >= minimum and (bid.only_over is None or bid.only_over == over)
    ]
    if stuck and auction.stuck_exact:
        return [bid for bid in bids if bid.rank == minimum]
    return bids


def legal_auction(state: HandState, seat: int) -> tuple[Action, ...]:
    actions = state.rules.actions
    allowed = [] if is_stuck(state, seat) else [actions["pass"]]
    allowed.extend(actions[bid.text] for bid in open_bids(state, seat))
    return tuple(allowed)


def auction_refusal(state: HandState, seat: int, action: Action) -> str:
    """Why a call is refused: a stuck dealer's pass, a bid the auction has not (or not now: an overcall of a bid
    that is not standing), or one too low."""
    if action.kind == "pass":
        return "dealer_must_name_trump"
    auction = _auction(state)
    bid = auction.bids.get(action.text)
    if bid is None:
        return "bid_not_allowed"
    standing = highest(state)
    if bid.only_over is not None and (standing is None or standing[1].name != bid.only_over):
        return "bid_not_allowed"
    if auction.stuck_exact and is_stuck(state, seat) and bid.rank > auction.stuck_min:
        return "stuck_at_minimum"
    return "bid_too_low"


def take_auction(state: HandState, seat: int, action: Action) -> bool:
    """Record the call; close the auction once everyone has spoken (once round), all but the highest bidder
    have passed, everyone has passed (unless a round nobody bids is followed by the next), the rounds
    of a limited auction have run out, or a bid ends it (a named bid that does, a dealer stuck with exactly
    the minimum)."""
    auction = _auction(state)
    players = state.rules.players
    stuck_with_it = auction.stuck_exact and is_stuck(state, seat)
    state.set(bids=(*state.bids, (seat, action)))
    if action.kind == "pass":
        record_pass(state, seat, PASSED_AUCTION)
        state.set(passes=state.passes + 1)
    else:
        state.restart_count()
        if auction.bids[action.text].ends_auction or stuck_with_it:
            # A dealer stuck with exactly the minimum has the contract: nobody may overcall it.
            return _close(state)
    if not auction.until_passed:
        if len(state.bids) == players:
            return _close(state)
        state.to_act = state.left_of(seat)
        return False
    standing = highest(state)
    if standing is None and state.passes == players and not auction.all_pass_last_round:
        return _close(state)
    if standing is not None and _all_others_passed(state, standing[0]):
        return _close(state)
    upcoming = _next_speaker(state, seat)
    if auction.round_limit is not None and _rounds_finished(state, upcoming) >= auction.round_limit:
        return _close(state)
    state.to_act = upcoming
    return False


def _rounds_finished(state: HandState, upcoming: int) -> int:
    """Rounds of bidding over once `upcoming` is next to speak: a round ends each time the turn passes the dealer's seat.

    Counted from the calls made rather than kept in the state, so a limit needs nothing the
    unlimited auction does not record; a dealer whose pass was final still ends each round.
    """
    speakers = [seat for seat, _action in state.bids] + [upcoming]
    return sum(_passes_dealer(state, before, after) for before, after in pairwise(speakers))


def _passes_dealer(state: HandState, before: int, after: int) -> bool:
    """Whether the turn, going clockwise from `before` (who spoke) to `after`, passes the dealer's seat."""
    seat = before
    while True:
        if seat == state.dealer:
            return True
        seat = state.left_of(seat)
        if seat == after:
            return False


def _all_others_passed(state: HandState, bidder: int) -> bool:
    """Whether every other player has passed (since the standing bid, where a pass is not final)."""
    players = state.rules.players
    if _auction(state).passed_may_return:
        return state.passes == players - 1
    return all(state.passed[seat] & PASSED_AUCTION for seat in range(players) if seat != bidder)


def _next_speaker(state: HandState, seat: int) -> int:
    """The next player clockwise who may still speak (a player whose pass is final is skipped)."""
    nxt = state.left_of(seat)
    if _auction(state).passed_may_return:
        return nxt
    while state.passed[nxt] & PASSED_AUCTION:
        nxt = state.left_of(nxt)
    return nxt


def _close(state: HandState) -> bool:
    """The auction is over: a contract to the highest bidder; when nobody bid, the dealer's forced bid
    where the variant has one (trump named next), else a throw-in."""
    standing = highest(state)
    forced = _auction(state).forced_bid
    if standing is None and forced is not None:
        standing = state.dealer, forced
    if standing is None:
        throw_in(state)
        return False  # the hand is over: no later phase is entered
    bidder, bid = standing
    state.set(contract=Contract(bidder, bid, bid.trump))
    if bid.trump is not None:
        _make(state, bid.trump)
    return True


def contract_leader(state: HandState) -> int:
    """Who leads the first trick of a contract: by the auction's rule for its trump (no trump may have its own)."""
    auction = _auction(state)
    contract = state.contract
    assert contract is not None
    no_trump = contract.trump in (NO_TRUMP, LOW_NO_TRUMP)
    rule = auction.no_trump_lead if no_trump else ("bidder" if auction.bidder_leads else "left_of_dealer")
    if rule == "bidder":
        return contract.bidder
    return state.next_active(contract.bidder if rule == "left_of_bidder" else state.dealer)


def _make(state: HandState, trump: int) -> None:
    """Trump is made for the contract; a lone bid lays down the bidder's partners at once."""
    contract = state.contract
    assert contract is not None
    trump_made(state, contract.bidder, trump, None, 0)
    state.set(maker_alone=contract.bid.alone)
    if contract.bid.alone:
        state.sit_out(state.rules.partners[contract.bidder])


def start_trump(state: HandState) -> bool:
    """The winner of a number-only auction names trump."""
    contract = state.contract
    if contract is None or contract.trump is not None:
        return False
    state.to_act = contract.bidder
    return True


def legal_trump(state: HandState, seat: int) -> tuple[Action, ...]:
    actions = state.rules.actions
    return tuple(actions[f"name_trump:{TRUMP_LETTERS[index]}"] for index in _auction(state).trump_choices)


def take_trump(state: HandState, seat: int, action: Action) -> bool:
    contract = state.contract
    assert contract is not None
    state.set(contract=replace(contract, trump=action.suit))
    _make(state, action.suit)
    return True


def start_call_discard(state: HandState) -> bool:
    """A lone bidder whose exchange is bidder_first discards before any partner's card arrives."""
    contract = state.contract
    if contract is None or not contract.bid.call or contract.bid.exchange != "bidder_first":
        return False
    state.to_act = contract.bidder
    return True


def take_call_discard(state: HandState, seat: int, action: Action) -> bool:
    """One card face down; done once the bidder holds as many fewer cards as the partners will give."""
    contract = state.contract
    assert contract is not None
    discard_out(state, seat, action.card)
    coming = contract.bid.call * len(state.rules.partners[seat])
    return state.hand_size(seat) == state.rules.hand_size - coming
