/**
 * Going round the table. Seats are numbered clockwise, so the player to the left of seat s is
 * seat s + 1 (mod the number of seats); every "next player" of the rules is computed here.
 */

/** Every seat once, starting at the dealer's left and ending with the dealer. */
export function fromDealersLeft(hand) {
  const count = hand.rules.seatCount;
  return Array.from({ length: count }, (_, turn) => (hand.dealer + 1 + turn) % count);
}

/** Every seat once, starting at the left of `seat` and ending with `seat`. */
export function fromLeftOf(hand, seat) {
  const count = hand.rules.seatCount;
  return Array.from({ length: count }, (_, turn) => (seat + 1 + turn) % count);
}

/** The next seat clockwise after `seat` that takes part in the hand (skipping who sits out). */
export function nextInPlay(hand, seat) {
  const count = hand.rules.seatCount;
  for (let step = 1; step <= count; step += 1) {
    const candidate = (seat + step) % count;
    if (!hand.sittingOut.includes(candidate)) return candidate;
  }
  throw new Error("every seat sits out");
}

export function seatsInPlay(hand) {
  return fromDealersLeft(hand).filter((seat) => !hand.sittingOut.includes(seat));
}

export function sitOut(hand, seats) {
  hand.sittingOut = [...new Set([...hand.sittingOut, ...seats])].sort((a, b) => a - b);
}
