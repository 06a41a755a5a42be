"""A game of each preset plays from /v1/start to its end on signed states and /v1/roll alone: no
board, turn or dice is ever sent; each roll checks against the game's commitment."""

from __future__ import annotations

import base64
import json

import pytest

from arbitru.engine.rules import PRESETS
from tests.trust.support import logged, ok


def _payload(state: str) -> dict:
    body = state.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))


def _turn(client, state: str) -> tuple[str, dict]:
    """One step of the game: a roll, or the first listed play of the dice."""
    step = _payload(state)["step"]
    if step in ("opening", "roll"):
        answer = ok(client.post("/v1/roll", json={"state": state}))
        return answer["state"], answer
    plays = ok(client.post("/v1/moves", json={"state": state, "fields": ["notation"]}))["plays"]
    verdict = ok(client.post("/v1/play", json={"state": state, "play": plays[0]["notation"]}))
    assert verdict["legal"], verdict
    return verdict["state"], verdict


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_game_of_each_preset_plays_to_its_end_on_states_and_rolls_alone(client, preset):
    seeds = {"white": "01", "black": "02"}
    start = ok(client.post("/v1/start", json={"rules": {"preset": preset}, "seeds": seeds}))
    state, rolls, last = start["state"], [], None
    for _ in range(2000):
        if _payload(state)["step"] == "over":
            break
        state, last = _turn(client, state)
        if "proof" in last:
            rolls.append(logged(last))
    assert _payload(state)["step"] == "over"
    assert last["play"]["outcome"]["game_over"] and last["next_turn"] is None
    chain = _payload(start["state"])["roll"]
    log = {"commitment": chain["commitment"], "seeds": chain["seeds"], "rolls": rolls}
    assert ok(client.post("/v1/dice/verify", json=log))["valid"]
