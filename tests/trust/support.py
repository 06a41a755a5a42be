"""What the trust tests share: a key ring of two live keys, an app signing with it, answers read."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from arbitru import create_app
from arbitru.settings import Settings
from arbitru.trust.keys import KeyRing, new_key

NEW_KEY, OLD_KEY = new_key(), new_key()
KEYS: dict[str, Any] = {"keys": [NEW_KEY, OLD_KEY]}  # the newest first: it signs, the older verifies


def trust_app(keys: dict[str, Any] = KEYS, **settings: Any) -> Flask:
    """An app signing with `keys`."""
    return create_app({"TESTING": True, "ARBITRU_KEY_RING": KeyRing(keys)}, Settings(**settings))


def ok(response: Any) -> dict[str, Any]:
    """The JSON of a 200 answer."""
    assert response.status_code == 200, response.get_data(as_text=True)
    body: dict[str, Any] = response.get_json()
    return body


def refused(response: Any, field: str = "state") -> str:
    """The message of a 422 naming `field`."""
    assert response.status_code == 422, response.get_data(as_text=True)
    assert response.mimetype == "application/problem+json"
    messages: list[str] = response.get_json()["errors"][field]
    return " ".join(messages)


def rolled(client: FlaskClient, state: str) -> dict[str, Any]:
    """/v1/roll's answer until the opening is decided (equal opening dice roll again)."""
    answer = ok(client.post("/v1/roll", json={"state": state}))
    while answer["opening"] is not None and answer["opening"]["reroll"]:
        answer = ok(client.post("/v1/roll", json={"state": answer["state"]}))
    return answer


def logged(answer: dict[str, Any]) -> dict[str, Any]:
    """A /v1/roll answer as an entry of a roll log (/v1/dice/verify, examples/verify_dice.py)."""
    return {"index": answer["proof"]["index"], "seed": answer["proof"]["seed"], "dice": answer["dice"]}
