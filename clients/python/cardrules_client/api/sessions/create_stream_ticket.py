from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem import Problem
from ...models.stream_ticket import StreamTicket
from typing import cast



def _get_kwargs(
    id: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/sessions/{id}/stream-tickets".format(id=quote(str(id), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | StreamTicket:
    if response.status_code == 201:
        response_201 = StreamTicket.from_dict(response.json())



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

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())



        return response_429

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())



        return response_503

    response_default = Problem.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | StreamTicket]:
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

) -> Response[Problem | StreamTicket]:
    """ A single-use ticket that opens one event stream without the Authorization header (for EventSource).

     Any token of the session (owner, seat or spectator) may ask. The ticket opens one
    `GET /v1/sessions/{id}/events?ticket=...` (a stream or a page) within `expires_in` seconds (at most
    60),
    once, with the audience of the token that asked; it stops working with that token (rotated, revoked,
    the
    session deleted). It is signed by the service and reveals neither the token nor the cards. It
    travels in
    a URL: the service never logs query strings, and a proxy in front should not either
    ([docs/sessions.md](/docs/guide/sessions.md)).

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | StreamTicket]
     """


    kwargs = _get_kwargs(
        id=id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    id: str,
    *,
    client: AuthenticatedClient,

) -> Problem | StreamTicket | None:
    """ A single-use ticket that opens one event stream without the Authorization header (for EventSource).

     Any token of the session (owner, seat or spectator) may ask. The ticket opens one
    `GET /v1/sessions/{id}/events?ticket=...` (a stream or a page) within `expires_in` seconds (at most
    60),
    once, with the audience of the token that asked; it stops working with that token (rotated, revoked,
    the
    session deleted). It is signed by the service and reveals neither the token nor the cards. It
    travels in
    a URL: the service never logs query strings, and a proxy in front should not either
    ([docs/sessions.md](/docs/guide/sessions.md)).

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | StreamTicket
     """


    return sync_detailed(
        id=id,
client=client,

    ).parsed

async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,

) -> Response[Problem | StreamTicket]:
    """ A single-use ticket that opens one event stream without the Authorization header (for EventSource).

     Any token of the session (owner, seat or spectator) may ask. The ticket opens one
    `GET /v1/sessions/{id}/events?ticket=...` (a stream or a page) within `expires_in` seconds (at most
    60),
    once, with the audience of the token that asked; it stops working with that token (rotated, revoked,
    the
    session deleted). It is signed by the service and reveals neither the token nor the cards. It
    travels in
    a URL: the service never logs query strings, and a proxy in front should not either
    ([docs/sessions.md](/docs/guide/sessions.md)).

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | StreamTicket]
     """


    kwargs = _get_kwargs(
        id=id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,

) -> Problem | StreamTicket | None:
    """ A single-use ticket that opens one event stream without the Authorization header (for EventSource).

     Any token of the session (owner, seat or spectator) may ask. The ticket opens one
    `GET /v1/sessions/{id}/events?ticket=...` (a stream or a page) within `expires_in` seconds (at most
    60),
    once, with the audience of the token that asked; it stops working with that token (rotated, revoked,
    the
    session deleted). It is signed by the service and reveals neither the token nor the cards. It
    travels in
    a URL: the service never logs query strings, and a proxy in front should not either
    ([docs/sessions.md](/docs/guide/sessions.md)).

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | StreamTicket
     """


    return (await asyncio_detailed(
        id=id,
client=client,

    )).parsed
