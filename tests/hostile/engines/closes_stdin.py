"""Reads the handshake, closes its standard input, then answers: the runner's next write finds no reader."""

import json
import os
import sys

import hostile

hostile.note(os.getpid())
json.loads(sys.stdin.readline())
os.close(0)
hostile.send(hostile.HELLO)
hostile.sleep_forever()
