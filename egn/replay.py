"""Replaying one hand of an EGN record through the reference engine, and what that proves.

EGN keeps only what happened at the table in the order it happened: the dealer, the up-card,
the calls from the dealer's left, and each trick's cards from its leader, without seats. Often
it leaves out the dealt hands, the discard and the kitty, and it never records a hand's result.
For each hand the auditor therefore:

1. replays the calls through the engine on a stand-in deal (bidding does not depend on the
   cards held), which gives trump, the maker, who sits out and who leads first, by our rules;
2. lays out the tricks: the first leader from step 1, then each trick's winner (the engine's own
   `trick_winner`) leads the next, so every card gets its seat;
3. rebuilds the deal: each seat holds what it played (the dealer's pick-up and discard taken into
   account) or what the record deals it; cards never shown (the kitty, a sitting-out hand, the
   rest of an unfinished hand) are filled in from the unseen cards so that no seat gets a card of
   a suit it failed to follow: that choice exists unless the record itself is impossible;
4. replays the whole hand on that deal with `apply`, which refuses the first broken rule with
   its reason code. A revoke is caught exactly when it can be proved: the card of the suit led
   that the player held is one they showed later (or one the record dealt them).

After a refusal the engine cannot go on, so the rest of that hand is only laid out (points "as
played"), not checked. Every check that could not be made is said, per hand, with the reason.
Hands a ruleset flag without a counterpart in our rules could change are marked, and what is
found there is reported as unconfirmed rather than as a broken rule.

This module does steps 1 and 4, the points and the unmapped-flag marks; steps 2 and 3 (who
played each card, and the deal) are `layout`'s, and the checks across hands are `game`'s.
"""

from __future__ import annotations

from collections.abc import Sequence

from reference_impl.deal import Deal
from reference_impl.engine import HandState, IllegalAction, apply, legal_actions, new_hand
from reference_impl.engine.state import (
    BID_ROUND_ONE,
    BID_ROUND_TWO,
    DEALER_DISCARD,
    DECLARE_ALONE,
    DEFEND_ALONE,
    HAND_OVER,
    LONE_DISCARD,
    LONE_DISCARD_FIRST,
    PARTNER_GIVE,
    PLAY,
)
from ruleset.compiled.cards import SUITS
from ruleset.refusals import MEANINGS

from .findings import UNCONFIRMED, VIOLATION, HandReport, Problem, seat_text, suit_text
from .layout import HandLayout, Play
from .mapping import STRUCTURAL
from .notation import to_code

CALL_ACTIONS = {"Pass": "pass", "Order": "order_up", "s": "name_trump:S", "h": "name_trump:H", "d": "name_trump:D"}
CALL_ACTIONS.update({"c": "name_trump:C", "n": "name_trump:N"})


class _Stop(Exception):
    """Ends a hand's replay early; the reason is already among the hand's problems."""


class HandReplay(HandLayout):
    """The replay of one deal; see the module docstring for the four steps."""

    # -- the steps ---------------------------------------------------------------------------

    def run(self) -> HandReport:
        try:
            self._read()
            provisional = self._bid(self._stand_in_deal(), real=False)
            if provisional is not None and provisional.phase == PLAY:
                self._describe(provisional)
                self._lay_out(provisional)
                deal = self._rebuild(provisional)
                if deal is not None and self.check_plays:
                    self._check(deal)
                self._score(provisional)
            elif provisional is not None and provisional.phase == HAND_OVER:
                self._thrown_in(provisional)
        except _Stop:
            pass
        self._mark_affected()
        return self.report

    def _read(self) -> None:
        rules = self.rules
        initial = self.deal["initialState"]
        dealer = initial["dealer"]
        if getattr(rules, "dummy", False):
            self.note(
                "unsupported_rules", f"{rules.variant_id} deals a dummy hand, which EGN cannot record: the hand is not checked"
            )
            raise _Stop
        if dealer >= rules.players:
            message = f"the dealer is seat {dealer}, but {rules.variant_id} seats {rules.players} players"
            self.add("bad_seat", VIOLATION, message, self.pointer + "/initialState/dealer")
            raise _Stop
        self.report.dealer = dealer
        self.report.up_card = initial["upCard"]
        code = to_code(initial["upCard"])
        if code is None:
            self.note(
                "unknown_card",
                f"the up-card {initial['upCard']!r} is not known: the hand cannot be replayed",
                self.pointer + "/initialState/upCard",
            )
            raise _Stop
        if code not in rules.card_ids:
            message = f"the up-card {initial['upCard']} is not a card of the {rules.variant_id} deck"
            self.add("not_in_deck", VIOLATION, message, self.pointer + "/initialState/upCard")
            raise _Stop
        self.up = rules.card_ids[code]
        for number, phase in enumerate(self.deal["phases"]):
            at = f"{self.pointer}/phases/{number}"
            if phase["type"] == "EUCHRE_BIDDING":
                if self.bidding is not None or self.play_phase is not None:
                    self.add("phases", VIOLATION, "a second bidding phase, or bidding after the tricks", at)
                    raise _Stop
                self.bidding, self.bidding_pointer = phase, at
            else:
                if self.play_phase is not None:
                    self.add("phases", VIOLATION, "a second trick-play phase", at)
                    raise _Stop
                self.play_phase, self.play_pointer = phase, at
        if self.bidding is None:
            if self.play_phase is not None:
                self.add("phases", VIOLATION, "tricks are recorded without any bidding, so trump is not known", self.play_pointer)
            elif not self.last:
                self.add(
                    "bidding_incomplete",
                    VIOLATION,
                    "the deal records no bidding, and the record goes on",
                    self.pointer + "/phases",
                )
            else:
                self.note("record_ends", "the record stops before the bidding of this deal")
            raise _Stop
        if self.bidding.get("cardExchanges") and not rules.lone_play.partner_card:
            message = "card exchanges (farmer's hand, partner's best or going under) are recorded; these rules have none"
            self.note("card_exchange", message + ": the hand is not checked", self.bidding_pointer + "/cardExchanges")
            raise _Stop
        discard = self.bidding.get("discard")
        if discard is not None:
            discard_code = to_code(discard)
            if discard_code is None:
                self.note("unknown_card", f"the discard {discard!r} is not known", self.bidding_pointer + "/discard")
            elif discard_code not in rules.card_ids:
                self.add(
                    "not_in_deck",
                    VIOLATION,
                    f"the discard {discard} is not a card of this deck",
                    self.bidding_pointer + "/discard",
                )
            else:
                self.recorded_discard = rules.card_ids[discard_code]

    def _stand_in_deal(self) -> Deal:
        """Any deal with the record's dealer and up-card (and discard in the dealer's hand): bidding needs no more."""
        rules = self.rules
        dealer = self.report.dealer
        assert dealer is not None
        rest = [card for card in range(len(rules.deck)) if card != self.up]
        if self.recorded_discard is not None and self.recorded_discard in rest:
            rest.remove(self.recorded_discard)
            rest.insert(0, self.recorded_discard)
        hands: list[tuple[int, ...]] = [()] * rules.players
        size = rules.hand_size
        order = [dealer] + [seat for seat in range(rules.players) if seat != dealer]
        for number, seat in enumerate(order):
            hands[seat] = tuple(rest[number * size : (number + 1) * size])
        return Deal(dealer, tuple(hands), self.up, tuple(rest[rules.players * size :]))

    def _bid(self, deal: Deal, real: bool, discard: int | None = None) -> HandState | None:
        """Feed the record's calls and declarations to the engine; problems are reported on the first pass only."""
        assert self.bidding is not None
        bidding = self.bidding
        calls: list[str] = bidding["calls"]
        alone = bool(bidding.get("isAlone", False))
        defender = bidding.get("aloneDefender", -1)
        state = new_hand(self.rules, deal)
        used = 0
        while state.phase not in (PLAY, HAND_OVER):
            phase = state.phase
            seat = state.to_act
            assert seat is not None  # someone acts in every phase before play
            at = self.bidding_pointer
            if phase in (BID_ROUND_ONE, BID_ROUND_TWO):
                if used >= len(calls):
                    if not real:
                        self._bidding_stops(state)
                    return None
                call = calls[used]
                at = f"{self.bidding_pointer}/calls/{used}"
                if not real:
                    self.report.calls.append((seat, call))
                used += 1
                action = CALL_ACTIONS.get(call)
                if action is None:
                    if not real:
                        self.note(
                            "unknown_call", f"call {used} ({seat_text(seat)}) is not known ('x'): the hand cannot be replayed", at
                        )
                    return None
            elif phase == DECLARE_ALONE:
                action = "go_alone" if alone else "pass"
                at = f"{self.bidding_pointer}/isAlone"
            elif phase == DEALER_DISCARD:
                self.visited_discard = True
                at = f"{self.bidding_pointer}/discard"
                if discard is not None:
                    action = f"discard:{self.rules.card_code(discard)}"
                else:
                    choices = [a for a in legal_actions(state) if a.kind == "discard"]
                    action = choices[0].text
            elif phase == DEFEND_ALONE:
                action = "defend_alone" if seat == defender else "pass"
                at = f"{self.bidding_pointer}/aloneDefender"
            elif phase == PARTNER_GIVE:  # on the stand-in deal any card will do: bidding does not depend on it
                at = f"{self.bidding_pointer}/cardExchanges"
                given = self._passed_card(seat, state.maker, note=not real)
                if given is None and real:
                    return None
                action = given if real and given is not None else legal_actions(state)[0].text
            elif phase in (LONE_DISCARD, LONE_DISCARD_FIRST):
                action = self._lone_discard(state, seat) if real else legal_actions(state)[0].text
            else:
                if not real:
                    self.note(
                        "unsupported_phase",
                        f"the rules ask for a decision EGN does not record ({phase}): the hand is not checked",
                    )
                return None
            try:
                state = apply(state, action, seat)
            except IllegalAction as exc:
                if not real or phase in (DEALER_DISCARD, PARTNER_GIVE):
                    self._refused_call(exc, at, phase)
                return None
        if not real:
            self._after_bidding(state, calls[used:], used, alone, defender)
        return state

    def _passed_card(self, sender: int, receiver: int | None, note: bool) -> str | None:
        """The partner's card as `give:CARD`, from the record's cardExchanges; None if it is not there (noted if `note`)."""
        assert self.bidding is not None
        for exchange in self.bidding.get("cardExchanges", []):
            if exchange.get("sender", sender) == sender and exchange["receiver"] == receiver and len(exchange["cards"]) == 1:
                code = to_code(exchange["cards"][0])
                if code is not None and code in self.rules.card_ids:
                    return f"give:{code}"
        if note:
            message = f"the card {seat_text(sender)} passed to the lone player is not recorded: the hand is not checked"
            self.note("exchange_unknown", message, self.bidding_pointer + "/cardExchanges")
        return None

    def _lone_discard(self, state: HandState, seat: int) -> str:
        """EGN records no lone player's discard: it is the card of the hand the player never plays."""
        played = {play.card for play in self.plays if play.seat == seat}
        kept = [card for card in state.hands[seat] if card not in played]
        card = kept[0] if kept else state.hands[seat][0]
        return f"discard:{self.rules.card_code(card)}"

    def _bidding_stops(self, state: HandState) -> None:
        if self.play_phase is not None or not self.last:
            message = "the calls stop before trump is made or everybody has passed"
            self.add("bidding_incomplete", VIOLATION, message, self.bidding_pointer + "/calls")
        else:
            self.note("record_ends", "the record stops during the bidding of this deal", self.bidding_pointer + "/calls")

    def _refused_call(self, exc: IllegalAction, at: str, phase: str) -> None:
        what = {"pass": "a pass", "order_up": "an order-up", "go_alone": "going alone", "defend_alone": "a lone defence"}
        action = exc.action
        assert exc.seat is not None  # calls are replayed only while someone is to act
        shown = what.get(action, action.replace("name_trump:", "naming ").replace("discard:", "discarding "))
        message = (
            f"{seat_text(exc.seat)}: {shown} is refused during {phase.replace('_', ' ')}: {MEANINGS.get(exc.code, exc.code)}"
        )
        self.add(exc.code, VIOLATION, message, at, seat=exc.seat)

    def _after_bidding(self, state: HandState, rest: Sequence[str], used: int, alone: bool, defender: int) -> None:
        rules = self.rules
        if rest:
            ended = "the hand is thrown in" if state.phase == HAND_OVER else "trump is made"
            message = f"{len(rest)} more call(s) after {ended}: bidding ends when trump is made"
            self.add("calls_after_make", VIOLATION, message, f"{self.bidding_pointer}/calls/{used}")
        if state.phase != PLAY:
            return
        if alone and not state.maker_alone:
            message = f"the record says the maker went alone, but {rules.variant_id} has no lone hands"
            self.add("alone_not_allowed", VIOLATION, message, self.bidding_pointer + "/isAlone", seat=state.maker)
        if defender is not None and defender >= 0 and state.defender_alone != defender:
            message = f"the record has {seat_text(defender)} defending alone, which these rules do not offer here"
            self.add("defend_alone_not_allowed", VIOLATION, message, self.bidding_pointer + "/aloneDefender", seat=defender)
        self.picked_up = self.visited_discard and state.dealer_took_up_card
        if self.recorded_discard is not None and not self.picked_up:
            message = "the record gives a discard, but under these rules nobody took up the up-card in this hand: it is ignored"
            self.note("discard_ignored", message, self.bidding_pointer + "/discard")
            self.recorded_discard = None

    def _describe(self, state: HandState) -> None:
        report = self.report
        report.trump = SUITS[state.trump] if state.trump is not None and state.trump < len(SUITS) else "N"
        report.maker = state.maker
        report.alone = state.maker_alone is True
        report.defender_alone = state.defender_alone
        report.sitting_out = [seat for seat, active in enumerate(state.active) if not active]

    def _thrown_in(self, state: HandState) -> None:
        self.report.thrown_in = True
        self.report.points = [0] * len(self.rules.teams)
        self.report.points_basis = "rules"
        self.report.checked = True
        self.final_state = state
        if self.play_phase is not None and self.play_phase["tricks"]:
            self.add(
                "tricks_after_throw_in",
                VIOLATION,
                "tricks are recorded after everybody passed and the hand was thrown in",
                self.play_pointer,
            )

    # -- step 4: the engine's verdict ------------------------------------------------------------

    def _check(self, deal: Deal) -> None:
        state = self._bid(deal, real=True, discard=self.final_discard)
        if state is None or state.phase != PLAY:
            return
        for play in self.plays:
            try:
                state = apply(state, f"play:{self.rules.card_code(play.card)}", play.seat)
            except IllegalAction as exc:
                self._refused_play(exc, play, state)
                if play is not self.plays[-1]:
                    self.note(
                        "plays_not_checked",
                        f"the plays after trick {play.trick + 1}, card {play.position + 1} are not checked: "
                        "the engine stops at a broken rule",
                    )
                return
        reneged = getattr(state.result, "reneged_by", None) if state.result is not None else None
        if reneged is not None:
            self.add(
                "renege",
                VIOLATION,
                f"{seat_text(reneged)} reneged (failed to follow suit); the rules' penalty is scored",
                seat=reneged,
            )
        self.final_state = state
        self.report.checked = state.phase == HAND_OVER

    def _refused_play(self, exc: IllegalAction, play: Play, state: HandState) -> None:
        at = f"{self.play_pointer}/tricks/{play.trick}/{play.position}"
        where = f"trick {play.trick + 1}: {seat_text(play.seat)} played {play.text}"
        if exc.code == "must_follow_suit":
            effective = state.follows
            led = state.led_suit
            assert led is not None  # a refusal to follow suit comes only after a lead
            held = [card for card in state.hands[play.seat] if effective[card] == led]
            evidence = ", ".join(self._shown(card, play.seat) for card in held)
            trump = " (trump)" if led == state.trump else ""
            message = f"{where} on a lead of {suit_text(led)}{trump} while holding {evidence}"
        elif exc.code == "card_not_in_hand":
            message = f"{where}, {self._why_not_held(play)}"
        else:
            message = f"{where}: refused ({exc.code})"
        self.add(exc.code, VIOLATION, message, at, trick=play.trick + 1, seat=play.seat)

    def _shown(self, card: int, seat: int) -> str:
        code = self.rules.card_code(card)
        for play in self.plays:
            if play.card == card and play.seat == seat:
                return f"{play.text} (played in trick {play.trick + 1})"
        if card == self.up:
            return f"{code} (the up-card, taken into hand)"
        return f"{code} ({self.owner.get(card, 'held')})"

    def _why_not_held(self, play: Play) -> str:
        card, seat = play.card, play.seat
        dealer = self.report.dealer
        if card == self.up:
            if self.picked_up and seat != dealer:
                return f"the up-card, which the dealer ({seat_text(dealer or 0)}) took into hand"
            if self.picked_up:
                return "the up-card, which the dealer took into hand and then discarded"
            return "the up-card, which nobody took up: it is not in play"
        holder = self.owner.get(card)
        if holder == "the card the dealer discarded":
            return "the card the dealer discarded"
        for earlier in self.plays:
            if earlier is play:
                break
            if earlier.card == card:
                return f"which {seat_text(earlier.seat)} already played in trick {earlier.trick + 1}"
        if holder is not None and holder.startswith("dealt to"):
            return f"which is {holder}"
        return f"which is not in the hand the record gives {seat_text(seat)}"

    # -- points ----------------------------------------------------------------------------------

    def _score(self, state: HandState) -> None:
        rules = self.rules
        report = self.report
        teams = len(rules.teams)
        report.tricks = [
            {
                "leader": leader,
                "plays": [[play.seat, play.text] for play in plays],
                "winner": winner,
            }
            for leader, plays, winner in self.tricks
        ]
        won = [0] * teams
        for _, _, winner in self.tricks:
            if winner is not None:
                won[rules.team_of[winner]] += 1
        final = self.final_state
        if final is not None and final.result is not None and final.phase == HAND_OVER:
            result = final.result
            report.points = list(result.points)
            report.points_basis = "rules"
            report.row = result.row
            report.makers_tricks = result.makers_tricks
            report.tricks_won = won
            return
        if not self.layout_complete:
            report.tricks_won = won if self.tricks else None
            self.note("points_unknown", "the hand's points cannot be derived: its tricks are not all recorded")
            return
        assert state.maker is not None  # play has begun
        makers = rules.team_of[state.maker]
        made = won[makers]
        row = rules.scoring[(made, state.maker_alone is True, state.defender_alone is not None)]
        points = [row.points if (team == makers) == (row.to == "makers") else 0 for team in range(teams)]
        report.points, report.points_basis, report.row = points, "as played", row.name
        report.makers_tricks, report.tricks_won = made, won

    # -- hands an unmapped flag could change ------------------------------------------------------

    def _mark_affected(self) -> None:
        unmapped = self.mapping.unmapped_names()
        if not unmapped:
            return
        affected = [flag for flag in sorted(unmapped) if self._could_change(flag)]
        self.report.affected_by = affected
        if not affected:
            return
        self.report.problems = [
            Problem(p.code, UNCONFIRMED, p.message, p.hand, p.trick, p.seat, p.pointer, p.line) if p.severity == VIOLATION else p
            for p in self.report.problems
        ]
        flags = ", ".join(affected)
        self.note(
            "unmapped_flags",
            f"this hand is judged by {self.mapping.rules_text()}, but the record's {flags} could change it: "
            "what is found here is unconfirmed",
        )

    def _could_change(self, flag: str) -> bool:
        rules = self.rules
        report = self.report
        bidding = self.bidding or {}
        calls = [call for _, call in report.calls]
        alone = bool(bidding.get("isAlone")) or bidding.get("aloneDefender", -1) >= 0 or report.alone
        if flag in STRUCTURAL:
            return True
        if flag == "std":
            return len(calls) >= 2 * rules.players - 1 and all(call == "Pass" for call in calls[: 2 * rules.players - 1])
        if flag == "canadian":
            maker = report.maker
            dealer = report.dealer
            first_round = any(call == "Order" for call in calls[: rules.players])
            return (
                maker is not None
                and dealer is not None
                and first_round
                and maker != dealer
                and rules.team_of[maker] == rules.team_of[dealer]
            )
        if flag == "loner_lead":
            return (report.alone and report.maker != report.dealer) or bidding.get("aloneDefender", -1) >= 0
        if flag in ("loner_march_score", "loner_euchred_score", "defend_alone"):
            return alone
        if flag == "scoring":
            return report.maker is not None
        if flag == "allow_no_trump":
            return "n" in calls
        if flag == "fast_break":
            winners = [winner for _, _, winner in self.tricks]
            maker = report.maker
            if maker is None or len(winners) < 2 or None in winners[:2]:
                return False
            return all(rules.team_of[w] != rules.team_of[maker] for w in winners[:2] if w is not None)
        if flag == "four_trick_tokens":
            return report.makers_tricks == rules.hand_size - 1 and not report.alone
        return flag in ("farmers", "partners_best", "go_under") and bool(bidding.get("cardExchanges"))
