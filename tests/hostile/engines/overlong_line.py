"""Answers the first request with a line of 17 MiB."""

import hostile


def misbehave(message: dict, index: int) -> bool:
    if hostile.targeted(message):
        hostile.write(b'{"type": "not_applicable", "seq": 0, "reason": "' + b"x" * (17 * 2**20) + b'"}\n')
        return True
    return False


hostile.serve(misbehave)
