/**
 * Cards and their order. A card is its canonical code (rank then suit: "9C", "TD", "JH"), so
 * hands, tricks and observations need no conversion. Which suit a card belongs to, and how high
 * it ranks, depend on trump (the bowers) and on the suit led; both are answered here and nowhere
 * else.
 */

/** Suits of the same colour: the left bower is the jack of trump's partner suit. */
const PARTNER_SUIT = Object.freeze({ C: "S", S: "C", D: "H", H: "D" });

export function rankOf(card) {
  return card[0];
}

export function printedSuitOf(card) {
  return card[1];
}

/** The pack in canonical order: each suit in the order the rules list them, ranks highest first. */
export function canonicalDeck(suits, ranks) {
  return suits.flatMap((suit) => ranks.map((rank) => rank + suit));
}

export function isRightBower(card, trump, rules) {
  return rules.rightBower && card === "J" + trump;
}

export function isLeftBower(card, trump, rules) {
  return rules.leftBower && trump !== null && card === "J" + PARTNER_SUIT[trump];
}

/** The suit a card counts as for following and winning: the left bower is a trump. */
export function suitOf(card, trump, rules) {
  return isLeftBower(card, trump, rules) ? trump : printedSuitOf(card);
}

/**
 * How strongly a card bids for the trick: any trump beats any card of the suit led, which beats
 * everything else (worth 0, never winning). Within a suit the rules' rank order decides, highest
 * first, with the two bowers on top of trump.
 */
export function trickPower(card, trump, ledSuit, rules) {
  const suit = suitOf(card, trump, rules);
  const withinSuit = rules.ranks.length - rules.ranks.indexOf(rankOf(card));
  if (suit === trump) {
    if (isRightBower(card, trump, rules)) return 300;
    if (isLeftBower(card, trump, rules)) return 299;
    return 200 + withinSuit;
  }
  if (suit === ledSuit) return 100 + withinSuit;
  return 0;
}
