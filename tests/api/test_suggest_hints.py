"""A hint that explains, through HTTP: ``explain`` and ``worlds`` on both suggest paths, their answers and the
contract's enums, the reasons worded in every language, bad input a 400 naming the field, the work bound
reproducible, a hint blind to hidden cards, and the child-process pool carrying it all back.

Every test runs on ``search_clock`` (tests/conftest.py), which moves a fixed step at each reading.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from flask.testing import FlaskClient

from service.api import i18n
from service.engine.fishing import reasons as fishing_reasons
from service.engine.tricks import reasons as trick_reasons
from service.players import MAX_EXPLAIN, MAX_WORLDS, STOPS, VALUE_UNITS
from tests.clock import SteppingClock
from tests.conftest import client_at
from tests.sessions.conftest import bearer, open_table

from .test_suggest import dealt, hidden_swapped, suggested
from .test_suggest_pool import pool_app, unhurried

pytestmark = pytest.mark.usefixtures("search_clock")

SPEC: dict[str, Any] = yaml.safe_load((Path(__file__).resolve().parents[2] / "openapi.yaml").read_text())
SCHEMAS = SPEC["components"]["schemas"]
EXAMPLES = SPEC["components"]["examples"]
HINT_STATE: dict[str, Any] = EXAMPLES["suggest.greedyScopaHint"]["value"]["state"]
"""A Scopa table where the seat may sweep with the settebello, take it by rank, or take two cards and leave it."""


def hint(client: FlaskClient, language: str = "en", **asked: Any) -> dict[str, Any]:
    body = {"state": HINT_STATE, "level": "greedy", "explain": 3, **asked}
    response = client.post("/v1/games/scopa/suggest", json=body, headers={"Accept-Language": language})
    assert response.status_code == 200, response.get_json()
    assert response.headers["Content-Language"] == language
    answer: dict[str, Any] = response.get_json()
    return answer


def test_a_greedy_hint_lists_three_moves_best_first_with_their_reasons(client: FlaskClient) -> None:
    answer = hint(client)
    alternatives = answer["alternatives"]
    assert (answer["stopped_by"], answer["value_unit"], len(alternatives)) == ("one_ply", "one_ply", 3)
    assert alternatives[0]["move"] == answer["move"] == {"card": "10C", "capture": ["7D", "2B", "1S"]}
    values = [alternative["value"] for alternative in alternatives]
    assert values == sorted(values, reverse=True)
    codes = [[reason["code"] for reason in alternative["reasons"]] for alternative in alternatives]
    assert codes[0][:2] == ["sweep", "takes_settebello"]
    assert "leaves_settebello" in codes[1] and "takes_settebello" in codes[2]
    for alternative in alternatives:
        legal = client.post(
            "/v1/games/scopa/validate", json={"state": HINT_STATE, "move": alternative["move"]}
        )
        assert legal.get_json()["legal"] is True


def test_without_explain_the_answer_is_as_before_and_says_what_stopped_it(client: FlaskClient) -> None:
    answer = suggested(client, "scopa", HINT_STATE, level="greedy")
    assert "alternatives" not in answer and "value_unit" not in answer and "worlds" not in answer
    assert answer["stopped_by"] == "one_ply"
    assert suggested(client, "scopa", HINT_STATE, level="random", explain=3)["alternatives"] == []


@pytest.mark.parametrize("language", i18n.SUPPORTED)
def test_every_reason_is_worded_in_the_callers_language(client: FlaskClient, language: str) -> None:
    english = hint(client)
    answer = hint(client, language)
    assert [alternative["move"] for alternative in answer["alternatives"]] == [
        alternative["move"] for alternative in english["alternatives"]
    ]
    for alternative, theirs in zip(answer["alternatives"], english["alternatives"], strict=True):
        for reason, original in zip(alternative["reasons"], theirs["reasons"], strict=True):
            assert (reason["code"], reason["params"]) == (original["code"], original["params"])
            assert reason["text"] == i18n.hint_text(reason["code"], language, reason["params"])
            assert "{" not in reason["text"]
            if language != "en":
                assert reason["text"] != original["text"], (language, reason["code"])


def test_a_strong_briscola_bounded_by_work_gives_the_same_answer_on_any_clock(
    client: FlaskClient, search_clock: SteppingClock
) -> None:
    body = dict(EXAMPLES["suggest.strongBriscolaWorlds"]["value"])
    answers = []
    for step in (1e-6, 2e-4):  # a fast machine, and one two hundred times slower still within the budget
        search_clock.step = step
        response = client.post("/v1/games/briscola/suggest", json=body)
        assert response.status_code == 200
        answer = response.get_json()
        assert (answer["stopped_by"], answer["worlds"], answer["value_unit"]) == ("work", 40, "outcome")
        answers.append({key: value for key, value in answer.items() if key != "elapsed_ms"})
    assert answers[0] == answers[1]
    assert answers[0]["alternatives"][0]["move"] == answers[0]["move"]
    assert answers[0]["considered"] == 40 * 4  # four candidates: the exchange and the three cards


@pytest.mark.parametrize("game", ["scopa", "briscola", "tressette"])
def test_hidden_cards_change_no_hint_through_http(client: FlaskClient, game: str) -> None:
    state = dealt(client, game, 2, 17)
    asked = {"level": "strong", "seed": 4, "worlds": 4, "explain": MAX_EXPLAIN}
    first = suggested(client, game, state, **asked)
    second = suggested(client, game, hidden_swapped(state, state["turn"]), **asked)
    first.pop("elapsed_ms"), second.pop("elapsed_ms")
    assert first == second


def test_a_session_seat_gets_a_hint_and_a_work_bound(client: FlaskClient) -> None:
    table = open_table(client, "briscola")
    turn = table.state()["turn"]
    version = table.etag()
    headers = bearer(table.seats[turn], **{"Accept-Language": "it"})
    greedy = client.post(f"{table.path}/suggest", json={"level": "greedy", "explain": 2}, headers=headers)
    assert greedy.status_code == 200
    body = greedy.get_json()
    assert body["sealed"] is False and len(body["alternatives"]) == 2
    assert body["alternatives"][0]["move"] == body["move"]
    reason = body["alternatives"][0]["reasons"][0]
    assert reason["text"] == i18n.hint_text(reason["code"], "it", reason["params"])
    strong = client.post(
        f"{table.path}/suggest",
        json={"level": "strong", "seed": 2, "worlds": 5, "explain": 1},
        headers=headers,
    ).get_json()
    assert (strong["stopped_by"], strong["worlds"], len(strong["alternatives"])) == ("work", 5, 1)
    assert table.etag() == version  # nothing was played


def test_a_computer_move_takes_a_work_bound_too(client: FlaskClient) -> None:
    table = open_table(client, "scopa")
    headers = bearer(table.owner, **{"If-Match": table.etag()})
    played = client.post(
        f"{table.path}/moves", json={"computer": {"level": "strong", "seed": 1, "worlds": 4}}, headers=headers
    )
    assert played.status_code == 200, played.get_json()
    headers = bearer(table.owner, **{"If-Match": table.etag()})
    refused = client.post(
        f"{table.path}/moves", json={"computer": {"level": "strong", "worlds": 0}}, headers=headers
    )
    assert refused.status_code == 400
    assert "/computer/worlds" in [error["pointer"] for error in refused.get_json()["errors"]]


BAD = [
    ({"explain": 99}, "/explain"),
    ({"explain": -1}, "/explain"),
    ({"explain": "3"}, "/explain"),
    ({"explain": True}, "/explain"),
    ({"explain": 1.5}, "/explain"),
    ({"explain": None}, "/explain"),
    ({"worlds": 0}, "/worlds"),
    ({"worlds": MAX_WORLDS + 1}, "/worlds"),
    ({"worlds": "many"}, "/worlds"),
    ({"worlds": [4]}, "/worlds"),
]


@pytest.mark.parametrize(("asked", "pointer"), BAD)
def test_a_bad_explain_or_worlds_is_a_400_naming_the_field(
    client: FlaskClient, asked: dict[str, Any], pointer: str
) -> None:
    response = client.post("/v1/games/scopa/suggest", json={"state": HINT_STATE, "level": "strong", **asked})
    assert response.status_code == 400 and response.mimetype == "application/problem+json"
    assert pointer in [error["pointer"] for error in response.get_json()["errors"]]
    table = open_table(client, "scopa")
    turn = table.state()["turn"]
    in_session = client.post(
        f"{table.path}/suggest", json={"level": "strong", **asked}, headers=bearer(table.seats[turn])
    )
    assert in_session.status_code == 400
    assert pointer in [error["pointer"] for error in in_session.get_json()["errors"]]


def test_the_child_process_pool_carries_the_hint_and_the_bound_back(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    forked = client_at(pool_app(monkeypatch, tmp_path, **unhurried(monkeypatch, "fork")), "198.51.100.40")
    inline = client_at(pool_app(monkeypatch, tmp_path / "inline", **unhurried(monkeypatch, "inline")), "198.51.100.41")
    body = {"state": HINT_STATE, "level": "strong", "seed": 6, "worlds": 5, "explain": 3, "budget_ms": 2000}
    answers = []
    for client in (forked, inline):
        response = client.post("/v1/games/scopa/suggest", json=body, headers={"Accept-Language": "es"})
        assert response.status_code == 200, response.get_json()
        answer = response.get_json()
        answer.pop("elapsed_ms")
        answers.append(answer)
    assert answers[0] == answers[1]
    assert answers[0]["stopped_by"] == "work" and len(answers[0]["alternatives"]) == 3


def test_the_contract_names_every_code_and_bound() -> None:
    codes = SCHEMAS["HintReason"]["properties"]["code"]["enum"]
    assert set(codes) == set(fishing_reasons.CODES) | set(trick_reasons.CODES) == set(i18n.HINTS)
    assert set(SCHEMAS["StoppedBy"]["enum"]) == set(STOPS)
    assert set(SCHEMAS["ValueUnit"]["enum"]) == set(VALUE_UNITS)
    assert (SCHEMAS["Explain"]["minimum"], SCHEMAS["Explain"]["maximum"]) == (0, MAX_EXPLAIN)
    assert (SCHEMAS["Worlds"]["minimum"], SCHEMAS["Worlds"]["maximum"]) == (1, MAX_WORLDS)
    assert SCHEMAS["Suggestion"]["properties"]["alternatives"]["maxItems"] == MAX_EXPLAIN
    for path in ("/v1/games/{game}/suggest", "/v1/sessions/{id}/suggest"):
        body = SPEC["paths"][path]["post"]["requestBody"]["content"]["application/json"]["schema"]
        assert {"explain", "worlds"} <= set(body["properties"]), path
    assert "worlds" in SCHEMAS["ComputerChoice"]["properties"]
