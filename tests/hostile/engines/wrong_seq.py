"""Answers the first request under another request's number."""

import hostile


def misbehave(message: dict, index: int) -> bool:
    if hostile.targeted(message):
        hostile.send(hostile.honest(message) | {"seq": message["seq"] + 100})
        return True
    return False


hostile.serve(misbehave)
