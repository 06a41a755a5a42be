"""XGID: every field, with or without the prefix, round trips, and bad input named precisely."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from arbitru.engine.board import Board
from arbitru.formats.codec import DecodedPosition, FormatError
from arbitru.formats.xgid import decode_xgid, encode_xgid
from tests.formats.strategies import xgid_contexts
from tests.support.cases import examples
from tests.support.positions import load_jsonl

OPENING = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10"


def test_the_opening_xgid_reads_as_the_initial_board_with_white_at_the_bottom():
    pos = decode_xgid(OPENING)
    assert pos.board == Board.initial()
    assert pos.turn == "white" and pos.dice == (5, 2)
    assert (pos.cube_value, pos.cube_owner, pos.match_length, pos.max_cube) == (1, "centered", 0, 1024)
    assert encode_xgid(pos) == OPENING


def test_the_prefix_is_optional():
    assert decode_xgid(OPENING[5:]) == decode_xgid(OPENING)
    assert encode_xgid(decode_xgid(OPENING), prefix=False) == OPENING[5:]


def test_every_field_of_a_match_xgid_is_read():
    pos = decode_xgid("XGID=--A-bBBBB--BbB-----dbbc-B-:2:-1:-1:31:6:4:1:7:8")
    assert pos.turn == "black" and pos.dice == (3, 1)
    assert pos.cube_value == 4 and pos.cube_owner == "black"
    assert pos.score == (6, 4) and pos.match_length == 7 and pos.crawford is True
    assert pos.max_cube == 256
    assert pos.board.white[2] == 1  # 'A' at index 2: one white checker on white's point 2
    assert pos.board.black[25 - 4] == 2  # 'b' at index 4: two black checkers on white's point 4


def test_the_money_game_rules_field_carries_jacoby_and_beavers():
    for code, jacoby, beavers in ((0, False, False), (1, True, False), (2, False, True), (3, True, True)):
        pos = decode_xgid(f"-b----E-C---eE---c-e----B-:0:0:1:00:0:0:{code}:0:10")
        assert (pos.jacoby, pos.beavers, pos.crawford) == (jacoby, beavers, False)


@pytest.mark.parametrize("code, offer", [("D", "double"), ("B", "beaver"), ("R", "raccoon")])
def test_cube_action_dice_codes(code, offer):
    pos = decode_xgid(f"-b----E-C---eE---c-e----B-:1:0:-1:{code}:0:0:0:0:10")
    assert pos.cube_offer == offer and pos.dice is None and pos.turn == "black"
    assert encode_xgid(pos).split(":")[4] == code


def test_dice_00_means_not_yet_rolled():
    pos = decode_xgid("-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10")
    assert pos.dice is None and pos.cube_offer is None


def test_bars_are_the_first_and_last_characters():
    pos = decode_xgid("b-----E-C---eE---c-e----AA:0:0:1:00:0:0:0:0:10")
    assert pos.board.black[25] == 2 and pos.board.white[25] == 1
    assert pos.board.white[24] == 1 and pos.board.white[0] == 0


@settings(max_examples=examples(300), deadline=None)
@given(xgid_contexts())
def test_xgid_round_trips_every_field(pos):
    assert decode_xgid(encode_xgid(pos)) == pos


def test_every_bench_position_round_trips():
    for record in load_jsonl("bench_positions.jsonl"):
        pos = DecodedPosition(
            board=Board.from_dict(record["board"]),
            turn=record["turn"],
            dice=tuple(record["dice"]),
            max_cube=1024,
        )
        assert decode_xgid(encode_xgid(pos)) == pos, record["id"]


# -- bad input ------------------------------------------------------------------------------------
def test_wrong_field_count_is_rejected():
    with pytest.raises(FormatError) as info:
        decode_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0")
    assert info.value.field == "xgid" and info.value.part == "fields"
    assert "10 colon-separated fields" in info.value.expected and info.value.found == "9 fields"


def test_an_extra_field_is_located_at_its_colon():
    text = OPENING + ":7"
    with pytest.raises(FormatError) as info:
        decode_xgid(text)
    assert info.value.position == len(OPENING)


def test_a_letter_past_p_is_named_by_its_position():
    with pytest.raises(FormatError) as info:
        decode_xgid("XGID=-b----E-C---eE---c-q----B-:0:0:1:52:0:0:0:0:10")
    assert info.value.position == 5 + 19 and info.value.found == "q"
    assert "'a'-'p'" in info.value.expected


def test_an_upper_case_letter_on_the_top_bar_is_rejected():
    with pytest.raises(FormatError) as info:
        decode_xgid("A-----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10")
    assert info.value.position == 0


def test_a_short_position_string_is_rejected():
    with pytest.raises(FormatError) as info:
        decode_xgid("-b----E-C---eE---c-e----B:0:0:1:52:0:0:0:0:10")
    assert info.value.part == "position" and "26 characters" in info.value.expected


def test_more_than_15_checkers_is_rejected():
    with pytest.raises(FormatError) as info:
        decode_xgid("-b----E-C---eE---c-e---BB-:0:0:1:52:0:0:0:0:10")
    assert "15 checkers" in info.value.expected and info.value.part == "position"
    assert info.value.position in (23, 24)


@pytest.mark.parametrize(
    "text, part, position",
    [
        ("-b----E-C---eE---c-e----B-:0:2:1:52:0:0:0:0:10", "cube_owner", 29),
        ("-b----E-C---eE---c-e----B-:0:0:0:52:0:0:0:0:10", "turn", 31),
        ("-b----E-C---eE---c-e----B-:0:0:1:72:0:0:0:0:10", "dice", 33),
        ("-b----E-C---eE---c-e----B-:0:0:1:5:0:0:0:0:10", "dice", 33),
        ("-b----E-C---eE---c-e----B-:x:0:1:52:0:0:0:0:10", "cube_value", 27),
        ("-b----E-C---eE---c-e----B-:0:0:1:52:0:0:2:5:10", "crawford_jacoby", 40),
        ("-b----E-C---eE---c-e----B-:0:0:1:52:6:0:0:5:10", "score_bottom", 36),
    ],
)
def test_bad_fields_are_named_with_their_position(text, part, position):
    with pytest.raises(FormatError) as info:
        decode_xgid(text)
    assert info.value.part == part and info.value.position == position
