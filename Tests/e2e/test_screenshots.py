"""The look, held to iOS at every width: every page of the demo, and its editing, Add, Delete,
Move to… and detail sheets, at 320, 390 and 1280 px wide, light and dark, with script on and off,
after the demo's data has been filled with long text (200-character words, long titles, long
flash messages). On each, look.js checks in the browser what a person would see as broken: a page
wider than the screen, text cut off, squeezed or out of its row, text over a control, a control
off screen, clipped or covered (getBoundingClientRect, elementFromPoint), colours below WCAG AA.
It also opens every reorder menu, reveals Delete with the red minus, opens Add as a card on a wide
screen and scrolls the large title away.

A full-page screenshot of each goes to test-output/screenshots/ (named page--width-scheme-script),
with problems.txt listing what failed, for people to look at."""
import base64
import concurrent.futures
import json
import re
import subprocess
import tempfile
import time
from pathlib import Path

from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By

from conftest import BINARY, SCREENSHOTS, make_driver, settle, until
from pages import demo_pages

# 320 × 568 (iPhone SE, first generation), 390 × 844 (iPhone 14), a 1280 × 800 desktop.
SIZES = {320: (320, 568), 390: (390, 844), 1280: (1280, 800)}
CHECKS = (Path(__file__).parent / "look.js").read_text()

WORD = ("Supercalifragilisticexpialidocious" * 6)[:200]
SENTENCE = "A name long enough to wrap onto several lines of a phone, as people's lists really hold"
FLASH_WORD = ("Pneumonoultramicroscopicsilicovolcanoconiosis" * 2)[:60]


def long_text(folder: Path):
    """Long words and titles in every kind of list, added to the demo's own data."""
    data = {
        "groceries": [{"key": "long-word", "name": WORD, "quantity": 12345678},
                      {"key": "long-name", "name": SENTENCE, "quantity": 3},
                      {"key": "tea", "name": "Tea", "quantity": 1}],
        "regions": [{"key": "long-region", "name": "The Long-Named Region of Peaks, Lakes and Rainforest Valleys",
                     "trails": [{"key": "long-trail", "name": WORD, "location": SENTENCE, "length": 12.5,
                                 "difficulty": "Hard", "dogs": True},
                                {"key": "short-trail", "name": "Lake Loop", "location": "Near the lake", "length": 1,
                                 "difficulty": "Easy", "dogs": False}]}],
        "routines": [{"key": "long-routine", "name": "A routine whose title is long enough to wrap in the header",
                      "steps": [{"key": "l-first", "name": "First"}, {"key": "l-word", "name": WORD},
                                {"key": "l-sentence", "name": SENTENCE}]}],
        "states": [{"key": "long-state", "name": "S" + WORD[1:], "capital": SENTENCE, "population": 123456789}],
        "time-zones": [{"key": "long-zone", "name": WORD, "region": "Pacific", "offset": "UTC+12:45, Chatham Islands, daylight saving observed"}],
        "elements": [{"key": "long-element", "name": SENTENCE, "symbol": WORD[:40], "number": 119, "state": "Artificial"}],
        "categories": [{"key": "long-category", "name": WORD, "checked": False}],
        "toppings": [{"key": "long-topping", "name": SENTENCE, "checked": True}],
        "batch-states": [{"key": "long-batch", "name": WORD}],
    }
    file = folder / "long-text.json"
    file.write_text(json.dumps(data))
    result = subprocess.run([str(BINARY), "import", str(file), "--db", str(folder / "e2e.sqlite")],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, f"the long-text fixtures did not import: {result.stderr}"


def variants(driver, server):
    """Every page (crawled from the root), and the sheets and modes its controls open."""
    urls, parents = [], set()
    for path, editable in demo_pages(driver, server):
        urls.append(path)
        driver.get(server.url(path))
        add = driver.find_elements(By.CSS_SELECTOR, "a.bar-button--add")
        if add:
            urls.append(add[0].get_attribute("pathname") + add[0].get_attribute("search"))
        if not editable:
            continue
        # A detail's edit sheet is the same form for every item of a list: the first item's and
        # the long-text ones' are enough.
        parent, key = path.rstrip("/").rsplit("/", 1)
        is_list = bool(driver.find_elements(By.CSS_SELECTOR, "main [data-index-path] a.row__action, main .reorder, main [data-swipe-delete]")) \
            or path.count("/") <= 2
        if not is_list and parent in parents and not key.startswith("long"):
            continue
        parents.add(parent)
        urls.append(path + "?editing=1")
        driver.get(server.url(path + "?editing=1"))

        def longest(selector):
            best = None
            for row in driver.find_elements(By.CSS_SELECTOR, "main [data-index-path]"):
                links = row.find_elements(By.CSS_SELECTOR, selector)
                if links and (best is None or len(row.text) > best[0]):
                    best = (len(row.text), links[0].get_attribute("pathname") + links[0].get_attribute("search"))
            return best[1] if best else None

        for selector in ("a.editing-control--delete", "a.reorder__button[href*='move=']"):
            url = longest(selector)
            if url:
                urls.append(url)
    urls.append("/" + WORD + "/")  # an error page whose message holds the word
    return list(dict.fromkeys(urls))


def slug(url: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", url.lower()).strip("-")[:80] or "root"


def screenshot(driver, name: str):
    """The whole page, not just the window, from its top. The capture makes the window as tall as
    the page, so the index bar, fixed in the window, is pinned where the first screen shows it."""
    width, height = driver.execute_script(
        "window.scrollTo(0, 0);"
        "const index = document.querySelector('.section-index');"
        "if (index) { const box = index.getBoundingClientRect();"
        "  for (const link of index.querySelectorAll('a')) link.style.lineHeight = getComputedStyle(link).lineHeight;"
        "  Object.assign(index.style, {position: 'absolute', top: box.top + 'px', bottom: 'auto', height: box.height + 'px'}); }"
        "return [innerWidth, Math.max(document.documentElement.scrollHeight, innerHeight)];")
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
        "captureBeyondViewport": True, "clip": {"x": 0, "y": 0, "width": width, "height": min(height, 6000), "scale": 1}})
    driver.execute_script("for (const element of document.querySelectorAll('.section-index, .section-index a')) element.removeAttribute('style');")
    (SCREENSHOTS / f"{name}.png").write_bytes(base64.b64decode(shot["data"]))


def check(driver, label, problems, **options):
    try:
        found = driver.execute_async_script(CHECKS, options)
    except WebDriverException as error:
        found = [f"the checks could not run: {error.msg}"]
    problems += [f"{label}: {problem}" for problem in found]


def flash(driver, server, name, problems):
    """A long flash message, after adding an item with a long name."""
    driver.get(server.url("/batch-update/?add=1"))
    driver.find_element(By.ID, "field-name").send_keys(FLASH_WORD)
    driver.find_element(By.CSS_SELECTOR, 'button[form="sheet-form"]').click()
    until(driver, lambda d: d.find_elements(By.ID, "notice"))
    check(driver, f"[{name}] the flash after Add", problems)
    screenshot(driver, f"flash--{name}")


def open_menu(driver, server, name, problems):
    """The reorder menu of a section's last movable row, open over the rows below it (with script,
    on a page that slid in, whose sections the slide leaves as stacking contexts)."""
    if driver.execute_script("return document.documentElement.classList.contains('js')"):
        driver.execute_script("sessionStorage.setItem('tablestack-arrival', 'push')")
    driver.get(server.url("/reorder/?editing=1"))
    grips = driver.find_elements(By.CSS_SELECTOR, '[data-section="0"] summary.reorder__grip')
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'}); arguments[0].click();", grips[-1])
    until(driver, lambda d: d.execute_script("return !!document.querySelector('.reorder[open]')"))
    check(driver, f"[{name}] the reorder menu open", problems)
    screenshot(driver, f"reorder-menu--{name}")


def collapse(driver, server, name, problems):
    """The large title collapses into the bar as the page scrolls (CSS scroll timelines, or the script)."""
    driver.get(server.url("/"))
    driver.execute_script("window.scrollTo(0, 200)")
    time.sleep(0.1)
    state = driver.execute_script(
        "const title = document.querySelector('.navigation-bar__inline-title'), bar = document.querySelector('.navigation-bar__row'),"
        "  large = document.querySelector('.navigation-bar__large-title');"
        "if (!title || !bar || !large) return ['missing', 0, -1, false];"
        "const t = getComputedStyle(title);"
        "return [t.visibility, Number(t.opacity), bar.getBoundingClientRect().top,"
        "  large.getBoundingClientRect().bottom <= bar.getBoundingClientRect().bottom + 1];")
    if state[:3] != ["visible", 1, 0] or not state[3]:
        problems.append(f"[{name}] / scrolled: the large title did not collapse into the bar "
                        f"(bar title {state[0]}, opacity {state[1]}; bar at {state[2]} px; large title under the bar: {state[3]})")
    driver.save_screenshot(str(SCREENSHOTS / f"root-scrolled--{name}.png"))


def reveal_delete(driver, server, name, problems):
    """Delete revealed by the red minus (script on), on a row whose name is long."""
    driver.get(server.url("/groceries/?editing=1"))
    driver.execute_script("document.querySelector('[data-key=\"long-name\"] .editing-control--delete').click()")
    until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".swipe-delete"))
    # The button slides in: judged once it has (a run under load once caught it half-way).
    settle(driver)
    check(driver, f"[{name}] Delete revealed", problems)
    screenshot(driver, f"delete-revealed--{name}")


def add_card(driver, server, name, problems):
    """On a wide screen with script, Add opens as a card over the list."""
    driver.get(server.url("/groceries/"))
    driver.find_element(By.CSS_SELECTOR, "a.bar-button--add").click()
    until(driver, lambda d: d.execute_script("const d = document.querySelector('dialog.sheet-dialog'); return !!d && d.open"), timeout=5)
    if "add=1" in driver.current_url:
        problems.append(f"[{name}] Add left the list instead of opening over it")
    check(driver, f"[{name}] the Add card", problems, scope="dialog.sheet-dialog")
    driver.save_screenshot(str(SCREENSHOTS / f"add-card--{name}.png"))


def run_configuration(server, urls, width, dark, js):
    """One browser for one (width, scheme, script) over every page: its problems."""
    name = f"{width}-{'dark' if dark else 'light'}-{'js' if js else 'nojs'}"
    problems = []
    driver = make_driver(js=js, dark=dark, size=SIZES[width])
    driver.set_script_timeout(60)
    try:
        for url in urls:
            driver.get(server.url(url))
            if js:
                until(driver, lambda d: d.execute_script("return document.readyState === 'complete'"))
            check(driver, f"[{name}] {url}", problems, menus=True, swipe=True)
            # Without script, pages look the same but for a few controls: a phone's width shows them.
            if js or width == 390:
                screenshot(driver, f"{slug(url)}--{name}")
        steps = [flash, open_menu, collapse] + ([reveal_delete] if js else []) + ([add_card] if js and width >= 1280 else [])
        for step in steps:
            try:
                step(driver, server, name, problems)
            except WebDriverException as error:
                problems.append(f"[{name}] {step.__doc__.splitlines()[0]} — failed: {type(error).__name__} {error.msg or ''}".strip())
    finally:
        driver.quit()
    return problems


def test_every_page_at_every_width_in_both_schemes_with_long_text(server):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for old in SCREENSHOTS.glob("*.png"):
        old.unlink()
    long_text(server.folder)
    finder = make_driver(js=False)
    try:
        urls = variants(finder, server)
    finally:
        finder.quit()
    assert len(urls) >= 45, f"only {len(urls)} pages and sheets found"
    print(f"{len(urls)} pages and sheets:", " ".join(urls))
    configurations = [(width, dark, js) for width in SIZES for dark in (False, True) for js in (True, False)]
    problems = []
    # Three browsers at a time: each waits on WebDriver's round trips more than it computes.
    with concurrent.futures.ThreadPoolExecutor(max_workers=3) as pool:
        for found in pool.map(lambda configuration: run_configuration(server, urls, *configuration), configurations):
            problems += found
    (SCREENSHOTS / "problems.txt").write_text("\n".join(problems) + "\n")
    shots = len(list(SCREENSHOTS.glob("*.png")))
    assert shots >= len(urls) * 8, f"only {shots} screenshots were written"
    assert not problems, f"{len(problems)} problems (all in {SCREENSHOTS / 'problems.txt'}):\n" + "\n".join(problems[:60])
