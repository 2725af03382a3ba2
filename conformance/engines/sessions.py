"""A run request played as a session: open, then probes and acts one at a time, then close.

An engine that offers the `sessions` capability keeps a game open between messages. The runner
then sends each scenario as that conversation instead of one `run` request, and turns the
replies back into the `result` a run request would have had, so the comparator and the report
see no difference. Every message of a scenario is written before the first reply is read (the
script does not depend on the replies), which costs one round trip per scenario; replies after
a refused act are read and dropped, as a run request stops there.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from conformance.engines.process import EngineFailure

Exchange = Callable[[list[dict[str, Any]]], list[dict[str, Any]]]
"""Numbers the messages (their seq), sends them in order and returns their replies in order."""

SETUP_FIELDS = ("variant", "house_rules", "rules", "deals", "start_scores", "start_games_won")


def session_messages(request: dict[str, Any], session: str) -> list[dict[str, Any]]:
    """The messages that play `request` in a session named `session` (unnumbered: the exchange numbers them)."""
    opening = {"type": "open", "session": session, "scenario": request["scenario"]}
    opening |= {key: request[key] for key in SETUP_FIELDS if key in request}
    messages: list[dict[str, Any]] = [opening]
    for kind, step in _steps(request):
        messages.append({"type": kind, "session": session, "seat": step["seat"], "action": step["action"]})
    messages.append({"type": "close", "session": session})
    return messages


def run_in_session(exchange: Exchange, request: dict[str, Any]) -> dict[str, Any]:
    """The `result` (or `not_applicable` / `error`) reply that `request` would get, played as a session."""
    messages = session_messages(request, f"s{request['seq']}")
    replies = exchange(messages)
    opened = replies[0]
    if opened.get("type") in ("not_applicable", "error"):
        return opened | {"seq": request["seq"]}
    _expect(opened, ("observation",), "open")
    observations = [opened["observation"]]
    answers: list[dict[str, Any]] = [{"refused": False, "reason": "not reached"} for _ in request["probes"]]
    stopped = None
    probe_index = 0
    step_index = 0
    for (kind, _step), reply in zip(_steps(request), replies[1:-1], strict=True):
        if kind == "probe":
            _expect(reply, ("accepted", "refused"), "probe")
            answers[probe_index] = (
                {"refused": True, "reason": reply["reason"]} if reply["type"] == "refused" else {"refused": False}
            )
            probe_index += 1
            continue
        _expect(reply, ("observation", "refused"), "act")
        if reply["type"] == "refused":
            stopped = {"at": step_index, "reason": reply["reason"]}
            break
        observations.append(reply["observation"])
        step_index += 1
    _expect(replies[-1], ("closed",), "close")
    result: dict[str, Any] = {"type": "result", "seq": request["seq"], "observations": observations, "probes": answers}
    if stopped:
        result["stopped"] = stopped
    return result


def _steps(request: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """('probe', probe) and ('act', action) in the order a run request plays them."""
    probes = request["probes"]
    for index, action in enumerate(request["actions"]):
        yield from (("probe", probe) for probe in probes if probe["after"] == index)
        yield "act", action
    yield from (("probe", probe) for probe in probes if probe["after"] == len(request["actions"]))


def _expect(reply: dict[str, Any], kinds: tuple[str, ...], request_kind: str) -> None:
    kind = reply.get("type")
    if kind == "error":
        raise EngineFailure("error", f"the engine reported an error on {request_kind}: {reply.get('message', '')}")
    if kind not in kinds:
        raise EngineFailure("error", f"the engine answered {request_kind} with {kind!r}, not {' or '.join(map(repr, kinds))}")
    if kind == "refused" and not isinstance(reply.get("reason"), str):
        raise EngineFailure("error", f"the engine refused a {request_kind} without a reason code")
    if kind == "observation" and not isinstance(reply.get("observation"), dict):
        raise EngineFailure("error", f"the engine's observation after {request_kind} is not an object")
