from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.list_sessions_response_200 import ListSessionsResponse200
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    cursor: str | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["cursor"] = cursor


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/sessions",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ListSessionsResponse200 | Problem:
    if response.status_code == 200:
        response_200 = ListSessionsResponse200.from_dict(response.json())



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

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())



        return response_429

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())



        return response_503

    response_default = Problem.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ListSessionsResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,

) -> Response[ListSessionsResponse200 | Problem]:
    """ A host's tables (its API key's), newest first, a page at a time.

     The tables created with this `X-API-Key`, newest first, 50 a page: `next` is the cursor of the next
    page
    (null on the last). Each says its game, version, `phase` (`playing`, `round_over`, `match_over`),
    who sits
    there and when it was created and last written; deleted and expired tables drop out. A service
    without
    `API_KEYS` lists nothing: 404 `not_found` (tables then belong to their tokens only).

    Args:
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListSessionsResponse200 | Problem]
     """


    kwargs = _get_kwargs(
        cursor=cursor,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,

) -> ListSessionsResponse200 | Problem | None:
    """ A host's tables (its API key's), newest first, a page at a time.

     The tables created with this `X-API-Key`, newest first, 50 a page: `next` is the cursor of the next
    page
    (null on the last). Each says its game, version, `phase` (`playing`, `round_over`, `match_over`),
    who sits
    there and when it was created and last written; deleted and expired tables drop out. A service
    without
    `API_KEYS` lists nothing: 404 `not_found` (tables then belong to their tokens only).

    Args:
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListSessionsResponse200 | Problem
     """


    return sync_detailed(
        client=client,
cursor=cursor,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,

) -> Response[ListSessionsResponse200 | Problem]:
    """ A host's tables (its API key's), newest first, a page at a time.

     The tables created with this `X-API-Key`, newest first, 50 a page: `next` is the cursor of the next
    page
    (null on the last). Each says its game, version, `phase` (`playing`, `round_over`, `match_over`),
    who sits
    there and when it was created and last written; deleted and expired tables drop out. A service
    without
    `API_KEYS` lists nothing: 404 `not_found` (tables then belong to their tokens only).

    Args:
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListSessionsResponse200 | Problem]
     """


    kwargs = _get_kwargs(
        cursor=cursor,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,

) -> ListSessionsResponse200 | Problem | None:
    """ A host's tables (its API key's), newest first, a page at a time.

     The tables created with this `X-API-Key`, newest first, 50 a page: `next` is the cursor of the next
    page
    (null on the last). Each says its game, version, `phase` (`playing`, `round_over`, `match_over`),
    who sits
    there and when it was created and last written; deleted and expired tables drop out. A service
    without
    `API_KEYS` lists nothing: 404 `not_found` (tables then belong to their tokens only).

    Args:
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListSessionsResponse200 | Problem
     """


    return (await asyncio_detailed(
        client=client,
cursor=cursor,

    )).parsed
