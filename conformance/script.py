"""Playing a run request's script on an engine, with its probes: shared by every served engine.

Whatever engine answers (ours, the OpenSpiel adapter), the protocol's reply is built the same
way: an observation before the script and after every step, each probe tried (not applied) at
its point, and a stop at the first step the engine refuses.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Step = Callable[[int, str], "str | None"]
"""Applies (or tries) one action by a seat; returns the refusal reason, or None when accepted."""


def play_script(request: dict[str, Any], apply: Step, check: Step, observe: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """The `result` reply to a run request, given how to apply, try and observe on the engine."""
    probes = request["probes"]
    answers: list[dict[str, Any] | None] = [None] * len(probes)

    def try_probes(after: int) -> None:
        for index, probe in enumerate(probes):
            if probe["after"] == after:
                reason = check(probe["seat"], probe["action"])
                answers[index] = {"refused": False} if reason is None else {"refused": True, "reason": reason}

    observations = [observe()]
    stopped = None
    for index, step in enumerate(request["actions"]):
        try_probes(index)
        reason = apply(step["seat"], step["action"])
        if reason is not None:
            stopped = {"at": index, "reason": reason}
            break
        observations.append(observe())
    else:
        try_probes(len(request["actions"]))
    reply: dict[str, Any] = {
        "type": "result",
        "seq": request["seq"],
        "observations": observations,
        "probes": [answer or {"refused": False, "reason": "not reached"} for answer in answers],
    }
    if stopped:
        reply["stopped"] = stopped
    return reply
