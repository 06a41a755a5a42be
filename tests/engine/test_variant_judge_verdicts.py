"""The variant judge's whole verdict on an illegal play (`arbitru.engine.variant_judge`), rule by
rule: not only the code but what its message names (the move, the point, the die, the roll), in
long nardy and plakoto positions, and in movements defined only here (one that hits and has a bar,
one whose head is not the 24, one with a move rule that has no code of its own) for the paths the
two variants never take. The dice are tried higher die first, and a hop takes at most the dice
rolled (four for doubles)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from arbitru.engine import variant_judge
from arbitru.engine.board import Board, Color
from arbitru.engine.geometry import OPPOSITE
from arbitru.engine.movement import LONG_NARDY, PLAKOTO, Movement, Step
from arbitru.engine.plain import plain_plays
from arbitru.engine.play import Move
from arbitru.engine.position import Position
from arbitru.engine.rules import Rules
from arbitru.engine.verdict import Hop, Verdict
from tests.engine.variant_boards import board_of

NARDY = Rules(preset="long_nardy")
NARDY_EACH_MOVE = Rules(preset="long_nardy", nardy_block="after_each_move")
PLAKOTO_RULES = Rules(preset="plakoto")

NARDY_START = Position.initial(NARDY).board
# White holds 19, 18, 17, 15, 14 with a gap on 16, every black checker behind it (as in
# test_variant_judge.py): filling 16 makes a block of six with no opposing checker ahead.
GAP = board_of({24: 9, 22: 1, 19: 1, 18: 1, 17: 1, 15: 1, 14: 1}, {24: 14, 9: 1}, LONG_NARDY)
# A movement defined only here: backgammon's (it hits, with a bar) without the fast paths.
HITTING = Movement("hitting race", OPPOSITE, "hit")


def ruling(board: Board, turn: Color, dice: tuple[int, int], written: str, rules: Rules) -> tuple[Any, ...]:
    """The whole verdict on `written`: legal, code and params."""
    verdict = Position(board, turn, dice, rules=rules).judge(written)
    return verdict.legal, verdict.code, dict(verdict.params)


def judged_in(
    movement: Movement,
    board: Board,
    dice: tuple[int, int],
    hops: Sequence[Hop],
) -> Verdict:
    """The plain judge's verdict on white's `hops` in a game of `movement` (a movement the rules
    name none of: the judge is handed it and the plain generator's plays under it)."""
    plays = plain_plays(board, "white", dice, movement)
    return variant_judge.judge_variant(board, "white", dice, hops, (), movement, plays)


def ruling_in(
    movement: Movement,
    board: Board,
    dice: tuple[int, int],
    hops: Sequence[Hop],
) -> tuple[Any, ...]:
    """The whole verdict (legal, code and params) of `judged_in`."""
    verdict = judged_in(movement, board, dice, hops)
    return verdict.legal, verdict.code, dict(verdict.params)


# -- a point closed to the landing: the point named ---------------------------------------------------
def test_point_occupied_names_the_1_point_a_lone_opposing_checker_closes_in_long_nardy():
    # black's lone checker on its 13 stands on white's 1: 7/1 with the 6 lands on it
    board = board_of({24: 14, 7: 1}, {24: 14, 13: 1}, LONG_NARDY)
    assert ruling(board, "white", (6, 1), "7/1 24/23", NARDY) == (False, "POINT_OCCUPIED", {"point": 1})


def test_point_closed_names_the_stop_of_the_higher_die_first_when_both_stops_are_closed():
    # 13/2 with 6-5 stops on 7 or on 8, both held by two of black's (its 18 and 17): the 6 is tried first
    board = board_of({24: 13, 13: 2}, {24: 11, 18: 2, 17: 2}, PLAKOTO)
    assert ruling(board, "white", (6, 5), "13/2", PLAKOTO_RULES) == (False, "POINT_CLOSED", {"point": 7})


def test_a_landing_refused_on_an_open_point_is_not_a_legal_play_with_the_roll():
    # a movement that hits and has a bar: with a checker on the bar, 13/7 is no move the dice allow,
    # though nothing closes 7
    board = Board.from_dict({"white": {"points": {"13": 14}, "bar": 1}, "black": {"points": {"24": 15}}})
    assert ruling_in(HITTING, board, (6, 1), ((13, 7),)) == (
        False,
        "NOT_A_LEGAL_PLAY",
        {"roll": "6-1"},
    )


# -- bearing off ------------------------------------------------------------------------------------
def test_bear_off_while_pinned_names_the_pinned_checkers_point_even_the_1():
    # white's checker on its 1 is pinned under black's lone checker on black's 24
    board = board_of({6: 5, 5: 5, 4: 4}, {24: 1, 13: 14}, PLAKOTO, {"white": [1]})
    assert ruling(board, "white", (6, 5), "6/off 5/off", PLAKOTO_RULES) == (
        False,
        "BEAR_OFF_WHILE_PINNED",
        {"move": "6/off", "point": 1},
    )


def test_bear_off_not_allowed_names_the_move_while_a_checker_is_outside_home():
    board = board_of({6: 5, 5: 5, 4: 4, 13: 1}, {24: 15}, PLAKOTO)
    assert ruling(board, "white", (6, 5), "6/off 13/8", PLAKOTO_RULES) == (
        False,
        "BEAR_OFF_NOT_ALLOWED",
        {"move": "6/off"},
    )


def test_bear_off_by_a_larger_die_names_the_point_and_die_while_a_higher_point_is_held():
    # 3/off with the 5 (tried first) or the 4 while white's 6 is held
    board = board_of({6: 1, 3: 14}, {24: 15}, PLAKOTO)
    assert ruling(board, "white", (5, 4), "3/off", PLAKOTO_RULES) == (
        False,
        "BEAR_OFF_HIGHER_POINT_OCCUPIED",
        {"point": 3, "die": 5},
    )


# -- the dice a hop takes -----------------------------------------------------------------------------
def test_dice_mismatch_names_the_hop_and_the_dice_when_no_dice_sum_to_its_distance():
    # 13/10 is 3 points: neither 6 nor 5 nor both; a die passing 10 is no way to get there
    board = board_of({24: 14, 13: 1}, {24: 15}, PLAKOTO)
    assert ruling(board, "white", (6, 5), "13/10 24/18", PLAKOTO_RULES) == (
        False,
        "DICE_MISMATCH",
        {"move": "13/10", "dice": "6-5"},
    )


def test_too_many_moves_a_third_hop_with_two_different_dice():
    board = board_of({24: 13, 13: 2}, {24: 15}, PLAKOTO)
    assert ruling(board, "white", (6, 5), "24/18 24/19 13/7", PLAKOTO_RULES) == (
        False,
        "TOO_MANY_MOVES",
        {"move": "13/7", "roll": "6-5"},
    )


def test_too_many_moves_a_fifth_hop_with_doubles():
    board = board_of({24: 13, 13: 2}, {24: 15}, PLAKOTO)
    assert ruling(board, "white", (2, 2), "24/22(4) 13/11", PLAKOTO_RULES) == (
        False,
        "TOO_MANY_MOVES",
        {"move": "13/11", "roll": "2-2"},
    )


def test_move_backwards_a_hop_to_its_own_point_moves_nowhere():
    board = board_of({24: 13, 13: 2}, {24: 15}, PLAKOTO)
    verdict = judged_in(PLAKOTO, board, (6, 5), ((13, 13),))
    assert (verdict.legal, verdict.code, dict(verdict.params)) == (False, "MOVE_BACKWARDS", {"move": "13/13"})


# -- the checker moved -------------------------------------------------------------------------------
def test_pinned_checker_moved_names_the_move_and_the_point_even_the_24():
    # white's checker on its 24 is pinned under black's lone checker on black's 1
    board = board_of({13: 14}, {1: 1, 19: 14}, PLAKOTO, {"white": [24]})
    assert ruling(board, "white", (6, 5), "24/18 13/8", PLAKOTO_RULES) == (
        False,
        "PINNED_CHECKER_MOVED",
        {"move": "24/18", "point": 24},
    )


def test_no_checker_to_move_names_the_player_and_the_empty_point():
    board = board_of({24: 13, 13: 2}, {24: 15}, PLAKOTO)
    assert ruling(board, "white", (6, 5), "12/6 24/19", PLAKOTO_RULES) == (
        False,
        "NO_CHECKER_TO_MOVE",
        {"player": "white", "point": 12},
    )


def test_no_checker_to_move_from_the_bar_where_nothing_is_hit():
    board = board_of({24: 13, 13: 2}, {24: 15}, PLAKOTO)
    assert ruling(board, "white", (6, 5), "bar/20", PLAKOTO_RULES) == (
        False,
        "NO_CHECKER_TO_MOVE",
        {"player": "white", "point": 25},
    )


# -- the play as a whole ------------------------------------------------------------------------------
def test_must_use_all_dice_names_the_roll_and_how_many_dice_were_used_of_how_many():
    board = board_of({24: 14, 13: 1}, {24: 15}, PLAKOTO)
    assert ruling(board, "white", (6, 5), "24/18", PLAKOTO_RULES) == (
        False,
        "MUST_USE_ALL_DICE",
        {"roll": "6-5", "longest": 2, "dice_word": 2, "used": 1},
    )


def test_must_play_higher_die_when_only_one_die_can_be_played():
    # white's only free checker is on its 24: 24/18 or 24/19, and both reach 13, black's 12, held by two
    board = board_of({24: 1, 1: 14}, {12: 2, 23: 13}, PLAKOTO)
    assert ruling(board, "white", (6, 5), "24/19", PLAKOTO_RULES) == (
        False,
        "MUST_PLAY_HIGHER_DIE",
        {"roll": "6-5", "high": 6},
    )


# In a movement that hits (defined here), a hop written past blots that every route hits lands with no
# hit where each die move is legal: no listed play's board, named by no rule of a move.
def test_a_hop_past_blots_every_route_hits_is_not_a_legal_play_with_the_roll():
    # 13/7 with 4-2 stops on 9 or on 11, a black blot on each (its 16 and 14); white's others on its 1
    board = Board.from_dict(
        {"white": {"points": {"13": 1, "1": 14}}, "black": {"points": {"16": 1, "14": 1, "24": 13}}}
    )
    assert ruling_in(HITTING, board, (4, 2), ((13, 7),)) == (
        False,
        "NOT_A_LEGAL_PLAY",
        {"roll": "4-2"},
    )


def test_a_hop_past_a_blot_with_three_of_a_doubles_four_dice_is_not_a_legal_play():
    # 13/7 with 2-2 stops on 11 and 9 (a black blot, its 16); 7/5 is closed (black's 20): three dice only
    board = Board.from_dict(
        {"white": {"points": {"13": 1, "1": 14}}, "black": {"points": {"16": 1, "20": 2, "24": 12}}}
    )
    assert ruling_in(HITTING, board, (2, 2), ((13, 7),)) == (
        False,
        "NOT_A_LEGAL_PLAY",
        {"roll": "2-2"},
    )


# -- the head rule and the move rules -----------------------------------------------------------------
def test_head_rule_names_the_second_move_off_the_head_and_the_head_with_the_block_rule_after_each_move():
    assert ruling(NARDY_START, "white", (6, 5), "24/18 24/19", NARDY_EACH_MOVE) == (
        False,
        "HEAD_RULE",
        {"move": "24/19", "point": 24},
    )


def test_block_rule_after_each_move_names_the_move_that_closes_the_block():
    assert ruling(GAP, "white", (6, 1), "22/16/15", NARDY_EACH_MOVE) == (
        False,
        "BLOCK_RULE",
        {"move": "22/16"},
    )


def test_head_rule_of_a_movement_whose_head_is_its_13():
    # every checker starts on the 13; one leaves it per turn but on a first 6-6, 4-4 or 3-3
    from_13 = Movement("race from the 13", OPPOSITE, "none", head=13)
    board = board_of({13: 15}, {13: 15}, from_13)
    assert ruling_in(from_13, board, (6, 5), ((13, 7), (13, 8))) == (
        False,
        "HEAD_RULE",
        {"move": "13/8", "point": 13},
    )


def test_a_move_rule_without_a_code_is_not_a_legal_play_with_the_roll():
    # a rule of this test only: no move lands on white's 5
    def not_onto_the_5(step: Step) -> bool:
        return all(move.to_point != 5 for move in step.moves)

    fussy = Movement("fussy race", OPPOSITE, "none", move_rules=(not_onto_the_5,))
    board = board_of({13: 14, 10: 1}, {24: 15}, fussy)
    assert ruling_in(fussy, board, (5, 3), ((10, 5), (13, 10))) == (
        False,
        "NOT_A_LEGAL_PLAY",
        {"roll": "5-3"},
    )


def test_a_play_rule_without_a_code_is_not_a_legal_play_with_the_roll():
    # a rule of this test only, which reads the whole step: with a 5 rolled, no play ends with a
    # checker moved onto white's 5
    def not_ending_on_the_5(step: Step) -> bool:
        moved_there = step.board.white[5] > step.start.white[5] and any(m.to_point == 5 for m in step.moves)
        return not (5 in step.dice and moved_there)

    fussy = Movement("fussy race", OPPOSITE, "none", play_rules=(not_ending_on_the_5,))
    board = board_of({13: 14, 10: 1}, {24: 15}, fussy)
    assert ruling_in(fussy, board, (5, 3), ((10, 5), (13, 10))) == (
        False,
        "NOT_A_LEGAL_PLAY",
        {"roll": "5-3"},
    )


# -- marks and legal plays ----------------------------------------------------------------------------
def test_wrong_hit_names_the_marked_move_and_point_where_nothing_is_hit():
    # long nardy: 24/13* marks black's 1 (white's 13), but nothing is hit nor pinned in long nardy
    assert ruling(NARDY_START, "white", (6, 5), "24/13*", NARDY) == (
        False,
        "WRONG_HIT",
        {"move": "24/13", "point": 13},
    )


def test_a_pin_on_the_1_point_marked_as_a_hit_is_legal():
    # black's lone checker on its 24 is on white's 1: 7/1* pins it
    board = board_of({13: 14, 7: 1}, {24: 1, 19: 14}, PLAKOTO)
    verdict = Position(board, "white", (6, 5), rules=PLAKOTO_RULES).judge("7/1* 13/8")
    assert (verdict.legal, verdict.code, dict(verdict.params), verdict.as_written) == (
        True,
        None,
        {"roll": "6-5"},
        True,
    )


def test_a_legal_play_names_the_roll_and_is_as_written_only_when_its_hops_go_by_the_dice():
    # 13/10/2 reaches 13/2's board, but no die takes a checker the 3 points from 13 to 10
    board = board_of({24: 14, 13: 1}, {24: 15}, PLAKOTO)
    for written, as_written in (("13/2", True), ("13/10 10/2", False)):
        verdict = Position(board, "white", (6, 5), rules=PLAKOTO_RULES).judge(written)
        assert verdict.play is not None and verdict.play.notation == "13/2"
        assert (verdict.legal, dict(verdict.params), verdict.as_written) == (
            True,
            {"roll": "6-5"},
            as_written,
        )


# -- played as written: die by die --------------------------------------------------------------------
# White's last checker outside on its 8: 8/off with 6-2 is 8/2/off.
LAST_OUTSIDE = board_of({8: 1, 6: 14}, {24: 15}, PLAKOTO)


def test_a_bear_off_hop_over_two_dice_is_as_written_as_in_backgammon():
    verdict = Position(LAST_OUTSIDE, "white", (6, 2), rules=PLAKOTO_RULES).judge("8/off")
    assert (verdict.legal, dict(verdict.params), verdict.as_written) == (True, {"roll": "6-2"}, True)
    backgammon = Board.from_dict({"white": {"points": {"8": 1, "6": 14}}, "black": {"points": {"1": 15}}})
    assert Position(backgammon, "white", (6, 2)).judge("8/off").as_written


def test_too_many_moves_after_a_bear_off_hop_that_took_both_dice():
    assert ruling(LAST_OUTSIDE, "white", (6, 2), "8/off 6/off", PLAKOTO_RULES) == (
        False,
        "TOO_MANY_MOVES",
        {"move": "6/off", "roll": "6-2"},
    )


def test_doubles_four_hops_are_played_as_written_with_four_dice():
    board = board_of({24: 13, 13: 2}, {24: 15}, PLAKOTO)
    verdict = Position(board, "white", (2, 2), rules=PLAKOTO_RULES).judge("24/22(4)")
    assert (verdict.legal, dict(verdict.params), verdict.as_written) == (True, {"roll": "2-2"}, True)


def test_a_hop_is_as_written_by_the_lower_die_first_when_the_higher_die_lands_on_a_closed_point():
    # 13/2 with 6-5: 7 is held by two of black's (its 18), 13/8/2 goes round it
    board = board_of({24: 14, 13: 1}, {24: 13, 18: 2}, PLAKOTO)
    verdict = Position(board, "white", (6, 5), rules=PLAKOTO_RULES).judge("13/2")
    assert (verdict.legal, dict(verdict.params), verdict.as_written) == (True, {"roll": "6-5"}, True)


def test_a_hop_is_as_written_by_the_die_order_a_move_rule_allows():
    # a rule of this test only: no move lands on white's 5; 10/2 with 5-3 goes 10/7/2, not 10/5/2
    def not_onto_the_5(step: Step) -> bool:
        return all(move.to_point != 5 for move in step.moves)

    fussy = Movement("fussy race", OPPOSITE, "none", move_rules=(not_onto_the_5,))
    board = board_of({13: 14, 10: 1}, {24: 15}, fussy)
    verdict = judged_in(fussy, board, (5, 3), ((10, 2),))
    assert (verdict.legal, dict(verdict.params), verdict.as_written) == (True, {"roll": "5-3"}, True)


def test_a_hop_no_die_order_of_which_a_move_rule_allows_is_legal_by_another_grouping_not_as_written():
    # a rule of this test only: no move adds a checker of the mover's to its 5 or its 7. 10/2 with
    # 5-3 stops on 5 or 7 either way; 7/2 10/7 reaches the same board, so the play is legal
    def not_more_on_the_5_or_7(step: Step) -> bool:
        before, after = step.start.side(step.turn), step.board.side(step.turn)
        return after[5] <= before[5] and after[7] <= before[7]

    fussy = Movement("fussy race", OPPOSITE, "none", move_rules=(not_more_on_the_5_or_7,))
    board = board_of({13: 13, 10: 1, 7: 1}, {24: 15}, fussy)
    verdict = judged_in(fussy, board, (5, 3), ((10, 2),))
    assert verdict.play is not None and verdict.play.moves == (Move(7, 2), Move(10, 7))
    assert (verdict.legal, dict(verdict.params), verdict.as_written) == (True, {"roll": "5-3"}, False)


def test_hops_written_out_of_order_are_played_as_each_checker_gets_there_pinning_and_freeing_alike():
    # 7/1 is written before 13/7* brings a checker to 7: 13/7* pins black's lone checker (its 18),
    # 7/1 then frees it, as 13/7*/1 does
    board = board_of({24: 13, 13: 2}, {18: 1, 14: 14}, PLAKOTO)
    verdict = Position(board, "white", (6, 6), rules=PLAKOTO_RULES).judge("7/1 13/7* 24/18(2)")
    assert verdict.play is not None and verdict.play.notation == "24/18(2) 13/7*/1"
    assert (verdict.legal, dict(verdict.params), verdict.as_written) == (True, {"roll": "6-6"}, True)


def test_black_pinning_a_lone_white_checker_marked_as_a_hit_is_legal():
    # white's lone checker on its 7 is on black's 18
    board = board_of({7: 1, 24: 14}, {24: 13, 13: 2}, PLAKOTO)
    verdict = Position(board, "black", (6, 5), rules=PLAKOTO_RULES).judge("24/18* 24/19")
    assert (verdict.legal, dict(verdict.params), verdict.as_written) == (True, {"roll": "6-5"}, True)


def test_a_pin_marked_on_the_24_is_read_before_the_move_from_the_bar_where_nothing_is_hit():
    # black's lone checker on its 1 is on white's 24: the mark stands, the bar has no checker to move
    board = board_of({13: 15}, {24: 14, 1: 1}, PLAKOTO)
    assert ruling(board, "white", (6, 5), "bar/24*", PLAKOTO_RULES) == (
        False,
        "NO_CHECKER_TO_MOVE",
        {"player": "white", "point": 25},
    )


def test_a_plakoto_board_given_without_its_pin_slots_pins_as_with_them():
    # Board.from_dict without pins: 26 slots a side; black's lone checker on its 18 is white's 7
    board = Board.from_dict({"white": {"points": {"13": 15}}, "black": {"points": {"24": 14, "18": 1}}})
    assert len(board.white) == 26
    verdict = Position(board, "white", (6, 5), rules=PLAKOTO_RULES).judge("13/7* 13/8")
    assert verdict.play is not None and verdict.play.notation == "13/8 13/7*"
    assert (verdict.legal, dict(verdict.params), verdict.as_written) == (True, {"roll": "6-5"}, True)


def test_block_rule_six_points_on_the_opponents_1_to_6_are_a_block_with_nothing_ahead_of_them():
    # white holds its 18..14 (black's 6..2): 24/13 adds its 13, black's 1; black has nothing lower, nor off
    board = board_of({24: 10, 18: 1, 17: 1, 16: 1, 15: 1, 14: 1}, {24: 15}, LONG_NARDY)
    assert ruling(board, "white", (6, 5), "24/13", NARDY) == (False, "BLOCK_RULE", {"move": "24/13"})


def test_a_hit_can_never_be_marked_on_the_bar_even_with_one_opposing_checker_off():
    # plakoto has no bar: a move to 25 marked as a hit (moves given as objects may say `to: 25`) hits
    # nothing, though black has borne off one checker (off faces no point of the board)
    board = board_of({13: 14, 7: 1}, {19: 14}, PLAKOTO)
    verdict = Position(board, "white", (6, 5), rules=PLAKOTO_RULES).judge(((13, 25),), (25,))
    assert (verdict.legal, verdict.code, dict(verdict.params)) == (
        False,
        "WRONG_HIT",
        {"move": "13/bar", "point": 25},
    )
