"""Running the suite on an engine: the runner, completions of what a scenario leaves open, the
readings an engine always plays, the check of a scenario on the reference engine first, a
user's own scenario and spec files, interrupts, and the pytest plugin.
"""
