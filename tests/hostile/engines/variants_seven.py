"""Says in its handshake that it plays `7` variants: not a list of ids."""

import hostile

hostile.serve(lambda message, index: False, hello=hostile.HELLO | {"variants": 7})
