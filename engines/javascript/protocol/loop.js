/**
 * The protocol loop: one JSON object per line in, one per line out. It reads a line, dispatches
 * hello, run and bye, and answers error for a line it cannot use; nothing else in the engine
 * knows about standard input or output. An engine for another language can copy this module's
 * shape and keep its game code apart from it.
 */

import { createInterface } from "node:readline";
import { parseExact } from "./exact-json.js";
import { helloReply } from "./handshake.js";
import { answerRun } from "./script.js";

const RUN_FIELDS = ["seq", "scenario", "variant", "house_rules", "rules", "deals", "actions", "probes"];

/** A seq for the reply: the request's own when it has one, -1 when the line had none. */
function seqOf(message) {
  return Number.isInteger(message?.seq) ? message.seq : -1;
}

function badLine(message, seq = -1) {
  return { type: "error", seq, message };
}

/** The reply to one line, or null for bye (the loop then ends). */
export function answerLine(line) {
  let message;
  try {
    message = parseExact(line);
  } catch (error) {
    return badLine(`not a JSON line: ${error.message}`);
  }
  if (message === null || typeof message !== "object" || Array.isArray(message)) return badLine("a message must be a JSON object");
  switch (message.type) {
    case "hello":
      return message.protocol === 1 ? helloReply() : badLine(`protocol ${message.protocol} is not spoken here; this engine speaks 1`);
    case "run": {
      const missing = RUN_FIELDS.filter((field) => !(field in message));
      if (missing.length > 0) return badLine(`run request without ${missing.join(", ")}`, seqOf(message));
      try {
        return answerRun(message);
      } catch (error) {
        return badLine(`the engine failed on ${message.scenario}: ${error.message}`, seqOf(message));
      }
    }
    case "bye":
      return null;
    default:
      return badLine(`unknown message type ${JSON.stringify(message.type)}`, seqOf(message));
  }
}

/** Serve the protocol on `input` and `output` until bye or the end of input. */
export function serve(input, output) {
  const lines = createInterface({ input, crlfDelay: Infinity });
  lines.on("line", (line) => {
    if (line.trim() === "") return;
    const reply = answerLine(line);
    if (reply === null) {
      lines.close();
      return;
    }
    output.write(`${JSON.stringify(reply)}\n`);
  });
}
