#!/usr/bin/env bash
# Schemathesis CLI, every check, against the service running exactly as the image runs it (gunicorn + config).
# One schemathesis worker: its threads compiling schemas concurrently can trip a CPython 3.11 AST race.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-.venv/bin}
PORT=${LIVE_PORT:-18765}
# A generated ?wait or event stream would hold the run for up to 30 s or 10 min: cut short here.
export PORT WEB_CONCURRENCY=1 LOG_LEVEL=WARNING EVENT_WAIT_MAX_SECONDS=0.2 EVENT_STREAM_SECONDS=0.5
setsid "$BIN/gunicorn" --config deploy/gunicorn.conf.py 'service.app:create_app()' &
server=$!
trap 'kill -TERM -- -"$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do
  "$BIN/python" -c "import urllib.request as r; r.urlopen('http://127.0.0.1:$PORT/healthz', timeout=1)" 2>/dev/null && break
  sleep 0.1
done
SCHEMATHESIS_HOOKS=tests.contract_hooks "$BIN/schemathesis" run openapi.yaml \
  --url "http://127.0.0.1:$PORT" --checks all --max-examples "${LIVE_EXAMPLES:-25}" \
  --exclude-path /metrics --workers 1 --no-color "$@"
