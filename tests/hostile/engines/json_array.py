"""Answers the first request with a JSON array."""

import hostile


def misbehave(message: dict, index: int) -> bool:
    if hostile.targeted(message):
        hostile.send([1, 2, 3])
        return True
    return False


hostile.serve(misbehave)
