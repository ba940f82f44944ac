from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.idempotency_key_reused_problem import IdempotencyKeyReusedProblem
from ...models.illegal_move_problem import IllegalMoveProblem
from ...models.play_in_session_response_200_type_0 import PlayInSessionResponse200Type0
from ...models.problem import Problem
from ...models.seat_move_result import SeatMoveResult
from ...models.session_move_by_computer import SessionMoveByComputer
from ...models.session_move_by_player import SessionMoveByPlayer
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    id: str,
    *,
    body: SessionMoveByComputer | SessionMoveByPlayer,
    if_match: str,
    idempotency_key: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["If-Match"] = if_match

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/sessions/{id}/moves".format(id=quote(str(id), safe=""),),
    }

    
    if isinstance(body, SessionMoveByPlayer):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()


    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> IdempotencyKeyReusedProblem | IllegalMoveProblem | PlayInSessionResponse200Type0 | SeatMoveResult | Problem:
    if response.status_code == 200:
        def _parse_response_200(data: object) -> PlayInSessionResponse200Type0 | SeatMoveResult:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_0 = PlayInSessionResponse200Type0.from_dict(data)



                return response_200_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_200_type_1 = SeatMoveResult.from_dict(data)



            return response_200_type_1

        response_200 = _parse_response_200(response.json())

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

    if response.status_code == 422:
        def _parse_response_422(data: object) -> IdempotencyKeyReusedProblem | IllegalMoveProblem:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_422_type_0 = IllegalMoveProblem.from_dict(data)



                return response_422_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_422_type_1 = IdempotencyKeyReusedProblem.from_dict(data)



            return response_422_type_1

        response_422 = _parse_response_422(response.json())

        return response_422

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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[IdempotencyKeyReusedProblem | IllegalMoveProblem | PlayInSessionResponse200Type0 | SeatMoveResult | Problem]:
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
    body: SessionMoveByComputer | SessionMoveByPlayer,
    if_match: str,
    idempotency_key: str | Unset = UNSET,

) -> Response[IdempotencyKeyReusedProblem | IllegalMoveProblem | PlayInSessionResponse200Type0 | SeatMoveResult | Problem]:
    """ Play a move on the stored state, with the new ETag.

     A seat token plays only when its seat is to act (403 `not_your_turn` otherwise) and gets its own
    view of
    the new state with the move's events; the owner token plays for the seat to act and gets the full
    state,
    like `play` (at a sealed table the owner may not play a card: 403 `session_sealed`).

    `computer` instead of `move` has a computer player choose the move of the seat to act, from that
    seat's
    view alone, and plays it at once; the answer adds the `move` played. The owner may ask it for any
    seat
    to act, a seat token for its own turn; at a sealed table the owner then sees only the public result.

    Args:
        id (str):
        if_match (str):
        idempotency_key (str | Unset):
        body (SessionMoveByComputer | SessionMoveByPlayer):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[IdempotencyKeyReusedProblem | IllegalMoveProblem | PlayInSessionResponse200Type0 | SeatMoveResult | Problem]
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
    body: SessionMoveByComputer | SessionMoveByPlayer,
    if_match: str,
    idempotency_key: str | Unset = UNSET,

) -> IdempotencyKeyReusedProblem | IllegalMoveProblem | PlayInSessionResponse200Type0 | SeatMoveResult | Problem | None:
    """ Play a move on the stored state, with the new ETag.

     A seat token plays only when its seat is to act (403 `not_your_turn` otherwise) and gets its own
    view of
    the new state with the move's events; the owner token plays for the seat to act and gets the full
    state,
    like `play` (at a sealed table the owner may not play a card: 403 `session_sealed`).

    `computer` instead of `move` has a computer player choose the move of the seat to act, from that
    seat's
    view alone, and plays it at once; the answer adds the `move` played. The owner may ask it for any
    seat
    to act, a seat token for its own turn; at a sealed table the owner then sees only the public result.

    Args:
        id (str):
        if_match (str):
        idempotency_key (str | Unset):
        body (SessionMoveByComputer | SessionMoveByPlayer):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        IdempotencyKeyReusedProblem | IllegalMoveProblem | PlayInSessionResponse200Type0 | SeatMoveResult | Problem
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
    body: SessionMoveByComputer | SessionMoveByPlayer,
    if_match: str,
    idempotency_key: str | Unset = UNSET,

) -> Response[IdempotencyKeyReusedProblem | IllegalMoveProblem | PlayInSessionResponse200Type0 | SeatMoveResult | Problem]:
    """ Play a move on the stored state, with the new ETag.

     A seat token plays only when its seat is to act (403 `not_your_turn` otherwise) and gets its own
    view of
    the new state with the move's events; the owner token plays for the seat to act and gets the full
    state,
    like `play` (at a sealed table the owner may not play a card: 403 `session_sealed`).

    `computer` instead of `move` has a computer player choose the move of the seat to act, from that
    seat's
    view alone, and plays it at once; the answer adds the `move` played. The owner may ask it for any
    seat
    to act, a seat token for its own turn; at a sealed table the owner then sees only the public result.

    Args:
        id (str):
        if_match (str):
        idempotency_key (str | Unset):
        body (SessionMoveByComputer | SessionMoveByPlayer):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[IdempotencyKeyReusedProblem | IllegalMoveProblem | PlayInSessionResponse200Type0 | SeatMoveResult | Problem]
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
    body: SessionMoveByComputer | SessionMoveByPlayer,
    if_match: str,
    idempotency_key: str | Unset = UNSET,

) -> IdempotencyKeyReusedProblem | IllegalMoveProblem | PlayInSessionResponse200Type0 | SeatMoveResult | Problem | None:
    """ Play a move on the stored state, with the new ETag.

     A seat token plays only when its seat is to act (403 `not_your_turn` otherwise) and gets its own
    view of
    the new state with the move's events; the owner token plays for the seat to act and gets the full
    state,
    like `play` (at a sealed table the owner may not play a card: 403 `session_sealed`).

    `computer` instead of `move` has a computer player choose the move of the seat to act, from that
    seat's
    view alone, and plays it at once; the answer adds the `move` played. The owner may ask it for any
    seat
    to act, a seat token for its own turn; at a sealed table the owner then sees only the public result.

    Args:
        id (str):
        if_match (str):
        idempotency_key (str | Unset):
        body (SessionMoveByComputer | SessionMoveByPlayer):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        IdempotencyKeyReusedProblem | IllegalMoveProblem | PlayInSessionResponse200Type0 | SeatMoveResult | Problem
     """


    return (await asyncio_detailed(
        id=id,
client=client,
body=body,
if_match=if_match,
idempotency_key=idempotency_key,

    )).parsed
