"""The localized texts are data (service/i18n/): complete for every language, with the same placeholders in every
translation; and a problem says in which language its field messages are."""

from __future__ import annotations

import ast
import json
import re
import string
from pathlib import Path
from typing import Any

import pytest
import yaml
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from service.api import i18n
from service.api.i18n import PROBLEMS
from service.app import create_app
from service.config import Settings
from service.engine import names
from service.engine.cards import BY_CODE, DECK, Suit
from service.players import LEVELS
from service.storage import SqliteStore

DATA = Path(i18n.DATA)
TABLES = ("titles", "details", "reasons", "hints", "options", "presets", "games", "score_categories", "levels")


def placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field}


@pytest.mark.parametrize("table", TABLES)
def test_every_text_has_every_language_and_the_same_placeholders(table: str) -> None:
    data = json.loads(DATA.read_text(encoding="utf-8"))
    assert tuple(data["languages"]) == i18n.SUPPORTED == names.LANGUAGES
    for key, texts in data[table].items():
        assert set(texts) == set(i18n.SUPPORTED), key
        english = placeholders(texts["en"])
        for language, text in texts.items():
            assert text.strip(), (key, language)
            assert placeholders(text) == english, (key, language)


def test_card_names_are_data_with_a_row_for_every_pack_and_language() -> None:
    rows = [
        line.split("\t")
        for line in Path(names.DATA).read_text(encoding="utf-8").splitlines()
        if line and not line.startswith("#")
    ]
    kinds = {(kind, deck, language) for kind, deck, language, *_ in rows}
    for deck in names.DECK_STYLES:
        for language in names.LANGUAGES:
            assert {("faces", deck, language), ("suits", deck, language)} <= kinds
    assert names.card_name(BY_CODE["7D"], "french", "sv") == "Ruter sju"


@pytest.mark.parametrize("language", i18n.SUPPORTED)
def test_a_problem_says_which_language_its_field_messages_are_in(client: FlaskClient, language: str) -> None:
    response = client.post(
        "/v1/games/scopone/deal", json={"players": 2, "seed": 1}, headers={"Accept-Language": language}
    )
    body = response.get_json()
    assert response.status_code == 400
    assert response.headers["Content-Language"] == language
    assert body["title"] == i18n.problem_text("validation_error", language)[0]
    assert body["errors"][0]["pointer"] == "/players"
    assert body["errors_language"] == "en"


def test_a_problem_without_field_messages_names_no_language_for_them(client: FlaskClient) -> None:
    body = client.get("/v1/games/tarocchi", headers={"Accept-Language": "it"}).get_json()
    assert "errors" not in body and "errors_language" not in body


# -- every code the sources raise is registered, hence translated ------------------------------------------------

SOURCES = Path(__file__).resolve().parents[2] / "service"
# Where a code is given without a status before it: the argument position in each constructor or helper.
CODE_ARGUMENT = {"RequestInvalid": 1, "InvalidState": 0, "fail": 0}


def called_name(call: ast.Call) -> str | None:
    function = call.func
    if isinstance(function, ast.Name):
        return function.id
    return function.attr if isinstance(function, ast.Attribute) else None


def literal(node: ast.AST | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def codes_in(tree: ast.AST) -> set[str]:
    """The problem codes a module gives: to a constructor or helper that takes one, as a class's ``code``, to
    an ``InvalidState`` subclass's ``super().__init__``, or as the values of a status-to-code mapping."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            # Any helper called with a status and then a code: ApiProblem(404, "unknown_game", ...), ...
            for status, code in zip(node.args, node.args[1:], strict=False):
                given = literal(code)
                if (
                    isinstance(status, ast.Constant)
                    and status.value in STATUSES
                    and given
                    and CODE.fullmatch(given)
                ):
                    found.add(given)
            name = called_name(node)
            position = CODE_ARGUMENT.get(name or "", 0 if name == "__init__" else None)
            if position is None:
                continue
            given = node.args[position] if len(node.args) > position else None
            keyword = next((item.value for item in node.keywords if item.arg == "code"), None)
            code = literal(given) or literal(keyword)
            if code and (name != "__init__" or CODE.fullmatch(code)):
                found.add(code)
        elif isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "code" for t in node.targets
        ):
            found.update(filter(None, [literal(node.value)]))
        elif (
            isinstance(node, ast.Dict)
            and node.keys
            and all(isinstance(key, ast.Constant) and isinstance(key.value, int) for key in node.keys)
        ):
            found.update(code for code in map(literal, node.values) if code and CODE.fullmatch(code))
    return found


CODE = re.compile(r"[a-z]+(_[a-z]+)+|[a-z]+")
STATUSES = range(400, 600)


def raised_codes() -> dict[str, list[str]]:
    where: dict[str, list[str]] = {}
    for path in sorted(SOURCES.rglob("*.py")):
        for code in codes_in(ast.parse(path.read_text(encoding="utf-8"))):
            where.setdefault(code, []).append(str(path.relative_to(SOURCES.parent)))
    return where


def test_the_source_scan_finds_codes_of_every_kind() -> None:
    found = raised_codes()
    for code in (
        "unknown_game",
        "not_your_turn",
        "invalid_json",
        "duplicate_card",
        "illegal_move",
        "not_to_act",
    ):
        assert code in found, code


def test_every_code_the_sources_give_is_registered_and_translated() -> None:
    unregistered = {code: paths for code, paths in raised_codes().items() if code not in PROBLEMS}
    assert not unregistered, (
        f"register these codes in service/api/i18n.py and translate them in {DATA.name}: {unregistered}"
    )
    assert i18n.untranslated_codes() == []


def test_every_registered_code_is_given_somewhere() -> None:
    assert set(PROBLEMS) - set(raised_codes()) == set()


# -- the session problems through HTTP, in Italian ---------------------------------------------------------------

ITALIAN = {"Accept-Language": "it"}


def italian(response: TestResponse, status: int, code: str) -> dict[str, Any]:
    body: dict[str, Any] = response.get_json()
    assert (response.status_code, body["code"]) == (status, code), body
    assert PROBLEMS[code].status == status
    assert response.headers["Content-Language"] == "it"
    assert (body["title"], body["detail"]) == i18n.problem_text(code, "it", body | PARAMS.get(code, {}))
    assert (
        body["title"] != "Errore" and body["detail"] != i18n.problem_text(code, "en", PARAMS.get(code, {}))[1]
    )
    return body


PARAMS: dict[str, dict[str, object]] = {
    "forbidden_seat": {"seat": 0},
    "not_your_turn": {"seat": 1, "turn": 0},
    "weak_etag": {"current_version": 1},
    "session_quota_exceeded": {"quota": "creates", "limit": 2, "retry_after": "30"},
}


def test_every_session_refusal_is_in_the_callers_language(client: FlaskClient) -> None:
    dealt = client.post("/v1/games/briscola/deal", json={"players": 2, "seed": 1}).get_json()["state"]
    created = client.post("/v1/sessions", json={"game": "briscola", "state": dealt}).get_json()
    path = f"/v1/sessions/{created['id']}"
    owner, seats = created["tokens"]["owner"], created["tokens"]["seats"]

    def auth(token: str, **headers: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {token}", **ITALIAN, **headers}

    move = {"move": {"card": dealt["hands"][1][0]}}
    italian(client.get(path, headers=ITALIAN), 401, "token_required")
    italian(client.get(path, headers=auth("x" * 43)), 403, "invalid_token")
    italian(client.get(path, headers=auth(seats[0])), 403, "owner_token_required")
    italian(client.get(f"{path}/view?seat=1", headers=auth(seats[0])), 403, "forbidden_seat")
    played = client.post(f"{path}/moves", json=move, headers=auth(seats[1], **{"If-Match": '"1"'}))
    italian(played, 403, "not_your_turn")
    italian(
        client.put(path, json={"state": dealt}, headers=auth(owner, **{"If-Match": 'W/"1"'})),
        412,
        "weak_etag",
    )
    italian(
        client.put(path, json={"state": dealt}, headers=auth(owner, **{"If-Match": "1"})),
        400,
        "invalid_if_match",
    )


def test_the_quota_answer_says_when_the_window_ends_and_what_a_backend_does(tmp_path: Path) -> None:
    # A clock that stands still keeps every create inside one quota window.
    store = SqliteStore(tmp_path / "s.sqlite3", 3600, clock=lambda: 1_800_000_030.0)
    settings = Settings.from_env({"SESSION_DB": "unused", "SESSION_QUOTA_CREATES": "2"})
    client = create_app({"TESTING": True, "SESSION_STORE": store, "SETTINGS": settings}).test_client()
    dealt = client.post("/v1/games/scopa/deal", json={"players": 2, "seed": 1}).get_json()["state"]
    for _ in range(2):
        assert client.post("/v1/sessions", json={"game": "scopa", "state": dealt}).status_code == 201
    refused = client.post("/v1/sessions", json={"game": "scopa", "state": dealt}, headers=ITALIAN)
    body = italian(refused, 429, "session_quota_exceeded")
    wait = refused.headers["Retry-After"]
    assert wait == "30" and f"tra {wait} s" in body["detail"] and "X-API-Key" in body["detail"]
    english = client.post("/v1/sessions", json={"game": "scopa", "state": dealt}).get_json()["detail"]
    assert f"ends in {wait} s" in english and "does not lift" in english and "API key" in english


# -- the frontend's reference data: card names and score categories ------------------------------------------------

SPEC_PATH = Path(__file__).resolve().parents[2] / "openapi.yaml"


@pytest.mark.parametrize("language", i18n.SUPPORTED)
def test_the_catalogue_names_every_card_of_every_pack(client: FlaskClient, language: str) -> None:
    cards = client.get("/v1/games", headers={"Accept-Language": language}).get_json()["cards"]
    assert cards["language"] == language
    assert set(cards["decks"]) == set(names.DECK_STYLES)
    for deck, table in cards["decks"].items():
        assert table["cards"] == names.deck_names(deck, language)
        assert len(set(table["cards"].values())) == 40
        assert table["ranks"] == names.rank_names(deck, language)
        assert table["suits"] == names.suit_names(deck, language)


def test_the_documented_card_table_is_the_english_answer(client: FlaskClient) -> None:
    spec = yaml.safe_load(SPEC_PATH.read_text(encoding="utf-8"))
    documented = spec["components"]["schemas"]["CardNames"]["examples"][0]
    assert client.get("/v1/games").get_json()["cards"] == documented


@pytest.mark.parametrize("language", i18n.SUPPORTED)
def test_every_game_lists_its_score_categories_with_labels(client: FlaskClient, language: str) -> None:
    games = client.get("/v1/games", headers={"Accept-Language": language}).get_json()["games"]
    for entry in games:
        categories = entry["score_categories"]
        assert [item["code"] for item in categories] == list(i18n.category_codes(entry["game"]))
        assert all(item["label"] and item["label"] != item["code"] for item in categories), entry["id"]
        assert len({item["label"] for item in categories}) == len(categories), entry["id"]


@pytest.mark.parametrize("language", i18n.SUPPORTED)
def test_every_game_names_the_levels_a_frontend_shows(client: FlaskClient, language: str) -> None:
    """The computer players' levels, weakest first as the ladder of docs/players.md measured them, each with a
    stable label and its title in the caller's language."""
    games = client.get("/v1/games", headers={"Accept-Language": language}).get_json()["games"]
    for entry in games:
        assert [(item["level"], item["label"]) for item in entry["levels"]] == [
            ("random", "beginner"), ("greedy", "casual"), ("strong", "expert")
        ]
        assert [item["level"] for item in entry["levels"]] == list(LEVELS)
        titles = [item["title"] for item in entry["levels"]]
        assert all(titles) and len(set(titles)) == 3, titles
    if language == "it":
        assert titles == ["Principiante", "Amatoriale", "Esperto"]


def test_escoba_names_its_categories_as_its_rules_do(client: FlaskClient) -> None:
    rules = (SPEC_PATH.parent / "docs" / "rules.md").read_text(encoding="utf-8")
    assert "*velo*" in rules and "the fourth point" in rules
    english = {c["code"]: c["label"] for c in client.get("/v1/games/escoba").get_json()["score_categories"]}
    spanish = {
        c["code"]: c["label"]
        for c in client.get("/v1/games/escoba", headers={"Accept-Language": "es"}).get_json()[
            "score_categories"
        ]
    }
    assert english["settebello"].startswith("Velo") and english["primiera"].startswith("Fourth point")
    assert spanish["settebello"].startswith("Velo") and spanish["primiera"] == "Cuarto punto (primera)"
    scopa = {c["code"]: c["label"] for c in client.get("/v1/games/scopa").get_json()["score_categories"]}
    assert scopa["settebello"].startswith("Settebello") and scopa["primiera"] == "Primiera"


@pytest.mark.parametrize(("game", "language"), [("escoba", "it"), ("scopa", "sv"), ("briscola", "cs")])
def test_a_score_labels_every_category_it_names_and_keeps_the_codes(
    client: FlaskClient, game: str, language: str
) -> None:
    state = client.post(f"/v1/games/{game}/deal", json={"players": 2, "seed": 3}).get_json()["state"]
    while not state["round_over"]:
        move = client.post(f"/v1/games/{game}/legal-moves", json={"state": state}).get_json()["moves"][-1]
        state = client.post(f"/v1/games/{game}/play", json={"state": state, "move": move}).get_json()["state"]
    score = client.post(
        f"/v1/games/{game}/score", json={"state": state}, headers={"Accept-Language": language}
    ).get_json()
    named = {code for side in score["sides"] for code in side["points"]}
    assert named and named <= set(i18n.category_codes(game))
    assert set(score["labels"]) == named
    assert all(score["labels"][code] == i18n.score_label(game, code, language) for code in named)


@pytest.mark.parametrize("deck", names.DECK_STYLES)
def test_english_names_every_pack_in_english(deck: str) -> None:
    faces = [names.rank_name(rank, deck, "en") for rank in (8, 9, 10)]
    assert faces == (["Jack", "Queen", "King"] if deck == "french" else ["Jack", "Knight", "King"])
    words = {word for card in DECK for word in names.card_name(card, deck, "en").split()}
    assert not words & {"Fante", "Cavallo", "Re", "Sota", "Caballo", "Rey", "Donna"}


@pytest.mark.parametrize("deck", names.DECK_STYLES)
@pytest.mark.parametrize("language", names.LANGUAGES)
def test_the_card_table_names_all_forty_cards_as_the_views_do(deck: str, language: str) -> None:
    table = names.deck_names(deck, language)
    assert list(table) == [card.code for card in DECK]
    assert all(table[card.code] == names.card_name(card, deck, language) for card in DECK)
    assert list(names.rank_names(deck, language)) == [str(rank) for rank in range(1, 11)]
    assert names.suit_names(deck, language) == {
        suit.value: names.suit_name(suit, deck, language) for suit in Suit
    }
