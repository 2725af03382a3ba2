/**
 * Portable deal numbers (spec/deal-numbers.yaml): deal #N is the same cards in every language.
 *
 * SplitMix64 works on unsigned 64-bit integers, which JavaScript numbers cannot hold exactly, so
 * all of its arithmetic is done with BigInt and masked to 64 bits after every step.
 */

const MASK = (1n << 64n) - 1n;
const TWO_TO_64 = 1n << 64n;

/** SplitMix64 seeded with the deal number: a function returning the next 64-bit output. */
export function splitMix64(seed) {
  let state = BigInt(seed) & MASK;
  return function next() {
    state = (state + 0x9e3779b97f4a7c15n) & MASK;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK;
    return z ^ (z >> 31n);
  };
}

/** A uniform integer below `bound`, by rejection so that no value is favoured. */
export function drawBelow(next, bound) {
  const b = BigInt(bound);
  const limit = TWO_TO_64 - (TWO_TO_64 % b);
  for (;;) {
    const output = next();
    if (output < limit) return Number(output % b);
  }
}

/** Positions 0..size-1 shuffled by Fisher-Yates from the end; position 0 is the top of the pack. */
export function shuffledPositions(size, number) {
  const next = splitMix64(number);
  const order = Array.from({ length: size }, (_, index) => index);
  for (let i = size - 1; i >= 1; i -= 1) {
    const j = drawBelow(next, i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

/**
 * Deal #N by `dealer`: the packets go round from the dealer's left to the dealer, then the
 * up-card is turned, and the rest is the kitty.
 */
export function dealByNumber(rules, number, dealer) {
  const pack = shuffledPositions(rules.deck.length, number).map((position) => rules.deck[position]);
  const hands = Array.from({ length: rules.seatCount }, () => []);
  let top = 0;
  for (const packet of rules.packets) {
    for (let turn = 1; turn <= rules.seatCount; turn += 1) {
      const seat = (dealer + turn) % rules.seatCount;
      hands[seat].push(...pack.slice(top, top + packet));
      top += packet;
    }
  }
  const upCard = pack[top];
  return { hands, upCard, kitty: pack.slice(top + 1) };
}
