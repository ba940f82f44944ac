"""A browser subscribes to a table (API.md, tables: "Streams from a browser"): headless Chromium opens a real
``EventSource`` on ``GET /v1/sessions/{id}/events?ticket=...`` with a ticket from ``POST .../stream-tickets``
(EventSource cannot send ``Authorization``), and receives the move a seat then makes, with its version as the
message's ``lastEventId``. The same ticket a second time is 401, and EventSource without a ticket gets nothing.
The service runs under gunicorn as the image starts it (``live_service``).
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any

from selenium.webdriver.support.ui import WebDriverWait

from tests.live.test_docs_browser import browser

__all__ = ["browser"]

OPEN_STREAM = """
window.seen = []; window.failures = 0;
const source = new EventSource(arguments[0]);
window.source = source;
for (const type of ["dealt", "hand_dealt", "cards_dealt", "card_played", "sweep", "table_collected"]) {
  source.addEventListener(type, (message) => {
    window.seen.push({type: type, data: JSON.parse(message.data), id: message.lastEventId});
  });
}
source.onerror = () => { window.failures += 1; };
"""


def call(
    base: str, method: str, path: str, body: Any = None, **headers: str
) -> tuple[int, Any, dict[str, str]]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        base + path, data=data, method=method, headers={"Content-Type": "application/json", **headers}
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.loads(answer.read() or b"null"), dict(answer.headers)
    except urllib.error.HTTPError as refused:
        return refused.code, json.loads(refused.read() or b"null"), dict(refused.headers)


def test_an_event_source_with_a_ticket_receives_a_move(browser: Any, live_service: str) -> None:
    status, table, _ = call(
        live_service, "POST", "/v1/sessions", {"game": "scopa", "deal": {"players": 2, "seed": 5}}
    )
    assert status == 201, table
    path = f"/v1/sessions/{table['id']}"
    watcher = table["tokens"]["seats"][1]
    status, made, _ = call(live_service, "POST", f"{path}/stream-tickets", Authorization=f"Bearer {watcher}")
    assert status == 201, made
    stream_url = f"{live_service}{path}/events?ticket={made['ticket']}"

    browser.execute_script(OPEN_STREAM, stream_url)
    WebDriverWait(browser, 30).until(lambda driver: driver.execute_script("return window.seen.length") > 0)
    dealt = browser.execute_script("return window.seen")
    assert all(event["data"]["to"] in ("all", 1) for event in dealt)  # seat 1's audience: never seat 0's hand

    owner = table["tokens"]["owner"]
    status, current, headers = call(live_service, "GET", path, Authorization=f"Bearer {owner}")
    mover = table["tokens"]["seats"][current["state"]["turn"]]
    status, legal, _ = call(live_service, "GET", f"{path}/legal-moves", Authorization=f"Bearer {mover}")
    status, played, _ = call(
        live_service,
        "POST",
        f"{path}/moves",
        {"move": legal["moves"][0]},
        Authorization=f"Bearer {mover}",
        **{"If-Match": headers["ETag"]},
    )
    assert status == 200, played

    WebDriverWait(browser, 30).until(
        lambda driver: any(
            event["type"] == "card_played" for event in driver.execute_script("return window.seen")
        )
    )
    seen = browser.execute_script("window.source.close(); return window.seen")
    moved = [event for event in seen if event["type"] == "card_played"]
    assert moved[0]["data"]["seat"] == current["state"]["turn"]
    assert moved[0]["id"] == str(played["version"])

    status, refused, _ = call(live_service, "GET", f"{path}/events?ticket={made['ticket']}")
    assert status == 401 and refused["code"] == "invalid_ticket"


def test_an_event_source_without_a_ticket_gets_nothing(browser: Any, live_service: str) -> None:
    status, table, _ = call(
        live_service, "POST", "/v1/sessions", {"game": "scopa", "deal": {"players": 2, "seed": 6}}
    )
    assert status == 201, table
    browser.execute_script(OPEN_STREAM, f"{live_service}/v1/sessions/{table['id']}/events")
    WebDriverWait(browser, 30).until(lambda driver: driver.execute_script("return window.failures") > 0)
    state = browser.execute_script("const s = window.source.readyState; window.source.close(); return s")
    assert state == 2  # CLOSED: a 401 is not retried by EventSource
    assert browser.execute_script("return window.seen") == []
