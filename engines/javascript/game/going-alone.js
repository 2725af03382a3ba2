/**
 * The maker's decision to go alone (alone.maker), taken once trump is made and before the
 * dealer discards: the maker answers go_alone or pass, and a lone maker's partner lays down.
 *
 * House rules read here: canadian-loner (the dealer's partner who orders up in round one must
 * go alone), dealer-picks-up-for-loner (the dealer takes the up-card even when sitting out) and
 * passed-player-cannot-go-alone (a pass bars a lone hand).
 */

import { partnersOf } from "./rules.js";
import { sitOut } from "./seats.js";
import { startPickup } from "./pickup.js";
import { offerLoneDefence } from "./lone-defence.js";
import { barredFromGoingAlone } from "./passed-player.js";

function mustGoAlone(hand) {
  const { rules } = hand;
  return rules.dealerPartnerMustGoAlone && hand.trumpRound === 1 && partnersOf(rules, hand.dealer).includes(hand.maker);
}

/** Trump is made: the maker decides on going alone. */
export function startMakerDecision(hand) {
  hand.phase = "maker_alone";
  hand.toAct = hand.maker;
}

function goAlone(hand) {
  hand.makerAlone = true;
  const partners = partnersOf(hand.rules, hand.maker);
  const dealerPicksUp = hand.trumpRound === 1 && hand.rules.dealerPicksUpWhenPartnerAlone;
  if (partners.includes(hand.dealer) && dealerPicksUp) {
    hand.dealerSitsOutAfterDiscard = true;
    sitOut(hand, partners.filter((seat) => seat !== hand.dealer));
  } else {
    sitOut(hand, partners);
  }
}

export const makerDecisionPhase = Object.freeze({
  id: "maker_alone",
  kinds: new Set(["pass", "go_alone"]),
  legal(hand) {
    if (mustGoAlone(hand)) return ["go_alone"];
    if (barredFromGoingAlone(hand, hand.maker)) return ["pass"];
    return ["pass", "go_alone"];
  },
  refuse(hand, action) {
    if (action.kind === "pass" && mustGoAlone(hand)) return "must_go_alone";
    if (action.kind === "go_alone" && barredFromGoingAlone(hand, hand.maker)) return "passed_cannot_go_alone";
    return null;
  },
  take(hand, action) {
    if (action.kind === "go_alone") goAlone(hand);
    if (hand.trumpRound === 1 && !hand.sittingOut.includes(hand.dealer)) startPickup(hand);
    else offerLoneDefence(hand);
  },
});
