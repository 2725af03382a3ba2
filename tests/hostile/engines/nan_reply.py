"""Answers the first request with NaN, which Python writes but JSON does not have."""

import hostile


def misbehave(message: dict, index: int) -> bool:
    if hostile.targeted(message):
        hostile.write(b'{"type": "result", "seq": 0, "observations": NaN, "probes": []}\n')
        return True
    return False


hostile.serve(misbehave)
