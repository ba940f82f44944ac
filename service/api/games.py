"""The game endpoints (API.md, Endpoints): parse, call the engine, serialize."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Flask, Response, current_app, jsonify

from ..engine import names
from ..engine import options as engine_options
from ..engine.errors import FieldProblem, IllegalMove, InvalidState, MatchOver, RoundNotOver
from ..engine.fishing_score import score_piles
from ..engine.games import find_game
from ..engine.scoring import RoundScore
from ..engine.state import GameState, Match, sides_of
from ..engine.validation import check_reported_fields
from ..engine.view import observe
from ..schemas import requests as schemas
from ..schemas.errors import RequestInvalid
from ..schemas.piles import load_piles
from ..schemas.state import dump_state, dump_value, load_rules, load_state
from . import catalogue, i18n
from .jsonio import read_json
from .metrics import count_move
from .problems import ApiProblem, language

blueprint = Blueprint("games", __name__, url_prefix="/v1/games")
Game = Any  # Scopa | Escoba | Briscola: the engine's game objects share one vocabulary


def game_for(name: str) -> tuple[Game, str | None]:
    found = find_game(name)
    if found is None:
        raise ApiProblem(404, "unknown_game", f"there is no game {name!r}", {"game": name})
    return found


def body(schema: Any) -> dict[str, Any]:
    return schemas.load(schema, read_json(current_app))


def checked_state(game: Game, raw: object, prefix: str = "/state") -> GameState:
    """Load and validate a posted state; every consistency failure names its field under ``prefix``."""
    state, reported = load_state(game.name, raw, prefix)
    try:
        game.validate(state)
        check_reported_fields(state, reported)
    except InvalidState as error:
        problems = [FieldProblem(prefix + problem.pointer, problem.message) for problem in error.problems]
        raise InvalidState(error.code, error.message, problems) from error
    return state


def dump_events(events: list[Any]) -> list[dict[str, Any]]:
    return [{"type": event.type, **dump_value(event.data)} for event in events]


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


@blueprint.get("")
def list_games() -> Response:
    return jsonify({"games": catalogue.all_games(language())})


@blueprint.get("/<game_name>")
def show_game(game_name: str) -> Response:
    game_for(game_name)
    return jsonify(catalogue.entry(game_name, language()))


@blueprint.post("/<game_name>/deal")
def deal(game_name: str) -> Response:
    game, alias_preset = game_for(game_name)
    data = body(schemas.DEAL_REQUEST)
    if "previous" in data:
        previous = checked_state(game, data["previous"], "/previous")
        if not previous.round_over:
            raise RoundNotOver("the previous round is not over")
        result = game.score(previous)
        if result.match.over:
            raise MatchOver(
                f"the match is over: side {result.match.winner} won", {"winner": result.match.winner}
            )
        match = Match(result.match.scores, result.match.target, previous.match.round + 1)
        rules, players, deck = previous.rules, previous.players, previous.deck
        dealer = (previous.dealer + 1) % players
        repeated = {"players": players, "deck": deck, "dealer": dealer}
        clashes = [name for name, value in repeated.items() if name in data and data[name] != value]
        clashes += [
            f"rules/{name}" for name, value in data.get("rules", {}).items() if rules.get(name) != value
        ]
        clashes += ["preset"] if "preset" in data else []
        if clashes:
            raise RequestInvalid(
                [FieldProblem("/" + name, "the next round takes this from 'previous'") for name in clashes]
            )
    else:
        preset_name = data.get("preset", alias_preset)
        preset = None if preset_name is None else engine_options.preset_for(game.name, preset_name)
        rules = engine_options.resolve(game.name, preset_name, {})
        if "rules" in data:
            rules = load_rules(game.name, {**dict(rules), **data["rules"]}, "")
        players = data["players"]
        if players not in game.player_counts:
            allowed = ", ".join(map(str, game.player_counts))
            raise RequestInvalid([FieldProblem("/players", f"{game.name} is played by {allowed} players")])
        dealer = data.get("dealer", players - 1)
        if dealer >= players:
            raise RequestInvalid([FieldProblem("/dealer", f"must be 0..{players - 1}")])
        deck = data.get("deck") or (preset.deck if preset and preset.deck else "italian")
        match = Match((0,) * sides_of(players), rules.target, 1)
    state, events = game.deal(rules, players, data["seed"], dealer, match, deck)
    return jsonify({"state": dump_state(state), "events": dump_events(events)})


@blueprint.post("/<game_name>/legal-moves")
def legal_moves(game_name: str) -> Response:
    game, _ = game_for(game_name)
    data = body(schemas.STATE_REQUEST)
    state = checked_state(game, data["state"])
    found = game.legal_moves(state, data.get("limit"))
    return jsonify(
        {
            "seat": found.seat,
            "moves": [schemas.dump_move(move) for move in found.moves],
            "total": found.total,
            "truncated": len(found.moves) < found.total,
        }
    )


@blueprint.post("/<game_name>/validate")
def validate_move(game_name: str) -> Response:
    game, _ = game_for(game_name)
    data = body(schemas.MOVE_REQUEST)
    state = checked_state(game, data["state"])
    move = schemas.load_move(game.name, data["move"])
    try:
        resolved = game.check(state, move)
        count_move(game.name, None)
    except IllegalMove as error:
        count_move(game.name, error.reason)
        answer: dict[str, Any] = {
            "legal": False,
            "reason": error.reason,
            "message": i18n.reason_text(error.reason, language(), error.params) or error.message,
        }
        if "options" in error.params:
            answer["options"] = error.params["options"]
        return jsonify(answer)
    return jsonify({"legal": True, "move": schemas.dump_move(resolved)})


@blueprint.post("/<game_name>/play")
def play(game_name: str) -> Response:
    game, _ = game_for(game_name)
    data = body(schemas.MOVE_REQUEST)
    state = checked_state(game, data["state"])
    after, events = played(game, state, schemas.load_move(game.name, data["move"]))
    return jsonify({"state": dump_state(after), "events": dump_events(events)})


def played(game: Game, state: GameState, move: Any) -> tuple[GameState, list[Any]]:
    """Play a move, counting it for the metrics; an illegal one propagates as a 422."""
    try:
        after, events = game.play(state, move)
    except IllegalMove as error:
        count_move(game.name, error.reason)
        raise
    count_move(game.name, None)
    return after, events


@blueprint.post("/<game_name>/score")
def score(game_name: str) -> Response:
    game, _ = game_for(game_name)
    data = body(schemas.SCORE_REQUEST)
    if "state" in data:
        return jsonify(dump_score(game.score(checked_state(game, data["state"]))))
    return jsonify(dump_score(score_from_piles(game, data)))


def score_from_piles(game: Game, data: dict[str, Any]) -> RoundScore:
    if game.name == "briscola":
        raise RequestInvalid([FieldProblem("/state", "Briscola is scored from a finished state")])
    rules, players, captures, sweeps, match = load_piles(game, data)
    return score_piles(rules, players, captures, sweeps, match)


@blueprint.post("/<game_name>/view")
def view(game_name: str) -> Response:
    game, _ = game_for(game_name)
    data = body(schemas.VIEW_REQUEST)
    state = checked_state(game, data["state"])
    return render_view(state, data["seat"])


def render_view(state: GameState, seat: int) -> Response:
    """One seat's view with the names of every card it shows, in the deck style and the caller's language."""
    if not 0 <= seat < state.players:
        raise RequestInvalid([FieldProblem("/seat", f"must be 0..{state.players - 1}")])
    seen = observe(state, seat)
    lang = language()
    visible = [card for key in ("hand", "table", "trump_card") for card in _cards(seen.get(key))]
    visible += [item["card"] for item in seen.get("trick", [])]
    out = dump_value(seen)
    out["names"] = {card.code: names.card_name(card, state.deck, lang) for card in visible}
    return jsonify(out)  # Content-Language and Vary are added for every response


def _cards(value: Any) -> list[Any]:
    if value is None:
        return []
    return list(value) if isinstance(value, tuple | list) else [value]


def init_app(app: Flask) -> None:
    app.register_blueprint(blueprint)
