#!/usr/bin/env python3
"""The bench's export section by itself, for several builds in turns:
python3 bench/export_sequence.py BINARY[,BINARY…] [ROUNDS]

Each round gives each build a fresh database and folder, then does what `make bench` does: three
fresh exports of 10,000 detail pages and their list, three re-exports with nothing changed, then
an item imported and a re-export, `settings.CHANGE_TURNS` times (nine unless BENCH_CHANGE_TURNS says
otherwise), whose median it keeps. The re-export after a change measured this way comes out
slower than in `export_ab.py`'s turns (the fresh exports just before, the same folder three times
running), as in the bench itself. Prints each build's rounds and the median of their medians.
"""
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fixtures import import_item, write_fixtures  # noqa: E402  (the bench's fixtures)
from settings import CHANGE_TURNS, ROOT  # noqa: E402


def round_of(binary):
    """The median of a round's re-exports after a change, in ms."""
    folder = Path(tempfile.mkdtemp(prefix="tablestack-export-sequence-"))
    try:
        write_fixtures(folder)
        db = folder / "export.sqlite"
        subprocess.run([binary, "import", "--replace", "--db", str(db), str(folder / "export-data.json")], check=True,
                       capture_output=True)

        def export(out, *extra):
            started = time.perf_counter()
            subprocess.run([binary, "export", *extra, "--app", str(folder / "export.yaml"), "--db", str(db), "--out", str(out),
                            "--templates", str(ROOT / "Templates"), "--public", str(ROOT / "Public")], check=True, capture_output=True)
            return (time.perf_counter() - started) * 1000

        for number in range(3):
            export(folder / f"dist-{number}", "--quiet")
        last = folder / "dist-2"
        for _ in range(3):
            export(last)
        times = []
        for turn in range(CHANGE_TURNS):
            import_item(binary, db, folder / f"added-{turn}.json", f"added-{turn}", f"Added {turn}", turn)
            times.append(export(last))
        return statistics.median(times)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main():
    binaries = sys.argv[1].split(",")
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    medians = {binary: [] for binary in binaries}
    for number in range(rounds):
        for binary in binaries if number % 2 == 0 else binaries[::-1]:
            medians[binary].append(round_of(binary))
    for binary in binaries:
        print(f"{binary}: median {statistics.median(medians[binary]):.1f} ms, rounds {', '.join(f'{m:.1f}' for m in medians[binary])}")


if __name__ == "__main__":
    main()
