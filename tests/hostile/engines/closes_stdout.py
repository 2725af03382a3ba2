"""Answers the handshake, then closes its standard output on the first request and keeps running."""

import os

import hostile


def misbehave(message: dict, index: int) -> bool:
    if hostile.targeted(message):
        os.close(1)
        hostile.sleep_forever()
    return False


hostile.serve(misbehave)
