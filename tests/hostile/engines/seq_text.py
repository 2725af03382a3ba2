"""Answers the first request with its number written as text."""

import hostile


def misbehave(message: dict, index: int) -> bool:
    if hostile.targeted(message):
        hostile.send(hostile.honest(message) | {"seq": str(message["seq"])})
        return True
    return False


hostile.serve(misbehave)
