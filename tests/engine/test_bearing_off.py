"""Bearing off: only with every checker home, exactly or from the highest point with a higher die."""

from arbitru.engine import legal_plays
from tests.engine.positions import notations, position

BLACK_BACK = {24: 2, 13: 5, 8: 3, 6: 5}


def test_no_bearing_off_while_a_checker_is_outside_the_home_board():
    # White's 1 is closed (black's 24), so 7/1 is out: the 5 must bring 7 home (7/2) before the 6
    # may bear off, and then it bears off from the 6 point.
    board = position({7: 1, 6: 4, 5: 4, 4: 3, 3: 3}, BLACK_BACK)
    plays = legal_plays(board, "white", (6, 5))
    assert [[(m.from_point, m.to_point) for m in p.moves] for p in plays] == [[(7, 2), (6, 0)]]


def test_a_checker_brought_home_mid_turn_lets_the_other_die_bear_off():
    # 6-1: 7/1 is closed and nothing bears off while 7 is out, so the 1 brings it home (7/6) and the
    # 6 bears a checker off the 6 point: written 7/off. Moving any other checker first leaves the
    # 6 unplayable, which uses fewer dice.
    board = position({7: 1, 6: 4, 5: 4, 4: 3, 3: 3}, BLACK_BACK)
    plays = legal_plays(board, "white", (6, 1))
    assert [[(m.from_point, m.to_point) for m in p.moves] for p in plays] == [[(7, 6), (6, 0)]]
    assert plays[0].notation == "7/off"


def test_bear_off_exactly_from_the_point_of_the_die():
    # 5-2, white's 1 closed: the 5 bears off from the 5 (6/1 is closed) and the 2 moves 6/4, 5/3
    # or bears off from the 2.
    board = position({6: 2, 5: 2, 2: 2}, BLACK_BACK)
    assert notations(board, (5, 2)) == {"5/off 2/off", "6/4 5/off", "5/3 5/off"}


def test_higher_die_bears_off_from_the_highest_occupied_point_only():
    board = position({3: 2, 2: 1}, BLACK_BACK)
    plays = notations(board, (6, 5))
    assert plays == {"3/off(2)"}


def test_higher_die_may_not_bear_off_a_lower_checker_while_a_higher_point_is_occupied():
    board = position({5: 1, 2: 1}, BLACK_BACK)
    plays = notations(board, (6, 3))
    # 2/off with the 3 is not allowed while the 5 is there: either the 6 takes the 5 and the 3
    # the 2 (now the highest), or 5/2 with the 3 and the 6 bears off from 2 (5/off).
    assert plays == {"5/off 2/off", "5/off"}


def test_a_die_may_move_a_checker_inside_the_home_board_instead_of_bearing_off():
    board = position({6: 1, 5: 3}, BLACK_BACK)
    plays = notations(board, (5, 1))
    # The 1 may move 5/4 rather than bear anything off; 6/off is 6/5 then 5/off.
    assert plays == {"5/4 5/off", "6/off"}


def test_bearing_off_the_last_checker_uses_one_die_when_that_is_all_it_takes():
    board = position({1: 1}, BLACK_BACK)
    plays = legal_plays(board, "white", (6, 5))
    assert [p.notation for p in plays] == ["1/off"]
    assert plays[0].board.white[0] == 15


def test_a_hit_checker_must_come_home_again_before_bearing_off_continues():
    # 6-5 from the bar: bar/19 is closed (black's 6), so bar/20 and the 6 moves it on to 14; no
    # checker is borne off.
    board = position({6: 3, 5: 3, 4: 3}, BLACK_BACK, white_bar=1)
    plays = legal_plays(board, "white", (6, 5))
    assert [[(m.from_point, m.to_point) for m in p.moves] for p in plays] == [[(25, 20), (20, 14)]]
