"""The session core that is not HTTP: what a worker does for the tables it serves (waiting readers, their
admission and fan-out, stream tickets, the worker's own shutdown). ``service/api`` parses and answers; the
rules stay in ``service/engine``."""
