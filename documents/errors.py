"""Spec errors as values.

A contributor who breaks a spec file needs three things: where (file and line), what part of the
document (a JSON pointer, which survives reformatting), and what is wrong in plain words. Errors
compare by value so tests can assert them exactly, and many are collected before anything is
reported so one run shows every problem.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class SpecError:
    """One problem in one spec file."""

    file: str
    line: int
    pointer: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        pointer = self.pointer or "/"
        return f"{where}: {self.message} ({pointer})"


class SpecInvalid(Exception):
    """Raised when spec files cannot be loaded; carries every error found."""

    def __init__(self, errors: list[SpecError]) -> None:
        self.errors = sorted(set(errors))
        super().__init__("\n".join(str(error) for error in self.errors))


def join_pointer(pointer: str, key: str | int) -> str:
    """Extend a JSON pointer by one reference token (RFC 6901 escaping)."""
    token = str(key).replace("~", "~0").replace("/", "~1")
    return f"{pointer}/{token}"


def split_pointer(pointer: str) -> list[str]:
    """Split a JSON pointer into its unescaped reference tokens."""
    if not pointer:
        return []
    return [token.replace("~1", "/").replace("~0", "~") for token in pointer.split("/")[1:]]


def clause_redefined(path: str, line: int, pointer: str, clause_id: str, first: tuple[str, int]) -> SpecError:
    """The error for a clause id that another file already defines: ids are never redefined."""
    file, first_line = first
    return SpecError(
        path, line, pointer, f"clause {clause_id!r} is already defined in {file}:{first_line}; clause ids are never redefined"
    )
