/**
 * What the engine shows after each step: the protocol's observation, a referee's view of the
 * whole table (every hand, the trick, the score).
 */

import { legalActions } from "./game.js";

export function observe(game) {
  const { hand } = game;
  return {
    to_act: hand.toAct,
    legal_actions: legalActions(game),
    dealer: hand.dealer,
    up_card: hand.upCard,
    trump: hand.trump,
    maker: hand.maker,
    maker_alone: hand.makerAlone,
    defender_alone: hand.defenderAlone,
    sitting_out: [...hand.sittingOut],
    hands: hand.hands.map((held) => [...held]),
    trick: hand.trick.map(([seat, card]) => [seat, card]),
    trick_winners: [...hand.trickWinners],
    tricks_won: [...hand.tricksWon],
    hand_over: hand.phase === "over",
    finished_hands: game.finishedHands.map((finished) => ({ thrown_in: finished.thrown_in, points: [...finished.points] })),
    scores: [...game.scores],
    game_over: game.gameOver,
    winners: [...game.winners],
  };
}
