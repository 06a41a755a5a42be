"""The board value type and its validity check."""

from arbitru.engine import Board
from arbitru.messages import say
from tests.engine.positions import position


def test_board_is_immutable_and_hashable():
    board = Board.initial()
    assert hash(board) == hash(Board.initial())
    assert {board, Board.initial()} == {board}


def test_json_round_trip_leaves_out_empty_points():
    data = Board.initial().to_dict()
    assert data["white"] == {"points": {"6": 5, "8": 3, "13": 5, "24": 2}, "bar": 0, "off": 0}
    assert Board.from_dict(data) == Board.initial()


def test_off_may_be_omitted_and_is_what_is_left_of_fifteen():
    board = Board.from_dict({"white": {"points": {"6": 5}}, "black": {"points": {"6": 5}, "bar": 1}})
    assert board.white[0] == 10 and board.black[0] == 9


def test_opening_pip_count_is_167():
    assert Board.initial().pips("white") == 167 == Board.initial().pips("black")


def test_validity_reports_every_problem_at_once():
    bad = Board.from_dict(
        {
            "white": {"points": {"6": 16}, "bar": 0, "off": 0},
            "black": {"points": {"6": 14}, "bar": 0, "off": 0},
        }
    )
    fields = {p.field for p in bad.problems()}
    assert fields == {"board.white", "board.black"}


def test_a_point_held_by_both_sides_is_invalid():
    bad = position({6: 5, 8: 3, 13: 5, 24: 2}, {6: 5, 8: 3, 13: 5, 1: 2})
    assert [p.field for p in bad.problems()] == ["board.white.points.24"]


def test_both_sides_on_the_bar_facing_closed_boards_is_invalid():
    closed = {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 3}
    bad = position(closed, closed, white_bar=1, black_bar=1)
    assert any("bar" in say(p) for p in bad.problems())
