"""POST /v1/turn is held to /v1/moves over HTTP, for every preset and both colours: from no hops,
following every hop `next` offers until `complete` reaches exactly the boards of /v1/moves' plays;
a complete turn's `play` is the listed play of its board; every offered hop is accepted; `forced`
is true exactly where one board remains; a refused hop carries /v1/play's reason."""

from __future__ import annotations

import random
from typing import Any

import pytest

from arbitru import create_app
from arbitru.engine.board import other
from arbitru.engine.position import Position
from arbitru.engine.rules import PRESETS
from arbitru.http.schemas.core import INCLUDE_OPTIONS
from tests.http.conftest import ok_json

Hops = tuple[tuple[int, int, int], ...]


@pytest.fixture(scope="module")
def client() -> Any:
    return create_app({"TESTING": True}).test_client()


def _position(preset: str, seed: int) -> dict[str, Any]:
    """A position met in a seeded game of `preset`, as a request writes it, with a roll."""
    rng, rules = random.Random(seed), PRESETS[preset]
    position = Position.initial(rules, turn=rng.choice(("white", "black")))
    for _ in range(rng.randint(0, 30)):
        play = rng.choice(position.plays((rng.randint(1, 6), rng.randint(1, 6))))
        if position.ends_game(play.board):
            break
        position = Position(play.board, other(position.turn), rules=rules)
    return {
        "board": position.board.to_dict(bar=position.variant.hits),
        "turn": position.turn,
        "dice": [rng.randint(1, 6), rng.randint(1, 6)],
        "rules": {"preset": preset},
    }


def _key(board: dict[str, Any]) -> str:
    return repr(sorted((color, sorted(side.items(), key=str)) for color, side in board.items()))


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_following_every_next_hop_reaches_exactly_the_plays_of_v1_moves(
    client: Any, preset: str, seed: int
) -> None:
    body = _position(preset, seed)
    listed = {_key(play["board"]): play for play in ok_json(client.post("/v1/moves", json=body))["plays"]}
    start = ok_json(client.post("/v1/turn", json=body))
    assert start["legal"] and start["forced"] == (len(listed) == 1)
    reached: dict[str, Any] = {}
    seen: set[tuple[str, tuple[int, ...]]] = set()
    stack: list[list[dict[str, int]]] = [[]]
    while stack:
        hops = stack.pop()
        state = ok_json(client.post("/v1/turn", json={**body, "hops": hops}))
        assert state["legal"] is True, (hops, state.get("reason"))
        key = (_key(state["board"]), tuple(state["dice_left"]))
        if key in seen:
            continue
        seen.add(key)
        if state["complete"]:
            assert state["next"] == [] and state["forced"] and state["completion"] == []
            reached[_key(state["board"])] = state["play"]
            continue
        stack.extend(hops + [hop] for hop in state["next"])  # each hop sent back as answered
    assert set(reached) == set(listed)
    for board, play in reached.items():
        assert play == listed[board]


def test_a_refused_hop_is_a_ruling_with_the_reason_v1_play_gives(client: Any) -> None:
    body = _position("standard", 0) | {"board": PRESETS_START, "turn": "white", "dice": [5, 2]}
    state = ok_json(client.post("/v1/turn", json={**body, "hops": [{"from": 24, "to": 19}]}))
    ruled = ok_json(client.post("/v1/play", json={**body, "moves": [{"from": 24, "to": 19}]}))
    assert state["legal"] is False and state["failed_hop"] == 0 and state["hops"] == []
    assert state["reason"] == ruled["reason"]


def test_a_hop_that_claims_a_hit_it_does_not_make_is_refused_as_wrong_hit(client: Any) -> None:
    body = {
        "board": PRESETS_START,
        "turn": "white",
        "dice": [6, 5],
        "hops": [{"from": 24, "to": 18, "hit": True}],
    }
    state = ok_json(client.post("/v1/turn", json=body))
    assert state["legal"] is False and state["reason"]["code"] == "WRONG_HIT"


def test_a_forced_turn_is_finished_by_its_completion(client: Any) -> None:
    body = {
        "board": {"white": {"points": {"2": 1}, "off": 14}, "black": {"points": {"1": 15}}},
        "turn": "white",
        "dice": [1, 1],
    }
    state = ok_json(client.post("/v1/turn", json=body))
    assert state["forced"] and [(h["from"], h["to"]) for h in state["completion"]] == [(2, 1), (1, 0)]
    done = ok_json(client.post("/v1/turn", json={**body, "hops": state["completion"]}))
    assert done["complete"] and done["play"]["outcome"]["game_over"] is True


def test_a_turn_with_no_legal_play_passes(client: Any) -> None:
    body = {
        "board": {
            "white": {"points": {"6": 14}, "bar": 1},
            "black": {"points": {str(p): 2 for p in range(1, 7)}, "off": 3},
        },
        "turn": "white",
        "dice": [4, 4],
    }
    state = ok_json(client.post("/v1/turn", json=body))
    assert state["complete"] and state["next"] == [] and state["play"]["moves"] == []


@pytest.mark.parametrize("preset", ["standard", "romanian", "tavla"])
def test_a_complete_turns_play_carries_what_include_asks_as_the_listed_play_does(
    client: Any, preset: str
) -> None:
    body = _position(preset, 4) | {"include": list(INCLUDE_OPTIONS)}
    listed = {_key(play["board"]): play for play in ok_json(client.post("/v1/moves", json=body))["plays"]}
    hops: list[dict[str, Any]] = []
    state = ok_json(client.post("/v1/turn", json=body))
    while not state["complete"]:
        hops.append(state["next"][0])  # the first offered hop, sent back as answered
        state = ok_json(client.post("/v1/turn", json={**body, "hops": hops}))
    assert state["play"] == listed[_key(state["board"])]
    assert set(INCLUDE_OPTIONS) <= set(state["play"])


def test_hops_that_are_not_hops_are_a_422_naming_the_field(client: Any) -> None:
    body = {"board": PRESETS_START, "turn": "white", "dice": [6, 5], "hops": [{"from": 26, "to": 18}]}
    response = client.post("/v1/turn", json=body)
    assert response.status_code == 422 and "hops.0.from" in response.json["errors"]


PRESETS_START = Position.initial(PRESETS["standard"]).board.to_dict()
