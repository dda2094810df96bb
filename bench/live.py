"""Live pages under load: many subscribers on one list, one editor; how long each commit takes to
reach every subscriber. Used by bench/run.py; runs on 127.0.0.1 only and stops by itself."""
import json
import re
import selectors
import socket
import statistics
import time
import urllib.parse
import urllib.request


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def _subscribe(port, path):
    connection = socket.create_connection(("127.0.0.1", port))
    connection.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n\r\n".encode())
    connection.setblocking(False)
    return connection


def delivery(base, subscribers=100, edits=40, list_path="/indexed-100/", row="r100-1"):
    """Opens `subscribers` streams of `list_path`, renames `row` `edits` times one after another,
    and times each commit's arrival at every subscriber, from the moment its post was sent.
    Returns (p50 ms, p99 ms, p50 ms after the post was answered, events received)."""
    port = int(urllib.parse.urlparse(base).port)
    response = urllib.request.urlopen(f"{base}{list_path}{row}/?editing=1")
    cookie = response.headers["Set-Cookie"].split(";")[0]
    csrf = re.search(r'name="csrf" value="([^"]+)"', response.read().decode()).group(1)
    selector = selectors.DefaultSelector()
    streams = []
    for _ in range(subscribers):
        connection = _subscribe(port, list_path + "_live")
        streams.append({"socket": connection, "text": ""})
        selector.register(connection, selectors.EVENT_READ, streams[-1])

    def read_until(predicate, deadline):
        while time.perf_counter() < deadline and not predicate():
            for key, _ in selector.select(timeout=0.05):
                try:
                    chunk = key.fileobj.recv(65536)
                except BlockingIOError:
                    continue
                if chunk:
                    key.data["text"] += chunk.decode(errors="replace")
                    key.data["at"] = time.perf_counter()

    read_until(lambda: all("retry:" in s["text"] for s in streams), time.perf_counter() + 10)
    opener = urllib.request.build_opener(_NoRedirect)
    after_post, after_answer, received = [], [], 0
    try:
        for number in range(edits):
            token = json.loads(urllib.request.urlopen(urllib.request.Request(
                f"{base}{list_path}{row}/", headers={"Accept": "application/json", "Cookie": cookie})).read())["revision"]
            name = f"Live {number} {time.time_ns()}"
            body = urllib.parse.urlencode({"csrf": csrf, "revision": token, "name": name, "number": str(number)}).encode()
            for stream in streams:
                stream["text"] = ""
                stream.pop("at", None)
            sent = time.perf_counter()
            try:
                opener.open(urllib.request.Request(f"{base}{list_path}{row}/_/save", data=body, headers={"Cookie": cookie}))
            except urllib.error.HTTPError:
                pass
            answered = time.perf_counter()
            read_until(lambda: all(name in s["text"] for s in streams), sent + 10)
            for stream in streams:
                if name in stream["text"]:
                    received += 1
                    after_post.append((stream["at"] - sent) * 1000)
                    after_answer.append(max(0.0, stream["at"] - answered) * 1000)
    finally:
        for stream in streams:
            stream["socket"].close()
    after_post.sort()
    if not after_post:
        return float("nan"), float("nan"), float("nan"), 0
    return (statistics.median(after_post), after_post[max(0, int(len(after_post) * 0.99) - 1)],
            statistics.median(after_answer), received)
