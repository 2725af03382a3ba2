"""Writes 3 MiB to standard error on every request before answering it honestly."""

import sys

import hostile


def misbehave(message: dict, index: int) -> bool:
    sys.stderr.write(("chatter " * 128 + "\n") * 3 * 1024)
    sys.stderr.flush()
    return False


hostile.serve(misbehave)
