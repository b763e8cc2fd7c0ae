"""The Create tab's bench scenario, generate_resolve_20: Enter on a prompt -> a fully resolved preview of 20 songs,
against loopback fakes with 100 ms latency for Gemini and 50 ms for each Spotify search (issue 11). Budget:
100 ms + 5 search rounds x 50 ms (4 in flight) + 100 ms overhead = 450 ms.

The home is prepared as after a finished setup: the Gemini key and Spotify tokens in the encrypted vault (same
format as VaultFormat.swift: "VIBESVLT" | 1 | ChaCha20-Poly1305 nonce|ciphertext|tag over sorted-key JSON), the
Spotify connection row in SQLite."""

from __future__ import annotations

import datetime as dt
import json
import os
import socket
import sqlite3
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

GEMINI_LATENCY = 0.100
SEARCH_LATENCY = 0.050
SONGS = 20
BUDGET_MS = 100 + 5 * 50 + 100
GEMINI_KEY = "AIzaSyBenchCreateKey0123456789abcdef"
ACCESS_TOKEN = "BQBenchCreateAccessToken0123456789"
REFRESH_TOKEN = "AQBenchCreateRefreshToken0123456789"


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):  # quiet
        pass

    def setup(self):
        super().setup()
        # Headers and body leave in two writes; without TCP_NODELAY the second waits for the client's delayed ACK
        # (40 ms on Linux), a latency of the fake, not of vibes.
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def _json(self, status: int, body: dict):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = json.loads(self.rfile.read(length) or b"{}")
        if ":generateContent" not in self.path or self.headers.get("x-goog-api-key") != GEMINI_KEY:
            return self._json(404, {"error": {"code": 404, "message": "not found", "status": "NOT_FOUND"}})
        with self.server.fakes.lock:
            self.server.fakes.gemini += 1
        time.sleep(GEMINI_LATENCY)
        schema = body.get("generationConfig", {}).get("responseJsonSchema", {})
        count = schema.get("properties", {}).get("songs", {}).get("minItems", SONGS)
        songs = [{"title": f"Bench Song {i}", "artist": f"Bench Artist {i}"} for i in range(count)]
        text = json.dumps({"name": "Bench Mix", "description": "Songs for the bench.", "songs": songs})
        self._json(200, {"candidates": [{"content": {"parts": [{"text": text}], "role": "model"},
                                         "finishReason": "STOP", "index": 0}]})

    def do_GET(self):
        url = urllib.parse.urlparse(self.path)
        if url.path == "/v1/me/top/artists" and self.headers.get("Authorization") == f"Bearer {ACCESS_TOKEN}":
            # The Blend's own side (blend_resolve_30): your top artists with their genres, one Web API answer.
            time.sleep(SEARCH_LATENCY)
            artists = [{"id": f"benchtop{i}".ljust(22, "0"), "name": f"Bench Top Artist {i}", "type": "artist",
                        "uri": "spotify:artist:" + f"benchtop{i}".ljust(22, "0"), "genres": ["bench pop"],
                        "popularity": 50, "images": [], "followers": {"total": 1}} for i in range(5)]
            return self._json(200, {"items": artists, "total": len(artists), "limit": 20, "offset": 0,
                                     "href": "", "next": None, "previous": None})
        if url.path != "/v1/search" or self.headers.get("Authorization") != f"Bearer {ACCESS_TOKEN}":
            return self._json(404, {"error": {"status": 404, "message": "Service not found"}})
        self.server.fakes.search_began()
        try:
            time.sleep(SEARCH_LATENCY)
            self._search(url)
        finally:
            self.server.fakes.search_ended()

    def _search(self, url):
        query = urllib.parse.parse_qs(url.query).get("q", [""])[0]
        parts = query.split('"')
        title, artist = (parts[1], parts[3]) if len(parts) >= 4 else ("?", "?")
        number = "".join(ch for ch in title if ch.isdigit()) or "0"
        track_id = f"benchtrack{number}".ljust(22, "0")[:22]
        track = {
            "id": track_id, "name": title, "type": "track", "uri": f"spotify:track:{track_id}",
            "duration_ms": 200_000, "explicit": False, "track_number": 1, "disc_number": 1, "is_local": False,
            "artists": [{"id": "benchartist".ljust(22, "0"), "name": artist, "type": "artist",
                         "uri": "spotify:artist:" + "benchartist".ljust(22, "0")}],
            "album": {"id": "benchalbum".ljust(22, "0"), "name": "Bench Album", "type": "album",
                      "album_type": "album", "uri": "spotify:album:" + "benchalbum".ljust(22, "0"),
                      "release_date": "2020-01-01", "release_date_precision": "day", "total_tracks": 1,
                      "artists": [], "images": []},
        }
        self._json(200, {"tracks": {"href": "", "items": [track], "total": 1, "limit": 5, "offset": 0,
                                    "next": None, "previous": None}})


class CreateFakes:
    """Gemini and the Spotify Web API's search on one loopback port, each request on its own thread."""

    def __init__(self):
        self.lock = threading.Lock()
        self.searches = self.in_flight = self.max_in_flight = self.gemini = 0
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
        self.server.fakes = self
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def reset(self):
        with self.lock:
            self.searches = self.max_in_flight = self.gemini = 0

    def search_began(self):
        with self.lock:
            self.searches += 1
            self.in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self.in_flight)

    def search_ended(self):
        with self.lock:
            self.in_flight -= 1

    def stop(self):
        self.server.shutdown()


def write_vault(home: Path, secrets: dict[str, str]):
    from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305

    key = os.urandom(32)
    key_file = home / ".config/vibes/vault.key"
    vault = home / ".local/share/vibes/secrets.vault"
    key_file.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    vault.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    fd = os.open(key_file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.write(fd, key)
    os.close(fd)
    nonce = os.urandom(12)
    plaintext = json.dumps(secrets, sort_keys=True, separators=(",", ":")).encode()
    sealed = ChaCha20Poly1305(key).encrypt(nonce, plaintext, b"vibes.vault.v1")
    fd = os.open(vault, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.write(fd, b"VIBESVLT" + bytes([1]) + nonce + sealed)
    os.close(fd)


def prepare_create_home(home: Path):
    """Seeds a home (whose database vibes already created) as set up: Gemini key, Spotify connected."""
    write_vault(home, {"gemini.apiKey": GEMINI_KEY, "spotify.accessToken": ACCESS_TOKEN,
                       "spotify.refreshToken": REFRESH_TOKEN})
    connect_spotify(home)


def add_to_vault(home: Path, secrets: dict[str, str]):
    """Adds `secrets` to the home's existing vault (e.g. one `vibes auth login google --device` wrote), same key."""
    from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305

    key = (home / ".config/vibes/vault.key").read_bytes()
    vault = home / ".local/share/vibes/secrets.vault"
    data = vault.read_bytes()
    assert data[:9] == b"VIBESVLT" + bytes([1]), "unknown vault format"
    nonce, sealed = data[9:21], data[21:]
    stored = json.loads(ChaCha20Poly1305(key).decrypt(nonce, sealed, b"vibes.vault.v1"))
    stored.update(secrets)
    nonce = os.urandom(12)
    plaintext = json.dumps(stored, sort_keys=True, separators=(",", ":")).encode()
    fd = os.open(vault, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.write(fd, b"VIBESVLT" + bytes([1]) + nonce + ChaCha20Poly1305(key).encrypt(nonce, plaintext, b"vibes.vault.v1"))
    os.close(fd)


def connect_spotify(home: Path):
    """The Spotify connection row as after a finished setup (the tokens go into the vault separately)."""
    now = dt.datetime.now(dt.timezone.utc)
    stamp = lambda moment: moment.strftime("%Y-%m-%d %H:%M:%S.000")  # noqa: E731
    connection = sqlite3.connect(home / ".local/share/vibes/vibes.sqlite")
    with connection:
        connection.execute(
            "INSERT OR REPLACE INTO spotifyConnection (id, displayName, userID, connectedAt, needsReconnect, "
            "accessTokenExpiresAt) VALUES (1, 'Bench', 'bench', ?, 0, ?)",
            (stamp(now), stamp(now + dt.timedelta(days=1))))
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()


def reset_history(home: Path):
    """Empties the Create history and the resolution cache, so every run searches all 20 songs."""
    connection = sqlite3.connect(home / ".local/share/vibes/vibes.sqlite")
    with connection:
        for table in ("createSongResolution", "createPlaylistSong", "createPlaylist"):
            connection.execute(f"DELETE FROM {table}")
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()


def environment(fakes: CreateFakes) -> dict[str, str]:
    return {"VIBES_GEMINI_API_URL": fakes.url, "VIBES_SPOTIFY_API_URL": fakes.url,
            "VIBES_SPOTIFY_ACCOUNTS_URL": "http://127.0.0.1:9", "VIBES_SPOTIFY_CLIENT_ID": "0123456789abcdef0123456789abcdef"}


def measure(session, settle: float, tab_key: bytes) -> dict[str, list[float]]:
    """Opens Create, types a prompt, and times Enter -> "20 of 20 songs found" on screen; then a Down key in the
    preview (the UI must keep answering in normal per-key time)."""
    session.key(tab_key, settle)
    if session.wait_for_frame(lambda text: "Create a playlist with Gemini" in text, settle, 10) is None:
        raise RuntimeError(f"Create did not open:\n{session.text()}")
    # Arriving on Create puts the focus in the prompt (issue 20): type at once.
    for character in "bench night drive":
        os.write(session.master, character.encode())
    session.read_until_quiet(settle, settle)
    session.parse_pending()
    sent = time.perf_counter()
    os.write(session.master, b"\r")
    done = session.wait_for_frame(lambda text: f"{SONGS} of {SONGS} songs found" in text, 0.01, 15)
    if done is None:
        raise RuntimeError(f"no resolved preview:\n{session.text()}")
    samples = {"generate_resolve_ms": [done - (sent - session.start) * 1000]}
    burst = session.key(b"\x1b[B", settle)
    if burst.latency_ms is not None:
        samples["down_ms"] = [burst.latency_ms]
    return samples
