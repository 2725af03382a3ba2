/**
 * A game of several hands (game.target, game.deal-rotates-left, and throw-in's dealer): the
 * running score, who deals each hand, and when the game is won.
 *
 * A request lists the deals of the game's hands; when a hand ends short of the target and no
 * deal is left, the game rests there with the hand over, and every action is refused as
 * hand_over.
 */

import { newHand, isOver, apply as applyToHand, refusal as handRefusal, legalActions as handLegal } from "./hand.js";
import { cardsOf, DealError } from "./deals.js";

/** A game on the request's deals, from the starting scores (all zero when none are given). */
export function newGame(rules, deals, startScores) {
  const scores = startScores ? [...startScores] : rules.teams.map(() => 0);
  if (scores.length !== rules.teams.length) throw new DealError(`start_scores needs ${rules.teams.length} scores, one per team`);
  if (typeof deals[0]?.dealer !== "number") throw new DealError("the first deal must name its dealer");
  const game = { rules, deals, dealsUsed: 1, scores, finishedHands: [], gameOver: false, winners: [], hand: null };
  game.hand = newHand(rules, deals[0].dealer, cardsOf(rules, deals[0], 0, deals[0].dealer));
  return game;
}

/** The dealer of the next hand: the same one after a throw-in under throw-in=same, else the left. */
function nextDealer(game) {
  const { hand, rules } = game;
  if (hand.thrownIn && rules.throwInNextDealer === "same") return hand.dealer;
  return (hand.dealer + 1) % rules.seatCount;
}

function finishHand(game) {
  const { hand, rules } = game;
  game.finishedHands.push({ thrown_in: hand.thrownIn, points: [...hand.points] });
  game.scores = game.scores.map((score, team) => score + hand.points[team]);
  game.winners = game.scores.flatMap((score, team) => (score >= rules.target ? [team] : []));
  game.gameOver = game.winners.length > 0;
  if (game.gameOver || game.dealsUsed >= game.deals.length) return;
  const dealer = nextDealer(game);
  const index = game.dealsUsed;
  game.dealsUsed += 1;
  game.hand = newHand(rules, dealer, cardsOf(rules, game.deals[index], index, dealer));
}

export function refusal(game, seat, text) {
  return handRefusal(game.hand, seat, text);
}

export function legalActions(game) {
  return handLegal(game.hand);
}

/** Take one action; when it ends the hand, score it and deal the next hand if there is one. */
export function apply(game, seat, text) {
  const reason = applyToHand(game.hand, seat, text);
  if (reason === null && isOver(game.hand)) finishHand(game);
  return reason;
}
