#!/usr/bin/env python3
"""A real request through the release binary, before `make bench` measures it (Docs/adr/0015).

`make release` links libcurl through the stubs in bench/lazycurl.c (loaded on first use); the suite builds debug
only, so this is where the release link talks HTTP end to end: `vibes auth login spotify` against the bench's
loopback Spotify fake (bench/spotify_fake.py; the scripted browser follows the authorize redirect, then vibes
exchanges the code with a POST to /api/token and reads /v1/me). Exits non-zero, loudly, when it cannot.

    python3 bench/http_check.py --vibes .build/release/vibes
"""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import run  # noqa: E402
from spotify_fake import SpotifyFake  # noqa: E402


def libcurl_at_start(binary: Path) -> bool:
    """Whether the loader maps libcurl at start (directly, or through a shared FoundationNetworking)."""
    mapped = subprocess.run(["ldd", str(binary)], capture_output=True, text=True).stdout
    return "libcurl" in mapped


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--vibes", type=Path, required=True, help="the vibes binary (a release build)")
    args = parser.parse_args()
    binary = args.vibes.resolve()
    linked = "mapped at start" if libcurl_at_start(binary) else "loaded on first use (bench/lazycurl.c)"
    fake = SpotifyFake(latency=0.0)
    work = Path(tempfile.mkdtemp(prefix="vibes-http-check-"))
    try:
        try:
            run.prepare_spotify_home(binary, work / "home", fake)
        except SystemExit as failure:
            print(f"http_check: FAILED: {binary} (libcurl {linked}) could not talk HTTP to a loopback server:\n"
                  f"{failure}", file=sys.stderr)
            return 1
        token, me = fake.count("/api/token"), fake.count("/v1/me")
        if token < 1:
            print(f"http_check: FAILED: vibes auth login spotify exited 0 but the fake saw no token request "
                  f"(counts {fake.counts})", file=sys.stderr)
            return 1
        print(f"http_check: vibes talks HTTP (libcurl {linked}): {token} token exchange, {me} /v1/me",
              file=sys.stderr)
        return 0
    finally:
        fake.close()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
