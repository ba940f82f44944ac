"""Sessions through HTTP on the default embedded store: a table of players, each holding only its own token."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from service.app import create_app
from service.config import Settings
from service.storage import SessionStore, SqliteStore

CARD = re.compile(r"^(10|[1-9])[DCSB]$")


def make_app(store: SessionStore, **settings: Any) -> Flask:
    config = Settings.from_env(
        {
            "SESSION_DB": "unused",
            "SEED_KEY_FILE": os.environ["SEED_KEY_FILE"],
            "PRESENCE_SECONDS": os.environ["PRESENCE_SECONDS"],  # off, but where a test turns it on (tests/conftest.py)
        }
    )
    fields = {**config.__dict__, **settings}
    return create_app({"TESTING": True, "SESSION_STORE": store, "SETTINGS": Settings(**fields)})


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SqliteStore]:
    opened = SqliteStore(tmp_path / "sessions.sqlite3", 3600)
    yield opened
    opened.close()


@pytest.fixture
def app(store: SqliteStore) -> Flask:
    return make_app(store)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def bearer(token: str, **headers: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}", **headers}


def deal(client: FlaskClient, game: str, **body: Any) -> dict[str, Any]:
    response = client.post(f"/v1/games/{game}/deal", json=body)
    assert response.status_code == 200, response.get_json()
    state: dict[str, Any] = response.get_json()["state"]
    return state


@dataclass
class Table:
    """One session and its capabilities, as a host backend would hand them out."""

    client: FlaskClient
    id: str
    owner: str
    seats: list[str]
    created: dict[str, Any] = field(default_factory=dict)

    @property
    def path(self) -> str:
        return f"/v1/sessions/{self.id}"

    def full(self) -> TestResponse:
        return self.client.get(self.path, headers=bearer(self.owner))

    def state(self) -> dict[str, Any]:
        response = self.full()
        assert response.status_code == 200, response.get_json()
        state: dict[str, Any] = response.get_json()["state"]
        return state

    def etag(self) -> str:
        return str(self.full().headers["ETag"])


def open_table(
    client: FlaskClient, game: str = "briscola", state: dict[str, Any] | None = None, **deal_body: Any
) -> Table:
    if state is None:
        state = deal(client, game, **({"players": 2, "seed": 1} | deal_body))
    response = client.post("/v1/sessions", json={"game": game, "state": state})
    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    return Table(client, body["id"], body["tokens"]["owner"], body["tokens"]["seats"], body)


def cards_in(value: Any) -> set[str]:
    """Every card code anywhere in a JSON value (rule options excluded: they name cards too)."""
    if isinstance(value, str):
        return {value} if CARD.match(value) else set()
    if isinstance(value, dict):
        return {card for key, item in value.items() if key != "rules" for card in cards_in(item)}
    if isinstance(value, list):
        return {card for item in value for card in cards_in(item)}
    return set()


def declared_cards(events: list[dict[str, Any]]) -> set[str]:
    """Cards the rules name to every seat that may still lie hidden afterwards: a declared hand, still held
    (Cirulla, RULES.md 10), a voided opening table, shuffled back into the deck (a ``redeal``: it tells where
    none of them went), and Briscola chiamata's called card (RULES.md 9: named to all, its holder secret)."""
    shown = {card for event in events if event["type"] == "hand_declared" for card in event["cards"]}
    shown |= {event["card"] for event in events if event["type"] == "card_called"}
    return shown | {card for event in events if event["type"] == "redeal" for card in event["table"]}


def hidden_from(state: dict[str, Any], seat: int) -> set[str]:
    """What a seat must never see: the other hands and the stock (the trump card lies face up)."""
    hidden = {card for index, hand in enumerate(state["hands"]) if index != seat for card in hand}
    hidden |= set(state["stock"])
    hidden.discard(state.get("trump_card"))
    hidden -= {shown["card"] for shown in state.get("shown_cards", [])}  # drawn face up (Tressette for two)
    return hidden
