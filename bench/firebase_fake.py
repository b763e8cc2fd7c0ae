"""A loopback stand-in for Google sign-in and Firebase (Auth, Secure Token, Firestore) for the bench's social
scenarios (people_300, find_users, social_poll_10).

It speaks the real wire formats (see /work/shared/docs/service-facts-social.md), only as much as these scenarios need:

  - Google OAuth device flow: `POST /device/code`, then `POST /token`, which answers the first poll with tokens;
  - Identity Toolkit `POST /v1/accounts:signInWithIdp` and `accounts:lookup`; Secure Token `POST /v1/token`;
  - Firestore: GET/PATCH/DELETE of a document, `:runQuery` (an ARRAY of `{document, readTime}`, `[{"readTime"}]`
    when nothing matched; EQUAL, IN, ranges, ARRAY_CONTAINS, IS_NULL, AND, orderBy, limit),
    `:runAggregationQuery` (count), `:batchGet` and `:commit` (update with mask, preconditions, transforms; delete).

No rules, no indexes: the bench measures vibes, not Firestore. Every Firestore answer waits `latency` seconds first
(50 ms, like bench/spotify_fake.py). The fake counts requests per route and the most `:runQuery` requests in flight
together (all of them, and per collection those with an IN filter), and records when each query's answer was fully written
(time.perf_counter, the bench's clock: the fake runs in a thread of the bench).
"""

from __future__ import annotations

import base64
import datetime as dt
import json
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PROJECT_ID = "vibes-bench"
API_KEY = "AIzaBenchFirebaseKey0123456789"
ROOT = f"projects/{PROJECT_ID}/databases/(default)/documents"
ME = "benchme0000000000000000000001"  # the uid the bench home signs in as


def now_stamp() -> str:
    return dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def stamp(seconds: float) -> str:
    return dt.datetime.fromtimestamp(seconds, dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def jwt(claims: dict) -> str:
    """An unsigned-looking JWT (vibes reads its claims for timing and the uid only, never for trust)."""
    def part(obj) -> str:
        return base64.urlsafe_b64encode(json.dumps(obj).encode()).rstrip(b"=").decode()
    return f"{part({'alg': 'RS256', 'typ': 'JWT'})}.{part(claims)}.{part('bench-signature')}"


def id_token(uid: str) -> str:
    issued = int(time.time())
    return jwt({"iss": f"https://securetoken.google.com/{PROJECT_ID}", "aud": PROJECT_ID, "sub": uid,
                "user_id": uid, "auth_time": issued, "iat": issued, "exp": issued + 3600,
                "email": "bench@example.com", "name": "Bench Me", "firebase": {"sign_in_provider": "google.com"}})


# ---------------------------------------------------------------------------------------------- typed values

def string(value: str) -> dict:
    return {"stringValue": value}


def integer(value: int) -> dict:
    return {"integerValue": str(value)}  # int64 as a decimal string, as Firestore answers


def timestamp(seconds: float) -> dict:
    return {"timestampValue": stamp(seconds)}


NULL = {"nullValue": None}


def parse_time(text: str) -> float:
    text = text.replace("Z", "+00:00")
    if "." in text:  # Python wants at most 6 fraction digits
        head, rest = text.split(".", 1)
        digits = "".join(c for c in rest if c.isdigit())
        zone = rest[len(digits):]
        text = f"{head}.{(digits + '000000')[:6]}{zone}"
    return dt.datetime.fromisoformat(text).timestamp()


def order_key(value: dict | None):
    """Firestore's cross-type order: null < bool < numbers < timestamp < string < bytes < reference < ... ."""
    if value is None:
        return (99, 0)
    kind, raw = next(iter(value.items()))
    if kind == "nullValue":
        return (0, 0)
    if kind == "booleanValue":
        return (1, bool(raw))
    if kind in ("integerValue", "doubleValue"):
        return (2, float(raw))
    if kind == "timestampValue":
        return (3, parse_time(raw))
    if kind == "stringValue":
        return (4, raw.encode())
    if kind == "referenceValue":
        return (6, raw)
    if kind == "arrayValue":
        return (8, json.dumps(raw, sort_keys=True))
    return (9, json.dumps(raw, sort_keys=True))


def field(fields: dict, path: str):
    value: dict | None = {"mapValue": {"fields": fields}}
    for segment in path.replace("`", "").split("."):
        if value is None or "mapValue" not in value:
            return None
        value = (value["mapValue"].get("fields") or {}).get(segment)
    return value


def matches(fields: dict, where: dict | None) -> bool:
    if not where:
        return True
    if "compositeFilter" in where:
        parts = [matches(fields, f) for f in where["compositeFilter"]["filters"]]
        return all(parts) if where["compositeFilter"]["op"] == "AND" else any(parts)
    if "unaryFilter" in where:
        value = field(fields, where["unaryFilter"]["field"]["fieldPath"])
        op = where["unaryFilter"]["op"]
        if op == "IS_NULL":
            return value is not None and "nullValue" in value
        if op == "IS_NOT_NULL":
            return value is not None and "nullValue" not in value
        return False
    spec = where["fieldFilter"]
    value = field(fields, spec["field"]["fieldPath"])
    if value is None:
        return False  # no filter matches an absent field
    op, operand = spec["op"], spec["value"]
    mine, theirs = order_key(value), order_key(operand)
    if op == "EQUAL":
        return mine == theirs
    if op == "NOT_EQUAL":
        return mine != theirs
    if op == "IN":
        return any(mine == order_key(v) for v in operand.get("arrayValue", {}).get("values", []))
    if op == "NOT_IN":
        return all(mine != order_key(v) for v in operand.get("arrayValue", {}).get("values", []))
    if op == "ARRAY_CONTAINS":
        return any(order_key(v) == theirs for v in value.get("arrayValue", {}).get("values", []))
    if op == "ARRAY_CONTAINS_ANY":
        wanted = {order_key(v) for v in operand.get("arrayValue", {}).get("values", [])}
        return any(order_key(v) in wanted for v in value.get("arrayValue", {}).get("values", []))
    if mine[0] != theirs[0]:
        return False  # range filters match only their own type
    return {"LESS_THAN": mine < theirs, "LESS_THAN_OR_EQUAL": mine <= theirs, "GREATER_THAN": mine > theirs,
            "GREATER_THAN_OR_EQUAL": mine >= theirs}.get(op, False)


def has_in(where: dict | None) -> bool:
    if not where:
        return False
    if "compositeFilter" in where:
        return any(has_in(f) for f in where["compositeFilter"]["filters"])
    return where.get("fieldFilter", {}).get("op") == "IN"


# ------------------------------------------------------------------------------------------------------ server

class _Server(ThreadingHTTPServer):
    # socketserver listens with a backlog of 5: a client opening 10 connections at once (a poll's queries go
    # together, each POST on a connection of its own) could find the queue full on a loaded machine and wait for the
    # kernel's 1 s SYN retry. Firestore does not do that; the fake must not either.
    request_queue_size = 128


class FirebaseFake:
    def __init__(self, latency: float = 0.05):
        self.latency = latency
        self.lock = threading.Lock()
        self.documents: dict[str, dict] = {}  # path relative to ROOT -> {"fields", "createTime", "updateTime"}
        self.counts: dict[str, int] = {}
        self.in_flight = 0
        self.in_flight_in: dict[str, int] = {}  # per collection, queries with an IN filter
        self.max_in_flight = 0
        self.max_in_flight_in: dict[str, int] = {}
        self.answers: list[tuple[float, str]] = []
        self.polls = 0  # how many times add_new_shares ran
        self.active = 0  # requests being answered
        self.last_activity = time.perf_counter()  # (time the answer was written, collection queried)
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def body(self) -> bytes:
                return self.rfile.read(int(self.headers.get("Content-Length") or 0))

            def do_GET(self):
                fake.handle(self, "GET", b"")

            def do_POST(self):
                fake.handle(self, "POST", self.body())

            def do_PATCH(self):
                fake.handle(self, "PATCH", self.body())

            def do_DELETE(self):
                fake.handle(self, "DELETE", b"")

        self.server = _Server(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def environment(self) -> dict[str, str]:
        """What vibes needs to sign in and talk to this fake (all endpoints on one address)."""
        return {"VIBES_FIREBASE_PROJECT_ID": PROJECT_ID, "VIBES_FIREBASE_API_KEY": API_KEY,
                "VIBES_GOOGLE_DEVICE_CLIENT_ID": "bench-device.apps.googleusercontent.com",
                "VIBES_GOOGLE_DEVICE_CLIENT_SECRET": "bench-device-secret",
                "VIBES_GOOGLE_CLIENT_ID": "bench-desktop.apps.googleusercontent.com",
                "VIBES_GOOGLE_CLIENT_SECRET": "bench-desktop-secret",
                "VIBES_GOOGLE_ACCOUNTS_URL": self.url, "VIBES_GOOGLE_OAUTH2_URL": self.url,
                "VIBES_FIREBASE_AUTH_URL": self.url, "VIBES_FIREBASE_TOKEN_URL": self.url,
                "VIBES_FIRESTORE_URL": self.url, "VIBES_FIREBASE_STORAGE_URL": self.url}

    # Fixtures --------------------------------------------------------------------------------------------

    def put(self, path: str, fields: dict):
        with self.lock:
            now = now_stamp()
            self.documents[path] = {"fields": fields, "createTime": now, "updateTime": now}

    def count(self, route: str) -> int:
        with self.lock:
            return self.counts.get(route, 0)

    def reset(self):
        with self.lock:
            self.counts.clear()
            self.answers.clear()
            self.max_in_flight = 0
            self.max_in_flight_in.clear()

    def last_answer_before(self, moment: float, collection: str | None = None) -> float | None:
        with self.lock:
            times = [t for t, c in self.answers if t <= moment and (collection is None or c == collection)]
        return max(times) if times else None

    def close(self):
        self.server.shutdown()
        self.server.server_close()

    # Requests --------------------------------------------------------------------------------------------

    def quiet_for(self) -> float:
        """Seconds since the last request ended (0 while one is being answered)."""
        with self.lock:
            return 0.0 if self.active else time.perf_counter() - self.last_activity

    def handle(self, handler: BaseHTTPRequestHandler, method: str, raw: bytes):
        with self.lock:
            self.active += 1
        try:
            self.answer(handler, method, raw)
        finally:
            with self.lock:
                self.active -= 1
                self.last_activity = time.perf_counter()

    def answer(self, handler: BaseHTTPRequestHandler, method: str, raw: bytes):
        parts = urllib.parse.urlsplit(handler.path)
        path = urllib.parse.unquote(parts.path)
        form = dict(urllib.parse.parse_qsl(raw.decode())) if raw and not raw.startswith(b"{") else {}
        body = json.loads(raw) if raw.startswith(b"{") else {}
        if path == "/device/code":
            return self.route(handler, "device/code", {
                "device_code": "bench-device-code", "user_code": "BENCH-CODE",
                "verification_url": "https://www.google.com/device", "expires_in": 1800, "interval": 1})
        if path == "/token":
            # The first poll is answered with tokens: the bench signs in at once.
            return self.route(handler, "token", {
                "access_token": "bench-google-access", "expires_in": 3599, "token_type": "Bearer",
                "scope": "openid email profile", "refresh_token": "bench-google-refresh",
                "id_token": jwt({"iss": "https://accounts.google.com", "sub": "bench-google-sub",
                                 "email": "bench@example.com", "name": "Bench Me", "exp": int(time.time()) + 3600})})
        if path == "/v1/accounts:signInWithIdp":
            return self.route(handler, "signInWithIdp", {
                "kind": "identitytoolkit#VerifyAssertionResponse", "providerId": "google.com", "localId": ME,
                "email": "bench@example.com", "displayName": "Bench Me", "fullName": "Bench Me",
                "idToken": id_token(ME), "refreshToken": "bench-firebase-refresh", "expiresIn": "3600",
                "isNewUser": False})
        if path == "/v1/accounts:lookup":
            return self.route(handler, "lookup", {
                "kind": "identitytoolkit#GetAccountInfoResponse",
                "users": [{"localId": ME, "email": "bench@example.com", "displayName": "Bench Me",
                           "providerUserInfo": [{"providerId": "google.com", "rawId": "bench-google-sub"}]}]})
        if path == "/v1/token":
            token = id_token(ME)
            return self.route(handler, "refresh", {
                "access_token": token, "expires_in": "3600", "token_type": "Bearer",
                "refresh_token": form.get("refresh_token", "bench-firebase-refresh"), "id_token": token,
                "user_id": ME, "project_id": "123456789"})
        prefix = f"/v1/{ROOT}"
        if not path.startswith(prefix):
            return self.route(handler, "unknown", {"error": {"code": 404, "message": "Not found",
                                                             "status": "NOT_FOUND"}}, status=404)
        rest = path[len(prefix):].lstrip("/")
        if rest.endswith(":runQuery") or rest == ":runQuery":
            return self.run_query(handler, rest[: -len(":runQuery")].rstrip("/"), body)
        time.sleep(self.latency)
        if rest == ":runAggregationQuery":
            query = body["structuredAggregationQuery"]["structuredQuery"]
            found = self.query("", query)
            return self.route(handler, "runAggregationQuery", [
                {"result": {"aggregateFields": {"n": integer(len(found))}}, "readTime": now_stamp()}])
        if rest == ":batchGet":
            answer = []
            with self.lock:
                for name in body.get("documents", []):
                    key = name[len(ROOT) + 1:] if name.startswith(ROOT + "/") else name
                    if key in self.documents:
                        answer.append({"found": self.document(key), "readTime": now_stamp()})
                    else:
                        answer.append({"missing": name, "readTime": now_stamp()})
            return self.route(handler, "batchGet", answer)
        if rest == ":commit":
            return self.commit(handler, body)
        if method == "GET":
            with self.lock:
                found = self.document(rest) if rest in self.documents else None
            if found is None:
                return self.route(handler, "get", {"error": {"code": 404, "status": "NOT_FOUND",
                                                             "message": f'Document "{ROOT}/{rest}" not found.'}},
                                  status=404)
            return self.route(handler, "get", found)
        if method == "PATCH":
            query = urllib.parse.parse_qs(parts.query)
            mask = query.get("updateMask.fieldPaths")
            with self.lock:
                self.update(rest, body.get("fields") or {}, mask)
                found = self.document(rest)
            return self.route(handler, "patch", found)
        if method == "DELETE":
            with self.lock:
                self.documents.pop(rest, None)
            return self.route(handler, "delete", {})
        return self.route(handler, "unknown", {"error": {"code": 400, "message": "Unsupported",
                                                         "status": "INVALID_ARGUMENT"}}, status=400)

    def document(self, key: str) -> dict:
        stored = self.documents[key]
        answer = {"name": f"{ROOT}/{key}", "createTime": stored["createTime"], "updateTime": stored["updateTime"]}
        if stored["fields"]:
            answer["fields"] = stored["fields"]
        return answer

    def update(self, key: str, fields: dict, mask: list[str] | None):
        now = now_stamp()
        stored = self.documents.get(key)
        if stored is None or mask is None:
            created = stored["createTime"] if stored else now
            stored = {"fields": {}, "createTime": created, "updateTime": now}
        if mask is None:
            stored["fields"] = dict(fields)
        else:
            for name in mask:
                name = name.replace("`", "")
                if name in fields:
                    stored["fields"][name] = fields[name]
                else:
                    stored["fields"].pop(name, None)
        stored["updateTime"] = now
        self.documents[key] = stored

    def commit(self, handler, body: dict):
        results = []
        with self.lock:
            for write in body.get("writes", []):
                if "delete" in write:
                    self.documents.pop(write["delete"][len(ROOT) + 1:], None)
                    results.append({})
                    continue
                if "update" not in write:
                    results.append({})
                    continue
                key = write["update"]["name"][len(ROOT) + 1:]
                exists = write.get("currentDocument", {}).get("exists")
                if exists is False and key in self.documents:
                    return self.route(handler, "commit", {"error": {
                        "code": 409, "status": "ALREADY_EXISTS", "message": f"Document already exists: {ROOT}/{key}"}},
                        status=409, locked=True)
                if exists is True and key not in self.documents:
                    return self.route(handler, "commit", {"error": {
                        "code": 404, "status": "NOT_FOUND", "message": f"No document to update: {ROOT}/{key}"}},
                        status=404, locked=True)
                mask = write.get("updateMask", {}).get("fieldPaths")
                self.update(key, write["update"].get("fields") or {}, mask)
                fields = self.documents[key]["fields"]
                transformed = []
                for transform in write.get("updateTransforms", []):
                    name = transform["fieldPath"].replace("`", "")
                    if "increment" in transform:
                        old = fields.get(name, {})
                        base = int(old.get("integerValue", 0)) if "integerValue" in old else 0
                        fields[name] = integer(base + int(transform["increment"].get("integerValue", 0)))
                    else:
                        fields[name] = timestamp(time.time())
                    transformed.append(fields[name])
                results.append({"updateTime": now_stamp(), "transformResults": transformed})
        return self.route(handler, "commit", {"writeResults": results, "commitTime": now_stamp()})

    def query(self, parent: str, query: dict) -> list[str]:
        collections = {source["collectionId"] for source in query.get("from", [])}
        depth = parent.count("/") + 2 if parent else 1  # slashes in a matching document's path
        with self.lock:
            keys = [key for key in self.documents
                    if key.count("/") == depth and (not parent or key.startswith(parent + "/"))
                    and key.split("/")[-2] in collections]
            found = [key for key in keys if matches(self.documents[key]["fields"], query.get("where"))]
            order = query.get("orderBy", [])
            for spec in reversed(order + [{"field": {"fieldPath": "__name__"}}]):
                name = spec["field"]["fieldPath"]
                descending = spec.get("direction") == "DESCENDING"
                if name == "__name__":
                    found.sort(key=lambda k: k, reverse=descending)
                else:
                    found = [k for k in found if field(self.documents[k]["fields"], name) is not None]
                    found.sort(key=lambda k: order_key(field(self.documents[k]["fields"], name)),
                               reverse=descending)
        limit = query.get("limit")
        if isinstance(limit, dict):
            limit = limit.get("value")
        offset = int(query.get("offset") or 0)
        found = found[offset:]
        return found[: int(limit)] if limit is not None else found

    def run_query(self, handler, parent: str, body: dict):
        query = body.get("structuredQuery", {})
        is_in = has_in(query.get("where"))
        collection = ",".join(sorted(source["collectionId"] for source in query.get("from", [])))
        with self.lock:
            self.counts[f"runQuery:{collection}"] = self.counts.get(f"runQuery:{collection}", 0) + 1
            if is_in:
                self.counts[f"runQuery:{collection}:IN"] = self.counts.get(f"runQuery:{collection}:IN", 0) + 1
            self.in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self.in_flight)
            if is_in:
                self.in_flight_in[collection] = self.in_flight_in.get(collection, 0) + 1
                self.max_in_flight_in[collection] = max(self.max_in_flight_in.get(collection, 0),
                                                        self.in_flight_in[collection])
        try:
            time.sleep(self.latency)
            found = self.query(parent, query)
            with self.lock:
                answer = [{"document": self.document(key), "readTime": now_stamp()} for key in found]
            if not answer:
                answer = [{"readTime": now_stamp()}]
            self.route(handler, "runQuery", answer, collection=collection)
        finally:
            with self.lock:
                self.in_flight -= 1
                if is_in:
                    self.in_flight_in[collection] -= 1

    def route(self, handler, route: str, body, status: int = 200, collection: str = "", locked: bool = False):
        data = json.dumps(body).encode()
        if locked:
            self.counts[route] = self.counts.get(route, 0) + 1
        else:
            with self.lock:
                self.counts[route] = self.counts.get(route, 0) + 1
        try:
            handler.send_response(status)
            handler.send_header("Content-Type", "application/json; charset=UTF-8")
            handler.send_header("Content-Length", str(len(data)))
            handler.send_header("Connection", "close")
            handler.end_headers()
            handler.wfile.write(data)
            handler.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            return  # vibes quit (or cancelled the request) before the answer: nothing was answered
        if collection:
            moment = time.perf_counter()
            if locked:
                self.answers.append((moment, collection))
            else:
                with self.lock:
                    self.answers.append((moment, collection))


# ---------------------------------------------------------------------------------------------------- fixtures

FIRST_SHARE = 1767225600  # 2026-01-01T00:00:00Z: the old shares are older than anything the poll adds


def friend_uid(index: int) -> str:
    return f"benchfriend{index:05d}"


def seed_world(fake: FirebaseFake, following: int, old_shares: int = 20):
    """The signed-in user (@bench_me) follows `following` people (@friend0 …, "Friend N"), each with a profile; the
    first `old_shares` of them shared a song to all long ago."""
    fake.put(f"users/{ME}", {
        "uid": string(ME), "displayName": string("Bench Me"), "username": string("bench_me"), "bio": string(""),
        "followingCount": integer(following), "streak": integer(0), "achievements": {"arrayValue": {}},
        "createdAt": timestamp(FIRST_SHARE)})
    fake.put("usernames/bench_me", {"uid": string(ME)})
    for index in range(following):
        uid = friend_uid(index)
        fake.put(f"users/{uid}", {
            "uid": string(uid), "displayName": string(f"Friend {index}"), "username": string(f"friend{index}"),
            "bio": string(f"Bench friend number {index}"), "followingCount": integer(0), "streak": integer(0),
            "achievements": {"arrayValue": {}}, "createdAt": timestamp(FIRST_SHARE)})
        fake.put(f"usernames/friend{index}", {"uid": string(uid)})
        fake.put(f"friendships/{ME}_{uid}", {
            "followerId": string(ME), "followingId": string(uid), "createdAt": timestamp(FIRST_SHARE + index)})
    for index in range(min(old_shares, following)):
        add_share(fake, f"old{index:04d}", index, f"Old Bench Song {index}", FIRST_SHARE + 3600 + index * 60)


def add_share(fake: FirebaseFake, share_id: str, sender: int, title: str, created: float):
    """A song shared to all (`recipientId` stored as null) by friend `sender`."""
    fake.put(f"shares/{share_id}", {
        "senderId": string(friend_uid(sender)), "senderUsername": string(f"friend{sender}"),
        "senderDisplayName": string(f"Friend {sender}"), "recipientId": NULL,
        "trackId": string(f"4uLU6hMCjMI75M1A{sender:06d}"), "trackName": string(title),
        "artistName": string(f"Bench Artist {sender}"), "albumName": string("Bench Album"),
        "trackUri": string(f"spotify:track:4uLU6hMCjMI75M1A{sender:06d}"), "message": string(f"hear {title}"),
        "createdAt": timestamp(created)})


def add_new_shares(fake: FirebaseFake, count: int) -> list[str]:
    """`count` shares made just now by the first friends, newest last; their titles (new ones each time)."""
    moment = time.time()  # as the server stamps a share: the time it was written
    fake.polls += 1  # every run's titles differ from the ones already cached
    titles = [f"New Song {fake.polls}.{index}" for index in range(count)]
    for index, title in enumerate(titles):
        add_share(fake, f"new{int(moment)}{index:03d}", index, title, moment + index * 0.001)
    return titles
