"""Offers sessions, then answers an open with `closed`."""

import hostile


def answer(message: dict) -> dict:
    kind = message["type"]
    if kind == "open" and message["session"] == "s0":
        return {"type": "closed", "seq": message["seq"]}
    if kind == "open":
        return {"type": "not_applicable", "seq": message["seq"], "reason": "a hostile engine plays no Euchre"}
    return {"type": "closed", "seq": message["seq"]}


def misbehave(message: dict, index: int) -> bool:
    hostile.send(answer(message))
    return True


hostile.serve(misbehave, hello=hostile.HELLO | {"capabilities": ["sessions"]})
