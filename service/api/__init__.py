"""The HTTP layer: the only place that knows about requests, responses and status codes."""
