#!/bin/bash
# Builds the release vibes (`make release`, `make install` without BIN=) and prints its path on the last line.
# LAZY_CURL=1 (the default on x86-64 Linux) links bench/lazycurl.c, the stubs that load libcurl when URLSession
# first calls it, and removes libcurl's DT_NEEDED with patchelf, so the loader maps neither libcurl nor its ~30
# libraries at start (Docs/performance.md "What runs before main", Docs/adr/0015). LAZY_CURL=0 links libcurl as
# before. Falls back to that link, with a note, where the stubs are not checked: another architecture, no
# patchelf (not installable), no C compiler.
# SwiftPM puts -Xlinker flags after the libraries, where --as-needed can no longer drop libcurl, hence patchelf;
# before it runs, the binary is checked to have no direct call into libcurl left (every one goes through a stub).
# Switching LAZY_CURL rebuilds the release objects once (SwiftPM sees other flags).
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT="${SWIFT:-swift}"
# The C compiler for the stubs only: a CC in swift build's environment would become SwiftPM's C compiler too.
stubs_cc="${LAZY_CURL_CC:-cc}"
# Only `main` in the dynamic symbol table (scripts/vibes-exports.map): a start no longer pays for 28,500 exports.
flags=(-Xswiftc -static-stdlib -Xlinker "--version-script=$PWD/scripts/vibes-exports.map")
object="$PWD/.build/lazycurl.o"

lazy="${LAZY_CURL:-1}"
note() { echo "make release: $*; libcurl linked as before (LAZY_CURL=0)" >&2; }
if [ "$lazy" = 1 ]; then
  if [ "$(uname -s)-$(uname -m)" != Linux-x86_64 ]; then
    note "the libcurl stubs are checked on x86-64 Linux only, this is $(uname -s) $(uname -m)"
    lazy=0
  elif ! command -v patchelf >/dev/null 2>&1 && ! ./scripts/install-deps.sh patchelf >&2; then
    note "patchelf is not installed and could not be"
    lazy=0
  elif ! command -v patchelf >/dev/null 2>&1; then
    note "patchelf is not on PATH"
    lazy=0
  elif ! { mkdir -p .build && "$stubs_cc" -O2 -fPIC -c bench/lazycurl.c -o "$object"; } >&2; then
    note "bench/lazycurl.c did not compile with $stubs_cc"
    lazy=0
  fi
fi
[ "$lazy" = 1 ] && flags+=(-Xlinker "$object")

"$SWIFT" build -c release --product vibes "${flags[@]}" >&2
bin="$("$SWIFT" build -c release --show-bin-path)/vibes"
if [ "$lazy" = 1 ]; then
  if nm -D --undefined-only "$bin" | grep -q ' curl_'; then
    echo "make release: vibes still calls libcurl directly (nm -D --undefined-only | grep curl_: a function" \
      "without a stub in bench/lazycurl.c?); left as linked" >&2
    nm -D --undefined-only "$bin" | grep ' curl_' >&2
    exit 1
  fi
  if readelf -d "$bin" | grep -q 'NEEDED.*libcurl'; then
    patchelf --remove-needed libcurl.so.4 "$bin"
  fi
  echo "make release: libcurl is loaded on first use (LAZY_CURL=0 links it as before)" >&2
fi
echo "$bin"
