"""The catalogue agrees with itself: each option's default is the game's default (aliases included), and every
entry has its own title; the contract names the registry's games (its enum, its summary), so neither drifts."""

from __future__ import annotations

import pytest
import yaml
from flask.testing import FlaskClient

from service.api.i18n import SUPPORTED
from service.engine.games import ALIASES, GAMES
from tests.suites import ROOT

IDS = [*GAMES, *ALIASES]


@pytest.mark.parametrize("language", SUPPORTED)
def test_every_option_default_is_the_games_default(client: FlaskClient, language: str) -> None:
    games = client.get("/v1/games", headers={"Accept-Language": language}).get_json()["games"]
    assert [game["id"] for game in games] == IDS
    for game in games:
        one = client.get(f"/v1/games/{game['id']}", headers={"Accept-Language": language}).get_json()
        assert one == game
        assert {option["name"]: option["default"] for option in game["options"]} == game["defaults"], game[
            "id"
        ]


def test_brisca_lists_its_own_defaults_and_title(client: FlaskClient) -> None:
    brisca = client.get("/v1/games/brisca").get_json()
    options = {option["name"]: option["default"] for option in brisca["options"]}
    assert options["trump_exchange"] == brisca["defaults"]["trump_exchange"] == "seven_and_two"
    assert brisca["title"] == "Brisca"
    assert client.get("/v1/games/briscola").get_json()["title"] == "Briscola"


def test_titles_are_distinct(client: FlaskClient) -> None:
    titles = [game["title"] for game in client.get("/v1/games").get_json()["games"]]
    assert len(set(titles)) == len(titles), titles


def test_the_bare_address_redirects_to_the_docs(client: FlaskClient) -> None:
    response = client.get("/")
    assert response.status_code == 302
    assert response.headers["Location"] == "/docs/"


def test_the_contract_names_every_game_of_the_registry(client: FlaskClient) -> None:
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text())
    assert sorted(spec["components"]["schemas"]["GameId"]["enum"]) == sorted(IDS)
    titles = [entry["title"] for entry in client.get("/v1/games").get_json()["games"]]
    assert sorted(titles) == sorted(set(titles)) and len(titles) == len(IDS)
    assert [title for title in titles if title not in spec["info"]["summary"]] == []
