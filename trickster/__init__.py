"""Trickster Cards' game records (PTN), audited under the rules their options carry.

Players of the online service trickstercards.com paste whole game records into the public issues
of its bots' repository: the options of the table (`[GameOptionsJson]`), the deal, the auction, the
cards passed and exchanged, the tricks and the scores. `euchre-spec audit RECORD.ptn` reads them:

- `ptn`: the file read strictly into records of tags and sections, every line located;
- `notation`: Trickster's seats, cards, deal strings, calls and contracts in our terms;
- `record_parts`: the calls, tricks and exchanges of a record, each with its line;
- `dealt`: the deal checked as a legal deal of the variant;
- `replay`: the hand replayed through the reference engine, each broken rule named by its clause;
- `outcome`: the finished hand against the record's declarer, contract and scores;
- `clauses`: which clause a refused action breaks;
- `audit`: the options read through the Rosetta's Trickster table, and the steps above in turn;
- `findings`, `report`: what an audit finds, as text or JSON, and its exit code.
"""

from __future__ import annotations

from .audit import audit_file, audit_record
from .findings import BROKEN, NOTE, Finding, RecordAudit
from .ptn import PtnRecord, PtnUnreadable, looks_like_ptn, parse_ptn, read_ptn

__all__ = [
    "BROKEN",
    "NOTE",
    "Finding",
    "PtnRecord",
    "PtnUnreadable",
    "RecordAudit",
    "audit_file",
    "audit_record",
    "looks_like_ptn",
    "parse_ptn",
    "read_ptn",
]
