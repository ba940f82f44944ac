# The two commands of the README: `make run` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PORT ?= 8000
HOST ?= 127.0.0.1
# Where `make run` keeps its compiled copy of the service (below).
COMPILED := build/compiled
BUILD_REQUIRES := $(shell sed -n 's/^requires = \[\(.*\)\]/\1/p' pyproject.toml | tr -d '",')
SERVICE_SOURCES := $(shell find service -name '*.py' -not -path '*/__pycache__/*') $(wildcard service/i18n/*) setup.py

.PHONY: run test test-plan build lint types pytest bench deploy-check contract-live clean

# `make dev` and the tests run the pure-Python sources (no rebuild after an edit); `make run`, the image and the wheel
# compile the engine with mypyc (setup.py), and a test builds that compiled engine and checks it plays like the
# sources.
export CARDRULES_PURE_PYTHON ?= 1

# pip's own lines (Collecting..., Installing collected packages...) are the progress of the installs below.
$(BIN)/python:
	@echo "==> creating the virtualenv $(VENV) and upgrading its pip"
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --upgrade pip

$(VENV)/.installed: pyproject.toml setup.py | $(BIN)/python
	@echo "==> installing the service and its dependencies into $(VENV) (pip, pinned by deploy/constraints.txt)"
	$(BIN)/pip install --constraint deploy/constraints.txt -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml setup.py | $(BIN)/python
	@echo "==> installing the service and the dev tools into $(VENV) (pip: pyproject.toml's dev extra)"
	$(BIN)/pip install --constraint deploy/constraints.txt -e '.[dev]'
	touch $@ $(VENV)/.installed

# One command, one port: the gevent workers serve the rules and the waiting, the computer players think in
# low-priority child processes (deploy/gunicorn.conf.py). Loopback only unless HOST says otherwise.
# `make run` serves the compiled engine, as the image does: a copy of service/ in $(COMPILED) with the engine
# built by mypyc (setup.py), compiled once and again only when a source changes, put first on the workers' path.
# `make dev` serves the sources themselves: an edit needs no build, the rules run about half as fast.
run: $(VENV)/.installed $(COMPILED)/.built
	HOST=$(HOST) PORT=$(PORT) $(BIN)/gunicorn --pythonpath $(COMPILED) --config deploy/gunicorn.conf.py \
	  'service.app:create_app()'

dev: $(VENV)/.installed
	HOST=$(HOST) PORT=$(PORT) $(BIN)/gunicorn --config deploy/gunicorn.conf.py 'service.app:create_app()'

# The compiled copy: the sources as they are now (docs and openapi.yaml linked, not copied), then setup.py's
# in-place build there, with the build tools pyproject.toml's build-system names (mypy pinned). Built under a lock (a test builds
# it too) into a fresh directory that replaces the old one only once complete.
$(COMPILED)/.built: $(SERVICE_SOURCES) | $(VENV)/.installed
	@mkdir -p build
	@flock build/.compiling $(MAKE) --no-print-directory compiled-now

.PHONY: dev compiled-now compile-engine
compiled-now:  # under the lock: another make may have built it while this one waited
	@$(MAKE) --no-print-directory -q $(COMPILED)/.built 2>/dev/null || $(MAKE) --no-print-directory compile-engine

compile-engine:
	@$(BIN)/python -c "import mypyc, setuptools; assert int(setuptools.__version__.split('.')[0]) >= 77" \
	  2>/dev/null || { \
	  echo "==> pip install $(BUILD_REQUIRES) into $(VENV): pyproject.toml's build tools, to compile the engine"; \
	  $(BIN)/pip install --quiet --constraint deploy/constraints.txt $(foreach r,$(BUILD_REQUIRES),'$(r)'); }
	@echo "==> the compiled copy of the service in $(COMPILED): mypyc compiles the engine (about a minute on 2 cores, and again only after an edit of a compiled source)"
	@rm -rf $(COMPILED).new && mkdir -p $(COMPILED).new
	@cp -R service setup.py pyproject.toml README.md $(COMPILED).new/
	@cd $(COMPILED).new && find . \( -name '*.so' -o -name compiled_sources.txt \) -delete && \
	  find . -name __pycache__ -prune -exec rm -rf {} + && \
	  ln -sfn "$(CURDIR)/docs" service/guides && ln -sfn "$(CURDIR)/openapi.yaml" service/openapi.yaml
	@if [ -f $(COMPILED)/service/compiled_sources.txt ] && \
	  (cd $(COMPILED).new && sha256sum --status -c "$(CURDIR)/$(COMPILED)/service/compiled_sources.txt"); then \
	  echo "    the compiled sources are unchanged: their shared objects are kept"; \
	  cp $(COMPILED)/service/compiled_sources.txt $(COMPILED).new/service/; \
	  (cd $(COMPILED) && find . -name '*.so' -exec cp --parents {} "$(CURDIR)/$(COMPILED).new/" \;); \
	else \
	  cd $(COMPILED).new && CARDRULES_PURE_PYTHON=0 "$(CURDIR)/$(BIN)/python" setup.py --quiet build_ext --inplace \
	    2>&1 | grep -v -e '^$$' -e 'warning: ' || true; \
	fi
	@ls $(COMPILED).new/service/engine/*.so >/dev/null 2>&1 || { \
	  echo "the engine did not compile (no C compiler?): make run serves the sources" >&2; }
	@rm -rf $(COMPILED) && mv $(COMPILED).new $(COMPILED) && touch $(COMPILED)/.built

# The system tools of the tests come from Debian packages, installed when the command runs as root (CI, a fresh
# container); otherwise the recipe names the package to install. `apt_install packages, why` says what it
# installs and why, refreshes the package lists unless that was done in the last hour, and lets apt show its
# progress.
APT_LISTS_FRESH = find /var/lib/apt/lists -maxdepth 1 -name '*Packages*' -mmin -60 2>/dev/null | grep -q .
define apt_install
echo "==> apt-get install $(1): $(2)"; \
if [ "$$(id -u)" != 0 ]; then echo "    not root: install the Debian package(s) $(1) and run again" >&2; exit 1; fi; \
{ $(APT_LISTS_FRESH) || apt-get update -q; } && \
DEBIAN_FRONTEND=noninteractive apt-get install -y -q -o Dpkg::Use-Pty=0 $(1)
endef

# What each tool is for, as `make test` announces it (test-plan) and as the install says it.
WHY_REDIS := the session and store tests on a real Redis and a local Redis Cluster
WHY_NGINX := the proxy tests (tests/edge), nginx with deploy/nginx/nginx.conf in front of gunicorn
WHY_JQ := the shell walkthrough (examples/play-round.sh) in tests/live
WHY_BROWSER := the /docs 'Try it out' browser test (skipped, saying why, without them)
WHY_NPM := the TypeScript client test (clients/typescript's pinned tools, package-lock.json)
WHY_PY_CLIENT := the generated Python client (cardrules-client) that the clients suite runs

# redis-cli (Debian: redis-tools, which redis-server pulls in) builds the local Redis Cluster of the cluster tests.
.PHONY: redis-server
redis-server:
	@command -v redis-server >/dev/null 2>&1 || test -x /usr/bin/redis-server || { \
	  $(call apt_install,redis-server,$(WHY_REDIS)); }
	@command -v redis-cli >/dev/null 2>&1 || test -x /usr/bin/redis-cli || { \
	  $(call apt_install,redis-tools,$(WHY_REDIS)); }

.PHONY: walkthrough-tools
walkthrough-tools:
	@command -v jq >/dev/null 2>&1 || { $(call apt_install,jq curl,$(WHY_JQ)); }

.PHONY: browser-tools
browser-tools:
	@command -v chromedriver >/dev/null 2>&1 || ( $(call apt_install,chromium chromium-driver,$(WHY_BROWSER)) ) \
	  || echo "chromium could not be installed: the browser test will be skipped" >&2

# From the npm registry; the TypeScript client test skips without npm.
TS_CLIENT := clients/typescript/node_modules/.package-lock.json
$(TS_CLIENT): clients/typescript/package-lock.json
	@if command -v npm >/dev/null 2>&1; then \
	  echo "==> npm ci in clients/typescript: $(WHY_NPM)"; \
	  cd clients/typescript && npm ci --no-audit --no-fund --loglevel=error; \
	else echo "npm is missing: the TypeScript client test will be skipped" >&2; fi

# The Python client (clients/python, generated and committed), installed into the virtualenv as a user installs it:
# `pip install ./clients/python` (pip fetches setuptools to build it); again whenever it changes.
PY_CLIENT := $(VENV)/.installed-python-client
$(PY_CLIENT): clients/python/pyproject.toml $(shell find clients/python/cardrules_client -name '*.py' 2>/dev/null) | $(VENV)/.installed-dev
	@echo "==> pip install ./clients/python into $(VENV): $(WHY_PY_CLIENT)"
	$(BIN)/pip install ./clients/python
	rm -rf clients/python/build clients/python/cardrules_client.egg-info
	touch $@

# `make clients` after a change of openapi.yaml: regenerates clients/python/cardrules_client with the pinned
# openapi-python-client (commit the result; the clients suite fails until then). A second or two, and the same
# bytes for the same spec on any machine. The TypeScript types are not committed: `npm run build` makes them.
.PHONY: clients
clients: $(VENV)/.installed-dev
	$(BIN)/python clients/python/generate.py

.PHONY: nginx
nginx:
	@command -v nginx >/dev/null 2>&1 || test -x /usr/sbin/nginx || { $(call apt_install,nginx-light,$(WHY_NGINX)); }

# Compile the engine in place, as the image does (make build CARDRULES_PURE_PYTHON=0); with the default, remove
# the compiled modules and run the sources again.
build: | $(BIN)/python
	@echo "==> installing the service with CARDRULES_PURE_PYTHON=$(CARDRULES_PURE_PYTHON) (0 compiles the engine)"
	$(BIN)/pip install --constraint deploy/constraints.txt -e .
	touch $(VENV)/.installed

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check setup.py service tests deploy examples $(wildcard bench)

types: $(VENV)/.installed-dev
	$(BIN)/mypy service

# `make test` runs these one after the other, each under a heading, then a summary with their durations
# (tests/suites.py). The pytest suites run on pytest-xdist workers, TEST_WORKERS of them (auto: one per core;
# 0 for a single process). `make test-unit`, `make test-redis`... run one suite with only the tools it needs.
PYTEST_SUITES := unit redis proxy live browser clients
TEST_WORKERS ?= auto
export TEST_WORKERS
# When the command began: the summary reports the installs before the first suite as "setup".
ifndef TEST_STARTED
TEST_STARTED := $(shell date +%s)
endif
export TEST_STARTED

pytest: $(VENV)/.installed-dev redis-server nginx walkthrough-tools browser-tools $(TS_CLIENT) $(PY_CLIENT)
	@$(BIN)/python -m tests.suites $(or $(SUITES),$(PYTEST_SUITES))

test: test-plan
	@$(MAKE) --no-print-directory pytest SUITES="lint types $(PYTEST_SUITES)"

.PHONY: test-unit test-redis test-proxy test-live test-browser test-clients
test-unit: $(VENV)/.installed-dev
	@$(BIN)/python -m tests.suites unit
test-redis: $(VENV)/.installed-dev redis-server
	@$(BIN)/python -m tests.suites redis
test-proxy: $(VENV)/.installed-dev nginx
	@$(BIN)/python -m tests.suites proxy
test-live: $(VENV)/.installed-dev walkthrough-tools
	@$(BIN)/python -m tests.suites live
test-browser: $(VENV)/.installed-dev browser-tools
	@$(BIN)/python -m tests.suites browser
test-clients: $(VENV)/.installed-dev $(TS_CLIENT) $(PY_CLIENT)
	@$(BIN)/python -m tests.suites clients

# Said before anything is installed: what is missing here, where it comes from and what needs it.
test-plan:
	@echo "==> make test: ruff, mypy and the pytest suites ($(PYTEST_SUITES)), then a summary;"
	@echo "    measured on 2 cores, tools in place: 8 minutes quiet, about 12 at a load average of 8-9 (pytest-xdist workers: TEST_WORKERS=$(TEST_WORKERS))"
	@missing=0; say() { [ $$missing = 1 ] || echo "    it first installs what this machine lacks:"; missing=1; echo "    - $$1"; }; \
	$(MAKE) --no-print-directory -q $(VENV)/.installed-dev 2>/dev/null || say "Python packages into $(VENV) (pip, pyproject.toml's dev extra): ruff, mypy, pytest, pytest-xdist, hypothesis, schemathesis, selenium, openapi-python-client and the deploy checkers"; \
	{ command -v redis-server || test -x /usr/bin/redis-server; } >/dev/null 2>&1 || say "redis-server (apt): $(WHY_REDIS)"; \
	{ command -v redis-cli || test -x /usr/bin/redis-cli; } >/dev/null 2>&1 || say "redis-tools (apt): redis-cli builds the local Redis Cluster"; \
	{ command -v nginx || test -x /usr/sbin/nginx; } >/dev/null 2>&1 || say "nginx-light (apt): $(WHY_NGINX)"; \
	$(MAKE) --no-print-directory -q -o $(VENV)/.installed-dev $(PY_CLIENT) 2>/dev/null || say "pip install ./clients/python into $(VENV): $(WHY_PY_CLIENT)"; \
	command -v jq >/dev/null 2>&1 || say "jq, curl (apt): $(WHY_JQ)"; \
	command -v chromedriver >/dev/null 2>&1 || say "chromium, chromium-driver (apt, over 100 MB to download): $(WHY_BROWSER)"; \
	if command -v npm >/dev/null 2>&1; then $(MAKE) --no-print-directory -q $(TS_CLIENT) 2>/dev/null || say "npm ci in clients/typescript (npm registry): $(WHY_NPM)"; \
	else echo "    npm is missing: the TypeScript client test will be skipped"; fi; \
	[ $$missing = 1 ] && [ "$$(id -u)" != 0 ] && echo "    (not root: apt packages are not installed; the command names them and stops)"; \
	[ $$missing = 1 ] || echo "    every tool it needs is already here"

# valgrind counts the instructions of a gunicorn worker per request (bench/instructions.py): the Debian package.
.PHONY: valgrind
valgrind:
	@command -v valgrind >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq valgrind) >/dev/null; \
	  else echo "valgrind is missing: install the Debian package valgrind" >&2; exit 1; fi; }

# Engine, worst-case, HTTP-against-ceiling, instruction-count, memory, tournament, suggest-budget and hostile-load
# benchmarks
# (the tournament alone takes about 15 minutes on 2 cores; --quick for a smoke run).
bench: $(VENV)/.installed-dev nginx valgrind
	$(BIN)/python -m bench

deploy-check: $(VENV)/.installed-dev
	CARDRULES_PURE_PYTHON=0 bash deploy/check.sh

# Schemathesis CLI with every check against the service under gunicorn, as the image starts it.
# The run creates hundreds of sessions and asks for hundreds of suggestions from one address: the per-client
# session quotas and suggestion limits are off for it.
contract-live: $(VENV)/.installed-dev
	SESSION_QUOTA_CREATES=0 SESSION_QUOTA_LIVE=0 RATE_LIMIT_SUGGEST=off SUGGEST_CLIENT_SLOTS=0 bash tests/live_contract.sh

clean:
	rm -rf $(VENV) clients/typescript/node_modules clients/typescript/dist .pytest_cache .mypy_cache .ruff_cache .hypothesis build service/compiled_sources.txt
	find . -name '*.so' -not -path './$(VENV)/*' -delete
