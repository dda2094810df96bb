"""What every part of the bench shares: the repository's root and how long and how often loads run."""
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUNS = int(os.environ.get("BENCH_RUNS", "3"))
# Re-exports after a change are a tenth of a second each and swing with the minute (a page's write
# into fresh page cache alone took 1 to 35 ms): their median is taken over more turns than RUNS.
CHANGE_TURNS = int(os.environ.get("BENCH_CHANGE_TURNS", "9"))
DURATION = os.environ.get("BENCH_DURATION", "5s")
