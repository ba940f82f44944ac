"""The contract holds in both directions: schemathesis over every operation, positive and negative data."""

from __future__ import annotations

from pathlib import Path

import schemathesis
from hypothesis import settings

from service.app import create_app
from service.storage import MemoryStore

ROOT = Path(__file__).resolve().parents[2]
schema = schemathesis.openapi.from_path(ROOT / "openapi.yaml")
schema.app = create_app({"TESTING": True, "SESSION_STORE": MemoryStore(ttl_seconds=3600)})


@schema.exclude(path="/metrics").parametrize()
@settings(max_examples=40, deadline=None)
def test_every_operation_keeps_the_contract(case: schemathesis.Case) -> None:
    case.call_and_validate()
