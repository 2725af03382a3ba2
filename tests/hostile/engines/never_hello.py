"""Reads everything it is sent and never answers, not even the handshake."""

import os
import sys

import hostile

hostile.note(os.getpid())
for _line in sys.stdin:
    pass
hostile.sleep_forever()
