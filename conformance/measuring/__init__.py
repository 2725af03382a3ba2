"""Measuring the suite itself: rule edits, mutants of the recorded readings that the suite must
catch, and the rules diff (how often two rule sets play a hand differently, with a witness).
"""
