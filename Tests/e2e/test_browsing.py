"""Browsing and editing the demo as a person would, with JavaScript on and with it off."""
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from conftest import click, notice, row, row_texts, step, until, wait_for_texts, wait_for_url


def click_link(driver, text):
    driver.find_element(By.XPATH, f'//a[normalize-space()="{text}" or .//span[normalize-space()="{text}"]]').click()


def test_drill_down_and_back(server, browser):
    browser.get(server.url("/"))
    with step(browser, "the root shows the examples with a large title"):
        assert browser.find_element(By.TAG_NAME, "h1").text == "Examples"
    with step(browser, "Trails → Regions"):
        browser.find_element(By.CSS_SELECTOR, '[data-key="trails"] a.row__action').click()
        wait_for_url(browser, "/trails/")
        assert browser.find_element(By.TAG_NAME, "h1").text == "Regions"
    with step(browser, "Regions → North Cascades"):
        browser.find_element(By.CSS_SELECTOR, '[data-key="north-cascades"] a.row__action').click()
        wait_for_url(browser, "/north-cascades/")
    with step(browser, "North Cascades → Cascade Pass, a grouped detail"):
        browser.find_element(By.CSS_SELECTOR, '[data-key="cascade-pass"] a.row__action').click()
        wait_for_url(browser, "/cascade-pass/")
        assert browser.find_element(By.TAG_NAME, "main").get_attribute("data-table-style") == "grouped"
        back = browser.find_element(By.CSS_SELECTOR, 'a[rel="up"]')
        # Named by the parent's title; on a phone too narrow for it beside this title it reads
        # "Back", as iOS's back button does.
        assert back.accessible_name == "North Cascades"
        assert back.text == ("North Cascades" if browser.execute_script("return innerWidth") > 400 else "Back")
    with step(browser, "the back link returns to the trail's row"):
        back.click()
        wait_for_url(browser, "/north-cascades/#row-cascade-pass")
        assert browser.find_element(By.TAG_NAME, "h1").text == "North Cascades"
    with step(browser, "the browser's back button"):
        browser.back()
        wait_for_url(browser, "/cascade-pass/")
        browser.back()
        until(browser, lambda d: d.current_url.endswith("/north-cascades/"))


def test_exclusive_selection_list(server, browser):
    browser.get(server.url("/task-category/"))
    with step(browser, "choosing Errands moves the checkmark"):
        browser.find_element(By.CSS_SELECTOR, 'button[value="errands"]').click()
        until(browser, 
            lambda d: d.find_element(By.CSS_SELECTOR, 'button[value="errands"]').get_attribute("aria-checked") == "true")
        checked = [b.get_attribute("value") for b in browser.find_elements(By.CSS_SELECTOR, 'button[aria-checked="true"]')]
        assert checked == ["errands"]
    with step(browser, "choosing the checked row again changes nothing"):
        old = browser.find_element(By.TAG_NAME, "main")
        click(browser, 'button[value="errands"]')
        until(browser, lambda d: d.find_element(By.TAG_NAME, "main") != old)
        checked = [b.get_attribute("value") for b in browser.find_elements(By.CSS_SELECTOR, 'button[aria-checked="true"]')]
        assert checked == ["errands"]


def test_inclusive_selection_list(server, browser):
    browser.get(server.url("/toppings/"))
    with step(browser, "choosing Olives adds a checkmark, choosing Cheese removes one"):
        click(browser, 'button[value="olives"]')
        until(browser, 
            lambda d: d.find_element(By.CSS_SELECTOR, 'button[value="olives"]').get_attribute("aria-checked") == "true")
        click(browser, 'button[value="cheese"]')
        until(browser, 
            lambda d: d.find_element(By.CSS_SELECTOR, 'button[value="cheese"]').get_attribute("aria-checked") == "false")
        checked = [b.get_attribute("value") for b in browser.find_elements(By.CSS_SELECTOR, 'button[aria-checked="true"]')]
        assert checked == ["olives", "basil"]


def test_edit_mode_and_delete_with_confirmation(server, browser):
    browser.get(server.url("/groceries/"))
    with step(browser, "Edit enters editing mode"):
        click_link(browser, "Edit")
        wait_for_url(browser, "editing=1")
        assert browser.find_element(By.TAG_NAME, "main").get_attribute("data-editing") == "true"
        assert browser.find_element(By.LINK_TEXT, "Done")
    with step(browser, "the red minus reveals the Delete button"):
        row(browser, "eggs").find_element(By.CSS_SELECTOR, ".editing-control--delete").click()
        delete = until(browser, 
            lambda d: [b for b in row(d, "eggs").find_elements(By.TAG_NAME, "button") if b.get_attribute("textContent").strip() == "Delete"])
    with step(browser, "Delete removes the row and stays in editing mode"):
        delete[0].click()
        wait_for_texts(browser, ["Milk", "Bread", "Butter"])
        assert browser.find_element(By.TAG_NAME, "main").get_attribute("data-editing") == "true"
        assert notice(browser) == "Deleted Eggs."
    with step(browser, "Done leaves editing mode"):
        click_link(browser, "Done")
        until(browser, lambda d: d.find_element(By.TAG_NAME, "main").get_attribute("data-editing") == "false")


def test_add_with_a_validation_error_then_success(server, browser):
    browser.get(server.url("/groceries/"))
    with step(browser, "Add opens the sheet"):
        browser.find_element(By.CSS_SELECTOR, ".bar-button--add").click()
        wait_for_url(browser, "add=1")
        assert browser.find_element(By.TAG_NAME, "h1").text == "Add Item"
    with step(browser, "an empty name is refused beside the field, the quantity kept"):
        name = browser.find_element(By.ID, "field-name")
        name.clear()
        quantity = browser.find_element(By.ID, "field-quantity")
        quantity.clear()
        quantity.send_keys("3")
        browser.find_element(By.CSS_SELECTOR, 'button[form="sheet-form"]').click()
        # Read what the page says once it is in place (the sheet slides in, hidden text reads empty).
        until(browser, lambda d: d.find_element(By.ID, "field-name-error").get_attribute("textContent") == "Name cannot be empty.")
        assert browser.find_element(By.ID, "field-quantity").get_attribute("value") == "3"
    with step(browser, "a name saves and the list lands on the new row"):
        browser.find_element(By.ID, "field-name").send_keys("Apples")
        browser.find_element(By.CSS_SELECTOR, 'button[form="sheet-form"]').click()
        wait_for_url(browser, "#row-apples")
        assert row_texts(browser)[-1] == "Apples"
        assert notice(browser) == "Added Apples."


def test_move_by_form(server, browser):
    browser.get(server.url("/reorder/?editing=1"))
    with step(browser, "the grip's menu moves a row down"):
        grip = row(browser, "m-stretch").find_element(By.CSS_SELECTOR, "summary")
        grip.click()
        button = until(browser, 
            lambda d: [b for b in row(d, "m-stretch").find_elements(By.TAG_NAME, "button") if b.get_attribute("textContent").strip().startswith("Move down")])
        button[0].click()
        until(browser, lambda d: row_texts(d)[:5] == ["Wake Up", "Make Coffee", "Stretch", "Read the News", "Add Item"])
    with step(browser, "Move to… offers only the allowed places and says where the row landed"):
        browser.get(server.url("/reorder/?editing=1&move=m-read-the-news"))
        # Each place is named by the row it stands before, which still means the same place when
        # someone else's rows came or went meanwhile; the row's own place is "here".
        choices = [option.get_attribute("value") for option in browser.find_elements(By.TAG_NAME, "option")]
        assert choices == ["before:m-make-coffee", "before:m-stretch", "here"]
        Select(browser.find_element(By.ID, "field-to")).select_by_value("before:m-make-coffee")
        browser.find_element(By.CSS_SELECTOR, 'button[form="sheet-form"]').click()
        until(browser, lambda d: row_texts(d)[:5] == ["Wake Up", "Read the News", "Make Coffee", "Stretch", "Add Item"])
        assert notice(browser) == "Moved Read the News to row 2 of Morning."


def test_settings_switch_and_slider_survive_a_reload(server, browser):
    browser.get(server.url("/settings/"))
    with step(browser, "turning Sound Effects off"):
        switch = browser.find_element(By.CSS_SELECTOR, 'input[role="switch"]')
        assert switch.is_selected()
        switch.click()
        if not browser.js_enabled:
            row(browser, "sound-effects").find_element(By.CSS_SELECTOR, ".control-submit").click()
        # The saved page comes back anchored on the row (the old page's box is unticked at once).
        wait_for_url(browser, "#row-sound-effects")
        until(browser, lambda d: d.find_element(By.CSS_SELECTOR, 'input[role="switch"]').get_attribute("aria-checked") == "false")
    with step(browser, "setting the volume to its minimum with the keyboard"):
        slider = until(browser, lambda d: d.find_element(By.CSS_SELECTOR, 'input[type="range"]'))
        slider.send_keys(Keys.HOME)
        if not browser.js_enabled:
            row(browser, "volume").find_element(By.CSS_SELECTOR, ".control-submit").click()
        until(browser, lambda d: "#row-volume" in d.current_url)
        expected = "0"
    with step(browser, "both are still set after a reload"):
        browser.get(server.url("/settings/"))
        assert not browser.find_element(By.CSS_SELECTOR, 'input[role="switch"]').is_selected()
        assert browser.find_element(By.CSS_SELECTOR, 'input[type="range"]').get_attribute("value") == expected


def test_index_bar_links_land_on_their_section(server, browser):
    browser.get(server.url("/states/"))
    with step(browser, "M in the index bar brings the M section to the top, below the navigation bar"):
        link = browser.find_element(By.CSS_SELECTOR, '[data-section-index] a[href="#section-12"]')
        assert link.text == "M"
        link.click()
        until(browser, lambda d: d.current_url.endswith("#section-12"))
        header = browser.execute_script("return document.getElementById('section-12-header').getBoundingClientRect().top")
        bar = browser.execute_script("return document.querySelector('.navigation-bar').getBoundingClientRect().bottom")
        assert bar - 1 <= header <= bar + 60, f"the M header is at {header}px, the bar ends at {bar}px"
        assert browser.find_element(By.ID, "section-12-header").get_attribute("textContent") == "M"


def test_a_placeholder_row_adds_what_it_says(server, browser):
    browser.get(server.url("/reorder/?editing=1"))
    with step(browser, "Add Item is a placeholder, apart from the data: grey, with a green plus"):
        placeholder = row(browser, "placeholder-1")
        assert "row--placeholder" in placeholder.get_attribute("class")
        plus = placeholder.find_element(By.CSS_SELECTOR, ".editing-control--insert")
        assert plus.get_attribute("aria-label") == "Add Item"
    with step(browser, "its plus adds a new item at the end of its section, in editing mode still"):
        plus.click()
        until(browser, lambda d: row_texts(d)[5:] == ["Cook Dinner", "Take a Walk", "Read a Book", "Sleep", "New Item", "Add Item"])
        assert notice(browser) == "Inserted a new item."
        assert browser.find_element(By.TAG_NAME, "main").get_attribute("data-editing") == "true"


def test_an_emptied_grouped_section_keeps_its_title(server, browser):
    for key in ("a1", "a2", "a3"):
        with step(browser, f"delete {key} through its confirmation"):
            browser.get(server.url(f"/figure-7-2/?editing=1&delete={key}"))
            row(browser, key).find_element(By.CSS_SELECTOR, ".delete-confirmation__delete").click()
            until(browser, lambda d: not d.find_elements(By.CSS_SELECTOR, f'[data-key="{key}"]'))
    with step(browser, "Section A has no rows and still shows its header, as UIKit does"):
        header = browser.find_element(By.ID, "section-0-header")
        assert header.is_displayed() and header.text.upper() == "SECTION A"



def test_back_to_an_edit_sheet_after_saving_it_shows_the_saved_values(server, browser):
    driver = browser
    driver.get(server.url("/groceries/eggs/?editing=1"))
    with step(driver, "the person saves Eggs' quantity as 3"):
        field = driver.find_element(By.ID, "field-quantity")
        field.clear()
        field.send_keys("3" + Keys.ENTER)
        until(driver, lambda d: notice(d) == "Saved.")
    with step(driver, "Back shows the sheet as it is now, not as it was before the save"):
        driver.back()
        until(driver, lambda d: d.find_element(By.CSS_SELECTOR, 'input[name="original-quantity"]').get_attribute("value") == "3")
        assert driver.find_element(By.ID, "field-quantity").get_attribute("value") == "3"
    with step(driver, "so a second change is saved, not refused as someone else's"):
        field = driver.find_element(By.ID, "field-quantity")
        field.clear()
        field.send_keys("4")
        click(driver, 'button[form="sheet-form"]')
        until(driver, lambda d: notice(d) == "Saved.")
        assert "409" not in driver.title
