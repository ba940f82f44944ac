"""/docs in a real browser: headless Chromium opens every operation, presses "Try it out" and "Execute" with what
the page fills in (the first named example, the path parameter's first example), and reads the status the page
shows. The session operations are driven the way a newcomer would: create a session with the prefilled example,
read its id, tokens and ETag off the page, authorize with the owner token in the "Authorize" dialog, type the id
and the current ETag into every other session operation, then authorize as a seat, ask the computer player for a
move and play that seat's move.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
import yaml

from tests.live.server import ROOT

if TYPE_CHECKING:
    from tests.live.browser import Answer, DocsPage

SPEC: dict[str, Any] = yaml.safe_load((ROOT / "openapi.yaml").read_text())
METHODS = ("get", "post", "put", "delete")


def resolve(node: Any) -> Any:
    if isinstance(node, dict) and "$ref" in node:
        found: Any = SPEC
        for part in node["$ref"].removeprefix("#/").split("/"):
            found = found[part]
        return resolve(found)
    return node


def documented_status(path: str, operation: dict[str, Any]) -> int:
    """The status the spec documents for what Try-it-out sends: the first request example's answer, else the
    operation's success status (a redirect is followed by the browser)."""
    examples = operation.get("requestBody", {}).get("content", {}).get("application/json", {}).get("examples")
    if examples:
        first = next(iter(examples))
        for status, response in operation["responses"].items():
            for media in resolve(response).get("content", {}).values():
                if first in media.get("examples", {}):
                    return int(status)
    success = min(int(status) for status in operation["responses"] if status != "default")
    return 200 if 300 <= success < 400 else success


OPERATIONS = [
    pytest.param(
        item[method]["tags"][0],
        item[method]["operationId"],
        documented_status(path, item[method]),
        id=item[method]["operationId"],
    )
    for path, item in SPEC["paths"].items()
    for method in METHODS
    if method in item and "sessions" not in item[method]["tags"]
]


def find_driver() -> tuple[str, str] | None:
    browser = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    driver = shutil.which("chromedriver") or (
        "/usr/bin/chromedriver" if Path("/usr/bin/chromedriver").exists() else None
    )
    return (browser, driver) if browser and driver else None


@pytest.fixture(scope="module")
def browser(live_service: str) -> Iterator[Any]:
    found = find_driver()
    if found is None:
        pytest.skip(
            "no Chromium and chromedriver here (make test installs the Debian packages when run as root)"
        )
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = found[0]
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--disable-gpu",
        "--window-size=1400,1000",
    ):
        options.add_argument(argument)
    driver = webdriver.Chrome(options=options, service=Service(executable_path=found[1]))
    try:
        driver.set_page_load_timeout(60)
        driver.get(live_service + "/docs/")
        yield driver
    finally:
        driver.quit()


@pytest.mark.parametrize(("tag", "operation_id", "status"), OPERATIONS)
def test_try_it_out_gets_the_documented_status(
    browser: Any, tag: str, operation_id: str, status: int
) -> None:
    from tests.live.browser import DocsPage

    page = DocsPage(browser)
    answer = page.execute(page.operation(tag, operation_id))
    assert answer.status == status, answer.text[:2000]


def body_examples(operation: dict[str, Any]) -> dict[str, Any]:
    content = operation.get("requestBody", {}).get("content", {}).get("application/json", {})
    return {name: resolve(example) for name, example in content.get("examples", {}).items()}


def answer_status(operation: dict[str, Any], name: str) -> int:
    """The status under which the operation documents the answer of the same name."""
    for status, response in operation["responses"].items():
        for media in resolve(response).get("content", {}).values():
            if name in media.get("examples", {}):
                return int(status)
    raise AssertionError(f"{operation['operationId']}: no answer named {name}")


GAME_EXAMPLES = {
    item[method]["operationId"]: [
        (name, example["x-game"], answer_status(item[method], name))
        for name, example in body_examples(item[method]).items()
    ]
    for path, item in SPEC["paths"].items()
    if path.startswith("/v1/games/{game}/")
    for method in METHODS
    if method in item and body_examples(item[method])
}
"""Each game operation's named body examples: (name, the game it was written for, the status it documents)."""
GAME_PARAMETER_EXAMPLES = list(resolve(SPEC["components"]["parameters"]["Game"])["examples"])


def test_every_game_operation_has_named_examples_for_the_browser() -> None:
    operations = [path for path in SPEC["paths"] if path.startswith("/v1/games/{game}/")]
    assert sum(len(examples) for examples in GAME_EXAMPLES.values()) >= 2 * len(operations)
    assert {game for examples in GAME_EXAMPLES.values() for _, game, _ in examples} >= {"scopa", "escoba", "briscola"}


@pytest.mark.parametrize("operation_id", GAME_EXAMPLES)
def test_every_named_example_works_as_sent(browser: Any, operation_id: str) -> None:
    """Pick each example in Try-it-out in turn, leave the game field as it is, Execute: the documented status, and
    the request went to the example's own game. The examples of one operation share its opened block, as a reader
    trying them one after the other does."""
    from tests.live.browser import DocsPage

    page = DocsPage(browser)
    block = page.operation("games", operation_id)
    failed = []
    for name, game, status in GAME_EXAMPLES[operation_id]:
        page.choose_example(block, name)
        answer = page.execute(block, close=False)
        if answer.status != status or f"/v1/games/{game}/" not in answer.curl:
            failed.append(f"{name}: {answer.status} (documented {status}) {answer.text[:500]}\n{answer.curl}")
    page.collapse(block)
    assert failed == []


@pytest.mark.parametrize("game", GAME_PARAMETER_EXAMPLES)
def test_every_game_parameter_example_shows_its_game(browser: Any, game: str) -> None:
    from tests.live.browser import DocsPage

    page = DocsPage(browser)
    block = page.operation("games", "showGame")
    page.choose_example(block, game, parameter="game")
    answer = page.execute(block)
    assert answer.status == 200 and answer.body["id"] == game, answer.text[:2000]


@pytest.fixture
def docs(browser: Any, live_service: str) -> DocsPage:
    """/docs loaded afresh: nothing authorized, nothing tried out."""
    from tests.live.browser import DocsPage

    page = DocsPage(browser)
    page.open(live_service)
    return page


def expect(answer: Answer, status: int, step: str) -> Answer:
    """The answer, once its status is the expected one (else the failure shows what the page showed)."""
    assert answer.status == status, f"{step}: {answer.status} {answer.text[:2000]}\n{answer.curl}"
    return answer


def session_call(
    docs: DocsPage,
    operation_id: str,
    session_id: str,
    etag: str | None = None,
    body: Any = None,
    **parameters: str,
) -> Answer:
    """Try out one session operation with the id (and If-Match, the body, other parameters) typed into the page."""
    block = docs.operation("sessions", operation_id)
    docs.parameter(block, "id", session_id)
    if etag is not None:
        docs.parameter(block, "If-Match", etag)
    for name, value in parameters.items():
        docs.parameter(block, name, value)
    if body is not None:
        docs.body(block, body)
    return docs.execute(block)


def tracked_etag(answer: Answer, version: int) -> str:
    """The ETag the page shows for an answer, checked against the version it names."""
    assert answer.etag == f'"{version}"', answer.headers
    return answer.etag


def test_try_it_out_drives_a_session(docs: DocsPage) -> None:
    """Every session operation answers its documented status when driven through the page, owner and seat alike."""
    # A table the service deals from a seed it draws is sealed (nobody reads its state): the caller's own state.
    creating = docs.operation("sessions", "createSession")
    docs.choose_example(creating, "fromState")
    created = expect(docs.execute(creating), 201, "createSession")
    session_id: str = created.body["id"]
    owner: str = created.body["tokens"]["owner"]
    seats: list[str] = list(created.body["tokens"]["seats"])
    version: int = created.body["version"]
    etag = tracked_etag(created, version)
    assert len(seats) == created.body["state"]["players"] == 2

    docs.authorize(owner)
    full = expect(session_call(docs, "getSession", session_id), 200, "getSession (owner)")
    assert full.body["state"] == created.body["state"]
    assert tracked_etag(full, version) == etag
    dealt: dict[str, Any] = full.body["state"]

    view = expect(session_call(docs, "viewSession", session_id, seat="0"), 200, "viewSession (owner, seat 0)")
    assert view.body["seat"] == 0
    assert view.body["hand"] == dealt["hands"][0]
    assert "stock" not in view.body

    legal = expect(session_call(docs, "sessionLegalMoves", session_id), 200, "sessionLegalMoves (owner)")
    assert legal.body["seat"] == legal.body["turn"] == dealt["turn"]
    assert legal.body["moves"]

    played = expect(
        session_call(docs, "playInSession", session_id, etag, {"move": legal.body["moves"][0]}),
        200,
        "playInSession (owner)",
    )
    version += 1
    assert played.body["version"] == version
    assert played.body["events"]
    etag = tracked_etag(played, version)

    rotated = expect(
        session_call(docs, "rotateSeatToken", session_id, etag, seat="0"), 200, "rotateSeatToken (seat 0)"
    )
    version += 1
    assert rotated.body["seat"] == 0
    assert rotated.body["token"] != seats[0]
    revoked, seats[0] = seats[0], rotated.body["token"]
    etag = tracked_etag(rotated, version)

    early = expect(
        session_call(docs, "nextRoundInSession", session_id, etag), 400, "nextRoundInSession (round not over)"
    )
    assert early.body["code"] == "round_not_over"

    replaced = expect(
        session_call(docs, "replaceSession", session_id, etag, {"game": created.body["game"], "state": dealt}),
        200,
        "replaceSession (back to the deal)",
    )
    version += 1
    assert replaced.body["state"] == dealt
    etag = tracked_etag(replaced, version)

    turn: int = dealt["turn"]
    docs.authorize(seats[turn])
    refused = expect(session_call(docs, "getSession", session_id), 403, "getSession (seat token)")
    assert refused.body["code"] == "owner_token_required"
    own = expect(session_call(docs, "sessionLegalMoves", session_id), 200, "sessionLegalMoves (seat token)")
    assert own.body["seat"] == turn
    assert own.body["moves"]
    # The computer player, with the prefilled example body, for the token's own seat.
    hint = expect(session_call(docs, "suggestInSession", session_id), 200, "suggestInSession (seat token)")
    assert hint.body["seat"] == turn and hint.body["move"] in own.body["moves"]
    moved = expect(
        session_call(docs, "playInSession", session_id, etag, {"move": own.body["moves"][0]}),
        200,
        "playInSession (seat token)",
    )
    version += 1
    assert moved.body["view"]["seat"] == turn
    assert "state" not in moved.body
    etag = tracked_etag(moved, version)

    docs.authorize(revoked)
    stale = expect(
        session_call(docs, "viewSession", session_id, seat="0"), 403, "viewSession (rotated-out token)"
    )
    assert stale.body["code"] == "invalid_token"

    docs.authorize(owner)
    expect(session_call(docs, "deleteSession", session_id, etag), 204, "deleteSession")
    gone = expect(session_call(docs, "getSession", session_id), 403, "getSession (deleted)")
    assert gone.body["code"] == "invalid_token"


def test_every_session_body_example_works_as_sent(docs: DocsPage) -> None:
    """The named bodies of replaceSession and playInSession, picked in the page on a fresh table: each gets its
    documented status (a move example after the replaceSession example it names, x-after)."""
    creating = docs.operation("sessions", "createSession")
    docs.choose_example(creating, "fromState")
    created = expect(docs.execute(creating), 201, "createSession")
    session_id, version = created.body["id"], created.body["version"]
    docs.authorize(created.body["tokens"]["owner"])

    def send(operation_id: str, name: str) -> Answer:
        nonlocal version
        block = docs.operation("sessions", operation_id)
        docs.parameter(block, "id", session_id)
        docs.parameter(block, "If-Match", f'"{version}"')
        docs.choose_example(block, name)
        answer = docs.execute(block)
        if answer.status == 200:
            version = answer.body["version"]
        return answer

    for operation_id in ("replaceSession", "playInSession"):
        path, method = next(
            (path, method)
            for path, item in SPEC["paths"].items()
            for method in METHODS
            if item.get(method, {}).get("operationId") == operation_id
        )
        operation = SPEC["paths"][path][method]
        assert body_examples(operation), operation_id
        for name, example in body_examples(operation).items():
            after = example.get("x-after")
            if after is not None:
                expect(send(after["operationId"], after["example"]), 200, f"{operation_id} {name}: {after}")
            expect(send(operation_id, name), answer_status(operation, name), f"{operation_id} {name}")


CREATE = SPEC["paths"]["/v1/sessions"]["post"]
CREATE_EXAMPLES = list(body_examples(CREATE))


def test_every_create_session_example_makes_a_table(docs: DocsPage) -> None:
    """Each named body of createSession, picked in turn in the one opened block: a table of the example's game."""
    block = docs.operation("sessions", "createSession")
    made = {}
    for name in CREATE_EXAMPLES:
        docs.choose_example(block, name)
        created = expect(docs.execute(block, close=False), 201, f"createSession {name}")
        made[name] = created.body["game"]
    assert made == {name: example["value"]["game"] for name, example in body_examples(CREATE).items()}


def test_no_optional_header_is_prefilled() -> None:
    """Try-it-out sends a parameter's example as if typed: an optional header (If-None-Match, Idempotency-Key)
    with one would turn every read into a 304, every second move into a 422. A language only changes words."""
    for name, parameter in SPEC["components"]["parameters"].items():
        if parameter["in"] == "header" and not parameter.get("required") and name != "AcceptLanguage":
            assert "example" not in parameter and "examples" not in parameter, name
