/**
 * House rule passed-player-cannot-go-alone: a pass in the bidding can bar a player from a lone
 * hand, as maker or as defender. Which passes count (those in the round trump was made, or any)
 * is the rules' passed_player setting.
 */

/** Whether a pass earlier in the bidding bars `seat` from playing or defending alone. */
export function barredFromGoingAlone(hand, seat) {
  const { passedPlayer } = hand.rules;
  if (passedPlayer === "may") return false;
  return hand.passes.some((pass) => pass.seat === seat && (passedPlayer === "not_if_passed" || pass.round === hand.trumpRound));
}
