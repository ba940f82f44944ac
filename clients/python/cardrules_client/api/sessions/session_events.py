from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem import Problem
from ...models.session_events import SessionEvents
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    id: str,
    *,
    after: int | Unset = UNSET,
    wait: int | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
    if_none_match: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id, Unset):
        headers["Last-Event-ID"] = last_event_id

    if not isinstance(if_none_match, Unset):
        headers["If-None-Match"] = if_none_match



    

    params: dict[str, Any] = {}

    params["after"] = after

    params["wait"] = wait


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/sessions/{id}/events".format(id=quote(str(id), safe=""),),
        "params": params,
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | Problem | SessionEvents:
    if response.status_code == 200:
        response_200 = SessionEvents.from_dict(response.json())



        return response_200

    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | Problem | SessionEvents]:
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
    after: int | Unset = UNSET,
    wait: int | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
    if_none_match: str | Unset = UNSET,

) -> Response[Any | Problem | SessionEvents]:
    """ What happened at the table since a version, as this token may see it; waits or streams on request.

     Every write that changes the table appends its events under the version it made: the deal, each
    move,
    the next round, a state the owner posted. A seat token reads the public events and its own private
    ones
    (another seat's draw reaches it as the count in the public event), a spectator token and the owner
    of a
    sealed table the public events, the owner of an unsealed table all of them. The log keeps the whole
    match (the last 2,000 versions) and lives and expires with the session.

    `wait` (seconds, at most 30) answers as soon as the log holds a version after `after`, or after the
    wait
    with no events. A page whose `If-None-Match` names the current version (the ETag of the page the
    client
    holds) is a 304, with or without `wait`. With `Accept: text/event-stream`
    the events come as Server-Sent Events from `after` (or `Last-Event-ID`) on: one message an event
    (`event:` its type, `data:` the event as JSON), the last message of a version carrying `id:` that
    version,
    a comment line every 15 s; the stream closes when the token stops opening the session (revoked, the
    session deleted or expired) and after the operator's stream lifetime (10 minutes by default), and
    EventSource reconnects by itself. A stream whose worker stops (a restart, a deploy) ends with a
    short
    `retry:` and EventSource reconnects to another; a store that fails for a while ends no stream.

    A browser's `EventSource` cannot send `Authorization`: it opens the stream with `?ticket=` from
    `POST /v1/sessions/{id}/stream-tickets` instead (single use, within `expires_in`; 401
    `invalid_ticket`
    otherwise, whatever the fault).

    Waiting readers hold no rules worker and are admitted within caps: per worker, per client address
    and
    per host, across its workers (503 `too_many_waiting` with `Retry-After` beyond them); a reader whose
    client leaves frees its place at once ([docs/sessions.md](/docs/guide/sessions.md)).

    Args:
        id (str):
        after (int | Unset):
        wait (int | Unset):
        last_event_id (str | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem | SessionEvents]
     """


    kwargs = _get_kwargs(
        id=id,
after=after,
wait=wait,
last_event_id=last_event_id,
if_none_match=if_none_match,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    wait: int | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
    if_none_match: str | Unset = UNSET,

) -> Any | Problem | SessionEvents | None:
    """ What happened at the table since a version, as this token may see it; waits or streams on request.

     Every write that changes the table appends its events under the version it made: the deal, each
    move,
    the next round, a state the owner posted. A seat token reads the public events and its own private
    ones
    (another seat's draw reaches it as the count in the public event), a spectator token and the owner
    of a
    sealed table the public events, the owner of an unsealed table all of them. The log keeps the whole
    match (the last 2,000 versions) and lives and expires with the session.

    `wait` (seconds, at most 30) answers as soon as the log holds a version after `after`, or after the
    wait
    with no events. A page whose `If-None-Match` names the current version (the ETag of the page the
    client
    holds) is a 304, with or without `wait`. With `Accept: text/event-stream`
    the events come as Server-Sent Events from `after` (or `Last-Event-ID`) on: one message an event
    (`event:` its type, `data:` the event as JSON), the last message of a version carrying `id:` that
    version,
    a comment line every 15 s; the stream closes when the token stops opening the session (revoked, the
    session deleted or expired) and after the operator's stream lifetime (10 minutes by default), and
    EventSource reconnects by itself. A stream whose worker stops (a restart, a deploy) ends with a
    short
    `retry:` and EventSource reconnects to another; a store that fails for a while ends no stream.

    A browser's `EventSource` cannot send `Authorization`: it opens the stream with `?ticket=` from
    `POST /v1/sessions/{id}/stream-tickets` instead (single use, within `expires_in`; 401
    `invalid_ticket`
    otherwise, whatever the fault).

    Waiting readers hold no rules worker and are admitted within caps: per worker, per client address
    and
    per host, across its workers (503 `too_many_waiting` with `Retry-After` beyond them); a reader whose
    client leaves frees its place at once ([docs/sessions.md](/docs/guide/sessions.md)).

    Args:
        id (str):
        after (int | Unset):
        wait (int | Unset):
        last_event_id (str | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem | SessionEvents
     """


    return sync_detailed(
        id=id,
client=client,
after=after,
wait=wait,
last_event_id=last_event_id,
if_none_match=if_none_match,

    ).parsed

async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    wait: int | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
    if_none_match: str | Unset = UNSET,

) -> Response[Any | Problem | SessionEvents]:
    """ What happened at the table since a version, as this token may see it; waits or streams on request.

     Every write that changes the table appends its events under the version it made: the deal, each
    move,
    the next round, a state the owner posted. A seat token reads the public events and its own private
    ones
    (another seat's draw reaches it as the count in the public event), a spectator token and the owner
    of a
    sealed table the public events, the owner of an unsealed table all of them. The log keeps the whole
    match (the last 2,000 versions) and lives and expires with the session.

    `wait` (seconds, at most 30) answers as soon as the log holds a version after `after`, or after the
    wait
    with no events. A page whose `If-None-Match` names the current version (the ETag of the page the
    client
    holds) is a 304, with or without `wait`. With `Accept: text/event-stream`
    the events come as Server-Sent Events from `after` (or `Last-Event-ID`) on: one message an event
    (`event:` its type, `data:` the event as JSON), the last message of a version carrying `id:` that
    version,
    a comment line every 15 s; the stream closes when the token stops opening the session (revoked, the
    session deleted or expired) and after the operator's stream lifetime (10 minutes by default), and
    EventSource reconnects by itself. A stream whose worker stops (a restart, a deploy) ends with a
    short
    `retry:` and EventSource reconnects to another; a store that fails for a while ends no stream.

    A browser's `EventSource` cannot send `Authorization`: it opens the stream with `?ticket=` from
    `POST /v1/sessions/{id}/stream-tickets` instead (single use, within `expires_in`; 401
    `invalid_ticket`
    otherwise, whatever the fault).

    Waiting readers hold no rules worker and are admitted within caps: per worker, per client address
    and
    per host, across its workers (503 `too_many_waiting` with `Retry-After` beyond them); a reader whose
    client leaves frees its place at once ([docs/sessions.md](/docs/guide/sessions.md)).

    Args:
        id (str):
        after (int | Unset):
        wait (int | Unset):
        last_event_id (str | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem | SessionEvents]
     """


    kwargs = _get_kwargs(
        id=id,
after=after,
wait=wait,
last_event_id=last_event_id,
if_none_match=if_none_match,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    wait: int | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
    if_none_match: str | Unset = UNSET,

) -> Any | Problem | SessionEvents | None:
    """ What happened at the table since a version, as this token may see it; waits or streams on request.

     Every write that changes the table appends its events under the version it made: the deal, each
    move,
    the next round, a state the owner posted. A seat token reads the public events and its own private
    ones
    (another seat's draw reaches it as the count in the public event), a spectator token and the owner
    of a
    sealed table the public events, the owner of an unsealed table all of them. The log keeps the whole
    match (the last 2,000 versions) and lives and expires with the session.

    `wait` (seconds, at most 30) answers as soon as the log holds a version after `after`, or after the
    wait
    with no events. A page whose `If-None-Match` names the current version (the ETag of the page the
    client
    holds) is a 304, with or without `wait`. With `Accept: text/event-stream`
    the events come as Server-Sent Events from `after` (or `Last-Event-ID`) on: one message an event
    (`event:` its type, `data:` the event as JSON), the last message of a version carrying `id:` that
    version,
    a comment line every 15 s; the stream closes when the token stops opening the session (revoked, the
    session deleted or expired) and after the operator's stream lifetime (10 minutes by default), and
    EventSource reconnects by itself. A stream whose worker stops (a restart, a deploy) ends with a
    short
    `retry:` and EventSource reconnects to another; a store that fails for a while ends no stream.

    A browser's `EventSource` cannot send `Authorization`: it opens the stream with `?ticket=` from
    `POST /v1/sessions/{id}/stream-tickets` instead (single use, within `expires_in`; 401
    `invalid_ticket`
    otherwise, whatever the fault).

    Waiting readers hold no rules worker and are admitted within caps: per worker, per client address
    and
    per host, across its workers (503 `too_many_waiting` with `Retry-After` beyond them); a reader whose
    client leaves frees its place at once ([docs/sessions.md](/docs/guide/sessions.md)).

    Args:
        id (str):
        after (int | Unset):
        wait (int | Unset):
        last_event_id (str | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem | SessionEvents
     """


    return (await asyncio_detailed(
        id=id,
client=client,
after=after,
wait=wait,
last_event_id=last_event_id,
if_none_match=if_none_match,

    )).parsed
