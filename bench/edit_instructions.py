#!/usr/bin/env python3
"""Instructions per durable edit: python3 bench/edit_instructions.py BINARY [SECONDS]

Serves the bench's fixtures under valgrind's callgrind, runs `bench/edits.lua` (adds, deletes,
moves and selections, each acknowledged only once durable) with wrk for 5 s to warm up, then for
SECONDS (20 by default) while callgrind counts, and prints the server's instructions per
acknowledged edit. Under valgrind the server runs one thread at a time and far slower, so its
commit groups are smaller than under `make bench`: the count is for comparing two builds, not a
prediction of the rate. User space only; like `warm_instructions.py` it counts a copy of the
binary without its debug information. Needs valgrind and wrk (`make bench-deps`).
"""
import glob
import http.client
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import run  # noqa: E402  (the bench's fixtures)


def main():
    binary = sys.argv[1]
    seconds = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    root = Path(__file__).resolve().parent.parent
    folder = Path(tempfile.mkdtemp(prefix="tablestack-edit-instructions-"))
    stripped = folder / "tablestack"
    subprocess.run(["objcopy", "--strip-debug", binary, str(stripped)], check=True)
    run.write_fixtures(folder)
    db = folder / "bench.sqlite"
    subprocess.run([binary, "import", "--replace", "--db", str(db), str(folder / "data.json")], check=True, capture_output=True)
    port = run.free_port()
    counts = folder / "callgrind.out"
    server = subprocess.Popen(["valgrind", "--tool=callgrind", f"--callgrind-out-file={counts}", str(stripped), "serve",
                               "--app", str(folder / "serve.yaml"), "--db", str(db), "--port", str(port),
                               "--templates", str(root / "Templates"), "--public", str(root / "Public"), "--log-level", "notice"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + 300
        while True:
            try:
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
                connection.request("GET", "/")
                connection.getresponse().read()
                break
            except OSError:
                if time.time() > deadline:
                    raise SystemExit("the server did not start under valgrind")
                time.sleep(0.2)
        csrf, cookie = run.session(base)

        def edits(duration):
            output = subprocess.run(["wrk", "-t4", "-c4", f"-d{duration}s", "-s", str(root / "bench" / "edits.lua"), base + "/",
                                     "--", csrf, cookie], capture_output=True, text=True, timeout=duration + 120).stdout
            found = re.search(r"EDITS (\d+) REFUSED (\d+)", output)
            if not found:
                raise SystemExit(f"wrk printed no edit count:\n{output}")
            return int(found.group(1)), int(found.group(2))

        edits(5)
        subprocess.run(["callgrind_control", "--zero", str(server.pid)], check=True, capture_output=True)
        made, refused = edits(seconds)
        subprocess.run(["callgrind_control", "--dump", str(server.pid)], check=True, capture_output=True)
    finally:
        server.terminate()
        server.wait()
    dump = sorted(glob.glob(str(counts) + ".*"))[0]
    total = int(re.search(r"^(?:summary|totals): (\d+)", Path(dump).read_text(), re.M).group(1))
    if made == 0:
        raise SystemExit("no edit was acknowledged")
    print(f"{made} edits acknowledged ({refused} refused): {total / made / 1000:.1f} k instructions per edit "
          f"(user space; profile: callgrind_annotate {dump})")


if __name__ == "__main__":
    main()
