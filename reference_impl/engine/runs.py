"""Many actions in one call: a recorded hand replayed, and a hand played out by a policy.

`HandState.do` takes one action per call, and most of a hand's actions are cards on the plain
play step (following suit, nothing wrapped around it). Called once per card, the interpreter's
cost of the call and of reading the state's fields again is most of what a card costs: a card
played by the smallest function that checks and plays it still costs about as much as `do`.
So a run of cards is played here in one loop, over local variables, and written back to the
state once the run ends. Every other action goes through `do`.

A card played here leaves the history and journal entries `HandState.play` leaves (a journal
entry only for a trick's last card), so `undo` takes back any action of a run, one at a time,
as it would after `do`. The test of these runs
holds them to the same states, refusals and random choices as one `do` per action.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ruleset.compiled.rules import Action

from .state import HandState

Policy = Callable[[tuple[Action, ...]], Action]
"""Picks one of the legal actions (in the order `legal_actions` lists them): `random.Random(seed).choice` is one."""

CardPolicy = Callable[[tuple[Action, ...]], Action | str]
"""Picks one of the legal cards, or anything else to stop a run of cards before it (`play_cards`)."""

PLAYOUT_BITS = 32
"""The width of a protocol playout's numbers: an action among n is chosen by a number's top n.bit_length() bits."""


def replay(state: HandState, actions: Sequence[Action | str]) -> None:
    """Do each action in turn, in place, by the player to act, as one `do` per action would.

    The first action refused raises IllegalAction, the actions before it done and the state as they left it (its
    history tells how many were).
    """
    index, end = 0, len(actions)
    while index < end:
        if state.step.plays:
            played, _stopped_at = _cards(state, actions, index, end, None)
            if played > index:
                index = played
                continue
        state.do(actions[index])
        index += 1


def play_out(state: HandState, policy: Policy) -> None:
    """Play the hand to its end in place, each action the one `policy` picks from the legal actions.

    The same actions, in the same order, as `while not state.is_over: state.do(policy(state.legal_actions()))`:
    a policy drawing random numbers draws them in the same order, so a seeded playout is the same hand either way.
    """
    while not state.is_over:
        if state.step.plays:
            _played, picked = _cards(state, (), 0, state.rules.hand_size * state.active_count, policy)
            if picked is not None:
                state.do(picked)  # not one of the legal cards as listed (a text naming one is taken; anything else refused)
        else:
            state.do(policy(state.legal_actions()))


def play_cards(state: HandState, policy: CardPolicy) -> Action | str | None:
    """Play cards on the plain play step in place, each the one `policy` picks from the legal cards, until the hand's
    play is over (None) or the policy picks what is not a card it may play, which is returned, not taken.

    For a caller that plays the rest of a hand itself, stopping where it must: a protocol playout
    whose numbers run out (conformance/engines/reference.py). The state is as `do` would leave it
    after each card taken.
    """
    return _cards(state, (), 0, state.rules.hand_size * state.active_count, policy)[1]


def _cards(
    state: HandState, actions: Sequence[Action | str], index: int, end: int, policy: CardPolicy | None
) -> tuple[int, Action | str | None]:
    """Play cards on the plain play step: actions[index:end], or with a policy the cards it picks (at most end - index);
    return where it stopped, and the action it did not take there (None: the run or the hand's play is over).

    It stops before an action that is not a card it may play (a text, an action of another kind, a card not held or
    not following suit): `do` then takes that action, or refuses it with its reason.
    """
    program = state.program
    play_actions, ranks = program.play_actions, program.ranks[state.trump]  # type: ignore[index]  # play has a trump
    bits, order, follows, masks, next_seat = state.bits, state.order, state.follows, state.follow_masks, state.next_seat
    journal, history, won, tricks, leader = state.journal, state._history, state.won, state.tricks, state.leader
    later_wins, hand_size = state.rules.later_duplicate_wins, state.rules.hand_size
    to_act, cards = state.to_act, list(state.trick)  # the trick in progress, (seat, card) pairs
    assert to_act is not None, "the play step always has a player to act"
    seat: int = to_act
    led: int | None = state.led_suit
    in_trick: int = state.active_count
    card_action = Action  # a local: the compiled loop then compares a pointer, not a module global, per card
    stopped_at: Action | str | None = None
    while index < end:
        held = bits[seat]
        playable = held
        if led is not None:
            playable = held & masks[led] or held  # the cards of the suit led if any, else any card held
        if policy is None:
            action: Action | str = actions[index]
        else:
            action = policy(tuple([play_actions[card] for card in order[seat] if playable >> card & 1]))
        card = action.card if type(action) is card_action else -1
        if card < 0 or play_actions[card] is not action or not playable >> card & 1:
            stopped_at = action
            break
        history.append((seat, action))
        bits[seat] = held ^ (1 << card)
        index += 1
        if led is None:
            led = follows[card]
        if len(cards) + 1 < in_trick:
            cards.append((seat, card))
            seat = next_seat[seat]
            continue
        before = tuple(cards)
        # The entry `HandState.play` leaves for a trick's last card: the action's mark, and the trick won (undo).
        journal.append((seat, held, before, None if not cards else led))
        trick = before + ((seat, card),)  # noqa: RUF005
        cards.clear()
        winner = _winner(trick, ranks[led], later_wins)
        led = None
        won[winner] += 1
        tricks = tricks + ((winner, trick),)  # noqa: RUF005
        if len(tricks) == hand_size:  # the last trick: the hand's play is over
            state.to_act, state.trick, state.led_suit, state.tricks, state._legal = seat, (), None, tricks, None
            state.enter(state.step.following)
            return index, None
        seat = winner
    state.to_act, state.trick, state.led_suit, state.tricks, state._legal = seat, tuple(cards), led, tricks, None
    state.leader = leader if not tricks else tricks[-1][0]
    return index, stopped_at


def _winner(trick: tuple[tuple[int, int], ...], ranks: tuple[int, ...], later_wins: bool) -> int:
    """Who played the card of highest rank in the (trump, suit led) table: of two equal ranks the first, or the
    later where the variant says so (as `play.trick_winner` and `play.trick_winner_later_duplicate_wins`)."""
    winner, first = trick[0]
    best = ranks[first]
    for seat, card in trick[1:]:
        rank = ranks[card]
        if rank > best or (later_wins and rank == best):
            winner, best = seat, rank
    return winner


def playout_choice(numbers: list[int], index: int, choices: int) -> tuple[int, int] | None:
    """Which of `choices` actions (in code-point order) a protocol playout takes, by `numbers` from `index` on, and the
    index of the number after the one used; None if they run out first (docs/protocol.md, Playouts).

    A number's top `choices.bit_length()` bits are the choice if they are below `choices`, else the
    next number is taken: what Python's `random.choice` does with its generator's 32-bit outputs.
    It is here, with the runs of cards that call it for every card of a playout, so that the build
    compiles it with them; the engine kit (conformance.sdk) and the fuzzer use it from here.
    """
    shift = PLAYOUT_BITS - choices.bit_length()
    count = len(numbers)
    while index < count:
        chosen = numbers[index] >> shift
        index += 1
        if chosen < choices:
            return chosen, index
    return None


class NumberedChoices:
    """Picks each action of a protocol playout by its numbers (`playout_choice`), and keeps the playout's trace.

    Each pick writes the action's text and the legal actions' texts, sorted, into the trace; a
    pick whose numbers run out writes nothing and leaves `ran_out` set.
    """

    def __init__(self, numbers: list[int]) -> None:
        self.numbers = numbers
        self.index = 0
        self.ran_out = False
        self.actions: list[str] = []
        self.legal: list[list[str]] = []

    def pick(self, legal: tuple[Action, ...]) -> Action | None:
        """The action the next numbers choose among `legal`; None if they ran out."""
        texts = [action.text for action in legal]
        ordered = sorted(texts)
        chosen = playout_choice(self.numbers, self.index, len(ordered))
        if chosen is None:
            self.ran_out = True
            return None
        self.index = chosen[1]
        text = ordered[chosen[0]]
        self.actions.append(text)
        self.legal.append(ordered)
        return legal[texts.index(text)]

    def card(self, legal: tuple[Action, ...]) -> Action | str:
        """`pick` as a run of cards asks it (`play_cards`): anything but a card, here "", stops the run."""
        action = self.pick(legal)
        return "" if action is None else action
