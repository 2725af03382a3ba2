"""Resolved rules compiled into the frozen records the engine reads: the deck, trump ranking,
bidding, contracts, exchanges, scoring, game and match, each looked up instead of re-read.

`load_rules("british", ["defend-alone=always"])` (`ruleset.compiled.loading`) is the one call most
users need; the resolved document each `Rules` was compiled from stays on it as `rules.document`.
"""
