"""The game endpoints (API.md, Endpoints): parse, call the use case, serialize."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Flask, Response

from .. import usecases
from ..engine.errors import IllegalMove
from ..replay import RoundResult, SealedReplayUnfinished
from ..replay import replay as replay_moves
from ..schemas import requests as schemas
from ..schemas.reader import READER
from ..schemas.state import dump_state
from . import i18n, thinking
from .common import (
    body,
    dump_events,
    dump_score,
    game_for,
    labelled_score,
    played,
    render_view,
    seed_sealer,
)
from .jsonio import json_response
from .metrics import count_move
from .problems import ApiProblem, language

blueprint = Blueprint("games", __name__, url_prefix="/v1/games")


@blueprint.get("")
def list_games() -> Response:
    lang = language()
    return json_response({"games": i18n.all_games(lang), "cards": i18n.card_names(lang)})


@blueprint.get("/<game_name>")
def show_game(game_name: str) -> Response:
    game_for(game_name)
    return json_response(i18n.entry(game_name, language()))


@blueprint.post("/<game_name>/deal")
def deal(game_name: str) -> Response:
    game, alias_preset = game_for(game_name)
    state, events, sealed = usecases.deal(READER, game, alias_preset, body(schemas.DEAL_REQUEST))
    answer: dict[str, Any] = {"state": dump_state(state), "events": dump_events(events)}
    if sealed is not None:
        answer.update(seed_commitment=sealed.commitment, sealed_seed=seed_sealer().seal(sealed))
    return json_response(answer)


@blueprint.post("/<game_name>/replay")
def replay(game_name: str) -> Response:
    game, alias_preset = game_for(game_name)
    data = body(schemas.REPLAY_REQUEST)
    try:
        done = replay_moves(game, alias_preset, data, seed_sealer())
    except SealedReplayUnfinished:
        # Until its round is over a sealed deal is secret: one answer whatever the moves, nothing to probe with.
        raise ApiProblem(
            422, "replay_not_finished", "a sealed seed is opened only by moves that legally finish its round"
        ) from None
    answer: dict[str, Any] = {
        "valid": done.refused is None,
        "rounds": done.rounds,
        "moves_played": done.moves,
        "events_digest": done.digest,
        "state": dump_state(done.state),
        "score": None if done.score is None else dump_score(done.score),
        "round_results": [dump_round_result(result) for result in done.results],
    }
    if done.refused is not None:
        error = done.refused.error
        answer["refused"] = {
            "move_index": done.refused.at,
            "round": done.refused.round,
            "reason": error.reason,
            "message": i18n.reason_text(error.reason, language(), error.params) or error.message,
        }
    if "rounds" not in data:  # the one-round form also answers about its seed at the top level
        if done.commitment is not None:
            answer["seed_commitment"] = done.commitment
            if "seed_commitment" in data:
                answer["commitment_matches"] = data["seed_commitment"] == done.commitment
        if done.results and done.results[0].seed is not None:
            answer["seed"] = done.results[0].seed
    return json_response(answer)


def dump_round_result(result: RoundResult) -> dict[str, Any]:
    out: dict[str, Any] = {"round": result.round, "score": dump_score(result.score)}
    if result.commitment is not None:
        out["seed_commitment"] = result.commitment
    if result.commitment_matches is not None:
        out["commitment_matches"] = result.commitment_matches
    if result.seed is not None:
        out["seed"] = result.seed
        if result.salt is not None:
            out["salt"] = result.salt
    return out


@blueprint.post("/<game_name>/suggest")
def suggest(game_name: str) -> Response:
    """A computer player's move, from what the seat may see alone, thought out in the computer players' pool."""
    game, _ = game_for(game_name)
    with thinking.current().admitted() as pool:  # a refusal comes before the body is even read
        data = pool.within_budget(body(schemas.SUGGEST_REQUEST))
        seat, found = usecases.suggestion(READER, game, data, pool.think)
    return json_response(thinking.dump_suggestion(found, seat, data["budget_ms"], data.get("explain", 0)))


@blueprint.post("/<game_name>/legal-moves")
def legal_moves(game_name: str) -> Response:
    game, _ = game_for(game_name)
    found = usecases.legal_moves(READER, game, body(schemas.STATE_REQUEST))
    return json_response(
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
    verdict = usecases.verdict(READER, game, body(schemas.MOVE_REQUEST))
    if not isinstance(verdict, IllegalMove):
        count_move(game.name, None)
        return json_response({"legal": True, "move": schemas.dump_move(verdict)})
    count_move(game.name, verdict.reason)
    answer: dict[str, Any] = {
        "legal": False,
        "reason": verdict.reason,
        "message": i18n.reason_text(verdict.reason, language(), verdict.params) or verdict.message,
    }
    if "options" in verdict.params:
        answer["options"] = verdict.params["options"]
    return json_response(answer)


@blueprint.post("/<game_name>/play")
def play(game_name: str) -> Response:
    game, _ = game_for(game_name)
    data = body(schemas.MOVE_REQUEST)
    after, events = played(game, usecases.checked_state(READER, game, data["state"]), data["move"])
    return json_response({"state": dump_state(after), "events": dump_events(events, game, after)})


@blueprint.post("/<game_name>/score")
def score(game_name: str) -> Response:
    game, _ = game_for(game_name)
    return json_response(labelled_score(game, usecases.score(READER, game, body(schemas.SCORE_REQUEST))))


@blueprint.post("/<game_name>/view")
def view(game_name: str) -> Response:
    game, _ = game_for(game_name)
    data = body(schemas.VIEW_REQUEST)
    return render_view(game, usecases.checked_state(READER, game, data["state"]), data["seat"])


def init_app(app: Flask) -> None:
    app.register_blueprint(blueprint)
