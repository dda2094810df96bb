"""`tablestack export` into a folder it exported to before, with broken templates and a database it cannot open,
and how the command ends."""
import os
import shutil
import subprocess
import tempfile
import time
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


def running_with(text):
    """The ids of the processes whose command line holds `text`."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/cmdline", "rb") as line:
                    if text.encode() in line.read():
                        found.append(int(entry))
            except OSError:
                pass  # gone meanwhile
    return found


def test_an_export_ends_with_its_report_whole_and_leaves_no_process_behind():
    # The command ends without waiting for its memory to be freed: a child holds it until the
    # command is gone. The report must still reach a pipe and a file whole, the status must be
    # the command's, and the child must not outlive it for long.
    folder = Path(tempfile.mkdtemp(prefix="tablestack-cli-"))
    try:
        command = [str(BINARY), "export", "--db", str(folder / "demo.sqlite"), "--out", str(folder / "dist"),
                   "--templates", str(ROOT / "Templates"), "--public", str(ROOT / "Public")]
        piped = subprocess.run(command, capture_output=True, text=True, timeout=300)
        assert piped.returncode == 0, piped.stderr
        assert piped.stdout.startswith("Exported ") and piped.stdout.endswith(").\n"), piped.stdout

        with open(folder / "report.txt", "w") as report:
            into_file = subprocess.run(command, stdout=report, stderr=subprocess.PIPE, text=True, timeout=300)
        assert into_file.returncode == 0, into_file.stderr
        # (Up to date, or exported again when the demo's data came in the first export's second.)
        written = (folder / "report.txt").read_text()
        assert written.startswith(("Exported ", f"{folder / 'dist'} is up to date: ")) and written.endswith(").\n"), written
        assert written.count("\n") == 1, written

        deadline = time.monotonic() + 10
        while running_with(str(folder)) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert running_with(str(folder)) == [], "the child that held the memory is still running"
    finally:
        shutil.rmtree(folder, ignore_errors=True)
