"""Long Nardy's first turn is history the board may not show (issue 43): a side whose whole first turn
was blocked still has all 15 on the head, yet may no longer take two checkers off it with 6-6, 4-4
or 3-3. Every face says so alike: /v1/moves and /v1/play answer each play's `first_turn` (the
position after it), a request that sends it back is refused the exception, the library's Position
carries it (`Position.after`), and the match referee carries it through a transcript. The seam law
as a property: along games the engine plays, what /v1/play answers (board and `first_turn`) is
accepted back by /v1/moves and lists the plays the library lists from its own position."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbitru import create_app
from arbitru.engine.position import Position
from arbitru.engine.rules import PRESETS
from arbitru.engine.variants import read_board
from tests.http.conftest import ok_json

NARDY = PRESETS["long_nardy"]
# White all on the head; a black checker on its own 6 (white's 18) shuts white's 6s off the head.
BLOCKED = {"white": {"points": {"24": 15}}, "black": {"points": {"24": 14, "6": 1}}}
# The same once that black checker went on to its 1 (white's 13).
OPENED = {"white": {"points": {"24": 15}}, "black": {"points": {"24": 14, "1": 1}}}
RULES = {"preset": "long_nardy"}


@pytest.fixture(scope="module")
def client() -> Any:
    return create_app().test_client()


def test_a_blocked_first_turn_answers_first_turn_over_and_sent_back_refuses_the_exception(client):
    passed = ok_json(
        client.post("/v1/moves", json={"board": BLOCKED, "turn": "white", "dice": [6, 6], "rules": RULES})
    )
    (play,) = passed["plays"]
    assert play["notation"] == "" and play["first_turn"]["white"] is False
    sent = {"board": OPENED, "turn": "white", "dice": [6, 6], "rules": RULES, "play": "24/18(2)"}
    assert ok_json(client.post("/v1/play", json=sent))["legal"] is True  # nothing said: the board's reading
    refused = ok_json(client.post("/v1/play", json={**sent, "first_turn": play["first_turn"]}))
    assert refused["legal"] is False and refused["reason"]["code"] == "HEAD_RULE"
    moves = {**sent, "first_turn": {"white": False}}
    del moves["play"]
    assert [p["notation"] for p in ok_json(client.post("/v1/moves", json=moves))["plays"]] == ["24/18"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"board": OPENED, "rules": {"preset": "plakoto"}, "first_turn": {"white": False}}, "first_turn"),
        (
            {
                "board": {"white": {"points": {"24": 14, "13": 1}}, "black": {"points": {"24": 15}}},
                "rules": RULES,
                "first_turn": {"white": True},
            },
            "first_turn.white",
        ),
        ({"board": OPENED, "rules": RULES, "first_turn": {"white": "no"}}, "first_turn.white"),
        ({"board": OPENED, "rules": RULES, "first_turn": {"red": False}}, "first_turn.red"),
    ],
)
def test_a_first_turn_that_cannot_be_is_a_422_naming_the_field(client, body, field):
    response = client.post("/v1/moves", json={**body, "turn": "white", "dice": [6, 6]})
    assert response.status_code == 422 and field in response.get_json()["errors"], response.get_json()


def test_the_referee_carries_a_blocked_first_turn_through_a_transcript(client):
    record = {
        "players": ["Nicu", "Dorin"],
        "match_length": 0,
        "rules": RULES,
        "games": [
            {
                "game": 1,
                "start_score": [0, 0],
                "start_position": BLOCKED,
                "turns": [
                    {"player": 0, "action": "roll", "dice": [6, 6], "play": ""},
                    {"player": 1, "action": "roll", "dice": [5, 1], "play": "6/1 24/23"},
                    {"player": 0, "action": "roll", "dice": [6, 6], "play": "24/18(2)"},
                ],
            }
        ],
    }
    answer = ok_json(client.post("/v1/matches/verify", json={"record": record}))
    assert answer["valid"] is False and answer["error"]["code"] == "HEAD_RULE", answer
    assert answer["error"]["position"]["first_turn"]["white"] is False


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1), start=st.sampled_from(["start", "blocked"]))
def test_what_a_play_answers_is_accepted_back_and_means_the_same_as_the_library(client, seed, start):
    rng = random.Random(seed)
    board_json = (
        BLOCKED if start == "blocked" else {"white": {"points": {"24": 15}}, "black": {"points": {"24": 15}}}
    )
    library = Position(read_board(board_json, NARDY), "white", rules=NARDY)
    first_turn: dict[str, bool] | None = None
    for _ in range(16):
        dice = [rng.randint(1, 6), rng.randint(1, 6)]
        body: dict[str, Any] = {"board": board_json, "turn": library.turn, "dice": dice, "rules": RULES}
        if first_turn is not None:
            body["first_turn"] = first_turn
        listed = ok_json(client.post("/v1/moves", json=body))["plays"]
        here = Position(library.board, library.turn, (dice[0], dice[1]), rules=NARDY, history=library.history)
        plays = here.plays()
        assert [p["notation"] for p in listed] == [p.notation for p in plays]
        chosen = rng.randrange(len(plays))
        answer = ok_json(client.post("/v1/play", json={**body, "play": listed[chosen]["notation"] or ""}))
        assert (
            answer["legal"] is True and answer["play"]["first_turn"] == here.after(plays[chosen]).first_turn()
        )
        hops = [{"from": move["from"], "to": move["to"]} for move in listed[chosen]["moves"]]
        built = ok_json(client.post("/v1/turn", json={**body, "hops": hops}))  # the same play, hop by hop
        assert built["complete"] and built["play"]["first_turn"] == answer["play"]["first_turn"]
        if answer["next_turn"] is None:
            return
        board_json, first_turn = answer["play"]["board"], answer["play"]["first_turn"]
        library = here.after(plays[chosen])
