"""Gunicorn settings shared by `make run`, the container image, compose and Kubernetes."""

# ruff: noqa: E402 - the imports after the gevent patch come after it on purpose
from __future__ import annotations

import os
import sys

# gevent workers: a request that waits (a suggestion computed in a child process, and the event streams to come)
# costs a greenlet, not a worker. The app is preloaded in this master before any worker forks, so the standard
# library must be patched here, before anything below or the app imports it: patched by the worker only, the
# locks, sockets and threads made while preloading would stay blocking ones (gunicorn's note on preload_app).
# Only when gunicorn itself reads this file: a test that reads the settings must not patch its own process.
WORKER_CLASS = os.environ.get("GUNICORN_WORKER_CLASS", "gevent")
if WORKER_CLASS == "gevent" and "gunicorn.arbiter" in sys.modules:
    from gevent import monkey

    monkey.patch_all()

import gc
import math
import shutil
import tempfile
from pathlib import Path
from typing import Any


def _cpu_count() -> int:
    # os.cpu_count() reports the host's cores; a container may be limited by a CFS quota or an affinity mask,
    # and one worker per usable core is what this CPU-bound JSON work wants.
    try:
        quota, period = Path("/sys/fs/cgroup/cpu.max").read_text().split()
        if quota != "max":
            return max(1, math.ceil(int(quota) / int(period)))
    except (OSError, ValueError):
        pass
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


# Loopback unless HOST says otherwise: `make run` is for development on this machine; the image sets HOST=0.0.0.0.
bind = f"{os.environ.get('HOST') or '127.0.0.1'}:{os.environ.get('PORT', '8000')}"

# /metrics must sum every worker: prometheus_client's multiprocess mode needs a shared directory, named in the
# environment before any worker imports it. The image names one; elsewhere a private one is made here.
if not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix="cardrules-metrics-")
# One worker per usable core, behind a buffering proxy (nginx in Compose, the ingress controller in Kubernetes:
# docs/deployment.md). The rules work is CPU-bound JSON in and out, so a process per core is what the machine can
# run. Each is a gevent worker: its greenlets take turns on that core, so a request that only waits (for a
# computer player's child process, for an event) holds no worker, and a slow client costs a greenlet, not the
# service. GUNICORN_WORKER_CLASS=sync gives back the sync worker (one connection at a time per worker).
# The gevent worker is gunicorn's, made to end its event streams with a reconnect hint and exit at once when it
# stops, and to recycle one worker of the host at a time (service/sessions/worker.py, docs/deployment.md).
worker_class = "service.sessions.worker.StoppingGeventWorker" if WORKER_CLASS == "gevent" else WORKER_CLASS
workers = int(os.environ.get("WEB_CONCURRENCY") or _cpu_count())
# Connections one worker holds at once. Waiting readers (event streams, long polls) are cheap greenlets, but each
# holds a connection for minutes: a worker admits EVENT_WAITERS_MAX of them (6000) and keeps 1000 connections
# more that only rules requests can take, so no number of streams starves the rules (service/sessions/admission.py).
_WAITERS = int(os.environ.get("EVENT_WAITERS_MAX") or 6000)
worker_connections = int(os.environ.get("WORKER_CONNECTIONS") or _WAITERS + 1000)
# Every connection is a file descriptor: the soft limit is raised toward the hard one to hold them all.
try:
    import resource

    _soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    _wanted = worker_connections + 1024  # the store, the logs, the computer players' pipes
    if _soft != resource.RLIM_INFINITY and _soft < _wanted:
        resource.setrlimit(
            resource.RLIMIT_NOFILE,
            (_wanted if _hard == resource.RLIM_INFINITY else min(_wanted, _hard), _hard),
        )
except (ImportError, ValueError, OSError):
    pass
# The waiting readers of the host's workers are counted together (per client address, per host) in a small
# shared table: a directory every worker shares. Only when gunicorn reads this file, as for the recycling permit.
if "gunicorn.arbiter" in sys.modules and not os.environ.get("EVENT_WAITERS_DIR"):
    os.environ["EVENT_WAITERS_DIR"] = tempfile.mkdtemp(prefix="cardrules-waiters-")

# The computer players think in child processes forked by the worker, at the lowest CPU priority, at most
# SUGGEST_SLOTS at a time on this host (slot files in one directory that every worker shares: service/offload.py).
os.environ.setdefault("SUGGEST_OFFLOAD", "fork")
os.environ.setdefault("SUGGEST_SLOTS", str(_cpu_count()))
if not os.environ.get("SUGGEST_SLOT_DIR"):
    os.environ["SUGGEST_SLOT_DIR"] = tempfile.mkdtemp(prefix="cardrules-suggest-")

# Kubernetes gives the pod terminationGracePeriodSeconds (40) = preStop (5) + graceful_timeout (20) + slack.
# A stopping gevent worker ends its streams and idle connections at once, so it rarely needs more than a
# second of it: the rest is for a request still being computed.
timeout = 30
graceful_timeout = 20
# How long a gevent worker keeps an idle client connection open for its next request.
keepalive = 5
# Recycling bounds slow memory growth; the jitter spreads the workers' turns. A gevent worker that reaches its
# count recycles only when no other worker of this host did in the last RECYCLE_SPACING_SECONDS (60): the
# stamp file in RECYCLE_PERMIT_DIR, a directory every worker shares, says when the last one did.
max_requests = int(os.environ.get("MAX_REQUESTS") or 10000)
max_requests_jitter = int(os.environ.get("MAX_REQUESTS_JITTER") or 1000)
# Only when gunicorn reads this file: a test that reads the settings must not leave the name in its own
# environment, where the servers it starts later would share one permit.
if (
    WORKER_CLASS == "gevent"
    and "gunicorn.arbiter" in sys.modules
    and not os.environ.get("RECYCLE_PERMIT_DIR")
):
    os.environ["RECYCLE_PERMIT_DIR"] = tempfile.mkdtemp(prefix="cardrules-recycle-")
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
    if WORKER_CLASS == "gevent" and "gevent.monkey" in sys.modules:
        # Threads the preloaded app started (the rate limiters' expiry timers of the `limits` package) are
        # greenlets here that have not run yet: let them finish in the master, or every forked worker would run
        # its copy and log a KeyError as it ends.
        import gevent

        gevent.sleep(0.05)
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


def post_worker_init(worker: Any) -> None:
    # Every worker looks for the tables' due deadlines from its start, so a deadline set before a restart is
    # acted on even if nobody reads that table again (service/sessions/runner.py); the claim in the store
    # makes one worker of one instance act on each.
    from service.api.sessions import start_polling
    from service.sessions import collector

    start_polling(worker.wsgi)
    # A worker holding thousands of streams freezes what survives a full collection (service/sessions/collector.py).
    # An app without tables (the benches' bare Flask ceiling, served under this same configuration) has no hub.
    hub = worker.wsgi.extensions.get("event_hub")
    if hub is not None:
        collector.install(lambda: hub.waiting)
