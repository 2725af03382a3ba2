/**
 * What the engine shows after each step: the protocol's observation, a referee's view of the
 * whole table (every hand, the trick, the score).
 */

import { legalActions } from "./game.js";

/** The protocol's name for each of this engine's phases (schemas/protocol.schema.json#/$defs/phase). */
const PHASE_NAMES = Object.freeze({
  round_one: "bid_round_one",
  round_two: "bid_round_two",
  maker_alone: "declare_alone",
  discard: "dealer_discard",
  lone_defence: "defend_alone",
  play: "play",
  over: "hand_over",
});

/**
 * Cards that left play without being played to a trick: the dealer's discard, the hands laid
 * down, and the up-card once the bidding on it is over and the dealer did not take it.
 */
function outOfPlay(hand) {
  const cards = hand.sittingOut.flatMap((seat) => hand.hands[seat]);
  if (hand.discarded !== null) cards.push(hand.discarded);
  const biddingOnIt = hand.phase === "round_one" || (hand.phase === "maker_alone" && hand.trumpRound === 1);
  if (!biddingOnIt && !hand.upCardTaken) cards.push(hand.upCard);
  return cards;
}

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
    phase: PHASE_NAMES[hand.phase],
    kitty: [...hand.kitty],
    out_of_play: outOfPlay(hand),
    deck_size: hand.rules.deck.length,
  };
}
