#!/usr/bin/env python3
"""Runs a test command with a deadline: python3 Tests/watchdog.py MINUTES PROGRAM COMMAND...

When COMMAND is still running after MINUTES, it and every process below it whose program's
name holds PROGRAM get a SIGQUIT, on which a Swift program prints every thread's stack (and the
browser tests their threads' tracebacks, see Tests/e2e/conftest.py); a minute later COMMAND and
everything below it are killed. A hung test run then fails with where it hung, well inside CI's
time, instead of running out of it. Whatever the run leaves behind is given a few seconds to end
by itself (a test cluster's watcher stops and deletes the cluster once the tests are gone), then
killed, so that nothing holds CI's output open.

`timeout` cannot do this for `swift test`: the package manager starts the test bundle in a
process group of its own, which a signal to timeout's group does not reach.

What the command prints passes through unchanged; the lines that say a test failed (Swift
Testing's "✘", pytest's "FAILED") are printed again at the end, so that the tail of a long log
CI keeps names them.
"""
import ctypes
import os
import signal
import subprocess
import sys
import threading
import time

GRACE_SECONDS = 60
# How long what a finished run left behind may take to end by itself. Killed at once, the test
# clusters' watchers died with their servers and left 500 MB each in the temporary folder.
LEFTOVER_SECONDS = 20
# prctl(PR_SET_CHILD_SUBREAPER): processes orphaned below this one become its children, so that
# they can still be found, and their numbers are not reused while they wait to be reaped here.
PR_SET_CHILD_SUBREAPER = 36


def descendants(root):
    """The processes below `root`, from /proc."""
    children = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                # The parent is the second field after the command's closing parenthesis.
                parent = int(stat.read().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(parent, []).append(int(entry))
    found, waiting = [], [root]
    while waiting:
        for child in children.get(waiting.pop(), []):
            found.append(child)
            waiting.append(child)
    return found


def runs(pid, name):
    """Whether `pid` runs a program whose name holds `name`: its first argument, or the script
    an interpreter its first argument names runs (pytest is `python3 …/pytest`)."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as line:
            arguments = line.read().split(b"\0")[:2]
    except OSError:
        return False
    return any(name in os.path.basename(argument.decode(errors="replace")) for argument in arguments)


def signal_all(pids, number):
    for pid in pids:
        try:
            os.kill(pid, number)
        except ProcessLookupError:
            pass


def reap_all():
    """Collects every child that ended, the adopted orphans among them."""
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def is_failure(line):
    return line.startswith("✘") or line.startswith("FAILED ") or line.startswith("ERROR ")


def forward(stream, failures):
    """Copies the command's output to this one's, keeping the lines that report a failure
    (and the lines that continue one)."""
    continuing = False
    for raw in iter(stream.readline, b""):
        sys.stdout.buffer.write(raw)
        sys.stdout.buffer.flush()
        line = raw.decode(errors="replace").rstrip("\n")
        # Swift Testing writes an expectation's comment on "↳" lines below it.
        if is_failure(line) or (continuing and (line[:1].isspace() or line.startswith("↳"))):
            failures.append(line)
            continuing = True
        else:
            continuing = False


def restore_quit():
    # A shell that started make in the background hands its children SIGQUIT ignored, and a
    # signal can be blocked: the Swift runtime would print nothing on it.
    signal.signal(signal.SIGQUIT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGQUIT})


def main():
    minutes, name, command = float(sys.argv[1]), sys.argv[2], sys.argv[3:]
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    child = subprocess.Popen(command, preexec_fn=restore_quit, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    failures = []
    forwarding = threading.Thread(target=forward, args=(child.stdout, failures), daemon=True)
    forwarding.start()
    stopped = []

    def stop(number, _frame):
        stopped.append(number)
        # The command and everything below it; what it left behind, adopted here, is given its
        # while below, unless a second signal asks again.
        signal_all([child.pid] + descendants(child.pid) if len(stopped) == 1 else descendants(os.getpid()), signal.SIGKILL)

    for number in (signal.SIGINT, signal.SIGTERM):
        signal.signal(number, stop)
    try:
        status = child.wait(timeout=minutes * 60)
    except subprocess.TimeoutExpired:
        status = None
    if status is None and not stopped:
        asked = [pid for pid in [child.pid] + descendants(child.pid) if runs(pid, name)]
        print(f"watchdog: {' '.join(command)} still running after {minutes:g} minutes; asking {len(asked)} "
              f"process(es) running {name!r} for their stacks, then killing it", file=sys.stderr, flush=True)
        signal_all(asked, signal.SIGQUIT)
        try:
            child.wait(timeout=GRACE_SECONDS if asked else 0)
        except subprocess.TimeoutExpired:
            pass
    # The command and everything below it, should it still run.
    if child.poll() is None:
        signal_all([child.pid] + descendants(child.pid), signal.SIGKILL)
    child.wait()
    # What the run left behind, adopted here (a test cluster's watcher stops and deletes the
    # cluster once the tests are gone), is given a while to end by itself, then killed: each
    # one unreaped till then, so that no number killed can have gone to another process.
    deadline = time.monotonic() + LEFTOVER_SECONDS
    while descendants(os.getpid()) and time.monotonic() < deadline and len(stopped) < 2:
        reap_all()
        time.sleep(0.2)
    reap_all()
    left = descendants(os.getpid())
    if left:
        print(f"watchdog: killing what the run left behind after {LEFTOVER_SECONDS} s: {' '.join(map(str, left))}",
              file=sys.stderr, flush=True)
    signal_all(left, signal.SIGKILL)
    reap_all()
    # Everything that could hold the output open is gone; what is still in the pipe is read.
    forwarding.join(timeout=10)
    if failures and status != 0:
        print("watchdog: what failed, again:\n" + "\n".join(failures), flush=True)
    if stopped:
        return 128 + stopped[0]
    if status is None:
        return 124
    return status if status >= 0 else 128 - status


if __name__ == "__main__":
    sys.exit(main())
