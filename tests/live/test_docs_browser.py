"""/docs in a real browser: headless Chromium opens every operation, presses "Try it out" and "Execute" with what
the page fills in (the first named example, the path parameter's first example), and reads the status the page
shows. The session operations need an id and an If-Match the caller types in, so they are left to their own tests.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.live.server import ROOT

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
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ready
    from selenium.webdriver.support.ui import WebDriverWait

    wait = WebDriverWait(browser, 30)
    block = wait.until(ready.presence_of_element_located((By.ID, f"operations-{tag}-{operation_id}")))
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'});", block)
    if "is-open" not in (block.get_attribute("class") or ""):
        block.find_element(By.CSS_SELECTOR, ".opblock-summary-control").click()
    wait.until(lambda _: block.find_elements(By.CSS_SELECTOR, "button.try-out__btn"))
    block.find_element(By.CSS_SELECTOR, "button.try-out__btn").click()
    execute = wait.until(lambda _: block.find_element(By.CSS_SELECTOR, "button.execute"))
    browser.execute_script("arguments[0].click();", execute)
    cell = wait.until(
        lambda _: block.find_element(By.CSS_SELECTOR, ".live-responses-table .response .response-col_status")
    )
    assert cell.text.strip().split()[0] == str(status), block.find_element(
        By.CSS_SELECTOR, ".responses-inner"
    ).text[:2000]
