"""A loopback stand-in for Spotify (accounts and Web API) for the bench's Explore scenarios.

Every Web API answer waits a fixed latency (50 ms) first. It records, per path, how many requests came and when
the last answer was fully written (time.perf_counter, the bench's clock: it runs in a thread of the bench).
"""

from __future__ import annotations

import struct
import zlib
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler

from fakehttp import LoopbackFake, redirect, reply, reply_json, spotify_error

ALBUM_ID = "BenchAlbum000000000001"
ARTIST_ID = "BenchArtist00000000001"


def track(number: int) -> dict:
    return {"id": f"BenchTrack{number:012d}", "name": f"Bench Track {number}", "type": "track",
            "uri": f"spotify:track:BenchTrack{number:012d}", "duration_ms": 180_000 + number * 1000,
            "explicit": False, "track_number": number,
            "artists": [{"id": ARTIST_ID, "name": "Bench Artist", "uri": f"spotify:artist:{ARTIST_ID}"}]}


ALBUM = {"id": ALBUM_ID, "name": "Bench Album", "uri": f"spotify:album:{ALBUM_ID}", "album_type": "album",
         "release_date": "2024-05-01", "release_date_precision": "day", "total_tracks": 12,
         "artists": [{"id": ARTIST_ID, "name": "Bench Artist", "uri": f"spotify:artist:{ARTIST_ID}"}], "images": []}


def cover_png(size: int = 300) -> bytes:
    """A size×size RGB PNG (a diagonal gradient): the album's cover, served by the fake as /image/cover.png."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    rows = b"".join(b"\x00" + bytes(v for x in range(size) for v in (x * 255 // size, y * 255 // size, 128))
                    for y in range(size))
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


COVER = cover_png()
# Saved songs for scroll_thumbs: 50 tracks, each on its own album whose images are Spotify's usual 640/300/64
# sizes; only the 64 px one is served (/image/thumb-N.png), as the list asks for the smallest covering its box.
SAVED_COUNT = 50
THUMB = cover_png(64)


def saved_track(number: int, base: str) -> dict:
    album_id = f"BenchThumb{number:012d}"
    images = [{"url": f"{base}/image/big-{number}.png", "width": 640, "height": 640},
              {"url": f"{base}/image/mid-{number}.png", "width": 300, "height": 300},
              {"url": f"{base}/image/thumb-{number}.png", "width": 64, "height": 64}]
    album = dict(ALBUM, id=album_id, name=f"Thumb Album {number}", uri=f"spotify:album:{album_id}", images=images)
    return {"added_at": "2025-01-01T00:00:00Z", "track": dict(track(number), album=album)}


def page(items: list, limit: int = 10) -> dict:
    return {"items": items[:limit], "total": len(items), "limit": limit, "offset": 0, "next": None}


class SpotifyFake(LoopbackFake):
    def __init__(self, latency: float = 0.05):
        self.latency = latency
        self.answered: dict[str, float] = {}
        super().__init__()

    def count_prefix(self, prefix: str) -> int:
        with self.lock:
            return sum(count for path, count in self.counts.items() if path.startswith(prefix))

    def reset(self):
        with self.lock:
            self.counts.clear()
            self.answered.clear()

    def handle(self, handler: BaseHTTPRequestHandler, method: str, body: bytes):
        parts = urllib.parse.urlsplit(handler.path)
        path, query = parts.path, urllib.parse.parse_qs(parts.query)
        with self.lock:
            self.counted(path)
        if path == "/authorize":
            target = query["redirect_uri"][0] + "?" + urllib.parse.urlencode(
                {"code": "bench-code", "state": query["state"][0]})
            redirect(handler, target)
            return
        if path == "/api/token":
            return self.json(handler, path, {"access_token": "bench-access", "token_type": "Bearer",
                                             "expires_in": 3600, "refresh_token": "bench-refresh",
                                             "scope": "user-read-private"})
        time.sleep(self.latency)
        if path == "/v1/me":
            return self.json(handler, path, {"id": "bench", "display_name": "Bench User"})
        if path == "/v1/search":
            tracks = [track(n) for n in range(1, 13)]
            artists = [{"id": ARTIST_ID, "name": "Bench Artist", "genres": ["bench"],
                        "uri": f"spotify:artist:{ARTIST_ID}"}]
            return self.json(handler, path, {"tracks": page(tracks), "artists": page(artists),
                                             "albums": page([ALBUM]), "playlists": page([])})
        if path.startswith("/v1/tracks/BenchTrack"):
            number = int(path.rsplit("BenchTrack", 1)[1] or 0)
            if 1 <= number <= 12:
                return self.json(handler, path, dict(track(number), album=ALBUM))
        if path == f"/v1/albums/{ALBUM_ID}":
            images = [{"url": f"{self.url}/image/cover.png", "width": 300, "height": 300}]
            return self.json(handler, path, dict(ALBUM, images=images, tracks=page([track(n) for n in range(1, 13)], 50)))
        if path == "/v1/me/tracks":
            items = [saved_track(n, self.url) for n in range(1, SAVED_COUNT + 1)]
            return self.json(handler, path, page(items, SAVED_COUNT))
        if path.startswith("/image/thumb-"):
            reply(handler, THUMB, "image/png")
            return
        if path == "/image/cover.png":
            if reply(handler, COVER, "image/png"):
                with self.lock:
                    self.answered[path] = time.perf_counter()
            return
        if path == "/v1/me/library/contains":
            uris = (query.get("uris") or [""])[0].split(",")
            return self.json(handler, path, [False for _ in uris])
        return self.json(handler, path, spotify_error(404, "Not found"), status=404)

    def json(self, handler: BaseHTTPRequestHandler, path: str, body, status: int = 200):
        if reply_json(handler, body, status):
            with self.lock:
                self.answered[path] = time.perf_counter()
