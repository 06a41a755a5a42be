"""Why a board cannot occur, field by field, as a client reads the 422: a checker pinned twice or
pinned under no opposing checker (plakoto; either colour, any point from 1), both sides dancing
only when both home boards are closed from the 1 point up; and the JSON form a client may write
short (a side with no `points`), points past the bar named by number."""

from __future__ import annotations

from arbitru.engine.board import PINNED, Board, point_name, side_from_points, side_to_dict
from arbitru.engine.movement import PLAKOTO


def pinned(points: dict[int, int], pins: dict[int, int]) -> tuple[int, ...]:
    side = list(side_from_points(points, pins=True))
    for point, count in pins.items():
        side[PINNED + point] = count
    return tuple(side)


def found(board: Board) -> list[tuple[str, str, dict[str, object]]]:
    return [(p.field, p.code, p.params) for p in PLAKOTO.problems(board)]


def test_a_checker_pinned_twice_is_reported_on_its_colours_pinned_list_with_its_point():
    white = pinned({6: 13}, {1: 2})  # two of white's checkers pinned on its 1 point (black's 24)
    black = side_from_points({24: 14, 20: 1}, pins=True)
    assert found(Board(white, black)) == [("board.white.pinned", "board.pinned_twice", {"point": 1})]
    assert found(Board(black, white)) == [("board.black.pinned", "board.pinned_twice", {"point": 1})]


def test_a_pinned_checker_with_no_opposing_checker_over_it_is_reported_with_its_point():
    white = pinned({6: 14}, {1: 1})  # nothing of black's on its 24 (white's 1)
    black = side_from_points({20: 15}, pins=True)
    assert found(Board(white, black)) == [("board.white.pinned", "board.pin_uncovered", {"point": 1})]
    assert found(Board(black, white)) == [("board.black.pinned", "board.pin_uncovered", {"point": 1})]


def test_both_sides_dance_only_when_both_home_boards_are_closed_from_the_one_point():
    closed = side_from_points({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2}, bar=1, off=2)
    open_one = side_from_points({2: 3, 3: 2, 4: 2, 5: 2, 6: 2}, bar=1, off=3)
    assert [(p.field, p.code) for p in Board(closed, closed).problems()] == [("board", "board.both_dance")]
    assert "board.both_dance" not in [p.code for p in Board(open_one, closed).problems()]


def test_a_side_of_the_wrong_length_is_reported_on_its_colour_with_the_length_it_needs():
    short = side_from_points({6: 15})[:-1]
    assert [(p.field, p.code, p.params) for p in Board(short, Board.initial().black).problems()] == [
        ("board.white", "board.slots", {"slots": 26})
    ]
    unpinnable = Board.initial().problems(prefix="position.board", pins=True)  # 26 slots, not 50
    assert [(p.field, p.code, p.params) for p in unpinnable] == [
        ("position.board.white", "board.slots", {"slots": 50}),
        ("position.board.black", "board.slots", {"slots": 50}),
    ]


def test_a_side_written_without_points_has_its_checkers_off():
    board = Board.from_dict({"white": {"off": 15}, "black": {"points": {"6": 15}}})
    assert board.white == side_from_points({}, off=15)
    assert len(side_from_points({6: 15})) == 26  # a side without pinning: 26 slots


def test_a_point_past_the_bar_is_named_by_its_number():
    assert [point_name(p) for p in (0, 7, 25, 26, -1)] == ["off", "7", "bar", "26", "-1"]


def test_a_point_held_by_both_sides_names_it_in_both_numberings():
    white = side_from_points({6: 14, 20: 1})
    black = side_from_points({5: 14, 24: 1})  # black's 5 is white's 20
    assert [(p.field, p.code, p.params) for p in Board(white, black).problems()] == [
        ("board.white.points.20", "board.point_held_by_both", {"white_point": 20, "black_point": 5})
    ]


def test_a_pinning_board_reports_a_shared_point_and_an_uncovered_pin_together():
    white = pinned({6: 13, 20: 1}, {1: 1})  # nothing of black's over its pinned checker
    black = side_from_points({5: 15}, pins=True)  # and black's 5 is white's 20
    assert [p.code for p in PLAKOTO.problems(Board(white, black))] == [
        "board.point_held_by_both",
        "board.pin_uncovered",
    ]


def test_both_sides_borne_off_is_reported_on_the_board():
    done = side_from_points({}, off=15)
    assert [(p.field, p.code) for p in Board(done, done).problems()] == [("board", "board.all_borne_off")]


def test_a_board_in_json_lists_each_sides_points_bar_and_off():
    assert Board.initial().to_dict() == {
        color: {"points": {"6": 5, "8": 3, "13": 5, "24": 2}, "bar": 0, "off": 0}
        for color in ("white", "black")
    }
    assert Board.initial().to_dict(bar=False)["white"] == {
        "points": {"6": 5, "8": 3, "13": 5, "24": 2},
        "off": 0,
    }
    assert side_to_dict(side_from_points({6: 14}, bar=1)) == {"points": {"6": 14}, "bar": 1, "off": 0}
