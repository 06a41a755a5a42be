"""POST /v1/convert: any one position source in, every form out; bad strings are 422s that say where."""

from __future__ import annotations

import pytest

from arbitru import create_app
from arbitru.engine.board import Board
from arbitru.formats.fibs import decode_fibs
from arbitru.formats.gnubg_id import decode_gnubg_id
from arbitru.formats.xgid import decode_xgid
from arbitru.http.position_sources import EXAMPLES

OPENING_BOARD = Board.initial().to_dict()


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


def convert(client, body, status=200):
    r = client.post("/v1/convert", json=body)
    assert r.status_code == status, r.json
    return r.json


def test_a_gnubg_id_converts_to_every_form(client):
    out = convert(client, {"gnubg_id": "4HPwATDgc/ABMA:cAkAAAAAAAAA"})
    assert out["board"] == OPENING_BOARD and out["turn"] == "white" and out["dice"] is None
    assert out["cube"] == {"value": 1, "owner": "centered"}
    assert out["match"] == {"length": 0, "score": {"white": 0, "black": 0}, "crawford": False}
    assert out["gnubg_id"] == "4HPwATDgc/ABMA:cAkAAAAAAAAA" and out["jacoby"] is True
    assert out["position_id"] == "4HPwATDgc/ABMA" and out["match_id"] == "cAkAAAAAAAAA"
    assert decode_xgid(out["xgid"]).board == Board.initial()
    assert decode_fibs(out["fibs"]).turn == "white"


def test_the_no_game_started_match_id_comes_back_normalised_with_a_note(client):
    out = convert(client, {"gnubg_id": "4HPwATDgc/ABMA:8IhuACAACAAE"})
    assert out["match_id"] == "8IluACAACAAE"
    assert out["dice"] == [5, 3] and out["match"]["crawford"] is True
    assert out["notes"]


def test_a_position_id_alone_takes_turn_dice_and_cube_from_the_request(client):
    out = convert(
        client,
        {
            "gnubg_id": "4HPwATDgc/ABMA",
            "turn": "black",
            "dice": [3, 1],
            "cube": {"value": 2, "owner": "white"},
        },
    )
    assert out["turn"] == "black" and out["dice"] == [3, 1]
    assert out["cube"] == {"value": 2, "owner": "white"}
    assert out["gnubg_id"].startswith("4HPwATDgc/ABMA:")


def test_a_position_id_alone_without_turn_is_a_422_naming_turn(client):
    out = convert(client, {"gnubg_id": "4HPwATDgc/ABMA"}, 422)
    assert "turn" in out["errors"]


def test_an_xgid_converts_and_its_gnubg_id_reads_back_the_same(client):
    out = convert(client, {"xgid": "XGID=--A-bBBBB--BbB-----dbbc-B-:0:0:1:31:6:4:1:7:10"})
    assert out["turn"] == "white" and out["dice"] == [3, 1]
    assert out["match"] == {"length": 7, "score": {"white": 6, "black": 4}, "crawford": True}
    assert out["xgid"] == "XGID=--A-bBBBB--BbB-----dbbc-B-:0:0:1:31:6:4:1:7:10"
    assert decode_gnubg_id(out["gnubg_id"]).board == decode_xgid(out["xgid"]).board


def test_a_fibs_line_converts_and_reads_back(client):
    out = convert(client, {"fibs": EXAMPLES["fibs"]})
    assert out["board"] == OPENING_BOARD and out["turn"] == "white" and out["dice"] == [6, 2]
    assert out["match"]["length"] == 3
    assert decode_fibs(out["fibs"]).board == Board.initial()


@pytest.mark.parametrize("colour, direction", [(1, -1), (1, 1), (-1, -1), (-1, 1)])
def test_the_fibs_answer_takes_any_orientation(client, colour, direction):
    out = convert(client, {"fibs": EXAMPLES["fibs"], "fibs_colour": colour, "fibs_direction": direction})
    fields = out["fibs"].split(":")
    assert (int(fields[41]), int(fields[42])) == (colour, direction)
    assert decode_fibs(out["fibs"]).board == Board.initial()


def test_a_json_board_converts_to_the_ids(client):
    out = convert(
        client,
        {
            "board": OPENING_BOARD,
            "turn": "black",
            "dice": [6, 5],
            "cube": {"value": 2, "owner": "white"},
            "match": {"length": 7, "score": {"white": 2, "black": 4}},
        },
    )
    back = decode_gnubg_id(out["gnubg_id"])
    assert back.turn == "black" and back.dice == (6, 5) and back.cube_value == 2
    assert back.cube_owner == "white" and back.match_length == 7 and back.score == (2, 4)
    assert decode_xgid(out["xgid"]).turn == "black"


def test_the_convert_examples_in_the_spec_answer(client):
    spec = client.get("/openapi.json").json
    body = spec["paths"]["/v1/convert"]["post"]["requestBody"]["content"]["application/json"]
    assert {"gnubg_id", "xgid", "fibs", "board"} <= set(body["examples"])
    for example in body["examples"].values():
        assert client.post("/v1/convert", json=example["value"]).status_code == 200


# -- bad input ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "body, field, where",
    [
        ({"gnubg_id": "4HPwATDgc/ABM", "turn": "white"}, "gnubg_id", "14 characters"),
        ({"gnubg_id": "4HPwATDg!/ABMA", "turn": "white"}, "gnubg_id", "character 8"),
        ({"xgid": "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0"}, "xgid", "10 colon-separated fields"),
        ({"xgid": "XGID=-b----E-C---eE---c-q----B-:0:0:1:52:0:0:0:0:10"}, "xgid", "character 24"),
        ({"fibs": "board:a:b:3:0:0"}, "fibs", "53 colon-separated fields"),
    ],
)
def test_malformed_strings_are_422s_naming_field_position_and_expectation(client, body, field, where):
    out = convert(client, body, 422)
    assert out["status"] == 422 and field in out["errors"]
    assert where in out["errors"][field][0] and "expected" in out["errors"][field][0]


def test_two_sources_are_a_422(client):
    out = convert(client, {"gnubg_id": "4HPwATDgc/ABMA:cAkAAAAAAAAA", "xgid": EXAMPLES["xgid"]}, 422)
    assert "xgid" in out["errors"]


def test_a_source_with_a_board_is_a_422(client):
    out = convert(client, {"xgid": EXAMPLES["xgid"], "board": OPENING_BOARD, "turn": "white"}, 422)
    assert "xgid" in out["errors"]


def test_a_fibs_name_with_a_line_break_is_a_422_naming_the_field_not_echoed(client):
    line = (
        "board:You\nX:Opp:3:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:1:6:2:0:0:1:1:1:0:1"
        ":-1:0:25:0:0:0:0:2:0:0:0"
    )
    out = convert(client, {"fibs": line}, status=422)
    assert list(out["errors"]) == ["fibs"]


def test_a_record_whose_player_name_holds_a_line_break_is_not_exported(client):
    record = {
        "players": ["Nicu", "Dorin\n Game 2"],
        "match_length": 1,
        "games": [{"game": 1, "turns": [{"player": 0, "action": "roll", "dice": [3, 1], "play": "8/5 6/5"}]}],
    }
    for to in ("mat", "sgf", "record"):
        r = client.post("/v1/matches/convert", json={"record": record, "to": to})
        assert r.status_code == 422 and list(r.json["errors"]) == ["record.players[1]"]
