"""Never answers the first request; answers the rest honestly once restarted."""

import os

import hostile

MARK = os.environ.get("HOSTILE_HANGING")


def misbehave(message: dict, index: int) -> bool:
    if hostile.targeted(message):
        if MARK:
            with open(MARK, "w", encoding="utf-8") as out:
                out.write("hanging\n")
        hostile.sleep_forever()
    return False


hostile.serve(misbehave)
