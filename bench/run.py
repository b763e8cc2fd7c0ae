#!/usr/bin/env python3
"""`make bench`: vibes against a C ncurses floor, dialog and newsboat, side by side, in one run.

Every program runs on its own pseudo-terminal (80x24, TERM=xterm-256color, UTF-8) behind pyte, a virtual terminal
emulator, with a private temporary HOME. For each scenario the bench records

  - first_frame_ms: launch -> the byte that completes the first complete frame (a screen predicate per program,
    checked after the fact on the recorded, time-stamped output, so parsing never delays the clock);
  - startup_bytes: bytes written from launch until the output settles;
  - <key>_ms / <key>_bytes: key written -> last byte of the burst it caused, and the bytes of that burst;
  - peak_rss_kb: VmHWM of the process at the end of the scenario (touched shared-library pages included);
  - private_dirty_kb: the pages only this process wrote (heap, stacks, relocated data) at the same moment.

Programs alternate (vibes, floor, dialog, newsboat, vibes, floor, ...) inside each run so ratios survive a noisy
machine; the first run is a warm-up and is dropped. The fixture caches are generated here, not committed.

Usage: python3 bench/run.py --vibes PATH [--runs N] [--quick] [--json FILE] [--only SCENARIO ...]
"""

from __future__ import annotations

import argparse
import http.server
import threading
import urllib.parse
import datetime as dt
import fcntl
import json
import os
import platform
import select
import shutil
import signal
import sqlite3
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from dataclasses import dataclass
from pathlib import Path

from spotify_fake import ALBUM_ID, SpotifyFake
import firebase_fake
from firebase_fake import FirebaseFake

try:
    import pyte
except ImportError:  # Debian's python3-pyte lives outside a pyenv/venv interpreter's path
    sys.path.append("/usr/lib/python3/dist-packages")
    import pyte

sys.path.insert(0, str(Path(__file__).resolve().parent))
import create_bench  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
OUT = Path(os.environ.get("BENCH_OUT") or ROOT / "bench" / "out")
COLUMNS, ROWS = 80, 24
SOURCES = ["Pitchfork", "Ticketmaster", "Bandcamp", "Resident Advisor", "Spotify"]
EPOCH = 1735689600  # 2025-01-01T00:00:00Z; item N is published N minutes later
SCENARIOS = ["start_0", "start_1k", "start_100k", "checklist_down", "push_pop", "form_typing", "scroll_1k",
             "scroll_100k", "start_concerts_100k", "scroll_concerts_100k", "scroll_during_refresh", "search_typing",
             "detail_back", "artwork_detail", "generate_resolve_20", "preview_first_audio", "start_social_10k",
             "cards_concerts_10k", "cards_social_10k", "scroll_thumbs_off", "scroll_thumbs", "people_300",
             "find_users", "social_poll_10", "for_you_cache", "blend_resolve_30"]
# vibes only, with Spotify connected to a loopback fake (bench/spotify_fake.py, 50 ms per Web API answer).
SPOTIFY_SCENARIOS = {"search_typing", "detail_back", "artwork_detail", "preview_first_audio", "scroll_thumbs",
                     "scroll_thumbs_off", "for_you_cache"}
# preview_first_audio: the preview match is already cached, so p goes straight to the player (mpv, through a
# wrapper that adds --ao=null: the bench machine needs no sound device). Skipped when mpv or ffmpeg is missing.
PREVIEW_TRACK_ID = "BenchTrack000000000001"
BROWSER_SCRIPT = ROOT / "Tests" / "EndToEndTests" / "Fixtures" / "fake-browser.py"
# vibes only, signed in (`vibes auth login google --device`) against a loopback Google/Firebase
# (bench/firebase_fake.py, 50 ms per Firestore answer) as @bench_me, who follows 300 people.
FIREBASE_SCENARIOS = {"people_300", "find_users", "social_poll_10"}
FOLLOWING = 300
# vibes only: a Blend (issue 24) with Friend 0, signed in to its own Firebase fake (as above, Friend 0 with a public
# taste summary) and set up with a Gemini key and Spotify against create_bench's fakes (100 ms per Gemini answer,
# 50 ms per Web API answer, as generate_resolve_20), so the two resolve their songs against the same latencies.
BLEND_SCENARIOS = {"blend_resolve_30"}
BLEND_SONGS = 30
# Scenarios only the Create bench program runs (no anchor has the feature).
VIBES_ONLY = {"generate_resolve_20"}
SIZES = {"0": 0, "1k": 1_000, "10k": 10_000, "100k": 100_000}
DECCKM = 1 << 5  # pyte stores private mode n as n << 5; mode 1 is application cursor keys
KEY_BYTES = {"down": b"\x1b[B", "up": b"\x1b[A", "enter": b"\r", "esc": b"\x1b", "pgdn": b"\x1b[6~",
             "pgup": b"\x1b[5~"}


def fixture_item(item_id: int) -> tuple[str, str, str]:
    """(title, subtitle, source) of cached item `item_id`; floor.c generates the same text."""
    return (f"Headline {item_id}: new music and concerts near you", f"Subtitle of item {item_id}",
            SOURCES[item_id % 5])


# --------------------------------------------------------------------------------------------- pseudo-terminal

@dataclass
class Burst:
    start: float
    chunks: list[tuple[float, bytes]]

    @property
    def size(self) -> int:
        return sum(len(data) for _, data in self.chunks)

    @property
    def latency_ms(self) -> float | None:
        return (self.chunks[-1][0] - self.start) * 1000 if self.chunks else None


class Session:
    """One program on a fresh pty, its output recorded with a timestamp per read."""

    def __init__(self, argv: list[str], env: dict[str, str], cwd: str):
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
        self.master = master
        self.screen = pyte.Screen(COLUMNS, ROWS)
        self.stream = pyte.ByteStream(self.screen)
        self.chunks: list[tuple[float, bytes]] = []
        self.parsed = 0
        self.start = time.perf_counter()
        self.process = subprocess.Popen(
            argv, stdin=slave, stdout=slave, stderr=slave, env=env, cwd=cwd, start_new_session=True,
            preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0), close_fds=True)
        os.close(slave)

    def read_until_quiet(self, settle: float, first_timeout: float) -> list[tuple[float, bytes]]:
        """Reads until no byte came for `settle` seconds after the last one (or none within `first_timeout`)."""
        got: list[tuple[float, bytes]] = []
        deadline = time.perf_counter() + first_timeout
        while True:
            now = time.perf_counter()
            wait = (got[-1][0] + settle - now) if got else (deadline - now)
            if wait <= 0:
                break
            ready, _, _ = select.select([self.master], [], [], wait)
            if not ready:
                continue
            try:
                data = os.read(self.master, 65536)
            except OSError:
                break
            stamp = time.perf_counter()
            if not data:
                break
            got.append((stamp, data))
        self.chunks.extend(got)
        return got

    def parse_pending(self, until=None) -> float | None:
        """Feeds recorded chunks to the emulator; with `until`, stops at the first chunk after which it holds
        and returns that chunk's time stamp."""
        while self.parsed < len(self.chunks):
            stamp, data = self.chunks[self.parsed]
            self.stream.feed(data)
            self.parsed += 1
            if until is not None and until(self.text()):
                return stamp
        return None

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def wait_for_frame(self, predicate, settle: float, timeout: float) -> float | None:
        """ms from launch to the chunk that completed a frame satisfying `predicate`."""
        deadline = time.perf_counter() + timeout
        if predicate(self.text()):
            return 0.0
        while time.perf_counter() < deadline:
            self.read_until_quiet(settle, max(0.05, deadline - time.perf_counter()))
            stamp = self.parse_pending(predicate)
            if stamp is not None:
                self.parse_pending()
                return (stamp - self.start) * 1000
            if self.process.poll() is not None:
                break
        return None

    def key(self, data: bytes, settle: float, first_timeout: float = 3.0) -> Burst:
        if data.startswith(b"\x1b[") and len(data) == 3 and DECCKM in self.screen.mode:
            # The program asked for application cursor keys (smkx): a real terminal now sends ESC O x.
            data = b"\x1bO" + data[2:]
        sent = time.perf_counter()
        os.write(self.master, data)
        burst = Burst(sent, self.read_until_quiet(settle, first_timeout))
        self.parse_pending()
        return burst

    def peak_rss_kb(self) -> int | None:
        try:
            for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
        except OSError:
            return None
        return None

    def private_dirty_kb(self) -> int | None:
        """Pages only this process wrote (heap, stacks, relocated data): its own cost, unlike VmHWM, which also
        counts every shared-library and executable page it touched."""
        try:
            for line in Path(f"/proc/{self.process.pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Private_Dirty:"):
                    return int(line.split()[1])
        except OSError:
            return None
        return None

    def rss_breakdown_kb(self) -> dict[str, int]:
        """Resident memory at this moment by where it is mapped (/proc/PID/smaps): the executable's file pages,
        shared libraries, anonymous memory (heap, stacks, relocated data) and the rest; the peak (VmHWM) is
        mostly these same pages."""
        parts = {"rss_binary_kb": 0, "rss_libraries_kb": 0, "rss_anonymous_kb": 0, "rss_other_kb": 0}
        try:
            executable = os.readlink(f"/proc/{self.process.pid}/exe")
            name = ""
            for line in Path(f"/proc/{self.process.pid}/smaps").read_text().splitlines():
                fields = line.split()
                if fields and "-" in fields[0] and not fields[0].endswith(":"):
                    name = fields[5] if len(fields) > 5 else ""
                elif fields and fields[0] == "Rss:":
                    kb = int(fields[1])
                    if name == executable:
                        parts["rss_binary_kb"] += kb
                    elif ".so" in name:
                        parts["rss_libraries_kb"] += kb
                    elif name in ("", "[heap]", "[stack]") or name.startswith("[anon"):
                        parts["rss_anonymous_kb"] += kb
                    else:
                        parts["rss_other_kb"] += kb
        except (OSError, ValueError):
            return {}
        return parts

    def close(self, quit_keys: bytes | None):
        if quit_keys and self.process.poll() is None:
            try:
                os.write(self.master, quit_keys)
            except OSError:
                pass
            try:
                self.process.wait(timeout=3)
            except subprocess.TimeoutExpired:
                pass
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=3)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        os.close(self.master)


# ------------------------------------------------------------------------------------------------- programs

def base_env(home: Path) -> dict[str, str]:
    return {"HOME": str(home), "PATH": "/usr/local/bin:/usr/bin:/bin", "TERM": "xterm-256color",
            "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}


class Program:
    """A program under test: how to launch it for a scenario and what its first complete frame looks like."""
    name = ""
    quit_keys: bytes | None = None

    def supports(self, scenario: str) -> bool:
        return scenario not in VIBES_ONLY

    def launch(self, scenario: str, items: int) -> Session:
        raise NotImplementedError

    def frame_ready(self, scenario: str, items: int):
        raise NotImplementedError

    def script(self, scenario: str, quick: bool) -> list[tuple[str, bytes]]:
        """(metric name or "" for an unmeasured step, bytes) to send after the first frame."""
        return default_script(scenario, quick)


def default_script(scenario: str, quick: bool) -> list[tuple[str, bytes]]:
    repeats = 2 if quick else 6
    if scenario == "checklist_down":
        return [("", b"\r")] + [("down", KEY_BYTES["down"]), ("down", KEY_BYTES["down"]),
                                ("up", KEY_BYTES["up"]), ("up", KEY_BYTES["up"])] * repeats
    if scenario == "push_pop":
        return [("enter", b"\r"), ("esc", b"\x1b")] * repeats
    if scenario == "form_typing":
        text = "AIzaSyBench0123456789"[: 5 if quick else 20]
        # Enter on the card, Down to the Gemini row, Enter opens its form.
        return [("", b"\r"), ("", KEY_BYTES["down"]), ("", b"\r")] + [("type", ch.encode()) for ch in text]
    if scenario == "scroll_during_refresh":
        # r starts the refresh (seconds against the slow server, then 500 events written); Down keeps going.
        return [("", b"r"), ("", KEY_BYTES["down"])] + [("down", KEY_BYTES["down"])] * (10 if quick else 50)
    if scenario.startswith("cards_"):
        # Issue 23: a key on a song card is as fast as on a concert card. Down through the cards, then Enter opens
        # the selected card's detail (Song Detail or the concert) and Esc comes back, same cache size for both.
        return ([("", KEY_BYTES["down"])] + [("down", KEY_BYTES["down"])] * (5 if quick else 20)
                + [("enter", b"\r"), ("", b"\x1b")] * repeats)
    if scenario.startswith("scroll_"):
        return [("", KEY_BYTES["down"])] + [("down", KEY_BYTES["down"])] * (10 if quick else 50)
    return []


def feed_frame(items: int):
    first = f"Headline {items}:" if items else "Nothing in your feed yet"
    # vibes' empty Feed now says what to do; the anchors keep the old sentence.
    empty = "Set up Ticketmaster to see concerts"
    return lambda text: "Setup · 0/3 complete" in text and (first in text or (not items and empty in text))


def concerts_frame():
    """vibes with typed concert cards (bench/feed_cards.py): the first card's row is drawn."""
    return lambda text: "Setup · 0/3 complete" in text and "Bench Band 0 ·" in text


def home_key(scenario: str) -> str:
    """Which prepared vibes home a scenario runs in: the concert scenarios have their own typed cache, the refresh
    scenario a home with Ticketmaster set up against the slow loopback server."""
    items = scenario_items(scenario)
    if "refresh" in scenario:
        return f"refresh-{items}"
    if "social" in scenario:
        # The social Feed (issue 23): 10,000 cached shares by 500 people followed, drawn from the cache.
        return f"social-{items}"
    return f"concerts-{items}" if "concerts" in scenario else str(items)


def vibes_only(scenario: str) -> bool:
    return "concerts" in scenario or "refresh" in scenario or "social" in scenario


def social_frame():
    """vibes with cached song shares (bench/feed_cards.py --social): the first card's row is drawn."""
    return lambda text: "Setup · 0/3 complete" in text and "@friend0 shared a song" in text


class SlowTicketmaster:
    """A loopback Discovery API for `scroll_during_refresh`: key checks (size=1) answer at once; every page of 100
    music events waits `delay` seconds first, 5 pages in all, so a refresh runs for seconds and then writes 500
    events while keys are pressed."""

    def __init__(self, delay: float = 0.4, pages: int = 5):
        delay_s, pages_n = delay, pages

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_GET(self):
                query = urllib.parse.parse_qs(urllib.parse.urlparse(self.path).query)
                page = int(query.get("page", ["0"])[0])
                if query.get("size", [""])[0] == "100":
                    time.sleep(delay_s)
                    events = [SlowTicketmaster.event(page * 100 + i) for i in range(100)]
                    body = {"_embedded": {"events": events},
                            "page": {"size": 100, "totalElements": pages_n * 100, "totalPages": pages_n,
                                     "number": page}}
                else:
                    body = {"page": {"size": 1, "totalElements": pages_n * 100, "totalPages": pages_n * 100,
                                     "number": 0}}
                data = json.dumps(body).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json;charset=utf-8")
                self.send_header("Content-Length", str(len(data)))
                self.send_header("Rate-Limit-Available", "4000")
                self.end_headers()
                self.wfile.write(data)

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    @staticmethod
    def event(index: int) -> dict:
        day = dt.date(2030, 1, 1) + dt.timedelta(days=index // 4)
        return {"id": f"slow{index:06d}", "name": f"Slow Band {index}", "url": f"https://example.invalid/{index}",
                "dates": {"start": {"localDate": day.isoformat(), "localTime": "20:00:00"},
                          "timezone": "Europe/Berlin", "status": {"code": "onsale"}},
                "_embedded": {"venues": [{"name": "Slow Hall", "city": {"name": "Berlin"}}],
                              "attractions": [{"name": f"Slow Band {index}", "id": f"sa{index}"}]}}

    def close(self):
        self.server.shutdown()


class Vibes(Program):
    name = "vibes"
    quit_keys = b"\x03"

    def __init__(self, binary: Path, homes: dict[int, Path], prefix: list[str] | None = None):
        self.binary, self.homes, self.prefix = binary, homes, prefix or []
        self.spotify: tuple[Path, SpotifyFake] | None = None
        self.firebase: tuple[Path, FirebaseFake] | None = None

    def env(self, home: Path) -> dict[str, str]:
        env = base_env(home)
        # The service fakes' address: nothing in these scenarios calls a service, and nothing listens there.
        env.update({"VIBES_SECRET_STORE": "vault", "VIBES_GEMINI_API_URL": "http://127.0.0.1:9",
                    "VIBES_TICKETMASTER_API_URL": "http://127.0.0.1:9",
                    # The bench measures the Feed, not the first-launch tutorial.
                    "VIBES_SKIP_TUTORIAL": "1"})
        # The refresh scenario's home names its slow Ticketmaster server.
        override = home / "bench-ticketmaster-url"
        if override.exists():
            env["VIBES_TICKETMASTER_API_URL"] = override.read_text().strip()
        return env

    def launch(self, scenario: str, items: int) -> Session:
        if scenario in SPOTIFY_SCENARIOS and self.spotify:
            home, fake = self.spotify
            env = spotify_env(self.env(home), fake)
            if scenario == "preview_first_audio":
                env["PATH"] = f"{home / 'bench-bin'}:{env['PATH']}"
            return Session(self.prefix + [str(self.binary)], env, str(home))
        home = self.homes[home_key(scenario)]
        return Session(self.prefix + [str(self.binary)], self.env(home), str(home))

    def frame_ready(self, scenario: str, items: int):
        if scenario in SPOTIFY_SCENARIOS:
            return lambda text: "Setup · 1/3 complete" in text
        if "refresh" in scenario:
            # The first run's refresh replaces the bench cards with the slow server's.
            return lambda text: "Setup · 1/3 complete" in text and ("Bench Band 0 ·" in text or "Slow Band 0 ·" in text)
        if "social" in scenario:
            return social_frame()
        return concerts_frame() if "concerts" in scenario else feed_frame(items)


def spotify_env(env: dict[str, str], fake: SpotifyFake) -> dict[str, str]:
    return dict(env, VIBES_SPOTIFY_CLIENT_ID="0123456789abcdef0123456789abcdef", VIBES_SPOTIFY_ACCOUNTS_URL=fake.url,
                VIBES_SPOTIFY_API_URL=fake.url)


def prepare_spotify_home(binary: Path, home: Path, fake: SpotifyFake):
    """Connects Spotify once with `vibes auth login spotify` (the scripted browser follows the fake's redirect),
    so the tokens are in this home's vault as a user's would be."""
    home.mkdir(parents=True)
    env = spotify_env(Vibes(binary, {}).env(home), fake)
    env["BROWSER"] = f"/usr/bin/python3 {BROWSER_SCRIPT}"
    done = subprocess.run([str(binary), "auth", "login", "spotify"], env=env, cwd=home, stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=60)
    if done.returncode != 0:
        raise SystemExit(f"vibes auth login spotify failed:\n{done.stdout.decode(errors='replace')}")


def prepare_preview(home: Path) -> bool:
    """For preview_first_audio: a 30 s AAC clip, its match cached for the bench track (storefront US, as the app
    asks), and an `mpv` first on PATH that plays to the null output. False when mpv or ffmpeg is missing."""
    mpv, ffmpeg = shutil.which("mpv"), shutil.which("ffmpeg")
    if not mpv or not ffmpeg:
        print("preview_first_audio: skipped (mpv and ffmpeg are needed)", file=sys.stderr)
        return False
    clip = home / "bench-preview.m4a"
    subprocess.run([ffmpeg, "-loglevel", "error", "-f", "lavfi", "-i", "sine=frequency=440:duration=30",
                    "-c:a", "aac", "-y", str(clip)], check=True, stdin=subprocess.DEVNULL)
    binary_dir = home / "bench-bin"
    binary_dir.mkdir(exist_ok=True)
    wrapper = binary_dir / "mpv"
    wrapper.write_text(f'#!/bin/sh\nexec {mpv} --ao=null "$@"\n')
    wrapper.chmod(0o755)
    connection = sqlite3.connect(home / ".local/share/vibes/vibes.sqlite")
    with connection:
        connection.execute(
            "INSERT OR REPLACE INTO previewMatch (spotifyTrackID, previewURL, storeURL, storefront, matchedAt) "
            "VALUES (?, ?, ?, 'US', ?)",
            (PREVIEW_TRACK_ID, str(clip), "https://music.apple.com/us/album/bench/1?i=1",
             dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d %H:%M:%S.000")))
    connection.close()
    return True


def run_preview_once(session: Session, settle: float) -> dict[str, list[float]]:
    """preview_first_audio: open the bench track (a pasted link), press p, and time the first frame that shows the
    preview playing (the app draws the progress line once mpv reports playback, i.e. the first audio)."""
    samples: dict[str, list[float]] = {}
    opened = lambda text: "Bench Track 1" in text and "Bench Artist" in text and "Track" in text
    os.write(session.master, paste(f"https://open.spotify.com/track/{PREVIEW_TRACK_ID}"))
    stamp = None
    deadline = time.perf_counter() + 5
    while stamp is None and time.perf_counter() < deadline:
        session.read_until_quiet(settle, 1.0)
        stamp = session.parse_pending(opened)
    if stamp is None:
        raise RuntimeError(f"vibes preview_first_audio: the track did not open; screen:\n{session.text()}")
    session.read_until_quiet(settle, settle)
    session.parse_pending()
    playing = lambda text: "Preview from Apple Music" in text and "/ 0:30" in text
    sent = time.perf_counter()
    os.write(session.master, b"p")
    stamp = None
    while stamp is None and time.perf_counter() < sent + 10:
        session.read_until_quiet(settle, 1.0)
        stamp = session.parse_pending(playing)
    if stamp is None:
        raise RuntimeError(f"vibes preview_first_audio: no playing preview; screen:\n{session.text()}")
    samples["key_to_first_audio_ms"] = [(stamp - sent) * 1000]
    session.key(b"p", settle)  # pause, so quitting is the only thing left to do
    return samples


FOR_YOU_PICKS = 10


def prepare_for_you(home: Path):
    """for_you_cache: For You's SQLite copy as vibes keeps it after a Gemini answer (`forYouCache`, key "list": the
    JSON a `CachedForYou` encodes to; dates as seconds since 2001, Foundation's default), 10 picks with reasons."""
    fetched = time.time() - 978307200 - 3600
    entries = [{"title": f"Bench Pick {n}", "artist": f"Bench Artist {n}", "reason": f"Close to what you play, {n}.",
                "trackID": f"BenchPick{n:013d}"} for n in range(1, FOR_YOU_PICKS + 1)]
    connection = sqlite3.connect(home / ".local/share/vibes/vibes.sqlite")
    with connection:
        connection.execute(
            "INSERT OR REPLACE INTO forYouCache (key, payload, savedAt) VALUES ('list', ?, ?)",
            (json.dumps({"entries": entries, "fetchedAt": fetched}).encode(),
             dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d %H:%M:%S.000")))
    connection.close()


def run_for_you_once(session: Session, settle: float, fake: SpotifyFake) -> dict[str, list[float]]:
    """for_you_cache: Explore is open (its first visit read the recent searches and For You's copy ahead); once the
    fake has had no request for a moment, `l` (the root, on "Your library"), Down to "For you" (the row after the
    library rows), then Enter. open_writes: reads of the pty from Enter to the read that completes the list (the
    saved-copy line and the first five picks; target: 1, as detail_back's second open); requests_before_list: Web API
    requests between Enter and that read, the player's poll left out (target: 0: no Gemini request can be made
    either, its URL is a closed port)."""
    samples: dict[str, list[float]] = {}
    session.read_until_quiet(0.3, 0.5)
    session.key(b"l", settle, 0.5)  # the selection is on "Your library" already: no frame, so a short wait
    for _ in range(3):  # LibraryKind: saved songs, playlists, albums
        session.key(KEY_BYTES["down"], settle)
    if not any(line.strip().startswith("›") and line.strip().endswith("For you") for line in session.text().splitlines()):
        raise RuntimeError(f"vibes for_you_cache: the selection is not on For you; screen:\n{session.text()}")
    session.read_until_quiet(settle, settle)
    session.parse_pending()
    fake.reset()
    listed = lambda text: "(saved copy)" in text and all(f"Bench Pick {n} " in text for n in range(1, 6))
    sent = time.perf_counter()
    os.write(session.master, KEY_BYTES["enter"])
    stamp = wait_for(session, listed, 5, settle)
    if stamp is None:
        raise RuntimeError(f"vibes for_you_cache: For You did not show the copy; screen:\n{session.text()}")
    samples["open_ms"] = [(stamp - sent) * 1000]
    samples["open_writes"] = [float(writes_between(session, sent, stamp))]
    with fake.lock:
        samples["requests_before_list"] = [float(sum(
            count for path, count in fake.counts.items() if not path.startswith("/v1/me/player")))]
    return samples


def paste(text: str) -> bytes:
    """A bracketed paste, as a terminal sends one to a program that enabled the mode."""
    return b"\x1b[200~" + text.encode() + b"\x1b[201~"


def run_spotify_once(program: Program, scenario: str, quick: bool, settle: float,
                     fake: SpotifyFake) -> dict[str, list[float]]:
    """search_typing: 12 characters at 30 ms per key into Explore's field; counts the search requests and times
    the results' frame from the fake's answer. detail_back: open an album (a pasted link), Esc, open it again:
    the second open must make no request."""
    fake.reset()
    if scenario == "artwork_detail":
        return run_artwork_once(program, quick, settle, fake)
    if scenario in ("scroll_thumbs", "scroll_thumbs_off"):
        return run_thumbs_once(program, scenario == "scroll_thumbs", quick, settle, fake)
    session = program.launch(scenario, 0)
    samples: dict[str, list[float]] = {}
    try:
        if session.wait_for_frame(program.frame_ready(scenario, 0), settle, 20) is None:
            raise RuntimeError(f"vibes {scenario}: no first frame; screen:\n{session.text()}")
        session.read_until_quiet(settle, settle)
        session.key(b"2", settle)
        if scenario == "preview_first_audio":
            samples = run_preview_once(session, settle)
        elif scenario == "for_you_cache":
            samples = run_for_you_once(session, settle, fake)
        elif scenario == "search_typing":
            session.key(b"/", settle)
            for character in "bench tracks"[: 6 if quick else 12]:
                sent = time.perf_counter()
                os.write(session.master, character.encode())
                got: list[tuple[float, bytes]] = []
                while time.perf_counter() < sent + 0.03:
                    ready, _, _ = select.select([session.master], [], [], max(0.0, sent + 0.03 - time.perf_counter()))
                    if ready:
                        got.append((time.perf_counter(), os.read(session.master, 65536)))
                session.chunks.extend(got)
                if got:
                    samples.setdefault("type_ms", []).append((got[-1][0] - sent) * 1000)
                    samples.setdefault("type_bytes", []).append(float(sum(len(d) for _, d in got)))
            results = lambda text: "Bench Track 1 " in text and "Artists" in text
            stamp = None
            deadline = time.perf_counter() + 5
            while stamp is None and time.perf_counter() < deadline:
                session.read_until_quiet(settle, 1.0)
                stamp = session.parse_pending(results)
            session.parse_pending()
            answered = fake.answered.get("/v1/search")
            if stamp is None or answered is None:
                raise RuntimeError(f"vibes search_typing: no results; screen:\n{session.text()}")
            samples["search_requests"] = [float(fake.count("/v1/search"))]
            samples["results_after_answer_ms"] = [(stamp - answered) * 1000]
        else:
            link = paste(f"https://open.spotify.com/album/{ALBUM_ID}")
            # The cover's box (reserved whether or not the terminal can draw it) pushes the last tracks below 24 rows.
            opened = lambda text: "Album Bench Album" in text and "10. Bench Track 10" in text
            sent = time.perf_counter()
            os.write(session.master, link)
            stamp = None
            while stamp is None and time.perf_counter() < sent + 5:
                session.read_until_quiet(settle, 1.0)
                stamp = session.parse_pending(opened)
            if stamp is None:
                raise RuntimeError(f"vibes detail_back: the album did not open; screen:\n{session.text()}")
            samples["first_open_ms"] = [(stamp - sent) * 1000]
            session.read_until_quiet(settle, settle)
            session.parse_pending()
            session.key(b"\x1b", settle)
            again = session.key(link, settle)
            if not opened(session.text()):
                raise RuntimeError(f"vibes detail_back: the second open failed; screen:\n{session.text()}")
            samples["second_open_ms"] = [again.latency_ms or 0.0]
            samples["second_open_bytes"] = [float(again.size)]
            samples["second_open_writes"] = [float(len(again.chunks))]
            samples["album_requests"] = [float(fake.count(f"/v1/albums/{ALBUM_ID}"))]
    finally:
        session.close(program.quit_keys)
    return samples


def run_artwork_once(program: Program, quick: bool, settle: float, fake: SpotifyFake) -> dict[str, list[float]]:
    """artwork_detail: the album's detail with its cover drawn (half-blocks: COLORTERM=truecolor) against the same
    detail without pictures (no COLORTERM), in two sessions: open_ms/open_bytes (paste -> tracklist drawn; _on also
    waits for the cover), down_ms/down_bytes (moving in the tracklist below the cover: it must not be sent again)
    and reopen_ms/reopen_bytes (Esc, then the same album again from the session's cache: a whole new frame, the
    cover included when on). Metrics end in _on or _off; the ratios are on/off."""
    home, _ = program.spotify
    link = paste(f"https://open.spotify.com/album/{ALBUM_ID}")
    # The cover's box pushes the tracklist down: the open frame is the header and the first tracks.
    opened = lambda text: "Album Bench Album" in text and "1. Bench Track 1 " in text
    samples: dict[str, list[float]] = {}
    for mode in ("off", "on"):
        env = spotify_env(program.env(home), fake)
        if mode == "on":
            env["COLORTERM"] = "truecolor"
        # A fresh picture cache each run: from the second run on the disk cache would answer, the cover would be
        # fetched 0 times and the open would measure the cache instead of the fetch.
        cache = Path(tempfile.mkdtemp(prefix="vibes-artwork-cache-"))
        env["XDG_CACHE_HOME"] = str(cache)
        session = Session(program.prefix + [str(program.binary)], env, str(home))
        try:
            if session.wait_for_frame(program.frame_ready("artwork_detail", 0), settle, 20) is None:
                raise RuntimeError(f"vibes artwork_detail: no first frame; screen:\n{session.text()}")
            session.read_until_quiet(settle, settle)
            session.key(b"2", settle)
            mark = len(session.chunks)
            sent = time.perf_counter()
            os.write(session.master, link)
            done = None
            while done is None and time.perf_counter() < sent + 5:
                session.read_until_quiet(settle, 1.0)
                session.parse_pending()
                data = b"".join(d for _, d in session.chunks[mark:])
                if opened(session.text()) and (mode == "off" or "▀".encode() in data):
                    done = session.chunks[-1][0]
            if done is None:
                raise RuntimeError(f"vibes artwork_detail ({mode}): the album or its cover did not show; "
                                   f"screen:\n{session.text()}")
            samples[f"open_ms_{mode}"] = [(done - sent) * 1000]
            samples[f"open_bytes_{mode}"] = [float(sum(len(d) for _, d in session.chunks[mark:]))]
            for _ in range(3 if quick else 8):
                burst = session.key(KEY_BYTES["down"], settle)
                samples.setdefault(f"down_ms_{mode}", []).append(burst.latency_ms or 0.0)
                samples.setdefault(f"down_bytes_{mode}", []).append(float(burst.size))
            session.key(b"\x1b", settle)
            again = session.key(link, settle)
            samples[f"reopen_ms_{mode}"] = [again.latency_ms or 0.0]
            samples[f"reopen_bytes_{mode}"] = [float(again.size)]
            if mode == "on" and fake.count("/image/cover.png") != 1:
                raise RuntimeError(f"vibes artwork_detail: the cover was fetched {fake.count('/image/cover.png')} times")
        finally:
            session.close(program.quit_keys)
            shutil.rmtree(cache, ignore_errors=True)
    for metric in ("open_ms", "down_ms", "down_bytes", "reopen_ms", "reopen_bytes"):
        off = statistics.median(samples[f"{metric}_off"])
        if off > 0:
            samples[f"{metric}_ratio"] = [statistics.median(samples[f"{metric}_on"]) / off]
    return samples


def run_thumbs_once(program: Program, on: bool, quick: bool, settle: float,
                    fake: SpotifyFake) -> dict[str, list[float]]:
    """scroll_thumbs / scroll_thumbs_off: Explore's saved songs (50 rows, each with its own album's 64 px cover)
    scrolled with Down, with thumbnails (kitty forced by KITTY_WINDOW_ID: pyte cannot show pictures, so the bytes
    are counted) and without (the same environment without it: no picture protocol, no pictures). Every picture is
    loaded first by one pass down the list and back (by page under --quick; thumb_fetches_first: the fetches for the
    rows on the first screen only; thumb_fetches: every cover once); then 20 Downs bring the focus to the bottom of
    the screen, and the
    measured Downs each scroll the list by a row. down_ms and down_bytes per Down; per Down, thumb_sent counts the
    pictures sent (a=T: the row that came into view) and thumb_moved the placements moved (a=p, a few bytes each).
    The target compares down_ms with scroll_thumbs_off (<= 1.2x)."""
    home, _ = program.spotify
    env = spotify_env(program.env(home), fake)
    env.pop("KITTY_WINDOW_ID", None)
    if on:
        env["KITTY_WINDOW_ID"] = "1"
    # A fresh cache folder each time, so every run fetches its covers (the disk cache would answer from run 2 on).
    cache = Path(tempfile.mkdtemp(prefix="vibes-thumbs-cache-"))
    env["XDG_CACHE_HOME"] = str(cache)
    shown = lambda text: "Bench Track 1 " in text and "Bench Track 5 " in text
    samples: dict[str, list[float]] = {}
    session = Session(program.prefix + [str(program.binary)], env, str(home))
    try:
        if session.wait_for_frame(program.frame_ready("scroll_thumbs", 0), settle, 20) is None:
            raise RuntimeError(f"vibes scroll_thumbs: no first frame; screen:\n{session.text()}")
        session.read_until_quiet(settle, settle)
        session.key(b"2", settle)
        session.key(b"l", settle, 0.5)  # the root is on "Your library" already: no frame, so a short wait
        sent = time.perf_counter()
        os.write(session.master, KEY_BYTES["enter"])
        stamp = None
        while stamp is None and time.perf_counter() < sent + 5:
            session.read_until_quiet(settle, 1.0)
            stamp = session.parse_pending(shown)
        session.parse_pending()
        if stamp is None:
            raise RuntimeError(f"vibes scroll_thumbs: the saved songs did not show; screen:\n{session.text()}")
        # The first screen's pictures: fetched (50 ms each at the fake) and drawn.
        deadline = time.perf_counter() + 5
        while on and time.perf_counter() < deadline and b"\x1b_Ga=T" not in b"".join(d for _, d in session.chunks):
            session.read_until_quiet(0.3, 1.0)
        session.read_until_quiet(0.3, 0.3)
        # Covers fetched by the time the first ones are drawn: never more than the rows on screen.
        samples["thumb_fetches_first"] = [float(fake.count_prefix("/image/thumb-"))]
        if on and not 0 < fake.count_prefix("/image/thumb-") < 50:
            raise RuntimeError(f"vibes scroll_thumbs: {fake.count_prefix('/image/thumb-')} covers fetched for "
                               "the first screen")
        # Down to the last row and back; the smoke run (--quick) pages instead, which shows every row as well.
        # A page past the end draws nothing: a short wait for it.
        for key in ["pgdn"] * 4 + ["pgup"] * 4 if quick else ["down"] * 49 + ["up"] * 49:
            session.key(KEY_BYTES[key], settle, 0.5 if quick else 3.0)
            if on:
                session.read_until_quiet(0.15, 0.15)  # the newly shown rows' covers arrive
        samples["thumb_fetches"] = [float(fake.count_prefix("/image/thumb-"))]
        if on and fake.count_prefix("/image/thumb-") != 50:
            raise RuntimeError(f"vibes scroll_thumbs: {fake.count_prefix('/image/thumb-')} cover fetches for 50 "
                               "rows (each should be fetched once)")
        for _ in range(20):
            session.key(KEY_BYTES["down"], settle)
        for _ in range(8 if quick else 25):
            burst = session.key(KEY_BYTES["down"], settle)
            data = b"".join(d for _, d in burst.chunks)
            samples.setdefault("down_ms", []).append(burst.latency_ms or 0.0)
            samples.setdefault("down_bytes", []).append(float(burst.size))
            samples.setdefault("thumb_sent", []).append(float(data.count(b"\x1b_Ga=T")))
            samples.setdefault("thumb_moved", []).append(float(data.count(b"\x1b_Ga=p")))
        # 20 + 8 (quick) or 20 + 25 Downs from the top: the first song has scrolled out of view either way.
        if "Bench Track 1 " in session.text() and not on:
            raise RuntimeError(f"vibes scroll_thumbs: the list did not scroll; screen:\n{session.text()}")
    finally:
        session.close(program.quit_keys)
        shutil.rmtree(cache, ignore_errors=True)
    return samples


# ------------------------------------------------------------------------------------ signed-in social scenarios

def firebase_env(env: dict[str, str], fake: FirebaseFake) -> dict[str, str]:
    return dict(env, **fake.environment())


def tab_number(session: Session, name: str) -> bytes:
    """The number key of tab `name`, read from the tab bar (the order comes from the app's tab list)."""
    words = session.text().splitlines()[0].split()
    return next(words[i - 1] for i, word in enumerate(words) if word == name and i > 0).encode()


def people_listed(text: str) -> bool:
    """People's root with your Following list drawn (the list is ordered by name: Friend 0, Friend 1, Friend 10 …)."""
    return "Friend 0" in text and "Friend 1" in text and "Friend 10" in text


def wait_for(session: Session, predicate, timeout: float, settle: float) -> float | None:
    """The time stamp of the chunk after which `predicate` holds (reading as needed), or None."""
    if predicate(session.text()):
        return session.chunks[-1][0] if session.chunks else time.perf_counter()
    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline:
        session.read_until_quiet(settle, max(0.05, min(1.0, deadline - time.perf_counter())))
        stamp = session.parse_pending(predicate)
        if stamp is not None:
            session.parse_pending()
            return stamp
        if session.process.poll() is not None:
            break
    return None


def writes_between(session: Session, start: float, end: float) -> int:
    return sum(1 for stamp, _ in session.chunks if start < stamp <= end)


def prepare_firebase_home(binary: Path, home: Path, fake: FirebaseFake):
    """A home signed in as @bench_me with `vibes auth login google --device` against the fake (its first poll
    answers with tokens), then People opened once so the lists are in the SQLite copy the next open draws first."""
    prepare_vibes_home(binary, home, 0)
    env = firebase_env(Vibes(binary, {}).env(home), fake)
    done = subprocess.run([str(binary), "auth", "login", "google", "--device"], env=env, cwd=home,
                          stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=60)
    if done.returncode != 0 or b"@bench_me" not in done.stdout:
        raise SystemExit(f"vibes auth login google --device failed:\n{done.stdout.decode(errors='replace')}")
    session = Session([str(binary)], env, str(home))
    try:
        if session.wait_for_frame(lambda text: " Profile" in text, 0.1, 20) is None:
            raise SystemExit(f"vibes did not start signed in:\n{session.text()}")
        session.read_until_quiet(0.1, 0.1)
        session.parse_pending()
        session.key(tab_number(session, "Profile"), 0.1)
        session.key(b"p", 0.1)
        if wait_for(session, lambda text: people_listed(text) and "@bench_me" in text, 20, 0.1) is None:
            raise SystemExit(f"People did not load in the bench home:\n{session.text()}")
        session.read_until_quiet(0.5, 0.5)  # the lists are written to the SQLite copy after the frame
    finally:
        session.close(b"\x03")


def run_blend_once(program: "Vibes", settle: float, blend) -> dict[str, list[float]]:
    """blend_resolve_30: People (Profile, p), Friend 0's profile (Enter), then m mixes a Blend: their taste summary
    (one Firestore read), yours (your top artists), one Gemini request for 30 songs, and the songs resolved through
    Create's SongResolver. blend_resolve_ms: m -> the preview saying "30 of 30 songs found" (the preview shows only
    once every song is resolved); search_requests and searches_in_flight_max at the Spotify fake; gemini_requests.
    Create's history and resolution cache are emptied first, so every run searches all 30 songs."""
    home, firebase, fakes = blend
    create_bench.reset_history(home)
    firebase.reset()
    env = firebase_env(program.env(home), firebase)
    env.update(create_bench.environment(fakes))
    session = Session(program.prefix + [str(program.binary)], env, str(home))
    samples: dict[str, list[float]] = {}
    try:
        if session.wait_for_frame(lambda text: " Profile" in text, settle, 20) is None:
            raise RuntimeError(f"vibes blend_resolve_30: no first frame; screen:\n{session.text()}")
        deadline = time.perf_counter() + 30
        while firebase.quiet_for() < 1.0 and time.perf_counter() < deadline:
            session.read_until_quiet(settle, 0.2)
        session.key(tab_number(session, "Profile"), settle)
        session.key(b"p", settle)
        if wait_for(session, people_listed, 10, settle) is None:
            raise RuntimeError(f"vibes blend_resolve_30: People did not open; screen:\n{session.text()}")
        selected = lambda: next((line for line in session.text().splitlines() if line.strip().startswith("›")), "")
        for _ in range(40):
            if "Friend 0 (@friend0)" in selected():
                break
            session.key(KEY_BYTES["down"], settle)
        if "Friend 0 (@friend0)" not in selected():
            raise RuntimeError(f"vibes blend_resolve_30: Friend 0 not selected; screen:\n{session.text()}")
        session.key(KEY_BYTES["enter"], settle)
        if wait_for(session, lambda text: "m Blend" in text, 10, settle) is None:
            raise RuntimeError(f"vibes blend_resolve_30: no Blend key on the profile; screen:\n{session.text()}")
        deadline = time.perf_counter() + 10
        while firebase.quiet_for() < 0.5 and time.perf_counter() < deadline:
            session.read_until_quiet(settle, 0.2)
        session.read_until_quiet(settle, settle)
        session.parse_pending()
        fakes.reset()
        firebase.reset()
        sent = time.perf_counter()
        os.write(session.master, b"m")
        done = f"{BLEND_SONGS} of {BLEND_SONGS} songs found"
        stamp = wait_for(session, lambda text: done in text, 20, 0.01)
        if stamp is None:
            raise RuntimeError(f"vibes blend_resolve_30: no resolved Blend; screen:\n{session.text()}")
        samples["blend_resolve_ms"] = [(stamp - sent) * 1000]
        with fakes.lock:
            samples["search_requests"] = [float(fakes.searches)]
            samples["searches_in_flight_max"] = [float(fakes.max_in_flight)]
            samples["gemini_requests"] = [float(fakes.gemini)]
        with firebase.lock:
            # Requests to the Firebase fake from m to the preview (their summary, the first-Blend achievement …).
            routes = {route: count for route, count in firebase.counts.items() if not route.startswith("runQuery:")}
        samples["firebase_requests"] = [float(sum(routes.values()))]
        if os.environ.get("BENCH_DEBUG"):
            print(f"blend_resolve_30 firebase routes: {routes}", file=sys.stderr)
    finally:
        session.close(program.quit_keys)
    return samples


def run_firebase_once(program: "Vibes", scenario: str, quick: bool, settle: float,
                      fake: FirebaseFake) -> dict[str, list[float]]:
    """people_300: Profile, then p opens People from its SQLite copy (writes and ms from the key to the drawn list;
    how many Firestore answers came before it), then the refresh's most `uid IN [≤30]` queries in flight together.
    find_users: at People's root, / and "friend29" typed (ms and bytes per key); after the typing pause the find
    runs by itself: the results' frame timed from the fake's last answer before it, and from the last key (the
    typing pause and the find's round trips). social_poll_10: on the Feed, 10 new shares appear at the fake, r: the
    frame with the newest new card timed from the last answer before it, and how many new cards it shows."""
    home, _ = program.firebase
    fake.reset()
    session = Session(program.prefix + [str(program.binary)], firebase_env(program.env(home), fake), str(home))
    samples: dict[str, list[float]] = {}
    try:
        if session.wait_for_frame(lambda text: " Profile" in text, settle, 20) is None:
            raise RuntimeError(f"vibes {scenario}: no first frame; screen:\n{session.text()}")
        if scenario == "social_poll_10":
            # Friends' shares show (from the cache, or the start's poll); a poll still in flight would hold `r` off
            # (one request at a time), so wait until the fake has been idle for a second.
            if wait_for(session, lambda text: "shared a song" in text, 20, settle) is None:
                raise RuntimeError(f"vibes social_poll_10: no shares after the start; screen:\n{session.text()}")
            deadline = time.perf_counter() + 30
            while fake.quiet_for() < 1.0 and time.perf_counter() < deadline:
                session.read_until_quiet(settle, 0.2)
            session.read_until_quiet(settle, settle)
            session.parse_pending()
            for _ in range(3 if quick else 10):
                burst = session.key(KEY_BYTES["down"], settle)
                if burst.latency_ms is not None:
                    samples.setdefault("down_ms", []).append(burst.latency_ms)
            session.key(KEY_BYTES["up"] * (3 if quick else 10), settle)
            titles = firebase_fake.add_new_shares(fake, 10)
            fake.reset()
            newest = titles[-1]
            sent = time.perf_counter()
            os.write(session.master, b"r")
            stamp = wait_for(session, lambda text: newest in text, 20, settle)
            if stamp is None:
                raise RuntimeError(f"vibes social_poll_10: the new shares did not show; screen:\n{session.text()}")
            answered = fake.last_answer_before(stamp)
            if answered is None:
                raise RuntimeError("vibes social_poll_10: the cards showed before any answer")
            samples["poll_queries"] = [float(fake.count("runQuery"))]
            samples["cards_after_answer_ms"] = [(stamp - answered) * 1000]
            samples["cards_after_answer_writes"] = [float(writes_between(session, answered, stamp))]
            samples["key_to_new_cards_ms"] = [(stamp - sent) * 1000]
            # r to the new cards in round trips of the fake (each answer waits `latency`): a count, not a time
            # (the poll's queries go together, at most 10 in flight, so about two).
            samples["key_to_new_cards_round_trips"] = [(stamp - sent) / fake.latency]
            samples["poll_queries_in_flight_max"] = [float(fake.max_in_flight)]
            samples["new_cards_in_that_frame"] = [float(sum(title in session.text() for title in titles))]
            return samples
        # The Feed's start-up requests (its social poll) are over before People is measured.
        deadline = time.perf_counter() + 30
        while fake.quiet_for() < 1.0 and time.perf_counter() < deadline:
            session.read_until_quiet(settle, 0.2)
        session.read_until_quiet(settle, settle)
        session.parse_pending()
        session.key(tab_number(session, "Profile"), settle)
        fake.reset()
        sent = time.perf_counter()
        os.write(session.master, b"p")
        stamp = wait_for(session, people_listed, 10, settle)
        if stamp is None:
            raise RuntimeError(f"vibes {scenario}: People did not open; screen:\n{session.text()}")
        if scenario == "people_300":
            samples["cached_open_ms"] = [(stamp - sent) * 1000]
            samples["cached_open_writes"] = [float(writes_between(session, sent, stamp))]
            samples["answers_before_list"] = [float(len([t for t, _ in fake.answers if t <= stamp]))]
        # The refresh: every followed person's profile in `uid IN [≤30]` queries.
        deadline = time.perf_counter() + 20
        while fake.count("runQuery:users:IN") < FOLLOWING // 30 and time.perf_counter() < deadline:
            session.read_until_quiet(settle, 0.5)
        session.read_until_quiet(0.3, 0.3)
        session.parse_pending()
        if scenario == "people_300":
            samples["in_queries"] = [float(fake.count("runQuery:users:IN"))]
            samples["in_queries_in_flight_max"] = [float(fake.max_in_flight_in.get("users", 0))]
            samples["queries_in_flight_max"] = [float(fake.max_in_flight)]
            return samples
        # find_users: / focuses the find field; typing "friend29" (a username prefix whose results no shorter prefix
        # has: @friend29 and @friend290) searches after the typing pause, as a user's would.
        session.key(b"/", settle)
        fake.reset()
        for character in "friend29":
            burst = session.key(character.encode(), settle)
            last_key_at = burst.start
            if burst.latency_ms is not None:
                samples.setdefault("type_ms", []).append(burst.latency_ms)
                samples.setdefault("type_bytes", []).append(float(burst.size))
        stamp = wait_for(session, lambda text: "@friend29)" in text and "@friend290)" in text, 10, settle)
        answered = fake.last_answer_before(stamp) if stamp is not None else None
        if stamp is None or answered is None:
            raise RuntimeError(f"vibes find_users: no results; screen:\n{session.text()}")
        samples["find_queries"] = [float(fake.count("runQuery"))]
        samples["results_after_answer_ms"] = [(stamp - answered) * 1000]
        samples["results_after_answer_writes"] = [float(writes_between(session, answered, stamp))]
        # Reported, no target: the last key to the results (the typing pause, then every round trip of the find).
        samples["results_after_last_key_ms"] = [(stamp - last_key_at) * 1000]
    finally:
        session.close(program.quit_keys)
    return samples


class CreateVibes(Vibes):
    """vibes in a home set up with a Gemini key and Spotify, against create_bench's loopback fakes."""

    def __init__(self, binary: Path, home: Path, fakes, prefix: list[str] | None = None):
        super().__init__(binary, {0: home}, prefix)
        self.home, self.fakes = home, fakes

    def supports(self, scenario: str) -> bool:
        return scenario in VIBES_ONLY

    def launch(self, scenario: str, items: int) -> Session:
        create_bench.reset_history(self.home)
        env = self.env(self.home)
        env.update(create_bench.environment(self.fakes))
        return Session(self.prefix + [str(self.binary)], env, str(self.home))

    def frame_ready(self, scenario: str, items: int):
        return lambda text: "Setup · " in text and " Create" in text

    def script(self, scenario: str, quick: bool) -> list[tuple[str, bytes]]:
        return []

    def measure(self, session: Session, scenario: str, settle: float) -> dict[str, list[float]]:
        bar = session.text().splitlines()[0]
        words = bar.split()
        number = next(words[i - 1] for i, word in enumerate(words) if word == "Create" and i > 0)
        return create_bench.measure(session, settle, number.encode())


class Floor(Program):
    name = "floor"
    quit_keys = b"\x03"

    def __init__(self, binary: Path, home: Path):
        self.binary, self.home = binary, home

    def launch(self, scenario: str, items: int) -> Session:
        return Session([str(self.binary), str(items)], base_env(self.home), str(self.home))

    def frame_ready(self, scenario: str, items: int):
        return feed_frame(items)


class Dialog(Program):
    """Debian's dialog: --menu for the feed and checklist, --form for typing. Enter ends dialog, so there is no
    push/pop to compare; Esc is measured on --menu (it exits after ncurses' default Esc delay)."""
    name = "dialog"

    def __init__(self, home: Path):
        self.home = home

    def supports(self, scenario: str) -> bool:
        return scenario != "start_0" and scenario not in VIBES_ONLY

    def launch(self, scenario: str, items: int) -> Session:
        if scenario == "form_typing":
            args = ["--insecure", "--passwordform", "Gemini API key", "12", "70", "1", "API key", "1", "1", "", "1", "10", "50", "100"]
        elif scenario == "checklist_down":
            args = ["--menu", "Setup", "20", "70", "12", "1", "Gemini API key", "2", "Ticketmaster API key",
                    "3", "Spotify app"]
        else:
            args = ["--menu", "Feed", "20", "76", "14"]
            for index in range(items):
                item_id = items - index
                args += [str(index + 1), fixture_item(item_id)[0]]
        argv = ["dialog"] + args
        if len(" ".join(argv)) > 100_000:
            # Too long for a command line: dialog reads its arguments from a file.
            argfile = self.home / f"menu-{items}.args"
            if not argfile.exists():
                argfile.write_text(" ".join(f'"{a}"' for a in args))
            argv = ["dialog", "--file", str(argfile)]
        return Session(argv, base_env(self.home), str(self.home))

    def frame_ready(self, scenario: str, items: int):
        if scenario == "form_typing":
            return lambda text: "<Cancel>" in text and "API key" in text
        if scenario == "checklist_down":
            return lambda text: "<Cancel>" in text and "Spotify app" in text
        return lambda text: "<Cancel>" in text and f"Headline {items}:" in text

    def script(self, scenario: str, quick: bool) -> list[tuple[str, bytes]]:
        if scenario == "push_pop":
            return [("esc", b"\x1b")]  # Esc leaves dialog: the only "pop" it has
        if scenario == "form_typing":
            return [step for step in default_script(scenario, quick) if step[0]]  # the form is open already
        # The menu is open already: no Enter to get there.
        return [step for step in default_script(scenario, quick) if step[0] or step[1] != b"\r"]


class Newsboat(Program):
    """newsboat over one local feed whose SQLite cache holds the same number of items as vibes'. Its article
    list opens with Enter and closes with q (Esc is not bound); '/' opens the search prompt for typing."""
    name = "newsboat"
    quit_keys = b"Q"

    def __init__(self, homes: dict[int, Path]):
        self.homes = homes

    def supports(self, scenario: str) -> bool:
        return scenario != "checklist_down" and scenario not in VIBES_ONLY

    def launch(self, scenario: str, items: int) -> Session:
        home = self.homes[items]
        argv = ["newsboat", "-u", str(home / "urls"), "-c", str(home / "cache.db"), "-C", str(home / "config")]
        return Session(argv, base_env(home), str(home))

    def frame_ready(self, scenario: str, items: int):
        return lambda text: "Bench feed" in text and "q:Quit" in text

    def script(self, scenario: str, quick: bool) -> list[tuple[str, bytes]]:
        if scenario == "push_pop":
            return [("enter", b"\r"), ("esc", b"q")] * (2 if quick else 6)
        if scenario == "form_typing":
            text = "AIzaSyBench0123456789"[: 5 if quick else 20]
            return [("", b"/")] + [("type", ch.encode()) for ch in text] + [("", b"\x07")]
        if scenario.startswith("scroll_"):
            return [("", b"\r")] + [("down", KEY_BYTES["down"])] * (10 if quick else 50)
        return []


# -------------------------------------------------------------------------------------------------- fixtures

def prepare_refresh_home(binary: Path, home: Path, items: int, server: SlowTicketmaster):
    """A home with Ticketmaster set up (through `vibes auth login`, against `server`) and `items` concert cards."""
    prepare_vibes_home(binary, home, items, concerts=True)
    (home / "bench-ticketmaster-url").write_text(server.url + "\n")
    env = Vibes(binary, {}).env(home)
    subprocess.run([str(binary), "auth", "login", "ticketmaster", "--city", "Berlin", "--with-token"],
                   input=b"TmBenchKey0123456789\n", env=env, cwd=home, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)


def prepare_vibes_home(binary: Path, home: Path, items: int, concerts: bool = False, social: bool = False):
    """Runs vibes once so it creates and migrates its database, then fills the Feed's card cache (`feedCard`, which
    the Feed reads; the old `feedItem` table is no longer shown) with `items` cards: the generic "Headline N" items
    as minimal cards, newest first, or with `concerts` full concert cards from bench/feed_cards.py."""
    home.mkdir(parents=True)
    program = Vibes(binary, {"0": home})
    session = program.launch("start_0", 0)
    ready = session.wait_for_frame(feed_frame(0), 0.1, 10)
    session.close(program.quit_keys)
    database = home / ".local/share/vibes/vibes.sqlite"
    if ready is None or not database.exists():
        raise SystemExit(f"vibes did not start in {home}:\n{session.text()}")
    if items == 0:
        return
    if concerts or social:
        sys.path.insert(0, str(ROOT / "bench"))
        import feed_cards
        if social:
            feed_cards.fill_social(database, items)
        else:
            feed_cards.fill(database, items)
        return
    connection = sqlite3.connect(database)
    rows = []
    for item_id in range(1, items + 1):
        # The same text the old feedItem rows showed: title, source and date.
        title, _, source = fixture_item(item_id)
        published = dt.datetime.fromtimestamp(EPOCH + item_id * 60, dt.timezone.utc).strftime("%Y-%m-%d")
        payload = json.dumps({"eventID": f"item{item_id}", "name": title, "attractions": [], "priceRanges": [],
                              "status": "onsale", "venueName": source, "localDate": published},
                             sort_keys=True, separators=(",", ":")).encode()
        rows.append((f"concert:item{item_id}", items - item_id, payload))
    with connection:
        connection.executemany(
            "INSERT INTO feedCard (key, kind, position, city, payload, fetchedAt) "
            "VALUES (?, 'concert', ?, NULL, ?, '2025-01-01 00:00:00.000')", rows)
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()


def prepare_newsboat_home(home: Path, items: int):
    """A local RSS file loaded once by `newsboat -x reload` (newsboat writes its own schema and feed row), then
    the item table filled with sqlite3."""
    home.mkdir(parents=True)
    feed = home / "feed.xml"
    url = f"file://{feed}"
    feed.write_text(
        '<?xml version="1.0"?><rss version="2.0"><channel><title>Bench feed</title>'
        f"<link>{url}</link><description>bench</description></channel></rss>\n")
    (home / "urls").write_text(url + "\n")
    (home / "config").write_text("confirm-exit no\ncleanup-on-quit no\nshow-read-feeds yes\n")
    subprocess.run(["newsboat", "-u", str(home / "urls"), "-c", str(home / "cache.db"), "-C",
                    str(home / "config"), "-x", "reload"], env=base_env(home), cwd=home, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    connection = sqlite3.connect(home / "cache.db")
    rows = []
    for item_id in range(1, items + 1):
        title, subtitle, source = fixture_item(item_id)
        rows.append((f"bench-{item_id}", title, source, f"https://example.invalid/{item_id}", url,
                     EPOCH + item_id * 60, subtitle, 1))
    with connection:
        connection.executemany(
            "INSERT INTO rss_item (guid, title, author, url, feedurl, pubDate, content, unread) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)", rows)
    connection.close()


def compile_floor(out: Path) -> Path:
    binary = out / "floor"
    source = ROOT / "bench" / "floor.c"
    if not binary.exists() or binary.stat().st_mtime < source.stat().st_mtime:
        compiler = os.environ.get("CC") or shutil.which("cc") or shutil.which("clang") or "cc"
        subprocess.run([compiler, "-O2", "-o", str(binary), str(source), "-lncursesw"],
                       check=True)
    return binary


# ---------------------------------------------------------------------------------------------------- running

def scenario_items(scenario: str) -> int:
    if (scenario in SPOTIFY_SCENARIOS or scenario in VIBES_ONLY or scenario in FIREBASE_SCENARIOS
            or scenario in BLEND_SCENARIOS):
        return 0
    suffix = scenario.rsplit("_", 1)[-1]
    return SIZES.get(suffix, 1_000)


def run_once(program: Program, scenario: str, quick: bool, settle: float) -> dict[str, list[float]]:
    items = scenario_items(scenario)
    session = program.launch(scenario, items)
    samples: dict[str, list[float]] = {}
    try:
        ready = session.wait_for_frame(program.frame_ready(scenario, items), settle, 20)
        if ready is None:
            raise RuntimeError(f"{program.name} {scenario}: no complete first frame; screen:\n{session.text()}")
        samples["first_frame_ms"] = [ready]
        session.read_until_quiet(settle, settle)
        session.parse_pending()
        samples["startup_bytes"] = [float(sum(len(data) for _, data in session.chunks))]
        for metric, data in program.script(scenario, quick):
            burst = session.key(data, settle)
            if metric and burst.latency_ms is not None:
                samples.setdefault(f"{metric}_ms", []).append(burst.latency_ms)
                samples.setdefault(f"{metric}_bytes", []).append(float(burst.size))
            elif metric:
                samples.setdefault(f"{metric}_silent", []).append(1.0)
        if isinstance(program, CreateVibes):
            for metric, values in program.measure(session, scenario, settle).items():
                samples.setdefault(metric, []).extend(values)
        rss = session.peak_rss_kb()
        if rss is not None:
            samples["peak_rss_kb"] = [float(rss)]
        dirty = session.private_dirty_kb()
        if dirty is not None:
            samples["private_dirty_kb"] = [float(dirty)]
        if scenario.startswith("start_"):
            for part, kb in session.rss_breakdown_kb().items():
                samples[part] = [float(kb)]
    finally:
        session.close(program.quit_keys)
    return samples


def summary(values: list[float]) -> dict[str, float]:
    return {"min": round(min(values), 3), "median": round(statistics.median(values), 3),
            "max": round(max(values), 3), "n": len(values)}


TARGETS = [
    # (description, scenario, metric, compared scenario, compared program, limit)
    ("start to first frame <= 3x floor (0 items)", "start_0", "first_frame_ms", "start_0", "floor", 3.0),
    ("start to first frame <= 3x floor (1,000 items)", "start_1k", "first_frame_ms", "start_1k", "floor", 3.0),
    ("start to first frame <= 3x floor (100,000 items)", "start_100k", "first_frame_ms", "start_100k", "floor",
     3.0),
    ("bytes per Down in the checklist <= 1.5x floor", "checklist_down", "down_bytes", "checklist_down", "floor",
     1.5),
    ("bytes per Down in the feed <= 1.5x floor", "scroll_1k", "down_bytes", "scroll_1k", "floor", 1.5),
    ("bytes per typed character <= 1.5x floor", "form_typing", "type_bytes", "form_typing", "floor", 1.5),
    ("Down at 100,000 items <= 1.1x Down at 1,000", "scroll_100k", "down_ms", "scroll_1k", "vibes", 1.1),
    # Peak RSS has no target (issue 26: "peak RSS reported with its breakdown"): it is printed after the targets,
    # split into the executable's pages, shared libraries, anonymous memory and the rest.
    ("private dirty with 100,000 items <= 4x floor", "start_100k", "private_dirty_kb", "start_100k", "floor", 4.0),
    # Issue 26: per-key latency within 2x the C floor for the same visual change.
    ("Down in the checklist <= 2x floor", "checklist_down", "down_ms", "checklist_down", "floor", 2.0),
    ("Down in the feed (1,000 items) <= 2x floor", "scroll_1k", "down_ms", "scroll_1k", "floor", 2.0),
    ("Down in the feed (100,000 items) <= 2x floor", "scroll_100k", "down_ms", "scroll_100k", "floor", 2.0),
    ("typed character <= 2x floor", "form_typing", "type_ms", "form_typing", "floor", 2.0),
    ("Enter (push) <= 2x floor", "push_pop", "enter_ms", "push_pop", "floor", 2.0),
    ("first frame with 100,000 concert cards <= 1.1x start_100k", "start_concerts_100k", "first_frame_ms",
     "start_100k", "vibes", 1.1),
    ("bytes per Down with 100,000 concert cards <= 1.1x scroll_100k", "scroll_concerts_100k", "down_bytes",
     "scroll_100k", "vibes", 1.1),
    ("Down during a refresh <= 1.1x Down at 1,000", "scroll_during_refresh", "down_ms", "scroll_1k", "vibes", 1.1),
    # Issue 23: the social Feed (500 people followed, 10,000 cached shares) starts from its cache like the concerts.
    ("first frame with 10,000 cached shares <= 1.1x start_concerts_100k", "start_social_10k", "first_frame_ms",
     "start_concerts_100k", "vibes", 1.1),
    # Issue 23: the social Feed's song cards against concert cards, 10,000 cached cards each, in the same run.
    ("Down on song cards <= 1.1x Down on concert cards", "cards_social_10k", "down_ms", "cards_concerts_10k",
     "vibes", 1.1),
    ("Enter on a song card <= 1.1x Enter on a concert card", "cards_social_10k", "enter_ms", "cards_concerts_10k",
     "vibes", 1.1),
    # Issue 25: a list with thumbnails (kitty) scrolls within 1.2x of the same list without pictures, same run.
    ("Down in a list with thumbnails <= 1.2x without", "scroll_thumbs", "down_ms", "scroll_thumbs_off", "vibes",
     1.2),
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--vibes", type=Path, required=True, help="the vibes binary (a release build)")
    parser.add_argument("--runs", type=int, default=5, help="measured runs per scenario and program")
    parser.add_argument("--warmup", type=int, default=1, help="runs dropped before measuring")
    parser.add_argument("--quick", action="store_true", help="smoke run: one run, floor only, few keys")
    parser.add_argument("--anchors", default="floor,dialog,newsboat", help="comma-separated anchors")
    parser.add_argument("--only", nargs="*", help="scenarios to run (default: all)")
    parser.add_argument("--settle", type=float, default=0.08, help="seconds of silence that end a burst")
    parser.add_argument("--vibes-prefix", default="",
                        help='command put before vibes, e.g. "perf record -g -o /tmp/vibes.perf" (profiling)')
    parser.add_argument("--json", type=Path, help="where to write the JSON (default bench/out/<time>.json)")
    args = parser.parse_args()
    if args.quick:
        args.runs, args.warmup, args.anchors, args.settle = 1, 0, "floor", 0.05
    scenarios = args.only or SCENARIOS
    anchors = [name for name in args.anchors.split(",") if name]
    OUT.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="vibes-bench-"))
    try:
        return bench(args, scenarios, anchors, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def bench(args, scenarios: list[str], anchors: list[str], work: Path) -> int:
    sizes = sorted({scenario_items(s) for s in scenarios})
    # A freshly linked binary's pages are still dirty in the page cache, and smaps would count them as the
    # process's private dirty memory: write them back first.
    os.sync()
    began = time.perf_counter()
    vibes_homes = {}
    slow_server = SlowTicketmaster() if any("refresh" in s for s in scenarios) else None
    for key in sorted({home_key(s) for s in scenarios
                       if s not in SPOTIFY_SCENARIOS and s not in VIBES_ONLY and s not in FIREBASE_SCENARIOS
                       and s not in BLEND_SCENARIOS}):
        vibes_homes[key] = work / f"vibes-{key}"
        count = int(key.split("-")[-1])
        if key.startswith("refresh-"):
            prepare_refresh_home(args.vibes.resolve(), vibes_homes[key], count, slow_server)
        else:
            prepare_vibes_home(
                args.vibes.resolve(), vibes_homes[key], count, key.startswith("concerts-"), key.startswith("social-"))
    vibes = Vibes(args.vibes.resolve(), vibes_homes, args.vibes_prefix.split())
    programs: list[Program] = [vibes]
    fake = None
    if SPOTIFY_SCENARIOS & set(scenarios):
        fake = SpotifyFake(latency=0.05)
        home = work / "vibes-spotify"
        prepare_spotify_home(args.vibes.resolve(), home, fake)
        vibes.spotify = (home, fake)
        if "for_you_cache" in scenarios:
            prepare_for_you(home)
        if "preview_first_audio" in scenarios and not prepare_preview(home):
            scenarios = [s for s in scenarios if s != "preview_first_audio"]
    firebase = None
    if FIREBASE_SCENARIOS & set(scenarios):
        firebase = FirebaseFake(latency=0.05)
        firebase_fake.seed_world(firebase, FOLLOWING)
        home = work / "vibes-firebase"
        prepare_firebase_home(args.vibes.resolve(), home, firebase)
        vibes.firebase = (home, firebase)
    blend = None
    if BLEND_SCENARIOS & set(scenarios):
        blend_home = work / "vibes-blend"
        blend_firebase = FirebaseFake(latency=0.05)
        firebase_fake.seed_world(blend_firebase, FOLLOWING)
        firebase_fake.add_taste_summary(blend_firebase, 0)
        prepare_firebase_home(args.vibes.resolve(), blend_home, blend_firebase)
        create_bench.add_to_vault(blend_home, {"gemini.apiKey": create_bench.GEMINI_KEY,
                                               "spotify.accessToken": create_bench.ACCESS_TOKEN,
                                               "spotify.refreshToken": create_bench.REFRESH_TOKEN})
        create_bench.connect_spotify(blend_home)
        blend = (blend_home, blend_firebase, create_bench.CreateFakes())
    if VIBES_ONLY & set(scenarios):
        create_home = work / "vibes-create"
        prepare_vibes_home(args.vibes.resolve(), create_home, 0)
        create_bench.prepare_create_home(create_home)
        programs.append(CreateVibes(args.vibes.resolve(), create_home, create_bench.CreateFakes(),
                                    args.vibes_prefix.split()))
    if "floor" in anchors:
        programs.append(Floor(compile_floor(OUT), work))
    if "dialog" in anchors and shutil.which("dialog"):
        programs.append(Dialog(work))
    if "newsboat" in anchors and shutil.which("newsboat"):
        newsboat_homes = {}
        for items in sizes:
            newsboat_homes[items] = work / f"newsboat-{items}"
            prepare_newsboat_home(newsboat_homes[items], items)
        programs.append(Newsboat(newsboat_homes))
    # The fixtures wrote ~100 MB of SQLite: written back now, not during the first scenarios' starts.
    os.sync()
    print(f"fixtures ready in {time.perf_counter() - began:.1f} s; programs: "
          f"{', '.join(p.name for p in programs)}", file=sys.stderr)

    samples: dict[str, dict[str, dict[str, list[float]]]] = {s: {} for s in scenarios}
    for scenario in scenarios:
        for run in range(args.warmup + args.runs):
            for program in programs:  # alternating A B C A B C ...
                if not program.supports(scenario) or (vibes_only(scenario) and program.name != "vibes"):
                    continue  # only vibes has typed concert cards and a refresh
                if scenario in SPOTIFY_SCENARIOS:
                    if program is not vibes or fake is None:
                        continue
                    result = run_spotify_once(program, scenario, args.quick, args.settle, fake)
                elif scenario in FIREBASE_SCENARIOS:
                    if program is not vibes or firebase is None:
                        continue
                    result = run_firebase_once(program, scenario, args.quick, args.settle, firebase)
                elif scenario in BLEND_SCENARIOS:
                    if program is not vibes or blend is None:
                        continue
                    result = run_blend_once(program, args.settle, blend)
                else:
                    result = run_once(program, scenario, args.quick, args.settle)
                if run < args.warmup:
                    continue
                bucket = samples[scenario].setdefault(program.name, {})
                for metric, values in result.items():
                    bucket.setdefault(metric, []).extend(values)
        print(f"  {scenario} done ({time.perf_counter() - began:.0f} s)", file=sys.stderr)

    report = make_report(args, scenarios, programs, samples)
    path = args.json or OUT / f"bench-{dt.datetime.now(dt.timezone.utc):%Y%m%dT%H%M%SZ}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(report, indent=2) + "\n")
    if not args.json:
        (OUT / "latest.json").write_text(json.dumps(report, indent=2) + "\n")
    print(render_table(report))
    print(f"\nJSON: {path}")
    return 0


def machine() -> dict[str, str]:
    cpu = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        system = platform.freedesktop_os_release().get("PRETTY_NAME", "")
    except (AttributeError, OSError):
        system = ""
    return {"cpu": cpu, "cores": str(os.cpu_count()), "kernel": platform.release(), "os": system,
            "python": platform.python_version(), "pyte": pyte_version(),
            "load_average": " ".join(f"{value:.2f}" for value in os.getloadavg())}


def pyte_version() -> str:
    try:
        from importlib.metadata import version
        return version("pyte")
    except Exception:  # Debian's package carries no metadata for another interpreter
        return getattr(pyte, "__version__", "")


def make_report(args, scenarios, programs, samples) -> dict:
    report = {
        "command": "make bench" + (" QUICK=1" if args.quick else ""),
        "date": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
        "machine": machine(),
        "config": {"runs": args.runs, "warmup": args.warmup, "quick": args.quick, "settle_s": args.settle,
                   "terminal": f"{COLUMNS}x{ROWS} TERM=xterm-256color C.UTF-8",
                   "programs": list(dict.fromkeys(p.name for p in programs))},
        "scenarios": {},
        "targets": [],
    }
    for scenario in scenarios:
        entry = {"items": scenario_items(scenario), "programs": {}, "ratios": {}}
        for name, metrics in samples[scenario].items():
            entry["programs"][name] = {metric: summary(values) for metric, values in metrics.items()}
        vibes = entry["programs"].get("vibes", {})
        for name, metrics in entry["programs"].items():
            if name == "vibes":
                continue
            ratios = {}
            for metric, stats in vibes.items():
                other = metrics.get(metric)
                if other and other["median"] > 0:
                    ratios[metric] = round(stats["median"] / other["median"], 2)
            entry["ratios"][name] = ratios
        report["scenarios"][scenario] = entry
    for description, scenario, metric, base_scenario, base_program, limit in TARGETS:
        try:
            value = report["scenarios"][scenario]["programs"]["vibes"][metric]["median"]
            base = report["scenarios"][base_scenario]["programs"][base_program][metric]["median"]
        except KeyError:
            continue
        ratio = value / base if base else float("inf")
        report["targets"].append({"target": description, "vibes": value, "base": base,
                                  "ratio": round(ratio, 2), "limit": limit, "met": ratio <= limit})
    try:
        value = report["scenarios"]["generate_resolve_20"]["programs"]["vibes"]["generate_resolve_ms"]["median"]
        budget = float(create_bench.BUDGET_MS)
        report["targets"].append({"target": "generate_resolve_20: Enter to a resolved preview <= 450 ms",
                                  "vibes": value, "base": budget, "ratio": round(value / budget, 2), "limit": 1.0,
                                  "met": value <= budget})
    except KeyError:
        pass
    try:
        blend = report["scenarios"]["blend_resolve_30"]["programs"]["vibes"]
        create = report["scenarios"]["generate_resolve_20"]["programs"]["vibes"]["generate_resolve_ms"]["median"]
        value = blend["blend_resolve_ms"]["median"]
        report["targets"].append({"target": "blend_resolve_30: m to a resolved Blend of 30 <= 1.5x generate_resolve_20",
                                  "vibes": value, "base": create, "ratio": round(value / create, 2), "limit": 1.5,
                                  "met": value <= 1.5 * create})
        searches = blend["search_requests"]["max"]
        report["targets"].append({"target": "blend_resolve_30: one search per song", "vibes": searches,
                                  "base": float(BLEND_SONGS), "ratio": round(searches / BLEND_SONGS, 2), "limit": 1.0,
                                  "met": searches <= BLEND_SONGS})
        most = blend["searches_in_flight_max"]["max"]
        report["targets"].append({"target": "blend_resolve_30: <= 4 searches in flight (Create's SongResolver)",
                                  "vibes": most, "base": 4.0, "ratio": round(most / 4.0, 2), "limit": 1.0,
                                  "met": most <= 4.0})
    except KeyError:
        pass
    try:
        esc = report["scenarios"]["push_pop"]["programs"]["vibes"]["esc_ms"]["median"]
        report["targets"].append({"target": "Esc reacts within 30 ms", "vibes": esc, "base": 30.0,
                                  "ratio": round(esc / 30.0, 2), "limit": 1.0, "met": esc <= 30.0})
    except KeyError:
        pass
    spotify = report["scenarios"]
    try:
        requests = spotify["search_typing"]["programs"]["vibes"]["search_requests"]["max"]
        report["targets"].append({"target": "search_typing: exactly one search request", "vibes": requests,
                                  "base": 1.0, "ratio": requests, "limit": 1.0, "met": requests == 1.0})
        late = spotify["search_typing"]["programs"]["vibes"]["results_after_answer_ms"]["median"]
        report["targets"].append({"target": "search_typing: results within 60 ms of the answer", "vibes": late,
                                  "base": 60.0, "ratio": round(late / 60.0, 2), "limit": 1.0, "met": late <= 60.0})
        typed = spotify["search_typing"]["programs"]["vibes"]["type_bytes"]["median"]
        form = spotify["form_typing"]["programs"]["vibes"]["type_bytes"]["median"]
        report["targets"].append({"target": "search_typing: bytes per key <= 1.5x form_typing", "vibes": typed,
                                  "base": form, "ratio": round(typed / form, 2), "limit": 1.5,
                                  "met": typed <= 1.5 * form})
    except KeyError:
        pass
    try:
        album = spotify["detail_back"]["programs"]["vibes"]["album_requests"]["max"]
        report["targets"].append({"target": "detail_back: the second open makes no request", "vibes": album,
                                  "base": 1.0, "ratio": album, "limit": 1.0, "met": album == 1.0})
        writes = spotify["detail_back"]["programs"]["vibes"]["second_open_writes"]["max"]
        report["targets"].append({"target": "detail_back: the second open draws in one frame", "vibes": writes,
                                  "base": 1.0, "ratio": writes, "limit": 1.0, "met": writes <= 1.0})
    except KeyError:
        pass
    try:
        for_you = spotify["for_you_cache"]["programs"]["vibes"]
        writes = for_you["open_writes"]["max"]
        report["targets"].append({"target": "for_you_cache: For You opens from its copy in one frame",
                                  "vibes": writes, "base": 1.0, "ratio": writes, "limit": 1.0, "met": writes <= 1.0})
        asked = for_you["requests_before_list"]["max"]
        report["targets"].append({"target": "for_you_cache: no request before the list", "vibes": asked,
                                  "base": 0.0, "ratio": asked, "limit": 0.0, "met": asked == 0.0})
    except KeyError:
        pass
    social = report["scenarios"]
    try:
        people = social["people_300"]["programs"]["vibes"]
        writes = people["cached_open_writes"]["max"]
        report["targets"].append({"target": "people_300: People opens from its copy in one frame", "vibes": writes,
                                  "base": 1.0, "ratio": writes, "limit": 1.0, "met": writes <= 1.0})
        before = people["answers_before_list"]["max"]
        report["targets"].append({"target": "people_300: the list is drawn before any Firestore answer",
                                  "vibes": before, "base": 0.0, "ratio": before, "limit": 0.0, "met": before == 0})
        limit = float(-(-FOLLOWING // 30))
        flying = people["in_queries_in_flight_max"]["max"]
        report["targets"].append({"target": f"people_300: <= {limit:g} IN queries in flight together",
                                  "vibes": flying, "base": limit, "ratio": round(flying / limit, 2), "limit": 1.0,
                                  "met": flying <= limit})
    except KeyError:
        pass
    try:
        find = social["find_users"]["programs"]["vibes"]
        writes = find["results_after_answer_writes"]["max"]
        report["targets"].append({"target": "find_users: results in the first frame after the answer",
                                  "vibes": writes, "base": 1.0, "ratio": writes, "limit": 1.0, "met": writes <= 1.0})
        # An answer from Firebase is drawn about as fast as a key press is (the same run's per-key latency).
        late, key = find["results_after_answer_ms"]["median"], find["type_ms"]["median"]
        report["targets"].append({"target": "find_users: answer to results <= 1.5x a typed character",
                                  "vibes": late, "base": key, "ratio": round(late / key, 2) if key else float("inf"),
                                  "limit": 1.5, "met": late <= 1.5 * key})
    except KeyError:
        pass
    try:
        poll = social["social_poll_10"]["programs"]["vibes"]
        writes = poll["cards_after_answer_writes"]["max"]
        report["targets"].append({"target": "social_poll_10: new cards in the first frame after the answer",
                                  "vibes": writes, "base": 1.0, "ratio": writes, "limit": 1.0, "met": writes <= 1.0})
        # r to the new cards in the fake's round trips (a count): about two when the queries go together.
        trips = poll["key_to_new_cards_round_trips"]["median"]
        report["targets"].append({"target": "social_poll_10: r to new cards <= 3 round trips of the fake",
                                  "vibes": round(trips, 2), "base": 3.0, "ratio": round(trips / 3.0, 2),
                                  "limit": 1.0, "met": trips <= 3.0})
        late, key = poll["cards_after_answer_ms"]["median"], poll["down_ms"]["median"]
        report["targets"].append({"target": "social_poll_10: answer to new cards <= 1.5x Down on the Feed",
                                  "vibes": late, "base": key, "ratio": round(late / key, 2) if key else float("inf"),
                                  "limit": 1.5, "met": late <= 1.5 * key})
    except KeyError:
        pass
    return report


def render_table(report: dict) -> str:
    names = report["config"]["programs"]
    anchors = [n for n in names if n != "vibes"]
    header = ["scenario", "metric"] + [f"{n} (median)" for n in names] + [f"vibes/{n}" for n in anchors]
    rows = []
    for scenario, entry in report["scenarios"].items():
        metrics = []
        for program in entry["programs"].values():
            metrics += [m for m in program if m not in metrics]
        for metric in metrics:
            row = [scenario, metric]
            for name in names:
                stats = entry["programs"].get(name, {}).get(metric)
                row.append(format_value(stats["median"], metric) if stats else "–")
            for name in anchors:
                ratio = entry["ratios"].get(name, {}).get(metric)
                row.append(f"{ratio:.2f}x" if ratio is not None else "–")
            rows.append(row)
    lines = [format_rows([header] + rows)]
    lines.append("")
    lines.append("vibes min / median / max:")
    detail = [["scenario", "metric", "min", "median", "max", "n"]]
    for scenario, entry in report["scenarios"].items():
        for metric, stats in entry["programs"].get("vibes", {}).items():
            detail.append([scenario, metric, format_value(stats["min"], metric),
                           format_value(stats["median"], metric), format_value(stats["max"], metric),
                           str(stats["n"])])
    lines.append(format_rows(detail))
    if report["targets"]:
        lines.append("")
        lines.append("targets:")
        target_rows = [["target", "vibes", "base", "ratio", "limit", "met"]]
        for target in report["targets"]:
            target_rows.append([target["target"], f"{target['vibes']:g}", f"{target['base']:g}",
                                f"{target['ratio']:.2f}", f"{target['limit']:g}",
                                "yes" if target["met"] else "NO"])
        lines.append(format_rows(target_rows))
    breakdown = []
    for scenario, entry in report["scenarios"].items():
        for name, metrics in entry["programs"].items():
            if "peak_rss_kb" not in metrics or "rss_binary_kb" not in metrics:
                continue
            parts = ", ".join(f"{label} {metrics[key]['median'] / 1024:.1f} MB" for key, label in
                              (("rss_binary_kb", "executable"), ("rss_libraries_kb", "shared libraries"),
                               ("rss_anonymous_kb", "anonymous"), ("rss_other_kb", "other")))
            dirty = metrics.get("private_dirty_kb", {}).get("median")
            dirty_text = f"; private dirty {dirty / 1024:.1f} MB" if dirty is not None else ""
            breakdown.append(f"  {scenario} {name}: peak {metrics['peak_rss_kb']['median'] / 1024:.1f} MB; "
                             f"resident at the end: {parts}{dirty_text}")
    if breakdown:
        lines.append("")
        lines.append("peak RSS and where the resident pages are (medians):")
        lines.extend(breakdown)
    return "\n".join(lines)


def format_value(value: float, metric: str) -> str:
    if metric.endswith("_ms"):
        return f"{value:.2f} ms"
    if metric.endswith("_kb"):
        return f"{value / 1024:.1f} MB"
    return f"{value:g}"


def format_rows(rows: list[list[str]]) -> str:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    out = []
    for index, row in enumerate(rows):
        out.append("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip())
        if index == 0:
            out.append("  ".join("-" * width for width in widths))
    return "\n".join(out)


if __name__ == "__main__":
    sys.exit(main())
