"""The board's geometry: how each side's numbering of the points falls on the other's, stated once
(`arbitru.engine.geometry`), and the tables the fast paths keep derived from it."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitru.engine.board import BAR, OFF, Board
from arbitru.engine.geometry import OPPOSITE, SAME, geometry

POINT = st.integers(1, 24)
SIDE = st.lists(st.integers(0, 15), min_size=26, max_size=26).map(tuple)


def test_in_opposite_directions_whites_point_p_is_blacks_25_minus_p():
    assert [OPPOSITE.opposite(p) for p in (1, 6, 12, 13, 24)] == [24, 19, 13, 12, 1]


def test_in_the_same_direction_each_sides_start_is_the_opponents_12():
    # long nardy: white's 24 (its head) is black's 12, white's 1 is black's 13
    assert [SAME.opposite(p) for p in (24, 13, 12, 1)] == [12, 1, 24, 13]


@given(POINT)
def test_each_geometry_is_its_own_inverse_so_one_table_serves_either_side(point: int):
    for geo in (OPPOSITE, SAME):
        assert geo.opposite(geo.opposite(point)) == point
        assert 1 <= geo.opposite(point) <= 24


def test_each_geometrys_table_in_full_with_off_and_the_bar_on_no_point():
    # built once, at import, by geometry(): the whole table, which a mutant of the builder changes
    assert OPPOSITE.mirror == (0, *range(24, 0, -1), 0)
    assert SAME.mirror == (0, *range(13, 25), *range(1, 13), 0)


def test_each_geometry_is_named_and_states_its_relation_in_words():
    assert (OPPOSITE.name, OPPOSITE.statement) == ("opposite", "white's point p is black's point 25 - p")
    assert (SAME.name, SAME.statement) == (
        "same",
        "white's point p is black's point p - 12 if p > 12, else p + 12",
    )


def test_facing_lays_the_26_slots_of_a_side_out_with_off_and_the_bar_on_no_point():
    side = tuple(range(26))  # n checkers on slot n: each point's count tells where it came from
    assert OPPOSITE.facing(side) == (0, *range(24, 0, -1), 0)
    assert SAME.facing(side) == (0, *range(13, 25), *range(1, 13), 0)


def test_off_and_the_bar_have_no_opposite_point():
    assert OPPOSITE.opposite(OFF) == OPPOSITE.opposite(BAR) == SAME.opposite(BAR) == 0


def test_only_same_direction_boards_say_so():
    assert SAME.same_direction and not OPPOSITE.same_direction


def test_a_relation_that_is_not_its_own_inverse_is_refused():
    with pytest.raises(ValueError, match="own inverse"):
        geometry("shifted", lambda p: p % 24 + 1, "white's p is black's p + 1")


@given(SIDE)
def test_the_fast_paths_reversed_opponent_is_the_opposite_geometrys_facing(side: tuple[int, ...]):
    # moves._plays lays the opponent out on the mover's points as `opponent[::-1]`
    assert side[::-1][1:25] == OPPOSITE.facing(side)[1:25]


@given(SIDE)
def test_facing_lays_a_side_out_on_the_other_sides_numbering(side: tuple[int, ...]):
    for geo in (OPPOSITE, SAME):
        facing = geo.facing(side)
        assert [facing[q] for q in range(1, 25)] == [side[geo.opposite(q)] for q in range(1, 25)]
        assert facing[0] == facing[25] == 0


@given(SIDE, SIDE)
def test_shared_points_are_those_where_both_sides_stand(white: tuple[int, ...], black: tuple[int, ...]):
    for geo in (OPPOSITE, SAME):
        expected = [(p, geo.opposite(p)) for p in range(1, 25) if white[p] and black[geo.opposite(p)]]
        assert geo.shared_points(white, black) == expected


def test_the_same_checkers_are_legal_in_one_geometry_and_held_by_both_in_the_other():
    white = {24: 15}
    board = Board.from_dict({"white": {"points": white}, "black": {"points": {1: 15}}})
    # opposite directions: white's 24 is black's 1, held by both
    assert [p.code for p in board.problems()] == ["board.point_held_by_both"]
    # the same direction: white's 24 is black's 12; black's 1 is white's 13
    assert board.problems(geometry=SAME) == []
