/**
 * Reading the resolved rules document that every run request carries.
 *
 * The engine reads rules as data rather than hard-coding north-american, so each house rule it
 * plays is a setting in the document, not a branch in the code. It reads only the settings in
 * SUPPORTED below, with the values each accepts; any other setting, or another value, makes the
 * request unsupported (answered not_applicable), so the engine never plays a rule it does not
 * know. It reads rules language 1 (its handshake says so): the runner leaves out of the document
 * every setting added to the language since, as long as it holds its default, so a setting the
 * spec gains later never reaches this engine unless a scenario needs it at another value.
 */

import { canonicalDeck } from "./cards.js";

/** A rules document this engine cannot play: where the setting is, and why. */
export class UnsupportedRules extends Error {
  constructor(pointer, message) {
    super(`${message} (${pointer})`);
    this.code = "unsupported_rules";
    this.pointer = pointer;
  }
}

/** A rules document that is not complete: the resolved rules always carry every setting read here. */
export class IncompleteRules extends Error {
  constructor(pointer) {
    super(`the rules document has no ${pointer}`);
    this.code = "incomplete_rules";
  }
}

/** Every setting compileRules reads, as JSON pointers into the rules document. */
const READ = [
  "/id",
  "/seats/count",
  "/seats/teams",
  "/deck/suits",
  "/deck/ranks",
  "/deal/hand_size",
  "/deal/packets",
  "/trump/right_bower",
  "/trump/left_bower",
  "/bidding/round_one/dealer_partner_must_go_alone",
  "/bidding/round_one/dealer_may_discard_up_card",
  "/bidding/round_one/dealer_picks_up_when_partner_alone",
  "/bidding/all_pass",
  "/bidding/stuck_dealer_may_name_turned_down",
  "/bidding/throw_in_next_dealer",
  "/lone_play/defender",
  "/lone_play/defender_order",
  "/lone_play/passed_player",
  "/scoring/rows",
  "/game/target",
];

function checkComplete(doc) {
  for (const pointer of READ) {
    let value = doc;
    for (const key of pointer.slice(1).split("/")) value = value !== null && typeof value === "object" ? value[key] : undefined;
    if (value === undefined) throw new IncompleteRules(pointer);
  }
}

const any = () => true;
const exactly = (expected) => (value) => JSON.stringify(value) === JSON.stringify(expected);
const oneOf = (...allowed) => (value) => allowed.includes(value);
const isTrue = exactly(true);
const isFalse = exactly(false);
const none = (value) =>
  value === undefined || value === null || (Array.isArray(value) && value.length === 0) || exactly({})(value);
const off = (value) => value === undefined || value.enabled === false;

/**
 * Every setting the engine accepts, by section, with the values it can play. Keys naming a
 * clause (`clause`, `pickup_clause`, `rule_clauses`) only cite text and are always accepted.
 */
const SUPPORTED = {
  seats: { count: any, teams: any },
  deck: { suits: any, ranks: any, copies: exactly(1), extra_cards: none, ranks_by_suit: none, extra_cards_by_copy: none },
  deal: { hand_size: any, packets: any, up_card: isTrue },
  trump: { right_bower: any, left_bower: any, special_cards: none, duplicate_tiebreak: any, colour_breaks_ties: any },
  bidding: {
    round_one: any,
    round_two: (value) => value.enabled === true && value.dealer_partner_must_go_alone !== true,
    all_pass: oneOf("throw_in", "stick_the_dealer"),
    stuck_dealer_may_name_turned_down: any,
    throw_in_next_dealer: oneOf("left", "same"),
    forbidden_trump: none,
    forced_trump_up_suits: none,
    no_trump: isFalse,
    low_no_trump: isFalse,
    dealer_needs_trump: isFalse,
    special_up_card: none,
    redeal: none,
    prediction: off,
    going_under: none,
  },
  round_one: {
    enabled: isTrue,
    dealer_partner_must_go_alone: any,
    dealer_pickup: exactly("compulsory"),
    dealer_may_discard_up_card: any,
    dealer_picks_up_when_partner_alone: any,
  },
  lone_play: {
    maker: exactly("choice"),
    defender: oneOf("never", "against_lone_maker", "always"),
    passed_player: oneOf("may", "not_if_passed_in_round", "not_if_passed"),
    defender_order: oneOf("left_of_dealer", "left_of_maker"),
    partner_card: exactly("none"),
    partner_card_order: any, // how a partner's card is exchanged: nothing to play without one
    partner_card_defender: isFalse,
  },
  play: { first_lead: exactly("left_of_dealer"), renege: exactly("refused"), renege_penalty: none },
  scoring: { rows: any, player_rows: none },
  game: { target: any, tie: any, direction: exactly("up"), win: exactly("reach_target"), hands: none },
  dummy: { enabled: isFalse, merge: any },
  fold: { enabled: isFalse, order: any, when_trump_forced: any },
  auction: {}, // no auction: the section is null, so no setting of it is played
};

/** Sections that only describe the rules for readers. */
const DESCRIPTIVE = new Set(["format", "id", "title", "summary", "sources", "labels", "choices", "clauses", "errata"]);

function isClauseKey(key) {
  return key === "clause" || key.endsWith("_clause") || key === "rule_clauses";
}

function checkSection(section, values, pointer) {
  const accepted = SUPPORTED[section];
  for (const [key, value] of Object.entries(values ?? {})) {
    if (isClauseKey(key)) continue;
    const where = `${pointer}/${key}`;
    if (!(key in accepted)) throw new UnsupportedRules(where, `this engine does not play the setting '${key}'`);
    if (!accepted[key](value)) throw new UnsupportedRules(where, `this engine does not play '${key}' = ${JSON.stringify(value)}`);
  }
}

function checkSupported(doc) {
  for (const [section, values] of Object.entries(doc)) {
    if (DESCRIPTIVE.has(section)) continue;
    if (values === null) continue; // a section the rules leave out, such as a match: a single game
    if (!(section in SUPPORTED) || section === "round_one") {
      throw new UnsupportedRules(`/${section}`, `this engine does not play rules with a '${section}' section`);
    }
    checkSection(section, values, `/${section}`);
  }
  checkSection("round_one", doc.bidding?.round_one, "/bidding/round_one");
  if (doc.game?.tie != null && doc.seats.teams.length !== 2) {
    throw new UnsupportedRules("/game/tie", "this engine settles ties only between two sides, where they cannot happen");
  }
}

function compileScoringRow([name, row]) {
  const when = row.when ?? {};
  if ("predicted_alone" in when) throw new UnsupportedRules(`/scoring/rows/${name}/when`, "this engine has no prediction");
  return Object.freeze({
    name,
    makersTricks: when.makers_tricks ?? null,
    makerAlone: when.maker_alone ?? null,
    defenderAlone: when.defender_alone ?? null,
    to: row.award.to,
    points: row.award.points,
  });
}

/**
 * The rules as the engine's modules use them: plain, frozen values with names from the game
 * (the dealer's pick-up, the lone defence), compiled once per request.
 */
export function compileRules(doc) {
  checkComplete(doc);
  checkSupported(doc);
  const roundOne = doc.bidding.round_one;
  return Object.freeze({
    variant: doc.id,
    seatCount: doc.seats.count,
    teams: Object.freeze(doc.seats.teams.map((team) => Object.freeze([...team]))),
    suits: Object.freeze([...doc.deck.suits]),
    ranks: Object.freeze([...doc.deck.ranks]),
    deck: Object.freeze(canonicalDeck(doc.deck.suits, doc.deck.ranks)),
    handSize: doc.deal.hand_size,
    packets: Object.freeze([...doc.deal.packets]),
    rightBower: doc.trump.right_bower,
    leftBower: doc.trump.left_bower,
    dealerPartnerMustGoAlone: roundOne.dealer_partner_must_go_alone,
    dealerMayDiscardUpCard: roundOne.dealer_may_discard_up_card,
    dealerPicksUpWhenPartnerAlone: roundOne.dealer_picks_up_when_partner_alone,
    stickTheDealer: doc.bidding.all_pass === "stick_the_dealer",
    stuckDealerMayNameTurnedDown: doc.bidding.stuck_dealer_may_name_turned_down,
    throwInNextDealer: doc.bidding.throw_in_next_dealer,
    loneDefence: doc.lone_play.defender,
    defenderOrder: doc.lone_play.defender_order,
    passedPlayer: doc.lone_play.passed_player,
    scoringRows: Object.freeze(Object.entries(doc.scoring.rows).map(compileScoringRow)),
    target: doc.game.target,
  });
}

export function teamOf(rules, seat) {
  return rules.teams.findIndex((team) => team.includes(seat));
}

export function partnersOf(rules, seat) {
  return rules.teams[teamOf(rules, seat)].filter((other) => other !== seat);
}
