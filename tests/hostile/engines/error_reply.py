"""Reports an error for the first request, as the protocol allows."""

import hostile


def misbehave(message: dict, index: int) -> bool:
    if hostile.targeted(message):
        hostile.send({"type": "error", "seq": message["seq"], "message": "deliberately broken"})
        return True
    return False


hostile.serve(misbehave)
