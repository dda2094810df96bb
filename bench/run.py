#!/usr/bin/env python3
"""make bench: measures TableStack the same way every time and prints one table of figures.

Every load runs on 127.0.0.1 only, is bounded in time, and stops by itself. Figures are the
median of several runs. No pass or fail: the targets are printed beside the figures.
"""
import argparse
import json
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import live

ROOT = Path(__file__).resolve().parents[1]
RUNS = int(os.environ.get("BENCH_RUNS", "3"))
# Re-exports after a change are a tenth of a second each and swing with the minute (a page's write
# into fresh page cache alone took 1 to 35 ms): their median is taken over more turns than RUNS.
CHANGE_TURNS = int(os.environ.get("BENCH_CHANGE_TURNS", "9"))
DURATION = os.environ.get("BENCH_DURATION", "5s")
WORDS = ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel", "India", "Juliett", "Kilo", "Lima"]


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def rows(count, prefix):
    return [{"key": f"{prefix}-{n}", "name": f"{WORDS[n % len(WORDS)]} {n}", "number": n} for n in range(count)]


def write_fixtures(folder: Path):
    data = {f"list-{n}": rows(n, f"r{n}") for n in (100, 1000, 10000, 100000)}
    data["groups"] = [{"key": f"group-{g}", "name": f"Group {g}",
                       "items": [{"key": f"group-{g}-{i}", "name": f"Item {i}", "checked": False} for i in range(10)]}
                      for g in range(1, 17)]
    (folder / "data.json").write_text(json.dumps(data))
    cells = "\n".join(f"          - {{ key: indexed-{n}, text: Indexed {n}, push: indexed-{n} }}" for n in (100, 1000, 10000))
    scenes = "\n".join(f"""  indexed-{n}:
    title: Indexed {n}
    list: list-{n}
    index: {{ by: name, locale: en_US }}
    cell: {{ text: "{{name}}", detail: "{{number}}", style: subtitle }}
    push: detail""" for n in (100, 1000, 10000))
    (folder / "serve.yaml").write_text(f"""title: Bench
root: home
scenes:
  home:
    title: Bench
    style: grouped
    sections:
      - cells:
{cells}
          - {{ key: plain-100000, text: Plain 100000, push: plain-100000 }}
          - {{ key: groups, text: Groups, push: groups }}
{scenes}
  plain-100000:
    title: Plain 100000
    list: list-100000
    cell: {{ text: "{{name}}", detail: "{{number}}", style: value1 }}
  detail:
    title: "{{name}}"
    style: grouped
    detail:
      editable: true
      sections:
        - fields:
            - {{ attribute: name, label: Name, type: text }}
            - {{ attribute: number, label: Number, type: number }}
  groups:
    title: Groups
    list: groups
    cell: {{ text: "{{name}}" }}
    push: group
    info: choose
  group:
    title: "{{name}}"
    list: items
    cell: {{ text: "{{name}}" }}
    editing: {{ rows: delete }}
    moves: {{}}
    add:
      fields:
        - {{ attribute: name, label: Name, type: text, required: true }}
  choose:
    title: "{{name}}"
    list: items
    cell: {{ text: "{{name}}" }}
    selection: {{ mode: inclusive, attribute: checked }}
""")
    (folder / "export-data.json").write_text(json.dumps({"items": rows(10000, "e")}))
    (folder / "export.yaml").write_text("""title: Export
root: items
scenes:
  items:
    title: Items
    list: items
    index: { by: name, locale: en_US }
    cell: { text: "{name}", detail: "{number}", style: subtitle }
    push: item
  item:
    title: "{name}"
    style: grouped
    detail:
      sections:
        - fields:
            - { attribute: name, label: Name, type: text }
            - { attribute: number, label: Number, type: number }
""")


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

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=30)


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


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=str(ROOT / ".build" / "release" / "tablestack"))
    options = parser.parse_args()
    binary = options.binary
    folder = Path(tempfile.mkdtemp(prefix="tablestack-bench-"))
    figures = []

    def add(section, name, value, unit, target=""):
        figures.append((section, name, value, unit, target))
        print(f"  {section}: {name} = {value:.2f} {unit}", file=sys.stderr)

    try:
        write_fixtures(folder)
        db = folder / "serve.sqlite"
        subprocess.run([binary, "import", "--replace", "--db", str(db), str(folder / "data.json")], check=True, capture_output=True)
        server = Server(binary, folder, folder / "serve.yaml", db)
        nginx_root = folder / "nginx"
        nginx_root.mkdir()
        # nginx's workers run as an unprivileged user: the folders must be readable to them, or
        # every request is a 403 and the comparison is meaningless.
        folder.chmod(0o755)
        nginx_root.chmod(0o755)
        nginx_port = free_port()
        conf = folder / "nginx.conf"
        conf.write_text(f"""worker_processes 2; pid {folder}/nginx.pid; error_log {folder}/nginx-error.log; daemon off;
events {{ worker_connections 1024; }}
http {{ access_log off; sendfile on; tcp_nopush on; keepalive_requests 100000;
  server {{ listen 127.0.0.1:{nginx_port}; root {nginx_root}; default_type text/html; }} }}""")
        nginx = subprocess.Popen(["nginx", "-c", str(conf), "-p", str(folder)], stderr=subprocess.DEVNULL)
        time.sleep(0.5)
        try:
            # 1. Page serving under load, warm and cold, beside nginx serving the same bytes. The
            # two are measured in turns (ours, nginx, ours, …) so that both see the same machine,
            # and the ratio is the median of each pair's ratio.
            for count in (100, 1000, 10000):
                url = f"{server.base}/indexed-{count}/"
                body = urllib.request.urlopen(url).read()
                (nginx_root / f"page-{count}.html").write_bytes(body)
                nginx_url = f"http://127.0.0.1:{nginx_port}/page-{count}.html"
                if urllib.request.urlopen(nginx_url).read() != body:
                    raise SystemExit(f"bench: nginx does not serve the page of {count} rows as written")
                warm, static = [], []
                for _ in range(RUNS):
                    warm.append(wrk(url))
                    static.append(wrk(nginx_url))
                section = f"1. indexed {count} rows"
                add(section, "warm requests/s", median_of(warm, 0), "req/s")
                add(section, "warm p50 / p99 latency", median_of(warm, 1), "ms", f"p99 {median_of(warm, 2):.2f} ms")
                add(section, "nginx requests/s (same bytes, in turns with the above)", median_of(static, 0), "req/s")
                add(section, "TableStack / nginx", statistics.median(ours[0] / theirs[0] for ours, theirs in zip(warm, static)), "ratio",
                    {100: "target ≥ 0.5", 1000: "target ≥ 0.7"}.get(count, ""))
                cold = cold_views(server.base, count)
                add(section, "cold views/s (one-row edit before each)", cold[0], "views/s")
                add(section, "cold p50 / p99 latency", cold[1], "ms", f"p99 {cold[2]:.2f} ms")
        except BaseException:
            server.stop()
            raise
        finally:
            nginx.terminate()
            nginx.wait(timeout=10)
        try:
            # 3. A 100,000-row list, on a server of its own so that its peak RSS is the list's:
            # time to first byte, total time. Long lists are sent as they are read; plain views
            # render every row every time, gzip views (what browsers ask for) are kept compressed
            # after the first.
            big = Server(binary, folder, folder / "serve.yaml", db)
            try:
                def views(*headers):
                    timings = []
                    for _ in range(RUNS + 1):
                        command = ["curl", "-s", "-o", "/dev/null", "-w", "%{time_starttransfer} %{time_total}"]
                        for header in headers:
                            command += ["-H", header]
                        out = subprocess.run(command + [f"{big.base}/plain-100000/"], capture_output=True, text=True,
                                             timeout=600).stdout.split()
                        timings.append((float(out[0]) * 1000, float(out[1]) * 1000))
                    return timings
                timings = views()
                add("3. 100,000-row list", "first view: time to first byte", timings[0][0], "ms", "target < 50 ms")
                add("3. 100,000-row list", "first view: total time", timings[0][1], "ms")
                add("3. 100,000-row list", "later views: time to first byte", statistics.median(t[0] for t in timings[1:]), "ms",
                    "target < 50 ms")
                add("3. 100,000-row list", "later views: total time", statistics.median(t[1] for t in timings[1:]), "ms")
                add("3. 100,000-row list", "server peak RSS", big.peak_rss_mb(), "MB", "target < 150 MB")
                zipped = views("Accept-Encoding: gzip")
                add("3. 100,000-row list", "gzip: first view, total time", zipped[0][1], "ms")
                add("3. 100,000-row list", "gzip: later views, total time (kept compressed)",
                    statistics.median(t[1] for t in zipped[1:]), "ms")
                add("3. 100,000-row list", "server peak RSS, gzip page kept too", big.peak_rss_mb(), "MB")
            finally:
                big.stop()

            # 4. Durable edits at concurrency 16.
            csrf, cookie = session(server.base)
            runs = [edits_run(edits_load(server.base, csrf, cookie)) for _ in range(RUNS)]
            seconds = float(DURATION.rstrip("s"))
            add("4. durable edits (c=16)", "acknowledged edits/s (insert, delete, move, select)",
                statistics.median(r[4][0] / seconds for r in runs), "edits/s", "target ≥ 10,000")
            add("4. durable edits (c=16)", "refused posts per run", statistics.median(r[4][1] for r in runs), "posts")
            add("4. durable edits (c=16)", "p99 latency", median_of(runs, 2), "ms", "target < 10 ms")

            # 4b. Many editors at once: sixteen adding to one list, against sixteen adding to a
            # list each (an add never conflicts with another, so both should go alike).
            for mode, label in (("shared", "16 editors adding to one list"), ("own", "16 editors adding to 16 lists")):
                runs = [wrk(f"{server.base}/", threads=16, connections=16, script=ROOT / "bench" / "adds.lua",
                            args=adds_arguments(server.base, csrf, cookie, mode))
                        for _ in range(RUNS)]
                add("4. durable edits (c=16)", f"{label}: acknowledged adds/s", statistics.median(r[4][0] / seconds for r in runs), "adds/s")
                add("4. durable edits (c=16)", f"{label}: refused adds per run", statistics.median(r[4][1] for r in runs), "posts",
                    "target 0" if mode == "shared" else "")
            shared = next(f for f in figures if f[1].startswith("16 editors adding to one list: ack"))[2]
            own = next(f for f in figures if f[1].startswith("16 editors adding to 16 lists: ack"))[2]
            add("4. durable edits (c=16)", "adds/s to one list ÷ adds/s to 16 lists", shared / own, "×", "target ≥ 0.8")

            # 8. Live pages: 100 subscribers on the 100-row list, one row renamed 40 times.
            p50, p99, p50_answered, received = live.delivery(server.base)
            add("8. live pages (100 subscribers)", "commit to delivery, from the post: p50", p50, "ms", f"p99 {p99:.2f} ms")
            add("8. live pages (100 subscribers)", "delivery after the post was answered: p50", p50_answered, "ms")
            add("8. live pages (100 subscribers)", "events delivered (of 4,000)", received, "events")
        finally:
            server.stop()

        # 7. PostgreSQL: two servers on one database in a throwaway cluster of the bench's own.
        postgresql_figures(binary, folder, add)

        # 5. Export of 10,000 detail pages plus the list.
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
            added = folder / f"export-add-{turn}.json"
            added.write_text(json.dumps({"items": [{"key": f"added-{turn}", "name": f"Added {turn}", "number": turn}]}))
            subprocess.run([binary, "import", "--db", str(export_db), str(added)], check=True, capture_output=True)
            after_change.append(export_into(last))
        made = sorted({m for _, _, m in after_change}, key=lambda m: -1 if m is None else m)
        times = sorted(t for t, _, _ in after_change)
        add("5. export", "re-export after one item was added (the whole command)", statistics.median(times), "ms",
            f"target < 100 ms; median of {len(times)}, {times[0]:.1f} to {times[-1]:.1f} ms; pages made again: "
            + ", ".join("all" if m is None else str(m) for m in made))
        add("5. export", "peak RSS", statistics.median(rss), "MB")
        add("5. export", "filesystem alone: 10,001 folders + files, nothing rendered", statistics.median(
            filesystem_floor(folder / f"floor-{run}", 10001, size=3000) for run in range(RUNS)), "pages/s", "the ceiling here")

        # 2 and 6. In-process timings: render CPU, template and page validation.
        internals = json.loads(subprocess.run([binary, "bench-internals", "--templates", str(ROOT / "Templates")],
                                              capture_output=True, text=True, check=True, timeout=600).stdout)
        for count in (1000, 10000):
            add("2. render CPU", f"{count} rows, first render", internals[f"render_first_ms_{count}"], "ms")
            add("2. render CPU", f"{count} rows, after a one-row edit: snapshot → HTML (rows reused)",
                internals[f"render_after_edit_ms_{count}"], "ms", "target < 0.5 ms at 1,000 rows" if count == 1000 else "")
            add("2. render CPU", f"{count} rows, after a one-row edit: data source → snapshot", internals[f"snapshot_after_edit_ms_{count}"], "ms")
            target = {1000: "target < 1.5 ms", 10000: "target < 5 ms"}[count]
            add("2. render CPU", f"{count} rows, after a one-row edit: load + collate + snapshot + render",
                internals[f"resolve_and_render_after_edit_ms_{count}"], "ms", target)
            add("2. render CPU", f"{count} rows, after a rename that moves the row in its section: the same",
                internals[f"resolve_and_render_after_rename_ms_{count}"], "ms", target)
            # The same rows without an index: one section, which an edit changes, so every row is passed over.
            add("2. render CPU", f"{count} rows without an index, after a one-row edit: load + snapshot + render",
                internals[f"plain_resolve_and_render_after_edit_ms_{count}"], "ms", target)
        add("6. validation", "whole Templates folder", internals["template_validation_ms"], "ms")
        add("6. validation", "one page of 1,000 rows: libxml2 + RelaxNG + contract rules", internals["page_validation_ms_1000_rows"], "ms")
        add("6. validation", "one page of 1,000 rows: contract scanner (what an export runs)", internals["page_check_ms_1000_rows"], "ms")
    finally:
        shutil.rmtree(folder, ignore_errors=True)

    print(f"\nTableStack benchmarks — {os.cpu_count()} cores, median of {RUNS} runs, wrk {DURATION} per run, 127.0.0.1 only\n")
    print(f"{'figure':<66} {'value':>12}  {'unit':<9} note")
    print("-" * 110)
    section = None
    for name_section, name, value, unit, note in figures:
        if name_section != section:
            section = name_section
            print(section)
        print(f"  {name:<64} {value:>12.2f}  {unit:<9} {note}")


class PostgresCluster:
    """A throwaway PostgreSQL cluster (Debian's programs, as the tests start one): a folder of
    its own, a loopback port, fsync and synchronous commits on, stopped by `stop`."""

    def __init__(self, folder):
        versions = sorted(int(v) for v in os.listdir("/usr/lib/postgresql") if v.isdigit()) if os.path.isdir("/usr/lib/postgresql") else []
        if not versions:
            raise SystemExit("bench: PostgreSQL is not installed (make bench installs Debian's postgresql)")
        self.programs = f"/usr/lib/postgresql/{versions[-1]}/bin"
        self.folder = folder
        self.port = free_port()
        self.run_as = ["runuser", "-u", "postgres", "--"] if os.getuid() == 0 else []
        folder.mkdir()
        if os.getuid() == 0:
            shutil.chown(folder, "postgres", "postgres")
            folder.parent.chmod(0o755)
        subprocess.run(self.run_as + [f"{self.programs}/initdb", "-D", str(folder), "-A", "trust", "-U", "tablestack", "--locale=C.UTF-8"],
                       check=True, capture_output=True)
        subprocess.run(self.run_as + [f"{self.programs}/pg_ctl", "-D", str(folder), "-l", str(folder / "log"), "-w", "-o",
                                      f"-p {self.port} -k {folder} -c listen_addresses=127.0.0.1 -c max_connections=200", "start"],
                       check=True, capture_output=True, stdin=subprocess.DEVNULL)

    def create(self, name):
        subprocess.run([f"{self.programs}/createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "tablestack", name], check=True)
        return f"postgresql://tablestack@127.0.0.1:{self.port}/{name}"

    def transactions(self, name):
        """Statements and transactions the database has run so far (pg_stat_database)."""
        output = subprocess.run(["psql", "-h", "127.0.0.1", "-p", str(self.port), "-U", "tablestack", "-d", name, "-tAc",
                                 f"SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = '{name}'"],
                                capture_output=True, text=True, check=True).stdout
        return int(output.strip())

    def stop(self):
        subprocess.run(self.run_as + [f"{self.programs}/pg_ctl", "-D", str(self.folder), "-m", "fast", "-w", "stop"], capture_output=True)


def postgresql_figures(binary, folder, add):
    """Two servers on one PostgreSQL database: warm pages on both at once, queries per warm
    page, durable edits through one server and through both."""
    section = "7. PostgreSQL, two servers"
    cluster = PostgresCluster(folder / "postgresql")
    servers = []
    try:
        url = cluster.create("bench")
        data = json.loads((folder / "data.json").read_text())
        small = {name: value for name, value in data.items() if name in ("list-100", "list-1000", "groups")}
        (folder / "pg-data.json").write_text(json.dumps(small))
        subprocess.run([binary, "import", "--replace", "--db", url, str(folder / "pg-data.json")], check=True, capture_output=True)
        secret = folder / "secret"
        secret.write_bytes(os.urandom(48))
        for _ in range(2):
            server = Server(binary, folder, folder / "serve.yaml", url, ["--secret-file", str(secret)])
            servers.append(server)
        for count in (100, 1000):
            urls = [f"{server.base}/indexed-{count}/" for server in servers]
            for page in urls:
                urllib.request.urlopen(page).read()
            before = cluster.transactions("bench")
            runs = []
            for _ in range(RUNS):
                # Both servers under load at once, each from a wrk of its own.
                results = parallel_wrk([(page, 1, 8) for page in urls])
                runs.append((sum(r[0] for r in results), max(r[2] for r in results)))
            time.sleep(1.5)  # PostgreSQL publishes its counters within a second of a transaction
            queries = cluster.transactions("bench") - before - 1
            requests = sum(runs[i][0] for i in range(len(runs))) * float(DURATION.rstrip("s"))
            add(section, f"warm {count}-row page, both servers: requests/s", statistics.median(r[0] for r in runs), "req/s")
            add(section, f"warm {count}-row page: p99 latency (worse server)", statistics.median(r[1] for r in runs), "ms")
            add(section, f"warm {count}-row page: database queries per request", max(queries, 0) / requests, "queries", "target 0")
        csrf, cookie = session(servers[0].base)
        seconds = float(DURATION.rstrip("s"))
        one = [edits_run(edits_load(servers[0].base, csrf, cookie)) for _ in range(RUNS)]
        add(section, "durable edits/s, 16 editors on one server", statistics.median(r[4][0] / seconds for r in one), "edits/s")
        add(section, "  refused posts per run", statistics.median(r[4][1] for r in one), "posts")
        add(section, "  p99 latency", median_of(one, 2), "ms")
        both = []
        for _ in range(RUNS):
            results = parallel_wrk([edits_load(servers[0].base, csrf, cookie, connections=8, offset=0),
                                    edits_load(servers[1].base, csrf, cookie, connections=8, offset=8)],
                                   script=ROOT / "bench" / "edits.lua")
            both.append((sum(r[4][0] for r in results) / seconds, sum(r[4][1] for r in results), max(r[2] for r in results)))
        add(section, "durable edits/s, 8 editors on each server", statistics.median(r[0] for r in both), "edits/s")
        add(section, "  refused posts per run", statistics.median(r[1] for r in both), "posts")
        add(section, "  p99 latency (worse server)", statistics.median(r[2] for r in both), "ms")
    finally:
        for server in servers:
            server.stop()
        cluster.stop()


def parallel_wrk(loads, script=None):
    """Runs one wrk per (url, threads, connections[, args]) at the same time; their results in order."""
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(len(loads)) as pool:
        futures = [pool.submit(wrk, load[0], load[1], load[2], script, load[3] if len(load) > 3 else ()) for load in loads]
        return [future.result() for future in futures]


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


if __name__ == "__main__":
    import urllib.parse  # noqa: F401 - used above
    main()
