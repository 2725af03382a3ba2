/**
 * Turning a request's deal into cards: written out (checked against the pack), or a portable
 * deal number. A deal that cannot be played is a DealError, answered as an error, never played.
 */

import { dealByNumber } from "./deal-number.js";

export class DealError extends Error {
  constructor(message) {
    super(message);
    this.code = "bad_deal";
  }
}

function checkWrittenDeal(rules, deal, index) {
  const where = `deal ${index}`;
  if (!Array.isArray(deal.hands) || deal.hands.length !== rules.seatCount) {
    throw new DealError(`${where}: needs ${rules.seatCount} hands`);
  }
  deal.hands.forEach((held, seat) => {
    if (!Array.isArray(held) || held.length !== rules.handSize) {
      throw new DealError(`${where}: seat ${seat} must hold ${rules.handSize} cards`);
    }
  });
  if (typeof deal.up_card !== "string") throw new DealError(`${where}: has no up-card`);
  const cards = [...deal.hands.flat(), deal.up_card];
  const unknown = cards.filter((card) => !rules.deck.includes(card));
  if (unknown.length > 0) throw new DealError(`${where}: ${unknown.join(", ")} not in this pack`);
  const repeated = cards.filter((card, position) => cards.indexOf(card) !== position);
  if (repeated.length > 0) throw new DealError(`${where}: ${repeated.join(", ")} dealt twice`);
  if (deal.kitty !== undefined) checkKitty(rules, cards, deal.kitty, where);
}

/** A kitty the deal names: the rest of the pack exactly, every card once. */
function checkKitty(rules, dealt, kitty, where) {
  if (!Array.isArray(kitty)) throw new DealError(`${where}: the kitty is a list of cards`);
  const all = [...dealt, ...kitty];
  const repeated = all.filter((card, position) => all.indexOf(card) !== position);
  if (repeated.length > 0) throw new DealError(`${where}: ${repeated.join(", ")} dealt twice`);
  const missing = rules.deck.filter((card) => !all.includes(card));
  if (missing.length > 0 || all.length !== rules.deck.length) {
    throw new DealError(`${where}: the kitty does not hold the rest of the pack (${missing.join(", ") || "unknown cards"})`);
  }
}

const LARGEST_NUMBER = (1n << 64n) - 1n;

/** A deal number as a BigInt: a whole number from 0 to 2^64 - 1 (large ones arrive as digit strings). */
function checkedNumber(number, index) {
  const digits = typeof number === "string" ? number : Number.isInteger(number) ? String(number) : "";
  if (!/^[0-9]+$/.test(digits) || BigInt(digits) > LARGEST_NUMBER) {
    throw new DealError(`deal ${index}: a deal number is a whole number from 0 to 2^64 - 1, not ${JSON.stringify(number)}`);
  }
  return BigInt(digits);
}

/** The hands and up-card of the request's deal number `index`, dealt by `dealer`. */
export function cardsOf(rules, deal, index, dealer) {
  const hasNumber = deal.number !== undefined;
  if (hasNumber === (deal.hands !== undefined)) {
    throw new DealError(`deal ${index}: give either the hands and up-card or a deal number`);
  }
  if (hasNumber) return dealByNumber(rules, checkedNumber(deal.number, index), dealer);
  checkWrittenDeal(rules, deal, index);
  const dealt = [...deal.hands.flat(), deal.up_card];
  const kitty = deal.kitty ?? rules.deck.filter((card) => !dealt.includes(card));
  return { hands: deal.hands, upCard: deal.up_card, kitty: [...kitty] };
}
