from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.game_id import GameId
from ...models.illegal_move_problem import IllegalMoveProblem
from ...models.move_request import MoveRequest
from ...models.problem import Problem
from ...models.state_with_events import StateWithEvents
from typing import cast



def _get_kwargs(
    game: GameId,
    *,
    body: MoveRequest,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games/{game}/play".format(game=quote(str(game), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> IllegalMoveProblem | Problem | StateWithEvents:
    if response.status_code == 200:
        response_200 = StateWithEvents.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())



        return response_400

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())



        return response_404

    if response.status_code == 422:
        response_422 = IllegalMoveProblem.from_dict(response.json())



        return response_422

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())



        return response_429

    response_default = Problem.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[IllegalMoveProblem | Problem | StateWithEvents]:
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
    body: MoveRequest,

) -> Response[IllegalMoveProblem | Problem | StateWithEvents]:
    """ Apply a move; the next state includes the next deal from the stock and the end of the round.

    Args:
        game (GameId):
        body (MoveRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[IllegalMoveProblem | Problem | StateWithEvents]
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
    body: MoveRequest,

) -> IllegalMoveProblem | Problem | StateWithEvents | None:
    """ Apply a move; the next state includes the next deal from the stock and the end of the round.

    Args:
        game (GameId):
        body (MoveRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        IllegalMoveProblem | Problem | StateWithEvents
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
    body: MoveRequest,

) -> Response[IllegalMoveProblem | Problem | StateWithEvents]:
    """ Apply a move; the next state includes the next deal from the stock and the end of the round.

    Args:
        game (GameId):
        body (MoveRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[IllegalMoveProblem | Problem | StateWithEvents]
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
    body: MoveRequest,

) -> IllegalMoveProblem | Problem | StateWithEvents | None:
    """ Apply a move; the next state includes the next deal from the stock and the end of the round.

    Args:
        game (GameId):
        body (MoveRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        IllegalMoveProblem | Problem | StateWithEvents
     """


    return (await asyncio_detailed(
        game=game,
client=client,
body=body,

    )).parsed
