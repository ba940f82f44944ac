"""Marshmallow's nested error dicts flattened to JSON Pointers (``service/request_errors.py``)."""

from __future__ import annotations

from ..request_errors import RequestInvalid as RequestInvalid
from ..request_errors import flatten as flatten
