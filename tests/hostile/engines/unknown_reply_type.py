"""Answers the first request with a message type the protocol does not have."""

import hostile


def misbehave(message: dict, index: int) -> bool:
    if hostile.targeted(message):
        hostile.send({"type": "banana", "seq": message["seq"]})
        return True
    return False


hostile.serve(misbehave)
