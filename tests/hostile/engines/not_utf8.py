"""Answers the first request with a line holding bytes that are not UTF-8."""

import hostile


def misbehave(message: dict, index: int) -> bool:
    if hostile.targeted(message):
        hostile.write(b'{"type": "not_applicable", "seq": 0, "reason": "\xff\xfe"}\n')
        return True
    return False


hostile.serve(misbehave)
