"""One answer to "who may": the legal actions, the one-action check and the refusal all come from it.

A decision among fixed candidate actions (pass or order up, the suits to name, going alone or
not) has one "who may" function: for a seat and an action, the reason the action is refused
now, or None where it may be taken. The legal actions are the candidates it lets through, a
replayed action is checked by asking it once, and the machine quotes it when it refuses one, so
the list, the check and the refusal never ask the question twice, and can never disagree.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ruleset.compiled.rules import Action

if TYPE_CHECKING:
    from .state import HandState

WhoMay = Callable[["HandState", int, Action], "str | None"]
"""The reason `seat` may not take `action` now, or None if they may."""


class Decision:
    """A decision among candidate actions (by their texts, in the order legal actions are listed), ruled by `who_may`."""

    __slots__ = ("texts", "who_may")

    def __init__(self, texts: tuple[str, ...], who_may: WhoMay) -> None:
        self.texts = texts
        self.who_may = who_may

    def legal(self, state: HandState, seat: int) -> tuple[Action, ...]:
        """The candidates `seat` may take now, in order."""
        actions = state.rules.actions
        who_may = self.who_may
        return tuple([action for action in map(actions.__getitem__, self.texts) if who_may(state, seat, action) is None])

    def allows(self, state: HandState, seat: int, action: Action) -> bool:
        """Whether `action` (this variant's own object) is one of the legal ones, asked of it alone."""
        return (
            action.text in self.texts and state.rules.actions[action.text] is action and self.who_may(state, seat, action) is None
        )

    def refusal(self, state: HandState, seat: int, action: Action) -> str | None:
        return self.who_may(state, seat, action)
