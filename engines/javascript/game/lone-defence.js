/**
 * Defending alone (house rule defend-alone): once trump is made and the dealer has discarded,
 * before the first lead, a defender may announce a lone defence and their partner lays down.
 *
 * The defenders are asked one at a time, clockwise from the dealer's left or from the maker's
 * left as the rules' defender_order says, each answering pass or defend_alone; the first to
 * defend alone ends the asking (a reading chosen: the clauses do not say the second is asked). A defender barred from a lone hand (passed-player-cannot-go-alone) is not asked.
 */

import { teamOf, partnersOf } from "./rules.js";
import { fromDealersLeft, fromLeftOf, sitOut } from "./seats.js";
import { startPlay } from "./play.js";
import { barredFromGoingAlone } from "./passed-player.js";

function loneDefenceOpen(hand) {
  const when = hand.rules.loneDefence;
  return when === "always" || (when === "against_lone_maker" && hand.makerAlone);
}

/** After the bidding (and the discard): ask the defenders in turn, or start play at once. */
export function offerLoneDefence(hand) {
  const makers = teamOf(hand.rules, hand.maker);
  const order = hand.rules.defenderOrder === "left_of_maker" ? fromLeftOf(hand, hand.maker) : fromDealersLeft(hand);
  hand.defendersToAsk = loneDefenceOpen(hand)
    ? order.filter(
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
