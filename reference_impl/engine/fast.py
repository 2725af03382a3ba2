"""`replay`, `play_out`, `play_cards` and a playout's choices as fast as this install allows: compiled where the build
could, else runs.py itself.

The package build compiles a copy of runs.py with mypyc (setup.py), which runs a hand's cards
a few times faster than the interpreter. The copy carries the sha256 of the text it was made
from, and is used only while runs.py still reads the same: a checkout edited after it was
installed runs its own source, never an older build of it. Both are the same code, so they
take the same actions to the same states; the test of the runs holds each to one `do` per action.
"""

from __future__ import annotations

import hashlib
import importlib
from pathlib import Path
from types import ModuleType

from . import runs


def compiled_runs(source: Path = Path(runs.__file__)) -> ModuleType | None:
    """The compiled copy of runs.py if it was built and built from `source` as it reads now, else None."""
    try:
        native = importlib.import_module(f"{__package__}._runs_native")
    except ImportError:
        return None
    built_from = getattr(native, "SOURCE_SHA256", None)
    if built_from != hashlib.sha256(source.read_bytes()).hexdigest():
        return None
    return native


_native = compiled_runs()
COMPILED = _native is not None
"""Whether `replay` and `play_out` are the compiled ones (for benchmarks and reports to say which they measured)."""
replay = runs.replay if _native is None else _native.replay
play_out = runs.play_out if _native is None else _native.play_out
play_cards = runs.play_cards if _native is None else _native.play_cards
NumberedChoices = runs.NumberedChoices if _native is None else _native.NumberedChoices
playout_choice = runs.playout_choice if _native is None else _native.playout_choice
PLAYOUT_BITS = runs.PLAYOUT_BITS
