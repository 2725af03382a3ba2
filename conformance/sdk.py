"""The engine kit, under the import path engine authors use: `from conformance import sdk`.

The kit itself lives with the rest of the code that talks to engines
(`conformance.engines.sdk`); this module is its stable public name, so an adapter written
against any release keeps importing it from here.
"""

from conformance.engines.sdk import (
    MATCHES,
    MAX_LINE,
    MAX_MESSAGE_TEXT,
    PROTOCOL,
    SESSIONS,
    DealtCards,
    Engine,
    Identity,
    NotApplicable,
    Refused,
    Server,
    Setup,
    clockwise,
    deal_cards,
    encode_reply,
    from_dealers_left,
    left_of,
    parse_message,
    portable_deal,
    reason_to_give,
    serve_messages,
    team_of,
)

__all__ = [
    "MATCHES",
    "MAX_LINE",
    "MAX_MESSAGE_TEXT",
    "PROTOCOL",
    "SESSIONS",
    "DealtCards",
    "Engine",
    "Identity",
    "NotApplicable",
    "Refused",
    "Server",
    "Setup",
    "clockwise",
    "deal_cards",
    "encode_reply",
    "from_dealers_left",
    "left_of",
    "parse_message",
    "portable_deal",
    "reason_to_give",
    "serve_messages",
    "team_of",
]
