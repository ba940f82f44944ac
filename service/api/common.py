"""What the game and session blueprints share: finding a game, reading a body, writing events, scores, views;
a table's answers, stored states and log entries made from what the session use cases return; and the rounds a
session deals itself.

Sessions the service deals itself (docs/fairness.md, sessions): the seed sealed inside the session record,
its commitment shown from the start, the seed itself shown only once the round is over.

A session made from a posted state has nothing to prove: its caller chose the cards. A session made with
``"deal": {"seed": "server", ...}`` keeps the sealed seed in its record; nobody, the owner included, learns the
seed before the round's last card is played, and every answer then carries it so that any player can check
the commitment and deal the round again.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import compress
from operator import attrgetter
from typing import Any, NamedTuple, TypeVar

from flask import Response, current_app
from marshmallow import Schema

from .. import session_usecases, usecases
from ..engine import names
from ..engine.cards import Card
from ..engine.errors import FieldProblem, IllegalMove
from ..engine.game import Game
from ..engine.games import find_game
from ..engine.moves import Move
from ..engine.scoring import RoundScore
from ..engine.state import Event, GameState
from ..fairness import SeedSealer
from ..schemas import requests as schemas
from ..schemas.errors import RequestInvalid
from ..schemas.reader import READER
from ..schemas.state import dump_state, dump_value
from ..sessions import ending, log
from ..usecases import Played, play
from . import i18n
from .jsonio import json_response, read_json
from .metrics import count_move
from .problems import ApiProblem, language


def game_for(name: str) -> tuple[Game, str | None]:
    found = find_game(name)
    if found is None:
        raise ApiProblem(404, "unknown_game", f"there is no game {name!r}", {"game": name})
    return found


def seed_sealer() -> SeedSealer:
    """The sealer of server-drawn seeds, made once by the app from its key."""
    sealer: SeedSealer = current_app.extensions["seed_sealer"]
    return sealer


def logged_events(game: str, audience: log.Audience, entries: tuple[tuple[int, bytes], ...]) -> list[dict[str, Any]]:
    """A session's logged events as ``audience`` may read them, numbered by version, in the reader's language."""
    return i18n.labelled(game, log.read(audience, entries, seed_sealer()), language())


def body(schema: Schema) -> dict[str, Any]:
    return schemas.load(schema, read_json())


T = TypeVar("T")


def counted(game: Game, move: Callable[[], T]) -> T:
    """A move made, counted for the metrics: legal, or illegal with its reason (which propagates as a 422)."""
    try:
        result = move()
    except IllegalMove as error:
        count_move(game.name, error.reason)
        raise
    count_move(game.name, None)
    return result


def played(game: Game, state: GameState, raw_move: object) -> Played:
    """Play a posted move, counted for the metrics."""
    return counted(game, lambda: play(game, state, schemas.load_move(game, raw_move)))


def dump_events(
    events: list[Event],
    game: Game | None = None,
    after: GameState | None = None,
    score: RoundScore | None = None,
) -> list[dict[str, Any]]:
    """Events as the API writes them, each with its audience ``to`` (``"all"`` or a seat); given the game and the
    state after them, ``round_over`` carries the round's score (``score``, when the caller has it already) and the
    match totals, as every seat's view does."""
    out = []
    for event in events:
        dumped = {"type": event.type, **plain(event.data), "to": "all" if event.to is None else event.to}
        if event.type == "round_over" and game is not None and after is not None and after.round_over:
            dumped["score"] = labelled_score(game, score or game.score(after))
        out.append(dumped)
    return out


def dump_score(result: RoundScore) -> dict[str, Any]:
    out: dict[str, Any] = {
        "sides": [
            {"side": s.side, "seats": list(s.seats), "points": s.points, "total": s.total, "details": s.details}
            for s in result.sides
        ],
        "match": {
            "scores": list(result.match.scores),
            "target": result.match.target,
            "round": result.match.round,
            "over": result.match.over,
            "winner": result.match.winner,
        },
    }
    if result.winner is not None or any("card_points" in s.points for s in result.sides):
        out["winner"] = result.winner
    return out


def render_view(game: Game, state: GameState, seat: int) -> Response:
    return json_response(view_body(game, state, seat))  # Content-Language and Vary are added for every response


def view_body(game: Game, state: GameState, seat: int | None, score: RoundScore | None = None) -> dict[str, Any]:
    """One seat's view (``None``: the public view, every hand face down) with the names of the cards in hand, on
    the table and in the trick, in the deck style and the caller's language; once the round is over, its score
    (``score``, when the caller has it already)."""
    if seat is not None and not 0 <= seat < state.players:
        raise RequestInvalid([FieldProblem("/seat", f"must be 0..{state.players - 1}")])
    seen = game.view(state, seat)
    lang = language()
    # Named: every card the view shows on its own or in a plain list (a hand, the table, a trump or called card) and
    # the trick's; piles and other nested lists are not (their names are the same cards' names, asked for rarely).
    # The values that may hold cards are picked in C (a view is mostly numbers, flags and rules).
    visible: list[Card] = []
    values = seen.values()
    for value in compress(values, map(_MAY_NAME.__contains__, map(type, values))):
        if type(value) is Card:
            visible.append(value)
        elif _CARDS_ONLY.issuperset(map(type, value)):
            visible += value
        else:
            visible += [card for card in value if type(card) is Card]
    visible += [item["card"] for item in seen.get("trick", ())]
    # The view's own values, cards included: the answer's writer (``schemas.fastpath.dumps``) names each card by its
    # code, in C, where copying the view into plain JSON first cost a tenth of a session move.
    out: dict[str, Any] = dict(seen)
    out["names"] = {card.code: card_name(card, state.deck, lang) for card in visible}
    if state.round_over:  # every seat is told the round's score, the match totals after it and the result
        out["score"] = labelled_score(game, score or game.score(state))
    return out


@lru_cache(maxsize=2048)
def card_name(card: Card, deck: str, lang: str) -> str:
    """``names.card_name``, kept: a card's name depends on the card, the deck style and the language alone (40
    cards, a few styles, a few languages), and a view names up to a dozen cards."""
    return names.card_name(card, deck, lang)


def labelled_score(game: Game, result: RoundScore) -> dict[str, Any]:
    """A score answer with ``labels``: the codes stay stable for programs; the labels are what a table shows its
    players, in the game's own terms and the caller's language."""
    answer = dump_score(result)
    scored = {code for side in answer["sides"] for code in side["points"]}
    codes = [code for code in i18n.category_codes(game.name) if code in scored]
    answer["labels"] = i18n.score_labels(game.name, codes, language())
    return answer


_LEAVES = frozenset({str, int, float, bool, type(None)})


def plain(value: Any) -> Any:
    """What ``dump_value`` makes of an engine value (a view, an event's data), with the exact types of JSON's
    leaves passed as they are first: a view is mostly such leaves (its rules), and each fresh container is built
    as ``dump_value`` builds it. Any other type is left to ``dump_value``."""
    kind = type(value)
    if kind in _LEAVES:
        return value
    if kind is Card:
        return value.code
    if kind is dict:
        # The types of a container's items are gathered in C: a container of leaves alone (the rules) is copied
        # as it is, without a test an item in Python.
        if _LEAVES.issuperset(map(type, value.values())):
            return dict(value)
        return {key: item if type(item) in _LEAVES else plain(item) for key, item in value.items()}
    if kind is tuple or kind is list:
        kinds = set(map(type, value))
        if kinds <= _CARDS_ONLY:  # a hand, the table, a pile: named without a call each
            return list(map(_CODE, value))
        if kinds <= _LEAVES:
            return list(value)
        return [
            item if type(item) in _LEAVES else item.code if type(item) is Card else plain(item) for item in value
        ]
    return dump_value(value)


_CARDS_ONLY = frozenset({Card})
_MAY_NAME = frozenset({Card, tuple, list})
_CODE = attrgetter("code")


# -- the rounds a session deals itself ---------------------------------------------------------------------------

Dealt = tuple[GameState, dict[str, str] | None, list[Event]]
"""A session's round: the state, what the record keeps of a server-drawn seed, and the deal's events."""


def deal_session(game: Game, alias_preset: str | None, raw: object) -> Dealt:
    """A first round from ``{players, seed, dealer?, deck?, preset?, rules?, salt?}``, with its sealed seed."""
    data = schemas.load(schemas.DEAL_REQUEST, raw, "/deal")
    if "previous" in data:
        raise RequestInvalid(
            [
                FieldProblem(
                    "/deal/previous", "a session's next round is dealt by POST /v1/sessions/{id}/next-round"
                )
            ]
        )
    dealt = usecases.deal(READER, game, alias_preset, data)
    return dealt.state, sealed_record(dealt), dealt.events


def deal_next_round(game: Game, previous: dict[str, Any], raw: dict[str, Any]) -> Dealt:
    """The next round of a session's match, dealt from its finished state and ``{seed, salt?}``."""
    dealt = usecases.deal(READER, game, None, {**raw, "previous": previous})
    return dealt.state, sealed_record(dealt), dealt.events


def sealed_record(dealt: usecases.Dealt) -> dict[str, str] | None:
    """What the session record keeps of a server-drawn seed: the commitment, and the seed sealed (never plain)."""
    if dealt.sealed is None:
        return None
    return {"commitment": dealt.sealed.commitment, "sealed": seed_sealer().seal(dealt.sealed)}


def fairness_answer(record: dict[str, str] | None, round_over: bool) -> dict[str, str] | None:
    """``{seed_commitment}``, and once the round is over the seed (and salt) that the commitment binds."""
    if record is None:
        return None
    answer = {"seed_commitment": record["commitment"]}
    if round_over:
        opened = seed_sealer().open(record["sealed"])
        answer["seed"] = opened.seed
        if opened.salt is not None:
            answer["salt"] = opened.salt
    return answer


# -- a table's answers: what the session use cases give back, as JSON ----------------------------------------

class Table(NamedTuple):
    """What a write keeps of the session it changes."""

    id: str
    version: int
    """The version the write replaces; the answer carries the next one."""
    sealed: bool
    fairness: dict[str, str] | None
    seats: list[dict[str, Any]] | None = None
    """Who sits at the table, as every token reads it (``session_seats.shown_seats``)."""


class Written(NamedTuple):
    """A write's outcome: the answer, and what the record and the log keep."""

    answer: dict[str, Any]
    state: dict[str, Any]
    events: list[dict[str, Any]]
    fairness: dict[str, str] | None
    after: GameState
    """The state written, as the engine's value: what the worker keeps as the record's checked state."""


def session_move(game: Game, state: GameState, chosen: Move) -> session_usecases.Moved:
    """``session_usecases.move``, counted for the metrics."""
    return counted(game, lambda: session_usecases.move(game, state, chosen))


def with_fairness(
    answer: dict[str, Any], record: dict[str, str] | None, round_over: bool, sealed: bool
) -> dict[str, Any]:
    """Every answer says whether the table is ``sealed``; one about a server-dealt round carries ``fairness``:
    the commitment, and the seed once the round is over."""
    shown = fairness_answer(record, round_over)
    if shown is not None:
        answer["fairness"] = shown
    answer["sealed"] = sealed
    return answer


def owner_answer(
    session_id: str,
    version: int,
    game: Game,
    state: GameState,
    dumped: dict[str, Any] | None,
    public_only: bool,
    **extra: Any,
) -> dict[str, Any]:
    """The session as its owner sees it: the whole state, or at a sealed table (``public_only``) the public view,
    a spectator's."""
    shown = {"view": view_body(game, state, None)} if public_only else {"state": dumped or dump_state(state)}
    return stored_answer(session_id, version, game.name, shown, extra)


def stored_answer(
    session_id: str, version: int, game: str, shown: dict[str, Any], extra: dict[str, Any]
) -> dict[str, Any]:
    """The shape of every answer about the session itself: its id, version and game, what the caller sees of the
    table (``state`` or ``view``), then the rest."""
    return {"id": session_id, "version": version, "game": game, **shown, **extra}


def opened_log(game: Game, state: GameState, dealt: list[Event] | None) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A new or replaced table's stored state and first log entry: the deal's events, or (``dealt`` None) a
    posted state's: its public view to all, each seat's hand to that seat."""
    if dealt is not None:
        return dump_state(state), dump_events(dealt, game, state)
    public, hands = session_usecases.posted(game, state)
    return dump_state(state), [{"type": "state_set", "view": dump_value(public), "to": "all"}, *dump_events(hands)]


def move_written(
    game: Game, on: Table, seat: int | None, moved: session_usecases.Moved, raw_move: object,
    data: dict[str, Any], sees: Callable[[dict[str, Any]], bool],
) -> Written:
    """A move's answer and log entry: ``seat``'s view (None: the owner's answer), the events ``sees`` lets the
    caller read; ``raw_move`` as posted (what replay takes), ``by`` a computer when ``data`` asked one."""
    after = moved.after
    dumped = dump_state(after)
    events = dump_events(moved.events, game, after, moved.score)
    events[0]["move"] = raw_move  # what replay takes: a seat verifies a dealt round from the log alone
    if "computer" in data:
        events[0]["by"] = "computer"
        if data.get("reason") is not None:
            events[0]["reason"] = data["reason"]
    if moved.score is not None and moved.score.match.over:
        events.append(ending.event("played", events[-1]["score"]["match"]))
    extra = with_fairness({"events": [event for event in events if sees(event)]}, on.fairness, after.round_over,
                          on.sealed)
    if on.seats is not None:
        extra["seats"] = on.seats
    if "computer" in data:
        extra["move"] = raw_move
    new_version = on.version + 1  # what the compare-and-set on ``on.version`` makes it
    if seat is None:
        answer = owner_answer(on.id, new_version, game, after, dumped, on.sealed, **extra)
    else:
        view = view_body(game, after, seat, moved.score)
        answer = stored_answer(on.id, new_version, game.name, {"view": view}, extra)
    return Written(answer, dumped, events, on.fairness, after)


def round_written(
    game: Game, state: GameState, fairness: dict[str, str] | None, dealt: list[Event], on: Table,
    sees: Callable[[dict[str, Any]], bool],
) -> Written:
    """The answer to (and the record of) the next round, dealt as ``state`` with ``dealt``'s events and the
    sealed seed ``fairness``; answered as the owner sees it."""
    dumped = dump_state(state)
    events = dump_events(dealt, game, state)
    extra = with_fairness({"events": [event for event in events if sees(event)]}, fairness, state.round_over,
                          on.sealed)
    if on.seats is not None:
        extra["seats"] = on.seats
    answer = owner_answer(on.id, on.version + 1, game, state, dumped, on.sealed, **extra)
    return Written(answer, dumped, events, fairness, state)


def conceded_written(
    game: Game, state: GameState, on: Table, viewer: int | None, ended: ending.Conceded,
    sees: Callable[[dict[str, Any]], bool],
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A concession's answer (``viewer``'s view: the public one for None) and the log's events."""
    events = [ending.event(ended.reason, ended.match, ended.seat)]
    extra = with_fairness({"events": [e for e in events if sees(e)]}, on.fairness, state.round_over, on.sealed)
    extra["match_over"] = ending.shown(ended)
    if on.seats is not None:
        extra["seats"] = on.seats
    answer = stored_answer(on.id, on.version + 1, game.name, {"view": view_body(game, state, viewer)}, extra)
    return answer, events


def seat_view(
    game: Game, state: GameState, seat: int | None, record: dict[str, str] | None, sealed: bool
) -> dict[str, Any]:
    """A token's view of the table (``seat`` None: the public one), with what it shows of a sealed seed."""
    return with_fairness(view_body(game, state, seat), record, state.round_over, sealed)
