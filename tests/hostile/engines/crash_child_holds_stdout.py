"""On the first request, starts a child that keeps the engine's output open, then crashes (exit 3)."""

import os

import hostile


def misbehave(message: dict, index: int) -> bool:
    if hostile.targeted(message):
        hostile.child("sleep", "300")
        os._exit(3)
    return False


hostile.serve(misbehave)
