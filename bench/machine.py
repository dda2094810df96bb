"""0. The machine itself: what its disk's sync, a wake-up between two processes, a system call and a
stretch of plain computing cost, measured without TableStack.

Machines of the same kind differ more than any change here: on one a durable edit cost the server
117 µs of CPU, on another 320 µs for the same 678 k instructions (there a wake-up round trip
between two processes took 89 µs, and nginx served a third as many pages). These references,
printed with every run, tell a slower machine from a slower build.
Each is the median of five short rounds; the whole section takes a few seconds.
"""
import os
import statistics
import time
import zlib

ROUNDS = 5


def machine_figures(folder, add):
    """Section 0, measured in `folder` (the bench's own, on the disk the databases use)."""
    section = "0. this machine (no TableStack)"
    add(section, "a synced 4 KiB overwrite (pwrite + fdatasync)", median_round(lambda: synced_write(folder, 100)), "µs",
        "a durable edit's commit waits for one")
    add(section, "a wake-up round trip between two processes (pipes)", median_round(lambda: pipe_round_trip(2000)), "µs",
        "two context switches; an edit hands work between threads about twice")
    add(section, "a system call from Python (getppid)", median_round(lambda: system_call(20000)) * 1000, "ns")
    add(section, "zlib level 6, one core", median_round(lambda: compress_rate(4 << 20)), "MB/s", "plain computing")


def median_round(measure):
    return statistics.median(measure() for _ in range(ROUNDS))


def synced_write(folder, count):
    """µs for one 4 KiB overwrite made durable, as SQLite's WAL sync does at a commit."""
    path = folder / "machine-sync.bin"
    descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        page = b"\x5a" * 4096
        os.pwrite(descriptor, page, 0)
        os.fsync(descriptor)
        started = time.perf_counter()
        for _ in range(count):
            os.pwrite(descriptor, page, 0)
            os.fdatasync(descriptor)
        return (time.perf_counter() - started) / count * 1e6
    finally:
        os.close(descriptor)
        path.unlink()


def pipe_round_trip(count):
    """µs for a byte sent to a child process and back: each side sleeps until the other writes."""
    child_reads, parent_writes = os.pipe()
    parent_reads, child_writes = os.pipe()
    child = os.fork()
    if child == 0:
        try:
            os.close(parent_writes)
            os.close(parent_reads)
            while os.read(child_reads, 1):
                os.write(child_writes, b"x")
        finally:
            os._exit(0)
    os.close(child_reads)
    os.close(child_writes)
    try:
        os.write(parent_writes, b"x")  # the child is running before the clock starts
        os.read(parent_reads, 1)
        started = time.perf_counter()
        for _ in range(count):
            os.write(parent_writes, b"x")
            os.read(parent_reads, 1)
        return (time.perf_counter() - started) / count * 1e6
    finally:
        os.close(parent_writes)  # the child's read returns empty, and it ends
        os.waitpid(child, 0)
        os.close(parent_reads)


def system_call(count):
    """µs for one of the cheapest system calls, Python's own call included."""
    started = time.perf_counter()
    for _ in range(count):
        os.getppid()
    return (time.perf_counter() - started) / count * 1e6


def compress_rate(size):
    """MB/s zlib compresses text-like bytes at its default level on one core."""
    words = [b"table", b"row", b"section", b"index", b"cell", b"detail", b"grouped", b"plain", b"edit", b"move"]
    data = b" ".join(words[(i * 7 + i // 13) % len(words)] for i in range(size // 6))[:size]
    started = time.perf_counter()
    zlib.compress(data, 6)
    return len(data) / (time.perf_counter() - started) / 1e6
