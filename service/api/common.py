"""What the game and session blueprints share: finding a game, reading a body, writing events, scores, views;
the session use cases' writer (``WRITER``); and the rounds a session deals itself.

Sessions the service deals itself (docs/fairness.md, sessions): the seed sealed inside the session record,
its commitment shown from the start, the seed itself shown only once the round is over.

A session made from a posted state has nothing to prove: its caller chose the cards. A session made with
``"deal": {"seed": "server", ...}`` keeps the sealed seed in its record; nobody, the owner included, learns the
seed before the round's last card is played, and every answer then carries it so that any player can check
the commitment and deal the round again.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from flask import Response, current_app
from marshmallow import Schema

from .. import usecases
from ..engine import names
from ..engine.cards import Card
from ..engine.errors import FieldProblem, IllegalMove
from ..engine.game import Game, MoveReason
from ..engine.games import find_game
from ..engine.moves import Move
from ..engine.scoring import RoundScore
from ..engine.state import Event, GameState
from ..fairness import SeedSealer
from ..players import Suggestion
from ..schemas import requests as schemas
from ..schemas.errors import RequestInvalid
from ..schemas.reader import READER
from ..schemas.state import dump_state, dump_value
from ..sessions import log
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


def played(game: Game, state: GameState, raw_move: object) -> Played:
    """Play a move, counting it for the metrics; an illegal one propagates as a 422."""
    try:
        result = play(game, state, schemas.load_move(game, raw_move))
    except IllegalMove as error:
        count_move(game.name, error.reason)
        raise
    count_move(game.name, None)
    return result


def dump_suggestion(found: Suggestion, seat: int, budget_ms: int, explain: int = 0) -> dict[str, Any]:
    """``budget_ms``: what the player was given, the caller's ask cut to the operator's SUGGEST_MAX_BUDGET_MS;
    ``explain``: the alternatives asked for, each reason worded in the caller's language."""
    answer: dict[str, Any] = {
        "seat": seat,
        "move": schemas.dump_move(found.move),
        "level": found.level,
        "considered": found.considered,
        "complete": found.complete,
        "confident": found.confident,
        "stopped_by": found.stopped_by,
        "elapsed_ms": round(found.elapsed_ms, 1),
        "budget_ms": budget_ms,
    }
    if found.worlds is not None:
        answer["worlds"] = found.worlds
    if explain:
        lang = language()
        answer["value_unit"] = found.value_unit
        answer["points_unit"] = found.points_unit
        answer["alternatives"] = [
            {
                "move": schemas.dump_move(alternative.move),
                "value": round(alternative.value, 3),
                "win_chance": None if alternative.win_chance is None else round(alternative.win_chance, 3),
                "points": round(alternative.points, 2) + 0.0,  # no "-0.0"
                "reasons": [dump_reason(reason, lang) for reason in alternative.reasons],
            }
            for alternative in found.alternatives
        ]
    return answer


def dump_reason(reason: MoveReason, lang: str) -> dict[str, Any]:
    params = dict(reason.params)
    return {"code": reason.code, "params": params, "text": i18n.hint_text(reason.code, lang, params) or reason.code}


def dump_events(
    events: list[Event], game: Game | None = None, after: GameState | None = None
) -> list[dict[str, Any]]:
    """Events as the API writes them, each with its audience ``to`` (``"all"`` or a seat); given the game and the
    state after them, ``round_over`` carries the round's score and the match totals, as every seat's view does."""
    out = []
    for event in events:
        dumped = {"type": event.type, **plain(event.data), "to": "all" if event.to is None else event.to}
        if event.type == "round_over" and game is not None and after is not None and after.round_over:
            dumped["score"] = labelled_score(game, game.score(after))
        out.append(dumped)
    return out


def dump_score(result: RoundScore) -> dict[str, Any]:
    out: dict[str, Any] = {
        "sides": [
            {
                "side": s.side,
                "seats": list(s.seats),
                "points": s.points,
                "total": s.total,
                "details": s.details,
            }
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


def view_body(game: Game, state: GameState, seat: int | None) -> dict[str, Any]:
    """One seat's view (``None``: the public view, every hand face down) with the names of the cards in hand, on
    the table and in the trick, in the deck style and the caller's language; once the round is over, its score."""
    if seat is not None and not 0 <= seat < state.players:
        raise RequestInvalid([FieldProblem("/seat", f"must be 0..{state.players - 1}")])
    seen = game.view(state, seat)
    lang = language()
    # Named: every card the view shows on its own or in a plain list (a hand, the table, a trump or called card) and
    # the trick's; piles and other nested lists are not (their names are the same cards' names, asked for rarely).
    visible = [card for value in seen.values() for card in _cards(value) if isinstance(card, Card)]
    visible += [item["card"] for item in seen.get("trick", [])]
    out: dict[str, Any] = plain(seen)
    out["names"] = {card.code: card_name(card, state.deck, lang) for card in visible}
    if state.round_over:  # every seat is told the round's score, the match totals after it and the result
        out["score"] = labelled_score(game, game.score(state))
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
        return {key: item if type(item) in _LEAVES else plain(item) for key, item in value.items()}
    if kind is tuple or kind is list:
        # Card lists (hands, the table, every pile) are most of a view's items: named here, without a call each.
        return [
            item if type(item) in _LEAVES else item.code if type(item) is Card else plain(item) for item in value
        ]
    return dump_value(value)


def _cards(value: Any) -> list[Any]:
    return list(value) if isinstance(value, tuple | list) else [value]


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


# -- the session use cases' writer ------------------------------------------------------------------------------

class JsonWriter:
    """``session_usecases.Writer``: engine values into the JSON of the answers, in the caller's language, and
    what an answer shows of a sealed seed."""

    def state(self, state: GameState) -> dict[str, Any]:
        return dump_state(state)

    def value(self, value: Any) -> Any:
        return dump_value(value)

    def view(self, game: Game, state: GameState, seat: int | None) -> dict[str, Any]:
        return view_body(game, state, seat)

    def events(
        self, events: list[Event], game: Game | None = None, after: GameState | None = None
    ) -> list[dict[str, Any]]:
        return dump_events(events, game, after)

    def move(self, move: Move) -> dict[str, Any]:
        return schemas.dump_move(move)

    def fairness(self, record: dict[str, str] | None, round_over: bool) -> dict[str, str] | None:
        return fairness_answer(record, round_over)


WRITER = JsonWriter()
