from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.game_entry import GameEntry
from ...models.game_id import GameId
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    game: GameId,
    *,
    accept_language: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(accept_language, Unset):
        headers["Accept-Language"] = accept_language



    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/games/{game}".format(game=quote(str(game), safe=""),),
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> GameEntry | Problem:
    if response.status_code == 200:
        response_200 = GameEntry.from_dict(response.json())



        return response_200

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())



        return response_404

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())



        return response_429

    response_default = Problem.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[GameEntry | Problem]:
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
    accept_language: str | Unset = UNSET,

) -> Response[GameEntry | Problem]:
    """ One game's catalogue entry.

    Args:
        game (GameId):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameEntry | Problem]
     """


    kwargs = _get_kwargs(
        game=game,
accept_language=accept_language,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    game: GameId,
    *,
    client: AuthenticatedClient | Client,
    accept_language: str | Unset = UNSET,

) -> GameEntry | Problem | None:
    """ One game's catalogue entry.

    Args:
        game (GameId):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameEntry | Problem
     """


    return sync_detailed(
        game=game,
client=client,
accept_language=accept_language,

    ).parsed

async def asyncio_detailed(
    game: GameId,
    *,
    client: AuthenticatedClient | Client,
    accept_language: str | Unset = UNSET,

) -> Response[GameEntry | Problem]:
    """ One game's catalogue entry.

    Args:
        game (GameId):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameEntry | Problem]
     """


    kwargs = _get_kwargs(
        game=game,
accept_language=accept_language,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    game: GameId,
    *,
    client: AuthenticatedClient | Client,
    accept_language: str | Unset = UNSET,

) -> GameEntry | Problem | None:
    """ One game's catalogue entry.

    Args:
        game (GameId):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameEntry | Problem
     """


    return (await asyncio_detailed(
        game=game,
client=client,
accept_language=accept_language,

    )).parsed
