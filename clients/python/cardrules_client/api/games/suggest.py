from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.game_id import GameId
from ...models.problem import Problem
from ...models.suggest_body import SuggestBody
from ...models.suggestion import Suggestion
from typing import cast



def _get_kwargs(
    game: GameId,
    *,
    body: SuggestBody,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games/{game}/suggest".format(game=quote(str(game), safe=""),),
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
    game: GameId,
    *,
    client: AuthenticatedClient | Client,
    body: SuggestBody,

) -> Response[Problem | Suggestion]:
    """ A computer player's move for a seat, from what that seat may see alone.

     For practice and single-player tables. The player is handed only the seat's view (its own hand, the
    table or trick, the trump card, the captured piles, the counts): never another hand or the stock
    order,
    so two states that differ only in hidden cards get the same suggestion. It samples the unseen cards
    consistently with what the seat has seen.

    Levels: `random` (any legal move), `greedy` (one-ply heuristics: take the settebello and sevens,
    make and
    deny sweeps; in Briscola win points cheaply, save trumps; in Briscola chiamata bid on a long strong
    suit and
    call the best card it lacks), `strong` (a search over sampled deals of the hidden cards, each
    finished by
    fast playouts). The same state, seat, level and `seed` give the same move whenever the search is
    `complete`: work, not time, decides it. `budget_ms` (default 1000, at most 2000) is a safety cap
    that the
    default work of every game ends well within on a quiet host; a search cut short by it answers its
    best move
    so far with `complete: false` and `confident: false`. `seat` defaults to the seat to act; any other
    seat is a 400
    `not_to_act`.

    `worlds` bounds `strong` by work instead of its default playouts: that many sampled deals of the
    hidden
    cards for each candidate move, so a seed gives the same move on any machine whenever `stopped_by` is
    not
    `time`. `explain` (1-5) asks for a hint: `alternatives`, the best few moves, `move` first, each with
    its
    value (`value_unit`), its `win_chance` and `points` (`points_unit`) read apart, and its `reasons` in
    the
    caller's language (`Accept-Language`); `confident: false` marks advice from work the budget cut
    short
    ([docs/players.md](/docs/guide/players.md), A hint that explains).

    Args:
        game (GameId):
        body (SuggestBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Suggestion]
     """


    kwargs = _get_kwargs(
        game=game,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    game: GameId,
    *,
    client: AuthenticatedClient | Client,
    body: SuggestBody,

) -> Problem | Suggestion | None:
    """ A computer player's move for a seat, from what that seat may see alone.

     For practice and single-player tables. The player is handed only the seat's view (its own hand, the
    table or trick, the trump card, the captured piles, the counts): never another hand or the stock
    order,
    so two states that differ only in hidden cards get the same suggestion. It samples the unseen cards
    consistently with what the seat has seen.

    Levels: `random` (any legal move), `greedy` (one-ply heuristics: take the settebello and sevens,
    make and
    deny sweeps; in Briscola win points cheaply, save trumps; in Briscola chiamata bid on a long strong
    suit and
    call the best card it lacks), `strong` (a search over sampled deals of the hidden cards, each
    finished by
    fast playouts). The same state, seat, level and `seed` give the same move whenever the search is
    `complete`: work, not time, decides it. `budget_ms` (default 1000, at most 2000) is a safety cap
    that the
    default work of every game ends well within on a quiet host; a search cut short by it answers its
    best move
    so far with `complete: false` and `confident: false`. `seat` defaults to the seat to act; any other
    seat is a 400
    `not_to_act`.

    `worlds` bounds `strong` by work instead of its default playouts: that many sampled deals of the
    hidden
    cards for each candidate move, so a seed gives the same move on any machine whenever `stopped_by` is
    not
    `time`. `explain` (1-5) asks for a hint: `alternatives`, the best few moves, `move` first, each with
    its
    value (`value_unit`), its `win_chance` and `points` (`points_unit`) read apart, and its `reasons` in
    the
    caller's language (`Accept-Language`); `confident: false` marks advice from work the budget cut
    short
    ([docs/players.md](/docs/guide/players.md), A hint that explains).

    Args:
        game (GameId):
        body (SuggestBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Suggestion
     """


    return sync_detailed(
        game=game,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    game: GameId,
    *,
    client: AuthenticatedClient | Client,
    body: SuggestBody,

) -> Response[Problem | Suggestion]:
    """ A computer player's move for a seat, from what that seat may see alone.

     For practice and single-player tables. The player is handed only the seat's view (its own hand, the
    table or trick, the trump card, the captured piles, the counts): never another hand or the stock
    order,
    so two states that differ only in hidden cards get the same suggestion. It samples the unseen cards
    consistently with what the seat has seen.

    Levels: `random` (any legal move), `greedy` (one-ply heuristics: take the settebello and sevens,
    make and
    deny sweeps; in Briscola win points cheaply, save trumps; in Briscola chiamata bid on a long strong
    suit and
    call the best card it lacks), `strong` (a search over sampled deals of the hidden cards, each
    finished by
    fast playouts). The same state, seat, level and `seed` give the same move whenever the search is
    `complete`: work, not time, decides it. `budget_ms` (default 1000, at most 2000) is a safety cap
    that the
    default work of every game ends well within on a quiet host; a search cut short by it answers its
    best move
    so far with `complete: false` and `confident: false`. `seat` defaults to the seat to act; any other
    seat is a 400
    `not_to_act`.

    `worlds` bounds `strong` by work instead of its default playouts: that many sampled deals of the
    hidden
    cards for each candidate move, so a seed gives the same move on any machine whenever `stopped_by` is
    not
    `time`. `explain` (1-5) asks for a hint: `alternatives`, the best few moves, `move` first, each with
    its
    value (`value_unit`), its `win_chance` and `points` (`points_unit`) read apart, and its `reasons` in
    the
    caller's language (`Accept-Language`); `confident: false` marks advice from work the budget cut
    short
    ([docs/players.md](/docs/guide/players.md), A hint that explains).

    Args:
        game (GameId):
        body (SuggestBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Suggestion]
     """


    kwargs = _get_kwargs(
        game=game,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    game: GameId,
    *,
    client: AuthenticatedClient | Client,
    body: SuggestBody,

) -> Problem | Suggestion | None:
    """ A computer player's move for a seat, from what that seat may see alone.

     For practice and single-player tables. The player is handed only the seat's view (its own hand, the
    table or trick, the trump card, the captured piles, the counts): never another hand or the stock
    order,
    so two states that differ only in hidden cards get the same suggestion. It samples the unseen cards
    consistently with what the seat has seen.

    Levels: `random` (any legal move), `greedy` (one-ply heuristics: take the settebello and sevens,
    make and
    deny sweeps; in Briscola win points cheaply, save trumps; in Briscola chiamata bid on a long strong
    suit and
    call the best card it lacks), `strong` (a search over sampled deals of the hidden cards, each
    finished by
    fast playouts). The same state, seat, level and `seed` give the same move whenever the search is
    `complete`: work, not time, decides it. `budget_ms` (default 1000, at most 2000) is a safety cap
    that the
    default work of every game ends well within on a quiet host; a search cut short by it answers its
    best move
    so far with `complete: false` and `confident: false`. `seat` defaults to the seat to act; any other
    seat is a 400
    `not_to_act`.

    `worlds` bounds `strong` by work instead of its default playouts: that many sampled deals of the
    hidden
    cards for each candidate move, so a seed gives the same move on any machine whenever `stopped_by` is
    not
    `time`. `explain` (1-5) asks for a hint: `alternatives`, the best few moves, `move` first, each with
    its
    value (`value_unit`), its `win_chance` and `points` (`points_unit`) read apart, and its `reasons` in
    the
    caller's language (`Accept-Language`); `confident: false` marks advice from work the budget cut
    short
    ([docs/players.md](/docs/guide/players.md), A hint that explains).

    Args:
        game (GameId):
        body (SuggestBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Suggestion
     """


    return (await asyncio_detailed(
        game=game,
client=client,
body=body,

    )).parsed
