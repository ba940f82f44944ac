# The two commands of the README: `make run` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PORT ?= 8000

.PHONY: run test build lint types pytest bench deploy-check contract-live clean

# Development and tests run the pure-Python sources (no rebuild after an edit); the image and the wheel compile
# the engine with mypyc (setup.py), and a test builds that compiled engine and checks it plays like the sources.
export CARDRULES_PURE_PYTHON ?= 1

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml setup.py | $(BIN)/python
	$(BIN)/pip install --quiet --constraint deploy/constraints.txt -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml setup.py | $(BIN)/python
	$(BIN)/pip install --quiet --constraint deploy/constraints.txt -e '.[dev]'
	touch $@ $(VENV)/.installed

run: $(VENV)/.installed
	PORT=$(PORT) $(BIN)/gunicorn --config deploy/gunicorn.conf.py 'service.app:create_app()'

# redis-server is needed by the session tests: take the Debian package when running as root, else it must be on PATH.
# redis-cli (Debian: redis-tools, which redis-server pulls in) builds the local Redis Cluster of the cluster tests.
.PHONY: redis-server
redis-server:
	@command -v redis-server >/dev/null 2>&1 || test -x /usr/bin/redis-server || { \
	  if [ "$$(id -u)" = 0 ]; then \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server) >/dev/null; \
	  else echo "redis-server is missing: install the Debian package redis-server" >&2; exit 1; fi; }
	@command -v redis-cli >/dev/null 2>&1 || test -x /usr/bin/redis-cli || { \
	  if [ "$$(id -u)" = 0 ]; then \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-tools) >/dev/null; \
	  else echo "redis-cli is missing: install the Debian package redis-tools" >&2; exit 1; fi; }

# jq runs the shell walkthrough (examples/play-round.sh) in the tests: the Debian package when running as root.
.PHONY: walkthrough-tools
walkthrough-tools:
	@command -v jq >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq jq curl) >/dev/null; \
	  else echo "jq is missing: install the Debian package jq" >&2; exit 1; fi; }

# Chromium and its driver for the /docs "Try it out" browser test: the Debian packages when running as root
# (the test skips, saying why, where no browser can be installed).
.PHONY: browser-tools
browser-tools:
	@command -v chromedriver >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver) >/dev/null \
	      || echo "chromium could not be installed: the browser test will be skipped" >&2; \
	  else echo "chromium-driver is missing: the browser test will be skipped" >&2; fi; }

# The TypeScript client's pinned tools (package-lock.json), from the npm registry; its test skips without npm.
TS_CLIENT := clients/typescript/node_modules/.package-lock.json
$(TS_CLIENT): clients/typescript/package-lock.json
	@if command -v npm >/dev/null 2>&1; then \
	  cd clients/typescript && npm ci --no-audit --no-fund --loglevel=error; \
	else echo "npm is missing: the TypeScript client test will be skipped" >&2; fi

# nginx is needed by the proxy tests (tests/edge): take the Debian package when running as root, else it must be on PATH.
.PHONY: nginx
nginx:
	@command -v nginx >/dev/null 2>&1 || test -x /usr/sbin/nginx || { \
	  if [ "$$(id -u)" = 0 ]; then \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light) >/dev/null; \
	  else echo "nginx is missing: install the Debian package nginx-light" >&2; exit 1; fi; }

# Compile the engine in place, as the image does (make build CARDRULES_PURE_PYTHON=0); with the default, remove
# the compiled modules and run the sources again.
build: | $(BIN)/python
	$(BIN)/pip install --quiet --constraint deploy/constraints.txt -e .
	touch $(VENV)/.installed

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check setup.py service tests deploy examples $(wildcard bench)

types: $(VENV)/.installed-dev
	$(BIN)/mypy service

pytest: $(VENV)/.installed-dev redis-server nginx walkthrough-tools browser-tools $(TS_CLIENT)
	$(BIN)/python -m pytest

test: lint types pytest

# valgrind counts the instructions of a gunicorn worker per request (bench/instructions.py): the Debian package.
.PHONY: valgrind
valgrind:
	@command -v valgrind >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq valgrind) >/dev/null; \
	  else echo "valgrind is missing: install the Debian package valgrind" >&2; exit 1; fi; }

# Engine, worst-case, HTTP-against-ceiling, instruction-count, memory, tournament and suggest-budget benchmarks
# (the tournament alone takes about 15 minutes on 2 cores; --quick for a smoke run).
bench: $(VENV)/.installed-dev nginx valgrind
	$(BIN)/python -m bench

deploy-check: $(VENV)/.installed-dev
	CARDRULES_PURE_PYTHON=0 bash deploy/check.sh

# Schemathesis CLI with every check against the service under gunicorn, as the image starts it.
# The run creates hundreds of sessions from one address: the per-client session quotas are off for it.
contract-live: $(VENV)/.installed-dev
	SESSION_QUOTA_CREATES=0 SESSION_QUOTA_LIVE=0 bash tests/live_contract.sh

clean:
	rm -rf $(VENV) clients/typescript/node_modules clients/typescript/dist .pytest_cache .mypy_cache .ruff_cache .hypothesis build service/compiled_sources.txt
	find . -name '*.so' -not -path './$(VENV)/*' -delete
