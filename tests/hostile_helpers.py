"""What the tests of the hostile corpus (tests/hostile/) share: reading cases, and the checks every case gets."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest
import yaml
from jsonschema import Draft202012Validator

from documents.schemas import inlined
from tests import ROOT

HOSTILE = ROOT / "tests" / "hostile"


def cases(kind: str) -> list[Any]:
    """The cases of tests/hostile/KIND/cases.yaml, as pytest parameters named by their ids."""
    data = yaml.safe_load((HOSTILE / kind / "cases.yaml").read_text(encoding="utf-8"))
    ids = [case["id"] for case in data]
    assert len(ids) == len(set(ids)), f"tests/hostile/{kind}/cases.yaml repeats an id"
    return [pytest.param(case, id=case["id"]) for case in data]


def schema_validator(uri: str) -> Draft202012Validator:
    return Draft202012Validator(inlined(uri))


def assert_no_traceback(*texts: str) -> None:
    for text in texts:
        assert "Traceback (most recent call last)" not in text, text[-3000:]


def running(pid: int) -> bool:
    """Whether a process is still running (a zombie waiting to be reaped has stopped running)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="ascii")
    except FileNotFoundError:
        return False
    except OSError:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        return True
    return stat.rpartition(")")[2].split()[0] not in ("Z", "X")


def still_running(pids: list[int], patience: float = 5.0) -> list[int]:
    """The processes of `pids` still running once a killed process has had `patience` seconds to die."""
    waited_until = time.monotonic() + patience
    alive = [pid for pid in pids if running(pid)]
    while alive and time.monotonic() < waited_until:
        time.sleep(0.05)
        alive = [pid for pid in alive if running(pid)]
    return alive
