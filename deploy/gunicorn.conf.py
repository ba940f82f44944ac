"""Gunicorn settings shared by the container image, compose and Kubernetes."""

from __future__ import annotations

import gc
import math
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any


def _cpu_count() -> int:
    # os.cpu_count() reports the host's cores; a container may be limited by a CFS quota or an affinity mask,
    # and one sync worker per usable core is what this CPU-bound JSON work wants.
    try:
        quota, period = Path("/sys/fs/cgroup/cpu.max").read_text().split()
        if quota != "max":
            return max(1, math.ceil(int(quota) / int(period)))
    except (OSError, ValueError):
        pass
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


bind = f"0.0.0.0:{os.environ.get('PORT', '8000')}"

# /metrics must sum every worker: prometheus_client's multiprocess mode needs a shared directory, named in the
# environment before any worker imports it. The image names one; elsewhere a private one is made here.
if not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix="cardrules-metrics-")
# Sync workers, one per usable core, behind a buffering proxy (nginx in Compose, the ingress controller in
# Kubernetes: docs/deployment.md). The work is CPU-bound JSON in and out, so a process per core is what the
# machine can run, and a sync worker costs nothing per request for threads it would not use (gthread measured
# lower on the same bench: bench/RESULTS.md). A sync worker serves one connection at a time and would wait on a
# slow client; the proxy reads each request whole and takes each response whole before the worker sees it, so
# it never does. Without the proxy, a few slow connections stop the service (tests/edge/test_slow_clients.py).
worker_class = "sync"
workers = int(os.environ.get("WEB_CONCURRENCY") or _cpu_count())

# Kubernetes gives the pod terminationGracePeriodSeconds (40) = preStop (5) + graceful_timeout (20) + slack.
timeout = 30
graceful_timeout = 20
# Sync workers close every connection anyway (the proxy keeps its own client connections alive); this only
# takes effect if worker_class becomes gthread.
keepalive = 5
# Recycling bounds slow memory growth; the jitter stops all workers restarting at once.
max_requests = 10000
max_requests_jitter = 1000
# Workers fork from a master that has already imported the app: a recycled worker starts in milliseconds
# instead of re-importing everything, and the code pages are shared between workers.
preload_app = True

# The heartbeat file must live on a writable, memory-backed filesystem: the root filesystem is read-only.
if Path("/dev/shm").is_dir():
    worker_tmp_dir = "/dev/shm"

# The control socket would be created under $HOME, which is not writable (nor useful) in a container.
control_socket_disable = True

# The app writes one JSON line per request itself; gunicorn's own access log would duplicate it.
accesslog = None
errorlog = "-"
loglevel = os.environ.get("LOG_LEVEL", "INFO").lower()


def when_ready(server: Any) -> None:
    # METRICS_PORT: the master serves the summed metrics of every worker on that internal port, so /metrics is off
    # the public port and a scrape never takes a worker's time.
    port = os.environ.get("METRICS_PORT")
    if port:
        from service.api.metrics import serve_internal

        serve_internal(int(port), os.environ.get("METRICS_ADDRESS", "0.0.0.0"))
        server.log.info("metrics on %s:%s", os.environ.get("METRICS_ADDRESS", "0.0.0.0"), port)
    # The master has imported the app (preload_app) and forks workers from here on: what it holds now lives as
    # long as the process, so the garbage collector need not walk it again in every worker, and leaving it alone
    # keeps those pages shared between master and workers.
    gc.freeze()


def on_starting(server: Any) -> None:
    # Files left by a previous master belong to dead pids and would be summed into the new counters.
    # Empty the directory rather than removing it: it is often a mount point (emptyDir, tmpfs).
    directory = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if not directory:
        return
    path = Path(directory)
    path.mkdir(parents=True, exist_ok=True)
    for entry in path.iterdir():
        if entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry)
        else:
            entry.unlink()


def child_exit(server: Any, worker: Any) -> None:
    # Without this, live gauges of recycled workers (max_requests) keep being reported.
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid)  # type: ignore[no-untyped-call]
