from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem import Problem
from ...models.session_created import SessionCreated
from typing import cast



def _get_kwargs(
    *,
    body: Any,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/sessions",
    }

    
    _kwargs["json"] = body

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | SessionCreated:
    if response.status_code == 201:
        response_201 = SessionCreated.from_dict(response.json())



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

    if response.status_code == 507:
        response_507 = Problem.from_dict(response.json())



        return response_507

    response_default = Problem.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | SessionCreated]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: Any,

) -> Response[Problem | SessionCreated]:
    """ Keep a state server-side; get an owner token and one token per seat.

     Answers the full session with its capabilities: `tokens.owner` (read the full state, replace,
    delete, play
    for the seat to act, issue seat tokens) and `tokens.seats[i]` (seat i's view and legal moves, and
    its own
    moves). They are shown only here: keep the owner token on the host backend and give each player only
    the
    token of their seat. When the service is configured with `API_KEYS`, creation needs `X-API-Key`.
    Creation counts against a per-client quota (the API key, or else the client address): 429 beyond it.

    Give either `state` (a state of yours) or `deal` (the service deals the first round, as `deal`
    does).
    With `"deal": {"seed": "server", ...}` the seed is drawn and sealed inside the session: every answer
    carries `fairness.seed_commitment` from the start, and `fairness.seed` (and `salt`) only once the
    round
    is over, to every token alike ([docs/fairness.md](/docs/guide/fairness.md)). The next round is `POST
    /v1/sessions/{id}/next-round`.

    Such a table is **sealed** unless created with `"sealed": false`: no token, the owner's included,
    reads a
    card before it is played face up. The owner gets the public `view` (every hand face down) where it
    would
    get the `state`, and may not replace the state, play a card for a seat, read a seat's view, legal
    moves or
    suggestion, or deal a round from a seed of its own (403 `session_sealed`); it may have a computer
    player
    act for the seat to act (`moves` with `computer`). Every answer says `sealed: true` or `false`, so a
    player can tell whether the host could look.

    Args:
        body (Any):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SessionCreated]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    body: Any,

) -> Problem | SessionCreated | None:
    """ Keep a state server-side; get an owner token and one token per seat.

     Answers the full session with its capabilities: `tokens.owner` (read the full state, replace,
    delete, play
    for the seat to act, issue seat tokens) and `tokens.seats[i]` (seat i's view and legal moves, and
    its own
    moves). They are shown only here: keep the owner token on the host backend and give each player only
    the
    token of their seat. When the service is configured with `API_KEYS`, creation needs `X-API-Key`.
    Creation counts against a per-client quota (the API key, or else the client address): 429 beyond it.

    Give either `state` (a state of yours) or `deal` (the service deals the first round, as `deal`
    does).
    With `"deal": {"seed": "server", ...}` the seed is drawn and sealed inside the session: every answer
    carries `fairness.seed_commitment` from the start, and `fairness.seed` (and `salt`) only once the
    round
    is over, to every token alike ([docs/fairness.md](/docs/guide/fairness.md)). The next round is `POST
    /v1/sessions/{id}/next-round`.

    Such a table is **sealed** unless created with `"sealed": false`: no token, the owner's included,
    reads a
    card before it is played face up. The owner gets the public `view` (every hand face down) where it
    would
    get the `state`, and may not replace the state, play a card for a seat, read a seat's view, legal
    moves or
    suggestion, or deal a round from a seed of its own (403 `session_sealed`); it may have a computer
    player
    act for the seat to act (`moves` with `computer`). Every answer says `sealed: true` or `false`, so a
    player can tell whether the host could look.

    Args:
        body (Any):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SessionCreated
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: Any,

) -> Response[Problem | SessionCreated]:
    """ Keep a state server-side; get an owner token and one token per seat.

     Answers the full session with its capabilities: `tokens.owner` (read the full state, replace,
    delete, play
    for the seat to act, issue seat tokens) and `tokens.seats[i]` (seat i's view and legal moves, and
    its own
    moves). They are shown only here: keep the owner token on the host backend and give each player only
    the
    token of their seat. When the service is configured with `API_KEYS`, creation needs `X-API-Key`.
    Creation counts against a per-client quota (the API key, or else the client address): 429 beyond it.

    Give either `state` (a state of yours) or `deal` (the service deals the first round, as `deal`
    does).
    With `"deal": {"seed": "server", ...}` the seed is drawn and sealed inside the session: every answer
    carries `fairness.seed_commitment` from the start, and `fairness.seed` (and `salt`) only once the
    round
    is over, to every token alike ([docs/fairness.md](/docs/guide/fairness.md)). The next round is `POST
    /v1/sessions/{id}/next-round`.

    Such a table is **sealed** unless created with `"sealed": false`: no token, the owner's included,
    reads a
    card before it is played face up. The owner gets the public `view` (every hand face down) where it
    would
    get the `state`, and may not replace the state, play a card for a seat, read a seat's view, legal
    moves or
    suggestion, or deal a round from a seed of its own (403 `session_sealed`); it may have a computer
    player
    act for the seat to act (`moves` with `computer`). Every answer says `sealed: true` or `false`, so a
    player can tell whether the host could look.

    Args:
        body (Any):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SessionCreated]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    body: Any,

) -> Problem | SessionCreated | None:
    """ Keep a state server-side; get an owner token and one token per seat.

     Answers the full session with its capabilities: `tokens.owner` (read the full state, replace,
    delete, play
    for the seat to act, issue seat tokens) and `tokens.seats[i]` (seat i's view and legal moves, and
    its own
    moves). They are shown only here: keep the owner token on the host backend and give each player only
    the
    token of their seat. When the service is configured with `API_KEYS`, creation needs `X-API-Key`.
    Creation counts against a per-client quota (the API key, or else the client address): 429 beyond it.

    Give either `state` (a state of yours) or `deal` (the service deals the first round, as `deal`
    does).
    With `"deal": {"seed": "server", ...}` the seed is drawn and sealed inside the session: every answer
    carries `fairness.seed_commitment` from the start, and `fairness.seed` (and `salt`) only once the
    round
    is over, to every token alike ([docs/fairness.md](/docs/guide/fairness.md)). The next round is `POST
    /v1/sessions/{id}/next-round`.

    Such a table is **sealed** unless created with `"sealed": false`: no token, the owner's included,
    reads a
    card before it is played face up. The owner gets the public `view` (every hand face down) where it
    would
    get the `state`, and may not replace the state, play a card for a seat, read a seat's view, legal
    moves or
    suggestion, or deal a round from a seed of its own (403 `session_sealed`); it may have a computer
    player
    act for the seat to act (`moves` with `computer`). Every answer says `sealed: true` or `false`, so a
    player can tell whether the host could look.

    Args:
        body (Any):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SessionCreated
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
