"""Shared fixtures for the HTTP tests: an app, a test client, and position builders."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from arbitru import create_app

OPENING_SIDE: dict[str, Any] = {"points": {"6": 5, "8": 3, "13": 5, "24": 2}, "bar": 0, "off": 0}


def opening_board() -> dict[str, Any]:
    """The standard starting position in the contract's JSON form (a fresh copy)."""
    return {"white": copy.deepcopy(OPENING_SIDE), "black": copy.deepcopy(OPENING_SIDE)}


def roll_body(dice: list[int] | None = None, turn: str = "white", **extra: Any) -> dict[str, Any]:
    """A /v1/moves body for the opening position."""
    return {"board": opening_board(), "turn": turn, "dice": dice or [3, 1], **extra}


@pytest.fixture(scope="session")
def app() -> Flask:
    """One application for the HTTP tests (it is stateless)."""
    return create_app({"TESTING": True})


@pytest.fixture()
def client(app: Flask) -> FlaskClient:
    """A Flask test client."""
    return app.test_client()


def ok_json(response: Any) -> dict[str, Any]:
    """Assert a 200 answer (its body shown when it is not); return its JSON."""
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.json  # type: ignore[no-any-return]


def assert_problem(response: Any, status: int) -> dict[str, Any]:
    """Assert an RFC 9457 problem+json answer with `status`; return its body."""
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == "application/problem+json"
    body = response.get_json(force=True)
    assert body["status"] == status
    assert isinstance(body["type"], str) and body["type"]
    assert isinstance(body["title"], str) and body["title"]
    assert isinstance(body["detail"], str) and body["detail"]
    text = response.get_data(as_text=True)
    assert "Traceback" not in text and 'File "' not in text
    return body
