"""The position as played, for condoned plays (`apply_literally`): each impossible play refused with
its code and message, and the board a possible one leads to, exactly (hits included), for either
side. The expected boards are counted by hand from the hops."""

from __future__ import annotations

import pytest

from arbitru.engine.judge import judge_play
from arbitru.messages import render
from arbitru.referee import CONDONABLE_AS_WRITTEN, apply_literally, judge_written
from tests.engine.positions import OPENING, position

START = {24: 2, 13: 5, 8: 3, 6: 5}
ONE_UP = position({24: 1, 13: 5, 8: 3, 6: 5}, START, white_bar=1)
# Black has a blot on its 18 point, white's 7.
BLOT_ON_7 = position(START, {24: 2, 13: 4, 18: 1, 8: 3, 6: 5})


@pytest.mark.parametrize(
    ("board", "hops", "code", "message"),
    [
        (
            ONE_UP,
            ((13, 7), (8, 7)),
            "HIT_CHECKER_NOT_ON_BAR",
            "white has 1 checker(s) on the bar but moves others as though they had been removed",
        ),
        (OPENING, ((5, 8),), "MOVE_BACKWARDS", "5/8 moves a checker backwards"),
        (OPENING, ((6, 6),), "MOVE_BACKWARDS", "6/6 moves a checker backwards"),
        (OPENING, ((0, 5),), "MOVE_BACKWARDS", "off/5 moves a checker backwards"),
        (
            OPENING,
            ((12, 6),),
            "OPPONENT_CHECKER_MOVED",
            "12/6 moves an opponent's checker (white has none there)",
        ),
        (OPENING, ((5, 2),), "NO_CHECKER_TO_MOVE", "white has no checker on 5"),
        (OPENING, ((25, 22),), "NO_CHECKER_TO_MOVE", "white has no checker on bar"),
        (
            OPENING,
            ((6, 0),),
            "BEAR_OFF_NOT_ALLOWED",
            "6/off bears off while a checker of white is outside the home board",
        ),
        (OPENING, ((13, 12),), "POINT_CLOSED", "13/12 lands on a point the opponent holds"),
        (
            position({7: 1, 6: 14}, START),
            ((6, 0),),
            "BEAR_OFF_NOT_ALLOWED",
            "6/off bears off while a checker of white is outside the home board",
        ),
        # the second hop breaks the rule after the first was applied: 8/7 7/6 needs no checker on 7
        (OPENING, ((8, 7), (7, 1)), "POINT_CLOSED", "7/1 lands on a point the opponent holds"),
        # the edges of the board: white's 1 is black's 24 (two there), white's 24 black's 1
        (
            OPENING,
            ((1, 0),),
            "OPPONENT_CHECKER_MOVED",
            "1/off moves an opponent's checker (white has none there)",
        ),
        (
            position({13: 5, 8: 5, 6: 5}, {1: 1, 13: 5, 8: 3, 6: 6}),
            ((24, 18),),
            "OPPONENT_CHECKER_MOVED",
            "24/18 moves an opponent's checker (white has none there)",
        ),
        # the bar is nobody's point: black's borne-off checkers are not "there"
        (position(START, {6: 5, 5: 5}), ((25, 20),), "NO_CHECKER_TO_MOVE", "white has no checker on bar"),
    ],
)
def test_impossible_plays_are_named(board, hops, code, message):
    after, why = apply_literally(board, "white", hops)
    assert after is None and why is not None and why[0] == code
    said = render(f"referee.impossible.{code}", {"action": "A", **why[1]}, "en")
    if code in CONDONABLE_AS_WRITTEN:  # the rule that refuses it, and the mode that condones it
        cited = "an impossible play, not condoned by the illegal-moves rule; rule 4.8 as written condones it"
        assert said == f"A: {message} ({cited}: illegal-moves-rule-as-written)"
    else:
        assert said == f"A: {message} (never condoned)"


def test_a_hit_sends_the_blot_to_the_bar():
    after, why = apply_literally(BLOT_ON_7, "white", ((13, 7), (8, 7), (6, 5)))
    assert why is None
    assert after == position({24: 2, 13: 4, 8: 2, 7: 2, 6: 4, 5: 1}, {24: 2, 13: 4, 8: 3, 6: 5}, black_bar=1)


def test_bar_hops_go_first_whatever_the_order_written():
    after, why = apply_literally(ONE_UP, "white", ((13, 7), (25, 22)))
    assert why is None
    assert after == position({24: 1, 22: 1, 13: 4, 8: 3, 7: 1, 6: 5}, START)
    # the entered checker moves on, though written first
    after, why = apply_literally(ONE_UP, "white", ((22, 16), (25, 22)))
    assert why is None
    assert after == position({24: 1, 16: 1, 13: 5, 8: 3, 6: 5}, START)


def test_a_second_hit_checker_joins_the_first_on_the_bar():
    board = position(START, {24: 2, 13: 4, 18: 1, 8: 3, 6: 4}, black_bar=1)
    after, why = apply_literally(board, "white", ((13, 7), (8, 7)))
    assert why is None and after.black[25] == 2 and after.black[18] == 0


def test_black_plays_in_its_own_numbering():
    after, why = apply_literally(BLOT_ON_7, "black", ((13, 7), (8, 7)))
    assert why is None
    assert after == position(START, {24: 2, 13: 3, 18: 1, 8: 2, 7: 2, 6: 5})
    after, why = apply_literally(OPENING, "black", ((12, 6),))
    assert after is None and why is not None and why[0] == "OPPONENT_CHECKER_MOVED"
    assert render("referee.impossible.OPPONENT_CHECKER_MOVED", {"action": "A", **why[1]}, "en") == (
        "A: 12/6 moves an opponent's checker (black has none there) (never condoned)"
    )


def test_bearing_off_with_every_checker_home():
    home = position({6: 2, 5: 13}, START)
    assert apply_literally(home, "white", ((6, 0), (5, 0))) == (position({6: 1, 5: 12}, START), None)


def test_a_hop_written_past_the_blot_it_hits_is_taken_as_the_legal_play():
    # 13/2 with 6-5 and white's 7 closed: the only way is 13/8*/2, the 5 hitting the blot on 8.
    # The engine's judge calls the hop as written not a legal play (it does not say the hit); the
    # referee takes it as the play that moves those checkers, not as written.
    board = position({13: 1, 6: 14}, {17: 1, 18: 2})
    assert judge_play(board, "white", (6, 5), ((13, 2),)).code == "NOT_A_LEGAL_PLAY"
    verdict = judge_written(board, "white", (6, 5), ((13, 2),))
    assert verdict.play is not None
    assert (verdict.legal, verdict.play.notation, verdict.as_written) == (True, "13/8*/2", False)


def test_a_condoned_backwards_hop_lands_where_written_and_hits_the_blot_there():
    # 6/7 moves backwards onto black's blot on white's 7 (black's 18): rule 4.8 as written condones it
    after, why = apply_literally(BLOT_ON_7, "white", ((6, 7),), CONDONABLE_AS_WRITTEN)
    assert why is None
    assert after == position({24: 2, 13: 5, 8: 3, 7: 1, 6: 4}, {24: 2, 13: 4, 8: 3, 6: 5}, black_bar=1)


def test_a_condoned_backwards_hop_of_black_hits_a_white_blot():
    # black's 6/7 lands on white's blot on black's 7 (white's 18), in black's own numbering
    board = position({24: 2, 13: 4, 18: 1, 8: 3, 6: 5}, START)
    after, why = apply_literally(board, "black", ((6, 7),), CONDONABLE_AS_WRITTEN)
    assert why is None
    assert after == position({24: 2, 13: 4, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 3, 7: 1, 6: 4}, white_bar=1)


def test_a_condoned_backwards_hop_onto_its_own_point_hits_nothing():
    after, why = apply_literally(BLOT_ON_7, "white", ((6, 8),), CONDONABLE_AS_WRITTEN)
    assert why is None
    assert after == position({24: 2, 13: 5, 8: 4, 6: 4}, {24: 2, 13: 4, 18: 1, 8: 3, 6: 5})


def test_bearing_off_as_played_leaves_the_opponents_borne_off_checker_alone():
    # black has borne one checker off: white's 6/off is a forward hop and hits nothing
    board = position({6: 2, 5: 2}, {24: 2, 13: 5, 8: 3, 6: 4})
    after, why = apply_literally(board, "white", ((6, 0),), CONDONABLE_AS_WRITTEN)
    assert why is None
    assert after == position({6: 1, 5: 2}, {24: 2, 13: 5, 8: 3, 6: 4})


@pytest.mark.parametrize("point", [6, 1])
def test_a_condoned_hop_to_its_own_point_leaves_the_board_as_it_was(point):
    # 6/6 and 1/1 "move" backwards by nothing: condoned as written, nothing changes
    board = position({24: 2, 13: 5, 8: 3, 6: 4, 1: 1}, {23: 2, 13: 5, 8: 3, 6: 5})
    after, why = apply_literally(board, "white", ((point, point),), CONDONABLE_AS_WRITTEN)
    assert why is None and after == board


def test_a_condoned_backwards_hop_may_reach_the_24_point_but_never_the_bar():
    after, why = apply_literally(OPENING, "white", ((13, 24),), CONDONABLE_AS_WRITTEN)
    assert why is None
    assert after == position({24: 3, 13: 4, 8: 3, 6: 5}, START)
    after, why = apply_literally(OPENING, "white", ((6, 25),), CONDONABLE_AS_WRITTEN)
    assert after is None and why == ("MOVE_BACKWARDS", {"move": "6/bar"})
