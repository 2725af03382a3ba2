"""Answers the first request with a result that leaves out its observations."""

import hostile


def misbehave(message: dict, index: int) -> bool:
    if hostile.targeted(message):
        hostile.send({"type": "result", "seq": message["seq"], "probes": []})
        return True
    return False


hostile.serve(misbehave)
