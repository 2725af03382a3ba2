"""Why an action is refused: the closed list of reason codes, each written once with its meaning.

A probe in a scenario must be refused for the right reason, so the codes are part of the public
contract. This table is their one source: the engine's messages read a reason's meaning here,
the scenario schema's `reason` enum is generated from it (`python -m ruleset.refusals`, also run
by `python3 tasks.py blocks`), and so is the protocol page's table of which reason comes first.
A test fails when either is stale, so adding a reason touches this file and nothing by hand.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from documents.paths import data_home

SCENARIO_SCHEMA = "scenario.schema.json"


@dataclass(frozen=True)
class Refusal:
    """One reason code: when it applies, and where it stands when several could."""

    code: str
    meaning: str
    """What the reason says, as a refusal message words it."""
    precedence: int
    """1 to 5: when more than one reason applies, the lowest is given (5: the reasons a phase gives of its own)."""
    example: str = ""
    """An action refused for this reason, for the protocol page."""
    before: tuple[str, ...] = ()
    """The phase's own reasons this one is given before where both apply (a card not held, say, before
    any other word about it): the order within a phase, where the precedence alone says nothing."""


PHASE_OWN = 5
"""The precedence of every reason a phase gives itself, after the four that any action can meet."""

REFUSALS: tuple[Refusal, ...] = (
    Refusal("unknown_action", "the action is not one this variant knows", 1, "`play:7C` on a 24-card pack, `jump`"),
    Refusal("hand_over", "the hand is over; no more actions are taken", 2, "any action, from anyone"),
    Refusal("not_your_turn", "it is another player's turn", 3, "any action from a seat that is not `to_act`"),
    Refusal(
        "wrong_phase",
        "that kind of action is not taken at this point of the hand",
        4,
        "`play:..` from the seat to act while the bidding goes on",
    ),
    Refusal(
        "turned_down_suit",
        "the suit of the turned-down card cannot be named in round two",
        PHASE_OWN,
        before=("needs_trump_to_make",),
    ),
    Refusal("dealer_must_name_trump", "the dealer is stuck and may not pass", PHASE_OWN),
    Refusal("stuck_at_minimum", "the dealer is stuck with the minimum bid and may bid nothing higher", PHASE_OWN),
    Refusal("must_go_alone", "this bid can only be made by going alone", PHASE_OWN),
    Refusal(
        "card_not_in_hand",
        "the card is not in the player's hand",
        PHASE_OWN,
        before=("must_follow_suit", "not_eligible_to_go_under", "must_play_called"),
    ),
    Refusal("cannot_discard_up_card", "the dealer may not discard the up-card", PHASE_OWN),
    Refusal("pickup_compulsory", "the dealer must take the up-card", PHASE_OWN),
    Refusal("must_follow_suit", "the player holds a card of the suit led and must play one", PHASE_OWN),
    Refusal(
        "suit_not_allowed",
        "that suit cannot be trump in this variant",
        PHASE_OWN,
        before=("turned_down_suit", "needs_trump_to_order", "needs_trump_to_make"),
    ),
    Refusal("needs_trump_to_order", "the dealer may take up the up-card only holding a card of its suit", PHASE_OWN),
    Refusal("passed_cannot_go_alone", "a player who passed may not play alone", PHASE_OWN),
    Refusal(
        "barred_by_condition",
        "a condition of the table's rules bars this now (the score, the hands before, the card led)",
        PHASE_OWN,
        "`go_alone` from a maker whose side has 8 points, where no lone hands are played at 8 or 9",
    ),
    Refusal("not_a_partner", "a lone player may ask only a partner for a card", PHASE_OWN),
    Refusal(
        "cannot_abandon",
        "only a defender against a lone maker may abandon the hand, on their turn in play",
        PHASE_OWN,
        "`abandon` from the lone maker, or in a hand played by partners",
    ),
    Refusal(
        "must_play_called",
        "after a lead out of turn, the card or the suit the adversaries called must be played (a called suit if held)",
        PHASE_OWN,
        "another card from a player whose exposed card was called",
    ),
    Refusal(
        "cannot_call",
        "the adversaries may call only an exposed card its holder may play now, or a suit when the offending side leads",
        PHASE_OWN,
        "`call:H` where no suit call is due",
    ),
    Refusal(
        "not_eligible_to_go_under", "only cards that together qualify to go under may be exchanged with the kitty", PHASE_OWN
    ),
    Refusal("cannot_fold", "nobody may fold when the up-card's suit made trump at once", PHASE_OWN),
    Refusal("bid_too_low", "a bid must be at least the minimum and name more tricks than the bid before it", PHASE_OWN),
    Refusal(
        "bid_not_allowed",
        "this auction has no such bid (a bid names its trump only where the variant's bids carry one)",
        PHASE_OWN,
        before=("bid_too_low",),
    ),
    Refusal("needs_trump_to_make", "a player may make a suit trump only holding a card of it", PHASE_OWN),
    Refusal(
        "no_trump_for_stuck_dealer",
        "only the dealer, once stuck, may name no trump",
        PHASE_OWN,
        before=("suit_not_allowed",),
    ),
)

MEANINGS: dict[str, str] = {refusal.code: refusal.meaning for refusal in REFUSALS}
"""Each code's meaning, for messages."""

_BY_CODE: dict[str, Refusal] = {refusal.code: refusal for refusal in REFUSALS}


def reason_to_give(candidates: Iterable[str]) -> str:
    """The one reason to give when every reason in `candidates` applies to an action.

    The lowest precedence wins; among the phase's own reasons, one given `before` another wins
    over it. Reasons the table leaves unordered never meet in one phase of a variant we have;
    should they, the one listed first here is given, so the answer never depends on the order
    of `candidates`. ValueError for an empty list or a code that is not a reason.
    """
    found = list(dict.fromkeys(candidates))
    unknown = [code for code in found if code not in _BY_CODE]
    if unknown:
        raise ValueError(f"not refusal reasons: {', '.join(map(repr, unknown))}")
    if not found:
        raise ValueError("no candidate reason to choose from")
    lowest = min(_BY_CODE[code].precedence for code in found)
    group = [code for code in found if _BY_CODE[code].precedence == lowest]
    beaten = {later for code in group for later in _AFTER[code]}
    unbeaten = [code for code in group if code not in beaten] or group
    return min(unbeaten, key=_ORDER.__getitem__)


_ORDER: dict[str, int] = {refusal.code: index for index, refusal in enumerate(REFUSALS)}


def _after(code: str, seen: frozenset[str] = frozenset()) -> frozenset[str]:
    """Every reason `code` is given before, directly or through another (a before b before c: a before c)."""
    direct = set(_BY_CODE[code].before) - seen
    return frozenset(direct).union(*(_after(later, seen | {code}) for later in direct))


_AFTER: dict[str, frozenset[str]] = {refusal.code: _after(refusal.code) for refusal in REFUSALS}


def scenario_schema_with_reasons(schema: dict[str, Any]) -> dict[str, Any]:
    """The scenario schema with its `reason` enum made from the table (the rest of the schema unchanged)."""
    reason = schema["$defs"]["reason"]
    reason["enum"] = [refusal.code for refusal in REFUSALS]
    return schema


def scenario_schema_text() -> str:
    """The scenario schema as it should be committed: the file under schemas/ with the reasons of the table."""
    path = data_home().schemas / SCENARIO_SCHEMA
    schema = scenario_schema_with_reasons(json.loads(path.read_text(encoding="utf-8")))
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    (data_home().schemas / SCENARIO_SCHEMA).write_text(scenario_schema_text(), encoding="utf-8")
