/**
 * Action ids: the neutral words of the protocol (`pass`, `order_up`, `name_trump:H`,
 * `discard:9C`, `play:JH`, ...). An id is parsed once into its kind and argument, so the
 * phases compare kinds and never re-read the text.
 *
 * The grammar is the protocol's whole list of words, every variant's included: a word of
 * another variant (`ask:2`, `call_redeal`) is a real action that this game's phases do not
 * take (wrong_phase), while a word outside the list, or a card not in this pack, is unknown.
 */

const GRAMMAR =
  /^(?:(pass|order_up|go_alone|defend_alone|leave_up_card|call_redeal)|(name_trump):([CDHSN])|(predict|predict_alone):([CDHS])|(ask):([0-7])|(discard|play|give):((?:[2-9TJQKA][CDHS]|J[KRB])(?:#[1-9])?))$/;

/** The action for an id, or null when the id is no action of this game. */
export function parseAction(text, rules) {
  const match = GRAMMAR.exec(text);
  if (match === null) return null;
  const [, bare, nameTrump, trump, predict, predicted, ask, askedSeat, withCard, card] = match;
  if (bare) return { kind: bare, text };
  if (nameTrump) return { kind: nameTrump, suit: trump, text };
  if (predict) return { kind: predict, suit: predicted, text };
  if (ask) return { kind: ask, seat: Number(askedSeat), text };
  if (!rules.deck.includes(card)) return null;
  return { kind: withCard, card, text };
}
