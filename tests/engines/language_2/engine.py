"""A strict engine written against rules language 2, frozen as it was: it must keep its results as the language grows.

It plays like the reference engine, but checks each request's rules against its own copy of the
resolved-rules schema of language 2 (the two schema files beside it, never updated), as a careful
outside engine would: a document with any setting it does not know is answered not_applicable.
Its handshake says it reads language 2, so the runner must send it documents it knows, whatever
settings the spec has gained since.
"""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from conformance import __version__, sdk
from conformance.engines.reference import Played, ReferenceGames, start_game, start_match
from ruleset import builtin_catalog
from ruleset.compiled.rules import compile_rules
from ruleset.defaults import fill_defaults

HERE = Path(__file__).parent
LANGUAGE = 2


def _validator() -> Draft202012Validator:
    schemas = {
        name: json.loads((HERE / name).read_text(encoding="utf-8"))
        for name in ("resolved-variant.schema.json", "common.schema.json")
    }
    registry = Registry().with_resources((schema["$id"], Resource.from_contents(schema)) for schema in schemas.values())
    return Draft202012Validator(schemas["resolved-variant.schema.json"], registry=registry)


class FrozenGames(ReferenceGames):
    """The reference engine's play, behind a strict check of the rules against the frozen schema."""

    def __init__(self) -> None:
        super().__init__()
        catalog = builtin_catalog()
        self.identity = sdk.Identity(
            "frozen-language-2",
            __version__,
            tuple(sorted(catalog.variants)),
            tuple(sorted(catalog.house_rules)),
            notes="A strict engine frozen at rules language 2: unknown settings make a request not applicable.",
            plays_matches=True,
            rules_language=LANGUAGE,
        )
        self._check = _validator()

    def start(self, setup: sdk.Setup) -> Played:
        problem = next(iter(self._check.iter_errors(dict(setup.rules))), None)
        if problem is not None:
            raise sdk.NotApplicable(f"rules this engine does not know: {problem.message}")
        # The reference engine it plays with reads every setting of the current language: those added
        # since version 2 hold their defaults, which mean what version 2 meant.
        rules = compile_rules(fill_defaults(copy.deepcopy(dict(setup.rules))), setup.house_rules)
        return start_match(rules, setup) if rules.match is not None else start_game(rules, setup)


def main() -> Any:
    return sdk.Server(FrozenGames()).serve()


if __name__ == "__main__":
    sys.exit(main())
