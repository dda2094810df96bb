"""axe-core on every demo page, in normal, editing and dark mode: no serious or critical violations."""

from axe_selenium_python import Axe

from conftest import make_driver, settle
from pages import demo_pages


def serious(results):
    return [f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:3]}"
            for v in results["violations"] if v["impact"] in ("serious", "critical")]


def test_axe_on_every_page_normal_editing_and_dark(server):
    light = make_driver(js=True)
    dark = make_driver(js=True, dark=True)
    problems = []
    try:
        pages = demo_pages(light, server)
        assert len(pages) >= 27, f"only {len(pages)} pages found"
        for path, editable in pages:
            variants = [(light, path, "light"), (dark, path, "dark")]
            if editable:
                variants.append((light, path + "?editing=1", "editing"))
            for driver, url, mode in variants:
                driver.get(server.url(url))
                settle(driver)
                axe = Axe(driver)
                axe.inject()
                found = serious(axe.run())
                problems += [f"{url} [{mode}]: {problem}" for problem in found]
    finally:
        light.quit()
        dark.quit()
    assert not problems, "\n".join(problems)
