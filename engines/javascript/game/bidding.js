/**
 * Making trump (bid.order, bid.round-one, bid.round-two, bid.throw-in): two rounds going
 * clockwise from the dealer's left, the dealer last. In round one a player passes or accepts
 * the up-card's suit; in round two a player passes or names another suit. The first to accept
 * or name makes trump and the bidding ends at once.
 *
 * House rules read here: stick-the-dealer (the dealer may not pass in round two) and throw-in
 * (who deals after everybody passes twice is decided by the game, from the rules).
 */

import { printedSuitOf } from "./cards.js";
import { startMakerDecision } from "./going-alone.js";

/** The bidding opens: round one, the dealer's left to speak. */
export function startBidding(hand) {
  hand.phase = "round_one";
  hand.toAct = (hand.dealer + 1) % hand.rules.seatCount;
}

function turnedDown(hand) {
  return printedSuitOf(hand.upCard);
}

function dealerIsStuck(hand) {
  return hand.rules.stickTheDealer && hand.toAct === hand.dealer;
}

function nameableSuits(hand) {
  const mayNameTurnedDown = dealerIsStuck(hand) && hand.rules.stuckDealerMayNameTurnedDown;
  return hand.rules.suits.filter((suit) => mayNameTurnedDown || suit !== turnedDown(hand));
}

function makeTrump(hand, suit, round) {
  hand.trump = suit;
  hand.maker = hand.toAct;
  hand.trumpRound = round;
  startMakerDecision(hand);
}

/** A pass: the next player speaks, or the round is over once the dealer has passed. */
function pass(hand, round) {
  hand.passes.push({ seat: hand.toAct, round });
  if (hand.toAct !== hand.dealer) {
    hand.toAct = (hand.toAct + 1) % hand.rules.seatCount;
  } else if (round === 1) {
    hand.phase = "round_two";
    hand.toAct = (hand.dealer + 1) % hand.rules.seatCount;
  } else {
    hand.phase = "over";
    hand.toAct = null;
    hand.thrownIn = true;
    hand.points = hand.rules.teams.map(() => 0);
  }
}

export const roundOnePhase = Object.freeze({
  id: "round_one",
  kinds: new Set(["pass", "order_up"]),
  legal: () => ["pass", "order_up"],
  refuse: () => null,
  take(hand, action) {
    if (action.kind === "pass") pass(hand, 1);
    else makeTrump(hand, turnedDown(hand), 1);
  },
});

export const roundTwoPhase = Object.freeze({
  id: "round_two",
  kinds: new Set(["pass", "name_trump"]),
  legal(hand) {
    const names = nameableSuits(hand).map((suit) => `name_trump:${suit}`);
    return dealerIsStuck(hand) ? names : ["pass", ...names];
  },
  refuse(hand, action) {
    if (action.kind === "pass") return dealerIsStuck(hand) ? "dealer_must_name_trump" : null;
    if (!hand.rules.suits.includes(action.suit)) return "suit_not_allowed";
    if (!nameableSuits(hand).includes(action.suit)) return "turned_down_suit";
    return null;
  },
  take(hand, action) {
    if (action.kind === "pass") pass(hand, 2);
    else makeTrump(hand, action.suit, 2);
  },
});
