# The two commands that matter: `make run` and `make test` (see README.md).
SHELL := /bin/bash
export PATH := $(PATH):/opt/swift/usr/bin

SWIFT ?= swift
RUN_PACKAGES := libncursesw5-dev libcurl4-openssl-dev libsqlite3-dev
# tmux drives the end-to-end tests; gnome-keyring, libsecret-tools and dbus give the Secret Service test a real daemon.
TEST_PACKAGES := $(RUN_PACKAGES) tmux gnome-keyring libsecret-tools dbus dbus-x11 python3

.PHONY: run test build release deps-run deps-test format clean

deps-run:
	@./scripts/install-deps.sh $(RUN_PACKAGES)

deps-test:
	@./scripts/install-deps.sh $(TEST_PACKAGES)

release: deps-run
	$(SWIFT) build -c release --product vibes

run: release
	@"$$($(SWIFT) build -c release --show-bin-path)/vibes" $(ARGS)

build: deps-run
	$(SWIFT) build

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

format:
	$(SWIFT) format -i -r Sources Tests Package.swift

clean:
	rm -rf .build
