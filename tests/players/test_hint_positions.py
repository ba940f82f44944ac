"""Hints a coach can trust (docs/players.md, Hints a coach can trust): on the eight positions that section shows,
through HTTP, ``greedy`` and ``strong`` agree on the sign of the documented move's ``points``, each alternative's
``win_chance`` is a share (``null`` for the one-ply reading), and the answers say ``confident``.

Each position is a round's first trick or first capture, nothing in the piles yet: the move decides what the round
is worth so far, so the one-ply points (what the move wins at once) and the search's (the round's expected final
margin) should point the same way. RULES.md 3 (Scopa's captures, the sweep, the settebello), 4 (Escoba's 15),
6 (Briscola: the highest trump, else the highest card of the suit led, takes the trick) and 8 (Tressette: follow
suit; the 3 is the highest card, the ace worth a point, the figures, 2 and 3 a third each).
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

import pytest
from flask.testing import FlaskClient

from service.engine.cards import DECK
from tests.clock import SteppingClock
from tests.suites import ROOT

DOC = ROOT / "docs" / "players.md"


class Position(NamedTuple):
    name: str
    game: str
    hand: tuple[str, ...]
    move: dict[str, Any]
    table: tuple[str, ...] = ()
    """A fishing game's table."""
    led: str | None = None
    """A trick game: the card seat 1 led, seat 0 to follow."""
    trump: str | None = None
    """Briscola's face-up trump card."""
    sign: int = 1
    """The sign both levels give the move's points."""


POSITIONS = (
    Position("scopa-sweep", "scopa", ("10C", "8S", "2B"), {"card": "10C", "capture": ["7D", "1S", "1C", "1B"]},
             table=("7D", "1S", "1C", "1B")),
    Position("scopa-settebello", "scopa", ("7C", "2B", "8S"), {"card": "7C", "capture": ["7D"]},
             table=("7D", "5S", "2C", "4B")),
    Position("escoba-fifteen", "escoba", ("1C", "6S", "8B"), {"card": "1C", "capture": ["5D", "3S", "2B", "4C"]},
             table=("5D", "3S", "2B", "4C")),
    Position("briscola-trumps-an-ace", "briscola", ("4B", "5S", "6D"), {"card": "4B"}, led="1C", trump="5B"),
    Position("briscola-ace-over-three", "briscola", ("1C", "4S", "6D"), {"card": "1C"}, led="3C", trump="5B"),
    Position("briscola-gives-an-ace", "briscola", ("2S", "4D", "6S"), {"card": "2S"}, led="1C", trump="5B",
             sign=-1),
    Position("tressette-three-over-ace", "tressette",
             ("3C", "4C", "1D", "2S", "3B", "10D", "9S", "5D", "6S", "7B"), {"card": "3C"}, led="1C"),
    Position("tressette-gives-an-ace", "tressette",
             ("1C", "4C", "5D", "6D", "7S", "4S", "10D", "9S", "6B", "7B"), {"card": "1C"}, led="3C", sign=-1),
)


def state_of(client: FlaskClient, position: Position) -> dict[str, Any]:
    """The round as its first deal of the game has it, with seat 0 holding ``hand``: the table (or seat 1's lead
    and the trump card) as the position says, every other card in seat 1's hand and the stock in deck order."""
    dealt = client.post(f"/v1/games/{position.game}/deal", json={"players": 2, "seed": 1}).get_json()["state"]
    placed = [*position.hand, *position.table, *([position.led] if position.led else [])]
    placed += [position.trump] if position.trump else []
    rest = [card.code for card in DECK if card.code not in placed]
    other = len(dealt["hands"][1]) - (1 if position.led else 0)
    state = {**dealt, "hands": [list(position.hand), rest[:other]], "stock": rest[other:]}
    if position.table:
        state["table"] = list(position.table)
    if position.led:
        state.update(trick=[{"seat": 1, "card": position.led}], leader=1, turn=0)
    if position.trump:
        state.update(trump_card=position.trump, trump_suit=position.trump[-1])
    return state


def hint(client: FlaskClient, game: str, state: dict[str, Any], level: str) -> dict[str, Any]:
    asked = {"state": state, "level": level, "seed": 1, "explain": 5, "budget_ms": 2000}
    answer = client.post(f"/v1/games/{game}/suggest", json=asked)
    assert answer.status_code == 200, answer.get_json()
    found: dict[str, Any] = answer.get_json()
    return found


def points_of(answer: dict[str, Any], move: dict[str, Any]) -> float:
    found: float = next(item["points"] for item in answer["alternatives"] if item["move"] == move)
    return found


@pytest.mark.parametrize("position", POSITIONS, ids=[position.name for position in POSITIONS])
def test_greedy_and_strong_agree_on_the_sign_of_the_points(
    client: FlaskClient, search_clock: SteppingClock, position: Position
) -> None:
    """The search's clock barely moves (``search_clock``): its default work is done in full on any host."""
    state = state_of(client, position)
    greedy, strong = (hint(client, position.game, state, level) for level in ("greedy", "strong"))
    for answer in (greedy, strong):
        assert answer["confident"] is True and answer["points_unit"] in ("round_points", "card_points", "points")
    assert strong["stopped_by"] == "work" and strong["value_unit"] == "outcome"
    assert all(item["win_chance"] is None for item in greedy["alternatives"])
    assert all(0 <= item["win_chance"] <= 1 for item in strong["alternatives"])
    signs = {level: points_of(answer, position.move) for level, answer in (("greedy", greedy), ("strong", strong))}
    assert all(points * position.sign > 0 for points in signs.values()), signs


def test_the_documented_positions_are_these() -> None:
    """docs/players.md lists the positions this test plays, by name, with the sign both levels give."""
    text = DOC.read_text()
    section = text[text.index("### Eight positions") :]
    rows = re.findall(r"^\| `([a-z-]+)` \|.*\| ([+-]) \|$", section, re.MULTILINE)
    assert rows == [(position.name, "+" if position.sign > 0 else "-") for position in POSITIONS]
