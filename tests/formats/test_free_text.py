"""Free text a file cannot carry is refused at input, naming the field: player names, a play as
written (`Illegal play (...)` too), an XG `set_position`, a FIBS name; a record's start board is as
strict as the routes' `board`. Otherwise an export would write the text as lines of the file, and
the file would mean another match (one game at 1-0 re-read as two games at 1-1)."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitru.formats.codec import FormatError
from arbitru.formats.fibs import decode_fibs
from arbitru.formats.game_record import EXAMPLE, RecordError, record_to_match
from arbitru.formats.mat import (
    MatFormatError,
    _play_kind,
    has_control,
    names_read_back,
    play_carried,
    play_reads_back,
    read_mat,
    score_line,
    written_play,
)
from tests.formats.strategies import hostile_text
from tests.support.cases import examples

RECORD = EXAMPLE  # Nicu and Dorin: three rolls (the second 13/7* 24/22), then Nicu wins 1
BREAKS = ["\n", "\r", "\r\n", "\x00", "\t", "\x0b", "\x85", "\u2028", "\u2029", "\x1b"]


def problems(record) -> dict[str, str]:
    with pytest.raises(RecordError) as refused:
        record_to_match(record)
    return dict(refused.value.problems)


def changed(path, value):
    record = copy.deepcopy(RECORD)
    target = record
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return record


@pytest.mark.parametrize("control", BREAKS, ids=repr)
def test_a_player_name_holding_a_line_break_or_control_is_refused_naming_the_name(control):
    found = problems(changed(("players", 1), "Dorin" + control + "X"))
    assert list(found) == ["record.players[1]"]
    assert "control character" in found["record.players[1]"]


@pytest.mark.parametrize(
    "names",
    [(" Nicu", "Dorin"), ("Nicu ", "Dorin"), ("Nicu : 1 X", "Dorin"), ("Nicu : 1", "Dorin")],
    ids=repr,
)
def test_names_a_score_line_cannot_carry_are_refused(names):
    assert list(problems(changed(("players",), list(names)))) == ["record.players"]


def test_a_first_name_longer_than_gnubgs_column_still_reads_back():
    names = ("N" * 40, "Dorin")
    assert score_line(names, (0, 0)) == " " + "N" * 40 + " : 0 Dorin : 0"
    assert names_read_back(names)


@pytest.mark.parametrize(
    "play",
    [
        "Illegal play (x)\n      Wins 1 point\n Game 2",
        "13/7\r8/7",
        "13/7 Wins 3 points",
        "13/7 Doubles => 2",
        "13/7 42: 8/4 6/4",
        "Illegal play (13/7",
    ],
    ids=repr,
)
def test_a_play_that_would_become_other_cells_or_lines_is_refused_naming_it(play):
    found = problems(changed(("games", 0, "turns", 1, "play"), play))
    assert list(found) == ["record.games[0].turns[1].play"]


@pytest.mark.parametrize(
    "play", ["13/7* 24/22", "Illegal play (13/7 13/8)", "????", "", "Cannot Move", "blah"]
)
def test_plays_a_cell_carries_are_accepted_as_before(play):
    record_to_match(changed(("games", 0, "turns", 1, "play"), play))


@pytest.mark.parametrize("position", ["a b", "x\n Game 9", "-b----E-C---eE---c-e----B-\r"], ids=repr)
def test_a_set_position_that_is_not_one_word_is_refused(position):
    assert list(problems(changed(("games", 0, "set_position"), position))) == ["record.games[0].set_position"]


START = {"points": {"6": 5, "8": 3, "13": 5, "24": 2}}


@pytest.mark.parametrize(
    ("side", "path"),
    [
        ({"points": {"6": "5", "8": 3, "13": 5, "24": 2}}, "white.points.6"),
        ({"points": {"6": 5.0, "8": 3, "13": 5, "24": 2}}, "white.points.6"),
        ({"points": {"６": 5, "8": 3, "13": 5, "24": 2}}, "white.points.６"),
        ({"points": {"6": True, "8": 3, "13": 5, "24": 2}}, "white.points.6"),
        ({**START, "bar": -0.0}, "white.bar"),
        ({**START, "off": -1}, "white.off"),
        ({**START, "checkers": 15}, "white.checkers"),
        ({"points": [5, 3]}, "white.points"),
    ],
    ids=repr,
)
def test_a_start_position_is_as_strict_as_the_routes_board(side, path):
    board = {"white": side, "black": START}
    found = problems(changed(("games", 0, "start_position"), board))
    assert list(found) == [f"record.games[0].start_position.{path}"]


def test_a_mat_name_holding_a_control_character_is_not_read():
    text = " 1 point match\n\n Game 1\n Ni\x0bcu : 0                   Dorin : 0\n  1) 31: 8/5 6/5\n"
    with pytest.raises(MatFormatError):
        read_mat(text)


FIBS = (
    "board:You:Opp:3:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:1:6:2:0:0:1:1:1:0:1:-1:0"
    ":25:0:0:0:0:2:0:0:0"
)


@pytest.mark.parametrize("control", ["\n", "\r", "\x00"], ids=repr)
def test_a_fibs_name_holding_a_line_break_is_refused_not_echoed(control):
    with pytest.raises(FormatError) as refused:
        decode_fibs(FIBS.replace("You", "You" + control + "X"))
    assert "control characters" in str(refused.value)
    assert decode_fibs(FIBS).names == ("You", "Opp")


@settings(max_examples=examples(300), deadline=None)
@given(hostile_text | st.text(max_size=20))
def test_the_quick_answer_on_a_play_is_the_one_writing_and_reading_it_back_gives(play):
    text = play.strip()
    slow = not has_control(play) and play_reads_back(written_play(text, _play_kind(text)))
    assert play_carried(play) == slow
