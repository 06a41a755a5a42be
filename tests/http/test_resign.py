"""POST /v1/resign: may a resignation be offered, what accepting it scores (cube, Jacoby, gammons
off, match cap) and the match after it; the match referee scores resignations the same way."""

from __future__ import annotations

import pytest

from arbitru import create_app
from arbitru.engine.rules import build_rules
from arbitru.formats.game_record import record_to_match
from arbitru.referee import verify

RACE = {  # white far ahead; black has borne off nothing and has no checker back
    "white": {"points": {"1": 3, "2": 4}, "bar": 0, "off": 8},
    "black": {"points": {"6": 5, "8": 5, "13": 5}, "bar": 0, "off": 0},
}
FINISHED = {
    "white": {"points": {}, "bar": 0, "off": 15},
    "black": {"points": {"6": 5, "8": 5, "13": 5}, "bar": 0, "off": 0},
}


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


def resign(client, **body):
    response = client.post("/v1/resign", json={"board": RACE, "by": "black", **body})
    assert response.status_code == 200, response.json
    return response.json


@pytest.mark.parametrize(("level", "points"), [("single", 2), ("gammon", 4), ("backgammon", 6)])
def test_each_level_scores_its_multiplier_times_the_cube(client, level, points):
    answer = resign(client, level=level, cube={"value": 2, "owner": "black"})
    assert answer["may_offer"] is True and answer["reason"] is None
    assert answer["accepted"]["winner"] == "white" and answer["accepted"]["points"] == points
    assert "match" not in answer  # a money game


def test_jacoby_makes_a_gammon_resignation_single_while_the_cube_is_not_turned(client):
    assert resign(client, level="gammon", rules={"jacoby": True})["accepted"]["points"] == 1
    turned = resign(client, level="gammon", rules={"jacoby": True}, cube={"value": 2, "owner": "white"})
    assert turned["accepted"]["points"] == 4


def test_jacoby_never_applies_in_a_match(client):
    answer = resign(
        client, level="gammon", rules={"jacoby": True}, match={"length": 7, "score": {"white": 0, "black": 0}}
    )
    assert answer["accepted"]["points"] == 2


def test_backgammons_off_count_a_backgammon_resignation_as_a_gammon(client):
    answer = resign(client, level="backgammon", rules={"backgammons": False})
    assert answer["accepted"]["multiplier"] == 2


def test_in_a_match_the_points_are_capped_at_the_need_and_the_match_block_follows(client):
    match = {"length": 5, "score": {"white": 3, "black": 1}}
    answer = resign(client, level="gammon", cube={"value": 2, "owner": "black"}, match=match)
    assert answer["accepted"]["points"] == 4 and answer["capped_points"] == 2
    block = answer["accepted"]["match"]  # the match block's one place: the outcome that ends the game
    assert block["over"] is True and block["winner"] == "white" and "match" not in answer


def test_a_resignation_after_the_game_is_over_may_not_be_offered(client):
    answer = client.post("/v1/resign", json={"board": FINISHED, "by": "black", "level": "single"}).json
    assert answer["may_offer"] is False and answer["reason"]["code"] == "GAME_OVER"
    assert answer["accepted"] is None


def test_most_at_stake_is_single_once_the_resigner_has_borne_off(client):
    board = {"white": RACE["black"] | {"points": {"13": 1, "8": 4, "6": 5}, "off": 5}, "black": RACE["white"]}
    answer = client.post("/v1/resign", json={"board": board, "by": "white", "level": "gammon"}).json
    assert answer["most_at_stake"] == "single"
    assert resign(client, level="gammon")["most_at_stake"] == "gammon"  # no contact, none back


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"by": "red", "level": "single"}, "by"),
        ({"by": "black", "level": "double"}, "level"),
        ({"by": "black"}, "level"),
        ({"level": "single"}, "by"),
    ],
)
def test_bad_offers_are_a_422_naming_the_field(client, body, field):
    response = client.post("/v1/resign", json={"board": RACE, **body})
    assert response.status_code == 422 and set(response.json["errors"]) == {field}, response.json


@pytest.mark.parametrize(
    ("rules", "cube", "length", "level"),
    [
        ({"jacoby": True}, 1, 0, "gammon"),
        ({"jacoby": True}, 2, 0, "backgammon"),
        ({}, 4, 0, "gammon"),
        ({"backgammons": False}, 2, 0, "backgammon"),
        ({}, 1, 7, "gammon"),
    ],
)
def test_the_referee_scores_a_transcript_resignation_as_the_route_does(client, rules, cube, length, level):
    """One scoring for both: a recorded game of doubles then a resignation at `level`."""
    plays = iter([([3, 1], "8/5 6/5"), ([2, 1], "13/11 6/5")])
    turns = [{"player": 0, "action": "roll", "dice": [3, 1], "play": "8/5 6/5"}]
    value, doubler = 1, 1
    while value < cube:  # the player on roll doubles, the other takes, the doubler rolls
        value *= 2
        dice, play = next(plays) if doubler == 0 else ([3, 1], "8/5 6/5")
        turns += [
            {"player": doubler, "action": "double", "cube": value},
            {"player": 1 - doubler, "action": "take"},
            {"player": doubler, "action": "roll", "dice": dice, "play": play},
        ]
        doubler = 1 - doubler
    turns.append({"player": 1, "action": "resign", "level": level})
    record = {
        "players": ["A", "B"],
        "match_length": length,
        "rules": rules,
        "games": [{"game": 1, "start_score": [0, 0], "turns": turns}],
    }

    verdict = verify(record_to_match(record), build_rules(rules)[0])
    assert verdict["valid"], verdict["error"]
    owner = "black" if doubler == 1 else "white"  # the last taker
    body = {
        "by": "black",
        "level": level,
        "rules": rules,
        "cube": {"value": cube, "owner": owner if cube > 1 else "centered"},
    }
    if length:
        body["match"] = {"length": length, "score": {"white": 0, "black": 0}}
    answer = client.post("/v1/resign", json={"board": RACE, **body}).json
    assert verdict["games"][0]["points"] == answer["accepted"]["points"]
