"""The bench's PostgreSQL figures: a throwaway cluster of its own, two servers on one database."""
import json
import os
import shutil
import statistics
import subprocess
import time
import urllib.request

from loads import Server, edits_load, edits_run, free_port, median_of, parallel_wrk, session
from settings import DURATION, ROOT, RUNS


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
