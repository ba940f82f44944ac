"""The localized texts are data (service/i18n/): complete for every language, with the same placeholders in every
translation; and a problem says in which language its field messages are."""

from __future__ import annotations

import json
import string
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from service.api import i18n
from service.engine import names
from service.engine.cards import BY_CODE

DATA = Path(i18n.DATA)
TABLES = ("titles", "details", "reasons", "options", "presets", "games")


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
    body = client.get("/v1/games/tressette", headers={"Accept-Language": "it"}).get_json()
    assert "errors" not in body and "errors_language" not in body
