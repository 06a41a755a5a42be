"""A Long Nardy or Plakoto match is refereed from a JSON game record by the variant's rules: a record
played by the engine is valid, a play breaking the head rule is the error named by its code (every
referee mode: the illegal-moves rule is the backgammon family's), and the referee's board after a
pin keeps the pinned checker."""

from __future__ import annotations

import random
from typing import Any

import pytest

from arbitru.engine.board import other
from arbitru.engine.position import Position
from arbitru.engine.rules import PRESETS


def _record(preset: str, turns: int, seed: int) -> dict[str, Any]:
    """A record of `turns` rolls played by the engine from the preset's start (white = players[0])."""
    rng = random.Random(seed)
    position = Position.initial(PRESETS[preset], turn="white")
    written = []
    for _ in range(turns):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        play = rng.choice(position.plays(dice))
        player = 0 if position.turn == "white" else 1
        written.append({"player": player, "action": "roll", "dice": list(dice), "play": play.notation})
        position = Position(play.board, other(play.turn), rules=position.rules)
    return {
        "players": ["Nicu", "Dorin"],
        "match_length": 0,
        "rules": {"preset": preset},
        "games": [{"game": 1, "start_score": [0, 0], "turns": written}],
    }


@pytest.mark.parametrize("preset", ["long_nardy", "plakoto", "fevga"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_record_the_engine_played_is_valid_by_its_variants_rules(
    client: Any, preset: str, seed: int
) -> None:
    response = client.post("/v1/matches/verify", json={"record": _record(preset, 12, seed)})
    assert response.status_code == 200, response.json
    assert response.json["valid"] is True and response.json["error"] is None


@pytest.mark.parametrize("mode", ["legal-moves-only", "illegal-moves-rule", "illegal-moves-rule-as-written"])
def test_a_second_checker_off_the_head_is_the_error_named_head_rule_in_every_mode(
    client: Any, mode: str
) -> None:
    record = _record("long_nardy", 0, 0)
    record["games"][0]["turns"] = [{"player": 0, "action": "roll", "dice": [5, 3], "play": "24/19 24/21"}]
    response = client.post(f"/v1/matches/verify?mode={mode}", json={"record": record})
    assert response.status_code == 200, response.json
    assert response.json["valid"] is False
    assert response.json["error"]["code"] == "HEAD_RULE"
