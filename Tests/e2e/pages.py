"""Every page of the demo, found by following its links from the root."""
from urllib.parse import urljoin, urlparse

from selenium.webdriver.common.by import By


def demo_pages(driver, server):
    """The path of every page reachable from the root, breadth first, and whether it has Edit."""
    seen, queue, pages = {"/"}, ["/"], []
    while queue:
        path = queue.pop(0)
        driver.get(server.url(path))
        editable = bool(driver.find_elements(By.XPATH, '//a[normalize-space()="Edit"]'))
        pages.append((path, editable))
        for link in driver.find_elements(By.CSS_SELECTOR, "main a.row__action, main a.accessory--detail-disclosure-button"):
            target = urlparse(urljoin(driver.current_url, link.get_attribute("href"))).path
            if target not in seen:
                seen.add(target)
                queue.append(target)
    return pages
