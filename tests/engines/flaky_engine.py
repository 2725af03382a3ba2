"""An engine under test that misbehaves on purpose: the runner must survive it.

It answers like the reference engine, except that it crashes on scenarios whose id contains
"crash-me" (environment variable FLAKY_CRASH), hangs on FLAKY_HANG, prints garbage on
FLAKY_GARBAGE, and always chatters on standard error (which must never be judged).
"""

from __future__ import annotations

import json
import os
import sys
import time

from conformance.engines.reference import ReferenceEngine


def main() -> None:
    engine = ReferenceEngine()
    crash, hang, garbage = (os.environ.get(name, "-") for name in ("FLAKY_CRASH", "FLAKY_HANG", "FLAKY_GARBAGE"))
    for line in sys.stdin:
        message = json.loads(line)
        print(f"flaky engine got {message.get('type')} {message.get('scenario', '')}", file=sys.stderr, flush=True)
        scenario = message.get("scenario", "")
        if scenario == crash:
            os._exit(3)
        if scenario == hang:
            time.sleep(60)
        if scenario == garbage:
            print("Traceback (most recent call last): everything is fine", flush=True)
            continue
        reply = engine.handle(message)
        if reply is None:
            return
        print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main()
