"""Card names per deck style and language, and the localized texts of the API."""

from __future__ import annotations

import string
from collections.abc import Mapping

import pytest

from service.api import i18n
from service.api.i18n import (
    PROBLEMS,
    SUPPORTED,
    VARIANTS,
    game_title,
    option_description,
    preset_description,
    problem_text,
    reason_text,
)
from service.engine.cards import BY_CODE, DECK, Suit
from service.engine.errors import Reason
from service.engine.games import GAMES, OPTIONS, PRESETS
from service.engine.names import DECK_STYLES, LANGUAGES, card_name, rank_name, suit_name

COMBOS = [(deck, language) for deck in DECK_STYLES for language in LANGUAGES]

# (code, deck, language, name)
CARD_NAMES = [
    ("7D", "italian", "en", "Seven of Coins"),
    ("8S", "italian", "en", "Jack of Swords"),
    ("9C", "italian", "en", "Knight of Cups"),
    ("10B", "italian", "en", "King of Batons"),
    ("1D", "italian", "en", "Ace of Coins"),
    ("7D", "spanish", "en", "Seven of Coins"),
    ("8S", "spanish", "en", "Jack of Swords"),
    ("9C", "spanish", "en", "Knight of Cups"),
    ("10B", "spanish", "en", "King of Clubs"),
    ("7D", "french", "en", "Seven of Diamonds"),
    ("8S", "french", "en", "Jack of Spades"),
    ("9C", "french", "en", "Queen of Hearts"),
    ("10B", "french", "en", "King of Clubs"),
    ("7D", "italian", "it", "Sette di Denari"),
    ("8S", "italian", "it", "Fante di Spade"),
    ("9C", "italian", "it", "Cavallo di Coppe"),
    ("10B", "italian", "it", "Re di Bastoni"),
    ("1D", "italian", "it", "Asso di Denari"),
    ("9C", "french", "it", "Donna di Cuori"),
    ("10B", "french", "it", "Re di Fiori"),
    ("7D", "spanish", "es", "Siete de Oros"),
    ("8S", "spanish", "es", "Sota de Espadas"),
    ("9C", "spanish", "es", "Caballo de Copas"),
    ("10B", "spanish", "es", "Rey de Bastos"),
    ("1D", "spanish", "es", "As de Oros"),
    ("8S", "french", "es", "Jota de Picas"),
    ("10B", "french", "es", "Rey de Tréboles"),
    ("7D", "italian", "sv", "Guldmynt sju"),
    ("8S", "italian", "sv", "Svärd knekt"),
    ("9C", "spanish", "sv", "Bägare riddare"),
    ("10B", "italian", "sv", "Träpåkar kung"),
    ("7D", "french", "sv", "Ruter sju"),
    ("9C", "french", "sv", "Hjärter dam"),
    ("1B", "french", "sv", "Klöver ess"),
    ("7D", "italian", "cs", "Sedmička mincí"),
    ("8S", "italian", "cs", "Kluk mečů"),
    ("9C", "italian", "cs", "Jezdec číší"),
    ("10B", "spanish", "cs", "Král holí"),
    ("1D", "french", "cs", "Eso kár"),
    ("9C", "french", "cs", "Dáma srdcí"),
    ("8S", "french", "cs", "Kluk piků"),
    ("10B", "french", "cs", "Král tref"),
    ("7D", "italian", "da", "Mønter syv"),
    ("8S", "italian", "da", "Sværd knægt"),
    ("9C", "italian", "da", "Bægre rytter"),
    ("10B", "spanish", "da", "Stokke konge"),
    ("9C", "french", "da", "Hjerter dame"),
    ("1S", "french", "da", "Spar es"),
    ("7B", "french", "da", "Klør syv"),
]

# The seed documents' suit names (Swedish, Czech, Danish), coins / cups / swords / batons.
SEED_SUITS = [
    ("italian", "sv", ("Guldmynt", "Bägare", "Svärd", "Träpåkar")),
    ("french", "sv", ("Ruter", "Hjärter", "Spader", "Klöver")),
    ("italian", "cs", ("Mince", "Číše", "Meče", "Hole")),
    ("french", "cs", ("Kára", "Srdce", "Piky", "Trefy")),
    ("italian", "da", ("Mønter", "Bægre", "Sværd", "Stokke")),
    ("french", "da", ("Ruder", "Hjerter", "Spar", "Klør")),
]

# Every problem code comes from the registry with its params (service/api/i18n.py); every reason with
# the params the engine documents.
PROBLEM_PARAMS: dict[str, tuple[str, ...]] = {code: known.params for code, known in PROBLEMS.items()}
REASON_PARAMS: dict[str, tuple[str, ...]] = {
    "card_not_in_hand": ("card",),
    "capture_not_on_table": ("card",),
    "wrong_sum": ("card", "total", "expected"),
    "must_take_single_card": ("card", "options"),
    "must_capture": ("card",),
    "must_take_more_cards": (),
    "must_take_fewer_cards": (),
    "ace_takes_all": (),
    "ambiguous_capture": ("card", "count"),
    "round_over": (),
    "exchange_off": (),
    "exchange_not_in_hand": ("card",),
    "exchange_not_allowed": ("card", "trump_card"),
    "exchange_stock_empty": (),
    "exchange_not_trump": ("card",),
    "must_follow_suit": ("card", "suit"),
    "wrong_phase": ("phase",),
    "bid_too_low": ("bid", "must_beat"),
    "points_need_two": ("bid", "points"),
    "bid_needs_points": ("bid",),
    "move_kind": (),
    "match_over": (),
}
SAMPLE: dict[str, object] = {
    "method": "PATCH",
    "limit": 65536,
    "game": "tarocchi",
    "value": "11D",
    "card": "7D",
    "count": 2,
    "expected": "scopa",
    "got": "escoba",
    "reason": "round_over",
    "total": 9,
    "options": ["7C", "7S"],
    "trump_card": "3B",
    "suit": "C",
    "level": "expert",
    "seat": 1,
    "turn": 0,
    "current_version": 3,
    "retry_after": "17",
    "phase": "auction",
    "bid": "3",
    "must_beat": "1",
    "points": 70,
}

OPTION_ROWS = [(game, option.name) for game, options in OPTIONS.items() for option in options]
PRESET_ROWS = [(game, preset) for game, presets in PRESETS.items() for preset in presets]


def placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


def sample(names: tuple[str, ...]) -> Mapping[str, object]:
    return {name: SAMPLE[name] for name in names}


# Card names.


@pytest.mark.parametrize(("code", "deck", "language", "name"), CARD_NAMES, ids=lambda v: str(v))
def test_card_name_examples(code: str, deck: str, language: str, name: str) -> None:
    assert card_name(BY_CODE[code], deck, language) == name


@pytest.mark.parametrize(("deck", "language"), COMBOS, ids=lambda v: str(v))
def test_every_card_has_a_distinct_name(deck: str, language: str) -> None:
    names = [card_name(card, deck, language) for card in DECK]
    assert len(set(names)) == 40
    assert all(name == name.strip() and name[0].isupper() and "{" not in name for name in names)


@pytest.mark.parametrize(("deck", "language", "suits"), SEED_SUITS, ids=lambda v: str(v))
def test_suit_names_follow_the_seed_documents(deck: str, language: str, suits: tuple[str, ...]) -> None:
    assert tuple(suit_name(suit, deck, language) for suit in Suit) == suits
    assert suit_name("D", deck, language) == suits[0]


def test_defaults_are_the_italian_pack_in_english() -> None:
    assert card_name(BY_CODE["7D"]) == "Seven of Coins"
    assert rank_name(9) == "Knight"
    assert suit_name(Suit.BATONS) == "Batons"


@pytest.mark.parametrize(
    ("deck", "language", "name"),
    [
        ("german", "en", "Seven of Coins"),
        ("italian", "fr", "Seven of Coins"),
        ("", "", "Seven of Coins"),
        ("FRENCH", "it-IT", "Sette di Quadri"),
        ("spanish", "es_ES", "Siete de Oros"),
    ],
    ids=lambda v: str(v),
)
def test_unknown_deck_or_language_falls_back(deck: str, language: str, name: str) -> None:
    assert card_name(BY_CODE["7D"], deck, language) == name


@pytest.mark.parametrize("rank", [0, 11, -1, True])
def test_rank_out_of_range_is_refused(rank: int) -> None:
    with pytest.raises(ValueError, match="rank"):
        rank_name(rank)


def test_spanish_and_french_face_cards() -> None:
    assert [rank_name(rank, "spanish", "es") for rank in (8, 9, 10)] == ["Sota", "Caballo", "Rey"]
    assert [rank_name(rank, "french", "en") for rank in (8, 9, 10)] == ["Jack", "Queen", "King"]


# Problems and reasons.


def test_tables_cover_exactly_the_documented_codes() -> None:
    assert i18n.SUPPORTED == LANGUAGES
    assert set(i18n.PROBLEM_CODES) == set(PROBLEM_PARAMS)
    assert set(i18n.REASONS) == set(REASON_PARAMS)
    assert set(Reason) <= set(i18n.REASONS)  # every reason the engine can give has its texts


@pytest.mark.parametrize("language", SUPPORTED)
def test_problem_titles_are_distinct_and_translated(language: str) -> None:
    titles = [problem_text(code, language, {})[0] for code in PROBLEM_PARAMS]
    assert all(titles) and len(set(titles)) == len(titles)
    if language != "en":
        english = {problem_text(code, "en", {})[0] for code in PROBLEM_PARAMS}
        assert not english & set(titles)


@pytest.mark.parametrize("code", PROBLEM_PARAMS)
@pytest.mark.parametrize("language", SUPPORTED)
def test_every_problem_has_a_title_and_a_detail_in_every_language(code: str, language: str) -> None:
    documented = PROBLEM_PARAMS[code]
    title, detail = problem_text(code, language, sample(documented))
    assert title and title != problem_text("no_such_code", language, {})[0]
    assert detail and "{" not in detail and "}" not in detail, (code, language)
    assert language == "en" or detail != problem_text(code, "en", sample(documented))[1], (code, language)
    for name in documented:
        fewer = {key: value for key, value in sample(documented).items() if key != name}
        assert problem_text(code, language, fewer)[1] is None, f"{code}/{language} ignores {name}"


@pytest.mark.parametrize(("code", "value"), [(code, value) for code, values in VARIANTS.items() for value in values])
@pytest.mark.parametrize("language", SUPPORTED)
def test_a_variant_has_its_own_wording(code: str, value: str, language: str) -> None:
    variant = PROBLEMS[code].variant
    assert variant is not None
    params = {**sample(PROBLEM_PARAMS[code]), variant: value}
    worded = problem_text(code, language, params)[1]
    assert worded and worded != problem_text(code, language, sample(PROBLEM_PARAMS[code]))[1]


def test_the_quota_says_what_helps() -> None:
    creates = problem_text("session_quota_exceeded", "en", {"quota": "creates", "limit": 30, "retry_after": "17"})[1]
    live = problem_text("session_quota_exceeded", "en", {"quota": "live", "limit": 100, "retry_after": "60"})[1]
    assert creates and "17 s" in creates and "does not lift" in creates and "X-API-Key" in creates
    assert live and "100 live sessions" in live and "DELETE" in live and "X-API-Key" in live


@pytest.mark.parametrize("reason", REASON_PARAMS)
def test_reasons_use_exactly_their_documented_params(reason: str) -> None:
    documented = REASON_PARAMS[reason]
    english = reason_text(reason, "en", sample(documented))
    for language in SUPPORTED:
        message = reason_text(reason, language, sample(documented))
        assert message and "{" not in message and "}" not in message
        assert language == "en" or message != english
        for name in documented:
            fewer = {key: value for key, value in sample(documented).items() if key != name}
            assert reason_text(reason, language, fewer) is None, f"{reason}/{language} ignores {name}"


def test_missing_params_never_raise_and_leave_the_engine_message() -> None:
    assert reason_text("wrong_sum", "it", {"card": "7D"}) is None
    assert reason_text("must_capture", "cs", None) is None
    assert problem_text("game_mismatch", "en", {}) == ("Game mismatch", None)
    assert problem_text("invalid_card", "sv", {}) == ("Ogiltigt kort", None)
    assert problem_text("payload_too_large", "en", {"limit": None}) == ("Payload too large", None)


def test_extra_params_are_ignored_and_values_are_not_expanded() -> None:
    params = {"card": "{seat}", "seat": 2, "trump_suit": "B"}
    assert reason_text("exchange_not_trump", "en", params) == "{seat} is not a trump."


@pytest.mark.parametrize(
    ("language", "reason", "params", "detail"),
    [
        ("en", "wrong_sum", {"card": "7D", "total": 6, "expected": 7}, "Wrong sum with 7D: 6 instead of 7."),
        ("it", "round_over", {}, "La smazzata è finita: non si possono giocare altre carte."),
        ("da", "wrong_sum", {"card": "7D"}, None),
        ("es", "future_reason", {}, "Las reglas no permiten esta jugada: future_reason"),
    ],
    ids=lambda v: str(v),
)
def test_illegal_move_detail_is_the_reason_text(
    language: str, reason: str, params: dict[str, object], detail: str | None
) -> None:
    assert problem_text("illegal_move", language, {"reason": reason, **params})[1] == detail


@pytest.mark.parametrize(
    ("options", "shown"),
    [(["7C", "7S"], "7C, 7S"), ((["3C", "4S"], ["7C"]), "3C+4S, 7C"), ("7C", "7C")],
    ids=lambda v: str(v),
)
def test_list_params_are_joined(options: object, shown: str) -> None:
    message = reason_text("must_take_single_card", "en", {"card": "7D", "options": options})
    assert message == f"7D must take exactly one card of the same rank: {shown}."


@pytest.mark.parametrize("language", ["fr", "", "xx-YY", "EN-gb"])
def test_unknown_language_falls_back_to_english(language: str) -> None:
    assert problem_text("duplicate_card", language, {"card": "7D"}) == (
        "Duplicate card",
        "The card 7D appears more than once.",
    )
    assert reason_text("exchange_not_trump", language, {"card": "7D"}) == "7D is not a trump."
    assert option_description("scopa", "target", language) == "Points that win the match."
    assert game_title("briscola", language) == "Briscola"


@pytest.mark.parametrize(
    ("language", "title", "detail"),
    [
        ("it", "Carta duplicata", "La carta 1C compare più di una volta."),
        ("es-ES", "Carta duplicada", "La carta 1C aparece más de una vez."),
        ("sv", "Dubblerat kort", "Kortet 1C förekommer mer än en gång."),
        ("cs", "Duplicitní karta", "Karta 1C se vyskytuje vícekrát."),
        ("da", "Dubleret kort", "Kortet 1C forekommer mere end én gang."),
    ],
    ids=lambda v: str(v),
)
def test_problem_text_is_localized(language: str, title: str, detail: str) -> None:
    assert problem_text("duplicate_card", language, {"card": "1C"}) == (title, detail)


def test_unknown_code_gets_a_generic_title_and_no_detail() -> None:
    assert problem_text("no_such_code", "sv", {}) == ("Fel", None)
    assert reason_text("no_such_reason", "sv", {}) is None


def test_every_registered_code_is_translated() -> None:
    assert i18n.untranslated_codes() == []


# Rule options, presets and games.


@pytest.mark.parametrize(("game", "option"), OPTION_ROWS, ids=lambda v: str(v))
def test_every_option_is_described_in_every_language(game: str, option: str) -> None:
    texts = [option_description(game, option, language) for language in SUPPORTED]
    assert all(text and text.endswith(".") for text in texts)
    assert len(set(texts)) == len(texts)


@pytest.mark.parametrize(("game", "preset"), PRESET_ROWS, ids=lambda v: str(v))
def test_every_preset_is_described_in_every_language(game: str, preset: str) -> None:
    texts = [preset_description(game, preset, language) for language in SUPPORTED]
    assert all(text and text.endswith(".") for text in texts)
    assert len(set(texts)) == len(texts)


def test_escoba_capture_obligation_has_its_own_description() -> None:
    escoba = option_description("escoba", "capture_obligation", "en")
    assert escoba is not None and escoba.startswith("Compulsory capture: none")
    assert option_description("scopone", "capture_obligation", "en") == option_description(
        "scopa", "capture_obligation", "en"
    )


@pytest.mark.parametrize(
    ("game", "name"),
    [
        ("briscola", "napola"),
        ("scopa", "dealer_bonus"),
        ("escoba", "opening_kings_redeal"),
        ("tressette", "rounds_to_win"),
        ("tarocchi", "target"),
        ("scopa", "no_such_option"),
    ],
    ids=lambda v: str(v),
)
def test_unknown_option_is_none(game: str, name: str) -> None:
    assert option_description(game, name, "it") is None


def test_unknown_preset_is_none_and_brisca_is_an_alias() -> None:
    assert preset_description("scopa", "brisca", "en") is None
    assert preset_description("tressette", "stargames", "en") is None
    assert preset_description("tarocchi", "with_accusi", "en") is None
    assert preset_description("brisca", "brisca", "es") == preset_description("briscola", "brisca", "es")
    assert option_description("brisca", "trump_exchange", "sv") == option_description(
        "briscola", "trump_exchange", "sv"
    )


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_title(game: str) -> None:
    assert all(game_title(game, language) for language in SUPPORTED)


def test_game_titles() -> None:
    assert game_title("briscola", "es") == "Brisca"
    assert game_title("briscola", "it") == "Briscola"
    assert game_title("scopone", "cs") == "Scopone"
    assert game_title("tressette", "it") == "Tressette"
    assert game_title("tarocchi", "en") is None

