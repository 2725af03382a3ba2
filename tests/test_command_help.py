"""Every command and subcommand of `euchre-spec` answers --help: the first thing a new user types."""

from __future__ import annotations

import argparse

import pytest

from euchre_spec.cli import _parser, main


def commands(parser: argparse.ArgumentParser, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Every command path of the parser, its subcommands' included."""
    found = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found.append((*prefix, name))
                found += commands(sub, (*prefix, name))
    return found


COMMANDS = commands(_parser())


def test_the_suites_commands_are_all_there() -> None:
    assert {("conform",), ("smoke",), ("explain",), ("summary",), ("fuzz",), ("scenarios", "list")} <= set(COMMANDS)


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_help_is_printed_and_exits_0(command: tuple[str, ...], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main([*command, "--help"])
    assert done.value.code == 0
    assert capsys.readouterr().out.startswith(f"usage: euchre-spec {' '.join(command)}")
