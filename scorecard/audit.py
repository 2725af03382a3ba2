"""A progressive session checked card by card: who sat where, each hand's values under the rules,
the games' totals, and each player's session total and lone hands.

Every finding is located at the value it concerns and names the round, the table and the hand, and
the clause whose value the card breaks: a scoring row's for a hand's points, the game's own (its
number of hands, or its target) for the number of hands and a game's total.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from documents.errors import SpecError, SpecInvalid, join_pointer

from .card import Scorecard, ScorecardUnreadable
from .findings import Finding, ScorecardAudit
from .values import HandValues, hand_values


def audit_scorecard(card: Scorecard, variant: str | None = None, house_rules: tuple[str, ...] = ()) -> ScorecardAudit:
    """Audit a session under the rules it names, or under `variant` and `house_rules` when given.

    Rules named on the command line that do not exist raise SpecInvalid (a usage error); rules the
    file names that do not exist make the file unreadable, at the line that names them.
    """
    if variant is None:
        variant, house_rules = card.variant, card.house_rules
        try:
            values = hand_values(variant, house_rules)
        except SpecInvalid as exc:
            pointer = "/house_rules" if _loads(variant) else "/variant"
            line = card.line(pointer)
            raise ScorecardUnreadable([SpecError(card.path, line, pointer, error.message) for error in exc.errors]) from None
    else:
        values = hand_values(variant, house_rules)
    audit = ScorecardAudit(card.path, variant, house_rules)
    _Session(card, values, audit).check()
    return audit


class _Session:
    def __init__(self, card: Scorecard, values: HandValues, audit: ScorecardAudit) -> None:
        self.card, self.values, self.audit = card, values, audit
        self.players: list[str] = list(card.data["players"])
        self.written: Counter[str] = Counter({name: 0 for name in self.players})
        self.lone: Counter[str] = Counter({name: 0 for name in self.players})

    def find(self, code: str, message: str, pointer: str, clause: str | None = None, **where: int | None) -> None:
        self.audit.findings.append(Finding(code, message, self.card.line(pointer), pointer, clause=clause, **where))

    def check(self) -> None:
        for index, round_ in enumerate(self.card.data["rounds"]):
            self.check_round(index, round_)
        self.check_session()
        self.audit.totals = dict(self.written)
        self.audit.lone_hands = dict(self.lone)

    def check_round(self, index: int, round_: dict[str, Any]) -> None:
        number = round_["round"]
        pointer = f"/rounds/{index}"
        if number != index + 1:
            self.find(
                "round-number", f"round {number} is the {_ordinal(index + 1)} round written", f"{pointer}/round", round=number
            )
        seated: dict[str, int] = {}
        tables: set[int] = set()
        for position, table in enumerate(round_["tables"]):
            at = f"{pointer}/tables/{position}"
            if table["table"] in tables:
                self.find("table-twice", f"table {table['table']} plays two games in this round", f"{at}/table", round=number)
            tables.add(table["table"])
            for side, pair in enumerate(table["sides"]):
                for seat, name in enumerate(pair):
                    where = f"{at}/sides/{side}/{seat}"
                    if name not in self.written:
                        self.find("unknown-player", f"{name!r} is not one of the session's players", where, round=number)
                    elif name in seated:
                        self.find("seated-twice", f"{name} is seated twice in this round", where, round=number)
                    seated[name] = table["table"]
            _Game(self, number, table, at).check()

    def check_session(self) -> None:
        session = self.card.data["session"]
        for name in session:
            if name not in self.written:
                self.find(
                    "unknown-player",
                    f"{name!r} has a session total but is not one of the session's players",
                    join_pointer("/session", name),
                )
        for name in self.players:
            if name not in session:
                self.find("missing-total", f"{name} has no session total (the hands give {self.written[name]})", "/session")
                continue
            total = session[name]
            if total["points"] != self.written[name]:
                self.find(
                    "session-total",
                    f"{name}'s session total is {total['points']}, but the hands on their card add up to {self.written[name]}",
                    join_pointer(join_pointer("/session", name), "points"),
                )
            if "lone_hands" in total and total["lone_hands"] != self.lone[name]:
                self.find(
                    "lone-tally",
                    f"{name} is credited with {total['lone_hands']} lone hands, but {self.lone[name]} are marked on their card",
                    join_pointer(join_pointer("/session", name), "lone_hands"),
                )


class _Game:
    """One table's game in one round."""

    def __init__(self, session: _Session, round_: int, table: dict[str, Any], pointer: str) -> None:
        self.session, self.values, self.round = session, session.values, round_
        self.table, self.pointer, self.number = table, pointer, table["table"]
        self.sides: list[list[str]] = table["sides"]

    def find(self, code: str, message: str, pointer: str, clause: str | None = None, hand: int | None = None) -> None:
        self.session.find(code, message, pointer, clause, round=self.round, table=self.number, hand=hand)

    def check(self) -> None:
        hands = self.table["hands"]
        self.session.audit.games += 1
        self.session.audit.hands += len(hands)
        self.check_length(hands)
        sums = [0, 0]
        for index, hand in enumerate(hands):
            self.check_hand(index, hand)
            sums = [sums[side] + hand["points"][side] for side in (0, 1)]
        for side in (0, 1):
            if self.table["totals"][side] != sums[side]:
                self.find(
                    "game-total",
                    f"{self.named(side)} wrote {self.table['totals'][side]} for the game, but its hands add up to {sums[side]}",
                    f"{self.pointer}/totals/{side}",
                    self.values.game_clause,
                )

    def check_length(self, hands: list[dict[str, Any]]) -> None:
        count = self.values.hands
        if count is not None:
            if len(hands) > count:
                self.find(
                    "hand-count",
                    f"the game has {len(hands)} hands; a game under these rules is {count} hands, so this one is one too many",
                    f"{self.pointer}/hands/{count}",
                    self.values.game_clause,
                    hand=count + 1,
                )
            elif len(hands) < count:
                self.find(
                    "hand-count",
                    f"the game has {len(hands)} hands; a game under these rules is {count} hands",
                    f"{self.pointer}/hands",
                    self.values.game_clause,
                )
            return
        scores = [0, 0]
        for index, hand in enumerate(hands):
            scores = [scores[side] + hand["points"][side] for side in (0, 1)]
            if max(scores) >= self.values.target and index < len(hands) - 1:
                self.find(
                    "hand-count",
                    f"the game was won at {scores[0]}-{scores[1]} on hand {index + 1}, "
                    f"yet {len(hands) - index - 1} more hands follow",
                    f"{self.pointer}/hands/{index + 1}",
                    self.values.game_clause,
                    hand=index + 2,
                )
                return
        if max(scores) < self.values.target:
            self.find(
                "hand-count",
                f"the game stops at {scores[0]}-{scores[1]}, before either side reached {self.values.target}",
                f"{self.pointer}/hands",
                self.values.game_clause,
            )

    def named(self, side: int) -> str:
        return f"side {side + 1} ({' and '.join(self.sides[side])})"

    def check_hand(self, index: int, hand: dict[str, Any]) -> None:
        at, number = f"{self.pointer}/hands/{index}", index + 1
        points: list[int] = hand["points"]
        credits: dict[str, int] = hand.get("credits", {})
        for name in credits:
            if all(name not in pair for pair in self.sides):
                self.find(
                    "credit-misfit",
                    f"{name} is credited on this hand but does not sit at this table",
                    join_pointer(f"{at}/credits", name),
                    hand=number,
                )
        scoring = [side for side in (0, 1) if points[side] > 0]
        legal = self.check_points(at, number, points, scoring)
        for side in (0, 1):
            for name in self.sides[side]:
                wrote = credits.get(name, points[side])
                self.session.written[name] += wrote
                if legal and side not in scoring and wrote != points[side]:
                    self.find(
                        "credit-misfit",
                        f"{name} wrote {wrote} on a hand where {self.named(side)} scored {points[side]}: "
                        "a player writes their side's points",
                        join_pointer(f"{at}/credits", name),
                        self.values.clauses(),
                        number,
                    )
        if legal and scoring:
            self.check_maker(at, number, points[scoring[0]], scoring[0], credits, hand.get("lone"))
        elif "lone" in hand:
            self.find(
                "lone-mark",
                f"{hand['lone']} is marked with a lone hand made on a hand that scores no lone hand",
                f"{at}/lone",
                self.values.clauses(self.values.lone_rows),
                number,
            )

    def check_points(self, at: str, number: int, points: list[int], scoring: list[int]) -> bool:
        """Whether the two sides' points are what one hand can give; each way they are not is a finding."""
        if len(scoring) == 2:
            self.find(
                "impossible-hand",
                f"both sides scored ({points[0]} and {points[1]}): every scoring row gives points to one side",
                f"{at}/points",
                self.values.clauses(),
                number,
            )
            return False
        if not scoring:
            if not self.values.thrown_in:
                self.find(
                    "impossible-hand",
                    "no side scored, but under these rules the dealer must make trump, so every hand scores",
                    f"{at}/points",
                    self.values.clauses(),
                    number,
                )
            return self.values.thrown_in
        side = scoring[0]
        value = points[side]
        if value not in self.values.side_points():
            possible = ", ".join(str(points) for points in self.values.side_points())
            self.find(
                "impossible-value",
                f"{self.named(side)} scored {value}, which no scoring row gives (one hand scores {possible})",
                f"{at}/points/{side}",
                self.values.clauses(),
                number,
            )
            return False
        return True

    def check_maker(self, at: str, number: int, value: int, side: int, credits: dict[str, int], lone: str | None) -> None:
        """The scoring side's own cards: at most one maker credited apart, with what a row gives the maker."""
        rows = self.values.maker_rows(value)
        credited = [name for name in self.sides[side] if credits.get(name, value) != value]
        allowed = {row.maker_points for row in rows}
        for name in credited:
            if credits[name] not in allowed:
                owed = f"; the maker of a hand scoring {value} writes {_or(allowed)}" if allowed else ""
                self.find(
                    "credit-misfit",
                    f"{name} wrote {credits[name]} on a hand where {self.named(side)} scored {value}: "
                    f"a player writes their side's points{owed}",
                    join_pointer(f"{at}/credits", name),
                    self.values.clauses(rows or self.values.rows_giving(value)),
                    number,
                )
        if len(credited) == 2:
            self.find(
                "credit-misfit",
                f"both {self.sides[side][0]} and {self.sides[side][1]} are credited as the maker; "
                f"the partner writes the side's {value}",
                f"{at}/credits",
                self.values.clauses(rows or self.values.rows_giving(value)),
                number,
            )
        if not credited and lone is None and rows and len(rows) == len(self.values.rows_giving(value)):
            self.find(
                "credit-misfit",
                f"a hand scoring {value} is a made lone hand, whose maker writes {_or(allowed)} on their own card; "
                f"neither {self.sides[side][0]}'s card nor {self.sides[side][1]}'s shows it",
                f"{at}/points/{side}",
                self.values.clauses(rows),
                number,
            )
        if lone is not None:
            self.check_lone(at, number, value, side, credits, lone)

    def check_lone(self, at: str, number: int, value: int, side: int, credits: dict[str, int], lone: str) -> None:
        rows = [row for row in self.values.lone_rows if row.points == value]
        if lone not in self.sides[side]:
            self.find(
                "lone-mark",
                f"{lone} is marked with the lone hand, but is not on {self.named(side)}, which scored",
                f"{at}/lone",
                hand=number,
            )
            return
        self.session.lone[lone] += 1
        if not rows:
            self.find(
                "lone-mark",
                f"{lone} is marked with a lone hand made, but {self.named(side)} scored {value}: "
                f"a made lone hand scores {_or({row.points for row in self.values.lone_rows})}",
                f"{at}/lone",
                self.values.clauses(self.values.lone_rows),
                number,
            )
            return
        owed = {row.maker_points for row in rows if row.maker_points is not None}
        if owed and credits.get(lone, value) not in owed:
            self.find(
                "credit-misfit",
                f"{lone} made the lone hand, which puts {_or(owed)} on their own card, but they wrote {credits.get(lone, value)}",
                f"{at}/credits" if lone not in credits else join_pointer(f"{at}/credits", lone),
                self.values.clauses(rows),
                number,
            )


def _loads(variant: str) -> bool:
    try:
        hand_values(variant, ())
    except SpecInvalid:
        return False
    return True


def _or(values: set[int | None] | set[int]) -> str:
    return " or ".join(str(value) for value in sorted(value for value in values if value is not None))


def _ordinal(number: int) -> str:
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"
