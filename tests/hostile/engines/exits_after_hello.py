"""Shakes hands and exits (code 0) on every request, even after being restarted."""

import sys

import hostile


def misbehave(message: dict, index: int) -> bool:
    sys.exit(0)


hostile.serve(misbehave)
