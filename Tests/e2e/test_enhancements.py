"""What JavaScript adds: drag to reorder, swipe to delete, and every action by keyboard alone."""
import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import TRANSIENT, make_driver, notice, row, row_texts, step, until, wait_for_url


@pytest.mark.js
def test_drag_to_reorder_lands_where_the_retarget_rule_says(server, js_browser):
    driver = js_browser
    driver.get(server.url("/reorder/?editing=1"))
    with step(driver, "dragging Read the News onto the fixed first row"):
        grip = row(driver, "m-read-the-news").find_element(By.CSS_SELECTOR, ".reorder__grip")
        target = row(driver, "m-wake-up")
        # Dropped on the upper half of a row proposes the place before it.
        ActionChains(driver).click_and_hold(grip).move_by_offset(0, -10).move_to_element_with_offset(target, 0, -8).pause(0.2).release().perform()
    with step(driver, "it lands just below the fixed row, as the rule retargets it"):
        until(driver, lambda d: row_texts(d)[:5] == ["Wake Up", "Read the News", "Stretch", "Make Coffee", "Add Item"])
        assert notice(driver) == "Moved Read the News to row 2 of Morning (the nearest allowed place)."
    with step(driver, "dragging Stretch into the other section keeps it in its own"):
        grip = row(driver, "m-stretch").find_element(By.CSS_SELECTOR, ".reorder__grip")
        target = row(driver, "e-take-a-walk")
        ActionChains(driver).click_and_hold(grip).move_by_offset(0, 10).move_to_element(target).pause(0.2).release().perform()
        until(driver, lambda d: row_texts(d)[:5] == ["Wake Up", "Read the News", "Make Coffee", "Stretch", "Add Item"])


@pytest.mark.js
def test_drag_into_another_section_repacks_the_item(server, js_browser):
    driver = js_browser
    driver.get(server.url("/packing/?editing=1"))
    # Counts, as the drag's post leaves, the fields the shared form still holds besides its own
    # (a page restored from the back-forward cache would send them again with its next action).
    driver.execute_script("""
        var submit = HTMLFormElement.prototype.submit;
        HTMLFormElement.prototype.submit = function () {
            var form = this;
            submit.call(form);
            queueMicrotask(function () {
                sessionStorage.setItem("leftInForm", String(form.querySelectorAll(
                    'input[type="hidden"]:not([name="csrf"]):not([name="revision"]):not([name="editing"])').length));
            });
        };""")
    with step(driver, "dragging Passport onto the lower half of Hiking Boots, in the Checked section"):
        grip = row(driver, "passport").find_element(By.CSS_SELECTOR, ".reorder__grip")
        target = row(driver, "boots")
        ActionChains(driver).click_and_hold(grip).move_by_offset(0, 10).move_to_element_with_offset(target, 0, 8).pause(0.2).release().perform()
    with step(driver, "it lands after the boots, packed in the checked bag"):
        until(driver, lambda d: row_texts(d)[:8] == ["Phone Charger", "Headphones", "Rain Jacket", "Hiking Boots", "Passport",
                                                     "Sunscreen", "Water Bottle", "Trail Map"])
        assert notice(driver) == "Moved Passport to row 3 of Checked."
        assert driver.execute_script("return sessionStorage.getItem('leftInForm')") == "0", "the drag's fields left the shared form"


@pytest.mark.js
def test_swipe_to_delete_under_touch_emulation(server):
    driver = make_driver(js=True, touch=True)
    try:
        driver.get(server.url("/groceries/"))
        until(driver, lambda d: d.execute_script("return document.documentElement.classList.contains('js') && document.readyState === 'complete'"))
        # Touch input is hit-tested against the last painted frame: wait for two frames.
        driver.execute_async_script("const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(done));")
        with step(driver, "a left swipe on Bread reveals its Delete button"):
            box = driver.execute_script(
                "const r = document.querySelector('[data-key=\"bread\"]').getBoundingClientRect(); return [r.left, r.top, r.width, r.height];")
            x, y = box[0] + box[2] - 40, box[1] + box[3] / 2
            driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
            for step_x in range(1, 8):
                driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x - step_x * 20, "y": y}]})
            driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
            delete = until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, '[data-key="bread"] .swipe-delete'))
        with step(driver, "tapping Delete deletes the row"):
            delete[0].click()
            until(driver, lambda d: row_texts(d) == ["Milk", "Eggs", "Butter"])
            assert notice(driver) == "Deleted Bread."
    finally:
        driver.quit()


@pytest.mark.js
def test_tapping_a_placeholder_row_does_what_its_plus_does(server, js_browser):
    driver = js_browser
    driver.get(server.url("/reorder/?editing=1"))
    with step(driver, "tapping the text of Add Item adds an item to Morning"):
        row(driver, "placeholder-0").find_element(By.CSS_SELECTOR, ".cell__text").click()
        until(driver, lambda d: row_texts(d)[:6] == ["Wake Up", "Stretch", "Make Coffee", "Read the News", "New Item", "Add Item"])


@pytest.mark.js
def test_arrow_keys_move_between_the_choices_of_an_exclusive_list(server, js_browser):
    driver = js_browser
    driver.get(server.url("/ringtone/"))
    group = driver.find_element(By.CSS_SELECTOR, '[role="radiogroup"]')
    assert group.get_attribute("aria-label") == "Ringtone"
    radios = group.find_elements(By.CSS_SELECTOR, '[role="radio"]')
    assert len(radios) == len(driver.find_elements(By.CSS_SELECTOR, ".row")) and len(radios) > 2
    with step(driver, "Down moves the focus to the next choice without choosing it; Up from the first wraps to the last"):
        driver.execute_script("arguments[0].focus()", radios[0])
        ActionChains(driver).send_keys(Keys.ARROW_DOWN).perform()
        assert driver.switch_to.active_element == radios[1]
        ActionChains(driver).send_keys(Keys.ARROW_UP).send_keys(Keys.ARROW_UP).perform()
        assert driver.switch_to.active_element == radios[-1]
        assert driver.current_url.endswith("/ringtone/"), "nothing was posted"
    with step(driver, "Space chooses the focused one"):
        chosen = radios[-1].text
        ActionChains(driver).send_keys(Keys.SPACE).perform()
        until(driver, lambda d: [r.text for r in d.find_elements(By.CSS_SELECTOR, '[role="radio"][aria-checked="true"]')] == [chosen])


@pytest.mark.js
def test_a_second_tap_on_save_adds_nothing_more(server, js_browser):
    driver = js_browser
    driver.get(server.url("/groceries/?add=1"))
    driver.find_element(By.ID, "field-name").send_keys("Twice")
    with step(driver, "Save pressed twice before the answer comes sends the sheet once"):
        sent = driver.execute_script("""
            var form = document.getElementById("sheet-form"), sent = 0;
            window.addEventListener("submit", function (event) { if (!event.defaultPrevented) sent += 1; });
            var save = document.querySelector('button[form="sheet-form"]') || form.querySelector('button[type="submit"]');
            form.requestSubmit(save);
            form.requestSubmit(save);
            return [sent, form.getAttribute("aria-busy"), save.getAttribute("aria-disabled")];""")
        assert sent == [1, "true", "true"], "one post, and the form says it is busy with Save dimmed"
        wait_for_url(driver, "#row-twice")
        assert row_texts(driver) == ["Milk", "Eggs", "Bread", "Butter", "Twice"]


@pytest.mark.js
def test_the_slider_saves_once_settled_and_keeps_the_focus(server, js_browser):
    driver = js_browser
    driver.get(server.url("/settings/"))
    slider = driver.find_element(By.CSS_SELECTOR, 'input[type="range"]')
    driver.execute_script("window.unsaved = true")
    with step(driver, "each arrow press moves the slider without saving and reloading under the keyboard"):
        for _ in range(3):
            slider.send_keys(Keys.ARROW_LEFT)
        assert driver.execute_script("return window.unsaved === true"), "the page was reloaded while keys were still being pressed"
        moved = float(slider.get_attribute("value"))
        assert moved < 7.5
    with step(driver, "once the keys rest it saves, once, and the slider has the focus again"):
        until(driver, lambda d: "#row-volume" in d.current_url and d.execute_script("return window.unsaved !== true"))
        until(driver, lambda d: d.switch_to.active_element.get_attribute("id") == "slider-row-volume")
        assert float(driver.find_element(By.CSS_SELECTOR, 'input[type="range"]').get_attribute("value")) == moved


@pytest.mark.js
def test_on_a_wide_screen_add_opens_as_a_card_over_the_list(server):
    driver = make_driver(js=True, size=(1280, 800))
    try:
        driver.get(server.url("/groceries/"))
        with step(driver, "Add opens the sheet in a dialog over the list, its first field focused"):
            driver.find_element(By.CSS_SELECTOR, "a.bar-button--add").click()
            dialog = until(driver, lambda d: d.find_element(By.CSS_SELECTOR, "dialog.sheet-dialog[open]"))
            assert driver.current_url.endswith("/groceries/") and len(row_texts(driver)) == 4
            until(driver, lambda d: d.switch_to.active_element.get_attribute("id") == "field-name")
        with step(driver, "Cancel closes it and gives the focus back to Add"):
            dialog.find_element(By.LINK_TEXT, "Cancel").click()
            until(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, "dialog.sheet-dialog"))
            assert "bar-button--add" in driver.switch_to.active_element.get_attribute("class")
        with step(driver, "a double click on Add opens one card, not two"):
            ActionChains(driver).double_click(driver.find_element(By.CSS_SELECTOR, "a.bar-button--add")).perform()
            until(driver, lambda d: d.switch_to.active_element.get_attribute("id") == "field-name")
            driver.execute_async_script("const done = arguments[0]; setTimeout(done, 500);")
            assert len(driver.find_elements(By.CSS_SELECTOR, "dialog.sheet-dialog")) == 1
        with step(driver, "Save posts the form as the page would: the list lands on the new row"):
            driver.switch_to.active_element.send_keys("Apples")
            driver.find_element(By.CSS_SELECTOR, 'dialog button[form="sheet-form"]').click()
            wait_for_url(driver, "#row-apples")
            assert row_texts(driver)[-1] == "Apples" and notice(driver) == "Added Apples."
    finally:
        driver.quit()


def tab_to(driver, predicate, limit=80):
    """Presses Tab until the focused element satisfies `predicate`; fails after `limit` presses."""
    for _ in range(limit):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        try:
            if predicate(driver.switch_to.active_element):
                return driver.switch_to.active_element
        except TRANSIENT:
            continue
    raise AssertionError("the element was never reached with Tab")


def assert_focus_visible(driver):
    style = driver.execute_script(
        "const s = getComputedStyle(document.activeElement); return [s.outlineStyle, s.outlineWidth, s.boxShadow];")
    assert style[0] != "none" and style[1] != "0px" or style[2] != "none", f"no visible focus: {style}"


@pytest.mark.parametrize("js", [True, False], ids=["js-on", "js-off"])
def test_keyboard_only(server, js):
    driver = make_driver(js=js)
    try:
        driver.get(server.url("/"))
        with step(driver, "Tab reaches Trails with a visible focus; Enter follows it"):
            link = tab_to(driver, lambda e: e.get_attribute("href", ) and e.get_attribute("href").endswith("/trails/"))
            assert_focus_visible(driver)
            link.send_keys(Keys.ENTER)
            until(driver, lambda d: d.current_url.endswith("/trails/"))
        with step(driver, "Space chooses in a selection list"):
            driver.get(server.url("/task-category/"))
            button = tab_to(driver, lambda e: e.get_attribute("value") == "someday")
            assert_focus_visible(driver)
            button.send_keys(Keys.SPACE)
            until(driver, lambda d: d.find_element(By.CSS_SELECTOR, 'button[value="someday"]').get_attribute("aria-checked") == "true")
        with step(driver, "reordering without a pointer: open the grip's menu and choose Move down"):
            driver.get(server.url("/reorder/?editing=1"))
            grip = tab_to(driver, lambda e: e.tag_name == "summary" and e.get_attribute("aria-label") == "Move Stretch")
            assert_focus_visible(driver)
            grip.send_keys(Keys.ENTER)
            down = tab_to(driver, lambda e: e.tag_name == "button" and e.get_attribute("textContent").strip().startswith("Move down"), limit=5)
            down.send_keys(Keys.ENTER)
            until(driver, lambda d: row_texts(d)[:4] == ["Wake Up", "Make Coffee", "Stretch", "Read the News"])
        with step(driver, "delete with the keyboard: the minus, then Delete"):
            driver.get(server.url("/groceries/?editing=1"))
            minus = tab_to(driver, lambda e: e.get_attribute("aria-label") == "Delete Milk")
            minus.send_keys(Keys.ENTER)
            delete = tab_to(driver, lambda e: e.tag_name == "button" and e.get_attribute("textContent").strip() == "Delete", limit=20) if not js \
                else until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".swipe-delete"))[0]
            assert driver.switch_to.active_element == delete or js
            delete.send_keys(Keys.ENTER)
            until(driver, lambda d: row_texts(d) == ["Eggs", "Bread", "Butter"])
    finally:
        driver.quit()


def arrival(driver):
    """How the page came in: 'push-in' or 'pop-in' (the slide its content runs), or '' (none)."""
    return driver.execute_script(
        "const names = document.getAnimations().map(a => a.animationName)"
        "  .filter(n => n === 'push-in' || n === 'pop-in');"
        "return names.length ? names[0] : '';")


@pytest.mark.js
def test_pages_slide_only_when_pushed_or_popped(server):
    driver = make_driver(js=True, reduced_motion=False)
    try:
        driver.get(server.url("/"))
        with step(driver, "a page opened directly does not slide"):
            until(driver, lambda d: d.execute_script("return document.readyState === 'complete'"))
            assert arrival(driver) == ""
        with step(driver, "following a row pushes: the next page slides in, and never widens the page"):
            driver.find_element(By.CSS_SELECTOR, 'a.row__action[href="/task-category/"]').click()
            wait_for_url(driver, "/task-category/")
            until(driver, lambda d: d.execute_script("return document.readyState !== 'loading'"))
            assert arrival(driver) == "push-in"
            assert driver.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")
        with step(driver, "the page after a form post stays put"):
            driver.find_element(By.CSS_SELECTOR, 'button.row__action[value="work"]').click()
            until(driver, lambda d: d.find_element(By.CSS_SELECTOR, 'button.row__action[value="work"]').get_attribute("aria-checked") == "true")
            assert arrival(driver) == ""
        with step(driver, "a reload stays put"):
            driver.refresh()
            until(driver, lambda d: d.execute_script("return document.readyState === 'complete'"))
            assert arrival(driver) == ""
        with step(driver, "the back link pops"):
            driver.find_element(By.CSS_SELECTOR, 'a[rel="up"]').click()
            until(driver, lambda d: d.execute_script("return location.pathname") == "/")
            until(driver, lambda d: d.execute_script("return document.readyState !== 'loading'"))
            assert arrival(driver) == "pop-in"
    finally:
        driver.quit()
