#!/usr/bin/env python3
"""Instructions per durable edit: python3 bench/edit_instructions.py BINARY [SECONDS]

Serves the bench's fixtures under valgrind's callgrind (see `callgrind.py`), runs
`bench/edits.lua` (adds, deletes, moves and selections, each acknowledged only once durable) with
wrk for 5 s to warm up, then for SECONDS (20 by default) while callgrind counts, and prints the
server's instructions per acknowledged edit. Under valgrind the server runs one thread at a time
and far slower, so its commit groups are smaller than under `make bench`: the count is for
comparing two builds, not a prediction of the rate. Needs wrk too (`make bench-deps`).
"""
import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from loads import edits_load, session  # noqa: E402  (the bench's session and edit load)
from callgrind import ROOT, counted_server  # noqa: E402


def main():
    binary = sys.argv[1]
    seconds = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    with counted_server(binary, "tablestack-edit-instructions-") as server:
        csrf, cookie = session(server.base)

        def edits(duration):
            url, threads, connections, args = edits_load(server.base, csrf, cookie, threads=4, connections=4)
            output = subprocess.run(["wrk", f"-t{threads}", f"-c{connections}", f"-d{duration}s", "-s", str(ROOT / "bench" / "edits.lua"),
                                     url, "--", *args], capture_output=True, text=True, timeout=duration + 120).stdout
            found = re.search(r"EDITS (\d+) REFUSED (\d+)", output)
            if not found:
                raise SystemExit(f"wrk printed no edit count:\n{output}")
            return int(found.group(1)), int(found.group(2))

        edits(5)
        server.zero()
        made, refused = edits(seconds)
        dump, total = server.dump()
    if made == 0:
        raise SystemExit("no edit was acknowledged")
    print(f"{made} edits acknowledged ({refused} refused): {total / made / 1000:.1f} k instructions per edit "
          f"(user space; profile: callgrind_annotate {dump})")


if __name__ == "__main__":
    main()
