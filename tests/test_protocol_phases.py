"""The phase names are part of the protocol: the schema's list and the engine guide follow the engine's order.

Phases are added as new records of `reference_impl.engine.phases.ORDER`; the protocol schema
writes their names out for other engines, so these tests fail as soon as the two part.
"""

from __future__ import annotations

import json

from reference_impl.engine import PHASES
from tests import ROOT

PROTOCOL = json.loads((ROOT / "schemas" / "protocol.schema.json").read_text())


def test_the_protocol_lists_every_phase_in_the_order_a_hand_meets_them() -> None:
    assert PROTOCOL["$defs"]["phase"]["enum"] == list(PHASES)


def test_the_observation_and_the_checkpoint_read_that_list() -> None:
    scenario = json.loads((ROOT / "schemas" / "scenario.schema.json").read_text())
    assert PROTOCOL["$defs"]["observation"]["properties"]["phase"]["anyOf"][0] == {"$ref": "#/$defs/phase"}
    assert scenario["$defs"]["check"]["properties"]["phase"]["$ref"] == "protocol.schema.json#/$defs/phase"


def test_the_engine_guide_describes_each_phase() -> None:
    guide = (ROOT / "docs" / "protocol.md").read_text()
    table = guide.split("| phase | who is asked, in which order |", 1)[1].split("\n\n", 1)[0]
    rows = [line.split("|")[1] for line in table.splitlines() if line.startswith("| `")]
    named = {word.strip("` ") for row in rows for word in row.split(",") for word in [word.split("(")[0]]}
    assert set(PHASES) <= named, f"phases the guide's table does not describe: {sorted(set(PHASES) - named)}"
