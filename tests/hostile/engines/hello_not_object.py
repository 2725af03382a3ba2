"""Answers the handshake with JSON that is not an object."""

import hostile

hostile.serve(lambda message, index: False, hello="hello")
