"""Where the project's data lives.

The spec, the schemas and the scenarios are data files beside the packages, found relative to
this file so that an editable install, a checkout and the test suite all see the same tree.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC_DIR = ROOT / "spec"
SCHEMA_DIR = ROOT / "schemas"
