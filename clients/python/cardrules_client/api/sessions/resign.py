from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem import Problem
from ...models.resign_response_200 import ResignResponse200
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
        "url": "/v1/sessions/{id}/resign".format(id=quote(str(id), safe=""),),
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | ResignResponse200:
    if response.status_code == 200:
        response_200 = ResignResponse200.from_dict(response.json())



        return response_200

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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | ResignResponse200]:
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

) -> Response[Problem | ResignResponse200]:
    """ The caller's side concedes the match (a seat token).

     A write like a move (If-Match, a new version): a public `match_over` event {reason: `resigned`,
    seat,
    match} tells every token, every view then carries `match_over`, and every later move is 422
    `illegal_move` (reason `match_over`), a next round or another resignation 400 `match_over`. Only a
    seat's
    own token resigns: the owner may hand a seat to the computer (403 `forbidden_seat`), a spectator
    plays no
    part (403 `read_only_token`). With three sides, the side ahead in the match totals wins; a tie names
    no
    winner.

    Args:
        id (str):
        if_match (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ResignResponse200]
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

) -> Problem | ResignResponse200 | None:
    """ The caller's side concedes the match (a seat token).

     A write like a move (If-Match, a new version): a public `match_over` event {reason: `resigned`,
    seat,
    match} tells every token, every view then carries `match_over`, and every later move is 422
    `illegal_move` (reason `match_over`), a next round or another resignation 400 `match_over`. Only a
    seat's
    own token resigns: the owner may hand a seat to the computer (403 `forbidden_seat`), a spectator
    plays no
    part (403 `read_only_token`). With three sides, the side ahead in the match totals wins; a tie names
    no
    winner.

    Args:
        id (str):
        if_match (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ResignResponse200
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

) -> Response[Problem | ResignResponse200]:
    """ The caller's side concedes the match (a seat token).

     A write like a move (If-Match, a new version): a public `match_over` event {reason: `resigned`,
    seat,
    match} tells every token, every view then carries `match_over`, and every later move is 422
    `illegal_move` (reason `match_over`), a next round or another resignation 400 `match_over`. Only a
    seat's
    own token resigns: the owner may hand a seat to the computer (403 `forbidden_seat`), a spectator
    plays no
    part (403 `read_only_token`). With three sides, the side ahead in the match totals wins; a tie names
    no
    winner.

    Args:
        id (str):
        if_match (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ResignResponse200]
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

) -> Problem | ResignResponse200 | None:
    """ The caller's side concedes the match (a seat token).

     A write like a move (If-Match, a new version): a public `match_over` event {reason: `resigned`,
    seat,
    match} tells every token, every view then carries `match_over`, and every later move is 422
    `illegal_move` (reason `match_over`), a next round or another resignation 400 `match_over`. Only a
    seat's
    own token resigns: the owner may hand a seat to the computer (403 `forbidden_seat`), a spectator
    plays no
    part (403 `read_only_token`). With three sides, the side ahead in the match totals wins; a tie names
    no
    winner.

    Args:
        id (str):
        if_match (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ResignResponse200
     """


    return (await asyncio_detailed(
        id=id,
client=client,
if_match=if_match,

    )).parsed
