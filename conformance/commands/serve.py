"""`euchre-spec serve`: the reference engine over the harness protocol, on standard input and output.

It is the command a run starts for `--engine reference` and the fuzzer for each of its engine
processes, and the run waits for its handshake; so `euchre_spec.cli` builds only this command's
parser when it is the one asked for, and nothing of the other commands is imported.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from conformance.running.user_files import serve_reference


def add_command(commands: Any) -> None:
    """Register `serve` on the main parser's subparsers."""
    serve_command = commands.add_parser("serve", help="serve the reference engine over the harness protocol (stdin/stdout)")
    serve_command.add_argument(
        "--spec", action="append", default=[], type=Path, metavar="PATH", help="also declare and play your own spec files"
    )
    serve_command.add_argument(
        "--no-sessions", action="store_true", help="offer only run requests, as an engine without sessions (for comparisons)"
    )
    serve_command.add_argument(
        "--no-batches",
        action="store_true",
        help="offer sessions one message per line, as an engine without batches (for comparisons)",
    )
    serve_command.add_argument(
        "--no-playouts",
        action="store_true",
        help="leave out playouts, as an engine that takes every action from the runner (for comparisons)",
    )
    serve_command.add_argument(
        "--no-traces",
        action="store_true",
        help="answer playouts with their steps only, as an engine of package 0.11 (for comparisons)",
    )
    serve_command.set_defaults(
        run=lambda args: serve_reference(
            args.spec, not args.no_sessions, not args.no_batches, not args.no_playouts, not args.no_traces
        )
    )
