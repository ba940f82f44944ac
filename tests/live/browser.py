"""Swagger UI at /docs driven the way a person uses it: open an operation, "Try it out", type into its fields,
"Execute", read the answer the page shows; and the "Authorize" dialog for the bearer scheme. Chromium only: a
request body is pasted through the DevTools protocol."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chromium.webdriver import ChromiumDriver
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support import expected_conditions as ready
from selenium.webdriver.support.select import Select
from selenium.webdriver.support.ui import WebDriverWait

LIVE = ".live-responses-table .response"
POLL_SECONDS = 0.05
"""How often a wait looks at the page again: selenium's default half second would be most of each step."""


@dataclass(frozen=True)
class Answer:
    """What the page shows after Execute: the status, the body (parsed, None when empty, and as shown), the
    response headers (lower-case names) and the curl command of the request sent."""

    status: int
    body: Any
    headers: dict[str, str]
    text: str
    curl: str

    @property
    def etag(self) -> str | None:
        """The ETag header the page lists, if any."""
        return self.headers.get("etag")


class DocsPage:
    """One /docs page in a browser."""

    def __init__(self, driver: ChromiumDriver, timeout: float = 30) -> None:
        self.driver = driver
        self.wait = WebDriverWait(
            driver, timeout, poll_frequency=POLL_SECONDS, ignored_exceptions=(StaleElementReferenceException,)
        )

    def open(self, base: str) -> None:
        """Load /docs afresh (no authorization, nothing tried out) and wait for the operations."""
        self.driver.get(base + "/docs/")
        self.wait.until(ready.presence_of_element_located((By.CSS_SELECTOR, ".opblock")))

    def center(self, element: WebElement) -> None:
        """Scroll an element to the middle of the window."""
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", element)

    def operation(self, tag: str, operation_id: str) -> WebElement:
        """The operation's block, expanded, in "Try it out" mode."""
        block = self.wait.until(
            ready.presence_of_element_located((By.ID, f"operations-{tag}-{operation_id}"))
        )
        self.center(block)
        if "is-open" not in (block.get_attribute("class") or ""):
            block.find_element(By.CSS_SELECTOR, ".opblock-summary-control").click()
        button = self.wait.until(lambda _: block.find_element(By.CSS_SELECTOR, "button.try-out__btn"))
        if "cancel" not in (button.get_attribute("class") or ""):
            self.center(button)
            button.click()
        self.wait.until(lambda _: block.find_element(By.CSS_SELECTOR, "button.execute"))
        return block

    def type_into(self, field: WebElement, text: str, paste: bool = False) -> None:
        """Put text over what a field holds, typed key by key or pasted in one go, then leave it with Tab.

        Replacing a selection never empties the field (an emptied body editor refills itself with the example),
        and leaving the field hands the value to the page at once (parameter inputs otherwise wait 350 ms).
        Pasting inserts the text as one input event, as the clipboard does: typing a whole state key by key
        re-renders the body editor on every key and takes minutes.
        """
        self.center(field)
        field.send_keys(Keys.CONTROL, "a")
        if paste:
            self.driver.execute_cdp_cmd("Input.insertText", {"text": text})
        else:
            field.send_keys(text)
        self.wait.until(lambda _: field.get_attribute("value") == text)
        field.send_keys(Keys.TAB)

    def parameter(self, block: WebElement, name: str, value: str) -> None:
        """Type a parameter's value into its row of the parameters table."""
        field = self.wait.until(
            lambda _: block.find_element(By.CSS_SELECTOR, f'tr[data-param-name="{name}"] input')
        )
        self.type_into(field, value, paste=True)

    def choose_example(self, block: WebElement, name: str, parameter: str | None = None) -> None:
        """Pick a named example in the body's examples menu (or in a parameter's), as a reader does."""
        where = f'tr[data-param-name="{parameter}"]' if parameter else ".opblock-section-request-body"
        menu = self.wait.until(lambda _: block.find_element(By.CSS_SELECTOR, f"{where} .examples-select select"))
        self.center(menu)
        Select(menu).select_by_value(name)
        self.wait.until(lambda _: Select(menu).first_selected_option.get_attribute("value") == name)

    def body(self, block: WebElement, value: Any) -> None:
        """Paste a JSON request body into the operation's editable body (as a user pastes a copied state)."""
        field = self.wait.until(lambda _: block.find_element(By.CSS_SELECTOR, "textarea.body-param__text"))
        self.type_into(field, json.dumps(value, separators=(",", ":")), paste=True)

    def execute(self, block: WebElement, close: bool = True) -> Answer:
        """Press Execute (after Clear, so that the answer read is this one) and read the live response; then
        close the operation, unless another example of it comes next (``close`` False)."""
        for clear in block.find_elements(By.CSS_SELECTOR, "button.btn-clear"):
            self.driver.execute_script("arguments[0].click();", clear)
            self.wait.until(lambda _: not block.find_elements(By.CSS_SELECTOR, LIVE))
        execute = block.find_element(By.CSS_SELECTOR, "button.execute")
        self.driver.execute_script("arguments[0].click();", execute)
        status = self.wait.until(
            lambda _: block.find_element(By.CSS_SELECTOR, f"{LIVE} .response-col_status")
        )
        response = block.find_element(By.CSS_SELECTOR, LIVE)
        headers: dict[str, str] = {}
        for line in response.find_elements(By.CSS_SELECTOR, ".headerline"):
            name, _, value = (line.get_attribute("textContent") or "").strip().partition(":")
            headers[name.strip().lower()] = value.strip()
        bodies = response.find_elements(By.CSS_SELECTOR, ".response-col_description .highlight-code pre")
        text = (bodies[0].get_attribute("textContent") or "") if bodies else ""
        try:
            body = json.loads(text) if text.strip() else None
        except json.JSONDecodeError:
            body = None
        curl = block.find_elements(By.CSS_SELECTOR, ".curl-command pre")
        sent = (curl[0].get_attribute("textContent") or "") if curl else ""
        answer = Answer(int(status.text.strip().split()[0]), body, headers, text, sent)
        if close:
            self.collapse(block)
        return answer

    def collapse(self, block: WebElement) -> None:
        """Close an operation once its answer is read. Swagger UI renders every open operation again on each
        change to the page, so a page that keeps each one open grows slower with every operation tried."""
        if "is-open" in (block.get_attribute("class") or ""):
            control = block.find_element(By.CSS_SELECTOR, ".opblock-summary-control")
            self.driver.execute_script("arguments[0].click();", control)
            self.wait.until(lambda _: "is-open" not in (block.get_attribute("class") or ""))

    def authorize(self, token: str, scheme: str = "sessionToken") -> None:
        """Authorize an HTTP bearer scheme with token in the page's dialog (logging out a previous one), close it."""
        opener = self.wait.until(
            ready.element_to_be_clickable((By.CSS_SELECTOR, ".auth-wrapper button.authorize"))
        )
        self.center(opener)
        opener.click()
        modal = self.wait.until(ready.visibility_of_element_located((By.CSS_SELECTOR, ".modal-ux")))
        form = self.wait.until(
            lambda _: next(
                (
                    item
                    for item in modal.find_elements(By.CSS_SELECTOR, ".auth-container")
                    if [code.text for code in item.find_elements(By.CSS_SELECTOR, "h4 code")] == [scheme]
                ),
                None,
            )
        )
        for logout in form.find_elements(By.CSS_SELECTOR, 'button[aria-label="Remove authorization"]'):
            logout.click()
        field = self.wait.until(lambda _: form.find_element(By.CSS_SELECTOR, "input#auth-bearer-value"))
        self.type_into(field, token)
        form.find_element(By.CSS_SELECTOR, "button.authorize").click()
        self.wait.until(
            lambda _: form.find_elements(By.CSS_SELECTOR, 'button[aria-label="Remove authorization"]')
        )
        form.find_element(By.CSS_SELECTOR, "button.btn-done").click()
        self.wait.until(lambda _: not self.driver.find_elements(By.CSS_SELECTOR, ".modal-ux"))
