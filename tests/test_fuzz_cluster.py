"""A fuzzing campaign on a Dask cluster of two worker processes gives exactly the one-run summary."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from conformance.fuzzing.campaign import WHOLE, Campaign, summarize
from conformance.fuzzing.cluster import ClusterUnavailable, run_on_cluster, shards_for
from conformance.fuzzing.disagreement import first_of_each
from conformance.fuzzing.play import Setup, fuzz
from conformance.fuzzing.summary import read_summary
from tests.cli_helpers import run_cli

if not os.environ.get("CI"):
    pytest.importorskip("distributed", reason="the distributed extra is not installed (pip install -e '.[distributed]')")
pytest.importorskip("pyspiel")

SETUP = Setup(("reference", "openspiel"), "north-american", ("stick-the-dealer",), seed=1, names=("reference", "openspiel"))
CAMPAIGN = Campaign(SETUP.engines, ("reference", "openspiel"), SETUP.variant, SETUP.house_rules, SETUP.seed, 600)


def test_a_campaign_on_two_local_workers_equals_one_run() -> None:
    assert len(shards_for(CAMPAIGN)) > 2  # more shards than workers, so each worker plays several
    one = fuzz(SETUP, CAMPAIGN.hands)
    clustered = run_on_cluster(SETUP, CAMPAIGN, "local:2", keep=3)
    assert clustered.summary == summarize(CAMPAIGN, WHOLE, one.disagreements)
    assert clustered.examples == first_of_each(one.disagreements, 3)


def test_the_cluster_option_writes_the_one_run_summary(tmp_path: Path) -> None:
    common = ["fuzz", "--engine", "reference", "--engine", "openspiel", "--hands", "300", "--seed", "1", "-r", "stick-the-dealer"]
    assert run_cli(*common, "--jobs", "1", "--quiet", "--out", str(tmp_path / "one")).returncode == 1
    clustered = run_cli(*common, "--cluster", "local:2", "--quiet", "--out", str(tmp_path / "cluster"))
    assert clustered.returncode == 1, clustered.stderr
    assert read_summary(tmp_path / "cluster" / "summary.json").summary == read_summary(tmp_path / "one" / "summary.json").summary
    assert sorted(path.name for path in (tmp_path / "cluster").rglob("*.yaml")) == sorted(
        path.name for path in (tmp_path / "one").rglob("*.yaml")
    )


def test_a_wrong_cluster_address_is_a_clear_error() -> None:
    with pytest.raises(ClusterUnavailable, match="write local:N"):
        run_on_cluster(SETUP, CAMPAIGN, "local:many")
    completed = run_cli("fuzz", "--engine", "reference", "--engine", "openspiel", "--hands", "10", "--cluster", "local:0")
    assert completed.returncode == 2 and "is not a local cluster" in completed.stderr
    assert "Traceback" not in completed.stderr
