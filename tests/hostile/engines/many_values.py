"""Answers with a line of 600,000 empty lists (1.8 MB, far below the line limit, a gigabyte once read)."""

import hostile


def misbehave(message: dict, index: int) -> bool:
    if hostile.targeted(message):
        hostile.write(b'{"type": "result", "seq": %d, "observations": [' % message["seq"] + b"[]," * 600_000 + b"[]]}\n")
        return True
    return False


hostile.serve(misbehave)
