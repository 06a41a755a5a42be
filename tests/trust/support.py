"""What the trust tests share: a key ring of two live keys, an app signing with it, answers read."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from arbitru import create_app
from arbitru.settings import Settings
from arbitru.trust.dice import seed_hash
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


# The players' secret seeds of a game (32 bytes each) and the hashes /v1/start fixes them by.
SEEDS = {"white": "5eed" * 16, "black": "d1ce" * 16}
SEED_HASHES = {side: seed_hash(seed) for side, seed in SEEDS.items()}


def committed_start(client: FlaskClient, rules: dict[str, Any] | None = None, **more: Any) -> dict[str, Any]:
    """/v1/start's answer for a game whose players fixed `SEEDS` by their hashes."""
    body = {"rules": rules or {"preset": "standard"}, "seed_hashes": SEED_HASHES, **more}
    return ok(client.post("/v1/start", json=body))


def rolled(client: FlaskClient, state: str, seeds: dict[str, str] | None = None) -> dict[str, Any]:
    """/v1/roll's answer until the opening is decided (equal opening dice roll again); `seeds`
    revealed with the first roll when the game fixed them by their hashes."""
    answer = ok(client.post("/v1/roll", json={"state": state} | ({"seeds": seeds} if seeds else {})))
    while answer["opening"] is not None and answer["opening"]["reroll"]:
        answer = ok(client.post("/v1/roll", json={"state": answer["state"]}))
    return answer


def logged(answer: dict[str, Any]) -> dict[str, Any]:
    """A /v1/roll answer as an entry of a roll log (/v1/dice/verify, examples/verify_dice.py)."""
    return {"index": answer["proof"]["index"], "seed": answer["proof"]["seed"], "dice": answer["dice"]}


def roll_log(answer: dict[str, Any], rolls: list[dict[str, Any]]) -> dict[str, Any]:
    """A roll log (/v1/dice/verify, examples/verify_dice.py): the commitment, seeds and seed hashes
    of `answer`'s proof, and the `rolls` (`logged`)."""
    proof = answer["proof"]
    return {
        "commitment": proof["commitment"],
        "seeds": proof["seeds"],
        "seed_hashes": proof["seed_hashes"],
        "rolls": rolls,
    }
