"""Reading EGN files strictly, with `file:line` errors, and EGN's card notation.

A record that cannot be read must say where: it is read as every JSON file is
(`documents.json_loader`: within the limits, duplicate keys refused, each value's line known), so
`file:line: message (/json/pointer)` reads like the errors of `euchre-spec validate`. A record of EGN 1.0 or
1.1 is first brought to 1.4 as EGN's own upgrade tool does (`upgrade`), lines following the
renamed fields.

EGN writes cards rank then suit ("9c", "Td", "Jh"), with N for a nine, R and L for the right and
left bowers, B for the joker and X for an unknown rank or suit; t and n stand for the trump suit
and the next suit (same colour). Our codes are upper case ("9C"), the joker "JK".
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from documents.errors import SpecError, SpecInvalid
from documents.json_loader import parse_json
from documents.limits import MAX_EGN_DEALS, MAX_EGN_PLAYERS
from documents.reading import read_text
from documents.schemas import validate
from ruleset.compiled.cards import SAME_COLOUR, SUITS

from .upgrade import Upgrade, needs_upgrade, upgrade

EGN_VERSION = "1.4"
EGN_SEATS = 4
"""The seats of an EGN game whose ruleset does not say (`num_players`)."""
FILE_TYPE = "Euchre Game Notation"
RANKS = "AKQJT9876"


class EgnUnreadable(Exception):
    """The file is not an EGN record we can read: bad JSON or a schema violation, each located."""

    def __init__(self, errors: list[SpecError]) -> None:
        self.errors = sorted(set(errors))
        super().__init__("\n".join(str(error) for error in self.errors))


@dataclass(frozen=True)
class EgnRecord:
    """A schema-valid EGN record and the line of each JSON pointer in its file (`upgraded`: a 1.0
    or 1.1 record read as 1.4, and what that changed)."""

    path: str
    data: dict[str, Any]
    lines: dict[str, int]
    upgraded: Upgrade | None = None

    def line_of(self, pointer: str) -> int:
        """The line of `pointer`, or of its nearest ancestor that has one (0 when unknown)."""
        while True:
            if pointer in self.lines:
                return self.lines[pointer]
            if not pointer:
                return 0
            pointer = pointer.rsplit("/", 1)[0]

    @property
    def metadata(self) -> dict[str, Any]:
        metadata: dict[str, Any] = self.data["metadata"]
        return metadata

    @property
    def ruleset(self) -> dict[str, Any]:
        ruleset: dict[str, Any] = self.metadata.get("ruleset", {})
        return ruleset

    @property
    def deals(self) -> list[Any]:
        deals: list[Any] = self.data["deals"]
        return deals

    def player_names(self) -> list[str]:
        return [p if isinstance(p, str) else str(p.get("name", "")) for p in self.metadata.get("players", [])]


def read_egn(path: Path | str) -> EgnRecord:
    """Read and check an EGN file; raise EgnUnreadable with every located error."""
    name = str(path)
    try:
        text = read_text(path, name)
    except SpecInvalid as exc:
        raise EgnUnreadable(exc.errors) from exc
    return parse_egn(text, name)


def parse_egn(text: str, name: str = "<egn>") -> EgnRecord:
    """Parse EGN text; `name` is used in error messages."""
    data, lines = load_json(text, name, "an EGN record")
    return egn_record(data, lines, name)


def load_json(text: str, name: str, what: str) -> tuple[dict[str, Any], dict[str, int]]:
    """A JSON object read strictly (the limits every file is read within, duplicate keys at their line), and the line
    of each pointer in the text."""
    try:
        data, lines = parse_json(text, name)
    except SpecInvalid as exc:
        raise EgnUnreadable(exc.errors) from exc
    if not isinstance(data, dict):
        raise EgnUnreadable([SpecError(name, 1, "", f"{what} is a JSON object")])
    return data, lines


def egn_record(data: dict[str, Any], lines: dict[str, int], name: str, prefix: str = "") -> EgnRecord:
    """An EGN record from its JSON (upgraded first if it is EGN 1.0 or 1.1), checked against our schema.

    `prefix` is where the record sits in a larger file (an EMN match's `/games/0/gameData`):
    `lines` then holds the pointers of the whole file, and errors name the whole file's pointers.
    """
    if prefix:
        lines = {pointer[len(prefix) :]: line for pointer, line in lines.items() if pointer.startswith(prefix)}
    upgraded = upgrade(data, EGN_VERSION) if needs_upgrade(data) else None
    if upgraded is not None:
        data = upgraded.data
        lines = {upgraded.pointers.get(pointer, pointer): line for pointer, line in lines.items()}

    def locate(pointer: str) -> tuple[str, int]:
        return name, EgnRecord(name, {}, lines).line_of(pointer)

    errors = _too_many(data, name, locate) or validate(data, "egn.schema.json", locate)
    if errors:
        if prefix:
            errors = [SpecError(error.file, error.line, prefix + error.pointer, error.message) for error in errors]
        raise EgnUnreadable(errors)
    return EgnRecord(name, data, lines, upgraded)


def _too_many(data: dict[str, Any], name: str, locate: Any) -> list[SpecError]:
    """More deals or players than any game has: refused before the schema and the replay spend time on them."""
    errors = []
    deals, metadata = data.get("deals"), data.get("metadata")
    if isinstance(deals, list) and len(deals) > MAX_EGN_DEALS:
        errors.append(
            SpecError(
                name, locate("/deals")[1], "/deals", f"the record has {len(deals):,} deals; at most {MAX_EGN_DEALS} are read"
            )
        )
    ruleset = metadata.get("ruleset") if isinstance(metadata, dict) else None
    seats = ruleset.get("num_players") if isinstance(ruleset, dict) else None
    if isinstance(seats, int) and not 2 <= seats <= MAX_EGN_PLAYERS:
        pointer = "/metadata/ruleset/num_players"
        errors.append(
            SpecError(
                name, locate(pointer)[1], pointer, f"num_players is {seats:,}; EGN games have 2 to {MAX_EGN_PLAYERS} players"
            )
        )
    players = metadata.get("players") if isinstance(metadata, dict) else None
    if isinstance(players, list) and len(players) > MAX_EGN_PLAYERS:
        errors.append(
            SpecError(
                name,
                locate("/metadata/players")[1],
                "/metadata/players",
                f"the record names {len(players):,} players; EGN games have at most {MAX_EGN_PLAYERS}",
            )
        )
    elif isinstance(players, list) and players:
        expected = EGN_SEATS if seats is None else seats if isinstance(seats, int) and 2 <= seats <= MAX_EGN_PLAYERS else None
        if expected is not None and len(players) != expected:
            errors.append(_seat_count(name, locate, len(players), expected))
    return errors


def _seat_count(name: str, locate: Any, named: int, seats: int) -> SpecError:
    """A record that names its players names one for each seat: the replay and the report go by seats."""
    return SpecError(
        name,
        locate("/metadata/players")[1],
        "/metadata/players",
        f"the record names {named} player(s), but its game seats {seats}; name one player for each seat",
    )


def to_code(text: str, trump: int | None = None) -> str | None:
    """Our code for an EGN card ("Td" -> "TD", "B" -> "JK"); None when the card is unknown.

    R, L, t and n need the trump suit (an index into SUITS); without it they are unknown too.
    """
    if text == "B":
        return "JK"
    trump_letter = SUITS[trump] if trump is not None and 0 <= trump < len(SUITS) else None
    if text in ("R", "L"):
        if trump_letter is None:
            return None
        return "J" + (trump_letter if text == "R" else SAME_COLOUR[trump_letter])
    rank, suit = text[0], text[1]
    rank = "9" if rank == "N" else rank
    if rank == "X" or suit == "x" or suit == "g":
        return None
    if suit in "tn":
        if trump_letter is None:
            return None
        return rank + (trump_letter if suit == "t" else SAME_COLOUR[trump_letter])
    return rank + suit.upper()


def from_code(code: str) -> str:
    """EGN's notation for one of our card codes ("TD" -> "Td", "JK" -> "B")."""
    if code == "JK":
        return "B"
    if len(code) != 2 or code[0] not in RANKS or code[1] not in SUITS:
        raise ValueError(f"EGN has no notation for the card {code}")
    return code[0] + code[1].lower()


def egn_rank_set(min_rank: int) -> set[str] | None:
    """The suited ranks of EGN's deck for `min_rank` (9: nine to ace), or None if EGN has no such deck."""
    ladder = {9: "AKQJT9", 8: "AKQJT98", 7: "AKQJT987", 6: "AKQJT9876"}
    ranks = ladder.get(min_rank)
    return set(ranks) if ranks else None
