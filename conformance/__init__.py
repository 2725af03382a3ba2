"""The conformance suite: scenarios, the harness protocol, the runner and its reports."""

from reference_impl import __version__

SUITE_VERSION = "1.8.0"
"""The version of the suite itself: its scenarios and what they check.

It moves on its own, apart from the package's version: a new scenario, a changed checkpoint or
a retired one raises it, so a report says which suite an engine was held against. The minor
number grows when scenarios are added or corrected, the major one when an engine that passed
may now fail for a reason that was always in the rules.
"""

__all__ = ["SUITE_VERSION", "__version__"]
