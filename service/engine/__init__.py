"""Pure rules engine: standard library only, no HTTP, no JSON, no I/O.

Every state is immutable; every action returns a new state and the events it caused.
"""
