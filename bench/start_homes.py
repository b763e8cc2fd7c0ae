#!/usr/bin/env python3
"""The first frame against three 1,000-card homes, alternating, nothing else measured: the generic cards
start_1k uses, the same with a concert refresh recorded (`feedRefresh`), and 1,000 full concert cards
(bench/feed_cards.py). Tells a home's content from the bench's ordering when start_1k and start_concerts_100k
disagree (Docs/performance.md, "Results of 2026-11-26, fourth run").

Usage: python3 bench/start_homes.py VIBES [RUNS]   (RUNS + 1 rounds, the first dropped; medians in ms)
"""

from __future__ import annotations

import datetime as dt
import shutil
import sqlite3
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import run  # noqa: E402


def main() -> int:
    if len(sys.argv) not in (2, 3):
        raise SystemExit(__doc__)
    binary = Path(sys.argv[1]).resolve()
    runs = int(sys.argv[2]) if len(sys.argv) == 3 else 7
    work = Path(tempfile.mkdtemp(prefix="vibes-start-homes-"))
    try:
        homes = {"plain": work / "plain", "plain+refresh": work / "refresh", "concerts": work / "concerts"}
        run.prepare_vibes_home(binary, homes["plain"], 1000)
        run.prepare_vibes_home(binary, homes["plain+refresh"], 1000)
        database = sqlite3.connect(homes["plain+refresh"] / ".local/share/vibes/vibes.sqlite")
        fetched = dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d %H:%M:%S.000")
        with database:
            database.execute("INSERT INTO feedRefresh (kind, city, fetchedAt) VALUES ('concert', NULL, ?)", (fetched,))
        database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        database.close()
        run.prepare_vibes_home(binary, homes["concerts"], 1000, concerts=True)
        run.os.sync()
        ready = {"plain": run.feed_frame(1000), "plain+refresh": run.feed_frame(1000), "concerts": run.concerts_frame()}
        samples: dict[str, list[float]] = {name: [] for name in homes}
        for round_number in range(runs + 1):
            for name, home in homes.items():
                program = run.Vibes(binary, {name: home})
                session = run.Session([str(binary)], program.env(home), str(home))
                try:
                    first = session.wait_for_frame(ready[name], 0.08, 20)
                finally:
                    session.close(program.quit_keys)
                if first is None:
                    raise SystemExit(f"{name}: no first frame:\n{session.text()}")
                if round_number:
                    samples[name].append(first)
        for name, values in samples.items():
            print(f"{name:14} {statistics.median(values):7.2f} ms   {sorted(round(v, 1) for v in values)}")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
