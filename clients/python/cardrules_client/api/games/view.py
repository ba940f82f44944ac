from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.game_id import GameId
from ...models.problem import Problem
from ...models.view import View
from ...models.view_body import ViewBody
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    game: GameId,
    *,
    body: ViewBody,
    accept_language: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(accept_language, Unset):
        headers["Accept-Language"] = accept_language



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games/{game}/view".format(game=quote(str(game), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | View:
    if response.status_code == 200:
        response_200 = View.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())



        return response_400

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())



        return response_404

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())



        return response_429

    response_default = Problem.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | View]:
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
    body: ViewBody,
    accept_language: str | Unset = UNSET,

) -> Response[Problem | View]:
    """ What one seat may see, with card names in the deck style and the requested language.

    Args:
        game (GameId):
        accept_language (str | Unset):
        body (ViewBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | View]
     """


    kwargs = _get_kwargs(
        game=game,
body=body,
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
    body: ViewBody,
    accept_language: str | Unset = UNSET,

) -> Problem | View | None:
    """ What one seat may see, with card names in the deck style and the requested language.

    Args:
        game (GameId):
        accept_language (str | Unset):
        body (ViewBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | View
     """


    return sync_detailed(
        game=game,
client=client,
body=body,
accept_language=accept_language,

    ).parsed

async def asyncio_detailed(
    game: GameId,
    *,
    client: AuthenticatedClient | Client,
    body: ViewBody,
    accept_language: str | Unset = UNSET,

) -> Response[Problem | View]:
    """ What one seat may see, with card names in the deck style and the requested language.

    Args:
        game (GameId):
        accept_language (str | Unset):
        body (ViewBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | View]
     """


    kwargs = _get_kwargs(
        game=game,
body=body,
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
    body: ViewBody,
    accept_language: str | Unset = UNSET,

) -> Problem | View | None:
    """ What one seat may see, with card names in the deck style and the requested language.

    Args:
        game (GameId):
        accept_language (str | Unset):
        body (ViewBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | View
     """


    return (await asyncio_detailed(
        game=game,
client=client,
body=body,
accept_language=accept_language,

    )).parsed
