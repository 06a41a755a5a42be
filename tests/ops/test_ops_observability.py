"""Operational endpoints in-process: documented in the spec, request ids, metrics, plays histogram."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient
from prometheus_client import REGISTRY, generate_latest

from arbitru import create_app
from arbitru.http import observability
from arbitru.settings import Settings


@pytest.fixture(scope="module")
def app() -> Flask:
    """The real application."""
    return create_app({"TESTING": True})


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A test client."""
    return app.test_client()


@pytest.fixture
def access_log(app: Flask) -> Iterator[io.StringIO]:
    """What the access log writes, formatted as in production."""
    stream = io.StringIO()
    log = app.extensions[observability.ACCESS_LOGGER]
    saved, log.sink = log.sink, lambda line: stream.write(line.decode())
    yield stream
    log.sink = saved


def spec(client: FlaskClient) -> dict:
    """The served OpenAPI document."""
    return client.get("/openapi.json").get_json()


def test_operational_endpoints_are_in_the_spec_with_their_content_types(client: FlaskClient) -> None:
    paths = spec(client)["paths"]
    assert set(paths["/healthz"]["get"]["responses"]["200"]["content"]) == {"application/json"}
    assert set(paths["/readyz"]["get"]["responses"]["200"]["content"]) == {"application/json"}
    assert "503" in paths["/readyz"]["get"]["responses"]
    assert "/metrics" not in paths  # served by the gunicorn master on METRICS_PORT, not by the app


def test_healthz_is_ok_and_readyz_checks_the_engine(client: FlaskClient) -> None:
    assert client.get("/healthz").get_json() == {"status": "ok"}
    assert client.get("/readyz").get_json() == {"status": "ready"}


def test_readyz_is_503_problem_json_when_the_engine_self_check_fails(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(observability, "_engine_self_check", lambda: False)
    response = client.get("/readyz")
    assert response.status_code == 503
    assert response.mimetype == "application/problem+json"
    assert response.get_json()["status"] == 503


def test_request_id_is_echoed_when_sane_and_generated_otherwise(client: FlaskClient) -> None:
    assert client.get("/healthz", headers={"X-Request-ID": "abc-123"}).headers["X-Request-ID"] == "abc-123"
    for hostile in ("", "a b", "x" * 129, "id\u00e9"):
        generated = client.get("/healthz", headers={"X-Request-ID": hostile}).headers["X-Request-ID"]
        assert re.fullmatch(r"[0-9a-f]{32}", generated)


def test_error_responses_carry_a_request_id_too(client: FlaskClient) -> None:
    response = client.post("/v1/moves", data="{not json", content_type="application/json")
    assert response.status_code == 400
    assert response.headers["X-Request-ID"]


def test_each_request_logs_one_json_line_with_the_required_fields(
    client: FlaskClient, access_log: io.StringIO
) -> None:
    client.get("/healthz", headers={"X-Request-ID": "one-line"})
    lines = [json.loads(line) for line in access_log.getvalue().splitlines()]
    assert len(lines) == 1
    assert {"method", "route", "status", "duration_ms", "request_id"} <= set(lines[0])
    assert (lines[0]["method"], lines[0]["route"], lines[0]["status"], lines[0]["request_id"]) == (
        "GET",
        "/healthz",
        200,
        "one-line",
    )


def metrics_text() -> str:
    """What a scrape of this process's metrics shows."""
    return generate_latest(REGISTRY).decode()


def test_metrics_count_requests_by_route_template_not_raw_path(client: FlaskClient) -> None:
    client.get("/no/such/thing/42")
    text = metrics_text()
    assert 'route="<unmatched>"' in text
    assert "/no/such/thing/42" not in text


def test_observe_plays_feeds_the_plays_histogram(app: Flask, client: FlaskClient) -> None:
    with app.test_request_context("/v1/moves", method="POST"):
        observability.observe_plays(2226)
    text = metrics_text()
    assert re.search(r'arbitru_plays_per_request_bucket\{le="2500.0",route="/v1/moves"\} [1-9]', text)


def test_invented_methods_are_counted_under_one_label(client: FlaskClient) -> None:
    for i in range(50):
        assert client.open("/v1/moves", method=f"INVENTED{i}").status_code == 405
    text = metrics_text()
    assert 'method="other",route="<unmatched>",status="405"' in text
    assert "INVENTED" not in text


def test_the_app_does_not_serve_metrics_on_the_service_port(client: FlaskClient) -> None:
    assert client.get("/metrics").status_code == 404


def sampled_app(**settings: object) -> tuple[Flask, io.StringIO]:
    """An app built with these access-log settings, and what its access log writes."""
    stream = io.StringIO()
    app = create_app({"TESTING": True}, settings=Settings(**settings))  # type: ignore[arg-type]
    app.extensions[observability.ACCESS_LOGGER].sink = lambda line: stream.write(line.decode())
    return app, stream


def logged(stream: io.StringIO) -> list[tuple[str, int, str]]:
    """(route, status, levelname) of every access line written."""
    return [
        (r["route"], r["status"], r["levelname"]) for r in map(json.loads, stream.getvalue().splitlines())
    ]


def test_with_sample_zero_no_success_is_logged_but_every_4xx_and_5xx_is(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app, stream = sampled_app(access_log_sample=0.0)
    client = app.test_client()
    for _ in range(20):
        assert client.get("/healthz").status_code == 200
    assert client.get("/no/such/route").status_code == 404
    assert client.post("/v1/moves", json={"board": {}}).status_code == 422
    monkeypatch.setattr(observability, "_engine_self_check", lambda: False)
    assert client.get("/readyz").status_code == 503
    assert logged(stream) == [
        ("<unmatched>", 404, "WARNING"),
        ("/v1/moves", 422, "WARNING"),
        ("/readyz", 503, "ERROR"),
    ]


def test_a_slow_success_is_always_logged() -> None:
    app, stream = sampled_app(access_log_sample=0.0, access_log_slow_ms=0)
    app.test_client().get("/healthz")
    assert logged(stream) == [("/healthz", 200, "WARNING")]


def test_with_sample_one_every_success_is_logged_at_info() -> None:
    app, stream = sampled_app()
    client = app.test_client()
    for _ in range(5):
        client.get("/healthz")
    assert logged(stream) == [("/healthz", 200, "INFO")] * 5


def test_a_sample_keeps_about_that_fraction_of_successes(monkeypatch: pytest.MonkeyPatch) -> None:
    draws = iter([0.1, 0.9] * 10)
    monkeypatch.setattr(observability.random, "random", lambda: next(draws))
    app, stream = sampled_app(access_log_sample=0.5)
    client = app.test_client()
    for _ in range(20):
        client.get("/healthz")
    assert len(logged(stream)) == 10


def test_access_log_level_warning_keeps_only_failures_and_slow_requests() -> None:
    app, stream = sampled_app(access_log_level="WARNING")
    client = app.test_client()
    client.get("/healthz")
    client.get("/no/such/route")
    assert logged(stream) == [("<unmatched>", 404, "WARNING")]
