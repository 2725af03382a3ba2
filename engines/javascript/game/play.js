/**
 * Playing the tricks (play.first-lead, play.follow-suit, play.trick-winner): who leads, which
 * cards may follow, who wins, and when the hand is over.
 */

import { suitOf, trickPower } from "./cards.js";
import { nextInPlay, seatsInPlay } from "./seats.js";
import { scoreHand } from "./scoring.js";

/**
 * The first lead: the player to the dealer's left or, if they sit out, the next player
 * clockwise who plays (with two players out, the next again).
 */
export function startPlay(hand) {
  hand.phase = "play";
  hand.toAct = nextInPlay(hand, hand.dealer);
}

function ledSuit(hand) {
  return hand.trick.length === 0 ? null : suitOf(hand.trick[0][1], hand.trump, hand.rules);
}

/** The cards the player to act may play: any on a lead, else the suit led if they hold it. */
function playableCards(hand) {
  const held = hand.hands[hand.toAct];
  const led = ledSuit(hand);
  const following = held.filter((card) => suitOf(card, hand.trump, hand.rules) === led);
  return following.length > 0 ? following : held;
}

function trickWinner(hand) {
  const led = ledSuit(hand);
  let best = hand.trick[0];
  for (const entry of hand.trick) {
    if (trickPower(entry[1], hand.trump, led, hand.rules) > trickPower(best[1], hand.trump, led, hand.rules)) best = entry;
  }
  return best[0];
}

function finishTrick(hand) {
  const winner = trickWinner(hand);
  hand.trickWinners.push(winner);
  hand.tricksWon[winner] += 1;
  hand.trick = [];
  if (hand.trickWinners.length === hand.rules.handSize) {
    hand.points = scoreHand(hand);
    hand.phase = "over";
    hand.toAct = null;
  } else {
    hand.toAct = winner;
  }
}

export const playPhase = Object.freeze({
  id: "play",
  kinds: new Set(["play"]),
  legal: (hand) => playableCards(hand).map((card) => `play:${card}`),
  refuse(hand, action) {
    if (!hand.hands[hand.toAct].includes(action.card)) return "card_not_in_hand";
    if (!playableCards(hand).includes(action.card)) return "must_follow_suit";
    return null;
  },
  take(hand, action) {
    const seat = hand.toAct;
    hand.hands[seat] = hand.hands[seat].filter((card) => card !== action.card);
    hand.trick.push([seat, action.card]);
    if (hand.trick.length === seatsInPlay(hand).length) finishTrick(hand);
    else hand.toAct = nextInPlay(hand, seat);
  },
});
