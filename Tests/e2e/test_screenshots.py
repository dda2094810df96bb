"""Screenshots of every demo page, light and dark, phone and desktop width, for people to look at.
They go to test-output/screenshots/, which git ignores."""
from conftest import DESKTOP, PHONE, SCREENSHOTS, make_driver
from pages import demo_pages


def test_screenshots_of_every_page(server):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    finder = make_driver(js=False)
    try:
        pages = demo_pages(finder, server)
    finally:
        finder.quit()
    taken = 0
    for dark in (False, True):
        for name, size in (("phone", PHONE), ("desktop", DESKTOP)):
            driver = make_driver(js=True, dark=dark, size=size)
            try:
                for path, editable in pages:
                    for suffix in [""] + (["?editing=1"] if editable else []):
                        driver.get(server.url(path + suffix))
                        slug = (path.strip("/").replace("/", "-") or "root") + ("-editing" if suffix else "")
                        file = SCREENSHOTS / f"{slug}-{'dark' if dark else 'light'}-{name}.png"
                        assert driver.save_screenshot(str(file)), f"[{path + suffix}] the screenshot could not be saved"
                        taken += 1
            finally:
                driver.quit()
    assert taken >= 4 * len(pages)
