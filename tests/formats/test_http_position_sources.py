"""Every route that takes a position accepts gnubg_id / xgid / fibs instead of board/turn/dice, and
/v1/moves and /v1/play give the resulting position's IDs on request."""

from __future__ import annotations

import pytest

from arbitru import create_app
from arbitru.engine import legal_plays
from arbitru.engine.board import Board
from arbitru.formats.gnubg_id import decode_gnubg_id, encode_position_id
from arbitru.formats.xgid import decode_xgid
from arbitru.http.position_sources import EXAMPLES

OPENING = Board.initial().to_dict()
GNUBG_31 = "4HPwATDgc/ABMA:cIkFAAAAAAAA"  # white to play 3-1 (gnubg.match_id with dice 31)
XGID_52 = EXAMPLES["xgid"]


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


def post(client, path, body, status=200):
    r = client.post(path, json=body)
    assert r.status_code == status, r.json
    return r.json


def test_moves_from_an_xgid_equal_moves_from_the_json_board(client):
    by_id = post(client, "/v1/moves", {"xgid": XGID_52})
    by_board = post(client, "/v1/moves", {"board": OPENING, "turn": "white", "dice": [5, 2]})
    assert by_id == by_board


def test_moves_from_a_gnubg_id_with_dice_in_the_match_id(client):
    pos = decode_gnubg_id(GNUBG_31)
    assert pos.dice == (3, 1) and pos.turn == "white"
    out = post(client, "/v1/moves", {"gnubg_id": GNUBG_31})
    assert out["turn"] == "white" and sorted(out["dice"]) == [1, 3] and len(out["plays"]) == 16


def test_a_position_id_alone_with_turn_and_dice(client):
    out = post(client, "/v1/moves", {"gnubg_id": "4HPwATDgc/ABMA", "turn": "black", "dice": [6, 5]})
    assert out["turn"] == "black" and len(out["plays"]) == 7


def test_moves_from_a_fibs_line(client):
    out = post(client, "/v1/moves", {"fibs": EXAMPLES["fibs"]})
    assert out["dice"] == [6, 2] and len(out["plays"]) == 14


def test_dice_missing_from_the_source_come_from_the_request(client):
    xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"
    assert len(post(client, "/v1/moves", {"xgid": xgid, "dice": [6, 6]})["plays"]) == 11
    out = post(client, "/v1/moves", {"xgid": xgid}, 422)
    assert "dice" in out["errors"]


def test_an_explicit_turn_contradicting_the_source_is_a_422(client):
    out = post(client, "/v1/moves", {"xgid": XGID_52, "turn": "black"}, 422)
    assert list(out["errors"]) == ["turn"]


def test_explicit_dice_contradicting_the_source_are_a_422_and_agreeing_dice_are_fine(client):
    out = post(client, "/v1/moves", {"xgid": XGID_52, "dice": [6, 1]}, 422)
    assert list(out["errors"]) == ["dice"]
    assert post(client, "/v1/moves", {"xgid": XGID_52, "dice": [2, 5]})["dice"] == [2, 5]


def test_an_explicit_cube_contradicting_the_source_is_a_422(client):
    out = post(client, "/v1/moves", {"xgid": XGID_52, "cube": {"value": 4}}, 422)
    assert list(out["errors"]) == ["cube"]


def test_two_sources_or_a_source_and_a_board_are_422(client):
    out = post(client, "/v1/moves", {"xgid": XGID_52, "gnubg_id": GNUBG_31}, 422)
    assert "gnubg_id" in out["errors"] or "xgid" in out["errors"]
    out = post(client, "/v1/moves", {"xgid": XGID_52, "board": OPENING}, 422)
    assert "xgid" in out["errors"]


def test_a_malformed_source_is_a_422_naming_field_character_and_expectation(client):
    out = post(client, "/v1/play", {"xgid": XGID_52.replace("e", "q", 1), "play": "13/8 13/11"}, 422)
    message = out["errors"]["xgid"][0]
    assert "character 17" in message and "'q'" in message and "expected" in message


def test_play_takes_a_source(client):
    out = post(client, "/v1/play", {"fibs": EXAMPLES["fibs"], "play": "24/18 13/11"})
    assert out["legal"] is True


def test_outcome_takes_a_source(client):
    out = post(client, "/v1/outcome", {"gnubg_id": "4HPwATDgc/ABMA:cAkAAAAAAAAA"})
    assert out["game_over"] is False and out["pips"] == {"white": 167, "black": 167}


def test_cube_takes_an_xgid_with_a_pending_double(client):
    out = post(
        client, "/v1/cube", {"xgid": "-b----E-C---eE---c-e----B-:0:0:-1:D:0:0:0:0:10", "action": "take"}
    )
    assert out["legal"] is True and out["cube"] == {"value": 2, "owner": "white"}


def test_moves_carry_the_resulting_ids_when_asked(client):
    out = post(client, "/v1/moves", {"xgid": XGID_52, "include": ["gnubg_id", "xgid", "fibs"]})
    plays = legal_plays(Board.initial(), "white", (5, 2))
    assert len(out["plays"]) == len(plays)
    for answer, play in zip(out["plays"], plays, strict=True):
        pos = decode_gnubg_id(answer["gnubg_id"])
        assert pos.board == play.board and pos.turn == "black" and pos.dice is None
        assert answer["gnubg_id"].split(":")[0] == encode_position_id(play.board, "black")
        assert decode_xgid(answer["xgid"]).board == play.board
        assert answer["fibs"].startswith("board:")


def test_moves_carry_no_ids_unless_asked(client):
    out = post(client, "/v1/moves", {"xgid": XGID_52})
    assert all("gnubg_id" not in p and "xgid" not in p for p in out["plays"])


def test_the_play_verdict_carries_the_resulting_ids_when_asked(client):
    out = post(client, "/v1/play", {"gnubg_id": GNUBG_31, "play": "8/5 6/5", "include": ["gnubg_id", "xgid"]})
    after = decode_gnubg_id(out["play"]["gnubg_id"])
    assert after.turn == "black" and after.board.white[5] == 2
    assert decode_xgid(out["play"]["xgid"]).board == after.board


def test_the_resulting_match_context_is_kept_in_the_ids(client):
    xgid = "XGID=--A-bBBBB--BbB-----dbbc-B-:0:0:1:31:6:4:1:7:10"
    out = post(client, "/v1/moves", {"xgid": xgid, "include": ["gnubg_id"]})
    after = decode_gnubg_id(out["plays"][0]["gnubg_id"])
    assert (after.match_length, after.score, after.crawford) == (7, (6, 4), True)
