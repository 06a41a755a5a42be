"""Legal plays of the Table family (issue 29), each rule checked on the engine (`Position.plays()`) and
on the plain reference generator (`tests/support/reference_variants.py`), then the two compared on
random boards.

Expected values come from the rules (docs/variants.md) and from two independent implementations,
used as data only (both Apache-2.0): the Long Narde scenarios of the OpenSpiel fork
dmytroleonenko/open_spiel (open_spiel/games/long_narde/long_narde_test_movement.cc and
long_narde_test_bridges.cc), and GammonX's legal-move and pin tests (gammonx/gammonx-server,
src/GammonX/GammonX.Engine.Tests/Data/LegalMovesTestData.cs and PinBoardServiceTests.cs). Their
indices are translated to each side's own numbering.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbitru.engine.board import Board, Color
from arbitru.engine.position import Position
from arbitru.engine.rules import NARDY_BLOCKS, PRESETS, Rules
from tests.support.reference_variants import nardy_facing, nardy_results, plakoto_results
from tests.support.variant_boards import PIN, nardy_boards, plakoto_boards, plakoto_side, side

LONG_NARDY, PLAKOTO = PRESETS["long_nardy"], PRESETS["plakoto"]
Dice = tuple[int, int]
Boards = set[tuple[tuple[int, ...], tuple[int, ...]]]
Generator = Callable[[Board, Color, Dice, Rules], Boards]


def engine(board: Board, turn: Color, dice: Dice, rules: Rules) -> Boards:
    """The engine's resulting boards."""
    return {(play.board.white, play.board.black) for play in Position(board, turn, dice, rules=rules).plays()}


def reference(board: Board, turn: Color, dice: Dice, rules: Rules) -> Boards:
    """The reference generator's resulting boards."""
    if rules.variant == "long_nardy":
        return nardy_results(board.white, board.black, turn, dice, rules.nardy_block)
    return plakoto_results(board.white, board.black, turn, dice)


GENERATORS = pytest.mark.parametrize("generate", [engine, reference], ids=["engine", "reference"])
ALL_ROLLS = [(a, b) for a in range(1, 7) for b in range(a, 7)]


def held(side_: tuple[int, ...]) -> set[int]:
    return {p for p in range(1, 25) if side_[p]}


# -- Long Nardy: the head rule --------------------------------------------------------------------
NARDY_START = Board(side({24: 15}), side({24: 15}))


@GENERATORS
def test_head_rule_first_turn_6_6_moves_two_from_the_head_and_the_rest_is_blocked(generate):
    # OpenSpiel CheckerDistributionTest: 24/18 24/18 leaves 13 on the head; 18/12 lands on black's head
    assert generate(NARDY_START, "white", (6, 6), LONG_NARDY) == {(side({24: 13, 18: 2}), side({24: 15}))}


@GENERATORS
def test_head_rule_first_turn_4_4_moves_two_from_the_head_each_as_far_as_black_lets_it(generate):
    assert generate(NARDY_START, "white", (4, 4), LONG_NARDY) == {(side({24: 13, 16: 2}), side({24: 15}))}


@GENERATORS
def test_head_rule_first_turn_3_3_moves_two_from_the_head(generate):
    assert generate(NARDY_START, "black", (3, 3), LONG_NARDY) == {
        (side({24: 15}), side({24: 13, 18: 2})),
        (side({24: 15}), side({24: 13, 21: 1, 15: 1})),
    }


@GENERATORS
@pytest.mark.parametrize("dice", [d for d in ALL_ROLLS if d not in ((3, 3), (4, 4), (6, 6))])
def test_head_rule_first_turn_other_rolls_move_one_checker_from_the_head(generate, dice):
    for white, _ in generate(NARDY_START, "white", dice, LONG_NARDY):
        assert white[24] == 14


@GENERATORS
def test_head_rule_after_the_first_turn_4_4_moves_one_from_the_head(generate):
    # OpenSpiel HeadRuleTest (B): White 14 on 24 and 1 on 23, Black 15 on its head
    board = Board(side({24: 14, 23: 1}), side({24: 15}))
    plays = generate(board, "white", (4, 4), LONG_NARDY)
    assert plays and all(white[24] >= 13 for white, _ in plays)
    assert any(white[24] == 13 for white, _ in plays)


# -- Long Nardy: no hitting -----------------------------------------------------------------------
@GENERATORS
def test_no_hitting_a_point_with_one_opposing_checker_is_closed(generate):
    # OpenSpiel NoLandingOnOpponentTest: a black checker on white's 16 (black's 4), White 4-2
    board = Board(side({24: 14, 20: 1}), side({24: 14, 4: 1}))
    plays = generate(board, "white", (4, 2), LONG_NARDY)
    assert plays and all(white[16] == 0 for white, _ in plays)
    assert all(sum(white) == sum(black) == 15 for white, black in plays)  # nobody is hit


# -- Long Nardy: the block rule -------------------------------------------------------------------
def holds(side_: tuple[int, ...], points: Sequence[int]) -> bool:
    return all(side_[p] for p in points)


@GENERATORS
@pytest.mark.parametrize("block", NARDY_BLOCKS)
def test_block_rule_no_six_block_with_no_opposing_checker_ahead(generate, block):
    # OpenSpiel bridges test 3: White 2,1,1,0,2,1 on 1..6, 8 on its head; Black 15 on its head (24)
    board = Board(side({1: 2, 2: 1, 3: 1, 5: 2, 6: 1, 24: 8}), side({24: 15}))
    plays = generate(board, "white", (1, 2), LONG_NARDY.with_options(nardy_block=block))
    assert plays and not any(holds(white, range(1, 7)) for white, _ in plays)


@GENERATORS
@pytest.mark.parametrize("block", NARDY_BLOCKS)
def test_block_rule_a_six_block_stands_with_an_opposing_checker_ahead(generate, block):
    # OpenSpiel bridges test 6 (a checker more on the head: its board has 14): White 24 and 1..4, 6;
    # Black all on its 1 (White's 13), ahead of the block (Black's 12..17)
    board = Board(side({24: 10, 1: 1, 2: 1, 3: 1, 4: 1, 6: 1}), side({1: 15}))
    plays = generate(board, "white", (1, 2), LONG_NARDY.with_options(nardy_block=block))
    assert any(holds(white, (24, 1, 2, 3, 4, 5)) for white, _ in plays)


@GENERATORS
@pytest.mark.parametrize("block", NARDY_BLOCKS)
def test_block_rule_the_mover_24_and_1_to_5_is_a_block(generate, block):
    # OpenSpiel bridges test 7: the same White, Black all on its 23 (White's 11): behind the block
    board = Board(side({24: 10, 1: 1, 2: 1, 3: 1, 4: 1, 6: 1}), side({23: 15}))
    plays = generate(board, "white", (1, 2), LONG_NARDY.with_options(nardy_block=block))
    assert plays and not any(holds(white, (24, 1, 2, 3, 4, 5)) for white, _ in plays)


@GENERATORS
@pytest.mark.parametrize(("white", "blocked"), [({19: 5, 21: 5, 24: 5}, True), ({19: 1, 1: 14}, False)])
def test_block_rule_for_black_a_white_checker_below_the_block_lets_it_stand(generate, white, blocked):
    # OpenSpiel bridges tests 4 and 5 (White's 5 on its 20 moved to 21: its board had both sides on one
    # point): Black 8/4 fills Black's 1..6 (White's 13..18); a White checker on 1 is ahead of it
    board = Board(side(white), side({1: 2, 2: 1, 3: 1, 5: 1, 6: 2, 8: 1, 24: 7}))
    plays = generate(board, "black", (4, 1), LONG_NARDY)
    assert plays
    assert any(holds(black, range(1, 7)) for _, black in plays) is not blocked


@GENERATORS
def test_block_rule_the_mover_10_to_15_is_no_block_it_wraps_round_the_opponents_track(generate):
    assert [nardy_facing(p) for p in (10, 11, 12, 13, 14, 15)] == [22, 23, 24, 1, 2, 3]
    board = Board(side({10: 1, 11: 1, 12: 1, 13: 1, 14: 1, 16: 1, 24: 9}), side({5: 15}))
    plays = generate(board, "white", (1, 2), LONG_NARDY)
    assert any(holds(white, range(10, 16)) for white, _ in plays)


@GENERATORS
def test_block_option_after_each_move_refuses_a_play_that_makes_the_block_on_the_way(generate):
    # 6/4 closes White's 1..6 (a block: Black is all behind it on its head), 4/2 opens it again
    board = Board(side({1: 1, 2: 1, 3: 1, 5: 1, 6: 2, 24: 9}), side({24: 15}))
    through_block = (side({1: 1, 2: 2, 3: 1, 5: 1, 6: 1, 20: 1, 24: 8}), side({24: 15}))
    assert through_block in generate(board, "white", (2, 2), LONG_NARDY)
    each = LONG_NARDY.with_options(nardy_block="after_each_move")
    assert through_block not in generate(board, "white", (2, 2), each)


# -- Long Nardy: bearing off ------------------------------------------------------------------------
@GENERATORS
def test_long_nardy_bears_off_with_the_exact_die_or_a_higher_from_the_highest_point(generate):
    board = Board(side({1: 3, 3: 2}, off=10), side({24: 15}))
    assert generate(board, "white", (6, 2), LONG_NARDY) == {(side({1: 4}, off=11), side({24: 15}))}
    assert generate(board, "white", (6, 3), LONG_NARDY) == {(side({1: 3}, off=12), side({24: 15}))}


# -- Plakoto: GammonX's start-board data ------------------------------------------------------------
PLAKOTO_START = Board(plakoto_side({24: 15}), plakoto_side({24: 15}))


def gammonx_plakoto_targets(dice: Dice) -> set[int]:
    """GammonX PlakotoStartBoardLegalMoves*: where one checker from the own 24 may stop (a, b, a+b;
    d, 2d, 3d, 4d for a double, bearing off excluded), in the own numbering."""
    a, b = dice
    if a == b:
        return {24 - k * a for k in range(1, 5) if 24 - k * a >= 1}
    return {24 - a, 24 - b, 24 - a - b}


@GENERATORS
@pytest.mark.parametrize("dice", ALL_ROLLS)
@pytest.mark.parametrize("turn", ["white", "black"])
def test_plakoto_start_every_stop_gammonx_lists_and_no_other(generate, dice, turn):
    plays = generate(PLAKOTO_START, turn, dice, PLAKOTO)
    mine = 0 if turn == "white" else 1
    stops = {p for board in plays for p in held(board[mine]) if p != 24}
    assert stops == gammonx_plakoto_targets(dice)


# -- Plakoto: pins (GammonX PinBoardServiceTests, replayed with dice) --------------------------------
@GENERATORS
def test_plakoto_landing_on_a_lone_checker_pins_it(generate):
    board = Board(plakoto_side({24: 14, 12: 1}), plakoto_side({24: 14, 18: 1}))
    pinned = (plakoto_side({24: 13, 18: 1, 7: 1}), plakoto_side({24: 14}, pinned=[18]))
    assert pinned in generate(board, "white", (6, 5), PLAKOTO)


@GENERATORS
def test_plakoto_a_point_pinning_the_movers_checker_is_closed_to_it(generate):
    board = Board(plakoto_side({24: 14, 7: 1}), plakoto_side({24: 14}, pinned=[18]))
    plays = generate(board, "black", (6, 1), PLAKOTO)
    assert plays and all(black[18] == 0 and black[PIN + 18] == 1 for _, black in plays)


@GENERATORS
def test_plakoto_the_pinner_may_add_checkers_on_the_pinned_point(generate):
    board = Board(plakoto_side({24: 13, 13: 1, 7: 1}), plakoto_side({24: 14}, pinned=[18]))
    after = (plakoto_side({24: 12, 23: 1, 7: 2}), plakoto_side({24: 14}, pinned=[18]))
    assert after in generate(board, "white", (6, 1), PLAKOTO)


@GENERATORS
def test_plakoto_the_pinned_checker_is_freed_when_the_last_pinner_leaves(generate):
    board = Board(plakoto_side({24: 14, 7: 1}), plakoto_side({24: 14}, pinned=[18]))
    plays = generate(board, "white", (5, 5), PLAKOTO)
    freed = [black for white, black in plays if white[7] == 0]
    assert freed and all(black[18] == 1 and black[PIN + 18] == 0 for black in freed)


@GENERATORS
def test_plakoto_a_pinned_checker_cannot_move(generate):
    board = Board(plakoto_side({24: 14, 7: 1}), plakoto_side({24: 14}, pinned=[18]))
    for _, black in generate(board, "black", (2, 1), PLAKOTO):
        assert black[PIN + 18] == 1


@GENERATORS
def test_plakoto_bearing_off_needs_every_checker_home_and_none_pinned(generate):
    board = Board(plakoto_side({1: 4, 2: 4, 3: 3, 4: 3}, pinned=[10]), plakoto_side({15: 1, 20: 14}))
    plays = generate(board, "white", (6, 5), PLAKOTO)
    assert all(white[0] == 0 and white[PIN + 10] == 1 for white, _ in plays)


@GENERATORS
def test_plakoto_two_free_opposing_checkers_close_a_point(generate):
    board = Board(plakoto_side({24: 15}), plakoto_side({24: 13, 7: 2}))
    plays = generate(board, "white", (6, 1), PLAKOTO)  # white's 18 is black's 7
    assert plays and all(white[18] == 0 for white, _ in plays)


# -- the reference generator against the engine, on random boards -----------------------------------
dice_strategy = st.tuples(st.integers(1, 6), st.integers(1, 6))
RANDOM = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@RANDOM
@given(nardy_boards(), st.sampled_from(["white", "black"]), dice_strategy, st.sampled_from(NARDY_BLOCKS))
def test_long_nardy_plays_equal_the_reference_generators(board, turn, dice, block):
    rules = LONG_NARDY.with_options(nardy_block=block)
    assert engine(board, turn, dice, rules) == reference(board, turn, dice, rules)


@RANDOM
@given(plakoto_boards(), st.sampled_from(["white", "black"]), dice_strategy)
def test_plakoto_plays_equal_the_reference_generators(board, turn, dice):
    assert engine(board, turn, dice, PLAKOTO) == reference(board, turn, dice, PLAKOTO)


@RANDOM
@given(st.one_of(nardy_boards(), plakoto_boards()), st.sampled_from(["white", "black"]), dice_strategy)
def test_reference_plays_keep_fifteen_checkers_a_side_and_never_share_a_point(board, turn, dice):
    rules = PLAKOTO if len(board.white) == 50 else LONG_NARDY
    facing = (lambda p: 25 - p) if rules is PLAKOTO else nardy_facing
    for white, black in reference(board, turn, dice, rules):
        assert sum(white) == sum(black) == 15
        assert not any(white[p] and black[facing(p)] for p in range(1, 25))
