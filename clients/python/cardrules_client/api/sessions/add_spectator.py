from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem import Problem
from ...models.spectator_token import SpectatorToken
from typing import cast



def _get_kwargs(
    id: str,
    *,
    if_match: str,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["If-Match"] = if_match



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/sessions/{id}/spectators".format(id=quote(str(id), safe=""),),
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | SpectatorToken:
    if response.status_code == 201:
        response_201 = SpectatorToken.from_dict(response.json())



        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())



        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())



        return response_404

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())



        return response_409

    if response.status_code == 412:
        response_412 = Problem.from_dict(response.json())



        return response_412

    if response.status_code == 428:
        response_428 = Problem.from_dict(response.json())



        return response_428

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())



        return response_429

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())



        return response_503

    response_default = Problem.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | SpectatorToken]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    if_match: str,

) -> Response[Problem | SpectatorToken]:
    """ Issue a spectator token (owner token only): the public view, never a hand, and nothing else.

     A spectator token reads `GET /v1/sessions/{id}/view` (the public view: `seat` and `hand` null) and
    is
    refused everything else (403 `read_only_token`, or `owner_token_required`). Creation hands out one
    (`tokens.spectator`); at most 32 at once (409 `spectator_limit`), a revoked one's place is reused.

    Args:
        id (str):
        if_match (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SpectatorToken]
     """


    kwargs = _get_kwargs(
        id=id,
if_match=if_match,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    if_match: str,

) -> Problem | SpectatorToken | None:
    """ Issue a spectator token (owner token only): the public view, never a hand, and nothing else.

     A spectator token reads `GET /v1/sessions/{id}/view` (the public view: `seat` and `hand` null) and
    is
    refused everything else (403 `read_only_token`, or `owner_token_required`). Creation hands out one
    (`tokens.spectator`); at most 32 at once (409 `spectator_limit`), a revoked one's place is reused.

    Args:
        id (str):
        if_match (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SpectatorToken
     """


    return sync_detailed(
        id=id,
client=client,
if_match=if_match,

    ).parsed

async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    if_match: str,

) -> Response[Problem | SpectatorToken]:
    """ Issue a spectator token (owner token only): the public view, never a hand, and nothing else.

     A spectator token reads `GET /v1/sessions/{id}/view` (the public view: `seat` and `hand` null) and
    is
    refused everything else (403 `read_only_token`, or `owner_token_required`). Creation hands out one
    (`tokens.spectator`); at most 32 at once (409 `spectator_limit`), a revoked one's place is reused.

    Args:
        id (str):
        if_match (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SpectatorToken]
     """


    kwargs = _get_kwargs(
        id=id,
if_match=if_match,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    if_match: str,

) -> Problem | SpectatorToken | None:
    """ Issue a spectator token (owner token only): the public view, never a hand, and nothing else.

     A spectator token reads `GET /v1/sessions/{id}/view` (the public view: `seat` and `hand` null) and
    is
    refused everything else (403 `read_only_token`, or `owner_token_required`). Creation hands out one
    (`tokens.spectator`); at most 32 at once (409 `spectator_limit`), a revoked one's place is reused.

    Args:
        id (str):
        if_match (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SpectatorToken
     """


    return (await asyncio_detailed(
        id=id,
client=client,
if_match=if_match,

    )).parsed
