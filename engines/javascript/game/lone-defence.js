/**
 * Defending alone (house rule defend-alone): once trump is made and the dealer has discarded,
 * before the first lead, a defender may announce a lone defence and their partner lays down.
 *
 * Reading chosen: the defenders are asked one at a time, clockwise from the dealer's left (the
 * order of the bidding), each answering pass or defend_alone; the first to defend alone ends
 * the asking. A defender barred from a lone hand (passed-player-cannot-go-alone) is not asked.
 */

import { teamOf, partnersOf } from "./rules.js";
import { fromDealersLeft, sitOut } from "./seats.js";
import { startPlay } from "./play.js";
import { barredFromGoingAlone } from "./passed-player.js";

function loneDefenceOpen(hand) {
  const when = hand.rules.loneDefence;
  return when === "always" || (when === "against_lone_maker" && hand.makerAlone);
}

/** After the bidding (and the discard): ask the defenders in turn, or start play at once. */
export function offerLoneDefence(hand) {
  const makers = teamOf(hand.rules, hand.maker);
  hand.defendersToAsk = loneDefenceOpen(hand)
    ? fromDealersLeft(hand).filter(
        (seat) => teamOf(hand.rules, seat) !== makers && !hand.sittingOut.includes(seat) && !barredFromGoingAlone(hand, seat),
      )
    : [];
  askNextDefender(hand);
}

function askNextDefender(hand) {
  if (hand.defendersToAsk.length === 0) {
    startPlay(hand);
    return;
  }
  hand.phase = "lone_defence";
  hand.toAct = hand.defendersToAsk.shift();
}

export const loneDefencePhase = Object.freeze({
  id: "lone_defence",
  kinds: new Set(["pass", "defend_alone"]),
  legal: () => ["pass", "defend_alone"],
  refuse: () => null,
  take(hand, action) {
    if (action.kind === "pass") {
      askNextDefender(hand);
      return;
    }
    hand.defenderAlone = hand.toAct;
    sitOut(hand, partnersOf(hand.rules, hand.toAct));
    hand.defendersToAsk = [];
    startPlay(hand);
  },
});
