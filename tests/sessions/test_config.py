"""Session settings from the environment: API keys (digests only), the Redis password, the store file, quotas."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from service.config import Settings

KEY_A, KEY_B = hashlib.sha256(b"alpha").hexdigest(), hashlib.sha256(b"beta").hexdigest()


def test_api_keys_from_the_environment_and_a_file(tmp_path: Path) -> None:
    keys = tmp_path / "keys"
    keys.write_text(f"# backends\n{KEY_B.upper()}  # the upper case is fine\n\n{KEY_A}\n")
    settings = Settings.from_env({"SESSION_DB": "x", "API_KEYS": f"{KEY_A}, ", "API_KEYS_FILE": str(keys)})
    assert settings.api_keys == (KEY_A, KEY_B)
    assert Settings.from_env({"SESSION_DB": "x"}).api_keys == ()


@pytest.mark.parametrize("value", ["alpha", KEY_A[:-1], KEY_A + "0", "z" * 64])
def test_an_api_key_that_is_not_a_digest_is_refused_at_start(value: str) -> None:
    with pytest.raises(ValueError, match="SHA-256"):
        Settings.from_env({"SESSION_DB": "x", "API_KEYS": value})


def test_redis_settings(tmp_path: Path) -> None:
    secret = tmp_path / "password"
    secret.write_text("from-a-file\n")
    assert Settings.from_env({"SESSION_DB": "x", "REDIS_PASSWORD_FILE": str(secret)}).redis_password == "from-a-file"
    assert Settings.from_env({"SESSION_DB": "x", "REDIS_PASSWORD": "pw"}).redis_password == "pw"
    assert Settings.from_env({"SESSION_DB": "x"}).redis_password is None
    assert Settings.from_env({"SESSION_DB": "x", "REDIS_CLUSTER": "yes"}).redis_cluster is True
    assert Settings.from_env({"SESSION_DB": "x", "REDIS_CLUSTER": "0"}).redis_cluster is False


def test_the_store_file_and_the_quotas(tmp_path: Path) -> None:
    default = Settings.from_env({"XDG_STATE_HOME": str(tmp_path)})
    assert default.session_db == str(tmp_path / "cardrules" / "sessions.sqlite3")
    chosen = Settings.from_env(
        {
            "SESSION_DB": "/data/s.sqlite3",
            "SESSION_MAX_SESSIONS": "7",
            "SESSION_QUOTA_LIVE": "0",
            "SESSION_QUOTA_CREATES": "5",
            "SESSION_KEY_QUOTA_LIVE": "9",
            "SESSION_KEY_QUOTA_CREATES": "8",
            "SESSION_QUOTA_WINDOW_SECONDS": "30",
        }
    )
    assert (chosen.session_db, chosen.session_max) == ("/data/s.sqlite3", 7)
    assert (chosen.session_quota_live, chosen.session_quota_creates, chosen.session_quota_window) == (0, 5, 30)
    assert (chosen.session_key_quota_live, chosen.session_key_quota_creates) == (9, 8)


@pytest.mark.parametrize(("value", "seconds"), [(None, 0.25), ("", 0.25), ("2", 2.0), ("0.05", 0.05), ("600", 600.0)])
def test_how_often_a_worker_looks_for_due_deadlines(value: str | None, seconds: float) -> None:
    env = {} if value is None else {"DEADLINE_POLL_SECONDS": value}
    assert Settings.from_env(env).deadline_poll_seconds == seconds


@pytest.mark.parametrize("value", ["0", "0.01", "601", "-1", "often"])
def test_a_deadline_poll_out_of_bounds_is_refused_at_start(value: str) -> None:
    with pytest.raises(ValueError, match="DEADLINE_POLL_SECONDS"):
        Settings.from_env({"DEADLINE_POLL_SECONDS": value})
