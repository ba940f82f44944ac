"""Configuration from the environment, with the embedded defaults of ``make run``."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path


def default_seed_key_file(env: Mapping[str, str]) -> str:
    """``$XDG_STATE_HOME/cardrules/seed.key`` or ``~/.local/state/cardrules/seed.key``: kept across restarts."""
    state = env.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return str(Path(state) / "cardrules" / "seed.key")


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
    # How many reverse proxies in front of the service append to X-Forwarded-For (0: trust no header).
    trusted_proxies: int = 0
    # ``/metrics`` on the public port needs ``Authorization: Bearer <metrics_token>`` when a token is set.
    metrics_token: str | None = None
    # When set, gunicorn's master serves ``/metrics`` on this (internal) port and the public port has none.
    metrics_port: int | None = None
    log_level: str = "INFO"
    # Server-drawn seeds (docs/fairness.md): the key that seals them, or the file that keeps it for every worker.
    seed_key: str | None = None
    seed_key_file: str = ""
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
            trusted_proxies=_non_negative(env.get("TRUSTED_PROXIES", "0"), "TRUSTED_PROXIES"),
            metrics_token=env.get("METRICS_TOKEN") or None,
            metrics_port=_non_negative(env["METRICS_PORT"], "METRICS_PORT") if env.get("METRICS_PORT") else None,
            log_level=env.get("LOG_LEVEL", cls.log_level),
            seed_key=env.get("SEED_KEY") or None,
            seed_key_file=env.get("SEED_KEY_FILE") or default_seed_key_file(env),
        )


def _non_negative(value: str, name: str) -> int:
    try:
        number = int(value)
    except ValueError:
        raise ValueError(f"{name} must be a whole number, not {value!r}") from None
    if number < 0:
        raise ValueError(f"{name} must not be negative, not {value!r}")
    return number
