"""Model-based check: random operation sequences against a plain dict, for both stores."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import Bundle, RuleBasedStateMachine, invariant, rule, run_state_machine_as_test

from service.storage import SessionNotFound, SessionStore, Snapshot, VersionConflict

from .conftest import StoreFactory

documents = st.binary(max_size=64)
version_offsets = st.sampled_from([0, 0, 0, -1, 1, 5])


def check_store_against_model(make_store: StoreFactory, max_examples: int) -> None:
    class StoreMachine(RuleBasedStateMachine):
        ids = Bundle("ids")

        def __init__(self) -> None:
            super().__init__()
            self.store: SessionStore = make_store()
            self.model: dict[str, tuple[int, bytes]] = {}

        @rule(target=ids, document=documents)
        def create(self, document: bytes) -> str:
            snap = self.store.create(document)
            assert snap.version == 1
            assert snap.id not in self.model
            self.model[snap.id] = (1, document)
            return snap.id

        @rule(session_id=ids)
        def get(self, session_id: str) -> None:
            if session_id in self.model:
                version, document = self.model[session_id]
                assert self.store.get(session_id) == Snapshot(session_id, version, document)
            else:
                with pytest.raises(SessionNotFound):
                    self.store.get(session_id)

        @rule(session_id=ids, offset=version_offsets, document=documents)
        def replace(self, session_id: str, offset: int, document: bytes) -> None:
            if session_id not in self.model:
                with pytest.raises(SessionNotFound):
                    self.store.replace(session_id, 1 + offset, document)
                return
            current = self.model[session_id][0]
            if offset == 0:
                snap = self.store.replace(session_id, current, document)
                assert snap == Snapshot(session_id, current + 1, document)
                self.model[session_id] = (current + 1, document)
            else:
                with pytest.raises(VersionConflict) as info:
                    self.store.replace(session_id, current + offset, document)
                assert info.value.current_version == current

        @rule(session_id=ids, offset=version_offsets)
        def delete(self, session_id: str, offset: int) -> None:
            if session_id not in self.model:
                with pytest.raises(SessionNotFound):
                    self.store.delete(session_id, 1 + offset)
                return
            current = self.model[session_id][0]
            if offset == 0:
                self.store.delete(session_id, current)
                del self.model[session_id]
            else:
                with pytest.raises(VersionConflict) as info:
                    self.store.delete(session_id, current + offset)
                assert info.value.current_version == current

        @invariant()
        def healthy(self) -> None:
            assert self.store.status()["ok"] is True

        def teardown(self) -> None:
            self.store.close()

    run_state_machine_as_test(
        StoreMachine,
        settings=settings(
            max_examples=max_examples,
            stateful_step_count=25,
            deadline=None,
            database=None,
            suppress_health_check=[HealthCheck.too_slow],
        ),
    )


def test_store_behaves_like_the_model(make_store: StoreFactory) -> None:
    check_store_against_model(make_store, max_examples=40)
