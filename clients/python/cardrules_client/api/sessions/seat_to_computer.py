from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem import Problem
from ...models.seat_to_computer_body import SeatToComputerBody
from ...models.seats_changed import SeatsChanged
from typing import cast



def _get_kwargs(
    id: str,
    seat: int,
    *,
    body: SeatToComputerBody,
    if_match: str,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["If-Match"] = if_match



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/sessions/{id}/seats/{seat}/computer".format(id=quote(str(id), safe=""),seat=quote(str(seat), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | SeatsChanged:
    if response.status_code == 200:
        response_200 = SeatsChanged.from_dict(response.json())



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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | SeatsChanged]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    seat: int,
    *,
    client: AuthenticatedClient,
    body: SeatToComputerBody,
    if_match: str,

) -> Response[Problem | SeatsChanged]:
    """ The computer plays this seat from now on (the owner's token, or the seat's own).

     The seat moves by itself whenever it is its turn (at once if it is now), with no client call, at the
    level asked; its moves say `by: "computer"` and count against no client's limits. A public
    `seat_changed` event tells every token. `DELETE` gives the seat back to its player.

    Args:
        id (str):
        seat (int):
        if_match (str):
        body (SeatToComputerBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SeatsChanged]
     """


    kwargs = _get_kwargs(
        id=id,
seat=seat,
body=body,
if_match=if_match,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    id: str,
    seat: int,
    *,
    client: AuthenticatedClient,
    body: SeatToComputerBody,
    if_match: str,

) -> Problem | SeatsChanged | None:
    """ The computer plays this seat from now on (the owner's token, or the seat's own).

     The seat moves by itself whenever it is its turn (at once if it is now), with no client call, at the
    level asked; its moves say `by: "computer"` and count against no client's limits. A public
    `seat_changed` event tells every token. `DELETE` gives the seat back to its player.

    Args:
        id (str):
        seat (int):
        if_match (str):
        body (SeatToComputerBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SeatsChanged
     """


    return sync_detailed(
        id=id,
seat=seat,
client=client,
body=body,
if_match=if_match,

    ).parsed

async def asyncio_detailed(
    id: str,
    seat: int,
    *,
    client: AuthenticatedClient,
    body: SeatToComputerBody,
    if_match: str,

) -> Response[Problem | SeatsChanged]:
    """ The computer plays this seat from now on (the owner's token, or the seat's own).

     The seat moves by itself whenever it is its turn (at once if it is now), with no client call, at the
    level asked; its moves say `by: "computer"` and count against no client's limits. A public
    `seat_changed` event tells every token. `DELETE` gives the seat back to its player.

    Args:
        id (str):
        seat (int):
        if_match (str):
        body (SeatToComputerBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SeatsChanged]
     """


    kwargs = _get_kwargs(
        id=id,
seat=seat,
body=body,
if_match=if_match,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    id: str,
    seat: int,
    *,
    client: AuthenticatedClient,
    body: SeatToComputerBody,
    if_match: str,

) -> Problem | SeatsChanged | None:
    """ The computer plays this seat from now on (the owner's token, or the seat's own).

     The seat moves by itself whenever it is its turn (at once if it is now), with no client call, at the
    level asked; its moves say `by: "computer"` and count against no client's limits. A public
    `seat_changed` event tells every token. `DELETE` gives the seat back to its player.

    Args:
        id (str):
        seat (int):
        if_match (str):
        body (SeatToComputerBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SeatsChanged
     """


    return (await asyncio_detailed(
        id=id,
seat=seat,
client=client,
body=body,
if_match=if_match,

    )).parsed
