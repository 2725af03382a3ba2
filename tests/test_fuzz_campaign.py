"""Fuzzing campaigns in shards: the shards play every hand once, and their merged summaries are
exactly the summary of one run of the whole campaign, down to each class's smallest witness."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conformance.fuzzing.campaign import WHOLE, Campaign, MergeError, Shard, ShardFormError, merge, parse_shard, summarize
from conformance.fuzzing.play import Setup, fuzz, run_shard
from conformance.fuzzing.summary import read_summary, summary_document, write_summary
from tests.cli_helpers import run_cli

SETUP = Setup(("reference", "openspiel"), "north-american", ("stick-the-dealer",), seed=1, names=("reference", "openspiel"))
CAMPAIGN = Campaign(SETUP.engines, ("reference", "openspiel"), SETUP.variant, SETUP.house_rules, SETUP.seed, 300)
FUZZ = ["fuzz", "--engine", "reference", "--engine", "openspiel", "--hands", "300", "--seed", "1", "-r", "stick-the-dealer"]
FUZZ += ["--jobs", "1", "--quiet"]


@settings(deadline=None)  # no timing in tests: a loaded machine must not fail this
@given(st.integers(min_value=0, max_value=2000), st.integers(min_value=1, max_value=40))
def test_the_shards_of_a_campaign_play_every_hand_exactly_once(hands: int, count: int) -> None:
    played = [hand for index in range(1, count + 1) for hand in Shard(index, count).hands(hands)]
    assert played == list(range(hands))


def test_a_shard_is_written_i_of_n_counted_from_one() -> None:
    assert parse_shard("2/3") == Shard(2, 3)
    assert str(parse_shard(" 3/3 ")) == "3/3"
    for wrong in ("0/3", "4/3", "1/0", "2", "a/b", "-1/3", "1/3/4"):
        with pytest.raises(ShardFormError, match="is not a shard"):
            parse_shard(wrong)


def test_a_bad_shard_argument_is_a_usage_error() -> None:
    completed = run_cli(*FUZZ, "--shard", "4/3")
    assert completed.returncode == 2
    assert "usage:" in completed.stderr and "'4/3' is not a shard" in completed.stderr
    assert "Traceback" not in completed.stderr


@pytest.fixture(scope="module")
def one_run():
    pytest.importorskip("pyspiel")
    result = fuzz(SETUP, CAMPAIGN.hands)
    return result, summarize(CAMPAIGN, WHOLE, result.disagreements)


def test_each_class_keeps_its_smallest_witness(one_run) -> None:
    result, summary = one_run
    assert {entry.label: entry.count for entry in summary.classes} == dict(result.classes)
    for entry in summary.classes:
        found = [d for d in result.disagreements if d.label == entry.label]
        fewest = min(len(d.steps) for d in found)
        assert len(entry.witness.steps) == fewest
        assert entry.witness.hand == min(d.hand for d in found if len(d.steps) == fewest)


def test_three_merged_shards_equal_one_run(one_run) -> None:
    _, whole = one_run
    shards = [(f"shard {index}", run_shard(SETUP, CAMPAIGN, Shard(index, 3)).summary) for index in (3, 1, 2)]
    assert sum(summary.hands for _, summary in shards) == 300
    assert merge(shards) == whole


def test_a_summary_file_reads_back_as_the_same_summary(one_run, tmp_path: Path) -> None:
    _, whole = one_run
    empty = summarize(dataclasses.replace(CAMPAIGN, hands=2), Shard(1, 3), [])
    assert empty.hands == 0  # a shard may have no hands
    for summary, seconds in ((whole, 1.5), (empty, None)):
        write_summary(summary_document(summary, seconds, {}, {}), tmp_path / "summary.json")
        recorded = read_summary(tmp_path / "summary.json")
        assert recorded.summary == summary and recorded.seconds == seconds


def _shard(index: int, count: int, campaign: Campaign = CAMPAIGN):
    return summarize(campaign, Shard(index, count), [])


def test_merging_refuses_sets_that_are_not_one_whole_campaign() -> None:
    other = dataclasses.replace(CAMPAIGN, seed=2)
    cases = {
        "different_campaigns": [("a", _shard(1, 2)), ("b", _shard(2, 2, other))],
        "overlapping_shards": [("a", _shard(1, 2)), ("b", _shard(1, 2))],
        "missing_shards": [("a", _shard(2, 4))],
    }
    for code, summaries in cases.items():
        with pytest.raises(MergeError) as raised:
            merge(summaries)
        assert raised.value.code == code
    with pytest.raises(MergeError, match="b and a are both shard 1/2"):
        merge(cases["overlapping_shards"])
    with pytest.raises(MergeError, match="differ in seed"):
        merge(cases["different_campaigns"])
    with pytest.raises(MergeError, match="shard\\(s\\) 1/4, 3/4, 4/4 missing"):
        merge(cases["missing_shards"])
    with pytest.raises(MergeError, match="cut in different numbers"):
        merge([("a", _shard(1, 2)), ("b", _shard(2, 3)), ("c", _shard(3, 3))])


def test_shard_files_merged_on_the_command_line_equal_one_run(tmp_path: Path) -> None:
    pytest.importorskip("pyspiel")
    assert run_cli(*FUZZ, "--out", str(tmp_path / "one")).returncode == 1
    for index in (1, 2, 3):
        assert run_cli(*FUZZ, "--shard", f"{index}/3", "--out", str(tmp_path / f"shard-{index}")).returncode == 1
    files = [str(tmp_path / f"shard-{index}" / "summary.json") for index in (1, 2, 3)]
    merged = run_cli("fuzz-merge", *files, "--out", str(tmp_path / "merged"))
    assert merged.returncode == 1, merged.stderr
    one, together = (read_summary(tmp_path / name / "summary.json").summary for name in ("one", "merged"))
    assert together == one
    document = json.loads((tmp_path / "merged" / "summary.json").read_text())
    for entry in document["classes"]:
        rebuilt = Path(entry["witness_scenario"])
        assert rebuilt.read_text() == (tmp_path / "one" / rebuilt.relative_to(tmp_path / "merged")).read_text()

    incomplete = run_cli("fuzz-merge", *files[:2], "--out", str(tmp_path / "partial"))
    assert incomplete.returncode == 2
    assert "shard(s) 3/3 missing" in incomplete.stderr and "Traceback" not in incomplete.stderr
    twice = run_cli("fuzz-merge", files[0], files[0], files[1], files[2], "--out", str(tmp_path / "twice"))
    assert twice.returncode == 2 and f"{files[0]} is given twice" in twice.stderr


def test_a_broken_summary_file_is_reported_where_it_is_broken(tmp_path: Path) -> None:
    summary = tmp_path / "summary.json"
    write_summary(summary_document(_shard(1, 1), None, {}, {}), summary)
    summary.write_text(summary.read_text().replace('"seed": 1', '"seed": "one"'))
    completed = run_cli("fuzz-merge", str(summary), "--out", str(tmp_path / "merged"))
    line = next(number for number, text in enumerate(summary.read_text().splitlines(), 1) if '"seed"' in text)
    assert completed.returncode == 2
    assert completed.stderr.startswith(f"{summary}:{line}: not a fuzzing summary: ") and "(/campaign/seed)" in completed.stderr
    summary.write_text('{"format": 1,\n')
    completed = run_cli("fuzz-merge", str(summary))
    assert completed.returncode == 2 and completed.stderr.startswith(f"{summary}:2: not valid JSON")
    assert "Traceback" not in completed.stderr
