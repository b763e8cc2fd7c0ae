#!/usr/bin/env python3
"""Plays the user's browser for vibes' Spotify sign-in in end-to-end tests.

vibes starts it as $BROWSER with the authorize URL as the last argument. It follows that URL to the
fake accounts service, which answers with a redirect (code+state, or error=access_denied).
FAKE_BROWSER_MODE=follow (default): GET the redirect target, i.e. vibes' loopback listener, first
a stray /favicon.ico as real browsers do. FAKE_BROWSER_MODE=capture: do not follow (the browser runs
on another machine); write the redirect target to FAKE_BROWSER_OUT for the test to paste.
"""
import os
import sys
import urllib.error
import urllib.parse
import urllib.request


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, req, fp, code, msg, headers, newurl):
        return None


def main():
    url = sys.argv[-1]
    mode = os.environ.get("FAKE_BROWSER_MODE", "follow")
    opener = urllib.request.build_opener(NoRedirect)
    try:
        opener.open(url, timeout=10)
        return 1
    except urllib.error.HTTPError as error:
        if error.code not in (301, 302, 303, 307):
            return 1
        target = error.headers["Location"]
    if mode == "capture":
        out = os.environ["FAKE_BROWSER_OUT"]
        with open(out + ".tmp", "w") as handle:
            handle.write(target)
        os.replace(out + ".tmp", out)
        return 0
    parts = urllib.parse.urlsplit(target)
    origin = f"{parts.scheme}://{parts.netloc}"
    for stray in (origin + "/favicon.ico", target):
        try:
            urllib.request.urlopen(stray, timeout=10).read()
        except urllib.error.HTTPError:
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
