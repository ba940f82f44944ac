"""Scopa and Scopone (RULES.md sections 3 and 4): one table row per rule and option, on hand-built positions.

Every position passes ``validate``. Legal move sets are compared with the brute-force reference too, every
refused move is refused with its reason by the engine and over HTTP, and a refused move changes nothing.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest
from flask.testing import FlaskClient

from service.engine.cards import DECK, card, cards
from service.engine.errors import AmbiguousCapture, IllegalMove, InvalidRules
from service.engine.fishing import Capture, FishingState
from service.engine.games import GAMES, resolve
from service.engine.moves import LegalMoves
from service.engine.state import Event, Match, sides_of
from service.schemas.state import dump_state
from tests import reference

AUTO = "auto"
MoveSet = set[tuple[str, frozenset[str]]]


# -- helpers shared by the fishing-game tests ----------------------------------------------------------------
def stock_sizes(game: str, rules: Any, players: int) -> list[int]:
    """The stock sizes a round can show: full after the opening deal, then less one deal at a time."""
    per_deal = reference.hand_size(game, rules) * players
    first = 40 - reference.opening_table_size(game, rules) - per_deal
    return list(range(first, -1, -per_deal))


def position(
    hands: Sequence[str],
    table: str = "",
    *,
    game: str = "scopa",
    preset: str | None = None,
    rules: dict[str, Any] | None = None,
    stock: int | None = None,
    piles: Sequence[str] | None = None,
    filler_seat: int | None = None,
    sweeps: Sequence[int] | None = None,
    last_capturer: int | str | None = AUTO,
    dealer: int | None = None,
    scores: Sequence[int] | None = None,
) -> FishingState:
    """A hand-built position that passes ``validate``.

    ``hands`` has one entry per seat: card codes, or ``*n`` for n cards nobody cares about. Cards not named go
    to the stock (``stock`` of them; by default the largest stock size that leaves two cards over) and the
    rest to the pile of ``filler_seat`` (the dealer by default). ``last_capturer`` defaults to a seat with a
    pile.
    """
    players = len(hands)
    dealer = players - 1 if dealer is None else dealer
    resolved = resolve(game, preset, rules or {})
    texts = (*hands, table, *(piles or ()))
    named = [code for text in texts for code in text.split() if not code.startswith("*")]
    assert len(named) == len(set(named)), named
    free = [c.code for c in DECK if c.code not in named]

    def take(count: int) -> list[str]:
        taken, free[:count] = free[:count], []
        return taken

    hand_codes = [take(int(text[1:])) if text.startswith("*") else text.split() for text in hands]
    if stock is None:
        stock = max(size for size in stock_sizes(game, resolved, players) if size <= len(free) - 2)
    stock_codes = take(stock)
    pile_codes = [pile.split() for pile in piles] if piles else [[] for _ in range(players)]
    filler_seat = dealer if filler_seat is None else filler_seat
    pile_codes[filler_seat] += take(len(free))
    if last_capturer == AUTO:
        holding = [seat for seat in range(players) if pile_codes[seat]]
        last_capturer = (filler_seat if pile_codes[filler_seat] else holding[0]) if holding else None
    assert last_capturer is None or isinstance(last_capturer, int)
    state = FishingState(
        game=game,
        rules=resolved,
        players=players,
        dealer=dealer,
        hands=tuple(cards(hand) for hand in hand_codes),
        table=cards(table.split()),
        stock=cards(stock_codes),
        captures=tuple(cards(pile) for pile in pile_codes),
        sweeps=tuple(sweeps or (0,) * players),
        last_capturer=last_capturer,
        match=Match(tuple(scores or (0,) * sides_of(players)), resolved.target),
    )
    GAMES[game].validate(state)
    GAMES[state.game].check_reported(state, {"turn": state.turn, "round_over": state.round_over})
    return state


def parse_move(text: str) -> tuple[str, frozenset[str]]:
    """``"5C takes 2C 3S"`` or ``"1D lays"``."""
    words = text.split()
    assert words[1] in ("takes", "lays"), text
    return words[0], frozenset(words[2:])


def move_set(legal: LegalMoves) -> MoveSet:
    found: MoveSet = set()
    for move in legal.moves:
        assert isinstance(move, Capture)
        found.add((move.card.code, frozenset(c.code for c in move.capture or ())))
    assert len(found) == len(legal.moves), "a move is listed twice"
    return found


def capture(move: str) -> Capture:
    """A move in the table's notation; ``"5C"`` alone leaves ``capture`` out."""
    words = move.split()
    if len(words) == 1:
        return Capture(card(words[0]))
    code, taken = parse_move(move)
    return Capture(card(code), cards(sorted(taken)))


def move_json(move: str) -> dict[str, Any]:
    words = move.split()
    if len(words) == 1:
        return {"card": words[0]}
    code, taken = parse_move(move)
    return {"card": code, "capture": sorted(taken)}


def of_type(events: Sequence[Event], kind: str) -> list[Event]:
    return [event for event in events if event.type == kind]


def codes(items: Sequence[Any]) -> set[str]:
    return {item.code for item in items}


def check_refused(client: FlaskClient, state: FishingState, rebuilt: FishingState, move: str,
                  reason: str) -> Any:
    """The engine and both HTTP endpoints refuse ``move`` with ``reason``; nothing changes."""
    engine = GAMES[state.game]
    with pytest.raises(IllegalMove) as refused:
        engine.check(state, capture(move))
    assert refused.value.reason == reason
    with pytest.raises(IllegalMove) as refused_play:
        engine.play(state, capture(move))
    assert refused_play.value.reason == reason
    assert state == rebuilt
    posted = dump_state(state)
    before = dump_state(state)
    answer = client.post(f"/v1/games/{state.game}/play", json={"state": posted, "move": move_json(move)})
    assert answer.status_code == 422, answer.get_json()
    assert answer.get_json()["reason"] == reason
    checked = client.post(f"/v1/games/{state.game}/validate", json={"state": posted, "move": move_json(move)})
    assert checked.status_code == 200
    assert checked.get_json()["legal"] is False
    assert checked.get_json()["reason"] == reason
    assert posted == before
    return refused.value


def check_legal_moves(state: FishingState, expected: Sequence[str]) -> None:
    want = {parse_move(text) for text in expected}
    legal = GAMES[state.game].legal_moves(state)
    assert move_set(legal) == want
    assert legal.total == len(want)
    assert legal.seat == state.turn
    assert reference.legal_moves(dump_state(state)) == want  # the row agrees with the reference


SEED_TABLE = "2C 3S 8B 10D"  # StarGames: 2, 3, 8 (fante) and 10 (king); a five in hand takes 2 + 3
SEED_TABLE_FIVE = "2C 3S 5B 10D"  # the same with a five instead of the fante: the five must take the five

# -- legal move sets -----------------------------------------------------------------------------------------
LEGAL = [
    pytest.param({}, ["1D 5C", "*2"], SEED_TABLE, ["5C takes 2C 3S"],
                 id="seed example: the five takes 2+3, the ace may not be laid (any_card)"),
    pytest.param({}, ["1D", "*1"], SEED_TABLE, ["1D lays"],
                 id="seed example: an ace alone can only be laid"),
    pytest.param({"capture_obligation": "played_card"}, ["1D 5C", "*2"], SEED_TABLE,
                 ["5C takes 2C 3S", "1D lays"], id="seed example, played_card: the ace may be laid"),
    pytest.param({}, ["1D 5C", "*2"], SEED_TABLE_FIVE, ["5C takes 5B"],
                 id="single-card priority (seed): the five must take the five, not 2+3"),
    pytest.param({"capture_obligation": "played_card"}, ["1D 5C", "*2"], SEED_TABLE_FIVE,
                 ["5C takes 5B", "1D lays"], id="single-card priority under played_card"),
    pytest.param({}, ["5C 9S", "*2"], "5D 5B 2S 3B", ["5C takes 5D", "5C takes 5B"],
                 id="single-card priority: the player picks which of two same-rank cards"),
    pytest.param({}, ["7C", "*1"], "1D 2S 4B 3C 6C",
                 ["7C takes 1D 6C", "7C takes 3C 4B", "7C takes 1D 2S 4B"],
                 id="sum captures: capture_choice free lists every set"),
    pytest.param({"capture_choice": "most_cards"}, ["7C", "*1"], "1D 2S 4B 3C 6C", ["7C takes 1D 2S 4B"],
                 id="capture_choice most_cards"),
    pytest.param({"capture_choice": "fewest_cards"}, ["7C", "*1"], "1D 2S 4B 3C 6C",
                 ["7C takes 1D 6C", "7C takes 3C 4B"], id="capture_choice fewest_cards"),
    pytest.param({}, ["7C", "*1"], "7D 1D 6C", ["7C takes 7D"],
                 id="single-card priority over a sum: a seven takes the seven, not 1+6"),
    pytest.param({}, ["4D 9S", "*2"], "1C 3B 10S", ["4D takes 1C 3B"],
                 id="capture_obligation any_card: another card may not be laid"),
    pytest.param({"capture_obligation": "played_card"}, ["4D 9S", "*2"], "1C 3B 10S",
                 ["4D takes 1C 3B", "9S lays"],
                 id="capture_obligation played_card: a card that cannot capture may be laid"),
    pytest.param({}, ["1D 9S", "*2"], SEED_TABLE, ["1D lays", "9S lays"],
                 id="nothing can capture: every card may be laid"),
    pytest.param({}, ["9S 10C", "*2"], "10D 10B 1S", ["10C takes 10D", "10C takes 10B"],
                 id="a king takes only a king"),
    pytest.param({"asso_piglia_tutto": True}, ["1D 5C", "*2"], SEED_TABLE,
                 ["1D takes 2C 3S 8B 10D", "5C takes 2C 3S"],
                 id="asso_piglia_tutto: an ace with no ace on the table takes the whole table"),
    pytest.param({"asso_piglia_tutto": True}, ["1D 9S", "*2"], "1S 2C 3B", ["1D takes 1S"],
                 id="asso_piglia_tutto: an ace on the table is taken by rank"),
    pytest.param({"asso_piglia_tutto": True}, ["1D 9S", "*2"], "", ["1D lays", "9S lays"],
                 id="asso_piglia_tutto: an ace on an empty table stays"),
    pytest.param({}, ["1D", "*1"], "", ["1D lays"], id="empty table: the card is laid"),
    pytest.param({}, ["1D 2D 3D", "*3"], "4C 5S", ["1D lays", "2D lays", "3D lays"],
                 id="no card reaches a table value or sum"),
]


@pytest.mark.parametrize(("rules", "hands", "table", "expected"), LEGAL)
def test_legal_moves(rules: dict[str, Any], hands: list[str], table: str, expected: list[str]) -> None:
    check_legal_moves(position(hands, table, rules=rules), expected)


# -- playing a move ------------------------------------------------------------------------------------------
PLAYS = [
    # (rules, hands, table, position options, move, table after, taken into the mover's pile, sweeps scored)
    pytest.param({}, ["1D", "*1"], SEED_TABLE, {}, "1D lays", "2C 3S 8B 10D 1D", "", 0,
                 id="a card that captures nothing stays on the table"),
    pytest.param({}, ["1D 5C", "*2"], SEED_TABLE, {}, "5C takes 2C 3S", "8B 10D", "5C 2C 3S", 0,
                 id="sum capture: the five takes 2+3 (seed)"),
    pytest.param({}, ["1D 5C", "*2"], SEED_TABLE, {}, "5C", "8B 10D", "5C 2C 3S", 0,
                 id="capture left out: the only set is taken"),
    pytest.param({}, ["1D", "*1"], SEED_TABLE, {}, "1D", "2C 3S 8B 10D 1D", "", 0,
                 id="capture left out: a card that cannot capture is laid"),
    pytest.param({}, ["7C 1B", "*2"], "3D 4S", {}, "7C takes 3D 4S", "", "7C 3D 4S", 1,
                 id="sweep: a capture that empties the table scores 1"),
    pytest.param({}, ["4C 1B", "*2"], "4D", {}, "4C takes 4D", "", "4C 4D", 1,
                 id="sweep by rank"),
    pytest.param({"asso_piglia_tutto": True}, ["1D 5C", "*2"], SEED_TABLE, {}, "1D takes 2C 3S 8B 10D", "",
                 "1D 2C 3S 8B 10D", 0, id="asso_piglia_tutto: apt_sweep_counts false, no sweep"),
    pytest.param({"asso_piglia_tutto": True, "apt_sweep_counts": True}, ["1D 5C", "*2"], SEED_TABLE, {},
                 "1D takes 2C 3S 8B 10D", "", "1D 2C 3S 8B 10D", 1,
                 id="asso_piglia_tutto: apt_sweep_counts true, a sweep"),
    pytest.param({"asso_piglia_tutto": True}, ["1D 5C", "*2"], SEED_TABLE, {}, "1D", "",
                 "1D 2C 3S 8B 10D", 0, id="asso_piglia_tutto: capture left out takes the whole table"),
    pytest.param({"asso_piglia_tutto": True}, ["1D 9S", "*2"], "1S", {}, "1D takes 1S", "", "1D 1S", 1,
                 id="asso_piglia_tutto: the last ace taken by rank is an ordinary sweep"),
    pytest.param({"asso_piglia_tutto": True}, ["1D 9S", "*2"], "", {}, "1D lays", "1D", "", 0,
                 id="asso_piglia_tutto: an ace laid on an empty table stays"),
    pytest.param({}, ["7C", "9B"], "3D 4S", {"stock": 0}, "7C takes 3D 4S", "", "7C 3D 4S", 1,
                 id="last_play_sweep_counts false: a sweep earlier in the last deal counts"),
    pytest.param({}, ["7C 1B 2B", "*3"], "3D 4S", {"stock": 0}, "7C takes 3D 4S", "", "7C 3D 4S", 1,
                 id="last_play_sweep_counts false: a sweep on the first play of the last deal counts"),
]


@pytest.mark.parametrize(("rules", "hands", "table", "options", "move", "table_after", "taken", "swept"),
                         PLAYS)
def test_play(rules: dict[str, Any], hands: list[str], table: str, options: dict[str, Any], move: str,
              table_after: str, taken: str, swept: int) -> None:
    state = position(hands, table, rules=rules, **options)
    rebuilt = position(hands, table, rules=rules, **options)
    seat = state.turn
    assert seat is not None
    after, events = GAMES["scopa"].play(state, capture(move))
    assert state == rebuilt  # the input is not changed
    assert [c.code for c in after.table] == table_after.split()
    gained = after.captures[seat][len(state.captures[seat]):]
    assert sorted(c.code for c in gained) == sorted(taken.split())
    assert after.sweeps[seat] - state.sweeps[seat] == swept
    assert len(of_type(events, "sweep")) == swept
    assert after.last_capturer == (seat if taken else state.last_capturer)
    # The reference agrees on the whole next state.
    code = move.split()[0]
    expected = reference.play(dump_state(state), (code, frozenset(taken.split()) - {code}))
    assert_same_state(dump_state(after), expected)


def assert_same_state(got: dict[str, Any], expected: dict[str, Any]) -> None:
    """Hands, table and piles as sets (their order is the engine's), everything else exactly."""
    assert [sorted(h) for h in got["hands"]] == [sorted(h) for h in expected["hands"]]
    assert sorted(got["table"]) == sorted(expected["table"])
    assert [sorted(p) for p in got["captures"]] == [sorted(p) for p in expected["captures"]]
    for key in ("stock", "sweeps", "last_capturer", "turn", "round_over"):
        assert got[key] == expected[key], key


# -- the end of the round ------------------------------------------------------------------------------------
LAST_PLAY = [
    pytest.param(False, 0, id="last_play_sweep_counts false: a sweep with the very last card does not count"),
    pytest.param(True, 1, id="last_play_sweep_counts true: a sweep with the very last card counts"),
]


@pytest.mark.parametrize(("counts", "swept"), LAST_PLAY)
def test_sweep_with_the_very_last_card(counts: bool, swept: int) -> None:
    rules = {"last_play_sweep_counts": counts}
    state = position(["", "7C"], "3D 4S", rules=rules, stock=0, filler_seat=0)
    assert state.turn == 1
    after, events = GAMES["scopa"].play(state, capture("7C takes 3D 4S"))
    assert after.round_over
    assert after.sweeps == (0, swept)
    assert len(of_type(events, "sweep")) == swept
    assert after.last_capturer == 1
    assert not after.table
    assert reference.play(dump_state(state), ("7C", frozenset({"3D", "4S"})))["sweeps"] == [0, swept]


@pytest.mark.parametrize("counts", [False, True],
                         ids=["last_play_sweep_counts false", "last_play_sweep_counts true"])
def test_sweep_by_the_second_to_last_card_always_counts(counts: bool) -> None:
    """Seat 0 plays its last card while seat 1 still holds one: not the last play of the round."""
    state = position(["7C", "9B"], "3D 4S", rules={"last_play_sweep_counts": counts}, stock=0)
    after, events = GAMES["scopa"].play(state, capture("7C takes 3D 4S"))
    assert after.sweeps == (1, 0)
    assert len(of_type(events, "sweep")) == 1
    last, _ = GAMES["scopa"].play(after, capture("9B lays"))
    assert last.round_over
    assert last.sweeps == (1, 0)


def test_leftover_table_goes_to_the_last_capturer_never_as_a_sweep() -> None:
    state = position(["", "9B"], "2C 3S", stock=0, filler_seat=0)
    assert state.last_capturer == 0
    after, events = GAMES["scopa"].play(state, capture("9B lays"))
    assert after.round_over
    assert not after.table
    assert codes(after.captures[0]) == codes(state.captures[0]) | {"2C", "3S", "9B"}
    assert after.captures[1] == state.captures[1]
    assert after.sweeps == (0, 0)
    assert not of_type(events, "sweep")
    collected = of_type(events, "table_collected")
    assert len(collected) == 1
    assert collected[0].data["seat"] == 0


def test_last_capture_leaving_cards_takes_them_without_a_sweep() -> None:
    """The last card takes 2+3; the nine left over goes to the same player, and that is not a sweep."""
    rules = {"last_play_sweep_counts": True}
    state = position(["", "5C"], "2C 3S 9B", rules=rules, stock=0, filler_seat=0)
    after, events = GAMES["scopa"].play(state, capture("5C takes 2C 3S"))
    assert after.round_over
    assert after.last_capturer == 1
    assert codes(after.captures[1]) == {"5C", "2C", "3S", "9B"}
    assert after.sweeps == (0, 0)
    assert not of_type(events, "sweep")


def test_a_table_nobody_captured_goes_to_nobody() -> None:
    """A finished round in which nobody captured: the table stays and scores for no one."""
    state = FishingState(
        game="scopa", rules=resolve("scopa"), players=2, dealer=1, hands=((), ()), table=DECK, stock=(),
        captures=((), ()), sweeps=(0, 0), last_capturer=None, match=Match((0, 0), 11),
    )
    GAMES["scopa"].validate(state)
    GAMES[state.game].check_reported(state, {"turn": None, "round_over": True})
    result = GAMES["scopa"].score(state)
    assert [side.points for side in result.sides] == [{}, {}]
    assert [side.total for side in result.sides] == [0, 0]
    assert reference.score(dump_state(state)) == [{}, {}]


# -- refused moves -------------------------------------------------------------------------------------------
ILLEGAL = [
    pytest.param({}, ["", ""], "", {"stock": 0}, "1D", "round_over", id="round_over"),
    pytest.param({}, ["1D 5C", "*2"], SEED_TABLE, {}, "2C lays", "card_not_in_hand",
                 id="card_not_in_hand: a table card"),
    pytest.param({}, ["1D 5C", "9S 9B"], SEED_TABLE, {}, "9S lays", "card_not_in_hand",
                 id="card_not_in_hand: the other player's card"),
    pytest.param({}, ["1D 5C", "*2"], SEED_TABLE, {}, "5C takes 1S 4S", "capture_not_on_table",
                 id="capture_not_on_table"),
    pytest.param({}, ["1D 5C", "*2"], SEED_TABLE, {}, "5C takes 2C 8B", "wrong_sum", id="wrong_sum"),
    pytest.param({}, ["1D 5C", "*2"], SEED_TABLE, {}, "5C takes 10D", "wrong_sum",
                 id="wrong_sum: a single card of another rank"),
    pytest.param({}, ["1D 5C", "*2"], SEED_TABLE_FIVE, {}, "5C takes 2C 3S", "must_take_single_card",
                 id="must_take_single_card: seed, 2+3 while a five is on the table"),
    pytest.param({}, ["5C 9S", "*2"], "5D 5B 2S 3B", {}, "5C takes 5D 5B", "must_take_single_card",
                 id="must_take_single_card: exactly one of two fives"),
    pytest.param({}, ["7C", "*1"], "7D 1D 6C", {}, "7C takes 1D 6C", "must_take_single_card",
                 id="must_take_single_card: a sum while a same-rank card lies"),
    pytest.param({}, ["1D 5C", "*2"], SEED_TABLE, {}, "1D lays", "must_capture",
                 id="capture_obligation any_card: laying another card"),
    pytest.param({}, ["1D 5C", "*2"], SEED_TABLE, {}, "5C lays", "must_capture",
                 id="capture_obligation any_card: laying the capturing card"),
    pytest.param({"capture_obligation": "played_card"}, ["1D 5C", "*2"], SEED_TABLE, {}, "5C lays",
                 "must_capture", id="capture_obligation played_card: laying the capturing card"),
    pytest.param({"capture_choice": "most_cards"}, ["7C", "*1"], "1D 2S 4B 3C 6C", {}, "7C takes 3C 4B",
                 "must_take_more_cards", id="capture_choice most_cards refuses a smaller set"),
    pytest.param({"capture_choice": "fewest_cards"}, ["7C", "*1"], "1D 2S 4B 3C 6C", {}, "7C takes 1D 2S 4B",
                 "must_take_fewer_cards", id="capture_choice fewest_cards refuses a larger set"),
    pytest.param({"asso_piglia_tutto": True}, ["1D 5C", "*2"], SEED_TABLE, {}, "1D takes 2C", "ace_takes_all",
                 id="asso_piglia_tutto: part of the table"),
    pytest.param({"asso_piglia_tutto": True}, ["1D 5C", "*2"], SEED_TABLE, {}, "1D lays", "must_capture",
                 id="asso_piglia_tutto: the ace must take the table"),
    pytest.param({"asso_piglia_tutto": True}, ["1D 9S", "*2"], "1S 2C 3B", {}, "1D takes 1S 2C 3B",
                 "must_take_single_card", id="asso_piglia_tutto: an ace on the table is taken alone"),
    pytest.param({}, ["7C", "*1"], "1D 2S 4B 3C 6C", {}, "7C", "ambiguous_capture",
                 id="ambiguous_capture: capture left out with three sets"),
    pytest.param({}, ["5C 9S", "*2"], "5D 5B 2S 3B", {}, "5C", "ambiguous_capture",
                 id="ambiguous_capture: two fives"),
]


@pytest.mark.parametrize(("rules", "hands", "table", "options", "move", "reason"), ILLEGAL)
def test_refused(client: FlaskClient, rules: dict[str, Any], hands: list[str], table: str,
                 options: dict[str, Any], move: str, reason: str) -> None:
    state = position(hands, table, rules=rules, **options)
    check_refused(client, state, position(hands, table, rules=rules, **options), move, reason)
    if len(move.split()) > 1:  # the reference refuses it too
        assert parse_move(move) not in reference.legal_moves(dump_state(state))


def test_ambiguous_capture_lists_the_options(client: FlaskClient) -> None:
    state = position(["7C", "*1"], "1D 2S 4B 3C 6C")
    with pytest.raises(AmbiguousCapture) as refused:
        GAMES["scopa"].check(state, capture("7C"))
    options = {frozenset(option) for option in refused.value.params["options"]}
    assert options == {frozenset({"1D", "6C"}), frozenset({"3C", "4B"}), frozenset({"1D", "2S", "4B"})}
    answer = client.post("/v1/games/scopa/play", json={"state": dump_state(state), "move": {"card": "7C"}})
    assert answer.status_code == 422
    assert {frozenset(option) for option in answer.get_json()["options"]} == options


DOUBLED = [
    pytest.param("scopa", "4D", "2C 1D 3S", "2C", id="scopa: 4D with 2C twice (1D+3S make 4)"),
    pytest.param("escoba", "7D", "4C 5S 3B", "4C", id="escoba: 7D with 4C twice (5S+3B make 8)"),
]


@pytest.mark.parametrize(("game", "code", "table", "twice"), DOUBLED)
def test_a_capture_naming_a_table_card_twice_is_refused(game: str, code: str, table: str, twice: str) -> None:
    """The HTTP schema refuses such a move first (a 400); the engine must refuse it on its own too."""
    state = position([f"{code} 9S", "*2"], table, game=game)
    rebuilt = position([f"{code} 9S", "*2"], table, game=game)
    with pytest.raises(IllegalMove) as refused:
        GAMES[game].play(state, Capture(card(code), (card(twice), card(twice))))
    assert refused.value.reason == "capture_not_on_table"
    assert state == rebuilt


def test_legal_moves_through_http(client: FlaskClient) -> None:
    state = position(["1D 5C", "*2"], SEED_TABLE, rules={"capture_obligation": "played_card"})
    answer = client.post("/v1/games/scopa/legal-moves", json={"state": dump_state(state)}).get_json()
    assert answer["seat"] == 0
    assert answer["total"] == 2
    assert {(m["card"], frozenset(m["capture"])) for m in answer["moves"]} == {
        ("5C", frozenset({"2C", "3S"})), ("1D", frozenset()),
    }
    posted = {"state": dump_state(state), "move": {"card": "5C"}}
    checked = client.post("/v1/games/scopa/validate", json=posted)
    assert checked.get_json()["legal"] is True
    assert sorted(checked.get_json()["move"]["capture"]) == ["2C", "3S"]


# -- random positions against the reference ---------------------------------------------------------------
RANDOM_OPTIONS: dict[str, dict[str, list[Any]]] = {
    "scopa": {
        "capture_obligation": ["any_card", "played_card"],
        "capture_choice": ["free", "most_cards", "fewest_cards"],
        "last_play_sweep_counts": [False, True],
        "asso_piglia_tutto": [False, True],
        "apt_sweep_counts": [False, True],
    },
    "escoba": {
        "capture_obligation": ["none", "any_card", "played_card"],
        "capture_choice": ["free", "most_cards", "fewest_cards"],
        "last_play_sweep_counts": [False, True],
    },
}


def random_positions(game: str, count: int, seed: int) -> list[FishingState]:
    """2-player positions: random options, hands and tables of 0-14 cards; about a third are the last play."""
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        rules = {name: rng.choice(values) for name, values in RANDOM_OPTIONS[game].items()}
        deck = [c.code for c in DECK]
        rng.shuffle(deck)
        table = " ".join(deck[6 : 6 + rng.randint(0, 14)])
        if rng.random() < 0.3:  # the dealer holds the very last card of the round
            found.append(position(["", deck[0]], table, game=game, rules=rules, stock=0, filler_seat=0))
        else:
            size = rng.randint(1, 3)
            hands = [" ".join(deck[:size]), " ".join(deck[3 : 3 + size])]
            found.append(position(hands, table, game=game, rules=rules, stock=rng.choice([0, 12])))
    return found


def check_against_the_reference(state: FishingState) -> None:
    """Legal moves, the next state after each of them, and the score of a finished round."""
    engine = GAMES[state.game]
    posted = dump_state(state)
    expected = reference.legal_moves(posted)
    legal = engine.legal_moves(state)
    assert move_set(legal) == expected, posted
    assert legal.total == len(expected)
    for code, taken in sorted(expected, key=str):
        after, _ = engine.play(state, Capture(card(code), cards(sorted(taken))))
        following = reference.play(posted, (code, taken))
        assert_same_state(dump_state(after), following)
        if after.round_over:
            points = [{k: v for k, v in side.points.items() if v} for side in engine.score(after).sides]
            assert points == reference.score(following)


def test_random_scopa_positions_agree_with_the_reference() -> None:
    for state in random_positions("scopa", 400, 3):
        check_against_the_reference(state)


# -- deals: re-deal on kings, Scopone ------------------------------------------------------------------------
def first_seed_with_kings(game: str, players: int, rules: Any, kings: int = 3) -> int:
    """The first seed whose opening table (first attempt) holds at least ``kings`` kings."""
    for seed in range(100_000):
        table = reference.opening_table(seed, game, players, players - 1, dict(rules))
        if sum(reference.rank(code) == 10 for code in table) >= kings:
            return seed
    raise AssertionError("no seed found")


def king_count(table: Sequence[Any]) -> int:
    return sum(1 for c in table if c.rank == 10)


FOUR_KINGS_SEED = 10231  # Scopa, 2 players, dealer 1: the first attempt puts all four kings on the table

KINGS = [
    pytest.param("scopa", 2, 3, id="scopa 2p, three kings"),
    pytest.param("scopa", 2, 4, id="scopa 2p, four kings"),
    pytest.param("scopa", 3, 3, id="scopa 3p, three kings"),
    pytest.param("scopa", 4, 3, id="scopa 4p, three kings"),
    pytest.param("scopone", 4, 3, id="scopone 9+4, three kings"),
]


@pytest.mark.parametrize(("game", "players", "kings"), KINGS)
def test_opening_kings_redeal(game: str, players: int, kings: int) -> None:
    rules = resolve(game)
    assert rules["opening_kings_redeal"] is True  # the default (Danish guide)
    seed = FOUR_KINGS_SEED if kings == 4 else first_seed_with_kings(game, players, rules)
    void_table = reference.opening_table(seed, game, players, players - 1, dict(rules))
    assert sum(reference.rank(code) == 10 for code in void_table) == kings
    engine = GAMES[game]
    match = Match((0,) * sides_of(players), rules.target)
    state, events = engine.deal(rules, players, seed, players - 1, match)
    redeals = of_type(events, "redeal")
    assert redeals
    assert [c.code for c in redeals[0].data["table"]] == void_table
    assert king_count(state.table) < 3
    expected = reference.deal(game, players, seed, players - 1, dict(rules))
    assert_same_state(dump_state(state), expected)
    assert [c.code for c in state.table] == expected["table"]
    again, _ = engine.deal(rules, players, seed, players - 1, match)
    assert again == state  # deterministic from the seed
    kept_rules = resolve(game, overrides={"opening_kings_redeal": False})
    kept, kept_events = engine.deal(kept_rules, players, seed, players - 1, match)
    assert not of_type(kept_events, "redeal")
    assert [c.code for c in kept.table] == void_table
    assert king_count(kept.table) >= 3


def test_escoba_has_no_kings_redeal() -> None:
    rules = resolve("escoba")
    assert "opening_kings_redeal" not in rules
    with pytest.raises(InvalidRules):
        resolve("escoba", overrides={"opening_kings_redeal": True})
    seed = first_seed_with_kings("escoba", 2, rules)
    state, events = GAMES["escoba"].deal(rules, 2, seed, 1, Match((0, 0), 21))
    assert not of_type(events, "redeal")
    assert king_count(state.table) >= 3


SCOPONE_DEALS = [
    pytest.param("9+4", 9, 4, id="scopone_deal 9+4"),
    pytest.param("10+0", 10, 0, id="scopone_deal 10+0"),
]


@pytest.mark.parametrize(("deal", "hand", "table"), SCOPONE_DEALS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_scopone_deal(deal: str, hand: int, table: int, seed: int) -> None:
    rules = resolve("scopone", overrides={"scopone_deal": deal})
    assert rules.target == 11
    state, _ = GAMES["scopone"].deal(rules, 4, seed, 3, Match((0, 0), 11))
    GAMES["scopone"].validate(state)
    GAMES[state.game].check_reported(state, {"turn": 0, "round_over": False})
    assert [len(h) for h in state.hands] == [hand] * 4
    assert len(state.table) == table
    assert state.stock == ()
    assert state.turn == 0
    assert state.match.target == 11
    assert_same_state(dump_state(state), reference.deal("scopone", 4, seed, 3, dict(rules)))
    legal = GAMES["scopone"].legal_moves(state)
    assert move_set(legal) == reference.legal_moves(dump_state(state))
    if table == 0:  # the first player can only lay a card
        assert move_set(legal) == {(c.code, frozenset()) for c in state.hands[0]}
        assert legal.total == 10


def test_scopone_10_plus_0_never_redeals() -> None:
    rules = resolve("scopone", overrides={"scopone_deal": "10+0"})
    assert rules["opening_kings_redeal"] is True
    for seed in range(50):
        _, events = GAMES["scopone"].deal(rules, 4, seed, 3, Match((0, 0), 11))
        assert not of_type(events, "redeal")
        assert of_type(events, "dealt")[0].data["attempt"] == 0


def test_scopone_positions_in_the_middle_of_a_turn() -> None:
    """A 9+4 position in the middle of a turn: seats that have played hold one card fewer."""
    hands = ["*8", "*8", "*9", "*9"]
    state = position(hands, "2C 3S", game="scopone", stock=0)
    assert state.turn == 2
    ten = position(["*10", "*10", "*10", "*10"], "", game="scopone", rules={"scopone_deal": "10+0"}, stock=0,
                   last_capturer=None)
    assert ten.turn == 0
    assert not any(ten.captures)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_scopa_deal_sizes(players: int) -> None:
    rules = resolve("scopa")
    state, _ = GAMES["scopa"].deal(rules, players, 11, players - 1, Match((0,) * sides_of(players), 11))
    assert [len(h) for h in state.hands] == [3] * players
    assert len(state.table) == 4
    assert len(state.stock) == 40 - 4 - 3 * players
    assert state.turn == 0
