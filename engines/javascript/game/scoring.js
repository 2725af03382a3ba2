/**
 * Scoring a played hand from the rules' scoring table: each row says which outcomes it covers
 * (the makers' tricks, whether the maker or a defender was alone) and who scores how much.
 */

import { teamOf } from "./rules.js";

function rowCovers(row, outcome) {
  return (
    (row.makersTricks === null || row.makersTricks.includes(outcome.makersTricks)) &&
    (row.makerAlone === null || row.makerAlone === outcome.makerAlone) &&
    (row.defenderAlone === null || row.defenderAlone === outcome.defenderAlone)
  );
}

/** Points per team for a hand whose five tricks are played. */
export function scoreHand(hand) {
  const { rules } = hand;
  const makers = teamOf(rules, hand.maker);
  const outcome = {
    makersTricks: rules.teams[makers].reduce((sum, seat) => sum + hand.tricksWon[seat], 0),
    makerAlone: hand.makerAlone,
    defenderAlone: hand.defenderAlone !== null,
  };
  const rows = rules.scoringRows.filter((row) => rowCovers(row, outcome));
  if (rows.length !== 1) {
    throw new Error(`the scoring table has ${rows.length} rows for ${JSON.stringify(outcome)}; it needs exactly one`);
  }
  const [row] = rows;
  return rules.teams.map((_, team) => ((team === makers) === (row.to === "makers") ? row.points : 0));
}
