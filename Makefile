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
.PHONY: redis-server
redis-server:
	@command -v redis-server >/dev/null 2>&1 || test -x /usr/bin/redis-server || { \
	  if [ "$$(id -u)" = 0 ]; then \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server) >/dev/null; \
	  else echo "redis-server is missing: install the Debian package redis-server" >&2; exit 1; fi; }

# Compile the engine in place, as the image does (make build CARDRULES_PURE_PYTHON=0); with the default, remove
# the compiled modules and run the sources again.
build: | $(BIN)/python
	$(BIN)/pip install --quiet --constraint deploy/constraints.txt -e .
	touch $(VENV)/.installed

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check setup.py service tests deploy $(wildcard bench)

types: $(VENV)/.installed-dev
	$(BIN)/mypy service

pytest: $(VENV)/.installed-dev redis-server
	$(BIN)/python -m pytest

test: lint types pytest

# Engine, worst-case, HTTP-against-ceiling and memory benchmarks (about 6 minutes; --quick for a smoke run).
bench: $(VENV)/.installed-dev
	$(BIN)/python -m bench

deploy-check: $(VENV)/.installed-dev
	CARDRULES_PURE_PYTHON=0 bash deploy/check.sh

# Schemathesis CLI with every check against the service under gunicorn, as the image starts it.
contract-live: $(VENV)/.installed-dev
	bash tests/live_contract.sh

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis build service/compiled_sources.txt
	find . -name '*.so' -not -path './$(VENV)/*' -delete
