"""Browser security headers on every kind of answer: pages, JSON, problems, pictures."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from arbitru.http.app import SECURITY_HEADERS
from tests.http.conftest import roll_body


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("GET", "/", None),
        ("GET", "/docs", None),
        ("GET", "/openapi.json", None),
        ("GET", "/healthz", None),
        ("POST", "/v1/moves", roll_body()),
        ("POST", "/v1/moves", {"dice": [1] * 3}),
        ("GET", "/no/such/page", None),
        ("GET", "/v1/board.svg?gnubg_id=4HPwATDgc/ABMA:cAkAAAAAAAAA", None),
    ],
)
def test_every_answer_carries_the_security_headers(
    client: FlaskClient, method: str, path: str, body: object
) -> None:
    answer = client.open(path, method=method, json=body)
    for name, value in SECURITY_HEADERS.items():
        assert answer.headers.get(name) == value, (path, name)


def test_the_policy_forbids_framing_plugins_and_other_origins() -> None:
    policy = dict(
        part.strip().split(" ", 1) for part in SECURITY_HEADERS["Content-Security-Policy"].split(";")
    )
    assert policy["frame-ancestors"] == "'none'" and policy["object-src"] == "'none'"
    assert policy["script-src"] == "'self'" and "unsafe" not in policy["script-src"]
    assert SECURITY_HEADERS["X-Content-Type-Options"] == "nosniff"
