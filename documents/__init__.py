"""Reading the project's documents: strict YAML with line numbers, the JSON Schemas, located errors.

Every part of euchre-spec reads files someone else may have written (variant and house-rule
files, scenarios, EGN records, a user's own files), and each needs the same three things: a
bounded, strict read; validation against the shipped schemas; and errors that say where
(`file:line`, a JSON pointer) and what is wrong. That machinery lives here, below the engine and
the suite, so neither has to import the other to read its own files.

`schema_registry()` hands users a `referencing.Registry` of the shipped schemas.
"""

from .bundles import schema_registry

__all__ = ["schema_registry"]
