"""A fuzzing campaign spread over a Dask cluster: shards as tasks, summaries merged as for files.

    euchre-spec fuzz --engine reference --engine openspiel --hands 1000000 --cluster tcp://scheduler:8786
    euchre-spec fuzz --engine reference --engine openspiel --hands 100000 --cluster local:2

The campaign is cut into shards of about CHUNK hands; Dask's scheduler hands them to its
workers, each worker plays its shard with `conformance.fuzzing.play.run_shard` and sends back the
summary, and the summaries are merged by `conformance.fuzzing.campaign.merge`, the code that merges
shard files. So the result is exactly what one run of the whole campaign on one machine gives.
Dask (`pip install -e '.[distributed]'`) does the scheduling, retries and data transfer;
`local:N` starts a LocalCluster of N single-threaded worker processes on the loopback
interface, and any other address is a running scheduler whose workers have this package (and
every engine named by --engine) installed.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from typing import Any

from tqdm import tqdm

from conformance.fuzzing.campaign import Campaign, Shard, merge
from conformance.fuzzing.disagreement import first_of_each
from conformance.fuzzing.play import CHUNK, Setup, ShardRun, run_shard

LOCAL = "local:"


class ClusterUnavailable(Exception):
    """The cluster cannot be used: Dask is not installed, or the address is wrong or unreachable."""


def shards_for(campaign: Campaign) -> list[Shard]:
    """The shards a campaign is cut into for a cluster: about CHUNK hands each."""
    count = max(1, -(-campaign.hands // CHUNK))
    return [Shard(index, count) for index in range(1, count + 1)]


def run_on_cluster(setup: Setup, campaign: Campaign, address: str, keep: int = 20, progress: bool = False) -> ShardRun:
    """Play the whole campaign on the cluster at `address` (or `local:N`); the merged run, as shard 1/1.

    The seconds are the wall-clock time of the whole run; the examples are the first `keep` of
    each class over the whole campaign, as a local run keeps them.
    """
    distributed = _distributed()
    shards = shards_for(campaign)
    runs: list[ShardRun] = []
    with _client(distributed, address) as client, tqdm(total=campaign.hands, unit="hand", disable=not progress) as bar:
        started = time.perf_counter()
        futures = client.map(run_shard, [setup] * len(shards), [campaign] * len(shards), shards, [keep] * len(shards), pure=False)
        for future in distributed.as_completed(futures):
            run: ShardRun = future.result()
            runs.append(run)
            bar.update(run.summary.hands)
        seconds = time.perf_counter() - started
    merged = merge([(f"shard {run.summary.shard}", run.summary) for run in runs])
    examples = first_of_each((example for run in runs for example in run.examples), keep)
    return ShardRun(merged, seconds, examples)


def _distributed() -> Any:
    try:
        import distributed
    except ImportError as exc:
        raise ClusterUnavailable(f"--cluster needs Dask's distributed (pip install -e '.[distributed]'): {exc}") from exc
    return distributed


@contextlib.contextmanager
def _client(distributed: Any, address: str) -> Iterator[Any]:
    """A Dask client of the scheduler at `address`, or of a LocalCluster started for `local:N`."""
    if address.startswith(LOCAL):
        workers = address.removeprefix(LOCAL)
        if not workers.isdigit() or int(workers) < 1:
            raise ClusterUnavailable(f"{address!r} is not a local cluster: write local:N with N workers, such as local:2")
        # loopback only and no dashboard: a local cluster is nobody else's business
        with (
            distributed.LocalCluster(
                n_workers=int(workers), threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None
            ) as cluster,
            distributed.Client(cluster) as client,
        ):
            yield client
        return
    try:
        client = distributed.Client(address, timeout=30)
    except (OSError, TimeoutError, ValueError) as exc:
        raise ClusterUnavailable(f"cannot reach a Dask scheduler at {address}: {exc}") from exc
    with client:
        yield client
