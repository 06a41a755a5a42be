"""A game of each preset plays from /v1/start to its end on signed states and /v1/roll alone: no
board, turn or dice is ever sent; each roll checks against the game's commitment."""

from __future__ import annotations

import base64
import json

import pytest

from arbitru.engine.rules import PRESETS
from tests.trust.support import SEEDS, committed_start, logged, ok, roll_log


def _payload(state: str) -> dict:
    body = state.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))


def _turn(client, state: str) -> tuple[str, dict]:
    """One step of the game: a roll (the first reveals the players' seeds), or the first listed
    play of the dice."""
    payload = _payload(state)
    if payload["step"] in ("opening", "roll"):
        reveal = {"seeds": SEEDS} if payload["roll"]["seeds"] is None else {}
        answer = ok(client.post("/v1/roll", json={"state": state, **reveal}))
        return answer["state"], answer
    plays = ok(client.post("/v1/moves", json={"state": state, "fields": ["notation"]}))["plays"]
    verdict = ok(client.post("/v1/play", json={"state": state, "play": plays[0]["notation"]}))
    assert verdict["legal"], verdict
    return verdict["state"], verdict


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_game_of_each_preset_plays_to_its_end_on_states_and_rolls_alone(client, preset):
    start = committed_start(client, {"preset": preset})
    assert _payload(start["state"])["roll"]["seeds"] is None  # only their hashes, until the first roll
    state, rolls, last, proven = start["state"], [], None, None
    for _ in range(2000):
        if _payload(state)["step"] == "over":
            break
        state, last = _turn(client, state)
        if "proof" in last:
            rolls.append(logged(last))
            proven = last
    assert _payload(state)["step"] == "over"
    assert last["play"]["outcome"]["game_over"] and last["next_turn"] is None
    log = roll_log(proven, rolls)
    assert log["commitment"] == _payload(start["state"])["roll"]["commitment"]
    assert ok(client.post("/v1/dice/verify", json=log))["valid"]
