"""Answers the first request with empty lines, without end."""

import hostile


def misbehave(message: dict, index: int) -> bool:
    if hostile.targeted(message):
        while True:
            hostile.write(b"\n" * 4096)
    return False


hostile.serve(misbehave)
