#!/usr/bin/env python3
"""Instructions per warm page: python3 bench/warm_instructions.py BINARY [ROWS] [REQUESTS] [--cookie]

Serves the bench's fixtures under valgrind's callgrind, asks for the indexed list of ROWS rows
(100 by default) over one kept connection without cookies, as wrk does (or, with --cookie, with
the session cookie the first answer set, as a returning browser does), and counts the server's
instructions for REQUESTS requests (1,000 by default) after 50 to warm up. callgrind counts the
same for the same binary and requests whatever else the machine does, so two builds compare
without taking turns. It counts user space only (the kernel's sends are not in it), and cannot
read the debug information of the static release binary, so it counts a copy without it.
Needs valgrind (`apt-get install valgrind`).
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
    arguments = [argument for argument in sys.argv[1:] if argument != "--cookie"]
    with_cookie = "--cookie" in sys.argv[1:]
    binary = arguments[0]
    rows = arguments[1] if len(arguments) > 1 else "100"
    requests = int(arguments[2]) if len(arguments) > 2 else 1000
    folder = Path(tempfile.mkdtemp(prefix="tablestack-instructions-"))
    stripped = folder / "tablestack"
    subprocess.run(["objcopy", "--strip-debug", binary, str(stripped)], check=True)
    run.write_fixtures(folder)
    db = folder / "bench.sqlite"
    subprocess.run([binary, "import", "--replace", "--db", str(db), str(folder / "data.json")], check=True, capture_output=True)
    port = run.free_port()
    counts = folder / "callgrind.out"
    root = Path(__file__).resolve().parent.parent
    server = subprocess.Popen(["valgrind", "--tool=callgrind", f"--callgrind-out-file={counts}", str(stripped), "serve",
                               "--app", str(folder / "serve.yaml"), "--db", str(db), "--port", str(port),
                               "--templates", str(root / "Templates"), "--public", str(root / "Public"), "--log-level", "notice"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
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
        path = f"/indexed-{rows}/"
        headers = {}
        for _ in range(50):
            connection.request("GET", path, headers=headers)
            answer = connection.getresponse()
            answer.read()
            if with_cookie and not headers:
                headers = {"Cookie": answer.getheader("Set-Cookie").split(";")[0]}
        subprocess.run(["callgrind_control", "--zero", str(server.pid)], check=True, capture_output=True)
        for _ in range(requests):
            connection.request("GET", path, headers=headers)
            answer = connection.getresponse()
            answer.read()
            if answer.status != 200:
                raise SystemExit(f"{path} answered {answer.status}")
        subprocess.run(["callgrind_control", "--dump", str(server.pid)], check=True, capture_output=True)
    finally:
        server.terminate()
        server.wait()
    dump = sorted(glob.glob(str(counts) + ".*"))[0]
    total = int(re.search(r"^(?:summary|totals): (\d+)", Path(dump).read_text(), re.M).group(1))
    visitor = "with a session cookie" if with_cookie else "without cookies"
    print(f"{path}: {total / requests / 1000:.1f} k instructions per warm request {visitor} (user space, {requests} requests; "
          f"profile: callgrind_annotate {dump})")


if __name__ == "__main__":
    main()
