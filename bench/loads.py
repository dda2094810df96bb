"""A TableStack server for the bench, and the loads run against it with wrk or one request at a
time: sessions, revisions, durable edits, adds, cold views."""
import json
import os
import re
import resource
import socket
import statistics
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from settings import DURATION, ROOT


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    def __init__(self, binary, folder, app, db, extra=()):
        self.port = free_port()
        self.process = subprocess.Popen([binary, "serve", "--port", str(self.port), "--app", str(app), "--db", str(db),
                                         "--templates", str(ROOT / "Templates"), "--public", str(ROOT / "Public"),
                                         # nginx below runs with access_log off; the same here.
                                         "--log-level", "notice", *extra],
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        deadline = time.time() + 60
        while time.time() < deadline:
            line = self.process.stdout.readline()
            if "Press Ctrl-C" in line:
                break
        self.base = f"http://127.0.0.1:{self.port}"

    def peak_rss_mb(self):
        status = Path(f"/proc/{self.process.pid}/status").read_text()
        return int(re.search(r"VmHWM:\s+(\d+)", status).group(1)) / 1024

    def cpu_ms(self):
        """The CPU the server has used so far, user and system, in ms (from /proc)."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=30)


def finished_children_cpu_ms():
    """The CPU used so far, user and system, in ms, by this process's children that have ended
    (each `wrk` once it returns; a server still running is not among them)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (usage.ru_utime + usage.ru_stime) * 1000


def wrk(url, threads=2, connections=16, script=None, args=()):
    command = ["wrk", f"-t{threads}", f"-c{connections}", f"-d{DURATION}", "--latency", "--timeout", "10s"]
    if script:
        command += ["-s", str(script)]
    command.append(url)
    if args:
        command += ["--"] + list(args)
    result = subprocess.run(command, capture_output=True, text=True, timeout=120)
    output = result.stdout
    if script is None and "Non-2xx or 3xx responses" in output:
        raise SystemExit(f"bench: {url} answered with errors under load, so its figures mean nothing:\n{output}")
    found = re.search(r"Requests/sec:\s+([\d.]+)", output)
    if not found:
        raise SystemExit(f"bench: wrk against {url} gave no figures:\n{output}{result.stderr}")
    rate = float(found.group(1))

    def latency(label):
        match = re.search(rf"\s{label}%\s+([\d.]+)(us|ms|s)", output)
        value, unit = float(match.group(1)), match.group(2)
        return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value

    edits = re.search(r"EDITS (\d+) REFUSED (\d+)", output)
    return rate, latency("50"), latency("99"), output, (int(edits.group(1)), int(edits.group(2))) if edits else None


def median_of(runs, index):
    return statistics.median(run[index] for run in runs)


def parallel_wrk(loads, script=None):
    """Runs one wrk per (url, threads, connections[, args]) at the same time; their results in order."""
    with ThreadPoolExecutor(len(loads)) as pool:
        futures = [pool.submit(wrk, load[0], load[1], load[2], script, load[3] if len(load) > 3 else ()) for load in loads]
        return [future.result() for future in futures]


def session(base):
    response = urllib.request.urlopen(base + "/groups/group-1/?editing=1")
    cookie = response.headers["Set-Cookie"].split(";")[0]
    csrf = re.search(r'name="csrf" value="([^"]+)"', response.read().decode()).group(1)
    return csrf, cookie


def revision(base, cookie, path):
    """The revision of the page at `path`, as its JSON twin gives it: what a post from it carries."""
    return json.loads(urllib.request.urlopen(urllib.request.Request(
        base + path, headers={"Accept": "application/json", "Cookie": cookie})).read())["revision"]


def group_revisions(base, cookie, numbers):
    """The revisions of the bench's groups `numbers`, in order."""
    return [revision(base, cookie, f"/groups/group-{number}/") for number in numbers]


def edits_load(base, csrf, cookie, threads=2, connections=16, offset=0):
    """A run of `edits.lua` as `parallel_wrk` takes it: the URL, wrk's threads and connections, and
    the script's arguments with the same thread count and a list a connection (the groups after
    group-`offset`), their revisions read before the run."""
    return (f"{base}/", threads, connections,
            (csrf, cookie, str(offset), str(threads), *group_revisions(base, cookie, range(offset + 1, offset + connections + 1))))


def edits_run(load):
    """Runs `edits.lua` as `load` (from `edits_load`) says; `wrk`'s result."""
    url, threads, connections, args = load
    return wrk(url, threads=threads, connections=connections, script=ROOT / "bench" / "edits.lua", args=args)


def costed_edits_run(server, csrf, cookie):
    """One run of the durable-edit load on `server` (`edits_load`'s defaults): `wrk`'s result, and
    the server's and wrk's CPU per acknowledged edit in µs. On two cores both share, the rate is
    bounded by the two costs together; they tell a costlier edit from a slower machine."""
    server_before, client_before = server.cpu_ms(), finished_children_cpu_ms()
    result = edits_run(edits_load(server.base, csrf, cookie))
    made = max(result[4][0], 1)
    return result, (server.cpu_ms() - server_before) * 1000 / made, (finished_children_cpu_ms() - client_before) * 1000 / made


def adds_arguments(base, csrf, cookie, mode):
    """`adds.lua`'s arguments, with the revision of each list its threads post to, read here
    before the run. Read by its sixteen threads, inside the measured seconds, a list of tens of
    thousands of rows sent as JSON sixteen times takes time from the adds: more with every run
    (the shared list grows by some 50,000 rows a run) and more for one long list than for
    sixteen short ones."""
    return (csrf, cookie, mode, *group_revisions(base, cookie, [1] if mode == "shared" else range(1, 17)))


def cold_views(base, count):
    """Page views with a one-row edit before each: one client, sequential, latency of the views only."""
    csrf, cookie = session(base)
    key = f"r{count}-1"
    latencies = []
    deadline = time.time() + float(DURATION.rstrip("s"))
    number = 0
    opener = urllib.request.build_opener(NoRedirect)
    while time.time() < deadline:
        token = revision(base, cookie, f"/indexed-{count}/{key}/")
        number += 1
        body = urllib.parse.urlencode({"csrf": csrf, "revision": token, "name": f"Bravo {number}", "number": str(number)}).encode()
        try:
            opener.open(urllib.request.Request(f"{base}/indexed-{count}/{key}/_/save", data=body, headers={"Cookie": cookie}))
        except urllib.error.HTTPError:
            pass
        started = time.perf_counter()
        urllib.request.urlopen(urllib.request.Request(f"{base}/indexed-{count}/", headers={"Cookie": cookie})).read()
        latencies.append((time.perf_counter() - started) * 1000)
    latencies.sort()
    return (1000 / statistics.mean(latencies), statistics.median(latencies), latencies[int(len(latencies) * 0.99) - 1], len(latencies))


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None
