"""Answers the first request with JSON null."""

import hostile


def misbehave(message: dict, index: int) -> bool:
    if hostile.targeted(message):
        hostile.write(b"null\n")
        return True
    return False


hostile.serve(misbehave)
