#!/usr/bin/env python3
"""Two builds' re-exports side by side: python3 bench/export_ab.py OLD_BINARY NEW_BINARY [TURNS]

The bench's export (10,000 detail pages and their list) is made once by each build, each into
its own folder from its own copy of the database. Then, in turns, one item is imported into a
build's database and that build's re-export is timed, the whole command (which makes the list
page and the new item's page again). Prints each build's median and fastest time, its median
CPU time in user space and in the kernel and its minor page faults, and what the export said it
made: on a machine whose speed moves by half between runs, only times taken in turns say whether
a change helped. Instructions are steadier still (see docs/performance.md for counting them with
callgrind), but they leave out the kernel's share, a third of a re-export.
"""
import random
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fixtures import import_item, write_fixtures  # noqa: E402  (the bench's fixtures)
from settings import ROOT  # noqa: E402


def main():
    binaries = sys.argv[1:3]
    turns = int(sys.argv[3]) if len(sys.argv) > 3 else 9
    folder = Path(tempfile.mkdtemp(prefix="tablestack-export-ab-"))
    # A folder of about 180 MB (two databases and two exports): removed however the run ends.
    try:
        write_fixtures(folder)
        def export(binary, db, out, *extra):
            return subprocess.run([binary, "export", "--app", str(folder / "export.yaml"), "--db", str(db), "--out", str(out),
                                   "--templates", str(ROOT / "Templates"), "--public", str(ROOT / "Public"), *extra],
                                  check=True, capture_output=True, text=True)

        builds = []
        for number, binary in enumerate(binaries):
            db, out = folder / f"ab-{number}.sqlite", folder / f"ab-{number}"
            subprocess.run([binary, "import", "--replace", "--db", str(db), str(folder / "export-data.json")], check=True,
                           capture_output=True)
            export(binary, db, out, "--quiet")
            builds.append((binary, db, out))
        times = {binary: [] for binary in binaries}
        # CPU in user space and in the kernel, and minor page faults, of each timed export: callgrind
        # counts neither the kernel's work nor the faults, which a re-export's memory costs.
        usage = {binary: [] for binary in binaries}
        made = {binary: set() for binary in binaries}
        for turn in range(turns):
            for binary, db, out in builds if turn % 2 == 0 else builds[::-1]:
                key = random.getrandbits(40)
                import_item(binary, db, folder / "added.json", f"ab-{key}", f"Added {key}", turn)
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                started = time.perf_counter()
                said = export(binary, db, out).stdout
                times[binary].append((time.perf_counter() - started) * 1000)
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                usage[binary].append(((after.ru_utime - before.ru_utime) * 1000, (after.ru_stime - before.ru_stime) * 1000,
                                      after.ru_minflt - before.ru_minflt))
                again = re.search(r"(\d+) made again", said)
                made[binary].add(f"{again.group(1)} pages made again" if again else "every page made")
        for binary in binaries:
            user, kernel, faults = (statistics.median(run[index] for run in usage[binary]) for index in range(3))
            print(f"{binary}: median {statistics.median(times[binary]):.1f} ms, fastest {min(times[binary]):.1f} ms "
                  f"(medians: user {user:.1f} ms, kernel {kernel:.1f} ms, {faults:.0f} minor faults); "
                  f"{', '.join(sorted(made[binary]))}")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
