"""duck57's euchre.py behind the harness protocol: `python -m conformance.engines.duck57 PATH`.

euchre.py (github.com/duck57/euchre.py) is a published Python console game of double-deck Bid
Euchre, written to its author's own house rules. It is not a package: PATH (or the environment
variable DUCK57_EUCHRE) names a checkout of it, whose `euchre.py` and `cardstock.py` are imported
as they are, and nothing of it is copied here. It needs `click`, which euchre-spec installs.

The handshake declares bid-euchre-double, the game the engine plays (four players, two packs,
twelve cards each), and lists under `always` the house rules that write its author's own table,
which the engine plays whatever it is asked: low no trump in every auction (low-no-trump-bids),
a player who passed bidding again until three pass in a row (pass-not-final), tricks plus two
for a bid made (made-bid-plus-two), and its shooter and loner (shooter-and-loner). It reads rules
language 4, in which a dealer stuck with exactly the minimum, as the engine sticks one, can be
said. The engine's own settings are set from each request's rules, as its command line would
set them: the minimum bid (`--minimum-bid`), the target (`-v`) and the cards a shooter's partner
passes (`-z`, the call of our moon). Everything else is the engine's: its auction, its valid
cards, its trick winners and its scores. Our moon is its shooter, the lone bid with cards from
the partner, and our loner its loner, the lone bid with none. A refusal is worked out from what
the engine offers at that point; one that cannot be read from it is given the reason
'unexplained'.
"""

from __future__ import annotations

import contextlib
import copy
import hashlib
import importlib
import json
import os
import subprocess
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

from conformance import __version__
from conformance.engines import sdk
from conformance.engines.duck57_table import BID, PLAY, REST, STUCK, Config, Point, deals_of, run
from ruleset.compiled.rules import compile_rules
from ruleset.defaults import fill_defaults

NAME = "duck57 euchre.py"
VARIANTS = ("bid-euchre-double",)
ALWAYS = ("low-no-trump-bids", "pass-not-final", "made-bid-plus-two", "shooter-and-loner")
"""The house rules of the engine's own table: it plays them whatever a request asks."""
RULES_LANGUAGE = 4
"""The rules language the adapter reads: a stuck dealer's bid (auction.stuck_bid) and the exchange keep came in 4."""
LETTERS = ("C", "D", "H", "S", "N", "L")
"""The trumps the engine's winner may name: its `Bid` has the four suits, high no trump and low no trump."""
UNEXPLAINED = "unexplained"
NOTES = (
    "github.com/duck57/euchre.py through conformance/engines/duck57.py, each position replayed on the engine's own "
    "BidEuchre with players answering from the script. Its minimum bid, target and shooter's pass are set from the "
    "rules; it names trump after the auction, answered from the winner's bid; it always plays its author's table: "
    "low no trump, a pass not final, tricks plus two for a bid made, a shooter and a loner."
)


@dataclass(frozen=True)
class Loaded:
    """The engine's modules, read from a checkout, and the folder it reads its constants.cfg from."""

    euchre: ModuleType
    cardstock: ModuleType
    folder: str
    version: str


def load(folder: str) -> Loaded:
    """Import euchre.py and cardstock.py from a checkout of github.com/duck57/euchre.py."""
    path = Path(folder).resolve()
    if not (path / "euchre.py").is_file() or not (path / "constants.cfg").is_file():
        raise FileNotFoundError(f"{folder} is not a checkout of github.com/duck57/euchre.py (no euchre.py, constants.cfg)")
    sys.path.insert(0, str(path))
    with open(os.devnull, "w") as quiet, contextlib.redirect_stdout(quiet):
        euchre = importlib.import_module("euchre")
    return Loaded(euchre, importlib.import_module("cardstock"), str(path), _version(path))


def _version(path: Path) -> str:
    """The checkout's commit, or a digest of the two files it plays from where it is not a git checkout."""
    found = subprocess.run(
        ["git", "-C", str(path), "rev-parse", "--short=7", "HEAD"], capture_output=True, text=True, check=False
    )
    if found.returncode == 0 and found.stdout.strip():
        return f"{found.stdout.strip()}, adapter {__version__}"
    digest = hashlib.sha256((path / "euchre.py").read_bytes() + (path / "cardstock.py").read_bytes()).hexdigest()[:10]
    return f"sha256:{digest}, adapter {__version__}"


@dataclass(frozen=True)
class Table:
    """A request's game at one point: its setup, the actions taken, and the position the engine reached."""

    config: Config
    vocabulary: frozenset[str]
    script: tuple[tuple[int, str], ...]
    point: Point


def unsupported(setup: sdk.Setup) -> str | None:
    """Why the engine cannot play this request at all; None if it can."""
    if setup.variant not in VARIANTS:
        return f"euchre.py plays double-deck Bid Euchre only, not {setup.variant}"
    extra = [ref for ref in setup.house_rules if ref not in ALWAYS]
    if extra:
        return f"euchre.py has no way to play the house rule {extra[0]}"
    return None


def config(setup: sdk.Setup) -> Config:
    rules = setup.rules
    auction = rules["auction"]
    moon = next((bid for bid in auction["named_bids"] if bid.get("alone") and bid.get("call")), None)
    loner = next((bid for bid in auction["named_bids"] if bid.get("alone") and not bid.get("call")), None)
    return Config(
        players=rules["seats"]["count"],
        hand_size=rules["deal"]["hand_size"],
        teams=tuple(tuple(team) for team in rules["seats"]["teams"]),
        minimum_bid=auction["min"],
        target=rules["game"]["target"],
        moon=moon["name"] if moon else None,
        loner=loner["name"] if loner else None,
        call=moon["call"] if moon else 0,
        letters=LETTERS,
        deals=deals_of(rules, setup.deals, sdk.deal_cards),
        first_dealer=setup.deals[0]["dealer"],
        start_scores=setup.start_scores,
    )


@cache
def _vocabulary(rules_json: str) -> frozenset[str]:
    return frozenset(compile_rules(fill_defaults(json.loads(rules_json))).actions)


def vocabulary(rules: Mapping[str, Any]) -> frozenset[str]:
    """Every action id of the variant: anything else is refused as unknown_action."""
    return _vocabulary(json.dumps(copy.deepcopy(dict(rules)), sort_keys=True))


def refusal(table: Table, seat: int, action: str) -> str | None:
    """Why the engine does not take `action` from `seat` here, read from what it offers; None if it takes it."""
    point = table.point
    if action not in table.vocabulary:
        return "unknown_action"
    if point.kind == REST:
        return "hand_over"
    if seat != point.to_act:
        return "not_your_turn"
    if action in point.legal:
        return None
    kind, _, rest = action.partition(":")
    if point.kind == STUCK and action == "pass":
        return "dealer_must_name_trump"
    if kind not in {legal.partition(":")[0] for legal in point.legal}:
        return "wrong_phase"
    if kind in ("play", "give", "discard"):
        held = point.fields["hands"][seat]
        return "card_not_in_hand" if rest not in held else "must_follow_suit" if point.kind == PLAY else UNEXPLAINED
    if kind == "bid":
        return _bid_refusal(point, rest.split(":")[0])
    return UNEXPLAINED


def _bid_refusal(point: Point, amount: str) -> str:
    """A bid the engine does not offer: too low for its minimum or the bid before, above the minimum a stuck
    dealer is held to, else not a bid it has."""
    amounts = [legal.split(":")[1] for legal in point.legal if legal.startswith("bid:")]
    offered = [int(number) for number in amounts if number.isdigit()]
    low = amount.isdigit() and (not offered or int(amount) < min(offered))
    if point.kind in (BID, STUCK) and low:
        return "bid_too_low"
    if point.kind == STUCK and amount not in amounts:
        return "stuck_at_minimum"
    return "bid_not_allowed"


class Duck57Engine(sdk.Engine[Table]):
    """euchre.py as the engine kit sees it: every position replayed from the request's start."""

    def __init__(self, loaded: Loaded) -> None:
        self.loaded = loaded
        self.identity = sdk.Identity(
            NAME,
            loaded.version,
            VARIANTS,
            always=ALWAYS,
            notes=NOTES,
            rules_language=RULES_LANGUAGE,
            observes=("auction", "contract", "cards_passed"),
        )

    def _position(self, settings: Config, script: tuple[tuple[int, str], ...]) -> Point:
        return run(self.loaded, self.loaded.folder, settings, script)

    def start(self, setup: sdk.Setup) -> Table:
        reason = unsupported(setup)
        if reason:
            raise sdk.NotApplicable(reason)
        settings = config(setup)
        return Table(settings, vocabulary(setup.rules), (), self._position(settings, ()))

    def check(self, game: Table, seat: int, action: str) -> None:
        reason = refusal(game, seat, action)
        if reason is not None:
            raise sdk.Refused(reason)

    def apply(self, game: Table, seat: int, action: str) -> Table:
        self.check(game, seat, action)
        script = (*game.script, (seat, action))
        return Table(game.config, game.vocabulary, script, self._position(game.config, script))

    def observe(self, game: Table) -> dict[str, Any]:
        point = game.point
        return {**point.fields, "to_act": point.to_act, "legal_actions": list(point.legal), "hand_over": point.kind == REST}


def main(arguments: list[str]) -> int:
    folder = arguments[0] if arguments else os.environ.get("DUCK57_EUCHRE", "")
    if not folder:
        print("usage: python -m conformance.engines.duck57 PATH (a checkout of github.com/duck57/euchre.py)", file=sys.stderr)
        return 2
    try:
        loaded = load(folder)
    except (FileNotFoundError, ImportError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return sdk.Server(Duck57Engine(loaded)).serve(sys.stdin, sys.stdout)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
