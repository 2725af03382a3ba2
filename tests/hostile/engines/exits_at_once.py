"""Exits with code 0 before reading anything."""

import os
import sys

import hostile

hostile.note(os.getpid())
sys.exit(0)
