# TableStack — the entry point. `make run` and `make test` work on a fresh Debian machine:
# they install the system packages that are missing, build, then run.

SWIFT      ?= swift
BUILD_DIR  ?= .build
# System packages the build needs: libxml2 (validation), SQLite (storage), pkg-config (to find them).
SYSTEM_PACKAGES := libxml2-dev libsqlite3-dev zlib1g-dev libicu-dev pkg-config
# Run apt-get as root, or through sudo when not root.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps test-deps e2e-deps bench-deps build release run test swift-test e2e bench validate preview export clean help

all: build

help:
	@echo "make run     build and serve the demo at http://$(HOST):$(PORT)/"
	@echo "make test    build and run every test (Swift, then the browser tests)"
	@echo "make e2e     the browser tests alone (installs Chromium and the Python tools they need)"
	@echo "make build   debug build"
	@echo "make export  write the demo as a static site to dist/"
	@echo "make bench   release build, then load, render, edit and export figures"
	@echo "make validate  check the Templates folder"
	@echo "make preview   write sample pages to $(PREVIEW_DIR) to open in a browser"
	@echo "make clean   remove build products"

# Installs the Debian packages in $(1) that are missing; apt-get update runs only then, so a
# ready machine stays offline.
define install_missing
	@missing=""; \
	for package in $(1); do \
	  dpkg-query -W -f='$${Status}' "$$package" 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi
endef

deps:
	$(call install_missing,$(SYSTEM_PACKAGES))

# The tests start throwaway PostgreSQL clusters of their own from Debian's server package, and
# run the shipped nginx configuration in front of two servers; Python runs the tests' watchdog.
TEST_PACKAGES := postgresql nginx python3

test-deps: deps
	$(call install_missing,$(TEST_PACKAGES))

build: deps
	$(SWIFT) build --build-path $(BUILD_DIR)

# The release build links Swift's runtime and Foundation into the executable: a command starts in
# about two thirds of the time (no thousands of symbols bound at each start), which is most of a
# no-op re-export's time. SwiftPM exports an executable's symbols (for tests of its module, which
# use the debug build): tens of thousands here, which the Swift runtime's backtracer set-up walks
# with `dladdr` at every start. The release build does not export them (docs/performance.md).
RELEASE_FLAGS := -c release --static-swift-stdlib -Xlinker --no-export-dynamic

release: deps
	$(SWIFT) build $(RELEASE_FLAGS) --build-path $(BUILD_DIR)

HOST ?= 127.0.0.1
PORT ?= 8080
DB   ?= data/tablestack.sqlite

# Serves the built-in demo (its data goes into $(DB) on the first run).
run: build
	$(BUILD_DIR)/debug/tablestack serve --host $(HOST) --port $(PORT) --db $(DB)

# Every test: the Swift suites, then the browser tests against the real binary.
test: swift-test e2e

# A test run that hangs is stopped after TEST_MINUTES (the whole run takes about six here): the
# test bundle gets a SIGQUIT, on which Swift prints every thread's stack, and a minute later the
# run is killed (Tests/watchdog.py), so CI reports where it hung instead of running out of time.
# Symbolication is kept quick (no inline frames): in full it can take minutes over the test
# bundle's debug information.
TEST_MINUTES ?= 30

swift-test: test-deps
	$(SWIFT) build --build-tests --build-path $(BUILD_DIR)
	SWIFT_BACKTRACE=symbolicate=fast,threads=yes,interactive=no python3 Tests/watchdog.py $(TEST_MINUTES) .xctest \
	  $(SWIFT) test --skip-build --build-path $(BUILD_DIR)

# Browser tests need Chromium and its driver (Debian's), Java for the Nu HTML Checker, and a
# project-local virtual environment with the pinned Python packages.
E2E_PACKAGES := chromium chromium-driver
VENV := .venv

e2e-deps:
	@missing=""; \
	for package in $(E2E_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' "$$package" 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$package"; \
	done; \
	command -v java >/dev/null 2>&1 || missing="$$missing default-jre-headless"; \
	python3 -m venv --help >/dev/null 2>&1 || missing="$$missing python3-venv"; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

$(VENV)/.installed: Tests/e2e/requirements.txt
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check -r Tests/e2e/requirements.txt
	touch $@

e2e: deps e2e-deps $(VENV)/.installed
	$(SWIFT) build --build-path $(BUILD_DIR)
	TABLESTACK_BINARY=$(abspath $(BUILD_DIR))/debug/tablestack \
	  python3 Tests/watchdog.py $(TEST_MINUTES) pytest $(VENV)/bin/pytest -o faulthandler_timeout=300 Tests/e2e

# Exports the demo as a static site to dist/.
export: build
	$(BUILD_DIR)/debug/tablestack export --db $(DB) --out dist

# Benchmarks: a release build against wrk and nginx on 127.0.0.1; prints one table of figures.
BENCH_PACKAGES := wrk nginx curl time postgresql
bench-deps:
	@missing=""; \
	for package in $(BENCH_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' "$$package" 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

bench: deps bench-deps
	$(SWIFT) build $(RELEASE_FLAGS) --build-path $(BUILD_DIR)
	python3 bench/run.py --binary $(abspath $(BUILD_DIR))/release/tablestack

validate: build
	$(BUILD_DIR)/debug/tablestack validate --templates Templates

PREVIEW_DIR ?= test-output/preview
preview: deps
	$(SWIFT) build --build-tests --build-path $(BUILD_DIR)
	TABLESTACK_PREVIEW_DIR=$(abspath $(PREVIEW_DIR)) $(SWIFT) test --skip-build --build-path $(BUILD_DIR) --filter PreviewPages
	@echo "Sample pages: $(abspath $(PREVIEW_DIR))"

clean:
	rm -rf $(BUILD_DIR)
