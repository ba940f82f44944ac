"""A sealed table through the generated client: each seat on its own token, following the table's event stream.

    pip install ./clients/python
    python clients/python/examples/session_table.py briscola 2 --url http://localhost:8000

The host creates a table the service deals from a seed it draws (``"seed": "server"``): the table is sealed, so no
token, the host's included, reads a card before it is played face up, and the service commits to the seed before
the first card. The host keeps the owner token and hands each seat its own seat token, and nothing else. Then one
thread per seat, holding only that token:

1. follows the table's events as Server-Sent Events (``GET /v1/sessions/{id}/events`` with
   ``Accept: text/event-stream``; the first event is the seat's whole view, a ``table`` event),
2. when a version is complete (the message that carries ``id:``), asks its legal moves (``turn`` says who acts);
   on its turn it reads its view and plays one of them (``POST .../moves`` with ``If-Match``: the ETag of the
   legal moves it chose from; a 412 means the table moved on, and the stream brings the version that did),
3. stops once a version holds the round's ``round_over`` event, with the score, and verifies the round on its own
   (``verify``: its view reveals the seed; ``replay`` deals the round again from it and plays the moves its
   events named).

The host then reads the revealed seed and deletes the table (at once when a seat fails: that ends every other
seat's stream). The script prints a JSON summary on stdout: per seat, the moves it made, its hand at each of its
turns, the final score it saw, what its replay found and the events it read (as the service sent them).

Everything goes through the generated client's functions and models except the stream itself, which
openapi-python-client does not generate (its functions read whole answers): ``follow`` below reads it with the
client's own ``httpx`` client (base URL, token and timeouts as configured) and parses each event's data with the
generated model its ``type`` names (the spec's ``Event`` is a union of one schema per event type).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections.abc import Generator, Iterable, Iterator
from concurrent.futures import FIRST_EXCEPTION, ThreadPoolExecutor, wait
from contextlib import closing
from dataclasses import dataclass, field
from http import HTTPStatus
from typing import Any, TypeAlias
from urllib.parse import quote

import httpx

from cardrules_client import AuthenticatedClient
from cardrules_client.api.games import replay
from cardrules_client.api.sessions import (
    create_session,
    delete_session,
    play_in_session,
    session_legal_moves,
    view_session,
)
from cardrules_client.models import (
    AccusiDeclaredEvent,
    AuctionWonEvent,
    BidEvent,
    CardCalledEvent,
    CardDrawnEvent,
    CardPlayedEvent,
    CardsDealtEvent,
    CardsDrawnEvent,
    ClockEvent,
    DealerBonusEvent,
    DealRequest,
    DealtEvent,
    EventBaseToType0,
    GameId,
    HandDealtEvent,
    HandDeclaredEvent,
    Match,
    MatchOverEvent,
    Move,
    PartnerRevealedEvent,
    PassedEvent,
    PresenceEvent,
    RedealEvent,
    RematchEvent,
    Replayed,
    ReplayRequest,
    RoundOverEvent,
    Score,
    SeatChangedEvent,
    SeatChoice,
    SeatReissuedEvent,
    SessionCreated,
    SessionFairness,
    SessionLegalMoves,
    SessionMoveByPlayer,
    StateSetEvent,
    SweepEvent,
    TableCollectedEvent,
    TableEvent,
    ThrownInEvent,
    TrickWonEvent,
    TrumpExchangedEvent,
    ViewSessionResponse200,
)

Event: TypeAlias = (
    DealtEvent
    | RedealEvent
    | HandDealtEvent
    | CardsDealtEvent
    | DealerBonusEvent
    | CardPlayedEvent
    | SweepEvent
    | TableCollectedEvent
    | TrickWonEvent
    | CardsDrawnEvent
    | CardDrawnEvent
    | TrumpExchangedEvent
    | AccusiDeclaredEvent
    | HandDeclaredEvent
    | BidEvent
    | PassedEvent
    | AuctionWonEvent
    | ThrownInEvent
    | CardCalledEvent
    | PartnerRevealedEvent
    | RoundOverEvent
    | StateSetEvent
    | TableEvent
    | SeatReissuedEvent
    | SeatChangedEvent
    | PresenceEvent
    | MatchOverEvent
    | ClockEvent
    | RematchEvent
)
"""The spec's ``Event``: one generated model per event type (a oneOf, of which the generator makes a union of the
models, not a class of its own)."""

EVENT_MODELS: dict[str, type[Event]] = {
    "dealt": DealtEvent,
    "redeal": RedealEvent,
    "hand_dealt": HandDealtEvent,
    "cards_dealt": CardsDealtEvent,
    "dealer_bonus": DealerBonusEvent,
    "card_played": CardPlayedEvent,
    "sweep": SweepEvent,
    "table_collected": TableCollectedEvent,
    "trick_won": TrickWonEvent,
    "cards_drawn": CardsDrawnEvent,
    "card_drawn": CardDrawnEvent,
    "trump_exchanged": TrumpExchangedEvent,
    "accusi_declared": AccusiDeclaredEvent,
    "hand_declared": HandDeclaredEvent,
    "bid": BidEvent,
    "passed": PassedEvent,
    "auction_won": AuctionWonEvent,
    "thrown_in": ThrownInEvent,
    "card_called": CardCalledEvent,
    "partner_revealed": PartnerRevealedEvent,
    "round_over": RoundOverEvent,
    "state_set": StateSetEvent,
    "table": TableEvent,
    "seat_reissued": SeatReissuedEvent,
    "seat_changed": SeatChangedEvent,
    "presence": PresenceEvent,
    "match_over": MatchOverEvent,
    "clock": ClockEvent,
    "rematch": RematchEvent,
}
"""The spec's discriminator: each event's ``type`` names its model."""

MOVE_EVENTS = (CardPlayedEvent, AccusiDeclaredEvent, TrumpExchangedEvent, BidEvent, PassedEvent, CardCalledEvent)
"""The events that name a move as it was played (the first a move writes), with the spec's ``EventMove`` fields."""


def parse_event(data: dict[str, Any]) -> Event:
    """One event's data, as the model its ``type`` names."""
    return EVENT_MODELS[data["type"]].from_dict(data)


STREAM_TIMEOUT = httpx.Timeout(10.0, read=40.0)
"""A quiet stream gets a comment every 15 s: 40 s without a byte means the connection is gone."""


@dataclass
class Message:
    """One Server-Sent Events message: ``id`` is set on the last message of each version (the version)."""

    event: str
    data: str
    id: str | None


def messages(lines: Iterable[str]) -> Iterator[Message | int]:
    """The messages of an event stream (WHATWG HTML, server-sent events), and its ``retry:`` values (ms)."""
    event, data, ident = "message", list[str](), None
    for line in lines:
        if not line:
            if data:
                yield Message(event, "\n".join(data), ident)
            event, data, ident = "message", [], None
            continue
        if line.startswith(":"):
            continue  # a comment: the heartbeat of a quiet stream
        name, _, value = line.partition(":")
        value = value.removeprefix(" ")
        if name == "event":
            event = value
        elif name == "data":
            data.append(value)
        elif name == "id":
            ident = value
        elif name == "retry" and value.isdigit():
            yield int(value)


def follow(client: AuthenticatedClient, table: str) -> Generator[tuple[int, list[Event]]]:
    """Each version of the table as this token may see it, in order, with its events, from the first on. A stream
    that ends (the service's stream lifetime, a worker that restarts) is opened again after its ``retry:``, from
    the last whole version (``Last-Event-ID``), so no version is missed or read twice."""
    seen: int | None = None
    retry_ms = 1000
    while True:
        headers = {"Accept": "text/event-stream"}
        if seen is not None:
            headers["Last-Event-ID"] = str(seen)
        path = f"/v1/sessions/{quote(table, safe='')}/events"
        with client.get_httpx_client().stream("GET", path, headers=headers, timeout=STREAM_TIMEOUT) as stream:
            stream.raise_for_status()
            pending: list[Event] = []
            for message in messages(stream.iter_lines()):
                if isinstance(message, int):
                    retry_ms = message
                    continue
                pending.append(parse_event(json.loads(message.data)))
                if message.id is not None:
                    seen = int(message.id)
                    yield seen, pending
                    pending = []
        time.sleep(retry_ms / 1000)


@dataclass
class SeatReport:
    seat: int
    moves: list[dict[str, Any]] = field(default_factory=list)
    stale_moves: int = 0
    """Moves refused with 412 because the table had moved on; the seat chose again from the next version."""
    events: list[dict[str, Any]] = field(default_factory=list)
    final_score: dict[str, Any] | None = None
    hand_at_each_turn: list[list[str]] = field(default_factory=list)
    verified: dict[str, bool] = field(default_factory=dict)
    """The seat's own check of the round (``verify``)."""


def take_turn(client: AuthenticatedClient, table: str, report: SeatReport, choose: random.Random) -> None:
    """Plays one legal move when this seat is to act; does nothing otherwise."""
    legal = session_legal_moves.sync_detailed(table, client=client)
    if not isinstance(legal.parsed, SessionLegalMoves):
        raise RuntimeError(f"seat {report.seat}: legal moves answered {legal.status_code}: {legal.content!r}")
    if legal.parsed.turn != report.seat or not legal.parsed.moves:
        return
    view = view_session.sync(table, client=client)
    if not isinstance(view, ViewSessionResponse200) or view.hand is None:
        raise RuntimeError(f"seat {report.seat}: its view has no hand: {view!r}")
    move = choose.choice(legal.parsed.moves)
    played = play_in_session.sync_detailed(
        table, client=client, body=SessionMoveByPlayer(move=move), if_match=legal.headers["ETag"]
    )
    if played.status_code == HTTPStatus.PRECONDITION_FAILED:
        report.stale_moves += 1  # another write came first; its version is on the stream
        return
    if played.status_code != HTTPStatus.OK:
        raise RuntimeError(
            f"seat {report.seat}: move {move.to_dict()} answered {played.status_code}: {played.content!r}"
        )
    report.hand_at_each_turn.append(view.hand)
    report.moves.append(move.to_dict())


def verify(
    client: AuthenticatedClient, table: str, game: GameId, log: list[Event], score: Score
) -> dict[str, bool]:
    """The seat checks, with its own token and nobody's word, that the round was dealt from the seed committed to
    before the first card and played as the table showed it (docs/fairness.md, a seat verifies its round): its
    view reveals the seed and the table's setup, and ``replay`` deals the round again from that seed and plays
    the moves the seat's events named."""
    view = view_session.sync(table, client=client)
    if not isinstance(view, ViewSessionResponse200) or not isinstance(view.fairness, SessionFairness):
        raise RuntimeError(f"the view at the end of the round reveals no seed: {view!r}")
    if not isinstance(view.match, Match):
        raise RuntimeError(f"the view at the end of the round has no match: {view!r}")
    moves = [
        event.move
        for event in log
        if isinstance(event, MOVE_EVENTS) and event.to == EventBaseToType0.ALL and isinstance(event.move, Move)
    ]
    body = ReplayRequest(
        players=view.players,
        dealer=view.dealer,
        round_=view.match.round_,
        scores=view.match.scores,
        deck=view.deck,
        rules=view.rules,
        seed=view.fairness.seed,
        salt=view.fairness.salt,
        seed_commitment=view.fairness.seed_commitment,
        moves=moves,
    )
    replayed = replay.sync(client=client, game=game, body=body)
    if not isinstance(replayed, Replayed):
        raise RuntimeError(f"the replay answered {replayed!r}")
    return {
        "valid": replayed.valid,
        "commitment_matches": replayed.commitment_matches is True,
        # The sides' points and the match totals (the event's score also carries the categories' labels).
        "score_matches": replayed.score is not None
        and (replayed.score.sides, replayed.score.match) == (score.sides, score.match),
    }


def play_seat(base_url: str, table: str, game: GameId, seat: int, token: str, seed: int) -> SeatReport:
    """One player: this seat's token and nothing else."""
    report = SeatReport(seat)
    choose = random.Random(f"{seed}/{seat}")
    log: list[Event] = []
    client = AuthenticatedClient(base_url=base_url, token=token, timeout=httpx.Timeout(10.0))
    with client, closing(follow(client, table)) as versions:  # the stream closes when the round is over
        for _version, events in versions:
            log.extend(events)
            report.events.extend(event.to_dict() for event in events)
            over = next((event for event in events if isinstance(event, RoundOverEvent)), None)
            if over is None:
                take_turn(client, table, report, choose)
                continue
            report.final_score = over.score.to_dict()
            report.verified = verify(client, table, game, log, over.score)
            return report
    raise AssertionError("unreachable: follow() ends only by the round's end")


def create_table(host: AuthenticatedClient, game: str, players: int) -> SessionCreated:
    # The generator types this body Any (the spec's oneOf of required fields: `state` or `deal`), so it is made
    # of the generated models' dictionaries.
    body = {
        "game": game,
        "deal": DealRequest(players=players, seed="server").to_dict(),
        "seats": [SeatChoice(name=f"Player {seat + 1}").to_dict() for seat in range(players)],
    }
    created = create_session.sync_detailed(client=host, body=body)
    if not isinstance(created.parsed, SessionCreated):
        raise RuntimeError(f"creating the table answered {created.status_code}: {created.content!r}")
    return created.parsed


def main(arguments: list[str]) -> int:
    parser = argparse.ArgumentParser(description="A sealed table where each seat plays on its own token.")
    parser.add_argument("game", help="a game id of GET /v1/games: scopa, briscola, ...")
    parser.add_argument("players", type=int)
    parser.add_argument("--url", default="http://localhost:8000", help="the service (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=1, help="the seats' choice among their legal moves")
    parser.add_argument(
        "--api-key", default=os.environ.get("CARDRULES_API_KEY", ""),
        help="X-API-Key, when the service takes API keys for creation (default: $CARDRULES_API_KEY)",
    )  # fmt: skip
    options = parser.parse_args(arguments)

    started = time.monotonic()
    # Creation is open unless the operator configured API keys; the generated function takes the client that
    # sends the key (an empty one where none is needed).
    with AuthenticatedClient(
        base_url=options.url, token=options.api_key, prefix="", auth_header_name="X-API-Key"
    ) as backend:
        table = create_table(backend, options.game, options.players)
    tokens = table.tokens.seats
    print(f"table {table.id}: {options.game} for {options.players}, sealed: {table.sealed}", file=sys.stderr)
    with ThreadPoolExecutor(max_workers=len(tokens)) as pool:
        running = [
            pool.submit(play_seat, options.url, table.id, GameId(table.game), seat, token, options.seed)
            for seat, token in enumerate(tokens)
        ]
        done, _ = wait(running, timeout=300, return_when=FIRST_EXCEPTION)
        if len(done) < len(running) or any(future.exception() for future in done):
            # A seat failed (or the round never ended): deleting the table ends every other seat's stream (a
            # stream ends when its token no longer opens the session), so that none waits for a turn forever.
            with AuthenticatedClient(base_url=options.url, token=table.tokens.owner) as host:
                delete_session.sync_detailed(table.id, client=host, if_match="*")
            failed = [future.exception() for future in done if future.exception()]
            raise RuntimeError(f"the table did not finish its round: {failed or 'no seat ended in 300 s'}")
        reports = [future.result() for future in running]

    # The host: the owner token reads the revealed seed (a sealed table shows its owner the public view) and
    # deletes the table. Reading the session needs the owner token; reading a view is any token's right.
    with AuthenticatedClient(base_url=options.url, token=table.tokens.owner) as host:
        public = view_session.sync_detailed(table.id, client=host)
        if not isinstance(public.parsed, ViewSessionResponse200):
            raise RuntimeError(f"the public view answered {public.status_code}: {public.content!r}")
        fairness = public.parsed.fairness
        deleted = delete_session.sync_detailed(table.id, client=host, if_match=public.headers["ETag"])
        if deleted.status_code != HTTPStatus.NO_CONTENT:
            raise RuntimeError(f"deleting the table answered {deleted.status_code}: {deleted.content!r}")

    for report in reports:
        print(f"seat {report.seat}: {len(report.moves)} moves, {len(report.events)} events", file=sys.stderr)
    print(f"round over in {time.monotonic() - started:.1f} s", file=sys.stderr)
    summary = {
        "game": options.game,
        "players": options.players,
        "table": table.id,
        "sealed": table.sealed,
        "fairness": {
            "seed_commitment": table.fairness.seed_commitment if table.fairness else None,
            "revealed": fairness.to_dict() if fairness else None,
        },
        "seats": [
            {
                "seat": report.seat,
                "moves": report.moves,
                "stale_moves": report.stale_moves,
                "hand_at_each_turn": report.hand_at_each_turn,
                "final_score": report.final_score,
                "verified": report.verified,
                "events": report.events,
            }
            for report in reports
        ],
    }
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
