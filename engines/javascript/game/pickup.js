/**
 * The dealer's pick-up (bid.dealer-pickup): when trump is made on the up-card in round one,
 * the dealer takes it into hand and discards one card face down.
 */

import { offerLoneDefence } from "./lone-defence.js";
import { sitOut } from "./seats.js";

/** Give the dealer the up-card and ask for the discard. */
export function startPickup(hand) {
  hand.hands[hand.dealer] = [...hand.hands[hand.dealer], hand.upCard];
  hand.upCardTaken = true;
  hand.phase = "discard";
  hand.toAct = hand.dealer;
}

function discardable(hand) {
  const held = hand.hands[hand.dealer];
  return hand.rules.dealerMayDiscardUpCard ? held : held.filter((card) => card !== hand.upCard);
}

export const discardPhase = Object.freeze({
  id: "discard",
  kinds: new Set(["discard", "leave_up_card"]),
  legal: (hand) => discardable(hand).map((card) => `discard:${card}`),
  refuse(hand, action) {
    if (action.kind === "leave_up_card") return "pickup_compulsory";
    if (!hand.hands[hand.dealer].includes(action.card)) return "card_not_in_hand";
    if (!discardable(hand).includes(action.card)) return "cannot_discard_up_card";
    return null;
  },
  take(hand, action) {
    hand.hands[hand.dealer] = hand.hands[hand.dealer].filter((card) => card !== action.card);
    hand.discarded = action.card;
    if (hand.dealerSitsOutAfterDiscard) sitOut(hand, [hand.dealer]);
    offerLoneDefence(hand);
  },
});
