"""Every endpoint of the README and openapi.yaml, end to end through the HTTP layer, with worked examples."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from service.engine.games import GAMES as REGISTRY

SUITS = "DCSB"
ALL_CARDS = [f"{rank}{suit}" for suit in SUITS for rank in range(1, 11)]
CARD = re.compile(r"^(10|[1-9])[DCSB]$")
GAMES = tuple(REGISTRY)
PROBLEM = "application/problem+json"


# -- helpers ---------------------------------------------------------------------------------------------------


def send(client: FlaskClient, path: str, body: Any, **headers: str) -> TestResponse:
    return client.post(path, data=json.dumps(body), content_type="application/json", headers=headers)


def ok(response: TestResponse, status: int = 200) -> Any:
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == "application/json"
    return response.get_json()


def problem(response: TestResponse, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == PROBLEM
    body: dict[str, Any] = response.get_json()
    for key in ("type", "title", "status", "code"):
        assert key in body, body
    assert body["status"] == status
    assert body["code"] == code, body
    return body


def pointers(body: dict[str, Any]) -> list[str]:
    return [error["pointer"] for error in body.get("errors", [])]


def deal(client: FlaskClient, game: str, **body: Any) -> dict[str, Any]:
    answer = ok(send(client, f"/v1/games/{game}/deal", body))
    state: dict[str, Any] = answer["state"]
    return state


def fishing_state(
    game: str,
    hands: list[list[str]],
    table: list[str],
    *,
    dealer: int | None = None,
    piles: list[list[str]] | None = None,
    rules: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A hand-built fishing state: every card not named goes to the stock (callers pick a valid stock size)."""
    players = len(hands)
    piles = piles or [[] for _ in range(players)]
    named = {card for group in (*hands, table, *piles) for card in group}
    state: dict[str, Any] = {
        "game": game,
        "players": players,
        "dealer": players - 1 if dealer is None else dealer,
        "hands": hands,
        "table": table,
        "stock": [card for card in ALL_CARDS if card not in named],
        "captures": piles,
        "sweeps": [0] * players,
        "last_capturer": next((seat for seat, pile in enumerate(piles) if pile), None),
    }
    if rules is not None:
        state["rules"] = rules
    return state


def play_out(client: FlaskClient, game: str, state: dict[str, Any], seed: int) -> dict[str, Any]:
    """Random legal moves through the API until the round is over."""
    rng = random.Random(seed)
    while not state["round_over"]:
        found = ok(send(client, f"/v1/games/{game}/legal-moves", {"state": state}))
        move = rng.choice(found["moves"])
        state = ok(send(client, f"/v1/games/{game}/play", {"state": state, "move": move}))["state"]
    return state


def strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


def all_cards_of(state: dict[str, Any]) -> list[str]:
    cards = [card for hand in state["hands"] for card in hand]
    cards += state["stock"] + [card for pile in state["captures"] for card in pile]
    if "table" in state:
        cards += state["table"]
    else:
        cards += [played["card"] for played in state["trick"]]
        if state["stock"]:
            cards.append(state["trump_card"])
    return cards


# -- the catalogue ---------------------------------------------------------------------------------------------

FLAG = ("boolean", [False, True])
SCOPA_OPTIONS: dict[str, tuple[str, Any, Any]] = {
    "capture_obligation": ("string", "any_card", ["any_card", "played_card"]),
    "capture_choice": ("string", "free", ["free", "most_cards", "fewest_cards"]),
    "last_play_sweep_counts": ("boolean", False, FLAG[1]),
    "opening_kings_redeal": ("boolean", True, FLAG[1]),
    "primiera_missing_suit": ("string", "fewer_suits_loses", ["fewer_suits_loses", "cannot_score"]),
    "primiera_rule": ("string", "classic", ["classic", "most_sevens"]),
    "re_bello": ("boolean", False, FLAG[1]),
    "rosmarino": ("boolean", False, FLAG[1]),
    "napola": ("string", "off", ["off", "length", "fixed3"]),
    "asso_piglia_tutto": ("boolean", False, FLAG[1]),
    "apt_sweep_counts": ("boolean", False, FLAG[1]),
    "target": ("integer", 11, (1, 100)),
}
EXPECTED_OPTIONS: dict[str, dict[str, tuple[str, Any, Any]]] = {
    "scopa": SCOPA_OPTIONS,
    "scopone": {**SCOPA_OPTIONS, "scopone_deal": ("string", "9+4", ["9+4", "10+0"])},
    "escoba": {
        "capture_obligation": ("string", "none", ["none", "played_card", "any_card"]),
        "capture_choice": ("string", "free", ["free", "most_cards", "fewest_cards"]),
        "last_play_sweep_counts": ("boolean", False, FLAG[1]),
        "dealer_bonus": ("string", "stargames", ["stargames", "traditional", "off"]),
        "fourth_point": ("string", "primiera", ["primiera", "most_sevens"]),
        "primiera_missing_suit": ("string", "fewer_suits_loses", ["fewer_suits_loses", "cannot_score"]),
        "target": ("integer", 21, (1, 100)),
    },
    "briscola": {
        "trump_exchange": ("string", "off", ["off", "seven_and_two", "two_only"]),
        "three_player_removed_card": ("string", "2B", ["2D", "2C", "2S", "2B"]),
        "rounds_to_win": ("integer", 1, (1, 10)),
    },
    "tressette": {
        "target": ("integer", 21, (1, 100)),
        "thirds": ("string", "truncate_per_side", ["truncate_per_side", "round_per_side"]),
        "accusi": ("string", "off", ["off", "on"]),
        "show_drawn_cards": ("boolean", True, FLAG[1]),
    },
    "cirulla": {  # RULES.md section 10
        "redeal_two_aces": ("string", "on", ["on", "off"]),
        "dealer_table": ("string", "on", ["on", "off"]),
        "asso_piglia_tutto": ("string", "on", ["on", "off"]),
        "rank_priority": ("string", "off", ["off", "on"]),
        "matta": ("string", "on", ["on", "off"]),
        "capture_obligation": ("string", "played_card", ["played_card", "any_card", "none"]),
        "last_play_sweep_counts": ("boolean", False, FLAG[1]),
        "primiera_missing_suit": ("string", "fewer_suits_loses", ["fewer_suits_loses", "cannot_score"]),
        "target": ("integer", 51, (1, 100)),
    },
    "briscola_chiamata": {  # RULES.md section 9
        "auction": ("string", "ranks_then_points", ["ranks_then_points", "points_only"]),
        "first_lead": ("string", "caller", ["caller", "after_dealer"]),
        "cappotto": ("string", "double", ["double", "none"]),
        "hands": ("integer", 5, (1, 50)),
    },
}
EXPECTED_PLAYERS = {
    "scopa": [2, 3, 4], "scopone": [4], "escoba": [2, 3, 4], "briscola": [2, 3, 4], "tressette": [2, 4],
    "cirulla": [2, 3, 4], "briscola_chiamata": [5],
}
# RULES.md section 7: what each preset sets (every other option keeps the game's default).
PRESET_VALUES: dict[str, dict[str, dict[str, Any]]] = {
    "scopa": {
        "stargames": {"capture_obligation": "any_card", "primiera_missing_suit": "fewer_suits_loses"},
        "traditional": {"capture_obligation": "played_card", "primiera_missing_suit": "cannot_score"},
    },
    "escoba": {
        "stargames": {"dealer_bonus": "stargames", "fourth_point": "primiera"},
        "traditional": {"dealer_bonus": "traditional", "fourth_point": "most_sevens"},
    },
    "briscola": {
        "stargames": {"trump_exchange": "seven_and_two"},
        "traditional": {"trump_exchange": "off"},
        "brisca": {"trump_exchange": "seven_and_two"},
    },
    "tressette": {"with_accusi": {"accusi": "on", "target": 31}},
    "cirulla": {},
    "briscola_chiamata": {},
}
PRESET_VALUES["scopone"] = PRESET_VALUES["scopa"]


def catalogue(client: FlaskClient, language: str = "en") -> dict[str, dict[str, Any]]:
    answer = ok(client.get("/v1/games", headers={"Accept-Language": language}))
    return {entry["id"]: entry for entry in answer["games"]}


def test_catalogue_lists_every_game_and_the_brisca_alias(client: FlaskClient) -> None:
    games = catalogue(client)
    assert set(games) == {*GAMES, "brisca"}
    for game in GAMES:
        assert games[game]["game"] == game
        assert games[game]["players"] == EXPECTED_PLAYERS[game]
    assert games["brisca"]["game"] == "briscola"
    assert games["brisca"]["players"] == [2, 3, 4]


@pytest.mark.parametrize("game", GAMES)
def test_catalogue_describes_every_rule_option(client: FlaskClient, game: str) -> None:
    entry = catalogue(client)[game]
    options = {option["name"]: option for option in entry["options"]}
    assert set(options) == set(EXPECTED_OPTIONS[game])
    for name, (kind, default, values) in EXPECTED_OPTIONS[game].items():
        option = options[name]
        assert option["type"] == kind, name
        assert option["default"] == default, name
        assert isinstance(option["description"], str) and len(option["description"]) > 10, name
        if kind == "integer":
            assert (option["minimum"], option["maximum"]) == values, name
        else:
            assert sorted(map(str, option["values"])) == sorted(map(str, values)), name
            assert option["default"] in option["values"], name
    assert entry["defaults"] == {name: spec[1] for name, spec in EXPECTED_OPTIONS[game].items()}


@pytest.mark.parametrize("game", GAMES)
def test_catalogue_presets_set_every_option(client: FlaskClient, game: str) -> None:
    entry = catalogue(client)[game]
    presets = {preset["name"]: preset for preset in entry["presets"]}
    assert set(presets) == set(PRESET_VALUES[game])
    defaults = {name: spec[1] for name, spec in EXPECTED_OPTIONS[game].items()}
    for name, values in PRESET_VALUES[game].items():
        assert presets[name]["rules"] == {**defaults, **values}, name
        assert presets[name].get("description")
    if game == "briscola":
        assert presets["brisca"]["deck"] == "spanish"


def test_catalogue_descriptions_are_localized(client: FlaskClient) -> None:
    english, italian = catalogue(client, "en"), catalogue(client, "it")
    for game in GAMES:
        english_text = {o["name"]: o["description"] for o in english[game]["options"]}
        italian_text = {o["name"]: o["description"] for o in italian[game]["options"]}
        assert set(english_text) == set(italian_text)
        assert all(english_text[name] != italian_text[name] for name in english_text), game
    assert english["scopa"]["presets"][1]["description"] != italian["scopa"]["presets"][1]["description"]


@pytest.mark.parametrize("path", ["/v1/games", "/v1/games/scopa"])
def test_catalogue_names_its_language(client: FlaskClient, path: str) -> None:
    response = client.get(path, headers={"Accept-Language": "it"})
    assert response.status_code == 200
    assert response.headers.get("Content-Language") == "it"
    assert "Accept-Language" in response.headers.get("Vary", "")


@pytest.mark.parametrize("name", [*GAMES, "brisca"])
def test_one_game_entry(client: FlaskClient, name: str) -> None:
    entry = ok(client.get(f"/v1/games/{name}"))
    assert entry == catalogue(client)[name]


def test_brisca_alias_defaults_to_its_preset(client: FlaskClient) -> None:
    entry = ok(client.get("/v1/games/brisca"))
    assert entry["game"] == "briscola"
    assert entry["defaults"]["trump_exchange"] == "seven_and_two"


@pytest.mark.parametrize("name", ["poker", "Scopa", "briscola2", "games"])
def test_unknown_game_is_404(client: FlaskClient, name: str) -> None:
    body = problem(client.get(f"/v1/games/{name}"), 404, "unknown_game")
    assert name in body["detail"]
    problem(send(client, f"/v1/games/{name}/deal", {"players": 2, "seed": 1}), 404, "unknown_game")


# -- deal ------------------------------------------------------------------------------------------------------

DEALS = [
    # game, players, extra request fields, hand size, table size, stock size
    ("scopa", 2, {}, 3, 4, 30),
    ("scopa", 3, {}, 3, 4, 27),
    ("scopa", 4, {}, 3, 4, 24),
    ("scopone", 4, {}, 9, 4, 0),
    ("scopone", 4, {"rules": {"scopone_deal": "10+0"}}, 10, 0, 0),
    ("escoba", 2, {}, 3, 4, 30),
    ("escoba", 3, {}, 3, 4, 27),
    ("escoba", 4, {}, 3, 4, 24),
    ("briscola", 2, {}, 3, 0, 33),
    ("briscola", 3, {}, 3, 0, 29),
    ("briscola", 4, {}, 3, 0, 27),
]


@pytest.mark.parametrize(("game", "players", "extra", "hand", "table", "stock"), DEALS)
@pytest.mark.parametrize("seed", [42, "table-9", 2**63 - 1])
def test_deal_sizes_dealer_and_first_turn(
    client: FlaskClient,
    game: str,
    players: int,
    extra: dict[str, Any],
    hand: int,
    table: int,
    stock: int,
    seed: int | str,
) -> None:
    answer = ok(send(client, f"/v1/games/{game}/deal", {"players": players, "seed": seed, **extra}))
    state, events = answer["state"], answer["events"]
    assert state["game"] == game
    assert state["players"] == players
    assert state["dealer"] == players - 1
    assert state["turn"] == 0
    assert state["round_over"] is False
    assert [len(cards) for cards in state["hands"]] == [hand] * players
    assert len(state["stock"]) == stock
    target = state["rules"]["rounds_to_win" if game == "briscola" else "target"]
    assert state["match"] == {"scores": [0] * (2 if players == 4 else players), "target": target, "round": 1}
    if game == "briscola":
        assert state["leader"] == 0 and state["trick"] == []
        assert state["trump_suit"] == state["trump_card"][-1]
        assert state["trump_card"] not in state["stock"]
        deck = [card for card in ALL_CARDS if not (players == 3 and card == "2B")]
    else:
        # Escoba's dealer bonus may take the opening table into the dealer's pile at once.
        assert len(state["table"]) + len(state["captures"][state["dealer"]]) == table
        deck = ALL_CARDS
    assert sorted(all_cards_of(state)) == sorted(deck)
    public = [event for event in events if event["to"] == "all"]
    assert public[-1]["type"] in ("dealt", "dealer_bonus")
    assert any(event["type"] == "dealt" for event in public)
    # Each seat is told its own cards, privately (API.md, tables): the hands of the state, seat by seat.
    private = [event for event in events if event["to"] != "all"]
    assert [(e["type"], e["to"], e["seat"]) for e in private] == [("hand_dealt", s, s) for s in range(players)]
    assert [e["cards"] for e in private] == state["hands"]


@pytest.mark.parametrize(("game", "players"), [("scopa", 3), ("escoba", 4), ("briscola", 4), ("scopone", 4)])
def test_deal_explicit_dealer_sets_first_turn(client: FlaskClient, game: str, players: int) -> None:
    for dealer in range(players):
        state = deal(client, game, players=players, seed=7, dealer=dealer)
        assert state["dealer"] == dealer
        assert state["turn"] == (dealer + 1) % players
        if game == "briscola":
            assert state["leader"] == (dealer + 1) % players


def test_deal_is_deterministic_and_integer_seed_equals_its_string(client: FlaskClient) -> None:
    first = deal(client, "scopa", players=2, seed=42)
    assert deal(client, "scopa", players=2, seed=42) == first
    assert deal(client, "scopa", players=2, seed="42") == first
    assert deal(client, "scopa", players=2, seed="042") != first
    # README, Deterministic dealing: the published deck order of seed 42.
    order = [
        "7B", "3C", "2B", "5C", "1D", "5S", "10B", "2D", "4S", "3B", "8C", "2C", "9S", "3S", "6B", "2S", "10S",
        "10C", "7S", "4D", "5D", "6D", "7C", "10D", "3D", "4C", "4B", "9D", "5B", "6S", "9C", "8D", "1S", "7D",
        "9B", "8B", "1C", "8S", "6C", "1B",
    ]
    assert first["hands"] == [[order[0], order[2], order[4]], [order[1], order[3], order[5]]]
    assert first["table"] == order[6:10]
    assert first["stock"] == order[10:]


def test_deal_preset_and_overrides_are_echoed(client: FlaskClient) -> None:
    state = deal(client, "escoba", players=4, seed="table-9", preset="traditional", rules={"target": 15})
    assert state["rules"] == {
        "capture_obligation": "none",
        "capture_choice": "free",
        "last_play_sweep_counts": False,
        "dealer_bonus": "traditional",
        "fourth_point": "most_sevens",
        "primiera_missing_suit": "fewer_suits_loses",
        "target": 15,
    }
    assert state["match"]["target"] == 15
    state = deal(client, "scopa", players=2, seed=1, preset="traditional", rules={"capture_obligation": "any_card"})
    assert state["rules"]["capture_obligation"] == "any_card"
    assert state["rules"]["primiera_missing_suit"] == "cannot_score"
    state = deal(client, "briscola", players=3, seed=1, rules={"three_player_removed_card": "2D", "rounds_to_win": 2})
    assert state["rules"] == {"trump_exchange": "off", "three_player_removed_card": "2D", "rounds_to_win": 2}
    assert state["match"]["target"] == 2
    assert "2D" not in all_cards_of(state) and "2B" in all_cards_of(state)


@pytest.mark.parametrize("game", GAMES)
def test_deal_echoes_every_default(client: FlaskClient, game: str) -> None:
    state = deal(client, game, players=REGISTRY[game].player_counts[-1], seed=3)
    assert state["rules"] == {name: spec[1] for name, spec in EXPECTED_OPTIONS[game].items()}


@pytest.mark.parametrize(
    ("game", "rules", "name"),
    [
        ("scopa", {"no_such_option": True}, "no_such_option"),
        ("scopa", {"dealer_bonus": "off"}, "dealer_bonus"),
        ("scopa", {"capture_obligation": "none"}, "capture_obligation"),
        ("scopa", {"target": 0}, "target"),
        ("scopa", {"target": 101}, "target"),
        ("scopa", {"re_bello": "yes"}, "re_bello"),
        ("scopa", {"napola": "on"}, "napola"),
        ("escoba", {"napola": "off"}, "napola"),
        ("escoba", {"dealer_bonus": "always"}, "dealer_bonus"),
        ("scopone", {"scopone_deal": "8+8"}, "scopone_deal"),
        ("briscola", {"trump_exchange": True}, "trump_exchange"),
        ("briscola", {"three_player_removed_card": "3B"}, "three_player_removed_card"),
        ("briscola", {"rounds_to_win": 11}, "rounds_to_win"),
        ("briscola", {"target": 3}, "target"),
    ],
)
def test_deal_refuses_unknown_options_and_values(
    client: FlaskClient, game: str, rules: dict[str, Any], name: str
) -> None:
    body = problem(send(client, f"/v1/games/{game}/deal", {"players": 4, "seed": 1, "rules": rules}), 400,
                   "invalid_rules")
    assert pointers(body) == [f"/rules/{name}"]


def test_deal_refuses_an_unknown_preset(client: FlaskClient) -> None:
    body = problem(send(client, "/v1/games/scopa/deal", {"players": 2, "seed": 1, "preset": "brisca"}), 400,
                   "invalid_rules")
    assert pointers(body) == ["/preset"]


def test_deal_deck_styles(client: FlaskClient) -> None:
    assert deal(client, "scopa", players=2, seed=1)["deck"] == "italian"
    for style in ("italian", "spanish", "french"):
        state = deal(client, "scopa", players=2, seed=1, deck=style)
        assert state["deck"] == style
        # The deck style changes names only, never the cards.
        assert state["hands"] == deal(client, "scopa", players=2, seed=1)["hands"]


def test_brisca_alias_deals_briscola_with_its_preset(client: FlaskClient) -> None:
    state = deal(client, "brisca", players=2, seed=5)
    assert state["game"] == "briscola"
    assert state["deck"] == "spanish"
    assert state["rules"]["trump_exchange"] == "seven_and_two"
    plain = deal(client, "briscola", players=2, seed=5)
    assert plain["hands"] == state["hands"]
    assert plain["rules"]["trump_exchange"] == "off" and plain["deck"] == "italian"
    # The alias takes its own state back.
    ok(send(client, "/v1/games/brisca/legal-moves", {"state": state}))


# -- next round ------------------------------------------------------------------------------------------------


@pytest.fixture
def finished_scopa(client: FlaskClient) -> dict[str, Any]:
    return play_out(client, "scopa", deal(client, "scopa", players=3, seed=11), seed=11)


def test_next_round_moves_the_dealer_and_carries_the_match(
    client: FlaskClient, finished_scopa: dict[str, Any]
) -> None:
    scored = ok(send(client, "/v1/games/scopa/score", {"state": finished_scopa}))
    assert scored["match"]["over"] is False
    state = deal(client, "scopa", seed=12, previous=finished_scopa)
    assert state["players"] == 3
    assert state["rules"] == finished_scopa["rules"]
    assert state["deck"] == finished_scopa["deck"]
    assert state["dealer"] == (finished_scopa["dealer"] + 1) % 3
    assert state["turn"] == (state["dealer"] + 1) % 3
    assert state["match"]["round"] == finished_scopa["match"]["round"] + 1
    assert state["match"]["scores"] == scored["match"]["scores"]
    assert [len(hand) for hand in state["hands"]] == [3, 3, 3]
    # Fields that repeat what 'previous' fixes are accepted when they agree with it.
    again = deal(client, "scopa", seed=12, previous=finished_scopa, players=3, dealer=state["dealer"],
                 deck="italian", rules={"target": 11})
    assert again == state


def test_next_round_of_briscola_counts_rounds_won(client: FlaskClient) -> None:
    first = deal(client, "briscola", players=2, seed=8, rules={"rounds_to_win": 2})
    finished = play_out(client, "briscola", first, seed=8)
    scored = ok(send(client, "/v1/games/briscola/score", {"state": finished}))
    assert sum(side["total"] for side in scored["sides"]) == 120
    if scored["match"]["over"]:
        return
    state = deal(client, "briscola", seed=9, previous=finished)
    assert state["match"]["scores"] == scored["match"]["scores"]
    assert state["match"]["round"] == 2 and state["dealer"] == 0 and state["leader"] == 1


def test_next_round_needs_a_finished_round(client: FlaskClient) -> None:
    fresh = deal(client, "scopa", players=2, seed=1)
    problem(send(client, "/v1/games/scopa/deal", {"seed": 2, "previous": fresh}), 400, "round_not_over")


def test_next_round_of_a_finished_match_is_refused(client: FlaskClient, finished_scopa: dict[str, Any]) -> None:
    finished_scopa["match"]["scores"] = [60, 0, 0]
    problem(send(client, "/v1/games/scopa/deal", {"seed": 2, "previous": finished_scopa}), 400, "match_over")


@pytest.mark.parametrize(
    ("field", "value", "pointer"),
    [
        ("players", 2, "/players"),
        ("dealer", 2, "/dealer"),
        ("deck", "french", "/deck"),
        ("rules", {"target": 21}, "/rules/target"),
        ("preset", "traditional", "/preset"),
    ],
)
def test_next_round_refuses_a_clashing_repeated_field(
    client: FlaskClient, finished_scopa: dict[str, Any], field: str, value: Any, pointer: str
) -> None:
    body = send(client, "/v1/games/scopa/deal", {"seed": 2, "previous": finished_scopa, field: value})
    assert pointer in pointers(problem(body, 400, "validation_error"))


def test_next_round_names_bad_fields_of_previous(client: FlaskClient, finished_scopa: dict[str, Any]) -> None:
    finished_scopa["captures"][0][0] = "12D"
    body = problem(send(client, "/v1/games/scopa/deal", {"seed": 2, "previous": finished_scopa}), 400,
                   "validation_error")
    assert pointers(body) == ["/previous/captures/0/0"]


# -- legal moves, validate, play -------------------------------------------------------------------------------


def position() -> dict[str, Any]:
    """Scopa, 2 players, seat 0 to play 7D, 5C or 1S on 3C 4S 2B 5D; a stock of 30."""
    return fishing_state("scopa", [["7D", "5C", "1S"], ["9D", "9C", "9S"]], ["3C", "4S", "2B", "5D"])


def test_legal_moves_lists_captures_in_hand_order(client: FlaskClient) -> None:
    found = ok(send(client, "/v1/games/scopa/legal-moves", {"state": position()}))
    assert found["seat"] == 0
    assert found["moves"] == [
        {"card": "7D", "capture": ["3C", "4S"]},
        {"card": "7D", "capture": ["2B", "5D"]},
        {"card": "5C", "capture": ["5D"]},
    ]
    assert found["total"] == 3 and found["truncated"] is False


@pytest.mark.parametrize("limit", [0, 1, 2, 3, 50])
def test_legal_moves_limit_keeps_the_total(client: FlaskClient, limit: int) -> None:
    everything = ok(send(client, "/v1/games/scopa/legal-moves", {"state": position()}))
    found = ok(send(client, "/v1/games/scopa/legal-moves", {"state": position(), "limit": limit}))
    assert found["total"] == everything["total"] == 3
    assert found["moves"] == everything["moves"][:limit]
    assert found["truncated"] is (limit < 3)


def test_legal_moves_of_a_finished_round(client: FlaskClient, finished_scopa: dict[str, Any]) -> None:
    found = ok(send(client, "/v1/games/scopa/legal-moves", {"state": finished_scopa}))
    assert found == {"seat": None, "moves": [], "total": 0, "truncated": False}


def test_legal_moves_of_briscola_list_the_exchange_first(client: FlaskClient) -> None:
    state = {
        "players": 2,
        "dealer": 1,
        "rules": {"trump_exchange": "seven_and_two"},
        "hands": [["7D", "1C", "2S"], ["3C", "4C", "5C"]],
        "trump_card": "1D",
        "leader": 0,
        "captures": [[], []],
        "stock": [card for card in ALL_CARDS if card not in {"7D", "1C", "2S", "3C", "4C", "5C", "1D"}],
    }
    found = ok(send(client, "/v1/games/briscola/legal-moves", {"state": state}))
    assert found["moves"] == [{"exchange": "7D"}, {"card": "7D"}, {"card": "1C"}, {"card": "2S"}]
    after = ok(send(client, "/v1/games/briscola/play", {"state": state, "move": {"exchange": "7D"}}))
    assert after["state"]["trump_card"] == "7D" and after["state"]["hands"][0] == ["1D", "1C", "2S"]
    assert after["state"]["turn"] == 0
    assert [event["type"] for event in after["events"]] == ["trump_exchanged"]


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        ({"card": "7D", "capture": ["3C", "2B"]}, "wrong_sum"),
        ({"card": "7D", "capture": ["3S", "4D"]}, "capture_not_on_table"),
        ({"card": "9D"}, "card_not_in_hand"),
        ({"card": "1S", "capture": []}, "must_capture"),
        ({"card": "5C", "capture": ["3C", "2B"]}, "must_take_single_card"),
        ({"card": "7D"}, "ambiguous_capture"),
    ],
)
def test_validate_and_play_refuse_with_the_same_reason(
    client: FlaskClient, move: dict[str, Any], reason: str
) -> None:
    verdict = ok(send(client, "/v1/games/scopa/validate", {"state": position(), "move": move}))
    assert verdict["legal"] is False and verdict["reason"] == reason and verdict["message"]
    body = problem(send(client, "/v1/games/scopa/play", {"state": position(), "move": move}), 422,
                   "illegal_move")
    assert body["reason"] == reason
    if reason == "ambiguous_capture":
        assert sorted(map(sorted, body["options"])) == [["2B", "5D"], ["3C", "4S"]]
        assert sorted(map(sorted, verdict["options"])) == [["2B", "5D"], ["3C", "4S"]]


@pytest.mark.parametrize(
    ("move", "resolved"),
    [
        ({"card": "7D", "capture": ["4S", "3C"]}, {"card": "7D", "capture": ["3C", "4S"]}),
        ({"card": "5C"}, {"card": "5C", "capture": ["5D"]}),
        ({"card": "5C", "capture": ["5D"]}, {"card": "5C", "capture": ["5D"]}),
    ],
)
def test_validate_a_legal_move(client: FlaskClient, move: dict[str, Any], resolved: dict[str, Any]) -> None:
    verdict = ok(send(client, "/v1/games/scopa/validate", {"state": position(), "move": move}))
    assert verdict == {"legal": True, "move": resolved}


def test_play_applies_a_capture(client: FlaskClient) -> None:
    answer = ok(send(client, "/v1/games/scopa/play", {"state": position(), "move": {"card": "7D",
                                                                                    "capture": ["3C", "4S"]}}))
    state = answer["state"]
    assert state["hands"][0] == ["5C", "1S"]
    assert state["table"] == ["2B", "5D"]
    assert sorted(state["captures"][0]) == ["3C", "4S", "7D"]
    assert state["last_capturer"] == 0 and state["turn"] == 1
    assert answer["events"] == [
        {"type": "card_played", "seat": 0, "card": "7D", "capture": ["3C", "4S"], "to": "all"}
    ]


def test_play_a_sweep(client: FlaskClient) -> None:
    state = fishing_state("scopa", [["7D", "5C", "1S"], ["9D", "9C", "9S"]], ["3C", "4S"])
    state["captures"][1] = ["2B", "5D"]
    state["last_capturer"] = 1
    state["stock"] = [card for card in state["stock"] if card not in {"2B", "5D"}]
    answer = ok(send(client, "/v1/games/scopa/play", {"state": state, "move": {"card": "7D"}}))
    assert answer["state"]["sweeps"] == [1, 0] and answer["state"]["table"] == []
    assert [event["type"] for event in answer["events"]] == ["card_played", "sweep"]


def test_play_illegal_move_is_a_problem_with_a_reason(client: FlaskClient) -> None:
    body = problem(send(client, "/v1/games/scopa/play", {"state": position(), "move": {"card": "1S",
                                                                                       "capture": []}}),
                   422, "illegal_move")
    assert body["reason"] == "must_capture"
    assert body["message"] and body["detail"]


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_round_through_play(client: FlaskClient, game: str) -> None:
    players = REGISTRY[game].player_counts[0]
    finished = play_out(client, game, deal(client, game, players=players, seed=99), seed=99)
    assert finished["turn"] is None and finished["stock"] == []
    scored = ok(send(client, f"/v1/games/{game}/score", {"state": finished}))
    assert len(scored["sides"]) == len(REGISTRY[game].shape.sides(players))
    for side in scored["sides"]:
        assert side["total"] == sum(side["points"].values())
    if game == "briscola":
        expected = [int(side["side"] == scored["winner"]) for side in scored["sides"]]
    else:
        expected = [side["total"] for side in scored["sides"]]
    assert scored["match"]["scores"] == expected


# -- score -----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", [name for name, game in REGISTRY.items() if game.scores_from_piles])
def test_score_from_piles_agrees_with_the_state(client: FlaskClient, game: str) -> None:
    players = REGISTRY[game].player_counts[0]
    finished = play_out(client, game, deal(client, game, players=players, seed=5), seed=5)
    from_state = ok(send(client, f"/v1/games/{game}/score", {"state": finished}))
    piles = {"players": players, "captures": finished["captures"], "sweeps": finished["sweeps"],
             "rules": finished["rules"]}
    if finished["table"]:
        pytest.skip("a leftover table nobody collected")
    from_piles = ok(send(client, f"/v1/games/{game}/score", piles))
    assert from_piles["sides"] == from_state["sides"]
    assert from_piles["match"]["scores"] == from_state["match"]["scores"]


def test_score_from_piles_worked_example(client: FlaskClient) -> None:
    captures = [[card for card in ALL_CARDS if card[-1] in "DC"], [card for card in ALL_CARDS if card[-1] in "SB"]]
    body = {"players": 2, "captures": captures, "sweeps": [2, 0], "match": {"scores": [9, 3], "target": 11}}
    scored = ok(send(client, "/v1/games/scopa/score", body))
    first, second = scored["sides"]
    # 20 cards each (tie), 10 coins to none, settebello to side 0, primiera 2 suits each, same values: a tie.
    assert first["points"].get("coins") == 1 and first["points"].get("settebello") == 1
    assert first["points"].get("sweeps") == 2
    assert "cards" not in second["points"] or second["points"]["cards"] == 0
    assert first["total"] == 4 and second["total"] == 0
    assert scored["match"] == {"scores": [13, 3], "target": 11, "round": 1, "over": True, "winner": 0}


def test_score_from_piles_is_for_the_fishing_games_only(client: FlaskClient) -> None:
    body = {"players": 2, "captures": [[], []]}
    problem(send(client, "/v1/games/briscola/score", body), 400, "validation_error")


def test_score_of_an_unfinished_round(client: FlaskClient) -> None:
    for game in GAMES:
        state = deal(client, game, players=REGISTRY[game].player_counts[-1], seed=2)
        problem(send(client, f"/v1/games/{game}/score", {"state": state}), 400, "round_not_over")


# -- view ------------------------------------------------------------------------------------------------------


def hidden_from(state: dict[str, Any], seat: int) -> set[str]:
    """Cards ``seat`` may not see: other hands and the stock (the face-up trump card is public)."""
    hidden = {card for other, hand in enumerate(state["hands"]) if other != seat for card in hand}
    hidden |= set(state["stock"])
    hidden.discard(state.get("trump_card", ""))
    hidden -= {shown["card"] for shown in state.get("shown_cards", [])}  # drawn face up (Tressette for two)
    return hidden


@pytest.mark.parametrize(("game", "players"), [("scopa", 3), ("scopone", 4), ("escoba", 2), ("briscola", 4)])
def test_view_shows_only_the_own_hand(client: FlaskClient, game: str, players: int) -> None:
    state = deal(client, game, players=players, seed=4)
    rng = random.Random(4)
    for _ in range(5):
        move = rng.choice(ok(send(client, f"/v1/games/{game}/legal-moves", {"state": state}))["moves"])
        state = ok(send(client, f"/v1/games/{game}/play", {"state": state, "move": move}))["state"]
    for seat in range(players):
        view = ok(send(client, f"/v1/games/{game}/view", {"state": state, "seat": seat}))
        assert view["seat"] == seat and view["hand"] == state["hands"][seat]
        assert view["hand_sizes"] == [len(hand) for hand in state["hands"]]
        assert view["stock_count"] == len(state["stock"])
        assert view["pile_sizes"] == [len(pile) for pile in state["captures"]]
        view.pop("rules")  # option values such as "2B" are not card positions
        seen = {text for text in strings(view) if CARD.match(text)}
        assert not seen & hidden_from(state, seat), (seat, seen & hidden_from(state, seat))
        assert "stock" not in view and "hands" not in view
        assert set(view["names"]) <= seen


@pytest.mark.parametrize(
    ("language", "seven_of_coins"),
    [
        ("en", "Seven of Coins"),
        ("it", "Sette di Denari"),
        ("es", "Siete de Oros"),
        ("sv", "Guldmynt sju"),
        ("cs", "Sedmička mincí"),
        ("da", "Mønter syv"),
    ],
)
def test_view_names_are_localized(client: FlaskClient, language: str, seven_of_coins: str) -> None:
    response = send(client, "/v1/games/scopa/view", {"state": position(), "seat": 0}, **{"Accept-Language": language})
    view = ok(response)
    assert response.headers["Content-Language"] == language
    assert view["names"]["7D"] == seven_of_coins
    assert set(view["names"]) == {"7D", "5C", "1S", "3C", "4S", "2B", "5D"}


def test_view_names_follow_the_deck_style(client: FlaskClient) -> None:
    state = position()
    state["hands"][0] = ["8B", "5C", "1S"]
    state["stock"] = [card if card != "8B" else "7D" for card in state["stock"]]
    names = {}
    for style in ("italian", "spanish", "french"):
        state["deck"] = style
        names[style] = ok(send(client, "/v1/games/scopa/view", {"state": state, "seat": 0}))["names"]["8B"]
    assert names == {"italian": "Jack of Batons", "spanish": "Jack of Clubs", "french": "Jack of Clubs"}
    state["deck"] = "spanish"
    spanish = send(client, "/v1/games/scopa/view", {"state": state, "seat": 0}, **{"Accept-Language": "es"})
    assert ok(spanish)["names"]["8B"] == "Sota de Bastos"


def test_view_of_brisca_uses_spanish_names(client: FlaskClient) -> None:
    state = deal(client, "brisca", players=2, seed=42)
    view = ok(send(client, "/v1/games/brisca/view", {"state": state, "seat": 0}, **{"Accept-Language": "es"}))
    assert view["deck"] == "spanish"
    assert view["trump_card"] == state["trump_card"]
    assert set(view["names"]) == {*state["hands"][0], state["trump_card"]}


# -- sessions --------------------------------------------------------------------------------------------------


# The session lifecycle, capabilities and If-Match are tested in tests/sessions/ (each with its tokens).


def test_unknown_session(client: FlaskClient) -> None:
    problem(client.get("/v1/sessions/nope"), 404, "session_not_found")
    problem(client.post("/v1/sessions/nope/moves", json={"move": {"card": "1D"}}, headers={"If-Match": '"1"'}),
            404, "session_not_found")


# -- operations ------------------------------------------------------------------------------------------------


def test_healthz(client: FlaskClient) -> None:
    assert ok(client.get("/healthz")) == {"status": "ok"}


def test_readyz_reports_the_session_store(client: FlaskClient) -> None:
    body = ok(client.get("/readyz"))
    assert body["sessions"]["backend"] in ("sqlite", "memory")
    assert body["sessions"]["ok"] is True


def test_openapi_is_served(client: FlaskClient) -> None:
    response = client.get("/openapi.yaml")
    assert response.status_code == 200
    assert "yaml" in response.mimetype
    text = response.get_data(as_text=True)
    assert text.startswith("openapi: 3.")
    for path in ("/v1/games/{game}/deal", "/v1/sessions/{id}/moves", "/readyz"):
        assert f"  {path}:" in text


def test_docs_page_works_offline(client: FlaskClient) -> None:
    with client.get("/docs/") as response:
        assert response.status_code == 200
        assert response.mimetype == "text/html"
        page = response.get_data(as_text=True)
    assert "/openapi.yaml" in page or "swagger" in page.lower()
    assets = re.findall(r'(?:href|src)="(/docs/[^"]+)"', page)
    assert assets
    for asset in assets:
        with client.get(asset) as response:
            assert response.status_code == 200, asset
    assert "unpkg.com" not in page and "cdn" not in page.lower()


def test_metrics(client: FlaskClient) -> None:
    client.get("/healthz")
    response = client.get("/metrics")
    assert response.status_code == 200
    assert response.mimetype == "text/plain"
    text = response.get_data(as_text=True)
    assert "cardrules_requests_total" in text
    assert re.search(r'cardrules_requests_total\{[^}]*route="/healthz"[^}]*\} \d', text)


def test_metrics_content_type_is_well_formed(client: FlaskClient) -> None:
    assert client.get("/metrics").headers["Content-Type"].count("charset") == 1


# -- request ids and CORS --------------------------------------------------------------------------------------

SAMPLES: list[tuple[str, str, Any]] = [
    ("GET", "/healthz", None),
    ("GET", "/v1/games", None),
    ("GET", "/v1/games/poker", None),
    ("GET", "/nowhere", None),
    ("GET", "/v1/games/scopa/deal", None),
    ("POST", "/v1/games/scopa/deal", {"players": 2, "seed": 1}),
    ("POST", "/v1/games/scopa/deal", {"players": 9, "seed": 1}),
    ("POST", "/v1/games/scopa/play", {"state": position(), "move": {"card": "9D"}}),
    ("GET", "/v1/sessions/nope", None),
]


@pytest.mark.parametrize(("method", "path", "body"), SAMPLES)
def test_every_response_has_a_request_id(client: FlaskClient, method: str, path: str, body: Any) -> None:
    kwargs: dict[str, Any] = {} if body is None else {"data": json.dumps(body), "content_type": "application/json"}
    fresh = client.open(path, method=method, **kwargs)
    assert re.fullmatch(r"[A-Za-z0-9._:-]{8,128}", fresh.headers["X-Request-ID"])
    echoed = client.open(path, method=method, headers={"X-Request-ID": "trace-42.a:b"}, **kwargs)
    assert echoed.headers["X-Request-ID"] == "trace-42.a:b"
    assert echoed.status_code == fresh.status_code


@pytest.mark.parametrize(
    ("data", "content_type", "status"),
    [(b"{}", "text/plain", 415), (b" " * 262_145, "application/json", 413), (b"{", "application/json", 400)],
)
def test_refused_bodies_have_a_request_id(client: FlaskClient, data: bytes, content_type: str, status: int) -> None:
    response = client.post("/v1/games/scopa/deal", data=data, content_type=content_type,
                           headers={"X-Request-ID": "refused-1", "Origin": "https://table.example"})
    assert response.status_code == status
    assert response.mimetype == PROBLEM
    assert response.headers["X-Request-ID"] == "refused-1"
    assert "Access-Control-Allow-Origin" in response.headers


@pytest.mark.parametrize("inbound", ["has space", "x" * 129, "semi;colon", "<script>", "ünïcode", "a\tb"])
def test_an_insane_request_id_is_replaced(client: FlaskClient, inbound: str) -> None:
    response = client.get("/healthz", headers={"X-Request-ID": inbound})
    assert response.headers["X-Request-ID"] != inbound
    assert re.fullmatch(r"[A-Za-z0-9._:-]{8,128}", response.headers["X-Request-ID"])


def test_request_ids_differ(client: FlaskClient) -> None:
    ids = {client.get("/healthz").headers["X-Request-ID"] for _ in range(5)}
    assert len(ids) == 5


@pytest.mark.parametrize(("method", "path"), [("GET", "/healthz"), ("GET", "/v1/games/poker"),
                                              ("POST", "/v1/games/scopa/deal")])
def test_cors_headers(client: FlaskClient, method: str, path: str) -> None:
    response = client.open(path, method=method, headers={"Origin": "https://table.example"},
                           data="{}", content_type="application/json")
    assert response.headers["Access-Control-Allow-Origin"] in ("*", "https://table.example")
    exposed = {name.strip().lower() for name in response.headers["Access-Control-Expose-Headers"].split(",")}
    assert {"etag", "x-request-id", "location"} <= exposed


def test_without_an_origin_no_cors_headers_and_vary_says_why(client: FlaskClient) -> None:
    """CORS headers go only to requests with an Origin; Vary names Origin so caches keep the two answers apart."""
    plain = client.post("/v1/games/scopa/deal", json={"players": 2, "seed": 1})
    browser = client.post("/v1/games/scopa/deal", json={"players": 2, "seed": 1},
                          headers={"Origin": "https://table.example"})
    assert plain.status_code == browser.status_code == 200
    assert "Access-Control-Allow-Origin" not in plain.headers
    assert browser.headers["Access-Control-Allow-Origin"] in ("*", "https://table.example")
    for response in (plain, browser):
        varies = {name.strip().lower() for name in response.headers["Vary"].split(",")}
        assert {"origin", "accept-language"} <= varies
        assert len(response.headers.getlist("Vary")) == 1


def test_cors_preflight(client: FlaskClient) -> None:
    response = client.options(
        "/v1/sessions/abc/moves",
        headers={
            "Origin": "https://table.example",
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "If-Match, Content-Type, Authorization",
        },
    )
    assert response.status_code in (200, 204)
    assert response.headers["Access-Control-Allow-Origin"] in ("*", "https://table.example")
    assert "POST" in response.headers["Access-Control-Allow-Methods"]
    allowed = response.headers.get("Access-Control-Allow-Headers", "").lower()
    assert "if-match" in allowed and "authorization" in allowed


def test_session_create_exposes_etag_and_location_to_browsers(client: FlaskClient) -> None:
    state = deal(client, "scopa", players=2, seed=1)
    response = send(client, "/v1/sessions", {"game": "scopa", "state": state}, Origin="https://table.example")
    assert response.status_code == 201
    exposed = response.headers["Access-Control-Expose-Headers"]
    assert "ETag" in exposed and "Location" in exposed and "X-Request-ID" in exposed


def test_a_null_capture_means_capture_if_the_card_can(client: FlaskClient) -> None:
    """API.md, Moves: an omitted capture is filled in; null is taken the same way."""
    state = client.post("/v1/games/scopa/deal", json={"players": 2, "seed": 1}).get_json()["state"]
    for card in state["hands"][0]:
        omitted = client.post("/v1/games/scopa/validate", json={"state": state, "move": {"card": card}})
        null = client.post(
            "/v1/games/scopa/validate", json={"state": state, "move": {"card": card, "capture": None}}
        )
        assert omitted.get_json() == null.get_json()
