/**
 * Answering one run request: set up the game, observe before the script and after each step,
 * try each probe at its point without applying it, and stop at the first step refused.
 */

import { compileRules, IncompleteRules, UnsupportedRules } from "../game/rules.js";
import { newGame, apply, refusal } from "../game/game.js";
import { observe } from "../game/observe.js";
import { DealError } from "../game/deals.js";

const NOT_REACHED = Object.freeze({ refused: false, reason: "not reached: the script stopped before this point" });

function playScript(request, game) {
  const answers = request.probes.map(() => NOT_REACHED);
  const tryProbes = (after) => {
    request.probes.forEach((probe, index) => {
      if (probe.after !== after) return;
      const reason = refusal(game, probe.seat, probe.action);
      answers[index] = reason === null ? { refused: false } : { refused: true, reason };
    });
  };
  const observations = [observe(game)];
  let stopped = null;
  for (const [index, step] of request.actions.entries()) {
    tryProbes(index);
    const reason = apply(game, step.seat, step.action);
    if (reason !== null) {
      stopped = { at: index, reason };
      break;
    }
    observations.push(observe(game));
  }
  if (stopped === null) tryProbes(request.actions.length);
  const reply = { type: "result", seq: request.seq, observations, probes: answers };
  if (stopped !== null) reply.stopped = stopped;
  return reply;
}

/** The reply to a run request: a result, not_applicable for rules this engine does not play, or an error. */
export function answerRun(request) {
  let rules;
  try {
    rules = compileRules(request.rules);
  } catch (error) {
    if (error instanceof UnsupportedRules) return { type: "not_applicable", seq: request.seq, reason: error.message };
    if (error instanceof IncompleteRules) return { type: "error", seq: request.seq, message: error.message };
    throw error;
  }
  try {
    return playScript(request, newGame(rules, request.deals, request.start_scores));
  } catch (error) {
    if (error instanceof DealError) return { type: "error", seq: request.seq, message: error.message };
    throw error;
  }
}
