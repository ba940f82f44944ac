"""The direct metric writes (service/metric_writes.py) agree with prometheus_client's own, in its files.

The library picks its multiprocess value class when it is imported, so each case runs in a fresh interpreter with
``PROMETHEUS_MULTIPROC_DIR`` set, and reads the directory back with the library's own collector.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]

PRELUDE = """
import json, os, sys
from prometheus_client import CollectorRegistry, Counter, Histogram, multiprocess
from service.metric_writes import RequestSeries

BOUNDS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0)
counter = Counter("t_requests_total", "requests", ["route"])
latency = Histogram("t_seconds", "latency", ["route"], buckets=BOUNDS)
LATENCIES = [0.0004, 0.001, 0.0011, 0.003, 0.003, 0.02, 0.7, 1.0, 2.5, 0.0]

def library(route, seconds):
    counter.labels(route).inc()
    latency.labels(route).observe(seconds)

def scrape():
    registry = CollectorRegistry()
    multiprocess.MultiProcessCollector(registry)
    out = {}
    for metric in registry.collect():
        for sample in metric.samples:
            labels = ",".join(f"{k}={v}" for k, v in sorted(sample.labels.items()))
            out[f"{sample.name}{{{labels}}}"] = sample.value
    return out

def by_route(samples, route, rename):
    return {k.replace(route, rename): v for k, v in samples.items() if f"route={route}" in k}
"""


def run(body: str, tmp_path: Path) -> Any:
    directory = tmp_path / "metrics"
    directory.mkdir()
    env = {**os.environ, "PROMETHEUS_MULTIPROC_DIR": str(directory), "PYTHONPATH": str(ROOT)}
    script = PRELUDE + textwrap.dedent(body)
    done = subprocess.run(
        [sys.executable, "-c", script], env=env, cwd=ROOT, capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_direct_writes_read_back_as_the_librarys_own(tmp_path: Path) -> None:
    found = run(
        """
        series = RequestSeries(counter.labels("direct"), latency.labels("direct"))
        assert series.count is not None and series.total is not None and len(series.buckets) == 11
        for seconds in LATENCIES:
            series.record(seconds)
            library("library", seconds)
        samples = scrape()
        print(json.dumps([by_route(samples, "direct", "x"), by_route(samples, "library", "x")]))
        """,
        tmp_path,
    )
    direct, library = found
    assert direct == library
    assert direct["t_requests_total{route=x}"] == 10
    assert direct["t_seconds_count{route=x}"] == 10
    assert direct["t_seconds_bucket{le=0.001,route=x}"] == 3  # 0.0004, 0.001 (a bound is its own bucket), 0.0
    assert direct["t_seconds_bucket{le=+Inf,route=x}"] == 10
    expected_sum = sum([0.0004, 0.001, 0.0011, 0.003, 0.003, 0.02, 0.7, 1.0, 2.5])
    assert abs(direct["t_seconds_sum{route=x}"] - expected_sum) < 1e-9


def test_the_librarys_later_writes_of_the_same_series_continue_from_the_direct_ones(tmp_path: Path) -> None:
    found = run(
        """
        series = RequestSeries(counter.labels("r"), latency.labels("r"))
        for _ in range(5):
            series.record(0.002)
        library("r", 0.002)
        samples = scrape()
        print(json.dumps([samples["t_requests_total{route=r}"], samples["t_seconds_bucket{le=0.0025,route=r}"]]))
        """,
        tmp_path,
    )
    assert found == [6, 6]


def test_a_forked_child_writes_its_own_file_and_the_parent_keeps_its_counts(tmp_path: Path) -> None:
    found = run(
        """
        series = RequestSeries(counter.labels("r"), latency.labels("r"))
        for _ in range(3):
            series.record(0.002)
        child = os.fork()
        if child == 0:
            for _ in range(4):
                series.record(0.002)
            os._exit(0)
        os.waitpid(child, 0)
        series.record(0.002)
        files = [name for name in os.listdir(os.environ["PROMETHEUS_MULTIPROC_DIR"]) if name.startswith("counter")]
        print(json.dumps([scrape()["t_requests_total{route=r}"], len(files)]))
        """,
        tmp_path,
    )
    # 3 + 1 in the parent's file, 4 in the child's: nothing the child wrote landed in the parent's file.
    assert found == [8, 2]


def test_a_series_found_before_its_file_grew_still_writes_the_file(tmp_path: Path) -> None:
    found = run(
        """
        first = RequestSeries(counter.labels("first"), latency.labels("first"))
        first.record(0.002)
        # Thousands of other series: the library grows its 64 KiB file and maps it anew.
        for number in range(3000):
            library(f"route-{number:04d}-" + "x" * 40, 0.002)
        for _ in range(9):
            first.record(0.002)
        samples = scrape()
        print(json.dumps([samples["t_requests_total{route=first}"], samples["t_seconds_count{route=first}"]]))
        """,
        tmp_path,
    )
    assert found == [10, 10]


def test_without_a_multiprocess_directory_the_public_api_counts() -> None:
    from prometheus_client import CollectorRegistry, Counter, Histogram

    from service.metric_writes import RequestSeries

    registry = CollectorRegistry()
    counter = Counter("plain_requests_total", "requests", ["route"], registry=registry)
    latency = Histogram("plain_seconds", "latency", ["route"], registry=registry, buckets=(0.01, 1.0))
    series = RequestSeries(counter.labels("r"), latency.labels("r"))
    for _ in range(4):
        series.record(0.5)
    assert series.count is None
    assert registry.get_sample_value("plain_requests_total", {"route": "r"}) == 4
    assert registry.get_sample_value("plain_seconds_bucket", {"route": "r", "le": "1.0"}) == 4
    assert registry.get_sample_value("plain_seconds_bucket", {"route": "r", "le": "0.01"}) == 0
