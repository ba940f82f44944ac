"""The problems that say what is wrong with the session store as a whole (not with one session).

| code | status | ``Retry-After`` | when |
| --- | --- | --- | --- |
| ``store_full`` | 507 | yes | no room for a new session; the sessions already stored keep working |
| ``store_busy`` | 503 | yes | another writer held the store's lock past the short wait |
| ``store_corrupt`` | 503 | no | the store's file is damaged: retrying cannot help until an operator acts |
| ``store_unavailable`` | 503 | yes | the store cannot be reached |
"""

from __future__ import annotations

from ..storage import StoreBusy, StoreCorrupt, StoreFull, StoreUnavailable
from .problems import ApiProblem

__all__ = ["store_problem"]


def store_problem(error: StoreFull | StoreUnavailable) -> ApiProblem:
    retry = {"Retry-After": str(error.retry_after)}
    if isinstance(error, StoreFull):
        detail = "the session store has no room for a new session; existing sessions still work"
        return ApiProblem(507, "store_full", detail, {"retry_after": error.retry_after}, headers=retry)
    if isinstance(error, StoreCorrupt):
        detail = "the session store is damaged and refuses every session until an operator repairs it"
        return ApiProblem(503, "store_corrupt", detail)
    if isinstance(error, StoreBusy):
        detail = "the session store is busy with another write; try again in a moment"
        return ApiProblem(503, "store_busy", detail, headers=retry)
    return ApiProblem(503, "store_unavailable", "the session store is unavailable; try again shortly", headers=retry)
