from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.next_round_in_session_body import NextRoundInSessionBody
from ...models.next_round_in_session_response_200 import NextRoundInSessionResponse200
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    id: str,
    *,
    body: NextRoundInSessionBody,
    if_match: str,
    idempotency_key: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["If-Match"] = if_match

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/sessions/{id}/next-round".format(id=quote(str(id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> NextRoundInSessionResponse200 | Problem:
    if response.status_code == 200:
        response_200 = NextRoundInSessionResponse200.from_dict(response.json())



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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[NextRoundInSessionResponse200 | Problem]:
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
    body: NextRoundInSessionBody,
    if_match: str,
    idempotency_key: str | Unset = UNSET,

) -> Response[NextRoundInSessionResponse200 | Problem]:
    """ Deal the next round of the session's match (owner token only), from its finished round.

     Like `deal` with `previous`: the dealer moves on, the round number goes up, the match scores carry
    over
    (400 `round_not_over` before the last card, 400 `match_over` after the last round). `"seed":
    "server"`
    draws and seals a new seed with a new commitment; any other seed ends what the session proved.

    Args:
        id (str):
        if_match (str):
        idempotency_key (str | Unset):
        body (NextRoundInSessionBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[NextRoundInSessionResponse200 | Problem]
     """


    kwargs = _get_kwargs(
        id=id,
body=body,
if_match=if_match,
idempotency_key=idempotency_key,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    body: NextRoundInSessionBody,
    if_match: str,
    idempotency_key: str | Unset = UNSET,

) -> NextRoundInSessionResponse200 | Problem | None:
    """ Deal the next round of the session's match (owner token only), from its finished round.

     Like `deal` with `previous`: the dealer moves on, the round number goes up, the match scores carry
    over
    (400 `round_not_over` before the last card, 400 `match_over` after the last round). `"seed":
    "server"`
    draws and seals a new seed with a new commitment; any other seed ends what the session proved.

    Args:
        id (str):
        if_match (str):
        idempotency_key (str | Unset):
        body (NextRoundInSessionBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        NextRoundInSessionResponse200 | Problem
     """


    return sync_detailed(
        id=id,
client=client,
body=body,
if_match=if_match,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    body: NextRoundInSessionBody,
    if_match: str,
    idempotency_key: str | Unset = UNSET,

) -> Response[NextRoundInSessionResponse200 | Problem]:
    """ Deal the next round of the session's match (owner token only), from its finished round.

     Like `deal` with `previous`: the dealer moves on, the round number goes up, the match scores carry
    over
    (400 `round_not_over` before the last card, 400 `match_over` after the last round). `"seed":
    "server"`
    draws and seals a new seed with a new commitment; any other seed ends what the session proved.

    Args:
        id (str):
        if_match (str):
        idempotency_key (str | Unset):
        body (NextRoundInSessionBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[NextRoundInSessionResponse200 | Problem]
     """


    kwargs = _get_kwargs(
        id=id,
body=body,
if_match=if_match,
idempotency_key=idempotency_key,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    body: NextRoundInSessionBody,
    if_match: str,
    idempotency_key: str | Unset = UNSET,

) -> NextRoundInSessionResponse200 | Problem | None:
    """ Deal the next round of the session's match (owner token only), from its finished round.

     Like `deal` with `previous`: the dealer moves on, the round number goes up, the match scores carry
    over
    (400 `round_not_over` before the last card, 400 `match_over` after the last round). `"seed":
    "server"`
    draws and seals a new seed with a new commitment; any other seed ends what the session proved.

    Args:
        id (str):
        if_match (str):
        idempotency_key (str | Unset):
        body (NextRoundInSessionBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        NextRoundInSessionResponse200 | Problem
     """


    return (await asyncio_detailed(
        id=id,
client=client,
body=body,
if_match=if_match,
idempotency_key=idempotency_key,

    )).parsed
