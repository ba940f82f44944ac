# The two commands of the README: `make run` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PORT ?= 8000

.PHONY: run test build lint types pytest bench deploy-check contract-live clean

# The install compiles these with mypyc (setup.py): an edit to one of them rebuilds.
COMPILED := setup.py $(wildcard service/engine/*.py) service/schemas/fastpath.py

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml $(COMPILED) | $(BIN)/python
	$(BIN)/pip install --quiet --constraint deploy/constraints.txt -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml $(COMPILED) | $(BIN)/python
	$(BIN)/pip install --quiet --constraint deploy/constraints.txt -e '.[dev]'
	touch $@ $(VENV)/.installed

run: $(VENV)/.installed
	PORT=$(PORT) $(BIN)/gunicorn --config deploy/gunicorn.conf.py 'service.app:create_app()'

# redis-server is needed by the session tests: take the Debian package when running as root, else it must be on PATH.
.PHONY: redis-server
redis-server:
	@command -v redis-server >/dev/null 2>&1 || test -x /usr/bin/redis-server || { \
	  if [ "$$(id -u)" = 0 ]; then \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server) >/dev/null; \
	  else echo "redis-server is missing: install the Debian package redis-server" >&2; exit 1; fi; }

# nginx is needed by the proxy tests (tests/edge): take the Debian package when running as root, else it must be on PATH.
.PHONY: nginx
nginx:
	@command -v nginx >/dev/null 2>&1 || test -x /usr/sbin/nginx || { \
	  if [ "$$(id -u)" = 0 ]; then \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light) >/dev/null; \
	  else echo "nginx is missing: install the Debian package nginx-light" >&2; exit 1; fi; }

# Compile the engine again (CARDRULES_PURE_PYTHON=1 make build: remove the compiled modules, run the sources).
build: | $(BIN)/python
	$(BIN)/pip install --quiet --constraint deploy/constraints.txt -e .
	touch $(VENV)/.installed

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check setup.py service tests deploy $(wildcard bench)

types: $(VENV)/.installed-dev
	$(BIN)/mypy service

pytest: $(VENV)/.installed-dev redis-server nginx
	$(BIN)/python -m pytest

test: lint types pytest

# Engine, worst-case, HTTP-against-ceiling and memory benchmarks (about 6 minutes; --quick for a smoke run).
bench: $(VENV)/.installed-dev nginx
	$(BIN)/python -m bench

deploy-check: $(VENV)/.installed-dev
	bash deploy/check.sh

# Schemathesis CLI with every check against the service under gunicorn, as the image starts it.
contract-live: $(VENV)/.installed-dev
	bash tests/live_contract.sh

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis build service/compiled_sources.txt
	find . -name '*.so' -not -path './$(VENV)/*' -delete
