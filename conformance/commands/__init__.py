"""The suite's commands of `euchre-spec`: conform, explain and fuzz, each parsing its options and
putting the rooms below together (`conformance.cli` adds them and the scenario commands).
"""
