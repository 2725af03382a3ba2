"""Differential fuzzing: random hands played on two engines step by step, each disagreement
kept as a witness scenario; campaigns split into shards, merged, and run on a cluster.
"""
