"""A TableStack server under valgrind's callgrind, for the instruction counts of
`warm_instructions.py` and `edit_instructions.py`.

callgrind counts the same for the same binary and requests whatever else the machine does, so
two builds compare without taking turns. It counts user space only (the kernel's sends are not
in it), and cannot read the debug information of the static release binary, so the server runs
from a copy without it. Needs valgrind (`apt-get install valgrind`).
"""
import contextlib
import glob
import http.client
import re
import subprocess
import tempfile
import time
from pathlib import Path

from fixtures import write_fixtures  # the bench's fixtures
from loads import free_port
from settings import ROOT


class CountedServer:
    """The server's address and process, and where callgrind writes its counts."""

    def __init__(self, port, process, counts):
        self.port = port
        self.base = f"http://127.0.0.1:{port}"
        self.process = process
        self.counts = counts

    def zero(self):
        """Starts the count again from here."""
        subprocess.run(["callgrind_control", "--zero", str(self.process.pid)], check=True, capture_output=True)

    def dump(self):
        """Writes the count since `zero`; returns the file and its instructions in all."""
        subprocess.run(["callgrind_control", "--dump", str(self.process.pid)], check=True, capture_output=True)
        dump = sorted(glob.glob(str(self.counts) + ".*"))[0]
        return dump, int(re.search(r"^(?:summary|totals): (\d+)", Path(dump).read_text(), re.M).group(1))


@contextlib.contextmanager
def counted_server(binary, prefix):
    """Serves the bench's fixtures with `binary` under callgrind, once it answers `/`."""
    folder = Path(tempfile.mkdtemp(prefix=prefix))
    stripped = folder / "tablestack"
    subprocess.run(["objcopy", "--strip-debug", binary, str(stripped)], check=True)
    write_fixtures(folder)
    db = folder / "bench.sqlite"
    subprocess.run([binary, "import", "--replace", "--db", str(db), str(folder / "data.json")], check=True, capture_output=True)
    port = free_port()
    counts = folder / "callgrind.out"
    process = subprocess.Popen(["valgrind", "--tool=callgrind", f"--callgrind-out-file={counts}", str(stripped), "serve",
                                "--app", str(folder / "serve.yaml"), "--db", str(db), "--port", str(port),
                                "--templates", str(ROOT / "Templates"), "--public", str(ROOT / "Public"), "--log-level", "notice"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.time() + 300
        while True:
            try:
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
                connection.request("GET", "/")
                connection.getresponse().read()
                connection.close()
                break
            except OSError:
                if time.time() > deadline:
                    raise SystemExit("the server did not start under valgrind")
                time.sleep(0.2)
        yield CountedServer(port, process, counts)
    finally:
        process.terminate()
        process.wait()
