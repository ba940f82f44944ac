"""Property tests: states reached by real play are accepted; mutated states are accepted exactly when they stay
valid, and otherwise refused with a documented code and a pointer under ``/state``. Never a 5xx.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from service.app import create_app
from service.engine.games import GAMES, OPTIONS, resolve
from service.engine.limits import MAX_SEAT
from service.engine.state import Match, sides_of
from service.schemas.fastpath import FOREIGN
from service.schemas.state import dump_state
from service.storage import MemoryStore

SETUPS = [
    ("scopa", 2), ("scopa", 3), ("scopa", 4), ("scopone", 4),
    ("escoba", 2), ("escoba", 3), ("escoba", 4),
    ("briscola", 2), ("briscola", 3), ("briscola", 4),
]
FISHING_SETUPS = [setup for setup in SETUPS if setup[0] != "briscola"]
STATE_CODES = {
    "invalid_card", "duplicate_card", "missing_cards", "invalid_seat", "invalid_hand_sizes", "invalid_stock_size",
    "invalid_trick", "invalid_piles", "invalid_last_capturer", "invalid_match", "invalid_turn",
    "invalid_trump",
}
DOCUMENTED_400 = STATE_CODES | {
    "bad_request", "invalid_json", "validation_error", "invalid_rules", "game_mismatch", "round_not_over",
    "match_over",
}
CARD = re.compile(r"^(10|[1-9])[DCSB]$")
GAME_OF: dict[int, str] = {}
"""The game of each generated state, by object identity."""
ALL_CARDS = {f"{rank}{suit}" for suit in "DCSB" for rank in range(1, 11)}


@pytest.fixture(scope="module")
def api() -> FlaskClient:
    """One app for the module: hypothesis runs many examples per test and the requests are stateless."""
    return create_app({"TESTING": True, "SESSION_STORE": MemoryStore(ttl_seconds=3600)}).test_client()


# -- valid states ------------------------------------------------------------------------------------------------


@st.composite
def rules_for(draw: st.DrawFn, game: str) -> dict[str, Any]:
    rules: dict[str, Any] = {}
    for option in OPTIONS[game]:
        if not draw(st.booleans()):
            continue
        if option.kind == "flag":
            rules[option.name] = draw(st.booleans())
        elif option.kind == "number":
            rules[option.name] = draw(st.integers(option.minimum, option.maximum))
        else:
            rules[option.name] = draw(st.sampled_from(option.choices))
    return rules


@st.composite
def played_states(draw: st.DrawFn, setups: list[tuple[str, int]] = SETUPS) -> dict[str, Any]:
    """A dealt round of any game and table size, after a random number of random legal moves."""
    name, players = draw(st.sampled_from(setups))
    game = GAMES[name]
    rules = resolve(name, overrides=draw(rules_for(name)))
    seed = draw(st.integers(0, 2**63 - 1) | st.text(min_size=1, max_size=12))
    dealer = draw(st.integers(0, players - 1))
    deck = draw(st.sampled_from(["italian", "spanish", "french"]))
    match = Match((0,) * sides_of(players), rules.target, draw(st.integers(1, 5)))
    state, _ = game.deal(rules, players, seed, dealer, match, deck)
    for _ in range(draw(st.integers(0, 45))):
        if state.round_over:
            break
        moves = game.legal_moves(state).moves
        state, _ = game.play(state, moves[draw(st.integers(0, len(moves) - 1))])
    dumped: dict[str, Any] = dump_state(state)
    GAME_OF[id(dumped)] = name
    return dumped


def post(api: FlaskClient, state: dict[str, Any], path: str = "legal-moves", **extra: Any) -> Any:
    """POST to the endpoint of the state's game (kept aside, since a mutation may change or drop ``game``)."""
    game = GAME_OF[id(state)]
    response = api.post(f"/v1/games/{game}/{path}", data=json.dumps({"state": state, **extra}),
                        content_type="application/json")
    assert response.status_code < 500, response.get_data(as_text=True)
    return response


def accepted(api: FlaskClient, state: dict[str, Any]) -> dict[str, Any]:
    response = post(api, state)
    assert response.status_code == 200, response.get_json()
    found: dict[str, Any] = response.get_json()
    return found


def refused(api: FlaskClient, state: dict[str, Any], codes: set[str] | None = None) -> dict[str, Any]:
    response = post(api, state)
    assert response.status_code == 400, response.get_data(as_text=True)
    assert response.mimetype == "application/problem+json"
    body: dict[str, Any] = response.get_json()
    assert {"type", "title", "status", "code"} <= set(body)
    assert body["code"] in (codes or DOCUMENTED_400), body
    assert any(error["pointer"].startswith("/state") for error in body.get("errors", [])), body
    return body


def card_texts(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        if CARD.match(value):
            yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from card_texts(key)
            yield from card_texts(item)
    elif isinstance(value, list):
        for item in value:
            yield from card_texts(item)


def pointers(body: dict[str, Any]) -> list[str]:
    return [error["pointer"] for error in body.get("errors", [])]


def locations(state: dict[str, Any]) -> Iterator[tuple[tuple[Any, ...], str]]:
    """Every card in a list of the state, as (path, card)."""
    for seat, hand in enumerate(state["hands"]):
        for index, card in enumerate(hand):
            yield ("hands", seat, index), card
    for index, card in enumerate(state.get("table", [])):
        yield ("table", index), card
    for index, played in enumerate(state.get("trick", [])):
        yield ("trick", index, "card"), played["card"]
    for index, card in enumerate(state["stock"]):
        yield ("stock", index), card
    for seat, pile in enumerate(state["captures"]):
        for index, card in enumerate(pile):
            yield ("captures", seat, index), card


def get(state: dict[str, Any], path: tuple[Any, ...]) -> Any:
    node: Any = state
    for part in path:
        node = node[part]
    return node


def put(state: dict[str, Any], path: tuple[Any, ...], value: Any) -> None:
    get(state, path[:-1])[path[-1]] = value


def pointer(path: tuple[Any, ...]) -> str:
    return "/state" + "".join(f"/{part}" for part in path)


# -- states reached by play ----------------------------------------------------------------------------------


@settings(max_examples=200)
@given(state=played_states(), seat=st.integers(0, 3))
def test_played_states_are_accepted(api: FlaskClient, state: dict[str, Any], seat: int) -> None:
    found = accepted(api, state)
    assert found["seat"] == state["turn"]
    assert (found["total"] == 0) is state["round_over"]
    assert found["truncated"] is (len(found["moves"]) < found["total"])
    seat %= state["players"]
    view = post(api, state, "view", seat=seat)
    assert view.status_code == 200, view.get_json()
    shown = view.get_json()
    shown.pop("rules")  # option values such as "2B" are not card positions
    hidden = {card for other, hand in enumerate(state["hands"]) if other != seat for card in hand}
    hidden |= set(state["stock"])
    hidden.discard(state.get("trump_card"))  # turned face up at the deal
    hidden -= {item["card"] for item in state.get("shown_cards", [])}  # drawn face up (Tressette for two)
    assert not hidden & set(card_texts(shown)), hidden & set(card_texts(shown))
    if found["moves"]:
        verdict = post(api, state, "validate", move=found["moves"][0]).get_json()
        assert verdict["legal"] is True, verdict


@settings(max_examples=80)
@given(state=played_states(), data=st.data())
def test_bookkeeping_is_optional_and_unknown_fields_are_ignored(
    api: FlaskClient, state: dict[str, Any], data: st.DataObject
) -> None:
    optional = [key for key in ("turn", "round_over", "trump_suit", "game", "deck", "match") if key in state]
    for key in data.draw(st.lists(st.sampled_from(optional), unique=True)):
        del state[key]
    state[data.draw(st.sampled_from(["history", "ui", "notes", "_v"]))] = data.draw(
        st.none() | st.integers() | st.text(max_size=20) | st.lists(st.integers(), max_size=5)
    )
    accepted(api, state)


# -- still-valid mutations -------------------------------------------------------------------------------------


@settings(max_examples=150)
@given(state=played_states(), data=st.data())
def test_swapping_two_cards_keeps_a_state_valid(api: FlaskClient, state: dict[str, Any], data: st.DataObject) -> None:
    spots = [path for path, _ in locations(state)]
    first, second = data.draw(st.lists(st.sampled_from(spots), min_size=2, max_size=2, unique=True))
    one, other = get(state, first), get(state, second)
    put(state, first, other)
    put(state, second, one)
    accepted(api, state)


@settings(max_examples=80)
@given(state=played_states(), data=st.data())
def test_reordering_a_pile_or_the_stock_keeps_a_state_valid(
    api: FlaskClient, state: dict[str, Any], data: st.DataObject
) -> None:
    lists = [("stock",), *(("captures", seat) for seat in range(state["players"]))]
    if "table" in state:
        lists.append(("table",))
    path = data.draw(st.sampled_from(lists))
    put(state, path, data.draw(st.permutations(get(state, path))))
    accepted(api, state)


# -- invalid mutations -----------------------------------------------------------------------------------------


@settings(max_examples=100)
@given(state=played_states(), data=st.data())
def test_dropping_a_card_is_missing_cards(api: FlaskClient, state: dict[str, Any], data: st.DataObject) -> None:
    path = data.draw(st.sampled_from([path for path, _ in locations(state)]))
    if path[0] == "trick":
        del state["trick"][path[1]]
    else:
        del get(state, path[:-1])[path[-1]]
    refused(api, state, {"missing_cards"})


@settings(max_examples=120)
@given(state=played_states(), data=st.data())
def test_a_card_twice_is_duplicate_card(api: FlaskClient, state: dict[str, Any], data: st.DataObject) -> None:
    spots = list(locations(state))
    if state["game"] == "briscola" and state["stock"]:
        spots.append((("trump_card",), state["trump_card"]))  # lies face up under the stock
    (target, _), (source, _) = data.draw(st.lists(st.sampled_from(spots), min_size=2, max_size=2, unique=True))
    if target == ("trump_card",):
        target, source = source, target
    put(state, target, get(state, source))
    body = refused(api, state, {"duplicate_card"})
    assert set(pointers(body)) & {pointer(target), pointer(source)}, body


NOT_A_CARD = (
    st.text(max_size=6).filter(lambda text: text not in ALL_CARDS)
    | st.sampled_from(["11D", "7d", "0B", "07C", "7D ", "10", "X", "1DD", "\uff11D"])
    | st.integers()
    | st.none()
    | st.booleans()
    | st.lists(st.sampled_from(sorted(ALL_CARDS)), max_size=2)
)


@settings(max_examples=120)
@given(state=played_states(), data=st.data())
def test_an_invented_card_is_named(api: FlaskClient, state: dict[str, Any], data: st.DataObject) -> None:
    spots = [path for path, _ in locations(state)]
    if state["game"] == "briscola":
        spots.append(("trump_card",))
    path = data.draw(st.sampled_from(spots))
    put(state, path, data.draw(NOT_A_CARD))
    body = refused(api, state, {"validation_error"})
    assert pointer(path) in pointers(body), body


@settings(max_examples=100)
@given(state=played_states(), data=st.data())
def test_a_card_from_a_hand_to_the_stock_breaks_the_sizes(
    api: FlaskClient, state: dict[str, Any], data: st.DataObject
) -> None:
    seats = [seat for seat, hand in enumerate(state["hands"]) if hand]
    if not seats:
        return
    seat = data.draw(st.sampled_from(seats))
    card = state["hands"][seat].pop(data.draw(st.integers(0, len(state["hands"][seat]) - 1)))
    state["stock"].insert(data.draw(st.integers(0, len(state["stock"]))), card)
    if state["game"] != "briscola" or len(state["stock"]) > 1:
        expected = {"invalid_stock_size"}
    else:
        expected = {"duplicate_card", "invalid_stock_size"}  # the drawn trump card is back under the stock too
    body = refused(api, state, expected)
    if body["code"] == "invalid_stock_size":
        assert pointers(body) == ["/state/stock"]


SEAT_FIELDS = ("dealer", "turn", "last_capturer", "leader")


@settings(max_examples=120)
@given(state=played_states(), data=st.data())
def test_a_seat_out_of_range_is_named(api: FlaskClient, state: dict[str, Any], data: st.DataObject) -> None:
    fields = [(name,) for name in SEAT_FIELDS if name in state]
    fields += [("trick", index, "seat") for index in range(len(state.get("trick", [])))]
    path = data.draw(st.sampled_from(fields))
    players = state["players"]
    seat = data.draw(st.integers(-3, MAX_SEAT + 3) | st.sampled_from([2**31, 2**64, -(2**64)]))
    if 0 <= seat < players:
        seat += players
    put(state, path, seat)
    if not 0 <= seat <= MAX_SEAT:
        expected = "validation_error"
    elif path == ("turn",):
        expected = "invalid_turn"
    else:
        expected = "invalid_seat"
    body = refused(api, state, {expected})
    assert pointers(body) == [pointer(path)], body


INTEGRAL = st.integers(-(2**70), 2**70) | st.floats(allow_nan=False, allow_infinity=False).filter(float.is_integer)
JSON_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    INTEGRAL,
    st.floats(allow_nan=False, allow_infinity=False).filter(lambda number: not number.is_integer()),
    st.text(max_size=8),
    st.lists(st.integers(0, 3), max_size=3),
    st.dictionaries(st.text(max_size=4), st.integers(), max_size=2),
)
KINDS: dict[str, Any] = {
    "players": "int", "dealer": "int", "leader": "int", "turn": "int?", "last_capturer": "int?",
    "hands": "list", "stock": "list", "captures": "list", "table": "list", "sweeps": "list", "trick": "list",
    "rules": "dict", "match": "dict", "round_over": "bool",
    "game": "str", "deck": "str", "trump_card": "str", "trump_suit": "str",
}


def right_kind(kind: str, value: Any) -> bool:
    if kind in ("int", "int?"):
        if value is None:
            return kind == "int?"
        return not isinstance(value, bool) and (
            isinstance(value, int) or (isinstance(value, float) and value.is_integer())
        )
    expected = {"list": list, "dict": dict, "bool": bool, "str": str}[kind]
    return isinstance(value, expected)


@settings(max_examples=150)
@given(state=played_states(), data=st.data())
def test_a_field_of_the_wrong_type_is_named(api: FlaskClient, state: dict[str, Any], data: st.DataObject) -> None:
    name = data.draw(st.sampled_from([key for key in KINDS if key in state]))
    value = data.draw(JSON_VALUES.filter(lambda candidate: not right_kind(KINDS[name], candidate)))
    state[name] = value
    body = refused(api, state, {"validation_error"})
    assert all(where.startswith(f"/state/{name}") for where in pointers(body)), body
    assert pointers(body)


@settings(max_examples=100)
@given(state=played_states(), data=st.data())
def test_a_rule_of_the_wrong_type_is_named(api: FlaskClient, state: dict[str, Any], data: st.DataObject) -> None:
    option = data.draw(st.sampled_from(OPTIONS[state["game"]]))
    kind = {"flag": "bool", "number": "int", "choice": "str"}[option.kind]
    value = data.draw(JSON_VALUES.filter(lambda candidate: not right_kind(kind, candidate)))
    if option.kind == "number" and isinstance(value, float) and value.is_integer():
        value += 0.5
    state["rules"][option.name] = value
    body = refused(api, state, {"invalid_rules"})
    assert pointers(body) == [f"/state/rules/{option.name}"], body


@settings(max_examples=80)
@given(state=played_states(), data=st.data())
def test_a_broken_match_target_is_named(api: FlaskClient, state: dict[str, Any], data: st.DataObject) -> None:
    target = state["match"]["target"]
    value = data.draw(st.integers(-5, 200).filter(lambda number: number != target))
    state["match"]["target"] = value
    body = refused(api, state, {"invalid_match" if 1 <= value <= 100 else "validation_error"})
    assert pointers(body) == ["/state/match/target"], body


@settings(max_examples=60)
@given(state=played_states(), data=st.data())
def test_match_scores_of_the_wrong_length(api: FlaskClient, state: dict[str, Any], data: st.DataObject) -> None:
    sides = len(state["match"]["scores"])
    length = data.draw(st.integers(1, 4).filter(lambda number: number != sides))
    state["match"]["scores"] = [0] * length
    body = refused(api, state, {"invalid_match"})
    assert pointers(body) == ["/state/match/scores"], body


@settings(max_examples=100)
@given(state=played_states(), data=st.data())
def test_a_changed_turn_is_invalid_turn(api: FlaskClient, state: dict[str, Any], data: st.DataObject) -> None:
    choices: list[int | None] = [None, *range(state["players"])]
    state["turn"] = data.draw(st.sampled_from([choice for choice in choices if choice != state["turn"]]))
    body = refused(api, state, {"invalid_turn"})
    assert pointers(body) == ["/state/turn"], body


@settings(max_examples=80)
@given(state=played_states(FISHING_SETUPS), data=st.data())
def test_last_capturer_must_agree_with_the_piles(
    api: FlaskClient, state: dict[str, Any], data: st.DataObject
) -> None:
    if state["last_capturer"] is None:
        state["last_capturer"] = data.draw(st.integers(0, state["players"] - 1))
    else:
        state["last_capturer"] = None
    body = refused(api, state, {"invalid_last_capturer"})
    assert pointers(body) == ["/state/last_capturer"], body


@settings(max_examples=80)
@given(state=played_states([setup for setup in SETUPS if setup[0] == "briscola"]), data=st.data())
def test_a_briscola_trick_out_of_order(api: FlaskClient, state: dict[str, Any], data: st.DataObject) -> None:
    if not state["trick"]:
        # With no card led every hand is the same size: only the reported turn can disagree.
        state["leader"] = (state["leader"] + data.draw(st.integers(1, state["players"] - 1))) % state["players"]
        if state["round_over"]:
            accepted(api, state)
        else:
            assert pointers(refused(api, state, {"invalid_turn"})) == ["/state/turn"]
        return
    index = data.draw(st.integers(0, len(state["trick"]) - 1))
    seat = state["trick"][index]["seat"]
    state["trick"][index]["seat"] = data.draw(
        st.integers(0, state["players"] - 1).filter(lambda other: other != seat)
    )
    body = refused(api, state, {"invalid_trick"})
    assert pointers(body) == [f"/state/trick/{index}/seat"], body


# -- derived fields that disagree ------------------------------------------------------------------------------


@settings(max_examples=10, phases=[Phase.generate])
@given(state=played_states())
def test_a_wrong_round_over_has_a_documented_code(api: FlaskClient, state: dict[str, Any]) -> None:
    state["round_over"] = not state["round_over"]
    state.pop("turn")
    refused(api, state, STATE_CODES)


@settings(max_examples=10, phases=[Phase.generate])
@given(state=played_states([setup for setup in SETUPS if setup[0] == "briscola"]), suit=st.sampled_from("DCSB"))
def test_a_wrong_trump_suit_has_a_documented_code(api: FlaskClient, state: dict[str, Any], suit: str) -> None:
    if suit == state["trump_suit"]:
        suit = {"D": "C", "C": "S", "S": "B", "B": "D"}[suit]
    state["trump_suit"] = suit
    refused(api, state, STATE_CODES)


@settings(max_examples=10, phases=[Phase.generate])
@given(state=played_states(FISHING_SETUPS))
def test_a_state_without_hands_is_refused(api: FlaskClient, state: dict[str, Any]) -> None:
    state["hands"] = []
    body = refused(api, state, {"invalid_seat"})
    assert pointers(body) == ["/state/hands"]



# -- another family's fields ---------------------------------------------------------------------------------------


def dealt(api: FlaskClient, game: str) -> dict[str, Any]:
    players = GAMES[game].player_counts[0]
    found: dict[str, Any] = api.post(f"/v1/games/{game}/deal", json={"players": players, "seed": 5}).get_json()
    return found["state"]


@pytest.mark.parametrize("game", list(GAMES))
def test_another_familys_field_is_checked_as_the_contract_bounds_it_then_ignored(api: FlaskClient, game: str) -> None:
    """openapi.yaml has one ``State`` for every game: a field of another family is bounded there for all of them.
    Sent with a value the contract refuses, it is a 400 naming it (as schemathesis expects of any state); sent as
    another game deals it, it is ignored, as unknown bookkeeping is."""
    state = dealt(api, game)

    def listed(sent: dict[str, Any]) -> Any:
        return api.post(f"/v1/games/{game}/legal-moves", json={"state": sent})

    for name in sorted(FOREIGN[game]):
        refused = listed({**state, name: {"not": "valid"}})
        assert refused.status_code == 400, (name, refused.get_json())
        assert f"/state/{name}" in [item["pointer"] for item in refused.get_json()["errors"]], name
        owner = next(other for other in GAMES if name not in FOREIGN[other])
        sent = {**state, name: dealt(api, owner).get(name)}
        assert listed(sent).get_json() == listed(state).get_json(), name
