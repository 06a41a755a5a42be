"""Fevga's movement (issue 43, docs/variants.md "Fevga"), rule by rule: both sides start with 15 on
their own 24 and travel the same way round, one checker holds a point, the first checker runs alone
until it has passed the opponent's start, no side fills its own starting quarter, a wall trapping
every opposing checker must be opened, bearing off and the dice rules as in backgammon. Each rule
on positions a player would recognise, GammonX's Fevga cases (gammonx/gammonx-server, Apache-2.0,
`FevgaBoardTests.cs`, used as data), then the engine (`plain_plays` with `FEVGA`) against the plain
reference (`tests/support/reference_fevga.py`) on random Fevga boards, and properties; last, the
variant served as the preset `fevga` (`variants.Fevga`: its rules' codes). That its plays, rulings
and written plays are the plain statement's (its doubles' walk, `fast_fevga`) is the equivalence
test's (`tests/engine/test_variant_equivalence.py`), on these boards and its heaviest positions."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbitru.engine.board import Board
from arbitru.engine.fast_fevga import fevga_plays
from arbitru.engine.fevga import (
    FEVGA,
    FEVGA_FREE,
    FEVGA_START,
    has_passed,
    starting_quarter_rule,
    starting_rule,
    trapped_point,
    unblocking_rule,
)
from arbitru.engine.geometry import SAME
from arbitru.engine.movement import Step, reason_code
from arbitru.engine.plain import plain_plays
from arbitru.engine.rules import PRESETS
from arbitru.engine.variants import VARIANTS
from tests.engine.variant_boards import assert_colours_play_alike, board_of, replay
from tests.support.cases import examples
from tests.support.fevga_boards import fevga_boards, trapped_boards
from tests.support.reference_fevga import fevga_results

START = Board.initial(FEVGA_START)
CASES = settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.too_slow])
DICE = st.tuples(st.integers(1, 6), st.integers(1, 6))
ALL_ROLLS = [(a, b) for a in range(1, 7) for b in range(a, 7)]


def notations(board: Board, dice: tuple[int, int], turn: str = "white") -> set[str]:
    return {play.notation for play in plain_plays(board, turn, dice, FEVGA)}


def boards(board: Board, dice: tuple[int, int], turn: str = "white") -> set[tuple[tuple[int, ...], ...]]:
    return {(play.board.white, play.board.black) for play in plain_plays(board, turn, dice, FEVGA)}


def fevga(white: dict[int, int], black: dict[int, int]) -> Board:
    return board_of(white, black, FEVGA)


# -- the start ----------------------------------------------------------------------------------------
def test_each_side_starts_with_15_on_its_own_24_which_is_the_opponents_12():
    assert FEVGA_START == {24: 15}
    assert SAME.opposite(24) == 12  # the two starts face each other across the board
    assert FEVGA.problems(START) == []
    assert FEVGA.contact == "none" and not FEVGA.hits and not FEVGA.pins


# -- the starting rule --------------------------------------------------------------------------------
def test_an_opening_6_6_moves_the_runner_once_and_the_other_dice_are_lost():
    # 18/12 would land on black's start; no second checker may leave before the runner passes it
    assert notations(START, (6, 6)) == {"24/18"}
    assert notations(START, (6, 6), "black") == {"24/18"}


def test_an_opening_5_5_takes_the_runner_past_then_a_second_checker_may_leave():
    # 24/19/14/9 passes black's start (our 12): the fourth 5 may come from the start
    assert notations(START, (5, 5)) == {"24/9 24/19", "24/4"}


@pytest.mark.parametrize(
    ("dice", "play"), [((4, 4), "24/16"), ((3, 3), "24/15"), ((2, 2), "24/16"), ((1, 1), "24/20")]
)
def test_other_opening_doubles_move_the_runner_alone_as_far_as_black_lets_it(dice, play):
    assert notations(START, dice) == {play}


@pytest.mark.parametrize("dice", [d for d in ALL_ROLLS if d[0] != d[1]])
def test_an_opening_mixed_roll_moves_the_runner_alone_by_both_dice(dice):
    assert notations(START, dice) == {f"24/{24 - sum(dice)}"}


def test_the_second_checker_waits_until_the_runner_has_passed_the_opponents_start():
    # GammonX FevgaWhiteHasToPassBlackStart: the runner steps along 23..13 while the 14 others wait
    for runner in range(23, 13, -1):
        board = fevga({24: 14, runner: 1}, {24: 15})
        assert all(white[24] == 14 for white, _ in boards(board, (2, 1)))
    # on 13 a 1 would land on black's start; the 2 takes it past, then the 1 may leave the start
    at_13 = fevga({24: 14, 13: 1}, {24: 15})
    assert notations(at_13, (2, 1)) == {"24/23 13/11", "13/10"}


def test_black_waits_for_its_runner_alike():
    # GammonX FevgaBlackHasToPassWhiteStart, seen from black's side (its own numbering)
    board = fevga({24: 15}, {24: 14, 13: 1})
    assert notations(board, (2, 1), "black") == {"24/23 13/11", "13/10"}
    assert all(black[24] == 14 for _, black in boards(fevga({24: 15}, {24: 14, 16: 1}), (2, 1), "black"))


def test_a_runner_standing_on_the_emptied_opponents_start_has_not_passed_it():
    # black has left its start (our 12) altogether, and holds our 11 and 10 (its 23 and 22): the 1
    # takes our runner onto 12, which is not past it, so the 2 may not leave our start (24/22)
    board = fevga({24: 14, 13: 1}, {23: 1, 22: 1, 5: 13})
    assert notations(board, (2, 1)) == {"13/12"}
    assert not has_passed(fevga({24: 14, 12: 1}, {20: 15}).white)


def test_a_blocked_runner_keeps_the_others_home_and_the_turn_passes():
    # black's start (our 12) and its runner on its 23 (our 11) stop our runner on 13 for a 2-1
    board = fevga({24: 14, 13: 1}, {24: 14, 23: 1})
    (play,) = plain_plays(board, "white", (2, 1), FEVGA)
    assert play.moves == () and play.board == board


def test_the_starting_rule_reads_the_board_alone():
    # once past, always past: a checker on 11 or lower, or borne off
    assert has_passed(fevga({24: 13, 11: 1, 20: 1}, {24: 15}).white)
    assert has_passed(fevga({24: 14}, {24: 15}).white)  # the 15th checker is borne off
    two_away = fevga({24: 13, 20: 1, 15: 1}, {24: 15})  # no game reaches it: refused after a move
    assert not starting_rule(Step(START, "white", (5, 4), (), two_away))
    assert starting_rule(Step(START, "white", (5, 4), (), fevga({24: 13, 20: 1, 10: 1}, {24: 15})))


# -- the starting quarter -----------------------------------------------------------------------------
QUARTER_OPEN = {24: 8, 23: 1, 22: 1, 21: 1, 20: 1, 5: 3}  # 19 is the one point of 24..19 not held


def test_no_move_fills_the_own_starting_quarter():
    board = fevga(QUARTER_OPEN, {14: 15})
    plays = notations(board, (5, 3))
    assert "24/19 5/2" not in plays and "24/19 24/21" not in plays  # 24..19 all held
    assert {"24/19 20/17", "24/19 23/20", "24/16"} <= plays  # another point of it left first


def test_the_quarter_is_checked_after_each_move_not_only_after_the_play():
    # 24/13 must stop on 19 (black holds our 18, its 6): filling the quarter for that moment is
    # refused, although the play would end with 19 empty again
    board = fevga(QUARTER_OPEN, {6: 1, 14: 14})
    assert "24/13" not in notations(board, (6, 5))


def test_the_opponents_starting_quarter_may_be_held():
    # GammonX forbids holding black's 24..19 (our 12..7); the sources read here forbid only the own
    board = fevga({12: 2, 11: 1, 10: 1, 9: 1, 8: 1, 13: 1, 3: 8}, {6: 15})
    assert "13/7 12/7" in notations(board, (6, 5))  # ends holding all of 12..7
    assert starting_quarter_rule(Step(board, "white", (6, 5), (), board))


# -- unblocking ---------------------------------------------------------------------------------------
# Black's 15 all on its 20 (our 8); we hold its 19..14 (our 7..2): black cannot move at all.
WALL = {7: 1, 6: 1, 5: 1, 4: 1, 3: 1, 2: 1, 13: 5, 1: 4}


def test_a_wall_trapping_every_opposing_checker_must_be_opened():
    board = fevga(WALL, {20: 15})
    assert trapped_point(board, "white") == 8
    for white, _ in boards(board, (6, 5)):
        assert not all(white[point] for point in range(2, 8))
    assert notations(board, (6, 5)) == {"13/7 6/1", "7/1 6/1"}  # 13/2 would keep it shut


def test_the_duty_to_open_the_wall_lapses_when_no_play_can():
    # four 6s: 7/1 opens the wall, but every play of four 6s brings a checker from 13 to 7 again
    # (the other checkers of the wall cannot move a 6): the play is what the dice rules choose
    board = fevga({7: 1, 6: 1, 5: 1, 4: 1, 3: 1, 2: 1, 13: 9}, {20: 15})
    assert notations(board, (6, 6)) == {"13/1 13/7(2)", "13/1(2)", "13/7(4)"}
    assert notations(board, (6, 6)) == {
        play.notation for play in plain_plays(board, "white", (6, 6), FEVGA_FREE)
    }


def test_a_wall_may_stand_while_an_opposing_checker_is_elsewhere():
    board = fevga(WALL, {20: 14, 10: 1})
    assert trapped_point(board, "white") == 0
    assert "13/2" in notations(board, (6, 5))


def test_the_unblocking_rule_reads_the_start_of_the_turn():
    board = fevga(WALL, {20: 15})
    closed = Step(board, "white", (6, 5), (), board)
    assert not unblocking_rule(closed)
    assert unblocking_rule(closed._replace(start=fevga(WALL, {20: 14, 10: 1})))


# -- bearing off and the dice -------------------------------------------------------------------------
def test_bearing_off_as_in_backgammon():
    # the 6 bears off from the highest point (5), the 3 exactly from 3 or moves 5/2
    assert notations(fevga({5: 2, 3: 1}, {20: 15}), (6, 3)) == {"5/off 3/off", "5/2 5/off"}
    # a checker outside home (7) comes in first: then the 1 may bear off from the 1
    assert notations(fevga({7: 1, 5: 2}, {20: 15}), (6, 1)) == {"7/1 5/4", "7/off"}


def test_a_play_uses_the_most_dice():
    # 13/11 then 11/6 lands on black's 18: 13/11 alone would leave the 5 unplayed, so it is no play
    board = fevga({24: 10, 13: 1, 1: 4}, {18: 1, 24: 14})
    assert notations(board, (5, 2)) == {"24/17", "24/19 13/11", "24/22 13/8", "24/22 24/19"}


def test_when_one_die_can_be_played_it_is_the_higher():
    # black holds our 1, 18 and 22 (its 13, 6 and 10): 9/3 or 9/7, never both, nothing from 24
    board = fevga({24: 14, 9: 1}, {13: 1, 6: 1, 10: 1, 24: 12})
    assert notations(board, (6, 2)) == {"9/3"}


# -- GammonX --------------------------------------------------------------------------------------------
def test_a_single_checker_blocks_the_opponent_gammonx():
    # FevgaBlackIsBlockedByASingleWhiteChecker: white's runner on its 11 (black's 23) closes that point
    board = fevga({24: 14, 11: 1}, {24: 15})
    assert not any("24/23" in play for play in notations(board, (1, 3), "black"))
    # FevgaWhiteIsBlockedByASingleBlackChecker, the same from the other side
    board = fevga({24: 15}, {24: 14, 11: 1})
    assert not any("24/23" in play for play in notations(board, (1, 3)))


# -- against the reference, and properties ---------------------------------------------------------------
@CASES
@given(fevga_boards(), DICE, st.sampled_from(["white", "black"]))
def test_the_engine_lists_the_plays_the_plain_reference_lists(board: Board, dice, turn):
    assert boards(board, dice, turn) == fevga_results(board.white, board.black, turn, dice)


@CASES
@given(trapped_boards(), DICE)
def test_the_engine_and_the_reference_agree_on_trapped_boards(board: Board, dice):
    assert boards(board, dice) == fevga_results(board.white, board.black, "white", dice)


@CASES
@given(fevga_boards(), DICE)
def test_every_play_conserves_checkers_hits_nothing_and_keeps_the_rules_after_each_move(board, dice):
    plays = plain_plays(board, "white", dice, FEVGA)
    assert len({len(play.moves) for play in plays}) == 1
    for play in plays:
        assert sum(play.board.white) == 15 and play.board.black == board.black
        assert replay(board, play, FEVGA) == [] and not any(move.hit for move in play.moves)
        side = list(board.white)
        for source, dest, _ in play.moves:
            side[source] -= 1
            side[dest] += 1
            after = Board(tuple(side), board.black)
            step = Step(board, "white", dice, (), after)
            assert starting_rule(step) and starting_quarter_rule(step)
        assert unblocking_rule(Step(board, "white", dice, play.moves, play.board))


@CASES
@given(fevga_boards(), DICE)
def test_black_plays_what_white_plays_on_the_board_seen_from_the_other_side(board: Board, dice):
    assert_colours_play_alike(board, dice, FEVGA)


@pytest.mark.parametrize("die", range(1, 7))
def test_the_fast_doubles_keep_the_starting_rule_and_unblocking(die):
    assert fevga_plays(START, "white", (die, die)) == plain_plays(START, "white", (die, die), FEVGA)
    trapped = fevga(WALL, {20: 15})
    assert fevga_plays(trapped, "white", (die, die)) == plain_plays(trapped, "white", (die, die), FEVGA)


# -- the variant Arbitru serves: the preset fevga on every face ----------------------------------------
FEVGA_RULES = PRESETS["fevga"]


def test_the_fevga_variant_is_registered_with_its_rules_codes_and_no_backgammon():
    variant = VARIANTS["fevga"]
    assert variant.movement is FEVGA and variant.start_board(FEVGA_RULES) == START
    assert not variant.backgammons and not variant.position_ids and not variant.condones_illegal_plays
    codes = {reason_code(rule) for rule in (*FEVGA.move_rules, *FEVGA.play_rules)}
    assert codes == {"STARTING_RULE", "STARTING_QUARTER", "UNBLOCKING_RULE"} == set(variant.reason_codes)
    assert (FEVGA_RULES.cube, FEVGA_RULES.backgammons, FEVGA_RULES.opening_dice) == (False, False, "new_roll")
