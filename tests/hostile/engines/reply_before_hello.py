"""Prints a result before it is asked anything, then shakes hands."""

import hostile

hostile.send({"type": "result", "seq": 0, "observations": [], "probes": []})
hostile.serve(lambda message, index: False)
