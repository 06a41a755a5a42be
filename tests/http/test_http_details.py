"""HTTP details: Vary: Origin whenever CORS answers, refused codings (q=0) honoured, /docs/ served
with relative assets, ETag and Cache-Control on the spec and /v1/rules, the README's metrics
example stating the setting it needs."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from arbitru import create_app
from arbitru.http.transport import accepted_codings

REPO = Path(__file__).resolve().parents[2]
WORST = json.loads((REPO / "data" / "worst_positions.jsonl").open().readline())
LARGE = {k: WORST[k] for k in ("board", "turn", "dice")}
ORIGIN = "https://play.example.com"
SVG = "/v1/board.svg?gnubg_id=4HPwATDgc/ABMA:cAkAAAAAAAAA"


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


@pytest.fixture(scope="module")
def cors_client():
    return create_app({"TESTING": True, "CORS_ORIGINS_ALLOWED": [ORIGIN]}).test_client()


@pytest.mark.parametrize("origin", [ORIGIN, "https://elsewhere.example", None])
def test_vary_origin_whenever_cors_answers_even_for_one_origin(cors_client, origin):
    headers = {"Origin": origin} if origin else {}
    for response in (cors_client.get("/v1/rules", headers=headers), cors_client.get(SVG, headers=headers)):
        assert "Origin" in response.headers["Vary"]
        allowed = response.headers.get("Access-Control-Allow-Origin")
        if origin is not None:
            assert allowed == (ORIGIN if origin == ORIGIN else None)


def test_no_vary_origin_when_cors_is_off(client):
    assert "Origin" not in client.get("/v1/rules", headers={"Origin": ORIGIN}).headers["Vary"]


@pytest.mark.parametrize(
    ("accept", "coding"),
    [
        ("gzip;q=0", None),
        ("gzip; q=0.000", None),
        ("br;q=0, gzip;q=0, deflate;q=0", None),
        ("gzip;q=0, br", "br"),
        ("gzip;q=0.5", "gzip"),
        ("gzip", "gzip"),
    ],
)
def test_a_coding_refused_with_q_0_is_never_used(client, accept, coding):
    response = client.post("/v1/moves", json=LARGE, headers={"Accept-Encoding": accept})
    assert response.headers.get("Content-Encoding") == coding


def test_accepted_codings_drop_only_the_refused_ones():
    assert accepted_codings("gzip;q=0, br;q=0.8, identity") == " br;q=0.8, identity"
    assert accepted_codings("gzip;q=bad") == "gzip;q=bad"


@pytest.mark.parametrize("path", ["/docs", "/docs/"])
def test_docs_is_served_with_and_without_the_slash_with_relative_assets(client, path):
    page = client.get(path)
    assert page.status_code == 200 and page.mimetype == "text/html"
    html = page.get_data(as_text=True)
    links = re.findall(r'(?:href|src|data-spec-url)="([^"]+)"', html)
    assert links and not any(link.startswith("/") or "://" in link for link in links)
    base = path if path.endswith("/") else "/"
    for link in links:  # each resolves, relative to the page, to what the service serves
        resolved = base + link if not link.startswith("../") else "/" + link.removeprefix("../")
        assert client.get(resolved).status_code == 200, resolved


@pytest.mark.parametrize("path", ["/openapi.json", "/openapi.yaml", "/v1/rules"])
def test_the_spec_and_the_rules_carry_an_etag_and_cache_control(client, path):
    first = client.get(path)
    etag = first.headers["ETag"]
    assert first.status_code == 200 and "max-age" in first.headers["Cache-Control"]
    again = client.get(path, headers={"If-None-Match": etag})
    assert again.status_code == 304 and not again.get_data()
    if path == "/v1/rules":  # the words follow the language: another body, another tag
        assert client.get(path, headers={"Accept-Language": "ro"}).headers["ETag"] != etag


def test_the_readme_metrics_example_states_the_setting_it_needs():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    at = readme.index("curl -s localhost:9100/metrics")
    comment = readme[readme.rindex("# Metrics", 0, at) : at]
    assert "METRICS_PORT=9100 make run" in comment
