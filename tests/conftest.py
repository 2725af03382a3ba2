"""Hypothesis profiles: reproducible in CI, exploring on a developer's machine.

With the `CI` environment variable set (`.ci/run` sets it, as most CI services do), the `ci`
profile is loaded and `python3 tasks.py test` passes a fixed `--hypothesis-seed` (printed in
the test header), so every property test draws the same examples on every clean clone and the
verdict never depends on the draw. Without it, the `dev` profile draws new examples on every
run and keeps the ones that failed in `.hypothesis/`, so local runs keep exploring. An example
that ever failed is then written into its test as an `@example`, so CI replays it for good.
`HYPOTHESIS_PROFILE=ci` or `=dev` chooses a profile by hand.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

settings.register_profile("ci", database=None, print_blob=True)
settings.register_profile("dev", print_blob=True)
PROFILE = os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
settings.load_profile(PROFILE)


def pytest_report_header(config: pytest.Config) -> str:
    seed = config.getoption("--hypothesis-seed", default=None)
    if seed is not None:
        return f"hypothesis: profile {PROFILE!r}, seed {seed} (replay with --hypothesis-seed={seed})"
    return f"hypothesis: profile {PROFILE!r}, a new random seed for each test (failures kept in .hypothesis/)"
