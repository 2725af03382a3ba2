"""The mistakes `euchre-spec smoke` knows, each by a stable name, with what it is and what to do.

An engine author's first run fails for a handful of reasons that have nothing to do with the
rules of Euchre: a debugging print on standard output, seats counted from 1, card codes spelt
`10H`, a deal number dealt with another shuffle. Each is a record here, written once: its name
is what scripts and the docs refer to (it never changes meaning), its title says what was seen
and its fix what to change. The checks that find them (conformance/running/symptoms.py and
conformance/running/smoke.py) add only the evidence of the run at hand.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Diagnosis:
    """One known mistake: its stable name, what it is, and what to do about it."""

    name: str
    title: str
    fix: str


@dataclass(frozen=True)
class Finding:
    """A diagnosis made on one engine, with the evidence that led to it (lines a person reads)."""

    name: str
    evidence: tuple[str, ...]

    @property
    def diagnosis(self) -> Diagnosis:
        return DIAGNOSES[self.name]


_ALL = (
    Diagnosis(
        "no-handshake",
        "the engine did not start, or did not answer the handshake",
        "check that the command starts the engine from this folder; then read one line (a JSON object) from "
        "standard input and answer with one line on standard output, flushing it at once; the first line is "
        '{"type": "hello", ...} (docs/protocol.md, The handshake)',
    ),
    Diagnosis(
        "wrong-interpreter",
        "the Python adapter was started by a Python that does not have euchre-spec installed",
        "start it with the interpreter euchre-spec is installed in (the smoke test prints the command), or activate that "
        "environment first: the adapter imports conformance.sdk",
    ),
    Diagnosis(
        "stdout-noise",
        "the engine prints lines on standard output that are not protocol replies",
        "standard output carries only the protocol's replies, one JSON object per line; write logs and "
        "debugging output to standard error (print(..., file=sys.stderr) in Python, console.error in node), "
        "which the runner keeps in engine-stderr.log",
    ),
    Diagnosis(
        "bad-handshake",
        "the handshake does not follow the protocol",
        "answer hello with the fields of schemas/protocol.schema.json#/$defs/hello_reply: "
        'type "hello", protocol 1, name, version, variants and house_rules by the spec\'s ids',
    ),
    Diagnosis(
        "no-known-variant",
        "the handshake declares no variant the suite has",
        "list the variants you play by their ids (euchre-spec variants lists them; north-american is the usual one); "
        "a scenario of a variant the engine does not declare is skipped, so nothing is run",
    ),
    Diagnosis(
        "unknown-id",
        "the handshake declares ids the spec does not have",
        "use the spec's ids exactly (euchre-spec variants lists the variants and house rules); the scenarios of an "
        "id nobody defines are never run",
    ),
    Diagnosis(
        "seats-from-one",
        "seats are counted from 1",
        "number the seats 0 to n-1, clockwise, in every field (to_act, dealer, maker, trick, hands by position) "
        "and read the request's seats the same way; seat 0 is the first seat, not seat 1",
    ),
    Diagnosis(
        "missing-fields",
        "observations leave out fields the protocol requires",
        "send every required field in every observation, null where it does not apply "
        "(docs/protocol.md, Observations; schemas/protocol.schema.json#/$defs/observation)",
    ),
    Diagnosis(
        "card-codes",
        "cards are written in another spelling than the spec's codes",
        "write each card as its code: the rank 9, T, J, Q, K, A (T for ten, never 10) and then the suit C, D, H, S, "
        "both upper case, such as 9C, TD, JH, AS, and JK for a joker (docs/how-to-read.md, Cards and seats)",
    ),
    Diagnosis(
        "action-spelling",
        "action ids are written in another spelling than the protocol's",
        "use the neutral ids exactly: lower case with underscores (order_up, name_trump:H, go_alone, play:JH); "
        "the protocol page's table of phases lists them",
    ),
    Diagnosis(
        "wrong-deal",
        "a deal given by number is not the portable deal",
        "deal number N as spec/deal-numbers.yaml says (SplitMix64 seeded with N, Fisher-Yates from the last card, "
        "packets dealt from the dealer's left) and check it against the test vectors there; in Python, "
        "conformance.sdk.portable_deal gives the expected cards",
    ),
    Diagnosis(
        "deal-number-precision",
        "deal numbers above 2^53 are read as floating point",
        "read deal numbers as unsigned 64-bit integers (they go up to 2^64 - 1): in JavaScript parse them to BigInt "
        "before JSON.parse rounds them, in other languages use a 64-bit integer type",
    ),
    Diagnosis(
        "no-deal-numbers",
        "deals given by number are answered not_applicable",
        "deal numbers are part of protocol 1 and many scenarios use them: deal number N as spec/deal-numbers.yaml "
        "says (in Python, conformance.sdk.portable_deal gives the cards)",
    ),
    Diagnosis(
        "nothing-played",
        "the engine answers not_applicable to every request",
        "not_applicable is for a request the engine cannot play at all (starting scores it cannot set, say); "
        "play the variants you declare, or declare only those you play",
    ),
    Diagnosis(
        "off-protocol-reply",
        "replies do not follow the protocol schema",
        "answer each request with the reply schemas/protocol.schema.json defines for it; the first problems are shown "
        "with their JSON pointers",
    ),
    Diagnosis(
        "engine-error",
        "the engine answers error to requests it should play",
        "read the engine's message (and its standard error) for what it could not do; an engine that cannot play a "
        "request at all answers not_applicable with a reason instead",
    ),
    Diagnosis(
        "engine-exits",
        "the engine exits, or stops answering, while it plays",
        "read the last lines of its standard error below; every request must get one reply line, whatever it asks",
    ),
    Diagnosis(
        "scenario-fails",
        "scenarios of the suite fail",
        "nothing above explains it, so it is most likely a rule: run the explain command shown for a step-by-step "
        "comparison, then euchre-spec conform for the whole suite",
    ),
)

DIAGNOSES: dict[str, Diagnosis] = {diagnosis.name: diagnosis for diagnosis in _ALL}
"""Every known mistake by its stable name, in the order a report lists them (causes before their symptoms)."""
