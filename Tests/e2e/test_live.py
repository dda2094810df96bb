"""Live pages: two browser sessions on one list. What one does appears in the other without a
reload, in order, and the other's next edit is based on what it then shows."""
import json
import re
import subprocess
import urllib.request

import pytest
from selenium.webdriver.common.by import By

from conftest import BINARY, ROOT, click, make_driver, notice, row, row_texts, step, until, wait_for_texts, wait_for_url


def announcement(driver):
    return driver.find_element(By.ID, "live-announcements").get_attribute("textContent")


def never_reloaded(driver):
    """True while the page is the one `mark` was called on."""
    return driver.execute_script("return window.__liveMark === 1")


def mark(driver):
    driver.execute_script("window.__liveMark = 1")


def set_hidden(driver, hidden: bool):
    """Shows or hides the page as switching tabs does, as far as the page can tell."""
    driver.execute_script(
        "Object.defineProperty(document, 'hidden', {value: arguments[0], configurable: true});"
        "document.dispatchEvent(new Event('visibilitychange'));", hidden)


def server_revision(server, path: str) -> str:
    request = urllib.request.Request(server.url(path), headers={"Accept": "application/json"})
    with urllib.request.urlopen(request) as response:
        return json.load(response)["revision"]


def streaming(driver):
    """Waits until the page's stream is open, so that changes made next reach it."""
    until(driver, lambda d: d.find_element(By.TAG_NAME, "main").get_attribute("data-live-state") == "open")


def add_through_sheet(driver, server, path: str, name: str):
    """Adds `name` through the Add sheet of the list at `path`."""
    driver.get(server.url(path + "?add=1"))
    driver.find_element(By.ID, "field-name").send_keys(name)
    driver.find_element(By.CSS_SELECTOR, 'button[form="sheet-form"]').click()
    wait_for_url(driver, "#row-")


def delete_by_confirmation(driver, server, path: str, key: str, name: str):
    """Deletes the row `key` of the list at `path` through its confirmation page."""
    driver.get(server.url(f"{path}?editing=1&delete={key}"))
    click(driver, ".delete-confirmation__delete")
    until(driver, lambda d: notice(d) == f"Deleted {name}.")


def move_up(driver, key: str):
    """Moves the row `key` up one place through its reorder menu."""
    row(driver, key).find_element(By.CSS_SELECTOR, "summary").click()
    click(driver, f'[data-key="{key}"] .reorder__button[formaction*="/_/move-up?"]')


def open_delete_button(driver, key: str):
    """Taps the red minus of the row `key` (editing mode) and waits for its Delete button."""
    row(driver, key).find_element(By.CSS_SELECTOR, ".editing-control--delete").click()
    until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, f'[data-key="{key}"] .swipe-delete'))


@pytest.fixture
def two_sessions():
    first, second = make_driver(js=True), make_driver(js=True)
    yield first, second
    first.quit()
    second.quit()


@pytest.mark.js
def test_an_add_a_delete_and_a_batch_reach_the_other_session(server, two_sessions):
    editor, viewer = two_sessions
    viewer.get(server.url("/batch-update/"))
    assert viewer.find_element(By.TAG_NAME, "main").get_attribute("data-live") == "/batch-update/_live"
    mark(viewer)
    streaming(viewer)
    with step(editor, "the editor adds Texas through the Add sheet"):
        add_through_sheet(editor, server, "/batch-update/", "Texas")
    with step(viewer, "Texas appears at the end of the viewer's list, announced"):
        wait_for_texts(viewer, ["Arizona", "California", "Delaware", "New Jersey", "Washington", "Texas"])
        until(viewer, lambda d: announcement(d) == "Texas added.")
    with step(editor, "the editor deletes Delaware"):
        delete_by_confirmation(editor, server, "/batch-update/", "batch-delaware", "Delaware")
    with step(viewer, "Delaware leaves the viewer's list"):
        wait_for_texts(viewer, ["Arizona", "California", "New Jersey", "Washington", "Texas"])
        until(viewer, lambda d: announcement(d) == "Delaware removed.")
    with step(editor, "the editor applies Listing 7-8: two deletions and three insertions in one batch"):
        editor.get(server.url("/batch-update/"))
        click(editor, ".table__command")
        until(editor, lambda d: "Alaska" in row_texts(d))
        expected = row_texts(editor)
    with step(viewer, "the batch arrives whole, in the editor's order, without a reload"):
        wait_for_texts(viewer, expected)
        until(viewer, lambda d: announcement(d) == "3 rows added. 2 rows removed.")
        assert never_reloaded(viewer)
        paths = [element.get_attribute("data-index-path") for element in viewer.find_elements(By.CSS_SELECTOR, "main [data-index-path]")]
        assert paths == [f"0.{n}" for n in range(len(expected))]
        assert viewer.find_element(By.TAG_NAME, "main").get_attribute("data-revision") == server_revision(server, "/batch-update/")


@pytest.mark.js
def test_a_move_arrives_and_the_viewers_next_edit_is_based_on_it(server, two_sessions):
    editor, viewer = two_sessions
    viewer.get(server.url("/groceries/?editing=1"))
    mark(viewer)
    streaming(viewer)
    with step(editor, "the editor moves Butter up"):
        editor.get(server.url("/groceries/?editing=1"))
        move_up(editor, "butter")
        wait_for_texts(editor, ["Milk", "Eggs", "Butter", "Bread"])
    with step(viewer, "the viewer's rows move without a reload, and its form carries the new revision"):
        wait_for_texts(viewer, ["Milk", "Eggs", "Butter", "Bread"])
        until(viewer, lambda d: announcement(d) == "Butter moved.")
        assert never_reloaded(viewer)
        revision = server_revision(server, "/groceries/")
        until(viewer, lambda d: d.find_element(By.CSS_SELECTOR, '#table-actions input[name="revision"]').get_attribute("value") == revision)
        # Bread is last now: its menu no longer offers Move down, Butter's does.
        assert not row(viewer, "bread").find_elements(By.CSS_SELECTOR, '.reorder__button[formaction*="/_/move-down?"]')
        assert row(viewer, "butter").find_elements(By.CSS_SELECTOR, '.reorder__button[formaction*="/_/move-down?"]')
    with step(viewer, "the viewer's own edit goes through, from the page as it now stands"):
        move_up(viewer, "bread")
        wait_for_texts(viewer, ["Milk", "Eggs", "Bread", "Butter"])
        assert "409" not in viewer.title
        assert notice(viewer).startswith("Moved Bread")
    with step(editor, "and the editor's page follows in turn"):
        wait_for_texts(editor, ["Milk", "Eggs", "Bread", "Butter"])


@pytest.mark.js
def test_a_hidden_page_catches_up_when_shown_again(server, two_sessions):
    editor, viewer = two_sessions
    viewer.get(server.url("/groceries/"))
    mark(viewer)
    streaming(viewer)
    with step(viewer, "hidden, the page closes its stream"):
        set_hidden(viewer, True)
        assert viewer.find_element(By.TAG_NAME, "main").get_attribute("data-live-state") == "closed"
    with step(editor, "meanwhile the editor deletes Eggs and adds Tea"):
        delete_by_confirmation(editor, server, "/groceries/", "eggs", "Eggs")
        add_through_sheet(editor, server, "/groceries/", "Tea")
    with step(viewer, "the hidden page did not change"):
        assert row_texts(viewer) == ["Milk", "Eggs", "Bread", "Butter"]
    with step(viewer, "shown again, it receives what it missed, in one update"):
        set_hidden(viewer, False)
        wait_for_texts(viewer, ["Milk", "Bread", "Butter", "Tea"])
        until(viewer, lambda d: announcement(d) == "Tea added. Eggs removed.")
        assert never_reloaded(viewer)


@pytest.mark.js
def test_a_change_under_an_open_delete_button_waits_until_it_closes(server, two_sessions):
    editor, viewer = two_sessions
    viewer.get(server.url("/groceries/?editing=1"))
    streaming(viewer)
    with step(viewer, "the viewer taps the red minus of Bread: its Delete button shows"):
        open_delete_button(viewer, "bread")
    with step(editor, "the editor deletes Milk meanwhile"):
        delete_by_confirmation(editor, server, "/groceries/", "milk", "Milk")
    with step(viewer, "the viewer hears of it, but the rows stay put under the open button"):
        until(viewer, lambda d: announcement(d) == "Milk removed. Shown when you finish.")
        assert row_texts(viewer) == ["Milk", "Eggs", "Bread", "Butter"]
        assert viewer.find_elements(By.CSS_SELECTOR, '[data-key="bread"] .swipe-delete')
    with step(viewer, "once the button is dismissed, the change is applied"):
        viewer.find_element(By.TAG_NAME, "h1").click()
        wait_for_texts(viewer, ["Eggs", "Bread", "Butter"])


@pytest.mark.js
def test_a_change_the_page_does_not_show_leaves_the_viewers_delete_free(server, two_sessions):
    editor, viewer = two_sessions
    viewer.get(server.url("/groceries/?editing=1"))
    mark(viewer)
    streaming(viewer)
    with step(viewer, "the viewer taps the red minus of Bread: its Delete button shows"):
        open_delete_button(viewer, "bread")
    with step(editor, "meanwhile the editor ticks Bread in Shopping, which this list does not show"):
        editor.get(server.url("/shopping/"))
        click(editor, '[data-key="bread"] .row__action')
        until(editor, lambda d: d.find_elements(By.CSS_SELECTOR, '[data-key="bread"] [aria-checked="true"]'))
    with step(viewer, "the viewer's forms take the new revision at once, with nothing moved or announced"):
        revision = server_revision(server, "/groceries/")
        until(viewer, lambda d: d.find_element(By.CSS_SELECTOR, '#table-actions input[name="revision"]').get_attribute("value") == revision)
        assert viewer.find_elements(By.CSS_SELECTOR, '[data-key="bread"] .swipe-delete'), "the Delete button is still open"
        assert announcement(viewer) == ""
        assert never_reloaded(viewer)
    with step(viewer, "the viewer's Delete goes through"):
        click(viewer, '[data-key="bread"] .swipe-delete')
        until(viewer, lambda d: notice(d) == "Deleted Bread.")
        assert row_texts(viewer) == ["Milk", "Eggs", "Butter"]


@pytest.mark.js
def test_an_items_page_follows_its_new_name(server, two_sessions):
    editor, viewer = two_sessions
    viewer.get(server.url("/groceries/milk/"))
    streaming(viewer)
    with step(editor, "the editor renames Milk to Oat Milk"):
        editor.get(server.url("/groceries/milk/?editing=1"))
        field = editor.find_element(By.ID, "field-name")
        field.clear()
        field.send_keys("Oat Milk")
        click(editor, 'button[form="sheet-form"]')
        until(editor, lambda d: notice(d) == "Saved.")
    with step(viewer, "the viewer's title follows, in the bar and in the browser"):
        until(viewer, lambda d: d.find_element(By.CSS_SELECTOR, ".navigation-bar h1").text == "Oat Milk")
        assert viewer.title.startswith("Oat Milk")
    with step(editor, "the editor deletes it"):
        delete_by_confirmation(editor, server, "/groceries/", "milk", "Oat Milk")
    with step(viewer, "the viewer is told, and its Edit, which would lead nowhere, goes"):
        until(viewer, lambda d: notice(d) == "What this page showed was deleted.")
        assert not viewer.find_elements(By.CSS_SELECTOR, ".navigation-bar__trailing > *")


@pytest.mark.js
def test_a_cut_connection_reconnects_by_itself_and_catches_up(server, two_sessions):
    editor, viewer = two_sessions
    viewer.get(server.url("/groceries/"))
    mark(viewer)
    streaming(viewer)
    port = re.search(r":(\d+)/", server.base).group(1)
    with step(viewer, "the server stops (SIGTERM) with the stream open, promptly, and the stream drops"):
        server.process.terminate()
        server.process.wait(timeout=10)
        until(viewer, lambda d: d.find_element(By.TAG_NAME, "main").get_attribute("data-live-state") != "open")
    with step(editor, "meanwhile Bread is deleted, through a server started again on the same port"):
        server.process = subprocess.Popen(
            [str(BINARY), "serve", "--port", port, "--db", str(server.database),
             "--templates", str(ROOT / "Templates"), "--public", str(ROOT / "Public")],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
        until(editor, lambda d: d.get(server.url("/groceries/?editing=1&delete=bread")) or
              d.find_elements(By.CSS_SELECTOR, ".delete-confirmation__delete"), timeout=30)
        click(editor, ".delete-confirmation__delete")
        until(editor, lambda d: notice(d) == "Deleted Bread.")
    with step(viewer, "the browser reconnects by itself and the missed change arrives, without a reload"):
        wait_for_texts(viewer, ["Milk", "Eggs", "Butter"], timeout=30)
        assert never_reloaded(viewer)
        until(viewer, lambda d: d.find_element(By.TAG_NAME, "main").get_attribute("data-revision") == server_revision(server, "/groceries/"))


@pytest.mark.js
def test_with_motion_rows_fade_and_slide_into_the_same_order(server):
    editor, viewer = make_driver(js=True), make_driver(js=True, reduced_motion=False)
    try:
        viewer.get(server.url("/groceries/?editing=1"))
        mark(viewer)
        streaming(viewer)
        with step(editor, "the editor moves Butter up, deletes Milk and adds Tea"):
            editor.get(server.url("/groceries/?editing=1"))
            move_up(editor, "butter")
            wait_for_texts(editor, ["Milk", "Eggs", "Butter", "Bread"])
            delete_by_confirmation(editor, server, "/groceries/", "milk", "Milk")
            add_through_sheet(editor, server, "/groceries/", "Tea")
        with step(viewer, "the viewer's animated rows end in the editor's order, with nothing left over"):
            wait_for_texts(viewer, ["Eggs", "Butter", "Bread", "Tea"])
            until(viewer, lambda d: not d.find_elements(By.CSS_SELECTOR, ".row--deleting"))
            assert never_reloaded(viewer)
            errors = [entry for entry in viewer.get_log("browser") if entry["level"] == "SEVERE"]
            assert errors == [], errors
    finally:
        editor.quit()
        viewer.quit()
