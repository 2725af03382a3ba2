"""The checkpoint kinds a scenario may check, each written once as a record.

A checkpoint kind is known in four places: a scenario names it, the comparator reads it from an
engine's observation, the site and `explain` show it to a reader, and the scenario schema
describes it. Each kind is one `Checkpoint` here (its name, where it reads in the observation,
how values are compared, the site's words for it, and its meaning), and every other place reads
these records. The scenario schema keeps its own prose for contract readers; a test holds it to
the records (the same kinds, each description opening with the record's meaning and naming its
observation path and comparison), so the two cannot drift apart.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

NOT_CHECKED = ("after", "note", "completions", "at_end")
"""The properties of a checkpoint that are not read from its own observation: where it stands and
why, and the checks over its completions (`conformance.running.completions`), whose `at_end` fields are
checkpoint kinds read at every end a completion reaches."""

_FIELD = re.compile(r"[a-z_]+")
_LAST_ENTRY = re.compile(r"([a-z_]+)\[-1\]\.([a-z_]+)")
_COUNT = re.compile(r"len\(([a-z_]+)\)")


@dataclass(frozen=True)
class Path:
    """Where a checkpoint reads in an observation, written as the schema writes it.

    Three forms: a field (`to_act`), a field of a list's last entry (`finished_hands[-1].points`:
    nothing when the list is empty) and the length of a list (`len(finished_hands)`: a missing
    list counts as empty).
    """

    text: str

    def __post_init__(self) -> None:
        if not any(pattern.fullmatch(self.text) for pattern in (_FIELD, _LAST_ENTRY, _COUNT)):
            raise ValueError(f"not an observation path: {self.text!r}")

    @property
    def field(self) -> str:
        """The observation's top-level field the path starts from."""
        match = _LAST_ENTRY.fullmatch(self.text) or _COUNT.fullmatch(self.text)
        return match.group(1) if match else self.text

    def read(self, observed: Mapping[str, Any]) -> Any:
        """The value at this path in an observation (None where there is nothing to read)."""
        if last := _LAST_ENTRY.fullmatch(self.text):
            entries = observed.get(last.group(1)) or []
            return entries[-1].get(last.group(2)) if entries else None
        if _COUNT.fullmatch(self.text):
            return len(observed.get(self.field) or [])
        return observed.get(self.text)


ComparisonName = Literal[
    "exactly",
    "as a set",
    "each hand in any order",
    "all included",
    "none included",
    "refused with the reason",
    "move by move, cards in any order",
]


@dataclass(frozen=True)
class Comparison:
    """How a checkpoint's value is held against what the engine showed.

    `phrase` is the words the scenario schema uses for this comparison in a field's description,
    so the schema's prose can be checked against the records.
    """

    name: ComparisonName
    phrase: str

    def expected(self, value: Any) -> Any:
        """The scenario's value in the form it is compared in (sets for set comparisons, sorted hands)."""
        if self.name in ("as a set", "all included", "none included"):
            return set(value)
        if self.name == "each hand in any order":
            return [sorted(hand) for hand in value]
        if self.name == "move by move, cards in any order":
            return _moves(value)
        return value

    def observed(self, value: Any) -> Any:
        """The observation's value in the form it is compared in (a missing list is empty)."""
        if self.name in ("as a set", "all included", "none included"):
            return set(value or [])
        if self.name == "each hand in any order":
            return [sorted(hand) for hand in value or []]
        if self.name == "move by move, cards in any order":
            return _moves(value)
        return value

    def differs(self, expected: Any, actual: Any) -> bool:
        """Whether the engine's value fails the checkpoint (both in their compared forms)."""
        if self.name == "all included":
            return bool(expected - actual)
        if self.name == "none included":
            return bool(expected & actual)
        return bool(expected != actual)

    def expected_text(self, expected: Any) -> str:
        """The expected value as `explain` prints it beside the engine's."""
        prefix = {"all included": "includes ", "none included": "excludes "}.get(self.name, "")
        return prefix + shown(expected)


def _moves(value: Any) -> Any:
    """Card moves with each move's cards sorted: cards that move together (a kitty taken up) have no order of their own."""
    if not isinstance(value, list):
        return value
    return [{**move, "cards": sorted(move.get("cards") or [])} if isinstance(move, dict) else move for move in value]


EXACTLY = Comparison("exactly", "compared exactly")
AS_A_SET = Comparison("as a set", "compared as a set")
HANDS = Comparison("each hand in any order", "each hand sorted before comparing")
INCLUDES = Comparison("all included", "must all be among")
EXCLUDES = Comparison("none included", "none of them may be among")
REFUSAL = Comparison("refused with the reason", "must say it was refused")
MOVES = Comparison("move by move, cards in any order", "compared move by move, each move's cards sorted")

ValueKind = Literal[
    "seat",
    "seats",
    "suit",
    "card",
    "cards",
    "actions",
    "hands",
    "trick",
    "per_seat",
    "per_team",
    "teams",
    "number",
    "yes_no",
    "refusal",
    "phase",
    "passes",
    "calls",
    "contract",
]
"""What a checkpoint's value is, which decides how the site draws it (a seat, a suit, cards...)."""


@dataclass(frozen=True)
class Words:
    """How the site states a checkpoint in the worked examples.

    `sentence` holds the drawn value at `{value}`; `nothing` replaces the whole sentence for a
    null value (or an empty list, where given), `empty` stands inside it for an empty list, and
    `false` is the sentence for a false flag (the sentence itself then says it is true).
    """

    sentence: str
    value: ValueKind
    nothing: str | None = None
    empty: str | None = None
    false: str | None = None


@dataclass(frozen=True)
class Checkpoint:
    """One checkpoint kind: its name in a scenario, where it reads, how it compares, how it is shown, what it means."""

    name: str
    path: Path | None
    """Where it reads in the observation; None for a refusal, which reads the answer to a probe."""
    comparison: Comparison
    words: Words
    meaning: str
    """What it checks, in one line: the opening words of its description in the scenario schema."""


def _kind(name: str, path: str | None, comparison: Comparison, words: Words, meaning: str) -> Checkpoint:
    return Checkpoint(name, Path(path) if path is not None else None, comparison, words, meaning)


_MATCH_KINDS = (
    _kind(
        "games_won",
        "games_won",
        EXACTLY,
        Words("games won: {value}", "per_team"),
        "Games won in the match per team, a slam counting as the games it is worth, team 0 first",
    ),
    _kind(
        "carried",
        "carried",
        EXACTLY,
        Words("carried into this game: {value}", "per_team"),
        "The points each team started the game in progress with, carried from the game before where the match plays laps, "
        "team 0 first",
    ),
    _kind(
        "games_finished",
        "len(finished_games)",
        EXACTLY,
        Words("games finished: {value}", "number"),
        "How many games of the match have ended so far",
    ),
    _kind(
        "game_scores",
        "finished_games[-1].scores",
        EXACTLY,
        Words("final scores of the last game: {value}", "per_team"),
        "The final scores of the last finished game of the match, one number per team, team 0 first",
    ),
    _kind(
        "slam",
        "finished_games[-1].slam",
        EXACTLY,
        Words("the last game was a slam", "yes_no", false="the last game was not a slam"),
        "Whether the last finished game of the match was a slam, won before the losers scored",
    ),
    _kind(
        "match_points",
        "match_points",
        EXACTLY,
        Words("match points: {value}", "per_team"),
        "The match points per team, team 0 first",
    ),
    _kind(
        "match_over",
        "match_over",
        EXACTLY,
        Words("the match is over", "yes_no", false="the match is not over"),
        "Whether the match is over",
    ),
    _kind(
        "match_winners",
        "match_winners",
        AS_A_SET,
        Words("match won by: {value}", "teams", empty="nobody"),
        "The teams that have won the match, by team number",
    ),
)
"""The kinds a match adds: its games, the points carried between them, and its outcome (the observation's match keys)."""


CHECKPOINTS: Mapping[str, Checkpoint] = {
    kind.name: kind
    for kind in (
        _kind("to_act", "to_act", EXACTLY, Words("**{value}** to act", "seat", nothing="nobody is to act"), "Who must act next"),
        _kind("legal", "legal_actions", AS_A_SET, Words("legal: {value}", "actions", empty="nothing"), "The legal actions"),
        _kind(
            "legal_includes",
            "legal_actions",
            INCLUDES,
            Words("legal, among others: {value}", "actions", empty="nothing"),
            "Actions that must all be legal",
        ),
        _kind(
            "legal_excludes",
            "legal_actions",
            EXCLUDES,
            Words("not legal: {value}", "actions", empty="nothing"),
            "Actions that must not be legal",
        ),
        _kind("dealer", "dealer", EXACTLY, Words("dealer: {value}", "seat"), "The dealer of the hand in progress"),
        _kind(
            "up_card",
            "up_card",
            EXACTLY,
            Words("up-card: {value}", "card", nothing="no up-card"),
            "The up-card of the hand in progress",
        ),
        _kind(
            "hands",
            "hands",
            HANDS,
            Words("hands: {value}", "hands"),
            "Every seat's cards, seat 0 first (with a dummy, the dummy's hand last)",
        ),
        _kind(
            "trump",
            "trump",
            EXACTLY,
            Words("trump: {value}", "suit", nothing="no trump yet"),
            "The trump suit (N for no trump), or null before it is made",
        ),
        _kind("maker", "maker", EXACTLY, Words("maker: {value}", "seat", nothing="no maker yet"), "Who made trump"),
        _kind(
            "maker_alone",
            "maker_alone",
            EXACTLY,
            Words("the maker plays alone", "yes_no", false="the maker does not play alone"),
            "Whether the maker plays alone",
        ),
        _kind(
            "defender_alone",
            "defender_alone",
            EXACTLY,
            Words("{value} defends alone", "seat", nothing="nobody defends alone"),
            "Who defends alone, if anyone",
        ),
        _kind(
            "sitting_out",
            "sitting_out",
            AS_A_SET,
            Words("sitting out: {value}", "seats", nothing="nobody sits out"),
            "Who sits the hand out",
        ),
        _kind(
            "trick",
            "trick",
            EXACTLY,
            Words("trick so far: {value}", "trick", empty="empty"),
            "The cards of the trick in progress, in play order, as [seat, card]",
        ),
        _kind(
            "trick_winners",
            "trick_winners",
            EXACTLY,
            Words("tricks won by: {value}", "seats", empty="no trick yet"),
            "The winner of each completed trick of the hand in progress, in order",
        ),
        _kind(
            "tricks_won",
            "tricks_won",
            EXACTLY,
            Words("tricks per seat: {value}", "per_seat"),
            "Tricks won so far in this hand, one count per seat, seat 0 first",
        ),
        _kind(
            "hand_over",
            "hand_over",
            EXACTLY,
            Words("the hand is over", "yes_no", false="the hand is not over"),
            "Whether the hand in progress has ended",
        ),
        _kind(
            "thrown_in",
            "finished_hands[-1].thrown_in",
            EXACTLY,
            Words("the last hand was thrown in", "yes_no", false="the last hand was not thrown in"),
            "Whether the last finished hand was thrown in",
        ),
        _kind(
            "hand_points",
            "finished_hands[-1].points",
            EXACTLY,
            Words("points for the hand: {value}", "per_team"),
            "The points the last finished hand awarded, one number per team, team 0 first",
        ),
        _kind(
            "hands_finished",
            "len(finished_hands)",
            EXACTLY,
            Words("hands finished: {value}", "number"),
            "How many hands have ended so far",
        ),
        _kind(
            "scores",
            "scores",
            EXACTLY,
            Words("scores: {value}", "per_team"),
            "The game scores, one number per team, team 0 first",
        ),
        _kind(
            "game_over",
            "game_over",
            EXACTLY,
            Words("the game is over", "yes_no", false="the game is not over"),
            "Whether the game is over",
        ),
        _kind(
            "winners",
            "winners",
            AS_A_SET,
            Words("winners: {value}", "teams", empty="nobody"),
            "The winning teams, by team number",
        ),
        _kind(
            "refuse",
            None,
            REFUSAL,
            Words("must refuse {value}", "refusal"),
            "An action that must be refused at this point, and the reason it must be refused for",
        ),
        _kind(
            "dummy",
            "dummy",
            AS_A_SET,
            Words("dummy: {value}", "cards", empty="nothing"),
            "The dummy's cards while nobody has taken it (an empty list once taken)",
        ),
        _kind("phase", "phase", EXACTLY, Words("phase: {value}", "phase"), "The phase of the hand in progress"),
        _kind(
            "kitty",
            "kitty",
            AS_A_SET,
            Words("kitty: {value}", "cards", empty="nothing"),
            "The undealt cards still face down, the up-card not among them",
        ),
        _kind(
            "out_of_play",
            "out_of_play",
            AS_A_SET,
            Words("out of play: {value}", "cards", empty="nothing"),
            "The cards out of play in this hand: discards, hands laid down and an up-card nobody takes",
        ),
        _kind(
            "deck_size",
            "deck_size",
            EXACTLY,
            Words("cards in the deck: {value}", "number"),
            "How many cards the variant's deck has",
        ),
        *_MATCH_KINDS,
        _kind(
            "cards_passed",
            "cards_passed",
            MOVES,
            Words("cards passed: {value}", "passes", nothing="no card passed", empty="none yet"),
            "Every card exchange of the hand so far, in order, as {from, to, cards} (null in a variant without exchanges)",
        ),
        _kind(
            "folded",
            "folded",
            EXACTLY,
            Words("folded: {value}", "seats", nothing="nobody has folded"),
            "Who folded in fold or play, in the order they folded",
        ),
        _kind(
            "auction",
            "auction",
            EXACTLY,
            Words("the auction: {value}", "calls", nothing="no auction", empty="no call yet"),
            "Every call of the hand's auction so far, in order, passes included, as [seat, action]",
        ),
        _kind(
            "contract",
            "contract",
            EXACTLY,
            Words("contract: {value}", "contract", nothing="no contract yet"),
            "The auction's result (bidder, bid, tricks, trump, alone), or null before the auction is over",
        ),
    )
}
"""Every checkpoint kind, in the order the scenario schema lists them."""


def observed_kinds(check: Mapping[str, Any]) -> list[Checkpoint]:
    """The kinds a checkpoint compares with the observation, in the order written (not its refusal, position or note)."""
    return [CHECKPOINTS[key] for key in check if key not in NOT_CHECKED and CHECKPOINTS[key].path is not None]


def shown(value: Any) -> str:
    """A checkpoint value as messages print it: sets sorted, everything else as Python writes it."""
    if isinstance(value, (set, frozenset)):
        return "{" + ", ".join(sorted(map(str, value))) + "}"
    return repr(value)
