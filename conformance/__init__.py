"""The conformance suite: scenarios, the harness protocol, the runner and its reports."""

__version__ = "0.1.0"


def suite_version() -> str:
    """The version of the scenario suite, which an exported bundle and a report carry.

    A grader in another language compares it to tell whether two results were judged by the same
    scenarios. For now it is the package's version; it is a function so that the suite can later be
    versioned on its own without changing its callers.
    """
    return __version__
