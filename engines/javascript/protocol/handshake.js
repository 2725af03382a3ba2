/**
 * Who this engine is and what it plays: the reply to the runner's hello. Only what passes the
 * conformance suite is declared; every other scenario is skipped by the runner.
 */

export const NAME = "euchre-spec-javascript";
export const VERSION = "1.0.0";

export function helloReply() {
  return {
    type: "hello",
    protocol: 1,
    name: NAME,
    version: VERSION,
    variants: ["north-american", "north-american-32"],
    house_rules: [
      "stick-the-dealer",
      "stuck-dealer-turned-down",
      "throw-in",
      "canadian-loner",
      "defend-alone",
      "defender-order",
      "no-up-card-discard",
      "dealer-picks-up-for-loner",
      "passed-player-cannot-go-alone",
      "lone-euchred-four",
      "target",
    ],
    rules_language: 1,
    notes: "Reads every rule setting from the request's resolved rules; see engines/javascript/README.md for its readings.",
  };
}
