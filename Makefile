# The two commands that matter: `make run` and `make test` (see README.md).
SHELL := /bin/bash
export PATH := $(PATH):/opt/swift/usr/bin

SWIFT ?= swift
# libcurl loaded on first use in release builds (see RELEASE_BIN below); LAZY_CURL=0 opts out.
LAZY_CURL ?= 1
export LAZY_CURL
# mpv plays the 30-second previews; libstb-dev is the stb_image header compiled into vibes for artwork.
# patchelf takes libcurl off the release binary's start-up (LAZY_CURL, scripts/build-release.sh).
RUN_PACKAGES := libncursesw5-dev libcurl4-openssl-dev libsqlite3-dev libstb-dev mpv \
  $(if $(filter 1,$(LAZY_CURL)),patchelf)
# tmux drives the end-to-end tests; gnome-keyring, libsecret-tools and dbus give the Secret Service test a real
# daemon; pyte and a C compiler run the bench smoke test (its ncurses floor is compiled from bench/floor.c);
# ffmpeg makes the audio clips and pictures the preview and artwork tests use (and gives ffplay, the fallback player).
TEST_PACKAGES := $(RUN_PACKAGES) tmux gnome-keyring libsecret-tools dbus dbus-x11 python3 python3-pyte gcc libc6-dev \
  ffmpeg
# `make bench`: the anchors vibes is measured against (dialog, newsboat), pyte as the virtual terminal and a C
# compiler for the ncurses floor.
BENCH_PACKAGES := $(RUN_PACKAGES) python3 python3-pyte gcc libc6-dev dialog newsboat

.PHONY: run test build release bench deps-run deps-test format clean install uninstall

deps-run:
	@./scripts/install-deps.sh $(RUN_PACKAGES)

deps-test:
	@./scripts/install-deps.sh $(TEST_PACKAGES)

# The Swift runtime and Foundation linked statically: the dynamic loader then resolves ~10x fewer symbols and
# vibes starts ~30% sooner (Docs/performance.md); the binary also runs without a Swift toolchain installed.
# LAZY_CURL=1, the default: libcurl and its ~30 libraries are loaded when URLSession first calls libcurl instead of
# by the loader at start, through the stubs in bench/lazycurl.c (half the CPU time before `main`; Docs/adr/0015).
# LAZY_CURL=0 links libcurl as before; another architecture than x86-64, or no patchelf, falls back to that with a
# note. scripts/build-release.sh does the build, the check that nothing calls libcurl directly, and the patchelf.
RELEASE_BIN = $$($(SWIFT) build -c release --show-bin-path)/vibes

release: deps-run
	@SWIFT="$(SWIFT)" LAZY_CURL_CC="$(CC)" ./scripts/build-release.sh >/dev/null

run: release
	@"$(RELEASE_BIN)" $(ARGS)

build: deps-run
	$(SWIFT) build

# `make install PREFIX=/usr/local`: the release binary, its *.resources, bash/zsh/fish completions and vibes(1).
# BIN=path/to/vibes installs that binary instead of building a release one; DESTDIR stages for packaging.
PREFIX ?= /usr/local

install:
	$(check_prefix)
	@bin="$(BIN)"; if [ -z "$$bin" ]; then \
	  bin="$$(SWIFT="$(SWIFT)" LAZY_CURL_CC="$(CC)" ./scripts/build-release.sh)" || exit 1; fi; \
	  ./scripts/install.sh install "$$bin" "$(DESTDIR)$(PREFIX)"

# Removes exactly what `make install` put there (same PREFIX and DESTDIR).
# An empty PREFIX (or /) is refused: `make uninstall PREFIX=` would remove /bin/vibes.
define check_prefix
	@case "$(strip $(PREFIX))" in ""|/) echo "make: PREFIX is empty or /; give the folder vibes was installed into \
	  (e.g. PREFIX=/usr/local)" >&2; exit 2;; esac
endef

uninstall:
	$(check_prefix)
	@./scripts/install.sh uninstall "$(DESTDIR)$(PREFIX)"

# The whole suite: unit, storage (real SQLite and vault files), the Secret Service against a real
# gnome-keyring daemon, clients against loopback fakes, and end-to-end runs of the binary in tmux.
test: deps-test
	@# The App Store Connect JWT is checked by an independent implementation (Python's joserfc).
	@python3 -c 'import joserfc, cryptography' 2>/dev/null || { ./scripts/install-deps.sh python3-pip && \
	  python3 -m pip install --quiet --break-system-packages joserfc cryptography; }
	$(SWIFT) build --build-tests
	@mkdir -p .build
	@set -o pipefail; VIBES_REQUIRE_SECRET_SERVICE=1 VIBES_REQUIRE_TMUX=1 $(SWIFT) test --skip-build 2>&1 \
	  | tee .build/test.log; status=$$?; python3 scripts/test-summary.py .build/test.log; exit $$status

# vibes (release) side by side with a C ncurses floor, dialog and newsboat; see Docs/performance.md.
# QUICK=1 is the few-second smoke run (floor only, one run); BENCH_ARGS passes options to bench/run.py.
# First, bench/http_check.py makes a real request through the release binary (`vibes auth login spotify` against
# the loopback Spotify fake) and fails the bench loudly if it cannot talk HTTP (e.g. the libcurl stubs broke).
# `make test` builds no release binary (CI's time budget), so this is where the release link is run end to end.
bench: release
	@./scripts/install-deps.sh $(BENCH_PACKAGES)
	@python3 -c 'import sys; sys.path.append("/usr/lib/python3/dist-packages"); import pyte' 2>/dev/null \
	  || python3 -m pip install --quiet pyte
	python3 bench/http_check.py --vibes "$(RELEASE_BIN)"
	python3 bench/run.py --vibes "$(RELEASE_BIN)" $(if $(QUICK),--quick) $(BENCH_ARGS)

format:
	$(SWIFT) format -i -r Sources Tests Package.swift

clean:
	rm -rf .build
