#!/usr/bin/env node
/**
 * A Euchre engine for node, written from the euchre-spec rules: run it with
 * `node engines/javascript/engine.js` and talk to it in the harness protocol on stdin/stdout.
 */

import { serve } from "./protocol/loop.js";

serve(process.stdin, process.stdout);
