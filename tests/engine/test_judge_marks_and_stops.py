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
