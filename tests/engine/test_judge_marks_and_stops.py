"""The judge's edges: hits marked on the first and last points, on a bear-off and on the bar, a play
judged for black, a hop that goes nowhere, a stop on a point held by exactly two checkers."""

from __future__ import annotations

from arbitru.engine import judge_play, parse_play_marked
from arbitru.engine.board import Board
from arbitru.messages import say
from tests.engine.positions import OPENING, position


def rule(board: Board, dice: tuple[int, int], text: str, turn: str = "white"):
    return judge_play(board, turn, dice, *parse_play_marked(text))  # type: ignore[arg-type]


def test_a_hit_marked_on_the_one_point_hits_the_blot_there():
    # black's blot on its 24 is on white's 1: 3/1* with the 2 hits it, 6/5 plays the 1
    board = position({13: 5, 8: 3, 6: 6, 3: 1}, {24: 1, 13: 5, 8: 3, 6: 5})
    verdict = rule(board, (2, 1), "3/1* 6/5")
    assert verdict.legal and verdict.as_written
    assert verdict.play.board.black[24] == 0 and verdict.play.board.black[25] == 1


def test_a_hit_marked_entering_on_the_24_point_hits_the_blot_there():
    # black's blot on its 1 is on white's 24: entering with the 1 hits it
    board = position({13: 5, 8: 3, 6: 6}, {1: 1, 13: 5, 8: 3, 6: 5}, white_bar=1)
    verdict = rule(board, (3, 1), "bar/24* 13/10")
    assert verdict.legal and verdict.as_written
    assert verdict.play.board.black[1] == 0 and verdict.play.board.black[25] == 1


def test_a_hit_marked_on_a_bear_off_is_wrong_and_names_the_hop():
    # off is no point of the board: no blot can be there
    board = position({6: 2, 5: 1}, {24: 2})
    verdict = rule(board, (6, 5), "6/off* 5/off")
    assert not verdict.legal and verdict.code == "WRONG_HIT"
    assert verdict.params == {"move": "6/off", "point": 0}


def test_a_hit_can_never_be_marked_on_the_bar_even_with_one_opposing_checker_off():
    # black has exactly one checker off (its 0, the index a mark on 25 would look at); a hop
    # written onto the bar and marked is a wrong hit before it is a move backwards
    board = position({13: 5, 8: 3, 6: 5, 24: 2}, {24: 2, 13: 5, 8: 3, 6: 4})
    verdict = judge_play(board, "white", (3, 1), ((24, 25),), (25,))
    assert not verdict.legal and verdict.code == "WRONG_HIT"
    assert verdict.params == {"move": "24/bar", "point": 25}


def test_black_hits_a_marked_blot_in_its_own_numbering_and_plays_as_written():
    # white's blot on its 20 is black's 5: black's 8/5* 6/5 with 3-1 makes its 5-point on it
    board = position({20: 1, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 3, 6: 5})
    verdict = rule(board, (3, 1), "8/5* 6/5", turn="black")
    assert verdict.legal and verdict.as_written
    assert verdict.play.board.white[20] == 0 and verdict.play.board.white[25] == 1
    assert verdict.play.board.black[5] == 2


def test_a_black_play_written_as_played_is_as_written():
    verdict = rule(OPENING, (3, 1), "8/5 6/5", turn="black")
    assert verdict.legal and verdict.as_written


def test_a_hop_that_stays_on_its_point_is_refused_though_the_rest_is_a_legal_play():
    verdict = rule(OPENING, (3, 1), "8/5 6/5 6/6")
    assert not verdict.legal and verdict.code == "MOVE_BACKWARDS"
    assert verdict.params == {"move": "6/6"}


def test_a_stop_on_a_point_held_by_exactly_two_checkers_is_refused():
    # black holds its 6 (white's 19) with exactly two: 24/19 19/13 stops there, though 24/18/13
    # (white's 18, black's 7, is empty) reaches the same position
    board = position({24: 2, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 3, 6: 2, 5: 3})
    assert rule(board, (6, 5), "24/18/13").legal
    verdict = rule(board, (6, 5), "24/19 19/13")
    assert not verdict.legal and verdict.code == "POINT_CLOSED"
    assert say(verdict) == "point 19 is held by the opponent"


def test_bearing_off_with_higher_dice_than_the_points_is_played_as_written():
    # white's last two checkers on its 4 and 2, 6-5: each comes off with a die higher than its
    # point, nothing being above it by then
    board = position({4: 1, 2: 1}, {24: 2, 13: 5})
    verdict = rule(board, (6, 5), "4/off 2/off")
    assert verdict.legal and verdict.as_written


def test_a_hop_written_past_a_blot_it_must_hit_is_named_with_the_other_hops_of_the_play():
    # 5-5: 13/3 can only stop on 8, where black's blot is (black's 17), so it hits there; written
    # without the stop, beside 10/5 twice, the whole proposal is named as written
    board = position({24: 2, 13: 5, 10: 3, 6: 5}, {17: 1, 18: 2, 13: 2, 8: 3, 6: 5, 24: 2})
    verdict = rule(board, (5, 5), "13/3 10/5 10/5")
    assert not verdict.legal and verdict.code == "NOT_A_LEGAL_PLAY"
    assert verdict.params["move"] == "13/3 10/5 10/5"
    assert verdict.play.board.black[25] == 1 and verdict.play.board.black[17] == 0


def test_a_play_written_in_more_hops_than_dice_is_taken_as_the_play_it_reaches_not_as_written():
    # 8/7 7/6 6/4 with 3-1 is three hops for two dice: it reaches 8/4's position (through 7 or 5,
    # both open), so it is that play, not played as written
    verdict = rule(OPENING, (3, 1), "8/7 7/6 6/4")
    assert verdict.legal and not verdict.as_written
    assert verdict.play.notation == "8/4"


def test_an_entry_written_first_then_a_move_is_played_as_written():
    # the entering hop must be finished before the other may start: bar/22 with the 3, then 6/5
    board = position({13: 5, 8: 3, 6: 5, 24: 1}, {24: 2, 13: 5, 8: 3, 6: 5}, white_bar=1)
    verdict = rule(board, (3, 1), "bar/22 6/5")
    assert verdict.legal and verdict.as_written


def test_a_bear_off_with_a_higher_die_waits_for_the_point_just_above_to_be_empty():
    # white on 5 and 2, 4-2: 5/1 1/off would take the 1 off with the 2 while white's 2 is still
    # occupied, so it is not played as written; its position (the 5's checker off, the 2 kept)
    # is 5/3/off's: the 2 first, then the 4 from the 3 with nothing above it
    board = position({5: 1, 2: 1}, {13: 5})
    verdict = rule(board, (4, 2), "5/1 1/off")
    assert verdict.legal and not verdict.as_written
    assert verdict.play.board.white[2] == 1 and verdict.play.board.white[0] == 15 - 1


def test_a_hop_is_played_as_written_by_whichever_die_order_is_open():
    # 24/13 with 6-5 from the opening: the 5 first would stop on 19, black's 6-point; the 6 first
    # stops on 18, open
    verdict = rule(OPENING, (6, 5), "24/13")
    assert verdict.legal and verdict.as_written
