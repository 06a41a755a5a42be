"""The match referee rules under the rules the client and the transcript state: variants survive
convert then verify, every opening option, money-session scores, excerpts, Jacoby, Romanian scoring."""

from __future__ import annotations

from typing import Any

import pytest

from arbitru import create_app
from tests.support.positions import MATCHES

NACKGAMMON_MAT = """; [Variation "Nackgammon"]

 1 point match

 Game 1
 A : 0                          B : 0
  1) 61: 23/16                   52: 23/16
  2) 31: 8/5 6/5
      Wins 1 point and the match
"""
HYPERGAMMON_MAT = """; [Variation "Hypergammon 2"]

 1 point match

 Game 1
 A : 0                          B : 0
  1) 65: 24/18 23/18             42: 24/20 23/21
      Wins 1 point and the match
"""


@pytest.fixture(scope="module")
def client():  # type: ignore[no-untyped-def]
    return create_app({"TESTING": True}).test_client()


def verify(client: Any, **body: Any) -> dict[str, Any]:
    response = client.post("/v1/matches/verify", json=body)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


@pytest.mark.parametrize(
    ("mat", "rules"),
    [
        (NACKGAMMON_MAT, {"variant": "nackgammon"}),
        (HYPERGAMMON_MAT, {"variant": "hypergammon", "hypergammon_checkers": 2}),
    ],
    ids=["nackgammon", "hypergammon"],
)
def test_a_variant_transcript_converted_then_verified_is_replayed_as_that_variant(client, mat, rules) -> None:  # type: ignore[no-untyped-def]
    assert verify(client, mat=mat)["valid"] is True
    record = client.post("/v1/matches/convert", json={"mat": mat}).get_json()
    assert record["rules"] == rules
    verdict = verify(client, record=record)
    assert verdict["valid"] is True and verdict["winner"] == "A", verdict["error"]


def _record(first_roll: list[int], play: str, rules: dict[str, Any]) -> dict[str, Any]:
    turns = [{"player": 0, "action": "roll", "dice": first_roll, "play": play}]
    return {"players": ["A", "B"], "match_length": 0, "rules": rules, "games": [{"game": 1, "turns": turns}]}


def test_the_new_roll_opening_lets_the_first_roll_be_a_double(client) -> None:  # type: ignore[no-untyped-def]
    rolled = verify(client, record=_record([3, 3], "8/5(2) 6/3(2)", {}))
    new_roll = verify(client, record=_record([3, 3], "8/5(2) 6/3(2)", {"opening_dice": "new_roll"}))
    assert rolled["error"]["code"] == "OPENING_ROLL_DOUBLET"
    assert new_roll["valid"] is True, new_roll["error"]


def test_the_romanian_opening_starter_may_play_a_double_first(client) -> None:  # type: ignore[no-untyped-def]
    verdict = verify(client, record=_record([3, 3], "8/5(2) 6/3(2)", {"preset": "romanian"}))
    assert verdict["valid"] is True, verdict["error"]


MONEY = """ 0 point match

 Game 1
 A : 0                          B : 0
  1) 31: 8/5 6/5                 42: 8/4 6/4
  2)  Doubles => 2                Drops
      Wins 1 point

 Game 2
 A : {a}                          B : {b}
  1) 31: 8/5 6/5                 42: 8/4 6/4
"""


def test_money_session_running_scores_in_game_headers_are_checked(client) -> None:  # type: ignore[no-untyped-def]
    assert verify(client, mat=MONEY.format(a=1, b=0))["valid"] is True
    wrong = verify(client, mat=MONEY.format(a=4, b=4))
    assert wrong["error"]["code"] == "SCORE_MISMATCH" and wrong["error"]["game"] == 2
    assert "money session" in wrong["error"]["message"]


EXCERPT = (MATCHES / "bg-db_extmatchdb_excerpt-games-missing_21pt.mat").read_text()


def test_an_excerpt_is_verified_from_the_start_score_it_is_told_and_reported_as_an_excerpt(client) -> None:  # type: ignore[no-untyped-def]
    whole = verify(client, mat=EXCERPT)
    excerpt = verify(client, mat=EXCERPT, start_score=[6, 4])
    assert whole["error"]["code"] == "SCORE_MISMATCH" and whole["error"]["game"] == 1
    assert excerpt["excerpt"] is True and excerpt["start_score"] == [6, 4]
    # games 1 and 2 replay from 6-4; the file then skips games (8-10 after 6-7)
    assert [g["start_score"] for g in excerpt["games"]] == [[6, 4], [6, 5]]
    assert excerpt["error"]["code"] == "SCORE_MISMATCH" and excerpt["error"]["game"] == 3
    assert whole["excerpt"] is False and whole["start_score"] == [0, 0]


def test_an_excerpt_may_start_from_a_stated_position_where_the_first_roll_is_no_opening_roll(client) -> None:  # type: ignore[no-untyped-def]
    board = {
        "white": {"points": {"6": 5, "5": 2, "8": 2, "13": 4, "24": 2}},
        "black": {"points": {"6": 5, "8": 3, "13": 5, "24": 2}},
    }
    record = {
        "players": ["A", "B"],
        "match_length": 5,
        "games": [
            {
                "game": 3,
                "start_score": [2, 1],
                "turns": [{"player": 1, "action": "roll", "dice": [4, 4], "play": "13/9(2) 6/2(2)"}],
            }
        ],
    }
    verdict = verify(client, record=record, start_score=[2, 1], start_position=board)
    assert verdict["valid"] is True and verdict["excerpt"] is True, verdict["error"]
    assert verify(client, record=record)["error"]["code"] == "SCORE_MISMATCH"


def test_an_excerpt_start_the_match_cannot_have_is_a_422(client) -> None:  # type: ignore[no-untyped-def]
    response = client.post("/v1/matches/verify", json={"mat": EXCERPT, "start_score": [21, 4]})
    assert response.status_code == 422 and "start_score" in response.get_json()["errors"]
    response = client.post("/v1/matches/verify", json={"mat": EXCERPT, "start_crawford": True})
    assert response.status_code == 422 and "start_crawford" in response.get_json()["errors"]
