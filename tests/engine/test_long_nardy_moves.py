"""Long nardy's movement ("table pe duse"), rule by rule: both sides travel the same way round the
board from their own 24 (the head), nothing is hit (any opposing checker closes a point), at most
one checker leaves the head a turn (two on a first 6-6, 4-4 or 3-3), and no play ends with six
points in a row along the opponent's track unless an opponent checker is ahead of them."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbitru.engine.board import Board, side_from_points
from arbitru.engine.movement import (
    LONG_NARDY,
    LONG_NARDY_EACH_MOVE,
    Step,
    block_rule,
    head_rule,
)
from arbitru.engine.moves import legal_plays
from arbitru.engine.plain import plain_plays
from arbitru.engine.play import Move
from arbitru.engine.position import Position
from arbitru.engine.rules import STANDARD
from arbitru.engine.variants import variant_of
from tests.engine.variant_boards import assert_colours_play_alike, board_of, replay, variant_boards
from tests.support.cases import examples

RULES = dataclasses.replace(STANDARD, variant="long_nardy")
START = Board.initial({24: 15})
CASES = settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
DICE = st.tuples(st.integers(1, 6), st.integers(1, 6))


def notations(board: Board, dice: tuple[int, int], movement=LONG_NARDY, turn="white") -> set[str]:
    return {play.notation for play in plain_plays(board, turn, dice, movement)}


# -- the head rule ------------------------------------------------------------------------------------
def test_the_head_rule_lets_two_checkers_leave_the_head_on_the_first_6_6():
    # 24/18/12 would land on the opponent's head (its 24 is our 12): two checkers go to 18
    assert notations(START, (6, 6)) == {"24/18(2)"}


def test_a_first_4_4_moves_two_checkers_from_the_head():
    assert notations(START, (4, 4)) == {"24/16(2)"}


def test_a_first_3_3_moves_two_checkers_from_the_head_either_way():
    assert notations(START, (3, 3)) == {"24/18(2)", "24/15 24/21"}


def test_a_first_5_5_takes_only_one_checker_from_the_head():
    assert notations(START, (5, 5)) == {"24/4"}


def test_a_first_mixed_roll_takes_one_checker_from_the_head():
    assert notations(START, (6, 5)) == {"24/13"}


def test_after_the_first_turn_a_6_6_takes_one_checker_from_the_head():
    board = board_of({24: 14, 18: 1}, {24: 14, 18: 1}, LONG_NARDY)
    plays = plain_plays(board, "white", (6, 6), LONG_NARDY)
    assert plays and all(sum(move.from_point == 24 for move in play.moves) <= 1 for play in plays)


def test_the_head_rule_reads_the_board_only():
    first = Step(START, "white", (6, 6), (), START)
    two_gone = Board.initial({24: 13, 18: 2})
    assert head_rule(first._replace(board=two_gone))
    assert not head_rule(first._replace(dice=(5, 5), board=two_gone))
    later = Board.initial({24: 14, 1: 1})
    assert not head_rule(Step(later, "white", (6, 6), (), Board.initial({24: 12, 18: 2, 1: 1})))


# -- no hitting ---------------------------------------------------------------------------------------
def test_a_lone_opposing_checker_closes_its_point():
    # black's lone checker on its 7 stands on white's 19: white's 24 cannot move a 5
    board = board_of({24: 14, 1: 1}, {24: 14, 7: 1}, LONG_NARDY)
    assert not any("24/19" in play.notation for play in plain_plays(board, "white", (5, 2), LONG_NARDY))
    assert all(
        not move.hit for play in plain_plays(board, "white", (5, 2), LONG_NARDY) for move in play.moves
    )


def test_the_same_checkers_close_other_points_than_in_backgammon():
    # black's 19 is white's 7 in long nardy (white's 6 in backgammon): 10/7 is closed, 10/9/6 is not
    board = board_of({10: 1}, {19: 1}, LONG_NARDY)
    plays = plain_plays(board, "white", (3, 1), LONG_NARDY)
    assert [(play.notation, play.moves) for play in plays] == [("10/6", (Move(10, 9), Move(9, 6)))]


# -- the block rule -------------------------------------------------------------------------------------
def test_the_block_rule_finds_six_in_a_row_along_the_opponents_track():
    def blocks(points: dict[int, int], black: dict[int, int]) -> bool:
        board = Board.initial(points)._replace(black=Board.initial(black).black)
        return not block_rule(Step(board, "white", (1, 2), (), board))

    behind = {24: 15}  # every black checker on its head, our 12: none ahead of any block
    # our 24 and 1..5 are the opponent's 12..17: six in a row along its track
    assert blocks({24: 10, 1: 1, 2: 1, 3: 1, 4: 1, 5: 1}, behind)
    # our 10..15 are the opponent's 22..24 and 1..3: not in a row along its track
    assert not blocks({10: 10, 11: 1, 12: 1, 13: 1, 14: 1, 15: 1}, {20: 15})
    # an opponent checker ahead of the block (its 11, below 12) lets it stand
    assert not blocks({24: 10, 1: 1, 2: 1, 3: 1, 4: 1, 5: 1}, {24: 14, 11: 1})
    # our 13..18 are the opponent's 1..6, its home: a block from its 1 point, unless it bore off
    assert blocks({13: 10, 14: 1, 15: 1, 16: 1, 17: 1, 18: 1}, behind)
    bore_off = Board.initial({13: 10, 14: 1, 15: 1, 16: 1, 17: 1, 18: 1})._replace(
        black=side_from_points({24: 14}, off=1)
    )
    assert block_rule(Step(bore_off, "white", (1, 2), (), bore_off))


# White holds 19, 18, 17, 15, 14 (black's 7, 6, 5, 3, 2) with a gap on 16; every black checker is
# behind that (its head, our 12, and one on its 9, our 21): filling 16 would make a block.
GAP = board_of({24: 9, 22: 1, 19: 1, 18: 1, 17: 1, 15: 1, 14: 1}, {24: 14, 9: 1}, LONG_NARDY)


def test_a_blocked_six_prime_is_refused():
    # 22/16 with the 1 played from the head keeps 19..14 (black's 7..2), with no black checker ahead
    plays = notations(GAP, (6, 1))
    assert "24/23 22/16" not in plays
    assert {"22/16 19/18", "22/16 15/14", "22/15"} <= plays  # the 1 breaks the row again


def test_a_six_prime_with_an_opponent_checker_ahead_stands():
    # black's checker on its 1 (our 13) is ahead of a block on its 7..2
    ahead = board_of({24: 9, 22: 1, 19: 1, 18: 1, 17: 1, 15: 1, 14: 1}, {24: 13, 9: 1, 1: 1}, LONG_NARDY)
    assert "24/23 22/16" in notations(ahead, (6, 1))


def test_a_side_that_cannot_move_passes_even_standing_in_a_block():
    # white's six-prime on its 18..13 (black's 6..1) has no black checker ahead, and every 6 lands
    # on black's checkers on its 19..24 (our 7..12): nothing moves, so the turn passes
    white = {18: 3, 17: 3, 16: 3, 15: 2, 14: 2, 13: 2}
    stuck = board_of(white, {24: 10, 23: 1, 22: 1, 21: 1, 20: 1, 19: 1}, LONG_NARDY)
    (play,) = plain_plays(stuck, "white", (6, 6), LONG_NARDY)
    assert play.moves == () and play.board == stuck


def test_passing_through_a_block_is_allowed_after_the_play_but_not_after_each_move():
    # 22/16/15: the 6 fills the gap (a block), the 1 leaves it again; 22/21 first is closed by black
    assert "22/15" in notations(GAP, (6, 1))
    assert "22/15" not in notations(GAP, (6, 1), LONG_NARDY_EACH_MOVE)


def test_the_rules_choose_when_the_block_is_checked():
    assert variant_of(RULES).movement_for(RULES) is LONG_NARDY
    # the option `nardy_block` (engine/rules.py); a stand-in carries it until the rules do
    each_move = SimpleNamespace(variant="long_nardy", nardy_block="after_each_move")
    assert variant_of(each_move).movement_for(each_move) is LONG_NARDY_EACH_MOVE  # type: ignore[arg-type]


def test_positions_and_legal_plays_pass_the_rules_to_the_generator():
    position = Position(START, "white", (6, 6), rules=RULES)
    assert {play.notation for play in position.plays()} == {"24/18(2)"}
    assert [p.notation for p in legal_plays(START, "white", (6, 6), RULES)] == ["24/18(2)"]
    assert len(legal_plays(START, "white", (6, 6))) > 1  # backgammon's rules move otherwise


# -- properties -----------------------------------------------------------------------------------------
@CASES
@given(variant_boards(LONG_NARDY), DICE, st.sampled_from([LONG_NARDY, LONG_NARDY_EACH_MOVE]))
def test_every_play_conserves_checkers_lands_on_open_points_and_reaches_its_own_board(board, dice, movement):
    plays = plain_plays(board, "white", dice, movement)
    assert len({play.board for play in plays}) == len(plays)  # deduplicated by board
    for play in plays:
        assert sum(play.board.white) == sum(board.white) and play.board.black == board.black
        assert replay(board, play, movement) == []
        assert not any(move.hit for move in play.moves)


@CASES
@given(variant_boards(LONG_NARDY), DICE, st.sampled_from([LONG_NARDY, LONG_NARDY_EACH_MOVE]))
def test_every_play_keeps_the_head_and_block_rules_and_uses_the_most_dice(board, dice, movement):
    plays = plain_plays(board, "white", dice, movement)
    assert len({len(play.moves) for play in plays}) == 1  # all use the most dice any allowed play uses
    for play in plays:
        step = Step(board, "white", dice, play.moves, play.board)
        assert head_rule(step) and block_rule(step)


@CASES
@given(variant_boards(LONG_NARDY), DICE)
def test_black_plays_what_white_plays_on_the_board_seen_from_the_other_side(board: Board, dice):
    assert_colours_play_alike(board, dice, LONG_NARDY)
