"""The referee replays the clock of a JSON game record beside the moves (arbitru.referee.clocks)."""

from __future__ import annotations

import copy

import pytest

from arbitru import create_app

TURNS = [
    {"player": 1, "action": "roll", "dice": [6, 2], "play": "24/18 13/11", "at": 10},
    {"player": 0, "action": "roll", "dice": [6, 2], "play": "13/7* 24/22", "at": 20},
    {"player": 1, "action": "roll", "dice": [5, 1], "play": None, "at": 30},
]
RECORD = {
    "players": ["Nicu", "Dorin"],
    "match_length": 1,
    "clock": {"preset": "usbgf_2013"},
    "games": [
        {
            "game": 1,
            "start_score": [0, 0],
            "clock_started_at": 0,
            "turns": TURNS,
            "result": {"winner": 0, "points": 1, "and_the_match": True},
        }
    ],
}


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


def verify(client, record, status=200):
    response = client.post("/v1/matches/verify", json={"record": record})
    assert response.status_code == status, response.json
    return response.json


def edited(**changes):
    record = copy.deepcopy(RECORD)
    for path, value in changes.items():
        *parents, last = path.split("__")
        node = record
        for key in parents:
            node = node[int(key)] if key.isdigit() else node[key]
        if value is None:
            node.pop(int(last) if last.isdigit() else last)
        else:
            node[int(last) if last.isdigit() else last] = value
    return record


def unfinished(clock):
    """The record stopped after white's reply (black to roll), its clocks read at 200 s."""
    return edited(clock=clock, games__0__turns__2=None, games__0__result=None, clock_read_at=200)


def test_a_record_with_a_clock_verifies_and_answers_the_time_left(client):
    verdict = verify(client, RECORD)
    assert verdict["valid"] is True and verdict["winner"] == "Nicu"
    clock = verdict["clock"]
    assert clock["clocks"]["white"]["reserve"] == 120 and clock["clocks"]["black"]["reserve"] == 120
    assert clock["running"] is None and clock["flags"] == [] and clock["ruling"] is None


def test_a_record_without_a_clock_answers_no_clock_block(client):
    plain = edited(clock=None)
    for turn in plain["games"][0]["turns"]:
        turn.pop("at")
    plain["games"][0].pop("clock_started_at")
    assert "clock" not in verify(client, plain)


def test_a_record_that_plays_on_after_a_flag_is_refused_naming_the_turn(client):
    # 20 s of reserve: white's clock runs from 10 and its flag falls at 42 (12 s delay + 20)
    record = edited(
        clock={"preset": "usbgf_2013", "reserve": 20}, games__0__turns__1__at=50, games__0__turns__2__at=55
    )
    answer = verify(client, record, status=422)
    assert list(answer["errors"]) == ["record.games[0].turns[1]"]
    assert "42.0" in answer["errors"]["record.games[0].turns[1]"][0]


def test_a_turn_time_going_back_is_refused_naming_its_time(client):
    answer = verify(client, edited(games__0__turns__2__at=15), status=422)
    assert list(answer["errors"]) == ["record.games[0].turns[2].at"]


@pytest.mark.parametrize(
    ("record", "field"),
    [
        (edited(games__0__turns__1__at=None), "record.games[0].turns[1].at"),
        (edited(games__0__turns__1__at="20"), "record.games[0].turns[1].at"),
        (edited(games__0__clock_started_at=None), "record.games[0].clock_started_at"),
        (edited(clock={"preset": "fibs"}), "record.clock.preset"),
        (edited(clock={"reserve": 1e9}), "record.clock.reserve"),
        (edited(clock={"preset": "biba", "team": True}), "record.clock.team"),
        (edited(clock={"tick": 1}), "record.clock.tick"),
        (edited(clock_read_at=-1), "record.clock_read_at"),
    ],
)
def test_malformed_clock_fields_are_a_422_naming_the_field(client, record, field):
    response = client.post("/v1/matches/verify", json={"record": record})
    assert response.status_code == 422
    assert field in response.json["errors"]


def test_a_flag_in_an_unfinished_game_is_ruled_on_the_position_where_the_record_stops(client):
    # the game goes on after white's reply; black's clock runs until the record is read at 200 s
    record = unfinished({"preset": "online_worst_result", "reserve": 60})
    verdict = verify(client, record)
    assert verdict["valid"] is True
    clock = verdict["clock"]
    assert clock["flags"] == [{"side": "black", "at": 92.0, "final": True}]
    ruling = clock["ruling"]
    assert ruling["kind"] == "game_lost" and ruling["flagger"] == "black"
    assert ruling["outcome"]["result"] == "backgammon"  # contact: a hit checker, all still possible
    assert ruling["match"]["over"] is True and ruling["match"]["winner"] == "white"


def test_the_clock_is_read_against_the_match_as_it_stands_in_romanian(client):
    record = unfinished({"preset": "usbgf_2013", "reserve": 60})
    response = client.post("/v1/matches/verify", json={"record": record}, headers={"Accept-Language": "ro"})
    ruling = response.json["clock"]["ruling"]
    assert ruling["kind"] == "match_lost" and ruling["message"] == "Negrul a rămas fără timp și pierde meciul"


def test_a_resignation_stops_both_clocks(client):
    resign = {"player": 1, "action": "resign", "level": "single", "at": 25}
    result = {"winner": 0, "points": 1, "and_the_match": True}
    verdict = verify(client, edited(games__0__turns__2=resign, games__0__result=result))
    assert verdict["valid"] is True, verdict["error"]
    assert verdict["clock"]["running"] is None and verdict["clock"]["flags"] == []
    assert verdict["clock"]["clocks"]["black"]["reserve"] == 120  # 5 s inside the delay


def test_a_record_invalid_by_its_moves_keeps_the_moves_error_first(client):
    wrong = {"player": 0, "action": "roll", "dice": [5, 1], "play": "13/8 6/5", "at": 30}  # white twice
    verdict = verify(client, edited(games__0__turns__2=wrong))
    assert verdict["valid"] is False and verdict["clock"] is None


def test_the_referees_clock_block_is_what_the_clock_route_answers_for_the_same_times(client):
    record = unfinished({"preset": "online_worst_result", "reserve": 60})
    block = verify(client, record)["clock"]
    events = [{"event": "start", "at": 0, "side": "black"}]
    events += [{"event": "press", "at": t["at"], "side": ("white", "black")[t["player"]]} for t in TURNS[:2]]
    after = {  # the board after the two plays, as /v1/play answers them
        "white": {"points": {"6": 5, "7": 1, "8": 3, "13": 4, "22": 1, "24": 1}},
        "black": {"points": {"6": 5, "8": 3, "11": 1, "13": 4, "24": 1}, "bar": 1},
    }
    body = {"clock": record["clock"], "match": {"length": 1}, "events": events, "now": 200, "board": after}
    answer = client.post("/v1/clock", json=body).json
    assert answer == block


def test_a_record_converted_to_a_record_keeps_its_clock_and_verifies_the_same(client):
    converted = client.post("/v1/matches/convert", json={"record": RECORD}).json
    assert converted["clock"] == RECORD["clock"]
    assert [turn["at"] for turn in converted["games"][0]["turns"]] == [10, 20, 30]
    assert verify(client, converted) == verify(client, RECORD)
