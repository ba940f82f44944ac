"""Benchmarks: engine throughput, worst-case requests, HTTP throughput and worker memory.

Each module runs with ``python -m bench.<name>``; ``python -m bench`` runs them all.
"""
