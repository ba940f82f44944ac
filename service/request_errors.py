"""A request whose fields failed validation, and schema error messages flattened to JSON Pointers.

Outside the schemas so that the use cases can refuse a request without importing them.
"""

from __future__ import annotations

from typing import Any, Protocol

from .engine.errors import FieldProblem, pointer


class Messages(Protocol):
    """A schema library's validation error (marshmallow's ``ValidationError``): nested messages by field."""

    @property
    def messages(self) -> Any: ...


def flatten(messages: Any, prefix: str = "") -> list[FieldProblem]:
    """``{"state": {"hands": {0: ["bad"]}}}`` -> ``[FieldProblem("/state/hands/0", "bad")]``."""
    if isinstance(messages, dict):
        problems = []
        for key, value in messages.items():
            where = prefix if key == "_schema" else prefix + pointer(key)
            problems.extend(flatten(value, where))
        return problems
    if isinstance(messages, list | tuple):
        if all(isinstance(item, str) for item in messages):
            return [FieldProblem(prefix, message) for message in messages]
        return [problem for item in messages for problem in flatten(item, prefix)]
    return [FieldProblem(prefix, str(messages))]


class RequestInvalid(Exception):
    """A request whose fields failed validation: a 400 ``validation_error`` with every bad field."""

    code = "validation_error"

    def __init__(self, problems: list[FieldProblem], code: str = "validation_error") -> None:
        super().__init__("; ".join(f"{p.pointer or '/'}: {p.message}" for p in problems[:10]))
        self.problems = problems
        self.code = code

    @classmethod
    def from_marshmallow(cls, error: Messages, prefix: str = "") -> RequestInvalid:
        return cls(flatten(error.messages, prefix))
