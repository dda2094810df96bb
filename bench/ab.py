#!/usr/bin/env python3
"""Two builds side by side: python3 bench/ab.py OLD_BINARY NEW_BINARY

Runs the warm indexed pages of 100 and 1,000 rows, the views after a one-row edit (1,000 and
10,000 rows) and the durable-edit loads of `make bench` against each build in turns, on the
same fixtures, and prints each figure for both with the ratio: on a machine whose speed moves
by half between runs, only figures measured side by side say whether a change helped. Server
CPU per view is read from /proc (utime + stime).
"""
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fixtures import write_fixtures  # noqa: E402  (the bench's fixtures, server, loads and settings)
from loads import Server, adds_arguments, cold_views, edits_load, edits_run, session, wrk  # noqa: E402
from settings import DURATION, ROOT, RUNS  # noqa: E402


def figures(binary, folder, turn):
    db = folder / f"ab-{turn}.sqlite"
    subprocess.run([binary, "import", "--replace", "--db", str(db), str(folder / "data.json")], check=True, capture_output=True)
    server = Server(binary, folder, folder / "serve.yaml", db)
    out = {}
    try:
        for count in (100, 1000):
            # As `make bench` asks: a new visitor each time, over 16 kept connections.
            out[f"warm indexed {count} rows: req/s"] = wrk(f"{server.base}/indexed-{count}/")[0]
        for count in (1000, 10000):
            before = server.cpu_ms()
            _, p50, _, loops = cold_views(server.base, count)
            out[f"view after a one-row edit, {count} rows: p50 ms"] = p50
            # The server's CPU over the loop holds the edit's post, the JSON read and the view.
            out[f"edit + JSON read + view, {count} rows: server CPU ms"] = (server.cpu_ms() - before) / loops
        csrf, cookie = session(server.base)
        result = edits_run(edits_load(server.base, csrf, cookie))
        out["durable edits/s (c=16)"] = result[4][0] / float(DURATION.rstrip("s"))
        out["durable edits p99 ms"] = result[2]
        for mode in ("shared", "own"):
            result = wrk(f"{server.base}/", threads=16, connections=16, script=ROOT / "bench" / "adds.lua",
                         args=adds_arguments(server.base, csrf, cookie, mode))
            out[f"adds/s, 16 editors, {'one list' if mode == 'shared' else '16 lists'}"] = result[4][0] / float(DURATION.rstrip("s"))
    finally:
        server.stop()
    return out


def main():
    old, new = sys.argv[1], sys.argv[2]
    folder = Path(tempfile.mkdtemp(prefix="tablestack-ab-"))
    try:
        write_fixtures(folder)
        results = {"old": [], "new": []}
        for turn in range(RUNS):
            for name, binary in (("old", old), ("new", new)):
                results[name].append(figures(binary, folder, f"{name}-{turn}"))
                print(f"turn {turn} {name}: {results[name][-1]}", file=sys.stderr)
        print(f"\n{'figure':<52} {'old':>10} {'new':>10} {'new/old':>8}")
        for key in results["old"][0]:
            a = statistics.median(r[key] for r in results["old"])
            b = statistics.median(r[key] for r in results["new"])
            print(f"{key:<52} {a:>10.2f} {b:>10.2f} {b / a if a else 0:>8.2f}")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
