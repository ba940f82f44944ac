"""One description of a state: the limits module, the marshmallow schemas, the fast reader and ``openapi.yaml``
agree, and the fast reader never accepts a document the schemas refuse, nor reads one differently."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st
from marshmallow import ValidationError

from service.engine.games import GAMES, resolve
from service.engine.state import GameState, Match, sides_of
from service.schemas import limits
from service.schemas.fastpath import read_state
from service.schemas.state import STATE_SCHEMAS, dump_state

SPEC = yaml.safe_load((Path(__file__).resolve().parents[1] / "openapi.yaml").read_text())
COMPONENTS = SPEC["components"]["schemas"]
STATE = COMPONENTS["State"]["properties"]


def test_openapi_states_the_same_limits() -> None:
    assert STATE["hands"]["maxItems"] == limits.MAX_PLAYERS
    assert STATE["hands"]["items"]["maxItems"] == limits.MAX_HAND
    assert COMPONENTS["Cards"]["maxItems"] == limits.MAX_CARDS
    assert STATE["captures"]["maxItems"] == limits.MAX_PLAYERS
    assert STATE["sweeps"]["maxItems"] == limits.MAX_PLAYERS
    assert STATE["sweeps"]["items"]["maximum"] == limits.MAX_SWEEPS
    assert STATE["trick"]["maxItems"] == limits.MAX_TRICK
    assert STATE["game"]["maxLength"] == limits.MAX_NAME
    assert COMPONENTS["Rules"]["maxProperties"] == limits.MAX_RULES
    assert COMPONENTS["Seat"]["maximum"] == limits.MAX_SEAT
    assert COMPONENTS["Players"]["minimum"] == limits.MIN_PLAYERS
    assert COMPONENTS["Players"]["maximum"] == limits.MAX_PLAYERS
    assert tuple(COMPONENTS["DeckStyle"]["enum"]) == limits.DECK_STYLES
    assert tuple(suit for suit in STATE["trump_suit"]["enum"] if suit is not None) == limits.SUITS
    match = COMPONENTS["Match"]["properties"]
    assert match["scores"]["maxItems"] == limits.MAX_PLAYERS
    assert match["scores"]["items"]["maximum"] == limits.MAX_SCORE
    assert match["scores"]["items"]["minimum"] == limits.MIN_SCORE
    assert (match["target"]["minimum"], match["target"]["maximum"]) == (limits.MIN_TARGET, limits.MAX_TARGET)
    assert match["round"]["maximum"] == limits.MAX_ROUND


def dealt(game: str, players: int, seed: int) -> GameState:
    rules = resolve(game)
    match = Match((0,) * sides_of(players), rules.target, 1)
    return GAMES[game].deal(rules, players, seed, players - 1, match)[0]


ODD_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-2, max_value=12),
    st.integers(min_value=39, max_value=41),
    st.integers(min_value=99_999, max_value=100_001),
    st.sampled_from([3.0, 2.5, "3", "", "7D", "11D", "7d", "x" * 40, [], {}, ["7D"], ["7D", "7D"]]),
    st.lists(st.sampled_from(["1D", "7D", "10B", "0S", 3, None]), max_size=45),
)
FIELDS = [
    "players", "dealer", "turn", "round_over", "deck", "game", "rules", "hands", "stock", "captures", "match",
    *dict.fromkeys(spec.name for game in GAMES.values() for spec in game.codec.fields),
]
SETUPS = [(name, players) for name, game in GAMES.items() for players in game.player_counts]


@st.composite
def documents(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    game, players = draw(st.sampled_from(SETUPS))
    state = dealt(game, players, draw(st.integers(min_value=0, max_value=50)))
    document = dump_state(state)
    for _ in range(draw(st.integers(min_value=0, max_value=3))):
        field = draw(st.sampled_from(FIELDS))
        where = draw(st.sampled_from(["field", "item", "remove", "match"]))
        if where == "remove":
            document.pop(field, None)
        elif where == "match":
            match = document.get("match")
            key = draw(st.sampled_from(["scores", "target", "round", "over", "winner", "extra"]))
            document["match"] = {**(match if isinstance(match, dict) else {}), key: draw(ODD_VALUES)}
        elif where == "item" and isinstance(document.get(field), list) and document[field]:
            items = list(document[field])
            items[draw(st.integers(min_value=0, max_value=len(items) - 1))] = draw(ODD_VALUES)
            document[field] = items
        else:
            document[field] = draw(ODD_VALUES)
    return game, document


def comparable(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [comparable(item) for item in value]
    if isinstance(value, dict):
        return {key: comparable(item) for key, item in value.items()}
    return value


@given(documents())
def test_the_fast_reader_accepts_only_what_the_schemas_accept_and_reads_it_alike(
    case: tuple[str, dict[str, Any]],
) -> None:
    game, document = case
    fast = read_state(document, GAMES[game])
    try:
        loaded = STATE_SCHEMAS[game].load(document)
    except ValidationError:
        assert fast is None, "the fast reader accepted a document the schemas refuse"
        return
    if fast is not None:
        keys = set(fast)
        expected = {key: value for key, value in loaded.items() if key in keys}
        assert comparable(fast) == comparable(expected)


@pytest.mark.parametrize("game", GAMES)
def test_a_dealt_state_is_read_by_the_fast_reader(game: str) -> None:
    players = GAMES[game].player_counts[0]
    assert read_state(dump_state(dealt(game, players, 1)), GAMES[game]) is not None


@pytest.mark.parametrize("sent", [None, 0, ""])
def test_the_fast_reader_leaves_a_cirulla_declaration_it_cannot_read_to_the_schemas(sent: object) -> None:
    """Found by the property above: ``declaration_points: null`` was read as "none declared", where the schemas
    refuse it; now the schemas answer it, with their field message."""
    game = GAMES["cirulla"]
    rules = resolve("cirulla")
    state, _ = game.deal(rules, 2, 3, 1, Match((0, 0), rules.target))
    document = {**dump_state(state), "declaration_points": sent}
    assert read_state(document, game) is None
    with pytest.raises(ValidationError, match="declaration_points"):
        STATE_SCHEMAS["cirulla"].load(document)
