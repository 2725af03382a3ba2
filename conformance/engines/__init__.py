"""Talking to an engine: the JSON-lines transport and engine processes, sessions, the engine kit
(`conformance.sdk`), the reference engine behind the protocol, and adapters of other people's
engines (OpenSpiel's Euchre).

An adapter translates and never judges. It maps our deals and action ids to the engine's own,
asks the engine itself what is legal and reports what the engine shows, so that where the
engine's rules differ from the spec the conformance report shows a failure instead of the
adapter quietly fixing it.
"""
