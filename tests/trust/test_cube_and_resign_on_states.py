"""The cube and resignations on signed states: a legal action's answer carries the state after it
(an offer waiting, the cube turned, the game over), and the state says which step may come next."""

from __future__ import annotations

import base64
import json

from tests.trust.support import ok, refused, rolled


def _payload(state: str) -> dict:
    body = state.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))


def _to_roll(client) -> str:
    """A state where the side on turn is to roll (after the opening play)."""
    opened = rolled(client, ok(client.get("/v1/start"))["state"])
    play = ok(client.post("/v1/moves", json={"state": opened["state"]}))["plays"][0]["notation"]
    return ok(client.post("/v1/play", json={"state": opened["state"], "play": play}))["state"]


def test_a_double_then_a_take_turns_the_cube_and_the_doubler_rolls(client):
    state = _to_roll(client)
    roller = _payload(state)["turn"]
    other = "black" if roller == "white" else "white"
    doubled = ok(client.post("/v1/cube", json={"state": state, "action": "double", "by": roller}))
    assert doubled["legal"] and _payload(doubled["state"])["step"] == "double"
    taken = ok(client.post("/v1/cube", json={"state": doubled["state"], "action": "take", "by": other}))
    after = _payload(taken["state"])
    assert (after["step"], after["turn"], after["cube"]) == ("roll", roller, {"value": 2, "owner": other})
    assert ok(client.post("/v1/roll", json={"state": taken["state"]}))["turn"] == roller


def test_a_drop_ends_the_game_and_no_roll_follows(client):
    state = _to_roll(client)
    roller = _payload(state)["turn"]
    other = "black" if roller == "white" else "white"
    doubled = ok(client.post("/v1/cube", json={"state": state, "action": "double", "by": roller}))
    dropped = ok(client.post("/v1/cube", json={"state": doubled["state"], "action": "drop", "by": other}))
    assert dropped["outcome"]["game_over"] and _payload(dropped["state"])["step"] == "over"
    assert "`over`" in refused(client.post("/v1/roll", json={"state": dropped["state"]}))


def test_a_resignation_on_a_state_answers_the_state_once_accepted(client):
    state = _to_roll(client)
    answer = ok(client.post("/v1/resign", json={"state": state, "by": "white", "level": "single"}))
    assert answer["may_offer"] and _payload(answer["state"])["step"] == "over"
    assert _payload(answer["state"])["board"] == _payload(state)["board"]
