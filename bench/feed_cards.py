#!/usr/bin/env python3
"""Fills vibes' typed Feed cache (`feedCard`, migration "feed-cards-v1") with N concert cards, for the
`start_concerts_100k` / `scroll_concerts_100k` scenarios once the Feed screen reads `feedCard`.

Usage: bench/feed_cards.py DATABASE COUNT [--social]   (the database must already be migrated: run vibes once
first; `--social` fills COUNT song shares instead, for `start_social_10k`)

Each row is `bench/concert_card_template.json` (the JSON a ConcertCard encodes to; FeedCardStorageTests decodes it,
so the two cannot drift) with the id, names, dates and URL numbered. Positions are 0..COUNT-1, dense, as the app
keeps them; the counter row is kept by the table's triggers.
"""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
import sys
from pathlib import Path

TEMPLATE = Path(__file__).resolve().parent / "concert_card_template.json"
FIRST_SHOW = 1798311600  # 2026-12-26T19:00:00Z; card N is N hours later


BERLIN_WINTER = dt.timezone(dt.timedelta(hours=1))


def card(template: dict, index: int) -> tuple[str, bytes]:
    # A shallow copy, with new objects for the two nested values that change: the template itself stays as read
    # (a deep copy per card was half the time of filling 100,000).
    data = dict(template)
    event_id = f"bench{index:06d}"
    start = FIRST_SHOW + index * 3600
    local = dt.datetime.fromtimestamp(start, BERLIN_WINTER)
    data["eventID"] = event_id
    data["name"] = f"Bench Band {index} Live"
    data["attractions"] = [{"id": f"K8vZ917{index:06d}", "name": f"Bench Band {index}"}] + template["attractions"][1:]
    data["dateTime"] = start
    data["localDate"] = f"{local.year:04d}-{local.month:02d}-{local.day:02d}"
    data["localTime"] = f"{local.hour:02d}:{local.minute:02d}:{local.second:02d}"
    data["publicSale"] = dict(template["publicSale"], end=start)
    data["url"] = f"https://www.ticketmaster.de/event/{event_id}"
    payload = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
    return f"concert:{event_id}", payload


def fill(database: Path, count: int, city: str = "Berlin") -> None:
    """Replaces every concert card with `count` generated ones and records a concert refresh."""
    template = json.loads(TEMPLATE.read_text())
    fetched = dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d %H:%M:%S.000")
    connection = sqlite3.connect(database)
    with connection:
        connection.execute("DELETE FROM feedCard")
        connection.executemany(
            "INSERT INTO feedCard (key, kind, position, city, payload, fetchedAt) VALUES (?, 'concert', ?, ?, ?, ?)",
            ((key, index, city, payload, fetched)
             for index, (key, payload) in ((i, card(template, i)) for i in range(count))))
        connection.execute(
            "INSERT INTO feedRefresh (kind, city, fetchedAt) VALUES ('concert', ?, ?) "
            "ON CONFLICT(kind) DO UPDATE SET city = excluded.city, fetchedAt = excluded.fetchedAt", (city, fetched))
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()


def share_card(index: int, senders: int = 500) -> tuple[str, str, bytes]:
    """Song share N (kind `songShare`, every tenth one `songSent`) by one of `senders` people followed, as
    `SongShareCard` encodes it; the first ones unread."""
    sender = index % senders
    direct = index % 10 == 9
    data = {
        "shareID": f"bench{index:07d}", "senderId": f"benchuser{sender:04d}", "senderUsername": f"friend{sender}",
        "senderDisplayName": f"Friend {sender}",
        "track": {"trackId": f"4uLU6hMCjMI75M1A{index:06d}", "trackName": f"Bench Song {index}",
                  "artistName": f"Bench Artist {sender}", "albumName": "Bench Album",
                  "trackUri": f"spotify:track:4uLU6hMCjMI75M1A{index:06d}"},
        "message": f"listen to this {index}", "createdAt": FIRST_SHOW - index * 60, "isDirect": direct,
        "isUnread": index < 100,
    }
    payload = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
    return f"share:bench{index:07d}", "songSent" if direct else "songShare", payload


def fill_social(database: Path, count: int) -> None:
    """Replaces every card with `count` cached song shares (the social Feed's `start_social_10k`: 10,000 shares by
    500 people followed), read from the cache before any network."""
    fetched = dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d %H:%M:%S.000")
    connection = sqlite3.connect(database)
    with connection:
        connection.execute("DELETE FROM feedCard")
        connection.executemany(
            "INSERT INTO feedCard (key, kind, position, city, payload, fetchedAt) VALUES (?, ?, ?, NULL, ?, ?)",
            ((key, kind, index, payload, fetched)
             for index, (key, kind, payload) in ((i, share_card(i)) for i in range(count))))
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[3] == "--social":
        fill_social(Path(sys.argv[1]), int(sys.argv[2]))
    elif len(sys.argv) != 3:
        raise SystemExit(__doc__)
    else:
        fill(Path(sys.argv[1]), int(sys.argv[2]))
