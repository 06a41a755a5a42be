"""Fixtures of the trust tests: an app signing with two live keys (tests/trust/support.py), a client."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.trust.support import trust_app


@pytest.fixture(scope="session")
def app() -> Flask:
    return trust_app()


@pytest.fixture()
def client(app: Flask) -> FlaskClient:
    return app.test_client()
