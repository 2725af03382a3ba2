"""How big a file we read may be: the limits, written down once, with why each is what it is.

Every file we read (spec files, scenario files, a user's own rule files, EGN records) may come
from someone else, so reading one must cost little whatever it holds: a file past any limit is
refused early, with a located error, long before it can take seconds or hundreds of megabytes.
Each limit sits far above the largest value in anything real: the shipped spec, the suite and
every EGN record in the repository (measured when the limits were set; tests/test_hostile_files.py
fails if a shipped file or record ever comes within a quarter of one):

| limit | largest real value | where |
| --- | --- | --- |
| file size | 18 KB | conformance/scenarios/british/scoring.yaml |
| nesting depth | 10 | scenario files (a checkpoint's hands) |
| values in a file | 1,755 | conformance/scenarios/british/scoring.yaml |
| digits in a number | 20 | the largest 64-bit deal number |
| field name | 53 characters | a scenario's clause id used as a key |
| deals in an EGN record | 10 | tests/egn/exported-north-american-deal-7.egn |
"""

from __future__ import annotations

MAX_FILE_BYTES = 1024 * 1024
"""1 MiB: 55 times the largest shipped file. An EGN record of ten deals with every hand written
out takes 10 KB; a bigger file is not a rules or scenario file and is refused before it is
read (and no more than this many bytes are ever read, so a growing file cannot exhaust memory)."""

MAX_BUNDLE_BYTES = 16 * 1024 * 1024
"""16 MiB: a suite bundle (one JSON file of every scenario with its request) is the one file meant
to be large; the whole suite takes 5.5 MB. Three times that leaves room to grow."""

MAX_DEPTH = 64
"""Mappings and lists inside one another: six times the deepest shipped file. Deeper documents
are refused while they are read, long before Python's own recursion limit (about 1,000) is near."""

MAX_VALUES = 50_000
"""Values (mappings, lists and scalars) in one document, counting every value an alias repeats:
28 times the largest shipped file. This is what stops an alias bomb ("billion laughs"), which
writes a few lines that repeat each other into billions of values, and a file of tens of
thousands of stray fields, whose checking would otherwise cost seconds."""

MAX_ALIASES = 1_000
"""YAML aliases (`*name`) in one file. No shipped file uses one; a thousand is plenty for a
user's own file that shares a hand or a table, and counting them while the file is composed
stops a bomb before the repeated values are even built."""

MAX_NUMBER_DIGITS = 100
"""Characters of one number: five times the 20 digits of the largest deal number (2^64 - 1).
Python refuses to read integers of more than 4,300 digits; we refuse far earlier, with a located
error, and no real count, score or deal number comes near a hundred digits."""

MAX_KEY_CHARS = 256
"""Characters of one field name: five times the longest shipped one, short enough that an error
naming the field is still a line a person can read."""

MAX_EGN_DEALS = 500
"""Deals in one EGN record: 50 times the longest record we hold (10 deals to 10 points). A game
to 15 is over in well under a hundred deals, throw-ins included; a record of thousands is not a
game, and replaying each deal through the engine is what would make it slow."""

MAX_EGN_PLAYERS = 8
"""Players named by an EGN record: EGN itself plays with at most six (three teams of two); eight
leaves room, and a record claiming a billion players is refused instead of being replayed."""
