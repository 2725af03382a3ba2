"""Answers the first request with text that is not JSON."""

import hostile


def misbehave(message: dict, index: int) -> bool:
    if hostile.targeted(message):
        hostile.write(b"Traceback (most recent call last): everything is fine\n")
        return True
    return False


hostile.serve(misbehave)
