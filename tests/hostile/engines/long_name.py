"""Names itself with 5,000 characters in its handshake, longer than any file name can be."""

import hostile

hostile.serve(lambda message, index: False, hello=hostile.HELLO | {"name": "An engine " + "with a long name " * 294})
