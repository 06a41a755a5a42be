"""Compression negotiated by Accept-Encoding above a size threshold (flask-compress), and CORS off
by default, on for the origins a setting lists (flask-cors)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from arbitru import create_app
from arbitru.http.transport import settings
from arbitru.settings import Settings

REPO = Path(__file__).resolve().parents[2]
WORST = json.loads((REPO / "data" / "worst_positions.jsonl").open().readline())
LARGE = {k: WORST[k] for k in ("board", "turn", "dice")}
OUTCOME = {"board": {"white": {"points": {"6": 15}}, "black": {"points": {"6": 15}}}}
ORIGIN = "https://play.example.com"


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


def test_a_large_answer_is_gzipped_when_the_client_accepts_gzip(client):
    plain = client.post("/v1/moves", json=LARGE)
    packed = client.post("/v1/moves", json=LARGE, headers={"Accept-Encoding": "gzip"})
    assert plain.headers.get("Content-Encoding") is None
    assert packed.headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in packed.headers["Vary"]
    assert json.loads(gzip.decompress(packed.get_data())) == plain.json
    assert len(packed.get_data()) * 10 < len(plain.get_data())


def test_brotli_is_offered_too(client):
    packed = client.post("/v1/moves", json=LARGE, headers={"Accept-Encoding": "br"})
    assert packed.headers["Content-Encoding"] == "br"


def test_small_answers_are_not_compressed(client):
    r = client.post("/v1/outcome", json=OUTCOME, headers={"Accept-Encoding": "gzip"})
    assert len(r.get_data()) < settings(Settings.from_env({}))["COMPRESS_MIN_SIZE"]
    assert r.headers.get("Content-Encoding") is None


def test_the_threshold_is_a_setting():
    assert settings(Settings.from_env({"ARBITRU_COMPRESS_MIN_SIZE": "100"}))["COMPRESS_MIN_SIZE"] == 100
    low = create_app({"TESTING": True, "COMPRESS_MIN_SIZE": 100}).test_client()
    r = low.post("/v1/outcome", json=OUTCOME, headers={"Accept-Encoding": "gzip"})
    assert r.headers["Content-Encoding"] == "gzip"


def test_cors_is_off_by_default(client):
    r = client.post("/v1/outcome", json=OUTCOME, headers={"Origin": ORIGIN})
    assert "Access-Control-Allow-Origin" not in r.headers
    preflight = client.options(
        "/v1/moves", headers={"Origin": ORIGIN, "Access-Control-Request-Method": "POST"}
    )
    assert "Access-Control-Allow-Origin" not in preflight.headers


def test_cors_allows_exactly_the_listed_origins():
    assert settings(Settings.from_env({"ARBITRU_CORS_ORIGINS": f"{ORIGIN}, https://b.example"}))[
        "CORS_ORIGINS_ALLOWED"
    ] == [
        ORIGIN,
        "https://b.example",
    ]
    allowed = create_app({"TESTING": True, "CORS_ORIGINS_ALLOWED": [ORIGIN]}).test_client()
    r = allowed.post("/v1/outcome", json=OUTCOME, headers={"Origin": ORIGIN})
    assert r.headers["Access-Control-Allow-Origin"] == ORIGIN
    preflight = allowed.options(
        "/v1/moves",
        headers={
            "Origin": ORIGIN,
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "Content-Type",
        },
    )
    assert preflight.headers["Access-Control-Allow-Origin"] == ORIGIN
    other = allowed.post("/v1/outcome", json=OUTCOME, headers={"Origin": "https://evil.example"})
    assert "Access-Control-Allow-Origin" not in other.headers
