"""Stream tickets (API.md, tables: "Streams from a browser"): ``POST /v1/sessions/{id}/stream-tickets`` with any
token of the session answers ``{ticket, expires_in}``; ``GET .../events?ticket=`` takes the ticket in place of
the ``Authorization`` header, once, within ``expires_in`` (at most 60 s), with that token's audience, and not
after the token is revoked. Every refusal is the same 401 ``invalid_ticket``.

Expiry is judged on an injected wall clock (the module's ``time.time``), never by waiting.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from service.api import session_events
from service.sessions import tickets

from .conftest import bearer
from .test_event_waits import new_table, play_one, sse


def ticket_for(client: FlaskClient, table: dict[str, Any], token: str) -> str:
    made = client.post(f"{table['path']}/stream-tickets", headers=bearer(token))
    assert made.status_code == 201, made.get_json()
    answer = made.get_json()
    assert set(answer) == {"ticket", "expires_in"}
    assert 0 < answer["expires_in"] <= 60
    assert made.headers["Cache-Control"] == "no-store"
    ticket: str = answer["ticket"]
    return ticket


def stream_with(client: FlaskClient, table: dict[str, Any], ticket: str, **headers: str) -> Any:
    return client.get(
        f"{table['path']}/events?ticket={ticket}",
        headers={"Accept": "text/event-stream", **headers},
        buffered=False,
    )


def test_a_ticket_opens_a_stream_without_the_header_and_the_stream_carries_the_moves(
    client: FlaskClient,
) -> None:
    table = new_table(client)
    seat = table["tokens"]["seats"][0]
    opened = stream_with(client, table, ticket_for(client, table, seat))
    assert opened.status_code == 200 and opened.mimetype == "text/event-stream"
    chunks = iter(opened.response)
    assert sse([next(chunks)]) == [{"retry": "2000"}]
    assert sse([next(chunks)])[0]["data"]["view"]["seat"] == 0  # the table, as the ticket's seat sees it
    dealt = sse([next(chunks)])
    assert all(m["data"]["to"] in ("all", 0) for m in dealt)  # the seat's own audience, no other hand
    play_one(client, table)
    moved = sse([next(chunks)])
    assert moved[0]["data"]["type"] == "card_played" and moved[-1]["id"] == "2"
    opened.close()


def test_a_ticket_is_used_once(client: FlaskClient) -> None:
    table = new_table(client)
    ticket = ticket_for(client, table, table["tokens"]["seats"][1])
    first = stream_with(client, table, ticket)
    assert first.status_code == 200
    first.close()
    again = stream_with(client, table, ticket)
    assert again.status_code == 401 and again.get_json()["code"] == "invalid_ticket"
    page = client.get(f"{table['path']}/events?ticket={ticket}")
    assert page.status_code == 401 and page.get_json()["code"] == "invalid_ticket"


def test_an_expired_ticket_is_refused(client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    table = new_table(client)
    now = [1_900_000_000.0]
    monkeypatch.setattr(session_events.time, "time", lambda: now[0])
    ticket = ticket_for(client, table, table["tokens"]["owner"])
    now[0] += tickets.TICKET_SECONDS
    late = stream_with(client, table, ticket)
    assert late.status_code == 401 and late.get_json()["code"] == "invalid_ticket"


def test_a_ticket_dies_with_its_token(client: FlaskClient) -> None:
    table = new_table(client)
    owner, seat = table["tokens"]["owner"], table["tokens"]["seats"][1]
    ticket = ticket_for(client, table, seat)
    etag = client.get(table["path"], headers=bearer(owner)).headers["ETag"]
    assert (
        client.post(f"{table['path']}/seats/1/token", headers=bearer(owner, **{"If-Match": etag})).status_code
        == 200
    )
    refused = stream_with(client, table, ticket)
    assert refused.status_code == 401 and refused.get_json()["code"] == "invalid_ticket"


@pytest.mark.parametrize(
    "forge",
    [
        lambda ticket: ticket[:-2] + ("AA" if not ticket.endswith("AA") else "BB"),  # the MAC altered
        lambda ticket: ticket.replace("t1.", "t2.", 1),
        lambda ticket: "t1.short.AAAAAAAAAAAAAAAAAAAAAA",
        lambda ticket: "x" * 300,
        lambda ticket: "",
    ],
)
def test_a_forged_or_malformed_ticket_is_the_same_401(client: FlaskClient, forge: Any) -> None:
    table = new_table(client)
    ticket = ticket_for(client, table, table["tokens"]["seats"][0])
    refused = stream_with(client, table, forge(ticket))
    assert refused.status_code == 401 and refused.get_json()["code"] == "invalid_ticket"


def test_a_ticket_opens_only_its_own_session(client: FlaskClient) -> None:
    first, other = new_table(client), new_table(client)
    ticket = ticket_for(client, first, first["tokens"]["owner"])
    refused = stream_with(client, other, ticket)
    assert refused.status_code == 401 and refused.get_json()["code"] == "invalid_ticket"
    assert stream_with(client, first, ticket).status_code == 200  # the refusal did not use it up


def test_a_spectator_ticket_reads_public_events_only(client: FlaskClient) -> None:
    table = new_table(client)
    owner = table["tokens"]["owner"]
    etag = client.get(table["path"], headers=bearer(owner)).headers["ETag"]
    made = client.post(f"{table['path']}/spectators", headers=bearer(owner, **{"If-Match": etag}))
    assert made.status_code == 201, made.get_json()
    spectator = made.get_json()["token"]
    opened = client.get(f"{table['path']}/events?after=0&ticket={ticket_for(client, table, spectator)}")
    assert opened.status_code == 200
    assert opened.get_json()["events"] and all(e["to"] == "all" for e in opened.get_json()["events"])


def test_asking_a_ticket_needs_a_token_of_the_session(client: FlaskClient) -> None:
    table, other = new_table(client), new_table(client)
    assert client.post(f"{table['path']}/stream-tickets").status_code == 401
    stranger = client.post(f"{table['path']}/stream-tickets", headers=bearer(other["tokens"]["owner"]))
    assert stranger.status_code == 403 and stranger.get_json()["code"] == "invalid_token"
