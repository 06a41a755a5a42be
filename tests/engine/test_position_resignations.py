"""A position's resignations and its guards, exactly: Jacoby by the cube's owner (not its value), the
resigner's opponent wins, and plays need a side on roll and dice."""

from __future__ import annotations

import pytest

from arbitru.engine.board import Board
from arbitru.engine.cube import Cube
from arbitru.engine.match import Match
from arbitru.engine.position import Position
from arbitru.engine.rules import Rules

JACOBY = Rules(jacoby=True)


def test_a_gammon_resigned_with_a_centred_2_cube_counts_single_under_jacoby():
    # money play, an automatic double left the cube centred at 2: nobody turned it, so Jacoby
    # counts the gammon as a single game, 1 x 2 = 2 points, won by white
    verdict = Position(Board.initial(), cube=Cube(2), rules=JACOBY).resignation("gammon", "black")
    assert (verdict.winner, verdict.result, verdict.multiplier, verdict.points) == ("white", "gammon", 1, 2)


def test_a_gammon_resigned_with_a_turned_cube_counts_double_under_jacoby():
    verdict = Position(Board.initial(), cube=Cube(2, "black"), rules=JACOBY).resignation("gammon", "white")
    assert (verdict.winner, verdict.multiplier, verdict.points) == ("black", 2, 4)


def test_a_gammon_resigned_in_a_match_counts_double_whatever_jacoby_says():
    position = Position(Board.initial(), cube=Cube(2), match=Match(5), rules=JACOBY)
    assert position.resignation("gammon", "white").points == 4


@pytest.mark.parametrize("position", [Position(Board.initial()), Position(Board.initial(), "white")])
def test_plays_need_a_side_on_roll_and_dice(position):
    with pytest.raises(AssertionError, match="^plays need a side on roll and dice$"):
        position.plays()


@pytest.mark.parametrize("position", [Position(Board.initial()), Position(Board.initial(), "white")])
def test_a_play_to_judge_needs_a_side_on_roll_and_dice(position):
    with pytest.raises(AssertionError, match="^a play needs a side on roll and dice$"):
        position.judge(((8, 5), (6, 5)))
