"""The test suite of euchre-spec, run from a checkout."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
"""The checkout under test."""
