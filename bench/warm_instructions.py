#!/usr/bin/env python3
"""Instructions per warm page: python3 bench/warm_instructions.py BINARY [ROWS] [REQUESTS] [--cookie]

Serves the bench's fixtures under valgrind's callgrind (see `callgrind.py`), asks for the
indexed list of ROWS rows (100 by default) over one kept connection without cookies, as wrk does
(or, with --cookie, with the session cookie the first answer set, as a returning browser does),
and counts the server's instructions for REQUESTS requests (1,000 by default) after 50 to warm up.
"""
import http.client
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from callgrind import counted_server  # noqa: E402


def main():
    arguments = [argument for argument in sys.argv[1:] if argument != "--cookie"]
    with_cookie = "--cookie" in sys.argv[1:]
    binary = arguments[0]
    rows = arguments[1] if len(arguments) > 1 else "100"
    requests = int(arguments[2]) if len(arguments) > 2 else 1000
    with counted_server(binary, "tablestack-instructions-") as server:
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
        path = f"/indexed-{rows}/"
        headers = {}
        for _ in range(50):
            connection.request("GET", path, headers=headers)
            answer = connection.getresponse()
            answer.read()
            if with_cookie and not headers:
                headers = {"Cookie": answer.getheader("Set-Cookie").split(";")[0]}
        server.zero()
        for _ in range(requests):
            connection.request("GET", path, headers=headers)
            answer = connection.getresponse()
            answer.read()
            if answer.status != 200:
                raise SystemExit(f"{path} answered {answer.status}")
        dump, total = server.dump()
    visitor = "with a session cookie" if with_cookie else "without cookies"
    print(f"{path}: {total / requests / 1000:.1f} k instructions per warm request {visitor} (user space, {requests} requests; "
          f"profile: callgrind_annotate {dump})")


if __name__ == "__main__":
    main()
