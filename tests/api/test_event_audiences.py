"""The audience of every event is stated once, in docs/api.md ("Events and their audience"), and that table is what
tokens really read (issue: the audience of each event stated once and tested). Sessions of every game of the
registry, at every player count, with the default rules and with every option changed, play their rounds with
every session write that makes an event (a posted state, a new seat token, a seat handed to the computer and back,
presence, a clock, a resignation, a rematch); then every token reads the whole log from version 0:

- each event the owner of an unsealed table reads (every event) has the ``to`` its row of the table says;
- a seat reads exactly the events ``to`` all and ``to`` its seat (its ``rematch`` with its token, which the owner
  reads without), a spectator and the owner of a sealed table exactly those ``to`` all, and each reader's
  ``table`` event is ``to`` that reader;
- every event type of the table was seen, and every event type seen is in the table."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from flask.testing import FlaskClient

from service.engine.games import GAMES, OPTIONS
from service.storage import SqliteStore
from tests.sessions.conftest import make_app
from tests.suites import ROOT

Event = dict[str, Any]


@dataclass(frozen=True)
class Row:
    """One event type in the table of docs/api.md: the wording of its audience, the fields it always carries
    and those in brackets, which it carries only where the row says."""

    audience: str
    fields: frozenset[str]
    sometimes: frozenset[str]


def documented() -> dict[str, Row]:
    """Each event type with its audience and fields, as the table of docs/api.md states them."""
    text = (ROOT / "docs" / "api.md").read_text()
    section = text.split("\n## Events and their audience\n", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `([a-z_]+)` \| ([^|]+?) \| ([^|]+?) \|", section, re.MULTILINE)
    assert rows, "docs/api.md has no table of events and their audience"
    return {
        kind: Row(
            audience,
            frozenset(re.findall(r"(?<!\[)`([a-z_]+)`(?!\])", fields)),
            frozenset(re.findall(r"\[`([a-z_]+)`\]", fields)),
        )
        for kind, audience, fields in rows
    }


MOVE_FIELDS = frozenset({"move", "by", "reason"})
"""What the first event of a move carries in a session's log (docs/api.md, below the table)."""


def field_faults(log: list[Event], table_of: dict[str, Row]) -> list[str]:
    """Each event of a session's log whose fields are not those of its row: every field of the row, those in
    brackets or not, its ``version``, and on the first event of a move's version the move's own."""
    faults, first_of_version = [], set()
    for event in log:
        row = table_of.get(event["type"])
        if row is None:
            continue
        first = event["version"] not in first_of_version
        first_of_version.add(event["version"])
        allowed = row.fields | row.sometimes | {"type", "to", "version"} | (MOVE_FIELDS if first else set())
        extra = set(event) - allowed
        missing = row.fields - set(event)
        if extra or missing:
            faults.append(
                f"{event['type']}: fields {sorted(extra)} not in its row, {sorted(missing)} missing"
            )
        first_of_a_move = ("card_played", "accusi_declared", "trump_exchanged", "bid", "passed", "card_called")
        if "move" in event and event["type"] not in first_of_a_move:
            faults.append(f"{event['type']} carries a move")
    return faults


AUDIENCES: dict[str, Callable[[Event, dict[str, Any]], bool]] = {
    "all": lambda event, rules: event["to"] == "all",
    "the seat": lambda event, rules: event["to"] == event["seat"],
    # private to the seat that drew, to all where the rules show drawn cards
    "the seat, or all": lambda event, rules: (
        event["to"] == ("all" if rules.get("show_drawn_cards") else event["seat"])
    ),
    # the new table to all, and each seat's own event (its token, which only that seat reads) to that seat
    "all, and each seat": lambda event, rules: event["to"] == "all" or isinstance(event["to"], int),
}
"""What each wording of the table's ``to`` column means, for an event of a table with these rules. (``the reader``,
the ``table`` event's, is checked reader by reader.) A wording the table uses and this test does not know fails."""


def bearer(token: str, **headers: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}", **headers}


def variants(game: str) -> list[dict[str, Any]]:
    """The default rules, and every option changed: a choice at its last value, a switch flipped; both with a
    match that lasts (every number option at its maximum)."""
    lasting = {option.name: option.maximum for option in OPTIONS[game] if option.kind == "number"}
    changed = {
        option.name: (not option.default) if isinstance(option.default, bool) else option.choices[-1]
        for option in OPTIONS[game]
        if option.kind != "number"
        and (isinstance(option.default, bool) or option.choices[-1] != option.default)
    }
    return [lasting, {**lasting, **changed}]


def eventful_seed(client: FlaskClient, game: str, players: int, rules: dict[str, Any]) -> int:
    """A seed whose deal writes an event beyond the deal itself (a re-deal, a dealer's bonus) where one exists
    among the first hundreds; else 0."""
    for seed in range(400):
        body = {"players": players, "seed": seed, "rules": rules}
        events = client.post(f"/v1/games/{game}/deal", json=body).get_json()["events"]
        if {event["type"] for event in events} - {"dealt", "hand_dealt"}:
            return seed
    return 0


class Table:
    def __init__(self, client: FlaskClient, created: dict[str, Any]) -> None:
        self.client, self.path = client, f"/v1/sessions/{created['id']}"
        self.owner, self.seats = created["tokens"]["owner"], list(created["tokens"]["seats"])
        self.spectator = created["tokens"]["spectator"]

    def etag(self) -> str:
        return str(self.client.get(self.path, headers=bearer(self.owner)).headers["ETag"])

    def write(self, method: str, suffix: str, token: str | None = None, **kwargs: Any) -> Any:
        headers = bearer(token or self.owner, **{"If-Match": self.etag()})
        answer = self.client.open(f"{self.path}{suffix}", method=method, headers=headers, **kwargs)
        assert answer.status_code < 300, (suffix, answer.get_json())
        return answer.get_json() if answer.data else None

    def log(self, token: str) -> list[Event]:
        answer = self.client.get(f"{self.path}/events?after=0", headers=bearer(token))
        assert answer.status_code == 200, answer.get_json()
        events: list[Event] = answer.get_json()["events"]
        return events

    def play_round(self, choose: random.Random, passing: bool = False) -> None:
        """The seats play the round out, each with its own token; a trump exchange whenever one is offered;
        ``passing``: a pass whenever one is offered (an auction every seat passes: thrown in)."""
        while not (view := self.client.get(f"{self.path}/view", headers=bearer(self.owner)).get_json())[
            "round_over"
        ]:
            token = self.seats[view["turn"]]
            moves = self.client.get(f"{self.path}/legal-moves", headers=bearer(token)).get_json()["moves"]
            exchanges = [move for move in moves if "exchange" in move or (passing and "pass" in move)]
            self.write("POST", "/moves", token, json={"move": (exchanges or [choose.choice(moves)])[0]})


def played_table(client: FlaskClient, game: str, players: int, rules: dict[str, Any], sealed: bool) -> Table:
    seed: Any = "server" if sealed else eventful_seed(client, game, players, rules)
    clock = {"move_seconds": 3600, "on_timeout": "none"}
    body = {"game": game, "deal": {"players": players, "seed": seed, "rules": rules}, "clock": clock}
    made = client.post("/v1/sessions", json=body)
    assert made.status_code == 201, made.get_json()
    table = Table(client, made.get_json())
    choose = random.Random(f"{game}/{players}/{sorted(rules.items())}")
    for token in table.seats:  # each player comes to the table: presence
        client.get(f"{table.path}/view", headers=bearer(token))
    if not sealed:
        state = client.get(table.path, headers=bearer(table.owner)).get_json()["state"]
        table.write("PUT", "", json={"state": state})
    table.seats[0] = table.write("POST", "/seats/0/token")["token"]
    table.write("POST", "/seats/1/computer", json={"computer": {"level": "random"}})
    table.write("DELETE", "/seats/1/computer")
    table.play_round(choose)
    table.write("POST", "/next-round", json={"seed": "server" if sealed else seed + 1})
    table.play_round(choose, passing=True)
    table.write("POST", "/resign", table.seats[0])
    table.write("POST", "/rematch")
    return table


def misdirected(table: Table, table_of: dict[str, Row]) -> tuple[set[str], list[str]]:
    """The event types of a table's log, and each event whose ``to`` is not the one the table of docs/api.md says
    or that a token reads when it should not (or does not read when it should)."""
    view = table.client.get(f"{table.path}/view", headers=bearer(table.owner)).get_json()
    rules = view["rules"]  # resolved: every option
    every = table.log(table.owner)  # an unsealed table: its owner reads every event
    assert every[0]["type"] == "table" and every[0]["to"] == "all"
    logged, wrong = every[1:], field_faults(every[1:], table_of)
    for event in logged:
        row = table_of.get(event["type"])
        if row is None or not AUDIENCES[row.audience](event, rules):
            wrong.append(f"{event['type']} to {event['to']} (docs/api.md: {row})")
    for seat, token in enumerate(table.seats):
        read = table.log(token)
        if read[0]["type"] != "table" or read[0]["to"] != seat:
            wrong.append(f"seat {seat}'s table event to {read[0]['to']}")
        own = [event for event in read if event["type"] == "rematch" and event["to"] == seat]
        if [len(event.get("token", "")) > 20 for event in own] != [True]:
            wrong.append(f"seat {seat} reads no rematch event with its token")
        without_tokens = [{k: v for k, v in event.items() if k != "token"} for event in read[1:]]
        if without_tokens != [event for event in logged if event["to"] in ("all", seat)]:
            wrong.append(f"seat {seat} reads other events than those to all and to it")
    if table.log(table.spectator)[1:] != [event for event in logged if event["to"] == "all"]:
        wrong.append("a spectator reads other events than those to all")
    return {"table", *(event["type"] for event in logged)}, wrong


def test_every_event_reaches_the_audience_docs_api_md_states(tmp_path: Path) -> None:
    table_of = documented()
    unknown = {row.audience for row in table_of.values() if row.audience not in AUDIENCES} - {"the reader"}
    assert unknown == set(), f"docs/api.md words an audience this test does not know: {unknown}"
    store = SqliteStore(tmp_path / "sessions.sqlite3", 3600)
    client = make_app(store, presence_seconds=30, session_quota_live=0, session_quota_creates=0).test_client()
    seen: set[str] = set()
    wrong: list[str] = []
    try:
        for game, entry in GAMES.items():
            for players in entry.player_counts:
                for rules in variants(game):
                    table = played_table(client, game, players, rules, sealed=False)
                    types, faults = misdirected(table, table_of)
                    seen |= types
                    wrong += [f"{game} for {players}, rules {rules}: {fault}" for fault in faults]
            sealed = played_table(client, game, entry.player_counts[0], variants(game)[0], sealed=True)
            public = sealed.log(sealed.spectator)
            assert sealed.log(sealed.owner) == public, game  # the owner of a sealed table: the public events
            assert all(event["to"] == "all" for event in public), game
    finally:
        store.close()
    assert sorted(set(wrong)) == []
    assert sorted(seen) == sorted(table_of)
