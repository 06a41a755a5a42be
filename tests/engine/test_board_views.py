"""A board's views as a player reads them: the text diagram (white's numbering, the other side's
points placed by the variant's geometry), pip counts (the bar 25, a pinned checker its point), the
pinned points, checkers counted, all home, and the field a negative count is reported on."""

from __future__ import annotations

from arbitru.engine.board import BAR, OFF, PINNED, PINNED_SLOTS, SLOTS, Board, diagram, pinned_points
from arbitru.engine.geometry import SAME

INITIAL_DIAGRAM = """\
 13  14  15  16  17  18 | 19  20  21  22  23  24
 5W   .   .   .  3B   . | 5B   .   .   .   .  2W
 5B   .   .   .  3W   . | 5W   .   .   .   .  2B
 12  11  10   9   8   7 |  6   5   4   3   2   1
bar: W 0 B 0   off: W 0 B 0"""

# Long nardy's geometry: black's 24 (its head) is white's 12, black's 13 white's 1.
SAME_WAY_DIAGRAM = """\
 13  14  15  16  17  18 | 19  20  21  22  23  24
 5W   .   .   .   .  5B |  .  3B   .   .   .  2W
 2B   .   .   .  3W   . | 5W   .   .   .   .  5B
 12  11  10   9   8   7 |  6   5   4   3   2   1
bar: W 0 B 0   off: W 0 B 0"""


def side(points: dict[int, int], bar: int = 0, off: int = 0) -> tuple[int, ...]:
    """A side of 26 slots: these points, the bar, off."""
    found = [0] * SLOTS
    for point, count in points.items():
        found[point] = count
    found[BAR], found[OFF] = bar, off
    return tuple(found)


def pinned_side(points: dict[int, int], pinned: dict[int, int], off: int = 0) -> tuple[int, ...]:
    """A side of 50 slots (plakoto): these points, its checkers pinned on these, off."""
    found = [0] * PINNED_SLOTS
    for point, count in points.items():
        found[point] = count
    for point, count in pinned.items():
        found[PINNED + point] = count
    found[OFF] = off
    return tuple(found)


def test_the_diagram_shows_white_numbering_with_each_side_s_checkers_on_its_point():
    assert str(Board.initial()) == INITIAL_DIAGRAM


def test_the_diagram_of_a_same_way_game_places_black_by_that_geometry():
    assert diagram(Board.initial(), SAME) == SAME_WAY_DIAGRAM


def test_the_diagram_ends_with_the_bars_and_the_checkers_off():
    white = side({6: 10}, bar=2, off=3)
    black = side({1: 14}, bar=1)
    assert str(Board(white, black)).splitlines()[-1] == "bar: W 2 B 1   off: W 3 B 0"


def test_pips_count_the_bar_as_25_and_a_pinned_checker_as_its_point():
    assert Board.initial().pips("white") == Board.initial().pips("black") == 167
    on_bar = Board(side({6: 14}, bar=1), Board.initial().black)
    assert on_bar.pips("white") == 6 * 14 + 25
    pinned = Board(pinned_side({6: 13}, {20: 1, 1: 1}), pinned_side({1: 15}, {}))
    assert pinned.pips("white") == 6 * 13 + 20 + 1
    assert pinned.pips("black") == 15


def test_the_pinned_points_are_those_under_a_pinned_checker_and_none_without_pinning():
    assert pinned_points(pinned_side({6: 12}, {1: 1, 13: 1, 24: 1})) == (1, 13, 24)
    assert pinned_points(side({6: 13}, bar=2)) == ()  # a checker on the bar is not pinned


def test_a_side_s_checkers_are_those_on_points_bar_and_off_and_pinned():
    assert Board.initial().checkers("white") == Board.initial().checkers("black") == 15
    board = Board(pinned_side({6: 10}, {8: 1}, off=4), pinned_side({1: 3}, {}))
    assert (board.checkers("white"), board.checkers("black")) == (15, 3)


def test_all_home_means_no_checker_in_play_outside_the_points_one_to_six():
    black = Board.initial().black
    assert not Board.initial().all_home("white")
    assert Board(side({1: 5, 6: 5}, off=5), black).all_home("white")
    assert not Board(side({1: 5, 7: 1}, off=9), black).all_home("white")
    assert not Board(side({1: 14}, bar=1), black).all_home("white")
    plakoto_black = pinned_side({24: 15}, {})
    assert Board(pinned_side({2: 14}, {1: 1}), plakoto_black).all_home("white")
    assert not Board(pinned_side({2: 14}, {7: 1}), plakoto_black).all_home("white")
    assert Board(side({20: 15}), side({1: 15})).all_home("black")


def test_a_negative_count_is_reported_on_its_own_field():
    white = list(pinned_side({5: 20}, {}))
    white[OFF], white[3], white[BAR], white[PINNED + 4] = -1, -2, -1, -1
    board = Board(tuple(white), pinned_side({1: 15}, {}))
    found = [(p.field, p.code) for p in board.problems(pins=True)]
    assert found == [
        ("board.white.off", "board.negative"),
        ("board.white.points.3", "board.negative"),
        ("board.white.bar", "board.negative"),
        ("board.white.pinned.4", "board.negative"),
    ]
