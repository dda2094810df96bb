"""Shared fixtures: a real `tablestack serve` on a free loopback port with a fresh database,
and headless Chromium drivers with JavaScript on or off, light or dark, phone or desktop."""
import contextlib
import faulthandler
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

ROOT = Path(__file__).resolve().parents[2]
BINARY = Path(os.environ.get("TABLESTACK_BINARY", ROOT / ".build" / "debug" / "tablestack"))
SCREENSHOTS = ROOT / "test-output" / "screenshots"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"

PHONE = (390, 844)
DESKTOP = (1280, 900)


def pytest_configure(config):
    """Tests/watchdog.py sends a SIGQUIT to a run still going at its deadline: every thread's
    traceback goes to the real standard error then (pytest captures sys.stderr while a test
    runs, and the run is killed a minute later, before it would show what it captured)."""
    faulthandler.register(signal.SIGQUIT, file=os.dup(2), all_threads=True)


class Server:
    """A running server: its base URL and its database, stopped when the test ends. What it
    writes to standard error is kept in its folder and shown beside a failing test."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.database = folder / "e2e.sqlite"
        self.log = folder / "server-stderr.log"
        with open(self.log, "wb") as log:
            self.process = subprocess.Popen(
                [str(BINARY), "serve", "--port", "0", "--db", str(self.database),
                 "--templates", str(ROOT / "Templates"), "--public", str(ROOT / "Public")],
                stdout=subprocess.PIPE, stderr=log, text=True, cwd=ROOT)
        deadline = time.time() + 30
        output = ""
        while time.time() < deadline and "Press Ctrl-C" not in output:
            line = self.process.stdout.readline()
            if not line:
                break
            output += line
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", output)
        if not match:
            self.stop()
            raise RuntimeError(f"the server did not start: {output!r}\n{self.log_tail()}")
        self.base = match.group(0)

    def log_tail(self, lines: int = 40) -> str:
        """The end of what the server wrote to standard error, and how it ended if it did."""
        ended = self.process.poll()
        text = self.log.read_text(errors="replace").splitlines()[-lines:] if self.log.exists() else []
        state = "still running" if ended is None else f"exited with status {ended}"
        return f"server ({state}), the last {len(text)} lines of its standard error:\n" + "\n".join(text)

    def url(self, path: str = "") -> str:
        return self.base + path.lstrip("/")

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()


@pytest.fixture
def server():
    folder = Path(tempfile.mkdtemp(prefix="tablestack-e2e-"))
    running = Server(folder)
    yield running
    # Printed during teardown: pytest shows it only beside a test that failed (a server that
    # died or refused connections says why here).
    print(running.log_tail())
    running.stop()
    shutil.rmtree(folder, ignore_errors=True)


def make_driver(js: bool = True, dark: bool = False, size=PHONE, touch: bool = False, reduced_motion: bool = True):
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     f"--window-size={size[0]},{size[1]}", "--hide-scrollbars", "--lang=en-US"]:
        options.add_argument(argument)
    if not js:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(30)
    features = [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]
    if reduced_motion:
        features.append({"name": "prefers-reduced-motion", "value": "reduce"})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": features})
    # The viewport itself, exactly: a headless window has a minimum width of its own.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": False})
    if touch:
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    return driver


@pytest.fixture(params=[True, False], ids=["js-on", "js-off"])
def browser(request):
    """A phone-sized browser, once with JavaScript on and once with it off."""
    driver = make_driver(js=request.param)
    driver.js_enabled = request.param
    yield driver
    driver.quit()


@pytest.fixture
def js_browser():
    driver = make_driver(js=True)
    driver.js_enabled = True
    yield driver
    driver.quit()


@contextlib.contextmanager
def step(driver, name: str):
    """Names the page and the step in any failure inside the block."""
    try:
        yield
    except AssertionError as error:
        raise AssertionError(f"[{driver.current_url}] {name}: {error}") from None
    except Exception as error:  # noqa: BLE001 - any failure is reported with its step
        raise AssertionError(f"[{driver.current_url}] {name}: {type(error).__name__}: {error}") from None


def row_texts(driver):
    # textContent, not the rendered text: rows read empty for a moment while the page slides in.
    return [element.get_attribute("textContent") for element in driver.find_elements(By.CSS_SELECTOR, "main [data-index-path] .cell__text")]


def row(driver, key: str):
    return driver.find_element(By.CSS_SELECTOR, f'main [data-key="{key}"]')


def notice(driver):
    elements = driver.find_elements(By.ID, "notice")
    return elements[0].text if elements else None


# While a page is being replaced, an element found a moment ago may belong to the old document.
TRANSIENT = (StaleElementReferenceException, NoSuchElementException, WebDriverException)


def until(driver, condition, timeout: float = 10):
    """Waits for `condition`, ignoring elements that vanish while a page reloads."""
    return WebDriverWait(driver, timeout, ignored_exceptions=TRANSIENT).until(condition)


def settle(driver, seconds: float = 3):
    """Waits until no animation or transition runs: checks judge what a page looks like when it
    comes to rest, not half-way through a fade or slide (on a loaded machine, with several
    browsers at once, an entrance or a button sliding in can still be running)."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        if driver.execute_script("return document.getAnimations().every(a => a.playState !== 'running')"):
            return
        time.sleep(0.05)


def click(driver, css: str, timeout: float = 10):
    """Clicks the element `css` names once it is in the current document."""
    until(driver, lambda d: d.find_element(By.CSS_SELECTOR, css).click() or True, timeout)


def wait_for_url(driver, fragment: str, timeout: float = 10):
    until(driver, lambda d: fragment in d.current_url, timeout)


def wait_for_texts(driver, expected, timeout: float = 10):
    until(driver, lambda d: row_texts(d) == expected, timeout)
