"""Leaves its name out of the handshake."""

import hostile

hostile.serve(lambda message, index: False, hello={k: v for k, v in hostile.HELLO.items() if k != "name"})
