"""What the bench's loopback fakes (bench/spotify_fake.py, bench/firebase_fake.py) share: an HTTP/1.1 server on
127.0.0.1 at a free port, each request on its own daemon thread of the bench, no request log on stderr, and
answers written whole with `Connection: close`.

A fake subclasses `LoopbackFake` and defines `handle(handler, method, body)`; the body is read for every method
(empty when the request has none), so a request's bytes are never left unread on a closed connection. It answers
with `reply`, `reply_json` or `redirect` (each False when vibes hung up first) and the error bodies of
`google_error` / `spotify_error`, and counts requests by key with `counted` under its `lock`.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

Handle = Callable[[BaseHTTPRequestHandler, str, bytes], None]


class _Server(ThreadingHTTPServer):
    # socketserver listens with a backlog of 5: a client opening 10 connections at once (a poll's queries go
    # together, each POST on a connection of its own) could find the queue full on a loaded machine and wait for the
    # kernel's 1 s SYN retry. Firestore does not do that; the fakes must not either.
    request_queue_size = 128


class LoopbackServer:
    """A ThreadingHTTPServer on 127.0.0.1, port chosen by the system, serving from a daemon thread."""

    def __init__(self, handle: Handle):
        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def dispatch(self, method: str):
                handle(self, method, self.rfile.read(int(self.headers.get("Content-Length") or 0)))

            def do_GET(self):
                self.dispatch("GET")

            def do_POST(self):
                self.dispatch("POST")

            def do_PUT(self):
                self.dispatch("PUT")

            def do_PATCH(self):
                self.dispatch("PATCH")

            def do_DELETE(self):
                self.dispatch("DELETE")

        self.server = _Server(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def reply(handler: BaseHTTPRequestHandler, data: bytes = b"", content_type: str | None = None, status: int = 200,
          headers: dict[str, str] | None = None) -> bool:
    """Writes one whole answer; False when the client went away before it was written (vibes quit or cancelled)."""
    try:
        handler.send_response(status)
        if content_type is not None:
            handler.send_header("Content-Type", content_type)
        for name, value in (headers or {}).items():
            handler.send_header(name, value)
        handler.send_header("Content-Length", str(len(data)))
        handler.send_header("Connection", "close")
        handler.end_headers()
        if data:
            handler.wfile.write(data)
        handler.wfile.flush()
    except (BrokenPipeError, ConnectionResetError):
        return False
    return True


def reply_json(handler: BaseHTTPRequestHandler, body, status: int = 200,
               content_type: str = "application/json") -> bool:
    """`body` as JSON; False when the client went away before it was written."""
    return reply(handler, json.dumps(body).encode(), content_type, status)


def redirect(handler: BaseHTTPRequestHandler, location: str) -> bool:
    """A 302 to `location` with an empty body."""
    return reply(handler, status=302, headers={"Location": location})


def google_error(code: int, status: str, message: str) -> dict:
    """Google's error envelope (Firebase, Firestore, Gemini): `{"error": {"code", "message", "status"}}`."""
    return {"error": {"code": code, "message": message, "status": status}}


def spotify_error(status: int, message: str) -> dict:
    """The Spotify Web API's error object: `{"error": {"status", "message"}}`."""
    return {"error": {"status": status, "message": message}}


class LoopbackFake:
    """A fake's common half: its server (answering through `handle`, which a fake defines), its lock, and the
    requests it counted by key (a path, a route)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.counts: dict[str, int] = {}
        self.http = LoopbackServer(self.handle)

    def handle(self, handler: BaseHTTPRequestHandler, method: str, body: bytes):
        raise NotImplementedError

    @property
    def url(self) -> str:
        return self.http.url

    def close(self):
        self.http.close()

    def counted(self, key: str):
        """One more request for `key`; the caller holds `lock`."""
        self.counts[key] = self.counts.get(key, 0) + 1

    def count(self, key: str) -> int:
        with self.lock:
            return self.counts.get(key, 0)
