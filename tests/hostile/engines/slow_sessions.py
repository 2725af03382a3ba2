"""A correct engine that offers sessions and takes 0.3 s over every reply: the reference engine through the
engine kit, each message answered after a pause. Each reply comes well within the run's timeout (4 s in its case),
though a scenario's replies together take longer than that."""

import os
import sys
import time
from typing import Any

import hostile

from conformance.engines.reference import ReferenceEngine
from conformance.engines.sdk import serve_messages

PAUSE = 0.3


class Slow(ReferenceEngine):
    def handle(self, message: Any) -> dict[str, Any] | None:
        if isinstance(message, dict) and message.get("type") not in ("hello", "bye"):
            time.sleep(PAUSE)
        return super().handle(message)


hostile.note(os.getpid())
sys.exit(serve_messages(Slow().handle, sys.stdin, sys.stdout))
