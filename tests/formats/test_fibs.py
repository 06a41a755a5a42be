"""FIBS CLIP `board:` lines: the documented example, all four orientations, round trips, bad input."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitru.engine.board import Board
from arbitru.formats.codec import DecodedPosition, FormatError
from arbitru.formats.fibs import decode_fibs, encode_fibs
from tests.formats.strategies import fibs_contexts
from tests.support.cases import examples
from tests.support.positions import load_jsonl

# The example of the FIBS client protocol documentation (fibs_interface.html#board_state).
EXAMPLE = (
    "board:You:someplayer:3:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:1:6:2:0:0:"
    "1:1:1:0:1:-1:0:25:0:0:0:0:2:0:0:0"
)
ORIENTATIONS = [(1, -1), (1, 1), (-1, -1), (-1, 1)]


def test_the_documented_example_is_the_opening_with_the_player_to_play_62():
    pos = decode_fibs(EXAMPLE)
    assert pos.board == Board.initial()
    assert pos.turn == "white" and pos.dice == (6, 2)
    assert pos.match_length == 3 and pos.score == (0, 0) and pos.cube_owner == "centered"
    assert pos.names == ("You", "someplayer")
    assert encode_fibs(pos) == EXAMPLE  # including "can move" 2


def test_the_player_as_x_moving_up_reads_the_same_position():
    # The example seen as X (negative) moving 1 -> 24: mirror the slots and flip every sign.
    fields = EXAMPLE.split(":")
    slots = [int(v) for v in fields[6:32]]
    mirrored = [-v for v in reversed(slots)]
    fields[6:32] = [str(v) for v in mirrored]
    fields[32] = "-1"  # X's turn: the player's
    fields[41], fields[42], fields[43], fields[44] = "-1", "1", "25", "0"
    assert decode_fibs(":".join(fields)) == decode_fibs(EXAMPLE)


def test_unlimited_match_length_9999_is_a_money_game():
    fields = EXAMPLE.split(":")
    fields[3] = "9999"
    pos = decode_fibs(":".join(fields))
    assert pos.match_length == 0
    assert encode_fibs(pos).split(":")[3] == "9999"


def test_turn_zero_is_a_finished_game():
    fields = EXAMPLE.split(":")
    fields[32] = "0"
    pos = decode_fibs(":".join(fields))
    assert pos.turn is None and pos.game_state == "over"


def test_the_opponents_double_makes_the_opponent_the_doubler():
    fields = EXAMPLE.split(":")
    fields[33:37] = ["0", "0", "0", "0"]
    fields[40] = "1"
    pos = decode_fibs(":".join(fields))
    assert pos.cube_offer == "double" and pos.turn == "black" and pos.dice is None


def test_a_crawford_game_is_read_from_the_did_crawford_field():
    fields = EXAMPLE.split(":")
    fields[4], fields[38], fields[39], fields[51] = "2", "0", "0", "1"
    pos = decode_fibs(":".join(fields))
    assert pos.crawford is True and pos.cube_owner == "centered"


@settings(max_examples=examples(200), deadline=None)
@given(fibs_contexts(), st.sampled_from(ORIENTATIONS))
def test_fibs_round_trips_in_every_orientation(pos, orientation):
    colour, direction = orientation
    assert decode_fibs(encode_fibs(pos, colour=colour, direction=direction)) == pos


def test_every_bench_position_round_trips_in_every_orientation():
    for record in load_jsonl("bench_positions.jsonl")[::4]:
        pos = DecodedPosition(
            board=Board.from_dict(record["board"]),
            turn=record["turn"],
            dice=tuple(record["dice"]),
            names=("white", "black"),
        )
        for colour, direction in ORIENTATIONS:
            assert decode_fibs(encode_fibs(pos, colour=colour, direction=direction)) == pos, record["id"]


# -- bad input ------------------------------------------------------------------------------------
def test_wrong_field_count_is_rejected():
    with pytest.raises(FormatError) as info:
        decode_fibs(EXAMPLE.rsplit(":", 1)[0])
    assert info.value.field == "fibs" and info.value.part == "fields"
    assert "53" in info.value.expected and info.value.found == "52 fields"


def test_a_line_not_starting_with_board_is_rejected():
    with pytest.raises(FormatError) as info:
        decode_fibs("bored" + EXAMPLE[5:])
    assert info.value.position == 0


def test_a_non_number_is_named_by_field_and_position():
    text = EXAMPLE.replace(":-5:5:", ":-5:x:", 1)
    with pytest.raises(FormatError) as info:
        decode_fibs(text)
    assert info.value.position == text.index(":x:") + 1 and info.value.part == "board[13]"


def test_more_than_15_checkers_is_rejected():
    text = EXAMPLE.replace(":-5:5:", ":-5:6:", 1)
    with pytest.raises(FormatError) as info:
        decode_fibs(text)
    assert "15 checkers" in info.value.expected or info.value.part == "player_off"


def test_a_bad_colour_is_rejected():
    fields = EXAMPLE.split(":")
    fields[41] = "2"
    with pytest.raises(FormatError) as info:
        decode_fibs(":".join(fields))
    assert info.value.part == "colour"
