"""The bench's export figures: fresh exports of 10,000 detail pages and their list, re-exports
with nothing changed and after one item was added, and what the file system allows alone."""
import os
import re
import statistics
import subprocess
import time

from fixtures import import_item
from settings import CHANGE_TURNS, ROOT, RUNS


def export_figures(binary, folder, add):
    """5. Fresh exports of 10,000 detail pages plus the list, then re-exports into the last one's
    folder, and the file system's own pace for as many folders and files."""
    export_db = folder / "export.sqlite"
    subprocess.run([binary, "import", "--replace", "--db", str(export_db), str(folder / "export-data.json")], check=True,
                   capture_output=True)
    rates, rss = [], []
    for run in range(RUNS):
        out = folder / f"dist-{run}"
        started = time.time()
        result = subprocess.run(["/usr/bin/time", "-v", binary, "export", "--quiet", "--app", str(folder / "export.yaml"),
                                 "--db", str(export_db), "--out", str(out), "--templates", str(ROOT / "Templates"),
                                 "--public", str(ROOT / "Public")], capture_output=True, text=True, timeout=600)
        elapsed = time.time() - started
        rates.append(10001 / elapsed)
        rss.append(int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", result.stderr).group(1)) / 1024)
    add("5. export", "pages/s (10,000 details + list, fresh folder)", statistics.median(rates), "pages/s", "target > 25,000")

    # Re-exports into the last run's folder: with nothing changed (answered from the state the
    # last export left), then each after one item was added with `tablestack import`.
    def export_into(out):
        """The whole command's wall time and the export's own check when it found the folder up to date (ms), and
        how many pages it made again (None when it made every page)."""
        started = time.time()
        result = subprocess.run([binary, "export", "--app", str(folder / "export.yaml"), "--db", str(export_db),
                                 "--out", str(out), "--templates", str(ROOT / "Templates"), "--public", str(ROOT / "Public")],
                                check=True, capture_output=True, text=True, timeout=600)
        elapsed = (time.time() - started) * 1000
        checked = re.search(r"checked in ([0-9.]+) s", result.stdout)
        made = re.search(r"; (\d+) made again", result.stdout)
        return elapsed, float(checked.group(1)) * 1000 if checked else None, int(made.group(1)) if made else None
    last = folder / f"dist-{RUNS - 1}"
    noop = [export_into(last) for _ in range(RUNS)]
    add("5. export", "re-export, nothing changed: the whole command", statistics.median(t for t, _, _ in noop), "ms", "target < 50 ms")
    if all(c is not None for _, c, _ in noop):
        add("5. export", "re-export, nothing changed: the export's own check (state, 10,001 stats)",
            statistics.median(c for _, c, _ in noop), "ms", "the rest is starting and reading the app file")
    else:
        add("5. export", "re-export, nothing changed: NOT found up to date", 0, "", "a fault")
    after_change = []
    for turn in range(CHANGE_TURNS):
        import_item(binary, export_db, folder / f"export-add-{turn}.json", f"added-{turn}", f"Added {turn}", turn)
        after_change.append(export_into(last))
    made = sorted({m for _, _, m in after_change}, key=lambda m: -1 if m is None else m)
    times = sorted(t for t, _, _ in after_change)
    add("5. export", "re-export after one item was added (the whole command)", statistics.median(times), "ms",
        f"target < 100 ms; median of {len(times)}, {times[0]:.1f} to {times[-1]:.1f} ms; pages made again: "
        + ", ".join("all" if m is None else str(m) for m in made))
    add("5. export", "peak RSS", statistics.median(rss), "MB")
    add("5. export", "filesystem alone: 10,001 folders + files, nothing rendered", statistics.median(
        filesystem_floor(folder / f"floor-{run}", 10001, size=3000) for run in range(RUNS)), "pages/s", "the ceiling here")


def filesystem_floor(folder, count, size):
    """Pages per second this file system allows when nothing is rendered: a folder per page and
    a file written beside its place and renamed in, as the export does (one thread, Python)."""
    folder.mkdir()
    data = b"x" * size
    started = time.perf_counter()
    for number in range(count):
        page = folder / f"e-{number}"
        os.mkdir(page)
        descriptor = os.open(page / ".tmp", os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        os.write(descriptor, data)
        os.close(descriptor)
        os.rename(page / ".tmp", page / "index.html")
    return count / (time.perf_counter() - started)
