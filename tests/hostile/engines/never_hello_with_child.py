"""Starts a child, then never answers the handshake: neither process may outlive the run."""

import os

import hostile

hostile.note(os.getpid())
hostile.child("sleep", "300")
hostile.sleep_forever()
