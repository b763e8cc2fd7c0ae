#!/usr/bin/env python3
"""Where vibes' private dirty memory is at the first frame: launch it on the bench's home (as bench/run.py
prepares it), wait for the Feed's first complete frame, then sum /proc/PID/smaps' Private_Dirty per mapping.

    python3 bench/dirtymap.py BINARY [ITEMS]          # ITEMS: 1000 or 100000 (default)
    VIBES_BENCH_ENV="MALLOC_ARENA_MAX=1" python3 bench/dirtymap.py BINARY   # with extra environment

Docs/performance.md, "Issue 26: per-key work", "Private dirty".
"""
import os
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import run as bench  # noqa: E402


def main() -> int:
    binary = Path(sys.argv[1]).resolve()
    items = int(sys.argv[2]) if len(sys.argv) > 2 else 100000
    scenario = "start_100k" if items == 100000 else "start_1k"
    cache = Path(f"/tmp/vibes-keyprof-home-{items}")
    if not cache.exists():
        bench.prepare_vibes_home(binary, cache, items)
    # A freshly copied or linked binary's pages are still dirty in the page cache, and smaps counts them as the
    # process's private dirty memory (25 MB of a copy made seconds before): write them back first, as run.py does.
    os.sync()
    work = Path(tempfile.mkdtemp(prefix="vibes-dirtymap-"))
    home = work / "home"
    shutil.copytree(cache, home, symlinks=True)
    extra = dict(item.split("=", 1) for item in os.environ.get("VIBES_BENCH_ENV", "").split() if "=" in item)
    vibes = bench.Vibes(binary, {bench.home_key(scenario): home})
    base_env = vibes.env
    vibes.env = lambda path: {**base_env(path), **extra}
    session = vibes.launch(scenario, items)
    try:
        if session.wait_for_frame(vibes.frame_ready(scenario, items), 0.08, 30) is None:
            raise RuntimeError(f"no first frame:\n{session.text()}")
        session.read_until_quiet(0.3, 0.3)
        pid = session.process.pid
        rows, name, start, size = [], "", "", 0
        for line in Path(f"/proc/{pid}/smaps").read_text().splitlines():
            fields = line.split()
            if fields and "-" in fields[0] and not fields[0].endswith(":"):
                name, start = (fields[5] if len(fields) > 5 else "[anon]"), fields[0]
            elif fields and fields[0] == "Size:":
                size = int(fields[1])
            elif fields and fields[0] == "Private_Dirty:" and int(fields[1]) > 0:
                rows.append((int(fields[1]), size, start, name))
        print(f"private dirty {session.private_dirty_kb()} kB, threads {len(os.listdir(f'/proc/{pid}/task'))}")
        for dirty, mapped, where, what in sorted(rows, reverse=True)[:25]:
            print(f"{dirty:7d} kB dirty of {mapped:8d} kB  {where}  {what}")
    finally:
        session.close(vibes.quit_keys)
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
