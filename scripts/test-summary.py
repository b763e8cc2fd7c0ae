#!/usr/bin/env python3
"""Prints one closing line for a `swift test` log: 'N passed, N failed, N skipped'.

swift test runs XCTest and then Swift Testing; each prints its own summary, and the last one may
be Swift Testing's "0 tests" line even when XCTest ran hundreds. This line adds both up.
"""
import re
import sys

text = open(sys.argv[1], encoding="utf-8", errors="replace").read()
passed = failed = skipped = 0

# XCTest: the outermost suite's line, e.g. "Test Suite 'All tests' passed ... Executed 277 tests, with 1 test skipped and 0 failures"
xctest = re.findall(r"Test Suite 'All tests' (?:passed|failed) at .*\n\s+Executed (\d+) tests?, with (?:(\d+) tests? skipped and )?(\d+) failures?", text)
if xctest:
    executed, skip, fail = xctest[-1]
    skip = int(skip or 0)
    passed += int(executed) - skip - int(fail)
    failed += int(fail)
    skipped += skip

# Swift Testing: "✔ Test run with 12 tests in 3 suites passed after …" or
# "✘ Test run with 12 tests in 3 suites failed after … with 2 issues."
for count, outcome, issues in re.findall(r"Test run with (\d+) tests? .*?(passed|failed)(?:.*? with (\d+) issues?)?", text):
    broken = 0 if outcome == "passed" else max(1, int(issues or 1))
    failed += broken
    passed += max(0, int(count) - broken)

print(f"{passed} passed, {failed} failed, {skipped} skipped")
