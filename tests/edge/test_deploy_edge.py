"""The deploy files lay production out as docs/deployment.md says: the proxy on the public port, the app and its
metrics port behind it, trusted proxies set; gunicorn runs one gevent worker per usable core and serves the metrics
on METRICS_PORT from its master."""

from __future__ import annotations

import re
import runpy
from pathlib import Path

import pytest
import yaml

from service.config import Settings
from tests.edge.servers import free_port, get, gunicorn

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"


def gunicorn_settings(monkeypatch: pytest.MonkeyPatch, **env: str) -> dict[str, object]:
    for name in ("WEB_CONCURRENCY", "REDIS_URL", "METRICS_PORT"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", "/nonexistent-not-used")
    # What the file sets for the app is set here first, so that it is undone after the test.
    monkeypatch.setenv("SUGGEST_SLOT_DIR", "/nonexistent-not-used")
    monkeypatch.setenv("SUGGEST_OFFLOAD", "fork")
    monkeypatch.setenv("SUGGEST_SLOTS", "1")
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return runpy.run_path(str(DEPLOY / "gunicorn.conf.py"))


def test_one_gevent_worker_per_usable_core_with_or_without_redis(monkeypatch: pytest.MonkeyPatch) -> None:
    plain = gunicorn_settings(monkeypatch)
    cores = plain["_cpu_count"]()  # type: ignore[operator]
    assert plain["worker_class"] == "service.sessions.worker.StoppingGeventWorker" and plain["workers"] == cores
    assert gunicorn_settings(monkeypatch, REDIS_URL="redis://localhost:6379/0")["workers"] == cores
    assert gunicorn_settings(monkeypatch, WEB_CONCURRENCY="3")["workers"] == 3


def test_metrics_on_the_internal_port_summed_over_workers_and_not_on_the_public_one() -> None:
    metrics_port = free_port()
    with gunicorn(workers=2, METRICS_PORT=str(metrics_port)) as port:
        for _ in range(20):
            assert get(port, "/v1/games/scopa")[0] == 200
        status, body = get(port, "/metrics")
        assert status == 404 and b"not_found" in body
        status, body = get(metrics_port, "/metrics")
        assert status == 200
        counted = sum(
            float(value)
            for value in re.findall(
                rb'cardrules_requests_total\{method="GET",route="/v1/games/<game_name>",status="200"\} (\S+)', body
            )
        )
        assert counted == 20


def compose() -> dict[str, dict[str, dict[str, object]]]:
    loaded: dict[str, dict[str, dict[str, object]]] = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    return loaded


def test_compose_puts_the_proxy_on_the_public_port_and_the_app_behind_it() -> None:
    services = compose()["services"]
    assert services["proxy"]["ports"] == ["8000:8080"]
    assert "./nginx/nginx.conf:/etc/nginx/nginx.conf:ro" in services["proxy"]["volumes"]  # type: ignore[operator]
    app = services["app"]
    assert "ports" not in app  # reachable only through the proxy
    environment = app["environment"]
    assert isinstance(environment, dict)
    assert environment["METRICS_PORT"] == "9100"
    # The app believes X-Forwarded-For only from the proxy's own fixed address.
    proxy_address = services["proxy"]["networks"]["internal"]["ipv4_address"]  # type: ignore[index]
    assert Settings.from_env(environment).trusted_proxies == (f"{proxy_address}/32",)


def test_kubernetes_keeps_metrics_off_the_service_and_trusts_the_ingress() -> None:
    config = yaml.safe_load((DEPLOY / "k8s" / "configmap.yaml").read_text())["data"]
    assert Settings.from_env(config).trusted_proxies and config["METRICS_PORT"] == "9100"
    service = yaml.safe_load((DEPLOY / "k8s" / "service.yaml").read_text())
    assert [port["targetPort"] for port in service["spec"]["ports"]] == ["http"]
    ingress = yaml.safe_load((DEPLOY / "k8s" / "ingress.yaml").read_text())
    annotations = ingress["metadata"]["annotations"]
    assert annotations["nginx.ingress.kubernetes.io/proxy-request-buffering"] == "on"
    assert annotations["nginx.ingress.kubernetes.io/proxy-body-size"] == "256k"


def test_the_proxy_body_limit_is_the_app_limit() -> None:
    conf = (DEPLOY / "nginx" / "nginx.conf").read_text()
    size = re.search(r"client_max_body_size (\d+)k;", conf)
    assert size is not None and int(size.group(1)) * 1024 == Settings().max_body_bytes
    assert "proxy_request_buffering on;" in conf and "proxy_buffering on;" in conf
    assert str(Settings().max_body_bytes) in conf  # the 413 the proxy writes names the same limit


def test_the_image_serves_metrics_on_the_internal_port() -> None:
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert "METRICS_PORT=9100" in dockerfile and re.search(r"^EXPOSE 8000 9100$", dockerfile, re.MULTILINE)
