from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.game_id import GameId
from ...models.problem import Problem
from ...models.replay_request import ReplayRequest
from ...models.replayed import Replayed
from typing import cast



def _get_kwargs(
    game: GameId,
    *,
    body: ReplayRequest,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games/{game}/replay".format(game=quote(str(game), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | Replayed:
    if response.status_code == 200:
        response_200 = Replayed.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())



        return response_400

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())



        return response_404

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())



        return response_422

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())



        return response_429

    response_default = Problem.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | Replayed]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game: GameId,
    *,
    client: AuthenticatedClient | Client,
    body: ReplayRequest,

) -> Response[Problem | Replayed]:
    """ Replay a whole round or match from its seed and moves; verify a server-drawn seed.

     Deals from `seed` (as `deal` does, with `players`, `dealer`, `rules`, `preset`, `deck`, `round`) and
    plays
    `moves` in order, dealing the next round of the match from the same seed when a round ends. The
    answer is
    the final state, the last round's score and a digest of every event, or the first move the rules
    refuse
    (`refused`). A `sealed_seed` from a `"seed": "server"` deal replays that one round, with the match
    totals
    sealed in it. `rounds` replays a match whose rounds have seeds of their own (given or sealed), one
    entry a
    round; `round_results` gives every finished round's score and the match totals after it.

    A replay holding a sealed seed answers only when its moves legally finish every sealed round in it,
    and
    then reveals their seeds. Any other is a 422 `replay_not_finished`, the same answer whatever the
    moves
    were, and as much work ([docs/fairness.md](/docs/guide/fairness.md), threat model): it says nothing
    about the deal. Every move is
    read before any is played, so a malformed one is a 400 naming it whatever came before.
    `seed_commitment`, when given, is compared with the commitment of the seed (`commitment_matches`).
    At
    most 1500 moves in all.

    Args:
        game (GameId):
        body (ReplayRequest): One seed and its `moves`, or `rounds` (one seed each). Exactly one
            of `seed` (with `players`) or
            `sealed_seed` (alone with `moves` and `seed_commitment`); with `rounds`, none of `seed`,
            `sealed_seed`,
            `salt`, `seed_commitment` or `moves` at the top. The first round is dealt with `players`,
            `dealer`,
            `round`, `deck`, `preset`, `rules` and `scores` (the match totals before it), or with the
            context sealed in
            its sealed seed; each later round follows from the one before, as `deal` with `previous`
            does.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Replayed]
     """


    kwargs = _get_kwargs(
        game=game,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    game: GameId,
    *,
    client: AuthenticatedClient | Client,
    body: ReplayRequest,

) -> Problem | Replayed | None:
    """ Replay a whole round or match from its seed and moves; verify a server-drawn seed.

     Deals from `seed` (as `deal` does, with `players`, `dealer`, `rules`, `preset`, `deck`, `round`) and
    plays
    `moves` in order, dealing the next round of the match from the same seed when a round ends. The
    answer is
    the final state, the last round's score and a digest of every event, or the first move the rules
    refuse
    (`refused`). A `sealed_seed` from a `"seed": "server"` deal replays that one round, with the match
    totals
    sealed in it. `rounds` replays a match whose rounds have seeds of their own (given or sealed), one
    entry a
    round; `round_results` gives every finished round's score and the match totals after it.

    A replay holding a sealed seed answers only when its moves legally finish every sealed round in it,
    and
    then reveals their seeds. Any other is a 422 `replay_not_finished`, the same answer whatever the
    moves
    were, and as much work ([docs/fairness.md](/docs/guide/fairness.md), threat model): it says nothing
    about the deal. Every move is
    read before any is played, so a malformed one is a 400 naming it whatever came before.
    `seed_commitment`, when given, is compared with the commitment of the seed (`commitment_matches`).
    At
    most 1500 moves in all.

    Args:
        game (GameId):
        body (ReplayRequest): One seed and its `moves`, or `rounds` (one seed each). Exactly one
            of `seed` (with `players`) or
            `sealed_seed` (alone with `moves` and `seed_commitment`); with `rounds`, none of `seed`,
            `sealed_seed`,
            `salt`, `seed_commitment` or `moves` at the top. The first round is dealt with `players`,
            `dealer`,
            `round`, `deck`, `preset`, `rules` and `scores` (the match totals before it), or with the
            context sealed in
            its sealed seed; each later round follows from the one before, as `deal` with `previous`
            does.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Replayed
     """


    return sync_detailed(
        game=game,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    game: GameId,
    *,
    client: AuthenticatedClient | Client,
    body: ReplayRequest,

) -> Response[Problem | Replayed]:
    """ Replay a whole round or match from its seed and moves; verify a server-drawn seed.

     Deals from `seed` (as `deal` does, with `players`, `dealer`, `rules`, `preset`, `deck`, `round`) and
    plays
    `moves` in order, dealing the next round of the match from the same seed when a round ends. The
    answer is
    the final state, the last round's score and a digest of every event, or the first move the rules
    refuse
    (`refused`). A `sealed_seed` from a `"seed": "server"` deal replays that one round, with the match
    totals
    sealed in it. `rounds` replays a match whose rounds have seeds of their own (given or sealed), one
    entry a
    round; `round_results` gives every finished round's score and the match totals after it.

    A replay holding a sealed seed answers only when its moves legally finish every sealed round in it,
    and
    then reveals their seeds. Any other is a 422 `replay_not_finished`, the same answer whatever the
    moves
    were, and as much work ([docs/fairness.md](/docs/guide/fairness.md), threat model): it says nothing
    about the deal. Every move is
    read before any is played, so a malformed one is a 400 naming it whatever came before.
    `seed_commitment`, when given, is compared with the commitment of the seed (`commitment_matches`).
    At
    most 1500 moves in all.

    Args:
        game (GameId):
        body (ReplayRequest): One seed and its `moves`, or `rounds` (one seed each). Exactly one
            of `seed` (with `players`) or
            `sealed_seed` (alone with `moves` and `seed_commitment`); with `rounds`, none of `seed`,
            `sealed_seed`,
            `salt`, `seed_commitment` or `moves` at the top. The first round is dealt with `players`,
            `dealer`,
            `round`, `deck`, `preset`, `rules` and `scores` (the match totals before it), or with the
            context sealed in
            its sealed seed; each later round follows from the one before, as `deal` with `previous`
            does.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Replayed]
     """


    kwargs = _get_kwargs(
        game=game,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    game: GameId,
    *,
    client: AuthenticatedClient | Client,
    body: ReplayRequest,

) -> Problem | Replayed | None:
    """ Replay a whole round or match from its seed and moves; verify a server-drawn seed.

     Deals from `seed` (as `deal` does, with `players`, `dealer`, `rules`, `preset`, `deck`, `round`) and
    plays
    `moves` in order, dealing the next round of the match from the same seed when a round ends. The
    answer is
    the final state, the last round's score and a digest of every event, or the first move the rules
    refuse
    (`refused`). A `sealed_seed` from a `"seed": "server"` deal replays that one round, with the match
    totals
    sealed in it. `rounds` replays a match whose rounds have seeds of their own (given or sealed), one
    entry a
    round; `round_results` gives every finished round's score and the match totals after it.

    A replay holding a sealed seed answers only when its moves legally finish every sealed round in it,
    and
    then reveals their seeds. Any other is a 422 `replay_not_finished`, the same answer whatever the
    moves
    were, and as much work ([docs/fairness.md](/docs/guide/fairness.md), threat model): it says nothing
    about the deal. Every move is
    read before any is played, so a malformed one is a 400 naming it whatever came before.
    `seed_commitment`, when given, is compared with the commitment of the seed (`commitment_matches`).
    At
    most 1500 moves in all.

    Args:
        game (GameId):
        body (ReplayRequest): One seed and its `moves`, or `rounds` (one seed each). Exactly one
            of `seed` (with `players`) or
            `sealed_seed` (alone with `moves` and `seed_commitment`); with `rounds`, none of `seed`,
            `sealed_seed`,
            `salt`, `seed_commitment` or `moves` at the top. The first round is dealt with `players`,
            `dealer`,
            `round`, `deck`, `preset`, `rules` and `scores` (the match totals before it), or with the
            context sealed in
            its sealed seed; each later round follows from the one before, as `deal` with `previous`
            does.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Replayed
     """


    return (await asyncio_detailed(
        game=game,
client=client,
body=body,

    )).parsed
