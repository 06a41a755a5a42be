"""/v1/moves' one-loop serializer (`full_plays`) writes exactly what `play_dict` writes, play by play."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from arbitru.http.position import resolve_position
from arbitru.http.render import full_plays, play_dict
from arbitru.http.schemas import MovesRequestSchema

OPENING = {"points": {"6": 5, "8": 3, "13": 5, "24": 2}}
CASES: dict[str, dict[str, Any]] = {
    "opening 3-1, white": {"board": {"white": OPENING, "black": OPENING}, "turn": "white", "dice": [3, 1]},
    "opening 6-6, black": {"board": {"white": OPENING, "black": OPENING}, "turn": "black", "dice": [6, 6]},
    "hits from the bar, black": {
        "board": {
            "white": {"points": {"6": 5, "8": 3, "13": 5, "20": 1, "21": 1}},
            "black": {"points": {"6": 4, "8": 3, "13": 5, "24": 2}, "bar": 1},
        },
        "turn": "black",
        "dice": [4, 5],
    },
    "white bears off the last checkers (gammon)": {
        "board": {"white": {"points": {"1": 1, "2": 1}}, "black": {"points": {"6": 5, "8": 5, "13": 5}}},
        "turn": "white",
        "dice": [2, 1],
    },
    "black bears off the last checker (single), in a match": {
        "board": {"white": {"points": {"3": 2}}, "black": {"points": {"4": 1}}},
        "turn": "black",
        "dice": [6, 5],
        "cube": {"value": 2, "owner": "white"},
        "match": {"length": 5, "score": {"white": 1, "black": 2}},
    },
}


@pytest.mark.parametrize("body", CASES.values(), ids=CASES.keys())
def test_full_plays_writes_what_play_dict_writes(body: dict[str, Any]):
    position = resolve_position(MovesRequestSchema().load(body))
    answer = position.game.plays_with_outcomes()
    expected = [
        play_dict(play, standing, position)
        for play, standing in zip(answer.plays, answer.standings(), strict=True)
    ]
    assert orjson.loads(orjson.dumps(full_plays(answer))) == orjson.loads(orjson.dumps(expected))


def test_game_over_plays_carry_their_outcome():
    body = CASES["white bears off the last checkers (gammon)"]
    position = resolve_position(MovesRequestSchema().load(body))
    listed = orjson.loads(orjson.dumps(full_plays(position.game.plays_with_outcomes())))
    outcomes = {p["notation"]: p["outcome"] for p in listed}
    assert outcomes["2/off 1/off"]["result"] == "gammon"
    assert outcomes["2/off"]["game_over"] is False  # one checker travels 2/1/off, the other stays
