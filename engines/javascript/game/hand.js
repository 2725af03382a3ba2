/**
 * One hand of Euchre as a state machine: a hand is in one phase at a time, and every phase is a
 * record in PHASES with the same four parts (which action kinds it takes, the legal actions of
 * the player to act, why it refuses an action, and how it takes one). The order of the phases
 * lives in the phase modules, each of which starts the next.
 *
 * Every action is checked the same way, in this order: a word that is no action of this game
 * (unknown_action), a hand that is over (hand_over), a player other than the one to act
 * (not_your_turn), an action this phase does not take (wrong_phase), then the phase's own
 * reasons. A refused action changes nothing, so probes are only checked, never applied.
 */

import { parseAction } from "./actions.js";
import { roundOnePhase, roundTwoPhase, startBidding } from "./bidding.js";
import { makerDecisionPhase } from "./going-alone.js";
import { discardPhase } from "./pickup.js";
import { loneDefencePhase } from "./lone-defence.js";
import { playPhase } from "./play.js";

const PHASES = Object.freeze(
  Object.fromEntries([roundOnePhase, roundTwoPhase, makerDecisionPhase, discardPhase, loneDefencePhase, playPhase].map((p) => [p.id, p])),
);

/** A new hand on the given cards, bidding open at the dealer's left. */
export function newHand(rules, dealer, cards) {
  const hand = {
    rules,
    dealer,
    hands: cards.hands.map((held) => [...held]),
    upCard: cards.upCard,
    kitty: cards.kitty,
    discarded: null,
    upCardTaken: false,
    phase: null,
    toAct: null,
    passes: [],
    trump: null,
    maker: null,
    trumpRound: null,
    makerAlone: false,
    defenderAlone: null,
    sittingOut: [],
    dealerSitsOutAfterDiscard: false,
    defendersToAsk: [],
    trick: [],
    trickWinners: [],
    tricksWon: cards.hands.map(() => 0),
    thrownIn: false,
    points: null,
  };
  startBidding(hand);
  return hand;
}

export function isOver(hand) {
  return hand.phase === "over";
}

export function legalActions(hand) {
  return isOver(hand) ? [] : PHASES[hand.phase].legal(hand);
}

/** Why `seat` may not take the action `text` now, as a reason code; null when they may. */
export function refusal(hand, seat, text) {
  const action = parseAction(text, hand.rules);
  if (action === null) return "unknown_action";
  if (isOver(hand)) return "hand_over";
  if (seat !== hand.toAct) return "not_your_turn";
  const phase = PHASES[hand.phase];
  if (!phase.kinds.has(action.kind)) return "wrong_phase";
  return phase.refuse(hand, action);
}

/** Take the action, or return the reason it is refused (and change nothing). */
export function apply(hand, seat, text) {
  const reason = refusal(hand, seat, text);
  if (reason === null) PHASES[hand.phase].take(hand, parseAction(text, hand.rules));
  return reason;
}
