"""Trickster Cards' game records (PTN) audited under the rules their options carry.

The fixtures in tests/trickster/ are records players and maintainers pasted into the public issues
of TricksterCards/TricksterBots, each with its address in a comment: a hand with a player going
under and the dealer taking up (#313), a lone no-trump hand with a card called for (#233, pasted
with a tag left unclosed and unescaped quotes), and a hand pasted half-way (#278). Each audits
clean; then each is broken in one place, and the audit must name the hand, the seat, the line and
the rule's clause.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from euchre_spec.cli import main
from trickster import BROKEN, NOTE, PtnUnreadable, RecordAudit, audit_record, parse_ptn, read_ptn

FIXTURES = Path(__file__).parent / "trickster"
GO_UNDER, NO_TRUMP_ALONE, PARTIAL = "issue-313-go-under.ptn", "issue-233-no-trump-alone.ptn", "issue-278-partial.ptn"


def text_of(name: str) -> str:
    return (FIXTURES / name).read_text(encoding="utf-8")


def audited(text: str, variant: str | None = None, house_rules: tuple[str, ...] = ()) -> RecordAudit:
    (record,) = parse_ptn(text, "record.ptn")
    return audit_record(record, variant, house_rules)


def broken(audit: RecordAudit) -> list[tuple[str, str | None, int | None, int]]:
    return [(f.code, f.clause, f.seat, f.line) for f in audit.findings if f.severity == BROKEN]


def line_of(text: str, fragment: str) -> int:
    return next(number for number, line in enumerate(text.splitlines(), 1) if fragment in line)


def test_the_go_under_record_audits_clean_under_its_options() -> None:
    audit = audited(text_of(GO_UNDER))
    assert (audit.variant, audit.house_rules) == (
        "north-american",
        ("stick-the-dealer", "no-trump", "lone-must-take-five", "partners-best=receive-first", "go-under=mixed"),
    )
    assert not audit.unreadable and not broken(audit)
    hand = audit.hand
    assert (hand.dealer, hand.maker, hand.trump, hand.alone) == (2, 2, "S", False)  # S dealt, S took up the nine of spades
    assert hand.winners == [2, 3, 0, 2, 2] and hand.points == (1, 0) and hand.row == "made"  # S, W, N, S, S
    assert [len(trick) for trick in hand.tricks] == [4] * 5
    (scores,) = [f for f in audit.findings if f.code == "scores"]
    assert scores.message == "before this hand the score stood at N-S 9, E-W 7; N-S reach 10 and win"


def test_the_lone_no_trump_record_with_a_card_called_for_audits_clean() -> None:
    audit = audited(text_of(NO_TRUMP_ALONE))
    assert not audit.unreadable and not broken(audit)
    hand = audit.hand
    assert (hand.maker, hand.trump, hand.alone, hand.row, hand.points) == (0, "N", True, "lone-euchred", (0, 2))
    assert [seat for trick in hand.tricks for seat, _ in trick if seat == 2] == []  # South sat out, as the record shows
    assert any("no closing bracket" in note for note in parse_ptn(text_of(NO_TRUMP_ALONE), "x.ptn")[0].notes)


def test_a_record_pasted_half_way_is_checked_as_far_as_it_goes() -> None:
    audit = audited(text_of(PARTIAL))
    assert not broken(audit)
    (end,) = [f for f in audit.findings if f.code == "record_ends"]
    assert end.severity == NOTE and end.message == "the record stops in trick 3, before S's card"
    assert audit.hand.points is None and len(audit.hand.tricks) == 3


@pytest.mark.parametrize(
    ("name", "old", "new", "expected"),
    [
        # North throws a club on the second trick, a spade lead, holding two spades: a revoke.
        (GO_UNDER, "SJ ST SA SQ", "SJ CK SA SQ", ("must_follow_suit", "play.follow-suit", 0)),
        # the same card dealt twice: not a deal of the 24-card pack
        (GO_UNDER, '[Deal "S:Q.AQ.Q.J J.J.A9.A', '[Deal "S:Q.AQ.Q.J J.J.A9.A'.replace("A9.A", "A9.J"), None),
        # the auction starts at North, but West sits at the dealer's left
        (GO_UNDER, '[Auction "W"]', '[Auction "N"]', ("call_out_of_turn", "bid.order", 0)),
        # East goes under showing the ace of spades, which is not a nine or a ten
        (GO_UNDER, "E:C9H9DT", "E:C9H9SA", ("not_eligible_to_go_under", "house.go-under.mixed", 1)),
        # the dealer takes up a card that is not the up-card
        (GO_UNDER, '[CardsAdded "S:S9"]', '[CardsAdded "S:SK"]', ("pickup", "bid.dealer-pickup", 2)),
        # partners with different scores
        (GO_UNDER, "S:10 7 10 7", "S:10 7 9 7", ("scores_of_partners", "seats.partnerships", None)),
        # N-S at 0 after a hand they made for a point
        (GO_UNDER, "S:10 7 10 7", "S:0 7 0 7", ("score_mismatch", "score.made", None)),
        # a hand played after N-S had already reached 10
        (GO_UNDER, "S:10 7 10 7", "S:11 7 11 7", ("played_after_game_over", "game.target", None)),
        # the declarer named is not the maker
        (GO_UNDER, '[Declarer "S"]', '[Declarer "N"]', ("declarer_mismatch", "bid.order", None)),
        # the lone player's partner plays a card while sitting out
        (NO_TRUMP_ALONE, "C9 CA CQ -", "C9 CA CQ CJ", ("plays_sitting_out", "alone.maker", 2)),
        # the lone player names no trump in the first round, where only the up-card's suit may be ordered
        (NO_TRUMP_ALONE, "Pass Pass Pass Pass\nPass NTalone - -", "Pass NTalone - -", ("wrong_phase", "bid.round-one", 0)),
    ],
    ids=[
        "revoke",
        "dealt-twice",
        "call-out-of-turn",
        "under-not-eligible",
        "wrong-pickup",
        "partners-scores",
        "score-below-zero",
        "after-game-over",
        "declarer",
        "sitting-out-plays",
        "no-trump-in-round-one",
    ],
)
def test_a_wrong_record_is_caught_with_the_seat_the_line_and_the_rule(
    name: str, old: str, new: str, expected: tuple[str, str, int | None] | None
) -> None:
    text = text_of(name)
    assert old in text
    changed = text.replace(old, new)
    audit = audited(changed)
    found = broken(audit)
    if expected is None:  # the deal: the card dealt twice is named, and the deck's clause
        assert [(code, clause) for code, clause, _, _ in found] == [
            ("dealt_twice", "deck.euchre-24"),
            ("cards_missing", "deck.euchre-24"),
        ]
        assert [f.message for f in audit.findings] == [
            "CJ dealt more than once",
            "the hands and the undealt cards leave out CA of the deck",
        ]
        return
    code, clause, seat = expected
    assert found[0][:3] == (code, clause, seat), audit.findings
    shown_at = {'[Auction "N"]': "Pass Pass Pass ♠"}.get(new, new.splitlines()[-1])  # a call's line is its row
    assert found[0][3] == line_of(changed, shown_at)


def test_the_revoke_finding_names_the_cards_the_player_could_play() -> None:
    audit = audited(text_of(GO_UNDER).replace("SJ ST SA SQ", "SJ CK SA SQ"))
    finding = next(f for f in audit.findings if f.severity == BROKEN)
    assert finding.text() == (
        f"line {finding.line}: [must_follow_suit] N: trick 2: plays CK is refused: the player holds a card of the suit led "
        "and must play one (the rules allow: plays SK; plays ST) (rule play.follow-suit)"
    )


def test_a_record_whose_options_have_no_counterpart_is_refused_by_name() -> None:
    text = text_of(GO_UNDER).replace('\\"noWatching\\":true', '\\"take4for1\\":true')
    audit = audited(text)
    assert not audit.audited and audit.variant is None and not audit.findings
    assert audit.refused == (
        "Trickster Cards setting take4for1=true (take four for one): no counterpart in our rules: the option is known only "
        "by its name and by the bot calling more cautiously under it; what a side must take and what it scores are not "
        "published, and no rule of ours says it",
    )
    named = audited(text, "north-american", ("stick-the-dealer", "go-under=mixed"))  # the user may name the rules
    assert named.audited and named.chosen_by == "the command line" and not broken(named)


def test_rules_named_by_the_user_judge_the_record_by_them() -> None:
    # Without going under, East never took the kitty's club queen, and cannot play it to the first trick.
    audit = audited(text_of(GO_UNDER), "north-american", ("stick-the-dealer",))
    assert broken(audit) == [("card_not_in_hand", "deal.five-each-up-card", 1, line_of(text_of(GO_UNDER), "CA CT CQ S9"))]


def test_a_file_that_is_not_ptn_is_refused_with_its_lines() -> None:
    with pytest.raises(PtnUnreadable) as caught:
        parse_ptn('[Event "x"]\nPass Pass\n[Deal S:...]\n', "bad.ptn")
    assert [str(error) for error in caught.value.errors] == [
        "bad.ptn:2: a line outside the Auction and Play sections: 'Pass Pass' (/0)",
        "bad.ptn:3: not a PTN tag: '[Deal S:...]' (/0)",
    ]
    audit = audited(text_of(GO_UNDER).replace("D9 CK DK CJ", "D9 CK DK"))
    (error,) = audit.unreadable
    assert str(error).endswith("a trick is 4 cards or '-', one for each seat, not 3 (/0/Play)")


def test_several_records_in_one_file_are_each_audited(tmp_path: Path) -> None:
    both = tmp_path / "both.ptn"
    both.write_text(text_of(GO_UNDER) + "\n" + text_of(NO_TRUMP_ALONE), encoding="utf-8")
    records = read_ptn(both)
    assert [record.index for record in records] == [0, 1]
    assert [record.value("Dealer") for record in records] == ["S", "S"]


def test_the_audit_command_reads_ptn(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["audit", str(FIXTURES / GO_UNDER)]) == 0
    out = capsys.readouterr().out
    assert "Rules: north-american -r stick-the-dealer -r no-trump" in out and "0 broken rule(s), 0 not audited" in out
    wrong = tmp_path / "revoke.txt"  # no suffix to go by: the first line tells
    wrong.write_text(text_of(GO_UNDER).replace("SJ ST SA SQ", "SJ CK SA SQ"), encoding="utf-8")
    assert main(["audit", "--json", str(wrong)]) == 1
    shown = json.loads(capsys.readouterr().out)
    (record,) = shown["records"]
    assert record["findings"][0] | {"message": ""} == {
        "code": "must_follow_suit",
        "severity": "broken",
        "message": "",
        "line": line_of(wrong.read_text(), "SJ CK SA SQ"),
        "clause": "play.follow-suit",
        "seat": "N",
    }
    refused = tmp_path / "refused.ptn"
    refused.write_text(text_of(GO_UNDER).replace('\\"noWatching\\":true', '\\"variation\\":1'), encoding="utf-8")
    assert main(["audit", str(refused)]) == 2
    assert "NOT AUDITED: its options mean rules ours cannot say" in capsys.readouterr().out
    assert main(["audit", str(FIXTURES / GO_UNDER), "--variant", "britsh"]) == 2
