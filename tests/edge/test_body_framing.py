"""Exact body handling: a streamed (chunked) body is counted as it is read, so over the limit is a 413 and bad
framing a 400, never a body silently cut at the limit and never a 500; in-process, against real gunicorn with raw
sockets, and through nginx."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from typing import Any

import pytest
from flask.testing import FlaskClient
from gunicorn.http.errors import InvalidChunkSize

from tests.api.test_hostile_inputs import SCOPA
from tests.edge.servers import gunicorn, nginx, raw_exchange

LIMIT = 262_144  # MAX_BODY_BYTES's default, and nginx's client_max_body_size
LEGAL = "/v1/games/scopa/legal-moves"
BODY = json.dumps({"state": SCOPA}).encode()
# Valid JSON whatever the cut: an answer of 200 would mean the body was read only up to the limit.
PADDED = BODY + b" " * (LIMIT + 1000 - len(BODY))


def chunked(*pieces: bytes) -> bytes:
    return b"".join(b"%x\r\n%s\r\n" % (len(piece), piece) for piece in pieces) + b"0\r\n\r\n"


def head(path: str = LEGAL) -> bytes:
    return (
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
    ).encode()


def problem(answer: bytes) -> dict[str, Any]:
    headers, _, body = answer.partition(b"\r\n\r\n")
    assert b"application/problem+json" in headers.lower(), headers
    if b"transfer-encoding: chunked" in headers.lower():  # de-chunk a chunked answer
        out, rest = b"", body
        while rest:
            size_line, _, rest = rest.partition(b"\r\n")
            size = int(size_line.split(b";")[0], 16)
            if size == 0:
                break
            out, rest = out + rest[:size], rest[size + 2 :]
        body = out
    value: dict[str, Any] = json.loads(body)
    return value


# -- in-process (the Flask test client, streams as gunicorn hands them over) -------------------------------------


class BrokenChunks(io.RawIOBase):
    """A wsgi.input that fails the way gunicorn's chunked reader does on bad framing."""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        raise InvalidChunkSize(b"zz")


def post_stream(client: FlaskClient, stream: io.IOBase, terminated: bool = True) -> Any:
    overrides: dict[str, Any] = {"wsgi.input": stream}
    if terminated:
        overrides["wsgi.input_terminated"] = True
    return client.post(
        LEGAL,
        input_stream=io.BytesIO(b""),
        headers={"Content-Type": "application/json", "Transfer-Encoding": "chunked"},
        environ_overrides=overrides,
    )


def test_in_process_streamed_body_is_read_whole(client: FlaskClient) -> None:
    response = post_stream(client, io.BytesIO(BODY))
    assert response.status_code == 200, response.get_json()


def test_in_process_streamed_body_at_the_limit_is_read(client: FlaskClient) -> None:
    response = post_stream(client, io.BytesIO(BODY + b" " * (LIMIT - len(BODY))))
    assert response.status_code == 200, response.get_json()


def test_in_process_streamed_body_over_the_limit_is_413(client: FlaskClient) -> None:
    response = post_stream(client, io.BytesIO(PADDED))
    assert response.status_code == 413 and response.get_json()["code"] == "payload_too_large"


def test_in_process_bad_framing_is_400(client: FlaskClient) -> None:
    response = post_stream(client, BrokenChunks())
    assert response.status_code == 400 and response.mimetype == "application/problem+json"
    assert response.get_json()["code"] == "bad_request"


def test_in_process_unterminated_stream_is_411(client: FlaskClient) -> None:
    response = post_stream(client, io.BytesIO(BODY), terminated=False)
    assert response.status_code == 411 and response.get_json()["code"] == "length_required"


# -- real gunicorn, raw sockets, and the same through nginx ------------------------------------------------------


@pytest.fixture(scope="module")
def ports() -> Iterator[dict[str, int]]:
    with gunicorn(workers=1) as app_port, nginx(app_port) as proxy_port:
        yield {"gunicorn": app_port, "nginx": proxy_port}


SERVERS = ["gunicorn", "nginx"]


@pytest.mark.parametrize("server", SERVERS)
def test_chunked_body_is_answered(ports: dict[str, int], server: str) -> None:
    status, answer = raw_exchange(ports[server], head() + chunked(BODY[:100], BODY[100:]))
    assert status == 200, answer[:500]


@pytest.mark.parametrize("server", SERVERS)
def test_chunked_body_over_the_limit_is_413(ports: dict[str, int], server: str) -> None:
    pieces = [PADDED[i : i + 8192] for i in range(0, len(PADDED), 8192)]
    status, answer = raw_exchange(ports[server], head() + chunked(*pieces))
    assert status == 413, answer[:500]
    assert problem(answer)["code"] == "payload_too_large"


@pytest.mark.parametrize("server", SERVERS)
def test_content_length_over_the_limit_is_413(ports: dict[str, int], server: str) -> None:
    request = (
        f"POST {LEGAL} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(PADDED)}\r\nConnection: close\r\n\r\n"
    ).encode()
    status, answer = raw_exchange(ports[server], request + PADDED)
    assert status == 413, answer[:500]


BAD_FRAMING = {
    "chunk size not hex": b"zz\r\n{}\r\n0\r\n\r\n",
    "chunk longer than its size": b"2\r\n{}}}}\r\n0\r\n\r\n",
    "no CRLF after the data": b"2\r\n{}0\r\n\r\n",
}


@pytest.mark.parametrize("server", SERVERS)
@pytest.mark.parametrize("framing", sorted(BAD_FRAMING))
def test_bad_chunk_framing_is_400_never_500(ports: dict[str, int], server: str, framing: str) -> None:
    status, answer = raw_exchange(ports[server], head() + BAD_FRAMING[framing], timeout=15)
    assert status == 400, answer[:500]
    if server == "gunicorn":  # the app's answer, in the service's format
        assert problem(answer)["code"] == "bad_request"


def test_a_body_that_ends_mid_chunk_is_400_from_gunicorn(ports: dict[str, int]) -> None:
    status, answer = raw_exchange(ports["gunicorn"], head() + b"400\r\n" + BODY[:100], half_close=True)
    assert status == 400 and problem(answer)["code"] == "bad_request", answer[:500]


def test_a_body_that_ends_mid_chunk_never_reaches_the_app_through_nginx(ports: dict[str, int]) -> None:
    # nginx sees the client go and drops the request without an answer (it logs 400), the app never sees it.
    status, answer = raw_exchange(ports["nginx"], head() + b"400\r\n" + BODY[:100], half_close=True)
    assert status in (0, 400), answer[:500]


def test_the_service_is_healthy_after_the_hostile_bodies(ports: dict[str, int]) -> None:
    for port in ports.values():
        status, _ = raw_exchange(port, b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        assert status == 200


def test_in_process_body_shorter_than_its_length_is_400(client: FlaskClient) -> None:
    response = client.post(
        LEGAL,
        input_stream=io.BytesIO(b""),
        headers={"Content-Type": "application/json"},
        environ_overrides={"wsgi.input": io.BytesIO(BODY[:50]), "CONTENT_LENGTH": str(len(BODY))},
    )
    assert response.status_code == 400 and response.get_json()["code"] == "bad_request"


def test_a_body_shorter_than_its_length_is_400_from_gunicorn(ports: dict[str, int]) -> None:
    request = (
        f"POST {LEGAL} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(BODY)}\r\nConnection: close\r\n\r\n"
    ).encode()
    status, answer = raw_exchange(ports["gunicorn"], request + BODY[:50], half_close=True)
    assert status == 400 and problem(answer)["code"] == "bad_request", answer[:500]
