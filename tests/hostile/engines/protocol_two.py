"""Claims to speak harness protocol 2."""

import hostile

hostile.serve(lambda message, index: False, hello=hostile.HELLO | {"protocol": 2})
