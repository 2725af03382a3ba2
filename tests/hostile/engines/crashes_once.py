"""Crashes (exit 3) on the first scenario; the restarted engine answers the next one."""

import os

import hostile


def misbehave(message: dict, index: int) -> bool:
    if hostile.targeted(message):
        os._exit(3)
    return False


hostile.serve(misbehave)
