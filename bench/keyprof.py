#!/usr/bin/env python3
"""Per-key cost of vibes without timing it: the CPU every thread used over N keys (/proc/PID/task/*/schedstat,
so a loaded machine changes it little), and optionally a perf profile of the key phase alone.

    python3 bench/keyprof.py BINARY SCENARIO [KEYS] [--perf OUT.data]

SCENARIO is checklist_down (Down Down Up Up in the checklist), form_typing (a, b, Backspace x2 in the Gemini form),
scroll_1k, scroll_100k, cards_concerts_10k or cards_social_10k (20 Downs, 20 Ups through the Feed). The home is prepared as bench/run.py prepares it
(kept in /tmp/vibes-keyprof-home-KEY between runs). perf attaches after the first frame and the keys that open the
screen, so start-up is not in the samples. Docs/performance.md, "Issue 26: per-key work".
"""
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import run as bench  # noqa: E402


def cpu_ns(pid: int) -> int:
    total = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            total += int(Path(f"/proc/{pid}/task/{task}/schedstat").read_text().split()[0])
        except OSError:
            pass
    return total


def main() -> int:
    args = sys.argv[1:]
    perf_out = None
    if "--perf" in args:
        index = args.index("--perf")
        perf_out = args[index + 1]
        del args[index:index + 2]
    binary, scenario = Path(args[0]).resolve(), args[1]
    keys = int(args[2]) if len(args) > 2 else 200
    items = bench.scenario_items(scenario)
    key = bench.home_key(scenario)
    cache = Path(f"/tmp/vibes-keyprof-home-{key}")
    if not cache.exists():
        bench.prepare_vibes_home(binary, cache, items, key.startswith("concerts-"), key.startswith("social-"))
    work = Path(tempfile.mkdtemp(prefix="vibes-keyprof-"))
    home = work / "home"
    shutil.copytree(cache, home, symlinks=True)
    vibes = bench.Vibes(binary, {bench.home_key(scenario): home})
    session = vibes.launch(scenario, items)
    down, up = bench.KEY_BYTES["down"], bench.KEY_BYTES["up"]
    if scenario == "checklist_down":
        opening, loop = [b"\r"], [down, down, up, up]
    elif scenario == "form_typing":
        opening, loop = [b"\r", down, b"\r"], [b"a", b"b", b"\x7f", b"\x7f"]
    else:
        opening, loop = [down], [down] * 20 + [up] * 20
    try:
        if session.wait_for_frame(vibes.frame_ready(scenario, items), 0.05, 30) is None:
            raise RuntimeError(f"no first frame:\n{session.text()}")
        session.read_until_quiet(0.1, 0.1)
        for key in opening:
            session.key(key, 0.05)
        perf = None
        if perf_out:
            perf = subprocess.Popen(
                ["perf", "record", "-F", "2000", "-g", "-p", str(session.process.pid), "-o", perf_out],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            time.sleep(1.0)
        before = cpu_ns(session.process.pid)
        sizes = []
        for index in range(keys):
            burst = session.key(loop[index % len(loop)], 0.02)
            if burst.latency_ms is not None:
                sizes.append(burst.size)
        used = cpu_ns(session.process.pid) - before
        if perf:
            perf.send_signal(signal.SIGINT)
            perf.wait()
        print(f"{scenario}: {len(sizes)} keys drew, CPU per key {used / max(1, keys) / 1e6:.3f} ms "
              f"(all threads), {sum(sizes)} bytes in all")
    finally:
        session.close(vibes.quit_keys)
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
