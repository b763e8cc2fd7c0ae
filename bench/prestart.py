#!/usr/bin/env python3
"""What a program costs before (and just after) `main`: counts first, times only as ratios within one run.

Usage:
  python3 bench/prestart.py [--rounds 5] [--reps 20] LABEL=COMMAND [LABEL=COMMAND ...]

  python3 bench/prestart.py \
    today=".build/release/vibes --version" \
    gc=".build/release/vibes-gc --version"

For every command it reports
  - the executable's size and the shared libraries `ldd` lists,
  - the dynamic loader's own counts from `LD_DEBUG=statistics` (relocations, relative relocations, symbol
    lookups answered from the cache) and the median of its cycles over one run per round,
  - page faults and task-clock from `perf stat`, ROUNDS x REPS runs per command, *interleaved*: each round runs
    every command REPS times in turn, so a noisy neighbour (the machine is shared) hurts all of them alike,
  - every figure as a ratio to the first command of the same run.
Only the ratios and the counts are results; the absolute times depend on the machine's load at that moment.
Stdout and stdin of the command are /dev/null: "to main and out".
"""

import argparse
import os
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile


def ldd_libraries(executable):
    out = subprocess.run(["ldd", executable], capture_output=True, text=True).stdout
    return [line.split()[0] for line in out.splitlines() if line.strip() and "vdso" not in line]


def loader_statistics(argv):
    env = dict(os.environ, LD_DEBUG="statistics")
    err = subprocess.run(argv, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, text=True).stderr
    stats = {}
    patterns = {
        "loader_cycles": r"total startup time in dynamic loader:\s+(\d+) cycles",
        "relocation_cycles": r"time needed for relocation:\s+(\d+) cycles",
        "relocations": r"final number of relocations:\s+(\d+)",
        "relocations_from_cache": r"final number of relocations from cache:\s+(\d+)",
        "relative_relocations": r"number of relative relocations:\s+(\d+)",
    }
    for key, pattern in patterns.items():
        found = re.findall(pattern, err)
        if found:
            stats[key] = int(found[-1])
    return stats


def perf_once(argv, reps, out_path):
    subprocess.run(["perf", "stat", "-x,", "-o", out_path, "-r", str(reps),
                    "-e", "page-faults,task-clock", "--"] + argv,
                   stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    values = {}
    with open(out_path) as handle:
        for line in handle:
            fields = line.strip().split(",")
            if len(fields) < 3 or line.startswith("#"):
                continue
            try:
                values[fields[2]] = float(fields[0])
            except ValueError:
                pass
    return values


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--reps", type=int, default=20)
    parser.add_argument("programs", nargs="+", metavar="LABEL=COMMAND")
    args = parser.parse_args()
    if not shutil.which("perf"):
        sys.exit("perf is missing (Debian: linux-perf)")

    programs = []
    for spec in args.programs:
        label, _, command = spec.partition("=")
        argv = shlex.split(command)
        programs.append((label, argv))

    rows = {}
    for label, argv in programs:
        executable = shutil.which(argv[0]) or argv[0]
        rows[label] = {
            "size": os.path.getsize(executable),
            "libraries": len(ldd_libraries(executable)),
            **loader_statistics(argv),
            "loader_cycles_runs": [],
            "faults": [],
            "clock": [],
        }

    with tempfile.TemporaryDirectory() as scratch:
        out_path = os.path.join(scratch, "perf.csv")
        for _ in range(args.rounds):
            for label, argv in programs:
                rows[label]["loader_cycles_runs"].append(loader_statistics(argv).get("loader_cycles", 0))
                values = perf_once(argv, args.reps, out_path)
                rows[label]["faults"].append(values.get("page-faults", float("nan")))
                rows[label]["clock"].append(values.get("task-clock", float("nan")))

    def count(row, key):
        value = row.get(key)
        return f"{value:,}" if isinstance(value, int) else "-"

    base = rows[programs[0][0]]
    base_faults = statistics.median(base["faults"])
    base_clock = statistics.median(base["clock"])
    for row in rows.values():
        row["loader_cycles"] = statistics.median(row["loader_cycles_runs"])
    base_cycles = base["loader_cycles"] or 1
    print(f"{args.rounds} rounds x {args.reps} runs per program, interleaved; medians of the round means; "
          f"ratios to '{programs[0][0]}'")
    print()
    print("| program | size (MB) | shared libs | relocations (symbol) | from cache | relative relocations "
          "| loader cycles, median (x) | page faults (x) | task-clock ms (x) |")
    print("|---|---|---|---|---|---|---|---|---|")
    for label, _ in programs:
        row = rows[label]
        faults = statistics.median(row["faults"])
        clock = statistics.median(row["clock"])
        cycles = row.get("loader_cycles", 0)
        print(f"| {label} | {row['size'] / 1e6:.1f} | {row['libraries']} | {count(row, 'relocations')} "
              f"| {count(row, 'relocations_from_cache')} | {count(row, 'relative_relocations')} "
              f"| {cycles / 1e6:.1f} M ({cycles / base_cycles:.2f}) "
              f"| {faults:,.0f} ({faults / base_faults:.2f}) | {clock:.2f} ({clock / base_clock:.2f}) |")
    print()
    print("page faults per round (min/max): " + "; ".join(
        f"{label} {min(rows[label]['faults']):,.0f}/{max(rows[label]['faults']):,.0f}" for label, _ in programs))
    print("task-clock per round ms (min/max): " + "; ".join(
        f"{label} {min(rows[label]['clock']):.2f}/{max(rows[label]['clock']):.2f}" for label, _ in programs))


if __name__ == "__main__":
    main()
