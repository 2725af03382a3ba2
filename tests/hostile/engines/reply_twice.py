"""Answers the first request twice: the second copy is read as the reply to the next request."""

import hostile


def misbehave(message: dict, index: int) -> bool:
    if hostile.targeted(message):
        hostile.send(hostile.honest(message))
        hostile.send(hostile.honest(message))
        return True
    return False


hostile.serve(misbehave)
