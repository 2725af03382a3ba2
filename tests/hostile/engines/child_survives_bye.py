"""Starts a child that ignores the end of the run, then behaves: the child must still be gone after it."""

import hostile

hostile.child("sleep", "300")
hostile.serve(lambda message, index: False)
