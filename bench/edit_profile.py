#!/usr/bin/env python3
"""Where a durable edit's CPU goes: python3 bench/edit_profile.py BINARY

Serves the bench's fixtures as `make bench` does and runs its durable-edit load (`edits.lua`,
sixteen lists at once) to warm up, then three times more, BENCH_DURATION each (5 s by default):
alone, for the server's and wrk's CPU per edit (tracing every system call costs the server a
third more); under `perf stat`, for the context switches and system calls an edit makes (the
kernel's syscall tracepoints); and under `perf record`, for where the server's CPU falls: by
thread, and within each thread by the kernel, SQLite, libc and the server's own code. Every
count is per acknowledged edit. The figures behind docs/performance.md's "Durable edits on
this machine" come from it; instructions, steadier on a noisy machine, come from
`edit_instructions.py`. Needs perf (`apt-get install linux-perf`) and the right to trace another
process's system calls (root, or a low `kernel.perf_event_paranoid`).
"""
import collections
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fixtures import write_fixtures  # noqa: E402  (the bench's fixtures, server and loads)
from loads import Server, costed_edits_run, edits_load, edits_run, session  # noqa: E402

# The system calls an edit's path makes: the request and its answer, wake-ups between threads,
# the commit's WAL writes and sync, the pages the writer reads.
SYSCALLS = ("read", "write", "epoll_wait", "futex", "pwrite64", "pread64", "fdatasync")


def measured(server, csrf, cookie, perf):
    """Runs the edit load once with `perf` (a command without its `-p PID`) watching the server;
    the acknowledged edits and perf's stderr."""
    watcher = subprocess.Popen([*perf, "-p", str(server.process.pid)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    # perf takes a moment to attach, and a thread started before it has goes uncounted: the
    # committing thread starts anew with each burst of writes.
    time.sleep(1)
    edits = edits_run(edits_load(server.base, csrf, cookie))[4][0]
    watcher.send_signal(2)  # perf prints what it counted when interrupted
    _, said = watcher.communicate(timeout=120)
    if watcher.returncode not in (0, 130, -2) or edits == 0:
        raise SystemExit(f"edit_profile: perf or the edit load failed ({edits} edits):\n{said}")
    return edits, said


def counts(said):
    """`perf stat -x,`'s counts by event name."""
    found = {}
    for line in said.splitlines():
        fields = line.split(",")
        if len(fields) > 2 and fields[0].replace(".", "").isdigit():
            found[fields[2]] = float(fields[0])
    return found


def samples_by_thread(data):
    """From `perf record`'s file: each thread's samples, by the object they fell in."""
    script = subprocess.run(["perf", "script", "-i", str(data), "-F", "comm,tid,ip,dso"], capture_output=True, text=True, check=True).stdout
    threads = collections.defaultdict(collections.Counter)
    for line in script.splitlines():
        # "COMM TID IP (DSO)", where the thread's name may hold spaces or be empty.
        found = re.match(r"\s*(.*?)\s*(\d+)\s+[0-9a-f]+\s+\((.*)\)\s*$", line)
        if found:
            threads[(found.group(1) or "(no name)", found.group(2))][Path(found.group(3)).name or "?"] += 1
    return threads


def main():
    binary = sys.argv[1]
    with tempfile.TemporaryDirectory(prefix="tablestack-edit-profile-") as folder:
        folder = Path(folder)
        write_fixtures(folder)
        db = folder / "profile.sqlite"
        subprocess.run([binary, "import", "--replace", "--db", str(db), str(folder / "data.json")], check=True, capture_output=True)
        server = Server(binary, folder, folder / "serve.yaml", db)
        try:
            csrf, cookie = session(server.base)
            edits_run(edits_load(server.base, csrf, cookie))
            result, server_us, client_us = costed_edits_run(server, csrf, cookie)
            print(f"{result[4][0]} edits acknowledged alone: the server's CPU {server_us:.1f} µs an edit, wrk's {client_us:.1f} µs")
            events = ["context-switches", *(f"syscalls:sys_enter_{name}" for name in SYSCALLS)]
            edits, said = measured(server, csrf, cookie, ["perf", "stat", "-x,", "-e", ",".join(events)])
            print(f"under perf stat, {edits} edits:")
            found = counts(said)
            for name in events:
                print(f"  {name.removeprefix('syscalls:sys_enter_'):<18} {found.get(name, 0) / edits:6.2f} an edit")
            data = folder / "perf.data"
            edits, _ = measured(server, csrf, cookie, ["perf", "record", "-F", "2000", "-o", str(data)])
        finally:
            server.stop()
        threads = samples_by_thread(data)
        total = sum(sum(objects.values()) for objects in threads.values())
        print(f"\nthe server's samples by thread ({total} over {edits} edits), and each thread's by object:")
        for (name, tid), objects in sorted(threads.items(), key=lambda item: -sum(item[1].values()))[:8]:
            share = sum(objects.values())
            parts = ", ".join(f"{dso} {100 * n / share:.0f} %" for dso, n in objects.most_common(5))
            print(f"  {name} ({tid}): {100 * share / total:.1f} %: {parts}")


if __name__ == "__main__":
    main()
