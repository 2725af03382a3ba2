"""The euchre-spec reference engine: rules as data, compiled and played by a pure state machine."""

from importlib import metadata

try:
    __version__ = metadata.version("euchre-spec")
except metadata.PackageNotFoundError:  # imported from a folder that was never installed
    __version__ = "0+unknown"
