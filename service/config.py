"""Configuration from the environment, with the embedded defaults of ``make run``."""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypedDict

_SHA256_HEX = re.compile(r"[0-9a-f]{64}")


def _flag(value: str | None) -> bool:
    return (value or "").strip().lower() in ("1", "true", "yes", "on")


def state_dir(env: Mapping[str, str]) -> Path:
    """What must outlive a restart lives here: ``$XDG_STATE_HOME/cardrules`` or ``~/.local/state/cardrules``."""
    state = env.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(state) / "cardrules"


def default_seed_key_file(env: Mapping[str, str]) -> str:
    """The key that seals server-drawn seeds: one file, so every worker and every restart uses the same key."""
    return str(state_dir(env) / "seed.key")


def default_session_db(env: Mapping[str, str]) -> str:
    """The embedded session store's file."""
    return str(state_dir(env) / "sessions.sqlite3")


def api_key_hashes(env: Mapping[str, str]) -> tuple[str, ...]:
    """SHA-256 hex digests of the API keys that may create sessions (``API_KEYS`` and ``API_KEYS_FILE``).

    Both hold digests separated by commas, spaces or newlines (``#`` starts a comment in the file); never
    the keys themselves. Anything that is not 64 hex digits is refused at start-up.
    """
    text = env.get("API_KEYS", "")
    path = env.get("API_KEYS_FILE")
    if path:
        lines = Path(path).read_text().splitlines()
        text += "\n" + "\n".join(line.split("#", 1)[0] for line in lines)
    digests = [item.lower() for item in re.split(r"[\s,]+", text) if item]
    bad = [item for item in digests if not _SHA256_HEX.fullmatch(item)]
    if bad:
        raise ValueError("API_KEYS / API_KEYS_FILE must hold SHA-256 hex digests of the keys (64 hex digits)")
    return tuple(dict.fromkeys(digests))


def redis_password(env: Mapping[str, str]) -> str | None:
    """``REDIS_PASSWORD``, or the first line of the file ``REDIS_PASSWORD_FILE`` names (a mounted Secret).

    Used when ``REDIS_URL`` carries no password of its own; the URL's wins.
    """
    path = env.get("REDIS_PASSWORD_FILE")
    if path:
        lines = Path(path).read_text().splitlines()
        return lines[0] if lines and lines[0] else None
    return env.get("REDIS_PASSWORD") or None


@dataclass(frozen=True)
class Settings:
    redis_url: str | None = None
    max_body_bytes: int = 256 * 1024
    max_json_depth: int = 32
    cors_origins: tuple[str, ...] = ("*",)
    session_ttl_seconds: int = 86_400
    rate_limit: str | None = None
    # Optional tighter bucket for the costly endpoints (legal moves, session creation), on top of ``rate_limit``.
    rate_limit_costly: str | None = None
    # The reverse proxies (addresses or CIDRs) whose X-Forwarded-For is believed; none by default.
    trusted_proxies: tuple[str, ...] = ()
    # ``/metrics`` on the public port needs ``Authorization: Bearer <metrics_token>`` when a token is set.
    metrics_token: str | None = None
    # When set, gunicorn's master serves ``/metrics`` on this (internal) port and the public port has none.
    metrics_port: int | None = None
    log_level: str = "INFO"
    # Server-drawn seeds (docs/fairness.md): the key that seals them, or the file that keeps it for every worker.
    seed_key: str | None = None
    seed_key_file: str = field(default_factory=lambda: default_seed_key_file(os.environ))
    # Sessions (docs/sessions.md): the store, who may create, and per-client quotas (0: no limit).
    redis_cluster: bool = False
    redis_password: str | None = None
    session_db: str | None = None
    session_max: int = 100_000
    api_keys: tuple[str, ...] = ()
    session_quota_live: int = 100
    session_quota_creates: int = 30
    session_key_quota_live: int = 10_000
    session_key_quota_creates: int = 1_000
    session_quota_window: int = 60
    # How the session store fails fast and keeps room for the games already stored (docs/sessions.md).
    session_busy_timeout_ms: int = 250
    session_disk_reserve_mb: int = 64
    session_redis_high_water: float = 0.9
    # The computer players (docs/deployment.md, "The computer players' pool"): ``fork`` runs each suggestion in a
    # child process at ``suggest_niceness`` (deploy/gunicorn.conf.py sets it), ``inline`` in the request's own.
    suggest_offload: str = "inline"
    suggest_slots: int = 0  # at once on the host; 0: one per usable core
    suggest_slot_dir: str | None = None  # the slot files every worker shares; unset: private to the process
    suggest_client_slots: int = 1  # at once per client address
    rate_limit_suggest: str | None = "60/minute"  # per client address, always on unless "0" or "off"
    suggest_max_budget_ms: int = 2000  # an operator may lower the most a caller's budget_ms may ask
    suggest_niceness: int = 19
    suggest_grace_ms: int = 2  # a child still thinking this long past its budget is killed, its best so far answered
    # The waiting readers of session events (docs/deployment.md, "Waiting and streams"), per worker process.
    event_waiters_max: int = 6000  # long polls and streams open at once in one worker (below its connections)
    event_waiters_per_client: int = 64  # from one client address, across the host's workers
    event_waiters_host_max: int = 10000  # across the host's workers
    event_waiters_dir: str | None = None  # the counts every worker of the host shares; unset: this process only
    event_stream_seconds: float = 600  # a stream then closes; EventSource reconnects with Last-Event-ID
    event_wait_max_seconds: float = 30  # a longer ?wait is cut to this (a proxy in front may time out sooner)
    presence_seconds: float = 30  # a seat is connected this long after its last call (0: no presence kept)
    deadline_poll_seconds: float = 0.25  # each worker looks for due deadlines (clocks, departures) this often
    extra: dict[str, object] = field(default_factory=dict)

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if env is None else env
        origins = tuple(o.strip() for o in env.get("CORS_ORIGINS", "*").split(",") if o.strip())
        return cls(
            redis_url=env.get("REDIS_URL") or None,
            max_body_bytes=int(env.get("MAX_BODY_BYTES", cls.max_body_bytes)),
            max_json_depth=int(env.get("MAX_JSON_DEPTH", cls.max_json_depth)),
            cors_origins=origins or ("*",),
            session_ttl_seconds=int(env.get("SESSION_TTL_SECONDS", cls.session_ttl_seconds)),
            rate_limit=env.get("RATE_LIMIT") or None,
            rate_limit_costly=env.get("RATE_LIMIT_COSTLY") or None,
            trusted_proxies=trusted_proxies(env.get("TRUSTED_PROXIES", "")),
            metrics_token=env.get("METRICS_TOKEN") or None,
            metrics_port=_non_negative(env["METRICS_PORT"], "METRICS_PORT")
            if env.get("METRICS_PORT")
            else None,
            log_level=env.get("LOG_LEVEL", cls.log_level),
            seed_key=env.get("SEED_KEY") or None,
            seed_key_file=env.get("SEED_KEY_FILE") or default_seed_key_file(env),
            redis_cluster=_flag(env.get("REDIS_CLUSTER")),
            event_waiters_max=_non_negative(env.get("EVENT_WAITERS_MAX") or "6000", "EVENT_WAITERS_MAX"),
            event_waiters_per_client=_non_negative(
                env.get("EVENT_WAITERS_PER_CLIENT") or "64", "EVENT_WAITERS_PER_CLIENT"
            ),
            event_waiters_host_max=_non_negative(
                env.get("EVENT_WAITERS_HOST_MAX") or "10000", "EVENT_WAITERS_HOST_MAX"
            ),
            event_waiters_dir=env.get("EVENT_WAITERS_DIR") or None,
            event_stream_seconds=_seconds(env.get("EVENT_STREAM_SECONDS"), "EVENT_STREAM_SECONDS", 600, 86_400),
            event_wait_max_seconds=_seconds(env.get("EVENT_WAIT_MAX_SECONDS"), "EVENT_WAIT_MAX_SECONDS", 30, 30),
            presence_seconds=_presence_seconds(env.get("PRESENCE_SECONDS")),
            deadline_poll_seconds=_deadline_poll_seconds(env.get("DEADLINE_POLL_SECONDS")),
            redis_password=redis_password(env),
            session_db=env.get("SESSION_DB") or default_session_db(env),
            session_max=int(env.get("SESSION_MAX_SESSIONS", cls.session_max)),
            api_keys=api_key_hashes(env),
            session_quota_live=int(env.get("SESSION_QUOTA_LIVE", cls.session_quota_live)),
            session_quota_creates=int(env.get("SESSION_QUOTA_CREATES", cls.session_quota_creates)),
            session_key_quota_live=int(env.get("SESSION_KEY_QUOTA_LIVE", cls.session_key_quota_live)),
            session_key_quota_creates=int(
                env.get("SESSION_KEY_QUOTA_CREATES", cls.session_key_quota_creates)
            ),
            session_quota_window=int(env.get("SESSION_QUOTA_WINDOW_SECONDS", cls.session_quota_window)),
            **_store_settings(env),
            **_suggest_settings(env),
        )


def trusted_proxies(value: str) -> tuple[str, ...]:
    """``TRUSTED_PROXIES``: the proxies' addresses or CIDRs, separated by commas or spaces (normalized)."""
    import ipaddress

    found = []
    for item in re.split(r"[\s,]+", value.strip()):
        if not item:
            continue
        if item.isdigit():
            raise ValueError(
                f"TRUSTED_PROXIES names the proxies' addresses or CIDRs (e.g. 10.0.0.0/8), not a count: {item!r}"
            )
        try:
            found.append(str(ipaddress.ip_network(item, strict=False)))
        except ValueError:
            raise ValueError(f"TRUSTED_PROXIES: {item!r} is not an IP address or CIDR") from None
    return tuple(dict.fromkeys(found))


class _StoreSettings(TypedDict):
    session_busy_timeout_ms: int
    session_disk_reserve_mb: int
    session_redis_high_water: float


def _store_settings(env: Mapping[str, str]) -> _StoreSettings:
    busy = _non_negative(env.get("SESSION_DB_BUSY_TIMEOUT_MS") or "250", "SESSION_DB_BUSY_TIMEOUT_MS")
    if busy < 1:
        raise ValueError("SESSION_DB_BUSY_TIMEOUT_MS must be at least 1")
    text = env.get("SESSION_REDIS_HIGH_WATER") or "0.9"
    try:
        high_water = float(text)
    except ValueError:
        raise ValueError(f"SESSION_REDIS_HIGH_WATER must be a fraction such as 0.9, not {text!r}") from None
    if not 0 < high_water <= 1:
        raise ValueError(f"SESSION_REDIS_HIGH_WATER must be above 0 and at most 1, not {text!r}")
    return {
        "session_busy_timeout_ms": busy,
        "session_disk_reserve_mb": _non_negative(
            env.get("SESSION_DB_DISK_RESERVE_MB") or "64", "SESSION_DB_DISK_RESERVE_MB"
        ),
        "session_redis_high_water": high_water,
    }


def _non_negative(value: str, name: str) -> int:
    try:
        number = int(value)
    except ValueError:
        raise ValueError(f"{name} must be a whole number, not {value!r}") from None
    if number < 0:
        raise ValueError(f"{name} must not be negative, not {value!r}")
    return number


def _seconds(value: str | None, name: str, default: float, most: float) -> float:
    """A duration in seconds, more than 0 and at most ``most``."""
    if not value:
        return default
    try:
        seconds = float(value)
    except ValueError:
        raise ValueError(f"{name} must be a number of seconds, not {value!r}") from None
    if not 0 < seconds <= most:
        raise ValueError(f"{name} must be more than 0 and at most {most:g} seconds, not {value!r}")
    return seconds


def _presence_seconds(value: str | None) -> float:
    """``PRESENCE_SECONDS``: 0 keeps no presence; else 5 to 3600 (a shorter window would flicker)."""
    if value is None or not value.strip():
        return 30.0
    try:
        if float(value) == 0:
            return 0.0
    except ValueError:
        pass  # refused below, with the setting's name
    seconds = _seconds(value, "PRESENCE_SECONDS", 30, 3600)
    if seconds < 5:
        raise ValueError(f"PRESENCE_SECONDS must be 0 (no presence) or 5 to 3600 seconds, not {value!r}")
    return seconds


def _deadline_poll_seconds(value: str | None) -> float:
    """``DEADLINE_POLL_SECONDS``: 0.05 to 600 (a shorter wait would have every worker ask the store all the time)."""
    seconds = _seconds(value, "DEADLINE_POLL_SECONDS", 0.25, 600)
    if seconds < 0.05:
        raise ValueError(f"DEADLINE_POLL_SECONDS must be 0.05 to 600 seconds, not {value!r}")
    return seconds


class _SuggestSettings(TypedDict):
    suggest_offload: str
    suggest_slots: int
    suggest_slot_dir: str | None
    suggest_client_slots: int
    rate_limit_suggest: str | None
    suggest_max_budget_ms: int
    suggest_niceness: int
    suggest_grace_ms: int


def _suggest_settings(env: Mapping[str, str]) -> _SuggestSettings:
    offload = env.get("SUGGEST_OFFLOAD") or Settings.suggest_offload
    if offload not in ("fork", "inline"):
        raise ValueError(f"SUGGEST_OFFLOAD must be fork or inline, not {offload!r}")
    budget = _non_negative(env.get("SUGGEST_MAX_BUDGET_MS") or "2000", "SUGGEST_MAX_BUDGET_MS")
    if not 1 <= budget <= Settings.suggest_max_budget_ms:
        raise ValueError(f"SUGGEST_MAX_BUDGET_MS must be 1..{Settings.suggest_max_budget_ms}, not {budget}")
    rate = env.get("RATE_LIMIT_SUGGEST", Settings.rate_limit_suggest or "").strip()
    return {
        "suggest_offload": offload,
        "suggest_slots": _non_negative(env.get("SUGGEST_SLOTS") or "0", "SUGGEST_SLOTS"),
        "suggest_slot_dir": env.get("SUGGEST_SLOT_DIR") or None,
        "suggest_client_slots": _non_negative(env.get("SUGGEST_CLIENT_SLOTS") or "1", "SUGGEST_CLIENT_SLOTS"),
        "rate_limit_suggest": None if rate.lower() in ("", "0", "off") else rate,
        "suggest_max_budget_ms": budget,
        "suggest_niceness": _non_negative(env.get("SUGGEST_NICE") or "19", "SUGGEST_NICE"),
        "suggest_grace_ms": _non_negative(env.get("SUGGEST_GRACE_MS") or "2", "SUGGEST_GRACE_MS"),
    }
