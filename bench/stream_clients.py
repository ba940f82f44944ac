"""The clients the event-stream benches share (``bench/streams.py``, ``bench/stream_attacks.py``).

Requests on fresh connections, tables of Scopa, event streams held as raw gevent sockets (a greenlet and a socket
each, with an HTTP/1.1 chunked decoder of its own, so that a process can hold ten thousand of them), each from a
chosen loopback source address; moves made at a fixed rate and the fan-out of their versions to the streams; what
the server's processes hold (sockets, RSS, PSS from /proc); busy-loop processes that keep the CPU busy, bounded in
time. Every loop is bounded in count and time, and every socket and process is closed or stopped on the way out.
"""

from __future__ import annotations

import contextlib
import http.client
import ipaddress
import itertools
import json
import resource
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import gevent
import gevent.event
import gevent.lock
import gevent.pool
import gevent.socket

from .common import HOST, dump_json

ARRIVAL_GRACE_S = 10.0
HEAD_TIMEOUT_S = 30.0
LOOPBACK = ipaddress.IPv4Network("127.0.0.0/8")


def loopback_sources(count: int, first: str = "127.0.0.2") -> list[str]:
    """``count`` loopback addresses from ``first`` on, skipping those ending in .0 and .255 (Linux routes all of
    127.0.0.0/8 to ``lo``, so a client socket can bind any of them as its source)."""
    number = int(ipaddress.IPv4Address(first))
    found: list[str] = []
    while len(found) < count:
        address = ipaddress.IPv4Address(number)
        if address not in LOOPBACK:
            raise ValueError(f"{address} is past 127.255.255.255")
        if number % 256 not in (0, 255) and str(address) != HOST:
            found.append(str(address))
        number += 1
    return found


def raise_nofile(wanted: int) -> int:
    """The soft RLIMIT_NOFILE raised toward ``wanted`` (never past the hard limit); the new soft limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


# -- requests and tables ---------------------------------------------------------------------------------------
@dataclass
class Answer:
    status: int
    etag: str | None
    body: Any
    answered: float  # perf_counter when its last byte was read


def call(
    port: int,
    method: str,
    path: str,
    body: Any = None,
    token: str | None = None,
    headers: dict[str, str] | None = None,
    timeout: float = 30.0,
    source: str | None = None,
) -> Answer:
    """One request on a fresh connection, from ``source`` (a loopback address) when given."""
    connection = http.client.HTTPConnection(
        HOST, port, timeout=timeout, source_address=(source, 0) if source else None
    )
    sent = {"Authorization": f"Bearer {token}"} if token else {}
    data = None
    if body is not None:
        data = dump_json(body)
        sent["Content-Type"] = "application/json"
    sent.update(headers or {})
    try:
        connection.request(method, path, body=data, headers=sent)
        response = connection.getresponse()
        raw = response.read()
        answered = time.perf_counter()
        parsed = json.loads(raw) if raw and response.getheader("Content-Type", "").endswith("json") else raw
        return Answer(response.status, response.getheader("ETag"), parsed, answered)
    finally:
        connection.close()


@dataclass
class Table:
    id: str
    owner: str
    seats: list[str]
    turn: int
    etag: str
    version: int
    source: str | None = None
    over: bool = False  # its round is over
    finished: bool = False  # its match is over


def create_tables(
    port: int, count: int, players: int, sources: Sequence[str | None] = (None,), at_once: int = 4
) -> list[Table]:
    """``count`` sessions of Scopa, the i-th created from ``sources[i % len(sources)]``."""

    def create(index: int) -> Table:
        source = sources[index % len(sources)]
        body = {"game": "scopa", "deal": {"players": players, "seed": "server"}}
        made = call(port, "POST", "/v1/sessions", body, source=source)
        if made.status != 201 or made.etag is None:
            raise RuntimeError(f"creating a session from {source}: {made.status} {str(made.body)[:300]}")
        answer = made.body
        tokens = answer["tokens"]
        return Table(
            answer["id"], tokens["owner"], tokens["seats"], answer["view"]["turn"], made.etag, 1, source
        )

    return list(gevent.pool.Pool(at_once).imap(create, range(count)))


# -- event streams ---------------------------------------------------------------------------------------------
class Dechunker:
    """HTTP/1.1 chunked transfer coding, undone as the bytes come."""

    def __init__(self) -> None:
        self.raw, self.left, self.skip, self.done = b"", 0, 0, False

    def feed(self, data: bytes) -> bytes:
        self.raw += data
        out = []
        while self.raw and not self.done:
            if self.skip:  # the CRLF after a chunk's data
                taken = min(self.skip, len(self.raw))
                self.raw, self.skip = self.raw[taken:], self.skip - taken
            elif self.left:
                piece = self.raw[: self.left]
                out.append(piece)
                self.raw, self.left = self.raw[len(piece) :], self.left - len(piece)
                self.skip = 0 if self.left else 2
            else:
                end = self.raw.find(b"\r\n")
                if end < 0:
                    break
                size = int(self.raw[:end].split(b";", 1)[0], 16)
                self.raw = self.raw[end + 2 :]
                self.left, self.done = size, size == 0
        return b"".join(out)


@dataclass
class EventStream:
    table: Table
    seat: int
    source: str | None = None
    arrivals: dict[int, float] = field(default_factory=dict)  # version -> perf_counter of its last message
    ready: gevent.event.Event = field(default_factory=gevent.event.Event)
    beats: list[float] = field(default_factory=list)  # perf_counter of each heartbeat comment
    refused: str | None = None  # "app" or "nginx": a 503 too_many_waiting from one or the other
    failed: str | None = None  # anything else that kept it from opening or ended it with an error
    ended: bool = False  # the server closed it
    attempts: int = 0

    @property
    def open(self) -> bool:
        return self.ready.is_set() and not self.ended and self.failed is None


def _read_head(sock: Any) -> tuple[int, bytes, bytes]:
    """The status, the head and what came after it."""
    buffer = b""
    while b"\r\n\r\n" not in buffer:
        data = sock.recv(65536)
        if not data:
            raise ConnectionError(f"closed before the answer's head ({len(buffer)} bytes)")
        buffer += data
        if len(buffer) > 65536:
            raise ValueError("an answer head over 64 KiB")
    head, rest = buffer.split(b"\r\n\r\n", 1)
    return int(head.split(b" ", 2)[1]), head.lower(), rest


def _refusal(sock: Any, status: int, head: bytes, rest: bytes) -> tuple[str | None, str]:
    """Who refused (``app``, ``nginx``) or None, and what the answer said."""
    length = 0
    for line in head.split(b"\r\n"):
        if line.startswith(b"content-length:"):
            length = int(line.split(b":", 1)[1])
    body = rest
    chunked = b"transfer-encoding: chunked" in head
    deadline = time.monotonic() + 5
    while (len(body) < length or chunked) and time.monotonic() < deadline:
        data = sock.recv(65536)
        if not data:
            break
        body += data
    text = body.decode(errors="replace")
    if status == 503 and "too_many_waiting" in text:
        # The app's answers carry its X-Request-ID; nginx's own refusal (deploy/nginx/nginx.conf) has none.
        return ("app" if b"\r\nx-request-id:" in head else "nginx"), text
    return None, text


def follow(port: int, stream: EventStream, gate: gevent.lock.Semaphore) -> None:
    """One attempt to open ``stream`` and read it until killed; ``gate`` bounds how many are being opened at
    once (held until the stream's first message or its refusal)."""
    gate.acquire()
    held = True
    stream.attempts += 1
    stream.refused = stream.failed = None
    sock = None
    try:
        source = (stream.source, 0) if stream.source else None
        sock = gevent.socket.create_connection((HOST, port), timeout=HEAD_TIMEOUT_S, source_address=source)
        table = stream.table
        sock.sendall(
            (
                f"GET /v1/sessions/{table.id}/events?after={table.version} HTTP/1.1\r\nHost: {HOST}:{port}\r\n"
                f"Authorization: Bearer {table.seats[stream.seat]}\r\nAccept: text/event-stream\r\n\r\n"
            ).encode()
        )
        status, head, rest = _read_head(sock)
        if status != 200:
            stream.refused, text = _refusal(sock, status, head, rest)
            if stream.refused is None:
                stream.failed = f"{status} {text[:120]}"
            return
        sock.settimeout(None)
        decoder = Dechunker() if b"transfer-encoding: chunked" in head else None
        text = b""
        data = rest
        while True:
            now = time.perf_counter()
            if data:
                text += decoder.feed(data) if decoder is not None else data
                *messages, text = text.split(b"\n\n")
                for message in messages:
                    if message.startswith(b": heartbeat"):
                        stream.beats.append(now)
                    elif message.startswith(b"retry:") and not stream.ready.is_set():
                        stream.ready.set()
                        if held:
                            gate.release()
                            held = False
                    for line in message.split(b"\n"):
                        if line.startswith(b"id: "):
                            stream.arrivals[int(line[4:])] = now
            if decoder is not None and decoder.done:
                stream.ended = True
                return
            data = sock.recv(65536)
            if not data:
                stream.ended = True
                return
    except (OSError, ValueError, IndexError) as error:
        stream.failed = f"{type(error).__name__}: {error}"[:160]
    finally:
        if held:
            gate.release()
        if sock is not None:
            sock.close()


def streams_for(
    tables: Sequence[Table], count: int, players: int, sources: Sequence[str | None]
) -> list[EventStream]:
    """``count`` streams, one a seat of ``tables`` in order (again from the first table past the last), the
    i-th from ``sources[i % len(sources)]``."""
    return [
        EventStream(tables[(index // players) % len(tables)], index % players, sources[index % len(sources)])
        for index in range(count)
    ]


class StreamSet:
    """Streams being held: started (``start``), waited for, and every connection closed by ``close``."""

    def __init__(self, port: int, at_once: int = 50) -> None:
        self.port = port
        self.gate = gevent.lock.Semaphore(at_once)
        self.greenlets: list[gevent.Greenlet] = []

    def start(self, streams: Sequence[EventStream], wait_s: float = 180.0) -> None:
        """Open ``streams`` (their first message read or their refusal) within ``wait_s``."""
        self.greenlets += [gevent.spawn(follow, self.port, stream, self.gate) for stream in streams]
        deadline = time.monotonic() + wait_s
        while time.monotonic() < deadline and not all(
            s.ready.is_set() or s.refused or s.failed for s in streams
        ):
            gevent.sleep(0.1)

    def close(self) -> None:
        gevent.killall(self.greenlets, timeout=30)
        self.greenlets = []


@contextlib.contextmanager
def holding(port: int, streams: Sequence[EventStream], at_once: int = 50) -> Iterator[StreamSet]:
    held = StreamSet(port, at_once)
    try:
        held.start(streams)
        yield held
    finally:
        held.close()


# -- moves and their fan-out -----------------------------------------------------------------------------------
@dataclass
class Move:
    table: Table
    version: int
    sent: float
    answered: float


def drive_moves(port: int, tables: list[Table], count: int, rate: float) -> tuple[list[Move], Counter[str]]:
    """``count`` moves at ``rate`` a second, round-robin over the tables; each by the seat whose turn it is, its
    first legal move, with ``If-Match``; a table whose round is over gets its next round dealt by its owner, and
    one whose match is over is left out. Only the POST of the move is timed."""
    moves: list[Move] = []
    problems: Counter[str] = Counter()
    cycle = itertools.cycle(tables)
    start = time.perf_counter()
    for index in range(count):
        gevent.sleep(max(0.0, start + index / rate - time.perf_counter()))
        table = None
        for _ in range(len(tables)):
            candidate = next(cycle)
            if not candidate.finished and (not candidate.over or next_round(port, candidate, problems)):
                table = candidate
                break
        if table is None:
            problems["every match over"] += 1
            continue
        token = table.seats[table.turn]
        legal = call(port, "GET", f"/v1/sessions/{table.id}/legal-moves", token=token)
        if legal.status != 200 or not legal.body["moves"]:
            problems[f"legal-moves {legal.status}"] += 1
            continue
        sent = time.perf_counter()
        played = call(
            port,
            "POST",
            f"/v1/sessions/{table.id}/moves",
            {"move": legal.body["moves"][0]},
            token=token,
            headers={"If-Match": table.etag},
        )
        if played.status != 200 or played.etag is None:
            problems[f"move {played.status}"] += 1
            continue
        view = played.body["view"]
        table.etag, table.version, table.turn = played.etag, played.body["version"], view["turn"]
        table.over = bool(view["round_over"])
        moves.append(Move(table, table.version, sent, played.answered))
    return moves, problems


def next_round(port: int, table: Table, problems: Counter[str]) -> bool:
    """The owner deals the table's next round: whether it was dealt (not when the match is over)."""
    dealt = call(
        port,
        "POST",
        f"/v1/sessions/{table.id}/next-round",
        {"seed": "server"},
        token=table.owner,
        headers={"If-Match": table.etag},
    )
    if dealt.status == 400 and dealt.body.get("code") == "match_over":
        table.finished = True
        return False
    if dealt.status != 200 or dealt.etag is None or dealt.body["view"].get("turn") is None:
        problems[f"next-round {dealt.status}"] += 1
        return False
    table.etag, table.version, table.turn = dealt.etag, dealt.body["version"], dealt.body["view"]["turn"]
    table.over = bool(dealt.body["view"]["round_over"])
    return True


@dataclass
class Fanout:
    moves: int
    expected: int
    received: int
    from_answer_ms: list[float]
    from_sent_ms: list[float]
    problems: Counter[str]
    move_ms: list[float] = field(default_factory=list)  # each move's own POST, from its sending to its answer


def fanout(moves: list[Move], streams: Sequence[EventStream], problems: Counter[str]) -> Fanout:
    """Every (move, stream of its table that was open) pair: when the move's version reached the stream. Waits up
    to ``ARRIVAL_GRACE_S`` for stragglers; what never came is counted (lost), not timed."""
    by_table: dict[str, list[EventStream]] = {}
    for stream in streams:
        if stream.ready.is_set():
            by_table.setdefault(stream.table.id, []).append(stream)
    pairs = [(move, stream) for move in moves for stream in by_table.get(move.table.id, [])]
    deadline = time.perf_counter() + ARRIVAL_GRACE_S
    while time.perf_counter() < deadline and any(move.version not in s.arrivals for move, s in pairs):
        gevent.sleep(0.05)
    arrived = [(move, s.arrivals[move.version]) for move, s in pairs if move.version in s.arrivals]
    return Fanout(
        len(moves),
        len(pairs),
        len(arrived),
        [(at - move.answered) * 1000 for move, at in arrived],
        [(at - move.sent) * 1000 for move, at in arrived],
        problems,
        [(move.answered - move.sent) * 1000 for move in moves],
    )
