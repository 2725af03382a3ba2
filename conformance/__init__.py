"""The conformance suite: scenarios, the harness protocol, the runner and its reports."""

__version__ = "0.1.0"
