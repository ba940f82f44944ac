"""Who may start a computer player's search now, and where it runs (``service/offload.py``).

Both suggest endpoints go through ``admitted()`` before they read their body, so a refusal costs next to nothing:
a client over ``RATE_LIMIT_SUGGEST``, or with ``SUGGEST_CLIENT_SLOTS`` searches already running on this host, is
a 429 ``rate_limited``; a host whose ``SUGGEST_SLOTS`` are all thinking is a 503 ``suggest_busy``. Neither waits
in a queue: both carry ``Retry-After``. A search still running its grace (``SUGGEST_GRACE_MS``) past the budget
(the rules kept it off the CPU) is killed, and the worker answers the best move the search last reported, or,
before its first report, the greedy player's move; either ``complete: false``, ``stopped_by: time``. So an answer
comes within the grace of its budget unless the worker itself waits for the CPU. A child that dies without an
answer is a 503 ``suggest_timed_out`` with ``Retry-After``. An admitted request's budget is cut to
``SUGGEST_MAX_BUDGET_MS`` (``within_budget``; the answer's ``budget_ms`` shows what was granted) and the search
runs in a child process at the lowest CPU priority (``think``), so the rules workers keep their cores and slots.
"""

from __future__ import annotations

import contextlib
import functools
import math
import os
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from flask import Flask, current_app
from limits import RateLimitItem, parse
from limits.storage import MemoryStorage
from limits.strategies import FixedWindowRateLimiter

from ..config import Settings
from ..engine.game import Game, MoveReason
from ..offload import Offload, SlotFiles, ThinkingFailed, ThinkingLate, releasing, report
from ..players import DEFAULT_BUDGET_MS, Observation, Suggestion, suggest
from ..players.search import STOPPED_BY_TIME
from ..players.suggest import STOPPED_BY_SINGLE_MOVE
from ..schemas import requests as schemas
from . import i18n
from .jsonio import current_request
from .problems import ApiProblem, language

EXTENSION = "thinking"
clock: Callable[[], float] = time.monotonic
"""When a search was asked for and when its child began: one clock for every process of the host."""


class Thinking:
    """The host's pool of computer players, as one worker process sees it."""

    def __init__(self, settings: Settings) -> None:
        directory = settings.suggest_slot_dir or _private_slot_dir()
        slots = settings.suggest_slots or len(os.sched_getaffinity(0))
        self.pool = SlotFiles(Path(directory), "pool", slots)
        self.client_slots = SlotFiles(Path(directory), "client", settings.suggest_client_slots)
        self.client_rate: RateLimitItem | None = None
        if settings.rate_limit_suggest:
            try:
                self.client_rate = parse(settings.rate_limit_suggest)
            except ValueError as error:
                raise ValueError(
                    f"RATE_LIMIT_SUGGEST={settings.rate_limit_suggest!r} is not a limit such as 60/minute: {error}"
                ) from None
        # Counted in the worker's memory: the per-client slots are what binds across workers.
        self.rate_limiter = FixedWindowRateLimiter(MemoryStorage())
        self.max_budget_ms = settings.suggest_max_budget_ms
        grace = settings.suggest_grace_ms / 1000.0
        self.offload = Offload(settings.suggest_offload == "fork", settings.suggest_niceness, grace)
        # A slot frees within the longest search and its grace: the soonest worth trying again.
        self.retry_after = str(max(1, math.ceil(self.max_budget_ms / 1000.0 + grace)))

    @contextlib.contextmanager
    def admitted(self) -> Iterator[Thinking]:
        """Hold a per-client slot and a pool slot for the block, or refuse at once (429 / 503)."""
        client = current_request().environ.get("REMOTE_ADDR") or "unknown"
        if self.client_rate is not None and not self.rate_limiter.hit(self.client_rate, "suggest", client):
            reset = self.rate_limiter.get_window_stats(self.client_rate, "suggest", client).reset_time
            raise self._refusal(429, "rate_limited", f"too many suggestions: {self.client_rate} per client",
                                max(1, math.ceil(reset - time.time())))
        own = self.client_slots.take(client) if self.client_slots.count else None
        if self.client_slots.count and own is None:
            raise self._refusal(429, "rate_limited", "this client's computer players are all thinking")
        shared = self.pool.take()
        if shared is None:
            if own is not None:
                os.close(own)
            raise self._refusal(503, "suggest_busy", "every computer player of this host is thinking")
        with releasing(shared, *(() if own is None else (own,))):
            yield self

    def within_budget(self, data: dict[str, Any]) -> dict[str, Any]:
        """The request with its ``budget_ms`` (default or asked) cut to the operator's maximum."""
        return {**data, "budget_ms": min(int(data.get("budget_ms", DEFAULT_BUDGET_MS)), self.max_budget_ms)}

    def think(
        self,
        game: Game,
        seen: Observation,
        level: str,
        seed: int,
        budget_ms: float,
        *,
        worlds: int | None = None,
        explain: int = 0,
    ) -> Suggestion:
        """``players.suggest`` in the pool's child process (or inline); one killed at its deadline is answered by
        its last report of the best so far, or before its first by ``cut_before_search``; one dead without an
        answer is a 503 ``suggest_timed_out``.

        Only ``strong`` is worth a child: ``random`` and ``greedy`` are one ply, whatever the budget (22 ms on the
        widest table), about what forking a worker costs, so they run here, still within their pool slot.
        """
        player = functools.partial(suggest, game, seen, level, seed, worlds=worlds, explain=explain)
        if level != "strong":
            return player(budget_ms)
        if not self.offload.fork:
            return self.offload.run(functools.partial(player, budget_ms), budget_ms / 1000.0)
        asked_at = clock()
        # Ready before the child starts, so that a late child is answered for at once, however wide the table.
        unsearched = cut_before_search(game, seen, seed, budget_ms, explain)
        if unsearched.stopped_by == STOPPED_BY_SINGLE_MOVE:
            return unsearched  # a forced move: what the search would answer, with nothing to weigh
        left = budget_ms / 1000.0 - (clock() - asked_at)
        # The child reports its best so far as it searches: a late child is answered with its last report.
        reporting = functools.partial(player, progress=report)
        try:
            if left <= 0:
                raise ThinkingLate("no time left to think")
            return self.offload.run(functools.partial(_within_what_is_left, reporting, budget_ms, asked_at), left)
        except ThinkingLate as late:  # the host kept the search off the CPU past its deadline
            found = late.report if isinstance(late.report, Suggestion) else unsearched
            return found._replace(elapsed_ms=(clock() - asked_at) * 1000.0)
        except ThinkingFailed as error:
            raise self._refusal(503, "suggest_timed_out", str(error)) from error

    def _refusal(self, status: int, code: str, detail: str, retry_after: int | None = None) -> ApiProblem:
        seconds = self.retry_after if retry_after is None else str(retry_after)
        return ApiProblem(status, code, detail, headers={"Retry-After": seconds})


def cut_before_search(game: Game, seen: Observation, seed: int, budget_ms: float, explain: int) -> Suggestion:
    """``strong``'s answer when its budget runs out before its first sampled deal (``players.search``): the
    greedy player's move, its one-ply alternatives, ``complete: false`` and ``stopped_by: time``; one legal move
    is still answered as such."""
    found = suggest(game, seen, "greedy", seed, budget_ms, explain=explain)
    if found.stopped_by == STOPPED_BY_SINGLE_MOVE:
        return found._replace(level="strong", considered=0)
    return found._replace(level="strong", considered=0, complete=False, stopped_by=STOPPED_BY_TIME, worlds=0)


def _within_what_is_left(player: Callable[[float], Suggestion], budget_ms: float, asked_at: float) -> Suggestion:
    """In the child: the budget less the time the fork and a busy CPU took to start it, so that the caller's wait,
    not only the search, keeps to the budget."""
    waited_ms = (clock() - asked_at) * 1000.0
    return player(max(budget_ms - waited_ms, 0.0))


@functools.cache
def _private_slot_dir() -> str:
    """Without SUGGEST_SLOT_DIR (an app made in-process), one directory for every app of this process."""
    return tempfile.mkdtemp(prefix="cardrules-suggest-")


def current() -> Thinking:
    found: Thinking = current_app.extensions[EXTENSION]
    return found


def init_app(app: Flask, settings: Settings) -> None:
    app.extensions[EXTENSION] = Thinking(settings)


# -- a suggestion as JSON ------------------------------------------------------------------------------------


def dump_suggestion(found: Suggestion, seat: int, budget_ms: int, explain: int = 0) -> dict[str, Any]:
    """``budget_ms``: what the player was given, the caller's ask cut to the operator's SUGGEST_MAX_BUDGET_MS;
    ``explain``: the alternatives asked for, each reason worded in the caller's language."""
    answer: dict[str, Any] = {
        "seat": seat,
        "move": schemas.dump_move(found.move),
        "level": found.level,
        "considered": found.considered,
        "complete": found.complete,
        "confident": found.confident,
        "stopped_by": found.stopped_by,
        "elapsed_ms": round(found.elapsed_ms, 1),
        "budget_ms": budget_ms,
    }
    if found.worlds is not None:
        answer["worlds"] = found.worlds
    if explain:
        lang = language()
        answer["value_unit"] = found.value_unit
        answer["points_unit"] = found.points_unit
        answer["alternatives"] = [
            {
                "move": schemas.dump_move(alternative.move),
                "value": round(alternative.value, 3),
                "win_chance": None if alternative.win_chance is None else round(alternative.win_chance, 3),
                "points": round(alternative.points, 2) + 0.0,  # no "-0.0"
                "reasons": [dump_reason(reason, lang) for reason in alternative.reasons],
            }
            for alternative in found.alternatives
        ]
    return answer


def dump_reason(reason: MoveReason, lang: str) -> dict[str, Any]:
    params = dict(reason.params)
    return {"code": reason.code, "params": params, "text": i18n.hint_text(reason.code, lang, params) or reason.code}
