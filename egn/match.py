"""EMN match files: each game audited as an EGN record, and the match result checked against the games.

EMN (Euchre Match Notation, EGN's format for a series of games; docs/emn/match-specification.md
in NextSuit-Labs/euchre-game-notation) lists the match's players with ids, the format, the
result, and the games, each an EGN record (`gameData`) with the ids of the players in seats 0
to 3. The result is worked out as EGN's own match tool (emn-match-combine) works it out: a game
played to a number of deals, or any game of a PROGRESSIVE match, gives each player the points
of their side; any other game gives each player of the winning side one game. The winners are
the players with the highest score, when it is above 0. The audit derives each game's final
score from its hands (not from the record's `finalScore`) and compares the result with it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from documents.errors import SpecError, SpecInvalid
from documents.reading import read_text
from documents.schemas import validate

from .findings import NOTE, UNCONFIRMED, VIOLATION, AuditReport, Problem, Verdict
from .game import audit
from .mapping import map_ruleset
from .notation import EgnRecord, EgnUnreadable, egn_record, load_json

MATCH_FILE_TYPE = "Euchre Match Notation"
MAX_GAMES = 100
"""Games in one match: a long league evening is a dozen; more is refused before any is replayed."""
PER_PLAYER_POINTS = "PROGRESSIVE"


@dataclass(frozen=True)
class MatchGame:
    """One game of a match: its place, the player id in each seat, and its EGN record."""

    index: int
    players: tuple[str, ...]
    record: EgnRecord


@dataclass(frozen=True)
class EmnMatch:
    """A schema-valid EMN file, its games read as EGN records."""

    path: str
    data: dict[str, Any]
    lines: dict[str, int]
    games: tuple[MatchGame, ...]

    def line_of(self, pointer: str) -> int:
        return EgnRecord(self.path, {}, self.lines).line_of(pointer)

    @property
    def metadata(self) -> dict[str, Any]:
        metadata: dict[str, Any] = self.data["metadata"]
        return metadata


@dataclass
class MatchReport(Verdict):
    """The audit of a match: each game's audit, the scores the games give, and what disagrees."""

    path: str
    title: str
    format: str
    games: list[AuditReport]
    scores: dict[str, int | None] = field(default_factory=dict)
    winners: list[str] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    def all_problems(self) -> list[Problem]:
        return [problem for game in self.games for problem in game.all_problems()] + self.problems

    def as_dict(self) -> dict[str, Any]:
        return {
            "file": self.path,
            "title": self.title,
            "format": self.format,
            "games": [game.as_dict() for game in self.games],
            "scores": self.scores,
            "winners": self.winners,
            "problems": [problem.as_dict() for problem in self.problems],
            "violations": len(self.violations),
            "exit_code": self.exit_code,
        }


def is_match(data: dict[str, Any]) -> bool:
    return data.get("fileType") == MATCH_FILE_TYPE


def read_game_or_match(path: Path | str) -> EgnRecord | EmnMatch:
    """An EGN record or an EMN match, whichever the file's fileType says; EgnUnreadable with every located error."""
    name = str(path)
    try:
        text = read_text(path, name)
    except SpecInvalid as exc:
        raise EgnUnreadable(exc.errors) from exc
    data, lines = load_json(text, name, "an EGN record")
    return emn_match(data, lines, name) if is_match(data) else egn_record(data, lines, name)


def emn_match(data: dict[str, Any], lines: dict[str, int], name: str) -> EmnMatch:
    """An EMN match from its JSON: our schema for the match, EGN's for each game, and the player ids."""

    def locate(pointer: str) -> tuple[str, int]:
        return name, EgnRecord(name, {}, lines).line_of(pointer)

    games = data.get("games")
    if isinstance(games, list) and len(games) > MAX_GAMES:
        raise EgnUnreadable(
            [SpecError(name, locate("/games")[1], "/games", f"the match has {len(games):,} games; at most {MAX_GAMES} are read")]
        )
    errors = validate(data, "emn.schema.json", locate)
    if errors:
        raise EgnUnreadable(errors)
    errors = _player_ids(data, locate)
    read: list[MatchGame] = []
    for index, game in enumerate(data["games"]):
        try:
            record = egn_record(game["gameData"], lines, name, f"/games/{index}/gameData")
        except EgnUnreadable as exc:
            errors.extend(exc.errors)
            continue
        read.append(MatchGame(index, tuple(game["players"]), record))
    if errors:
        raise EgnUnreadable(errors)
    return EmnMatch(name, data, lines, tuple(read))


def _player_ids(data: dict[str, Any], locate: Any) -> list[SpecError]:
    """The checks EGN's match validator makes beyond its schema: ids unique, every seat a known id, and the games
    indexed in order from 0 (a game's index is its place in the match)."""
    errors: list[SpecError] = []

    def error(pointer: str, message: str) -> None:
        file, line = locate(pointer)
        errors.append(SpecError(file, line, pointer, message))

    known: set[str] = set()
    for number, player in enumerate(data["metadata"]["players"]):
        pointer = f"/metadata/players/{number}/id"
        if player["id"] in known:
            error(pointer, f"the player id {player['id']!r} is used twice")
        known.add(player["id"])
    for index, game in enumerate(data["games"]):
        if game["gameIndex"] != index:
            message = f"game {index + 1} has gameIndex {game['gameIndex']}; the games are listed in order, indexed from 0"
            error(f"/games/{index}/gameIndex", message + f", so it is {index}")
        seen: set[str] = set()
        for seat, player_id in enumerate(game["players"]):
            pointer = f"/games/{index}/players/{seat}"
            if player_id not in known:
                message = f"seat {seat} of game {index + 1} is {player_id!r}, which is not an id of metadata.players"
                error(pointer, message)
            elif player_id in seen:
                error(pointer, f"{player_id!r} sits twice in game {index + 1}")
            seen.add(player_id)
    return errors


def audit_match(match: EmnMatch, variant: str | None = None, house_rules: Iterable[str] = ()) -> MatchReport:
    """Audit every game of the match, then work out the match result from the games and compare."""
    refs = tuple(house_rules)
    metadata = match.metadata
    match_format = str(metadata.get("matchFormat", {}).get("type", "BEST_OF_N"))
    report = MatchReport(match.path, str(metadata.get("title", "")), match_format, [])
    for game in match.games:
        audited = audit(game.record, map_ruleset(game.record.ruleset, variant, refs))
        report.games.append(_placed(audited, f"/games/{game.index}/gameData"))
    players = [str(player["id"]) for player in metadata["players"]]
    scores = _scores(match, report, players)
    report.scores = dict(scores)
    known = [score for score in scores.values() if score is not None]
    if len(known) == len(scores) and known and max(known) > 0:
        report.winners = [player for player, score in scores.items() if score == max(known)]
    _compare_result(match, report)
    return report


def _placed(report: AuditReport, prefix: str) -> AuditReport:
    """The game's findings with pointers into the whole match file."""
    for hand in report.hands:
        hand.problems = [replace(problem, pointer=prefix + problem.pointer) for problem in hand.problems]
    report.problems = [replace(problem, pointer=prefix + problem.pointer) for problem in report.problems]
    return report


def _scores(match: EmnMatch, report: MatchReport, players: list[str]) -> dict[str, int | None]:
    """Each player's score by EGN's counting; None from the first game whose score is not known."""
    scores: dict[str, int | None] = dict.fromkeys(players, 0)
    for game, audited in zip(match.games, report.games, strict=True):
        pointer = f"/games/{game.index}"
        final = audited.score
        if final is None or len(final) != 2:
            why = "its score is not known" if final is None else f"it has {len(final)} sides, and EMN seats two"
            message = f"game {game.index + 1} cannot count towards the match result: {why}"
            report.problems.append(Problem("match_score_unknown", NOTE, message, pointer=pointer, line=match.line_of(pointer)))
            return dict.fromkeys(players)
        per_player = report.format == PER_PLAYER_POINTS or bool(game.record.ruleset.get("num_deals"))
        if per_player:
            gained = [final[seat % 2] for seat in range(4)]
        else:
            won = 0 if final[0] > final[1] else 1 if final[1] > final[0] else None
            gained = [int(won is not None and seat % 2 == won) for seat in range(4)]
        for seat, player in enumerate(game.players):
            current = scores.get(player)
            scores[player] = (current or 0) + gained[seat]
    return scores


def _compare_result(match: EmnMatch, report: MatchReport) -> None:
    result = match.metadata.get("result")
    if not isinstance(result, dict) or result.get("status") == "FORFEIT":  # a forfeit is decided off the table
        return
    severity = UNCONFIRMED if any(hand.affected_by for game in report.games for hand in game.hands) else VIOLATION
    counted = "points" if report.format == PER_PLAYER_POINTS else "games won (points in games played to a number of deals)"
    stated = result.get("scores")
    if isinstance(stated, dict) and all(score is not None for score in report.scores.values()):
        for player in sorted(set(stated) | set(report.scores)):
            pointer = f"/metadata/result/scores/{player}"
            ours, theirs = report.scores.get(player), stated.get(player)
            if theirs is not None and ours is not None and theirs != ours:
                message = f"the result gives {player} a score of {theirs}, but the games give {ours} ({counted})"
                report.problems.append(_problem(match, "match_score_mismatch", severity, message, pointer))
            elif theirs is None or ours is None:
                where = "the result's scores" if theirs is None else "the match's players"
                message = f"{player} is missing from {where}"
                report.problems.append(_problem(match, "match_score_mismatch", severity, message, pointer.rsplit("/", 1)[0]))
    winner = result.get("winner")
    if result.get("status") == "IN_PROGRESS" and winner:
        message = f"the match is in progress, but the result names {sorted(winner)} as the winners"
        report.problems.append(_problem(match, "match_winner_in_progress", VIOLATION, message, "/metadata/result/winner"))
    complete = all(score is not None for score in report.scores.values())
    decided = result.get("status", "COMPLETED") == "COMPLETED"
    if isinstance(winner, list) and complete and decided and sorted(winner) != sorted(report.winners):
        message = f"the result names {sorted(winner)} as the winners, but the games make {sorted(report.winners)} the winners"
        report.problems.append(_problem(match, "match_winner_mismatch", severity, message, "/metadata/result/winner"))


def _problem(match: EmnMatch, code: str, severity: str, message: str, pointer: str) -> Problem:
    return Problem(code, severity, message, pointer=pointer, line=match.line_of(pointer))
