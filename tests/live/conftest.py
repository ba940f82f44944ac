"""The tests of this folder talk to the service under gunicorn (``live_service``, one per test module)."""

from tests.live.server import live_service

__all__ = ["live_service"]
