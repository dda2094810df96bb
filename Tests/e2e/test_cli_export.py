"""`tablestack export` into a folder it exported to before, with broken templates and a database it cannot open."""
import shutil
import subprocess
import tempfile
from pathlib import Path

from conftest import BINARY, ROOT


def export(folder, templates, database):
    return subprocess.run([str(BINARY), "export", "--quiet", "--db", str(database), "--out", str(folder / "dist"),
                           "--templates", str(templates), "--public", str(ROOT / "Public")],
                          capture_output=True, text=True, timeout=300)


def test_broken_templates_are_reported_as_before_and_the_last_export_stays():
    folder = Path(tempfile.mkdtemp(prefix="tablestack-cli-"))
    try:
        templates = folder / "templates"
        shutil.copytree(ROOT / "Templates", templates)
        first = export(folder, templates, folder / "demo.sqlite")
        assert first.returncode == 0, first.stderr
        pages = sorted(path.relative_to(folder) for path in (folder / "dist").rglob("index.html"))
        with open(templates / "accessory.mustache", "a") as template:
            template.write("{{#broken}}\n")

        broken = export(folder, templates, folder / "demo.sqlite")
        assert broken.returncode == 1
        lines = broken.stderr.splitlines()
        assert any("accessory.mustache:" in line and 'section "broken" is never closed' in line for line in lines), broken.stderr
        assert lines[-1].startswith(f"tablestack: the templates in {templates}") and lines[-1].endswith("are invalid; fix the problems above")
        assert sorted(path.relative_to(folder) for path in (folder / "dist").rglob("index.html")) == pages

        # A database that cannot be opened is reported first, as it always was: the templates
        # checked meanwhile print nothing.
        (folder / "garbage.sqlite").write_bytes(b"not a database, " * 512)
        unopenable = export(folder, templates, folder / "garbage.sqlite")
        assert unopenable.returncode != 0 and "accessory.mustache" not in unopenable.stderr, unopenable.stderr
        assert unopenable.stderr.strip(), "the database's problem is said"

        shutil.rmtree(templates)
        shutil.copytree(ROOT / "Templates", templates)
        again = export(folder, templates, folder / "demo.sqlite")
        assert again.returncode == 0, again.stderr
    finally:
        shutil.rmtree(folder, ignore_errors=True)
