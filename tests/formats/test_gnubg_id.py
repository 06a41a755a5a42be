"""GNU Backgammon Position ID, Match ID and the combined GNUbg ID: known values, round trips, bad input."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from arbitru.engine.board import Board
from arbitru.formats.codec import DecodedPosition, FormatError
from arbitru.formats.gnubg_id import (
    decode_gnubg_id,
    decode_match_id,
    decode_position_id,
    encode_gnubg_id,
    encode_match_id,
    encode_position_id,
)
from tests.formats.strategies import boards, colors, match_contexts
from tests.support.cases import examples
from tests.support.positions import load_jsonl, wildbg_ids

OPENING_ID = "4HPwATDgc/ABMA"


def test_opening_position_id_is_the_one_gnubg_prints():
    assert encode_position_id(Board.initial(), "white") == OPENING_ID
    assert decode_position_id(OPENING_ID, "black") == Board.initial()


def test_manual_example_match_id_decodes_every_field():
    # gnubg's default money game: player 1 (white) on roll, centred 1-cube, Jacoby on.
    pos = decode_gnubg_id("4HPwATDgc/ABMA:cAkAAAAAAAAA")
    assert pos.board == Board.initial()
    assert pos.turn == "white" and pos.dice is None
    assert (pos.cube_value, pos.cube_owner, pos.match_length) == (1, "centered", 0)
    assert pos.jacoby is True and pos.crawford is False and pos.game_state == "playing"


def test_widely_copied_match_id_with_no_game_started_decodes_leniently_and_encodes_normalised():
    pos = decode_match_id("8IhuACAACAAE")
    assert pos.turn == "white" and pos.dice == (5, 3)
    assert pos.match_length == 3 and pos.score == (1, 2) and pos.crawford is True
    assert pos.jacoby is False
    assert pos.game_state == "playing"
    assert any("no game started" in note for note in pos.notes)
    assert encode_match_id(pos) == "8IluACAACAAE"
    assert decode_match_id("8IluACAACAAE") == pos


def test_match_id_fields_sit_at_gnubgs_bit_positions():
    pos = DecodedPosition(
        board=Board.initial(),
        turn="black",
        dice=(6, 2),
        cube_value=4,
        cube_owner="white",
        match_length=7,
        score=(3, 5),
        crawford=False,
        jacoby=False,
    )
    key = int.from_bytes(__import__("base64").b64decode(encode_match_id(pos)), "little")
    assert key & 0xF == 2  # log2 of the cube
    assert key >> 4 & 3 == 1  # owner: player 1 = white
    assert key >> 6 & 1 == 0  # on roll: player 0 = black
    assert key >> 8 & 7 == 1  # playing
    assert (key >> 15 & 7, key >> 18 & 7) == (6, 2)
    assert key >> 21 & 0x7FFF == 7
    assert (key >> 36 & 0x7FFF, key >> 51 & 0x7FFF) == (5, 3)  # player 0 (black), player 1 (white)
    assert key >> 66 & 1 == 1  # NOT Jacoby


def test_position_id_alone_needs_the_turn():
    with pytest.raises(FormatError) as info:
        decode_gnubg_id(OPENING_ID)
    assert info.value.part == "turn"
    assert decode_gnubg_id(OPENING_ID, "black").turn == "black"


def test_a_turn_contradicting_the_match_id_is_rejected():
    with pytest.raises(FormatError) as info:
        decode_gnubg_id("4HPwATDgc/ABMA:cAkAAAAAAAAA", "black")
    assert info.value.part == "turn"


def test_the_player_on_roll_is_the_second_half_of_the_position_id():
    # White has a checker on the bar; black does not. With white on roll it is the second half.
    board = Board.initial()
    white = list(board.white)
    white[24] -= 1
    white[25] += 1
    board = Board(tuple(white), board.black)
    as_white = encode_position_id(board, "white")
    as_black = encode_position_id(board, "black")
    assert as_white != as_black
    assert decode_position_id(as_white, "white") == board
    assert decode_position_id(as_black, "black") == board


@settings(max_examples=examples(300), deadline=None)
@given(boards(), colors)
def test_position_id_round_trips_for_any_valid_board(board, turn):
    text = encode_position_id(board, turn)
    assert len(text) == 14
    assert decode_position_id(text, turn) == board


@settings(max_examples=examples(300), deadline=None)
@given(match_contexts())
def test_gnubg_id_round_trips_every_match_field(pos):
    text = encode_gnubg_id(pos)
    assert len(text) == 27 and text[14] == ":"
    assert decode_gnubg_id(text) == pos


def test_every_bench_position_round_trips():
    for record in load_jsonl("bench_positions.jsonl"):
        board = Board.from_dict(record["board"])
        pos = DecodedPosition(
            board=board, turn=record["turn"], dice=tuple(sorted(record["dice"], reverse=True))
        )
        assert decode_gnubg_id(encode_gnubg_id(pos)) == pos, record["id"]
        assert decode_position_id(encode_position_id(board, record["turn"]), record["turn"]) == board


@pytest.mark.parametrize("name", ["contact", "race"])
def test_every_wildbg_position_id_round_trips(name):
    for text in wildbg_ids(name):
        for turn in ("white", "black"):
            assert encode_position_id(decode_position_id(text, turn), turn) == text


# -- bad input ------------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["4HPwATDgc/ABM", "4HPwATDgc/ABMAA", ""])
def test_position_id_of_the_wrong_length_is_rejected(text):
    with pytest.raises(FormatError) as info:
        decode_position_id(text, "white")
    assert info.value.field == "gnubg_id" and info.value.part == "position_id"
    assert "14 characters" in info.value.expected


def test_a_character_outside_base64_is_named_by_its_position():
    with pytest.raises(FormatError) as info:
        decode_position_id("4HPwATDg!/ABMA", "white")
    assert info.value.position == 8 and info.value.found == "!"
    assert "base64" in info.value.expected


def test_a_bad_character_in_the_match_id_is_located_in_the_whole_string():
    with pytest.raises(FormatError) as info:
        decode_gnubg_id("4HPwATDgc/ABMA:cAkAAA-AAAAA")
    assert info.value.position == 21 and info.value.part == "match_id"


def test_a_non_canonical_final_character_is_rejected():
    with pytest.raises(FormatError) as info:
        decode_position_id("4HPwATDgc/ABMB", "white")
    assert info.value.position == 13


def test_more_than_15_checkers_for_a_side_is_rejected():
    key = (1 << 16) - 1  # sixteen checkers on the first slot of the player not on roll
    text = __import__("base64").b64encode(key.to_bytes(10, "little")).decode()[:14]
    with pytest.raises(FormatError) as info:
        decode_position_id(text, "white")
    assert "15 checkers" in info.value.expected
    assert info.value.position == 1  # bit 15 (top bit of byte 1) lives in the second character


def test_a_point_held_by_both_sides_is_rejected():
    # Black (not on roll) on its point 1 = white's point 24, which white also holds at the start.
    white = Board.initial().white
    black = (14, 1) + (0,) * 24
    key, bit = 0, 0
    for side in (black, white):
        for slot in range(1, 26):
            key |= ((1 << side[slot]) - 1) << bit
            bit += side[slot] + 1
    text = __import__("base64").b64encode(key.to_bytes(10, "little")).decode()[:14]
    with pytest.raises(FormatError) as info:
        decode_position_id(text, "white")
    assert "one side" in info.value.expected and info.value.position is not None


def test_match_id_with_a_die_of_seven_is_rejected():
    key = 7 << 15 | 1 << 18 | 1 << 8 | 3 << 4
    text = __import__("base64").b64encode(key.to_bytes(9, "little")).decode()
    with pytest.raises(FormatError) as info:
        decode_match_id(text)
    assert info.value.part == "match_id.dice"


def test_match_id_of_the_wrong_length_is_rejected():
    with pytest.raises(FormatError) as info:
        decode_gnubg_id("4HPwATDgc/ABMA:cAkAAAAAAAA")
    assert info.value.part == "match_id" and "12 characters" in info.value.expected


def test_crawford_in_a_money_game_is_rejected():
    key = 1 << 7 | 1 << 8 | 3 << 4
    text = __import__("base64").b64encode(key.to_bytes(9, "little")).decode()
    with pytest.raises(FormatError) as info:
        decode_match_id(text)
    assert info.value.part == "match_id.crawford"
