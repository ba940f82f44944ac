# syntax=docker/dockerfile:1

# The builder has a C compiler, for the engine's mypyc build (setup.py); the runtime image does not need one.
FROM python:3.11 AS builder
ENV PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PYTHONDONTWRITEBYTECODE=1
WORKDIR /src
RUN python -m venv /opt/venv
COPY pyproject.toml setup.py README.md openapi.yaml ./
COPY deploy/constraints.txt deploy/constraints.txt
COPY service ./service
# The guides /docs serves (service/guides links to docs/).
COPY docs ./docs
RUN /opt/venv/bin/pip install --no-cache-dir --constraint deploy/constraints.txt . \
    && /opt/venv/bin/pip uninstall --yes pip setuptools

FROM python:3.11-slim AS runtime
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PATH=/opt/venv/bin:$PATH \
    HOST=0.0.0.0 \
    PORT=8000 \
    METRICS_PORT=9100 \
    PROMETHEUS_MULTIPROC_DIR=/tmp/metrics \
    XDG_STATE_HOME=/var/lib/cardrules
# XDG_STATE_HOME: the embedded session store and the seed key live in /var/lib/cardrules/cardrules, the one
# writable place a read-only root keeps (mount a volume there so sessions and the key survive the container).
RUN groupadd --system --gid 10001 app \
    && useradd --system --uid 10001 --gid app --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin app \
    && install --directory --owner 10001 --group 10001 --mode 0700 /var/lib/cardrules
VOLUME ["/var/lib/cardrules"]
COPY --from=builder /opt/venv /opt/venv
WORKDIR /app
COPY deploy/gunicorn.conf.py deploy/gunicorn.conf.py
USER 10001:10001
# 8000: the API, meant to sit behind a buffering proxy (docs/deployment.md); 9100: /metrics, internal only.
EXPOSE 8000 9100
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
    CMD ["python", "-c", \
         "import os, urllib.request as r; r.urlopen(f\"http://127.0.0.1:{os.environ['PORT']}/healthz\", timeout=3)"]
CMD ["gunicorn", "--config", "/app/deploy/gunicorn.conf.py", "service.app:create_app()"]
