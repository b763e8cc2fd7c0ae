#!/usr/bin/env python3
"""What vibes does before its first complete frame, counted from an strace of a bench start (Docs/performance.md,
"Issue 26: after `main`"). Counts, not times: strace makes every syscall dear, and the helper machine is loaded.

    python3 bench/run.py --vibes BINARY --quick --only start_1k --anchors "" \\
        --vibes-prefix "strace -f -tt -s 120 -o /tmp/start.strace"
    python3 bench/prefirst.py /tmp/start.strace

The first complete frame is the first write(1, ...) that shows the SetupCard's count ("… complete"), as the bench's
first_frame_ms takes it. Prints syscalls by kind before it, the files opened, and what the database open wrote.
"""
import collections
import re
import sys


def main() -> int:
    lines = open(sys.argv[1]).read().splitlines()
    end = next((i for i, line in enumerate(lines) if "write(1," in line and "complete" in line), None)
    if end is None:
        print("no complete frame in the trace")
        return 1
    before = lines[:end]
    calls = collections.Counter()
    opened = collections.Counter()
    for line in before:
        match = re.match(r"\d+\s+[\d:.]+ (\w+)\(", line)
        if match:
            calls[match.group(1)] += 1
        path = re.search(r'openat\(AT_FDCWD, "([^"]+)"', line)
        if path and ".so" not in path.group(1):
            opened[re.sub(r"^/tmp/vibes-bench-[^/]+/[^/]+/", "~/", path.group(1))] += 1
    print(f"before the first complete frame: {sum(calls.values())} syscalls, {len(set(l.split()[0] for l in before))} threads")
    for name in ("openat", "pread64", "pwrite64", "fdatasync", "fsync", "clone3", "mmap", "futex"):
        print(f"  {name:10s} {calls[name]}")
    print(f"  /dev/urandom opened {opened['/dev/urandom']}, /etc/passwd + /etc/group read "
          f"{opened['/etc/passwd'] + opened['/etc/group']}, locale files {sum(v for k, v in opened.items() if '/locale/' in k)}")
    print("files opened (not libraries):")
    for path, count in sorted(opened.items(), key=lambda item: (-item[1], item[0])):
        print(f"  {count:3d} {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
