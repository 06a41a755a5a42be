"""The seam law for the Table family: what Arbitru answers about a game of any preset, it accepts
back and means the same by; what it writes, it reads back as the same match; what a format cannot
hold is refused naming the variant, never written wrong.

- Positions met in play (pins, same-direction boards, checkers home): every play /v1/moves lists,
  sent back to /v1/play as notation and as moves, is legal and reaches the same board; its board sent
  to /v1/outcome has the outcome the listing gave; sent as the next /v1/moves, it is accepted.
- Matches the engine played, with hostile player names: the JSON record /v1/matches/convert writes
  verifies as the same match and converts to itself; a .mat or SGF export (the backgammon family's
  presets) verifies as the same match; Long Nardy and Plakoto exports are a 422 on the variant.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from arbitru import create_app
from arbitru.engine.board import other
from arbitru.engine.position import Position
from arbitru.engine.rules import PRESETS
from arbitru.formats.codec import ID_VARIANTS
from tests.http.conftest import ok_json
from tests.support.cases import examples

SETTINGS = settings(
    max_examples=examples(25),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
OUTCOME = ("game_over", "winner", "result", "multiplier", "points")
TABLE = ("long_nardy", "plakoto", "portes", "tavla")


@pytest.fixture(scope="module")
def client() -> Any:
    return create_app({"TESTING": True}).test_client()


def _played(preset: str, turns: int, seed: int) -> tuple[Position, list[dict[str, Any]]]:
    """The position after `turns` rolls the engine played from the preset's start, and the turns."""
    rng = random.Random(seed)
    position = Position.initial(PRESETS[preset], turn="white")
    written = []
    for _ in range(turns):
        if position.ends_game():
            break
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        play = rng.choice(position.plays(dice))
        player = 0 if position.turn == "white" else 1
        written.append({"player": player, "action": "roll", "dice": list(dice), "play": play.notation})
        position = Position(play.board, other(play.turn), rules=position.rules)
    return position, written


@SETTINGS
@given(
    preset=st.sampled_from(TABLE),
    turns=st.integers(0, 40),
    seed=st.integers(0, 2**16),
    dice=st.tuples(st.integers(1, 6), st.integers(1, 6)),
)
def test_every_listed_play_of_a_position_met_in_play_means_the_same_sent_back(
    client: Any, preset: str, turns: int, seed: int, dice: tuple[int, int]
) -> None:
    position, _ = _played(preset, turns, seed)
    if position.ends_game():
        return
    rules = {"preset": preset}
    board = position.board.to_dict(bar=position.variant.hits)
    turn = {"board": board, "turn": position.turn, "dice": list(dice), "rules": rules}
    listed = ok_json(client.post("/v1/moves", json=turn))
    for play in listed["plays"][:6]:
        for proposal in ({"play": play["notation"]}, {"moves": play["moves"]}):
            verdict = ok_json(client.post("/v1/play", json={**turn, **proposal}))
            assert verdict["legal"] is True and verdict["play"]["board"] == play["board"]
        outcome = ok_json(client.post("/v1/outcome", json={"board": play["board"], "rules": rules}))
        assert {k: outcome[k] for k in OUTCOME} == {k: play["outcome"][k] for k in OUTCOME}
        if not play["outcome"]["game_over"]:
            after = {"board": play["board"], "turn": listed["next_turn"], "dice": [4, 2], "rules": rules}
            ok_json(client.post("/v1/moves", json=after))


# Names a transcript's score line must carry: Romanian letters, quotes, brackets and backslashes (the
# SGF and .mat escapes), colons and stars (the .mat's own marks); and any text at all, which a record
# refuses naming `players` when no transcript could read it back.
_MARKED = st.text(st.sampled_from(list("aZșțĂî 0\"]\\;[():*/'ß-")), min_size=1, max_size=12).map(str.strip)
HOSTILE_NAME = st.one_of(
    _MARKED, _MARKED, st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=12)
).filter(str.strip)


def _verdict_of(client: Any, body: dict[str, Any]) -> dict[str, Any]:
    verdict = ok_json(client.post("/v1/matches/verify", json=body))
    return {k: verdict[k] for k in ("valid", "final_score", "winner", "games", "error")}


@SETTINGS
@given(
    preset=st.sampled_from(TABLE),
    turns=st.integers(1, 30),
    seed=st.integers(0, 2**16),
    names=st.tuples(HOSTILE_NAME, HOSTILE_NAME),
)
def test_a_match_written_by_convert_reads_back_as_the_same_match_or_is_refused_naming_the_variant(
    client: Any, preset: str, turns: int, seed: int, names: tuple[str, str]
) -> None:
    _, written = _played(preset, turns, seed)
    record = {
        "players": list(names),
        "match_length": 0,
        "rules": {"preset": preset},
        "games": [{"game": 1, "start_score": [0, 0], "turns": written}],
    }
    refused = client.post("/v1/matches/verify", json={"record": record})
    if refused.status_code == 422:  # a name the record refuses (said naming the players): no match
        assert "players" in refused.get_data(as_text=True)
        event("names refused")
        return
    event("match written and read back")
    meant = _verdict_of(client, {"record": record})
    again = ok_json(client.post("/v1/matches/convert", json={"record": record, "to": "record"}))
    assert _verdict_of(client, {"record": again}) == meant
    assert ok_json(client.post("/v1/matches/convert", json={"record": again, "to": "record"})) == again
    for target in ("mat", "sgf"):
        exported = client.post(
            "/v1/matches/convert",
            json={"record": record, "to": target},
            headers={"Accept": "application/json"},
        )
        if PRESETS[preset].variant in ID_VARIANTS:
            text = ok_json(exported)["text"]
            assert _verdict_of(client, {target: text}) == meant
        else:
            assert exported.status_code == 422
            assert list(exported.json["errors"]) == ["record.rules.variant"]
            assert preset in exported.json["errors"]["record.rules.variant"][0]
