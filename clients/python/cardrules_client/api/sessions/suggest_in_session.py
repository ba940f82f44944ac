from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem import Problem
from ...models.suggest_in_session_body import SuggestInSessionBody
from ...models.suggestion import Suggestion
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    id: str,
    *,
    body: SuggestInSessionBody,
    seat: int | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    params: dict[str, Any] = {}

    params["seat"] = seat


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/sessions/{id}/suggest".format(id=quote(str(id), safe=""),),
        "params": params,
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | Suggestion:
    if response.status_code == 200:
        response_200 = Suggestion.from_dict(response.json())



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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | Suggestion]:
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
    body: SuggestInSessionBody,
    seat: int | Unset = UNSET,

) -> Response[Problem | Suggestion]:
    """ A computer player's move for a seat of the session (a seat token its own; the owner `seat` or the
    seat to act; never the owner of a sealed table).

     Like `POST /v1/games/{game}/suggest` on the stored state: the player sees only that seat's view, so
    a
    seat token learns nothing from it that its own view does not show. A seat not to act is a 400
    `not_to_act`. Nothing is played: send the move to `moves` to play it.

    Args:
        id (str):
        seat (int | Unset):
        body (SuggestInSessionBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Suggestion]
     """


    kwargs = _get_kwargs(
        id=id,
body=body,
seat=seat,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    body: SuggestInSessionBody,
    seat: int | Unset = UNSET,

) -> Problem | Suggestion | None:
    """ A computer player's move for a seat of the session (a seat token its own; the owner `seat` or the
    seat to act; never the owner of a sealed table).

     Like `POST /v1/games/{game}/suggest` on the stored state: the player sees only that seat's view, so
    a
    seat token learns nothing from it that its own view does not show. A seat not to act is a 400
    `not_to_act`. Nothing is played: send the move to `moves` to play it.

    Args:
        id (str):
        seat (int | Unset):
        body (SuggestInSessionBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Suggestion
     """


    return sync_detailed(
        id=id,
client=client,
body=body,
seat=seat,

    ).parsed

async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    body: SuggestInSessionBody,
    seat: int | Unset = UNSET,

) -> Response[Problem | Suggestion]:
    """ A computer player's move for a seat of the session (a seat token its own; the owner `seat` or the
    seat to act; never the owner of a sealed table).

     Like `POST /v1/games/{game}/suggest` on the stored state: the player sees only that seat's view, so
    a
    seat token learns nothing from it that its own view does not show. A seat not to act is a 400
    `not_to_act`. Nothing is played: send the move to `moves` to play it.

    Args:
        id (str):
        seat (int | Unset):
        body (SuggestInSessionBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Suggestion]
     """


    kwargs = _get_kwargs(
        id=id,
body=body,
seat=seat,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    body: SuggestInSessionBody,
    seat: int | Unset = UNSET,

) -> Problem | Suggestion | None:
    """ A computer player's move for a seat of the session (a seat token its own; the owner `seat` or the
    seat to act; never the owner of a sealed table).

     Like `POST /v1/games/{game}/suggest` on the stored state: the player sees only that seat's view, so
    a
    seat token learns nothing from it that its own view does not show. A seat not to act is a 400
    `not_to_act`. Nothing is played: send the move to `moves` to play it.

    Args:
        id (str):
        seat (int | Unset):
        body (SuggestInSessionBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Suggestion
     """


    return (await asyncio_detailed(
        id=id,
client=client,
body=body,
seat=seat,

    )).parsed
