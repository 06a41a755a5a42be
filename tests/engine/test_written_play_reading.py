"""How the match referee reads a written play of the backgammon family (`arbitru.engine.judge.board_after`):
the board of the legal play it writes, or a ruling where no legal play moves those checkers. Each
rule here has a position a player would recognise; the accelerations that read most plays without
listing the roll's plays are held to the plain reading by tests/engine/test_variant_equivalence.py."""

from __future__ import annotations

from arbitru.engine import Board, judge_play, parse_play_marked
from arbitru.engine.board import BAR, OFF, Color
from arbitru.engine.judge import board_after
from arbitru.engine.verdict import Verdict
from tests.engine.positions import position


def refused(board: Board, dice: tuple[int, int], text: str, turn: Color = "white") -> bool:
    """Whether `turn`'s play `text` is refused by the judge and by the referee's reading alike."""
    hops = parse_play_marked(text)[0]
    read = board_after(board, turn, dice, hops)
    return not judge_play(board, turn, dice, hops).legal and isinstance(read, Verdict) and not read.legal


def read_as_judged(board: Board, turn: Color, dice: tuple[int, int], hops) -> Board:
    """The board the referee reads for `hops`, asserted to be the legal play's the judge names."""
    verdict = judge_play(board, turn, dice, hops)
    assert verdict.legal and verdict.play is not None, verdict
    read = board_after(board, turn, dice, hops)
    assert read == verdict.play.board
    return read


def test_bearing_off_with_higher_dice_is_read_for_either_side():
    # the last four checkers on the 4, 3, 2 and 1 points and 6-6, the last two on the 2 and 1 and
    # 6-5: each bears off with a die higher than its point, for white and for black alike (the
    # other side's checkers are far away on its 24 point)
    for home, dice in (({4: 1, 3: 1, 2: 1, 1: 1}, (6, 6)), ({2: 1, 1: 1}, (6, 5))):
        hops = tuple((point, OFF) for point in home)
        for turn in ("white", "black"):
            board = position(home, {24: 2}) if turn == "white" else position({24: 2}, home)
            assert read_as_judged(board, turn, dice, hops).side(turn)[OFF] == 15


def test_no_checker_bears_off_until_the_last_checker_is_home():
    # 2-2 from the 9 and three on the 2: 9/7 leaves a checker on the 7, outside home, so no checker
    # may bear off yet (9/7/5 first would let two)
    board = position({9: 1, 2: 3}, {24: 2})
    assert refused(board, (2, 2), "9/7 2/off 2/off 2/off")


def test_a_hop_whose_every_stop_is_on_a_point_the_opponent_holds_is_refused():
    # 6-1 from the 13: black holds white's 12 and 7 with two checkers each, so neither die can be
    # played first and 13/6 cannot be played at all
    board = position({13: 2, 6: 3}, {13: 2, 18: 2})
    assert refused(board, (6, 1), "13/6")


def test_a_double_played_with_more_than_four_dice_is_refused():
    # 1-1 moves a checker four pips at most: 13/7 would take six dice
    board = position({13: 2, 6: 3}, {24: 2})
    assert refused(board, (1, 1), "13/7")


def test_a_checker_on_the_seven_point_is_outside_home():
    # 2-1 with checkers on the 7, 2 and 1: the 7 must come home before any checker bears off
    board = position({7: 1, 2: 1, 1: 1}, {24: 2})
    assert refused(board, (2, 1), "2/off 1/off")


def test_a_double_played_in_whole_dice_is_refused_while_the_roller_is_on_the_bar():
    # 4-4 with a checker on the bar: 13/5(2) leaves it there; for either side
    for turn in ("white", "black"):
        home, away = {13: 2, 6: 5}, {24: 2}
        board = position(home, away, white_bar=1) if turn == "white" else position(away, home, black_bar=1)
        assert refused(board, (4, 4), "13/5(2)", turn)


def test_a_double_played_in_whole_dice_bears_off_only_once_every_checker_is_home():
    # 4-4 from two on the 13 and one on the 8: 13/5 8/off leaves a checker on the 13
    board = position({13: 2, 8: 1, 6: 4}, {24: 2})
    assert refused(board, (4, 4), "13/5 8/off")


def test_a_double_that_hits_a_blot_lands_again_on_its_point_at_once():
    # 2-2: 8/6*(2) 13/11(2), the first checker to the 6 hits black's blot there, the second lands
    # on the point the blot has left
    board = position({13: 2, 8: 2, 6: 3}, {19: 1, 24: 2})
    hops = ((8, 6), (8, 6), (13, 11), (13, 11))
    play = judge_play(board, "white", (2, 2), hops).play
    assert play is not None and sorted(move.hit for move in play.moves) == [False, False, False, True]
    assert read_as_judged(board, "white", (2, 2), hops).black[BAR] == 1


def test_a_second_hop_from_a_point_left_empty_is_refused():
    # 2-2 with one checker on the 5 and two on the 1: 5/3 5/3 1/off 1/off moves the 5 twice
    assert refused(position({5: 1, 1: 2}, {24: 2}), (2, 2), "5/3 5/3 1/off 1/off")
    # and with no bear-off: 5/3(2) 8/6(2)
    assert refused(position({8: 2, 5: 1, 1: 2}, {24: 2}), (2, 2), "5/3 5/3 8/6 8/6")


def test_a_second_bear_off_from_a_point_left_empty_is_refused():
    # 5-3 with one checker on the 3 and two on the 1: 3/off 3/off bears the 3 off twice (the 5
    # would carry the second off, were there one)
    assert refused(position({3: 1, 1: 2}, {24: 2}), (5, 3), "3/off 3/off")


def test_a_checker_entering_from_the_bar_leaves_no_checker_to_bear_off_in_the_same_roll():
    # 6-1 on the bar with the rest home: bar/24 3/off enters with the 1, and the checker on the 24
    # then keeps the 6 from bearing off
    board = position({5: 2, 3: 2}, {24: 2}, white_bar=1)
    assert refused(board, (6, 1), "bar/24 3/off")


def test_a_blot_hit_by_a_play_bearing_off_with_a_higher_die_joins_the_checkers_on_the_bar():
    # 6-1 with black already on the bar: 3/2* 5/off (the 6 bears off the 5) puts a second black
    # checker there
    board = position({5: 1, 3: 2, 1: 2}, {23: 1, 24: 2}, black_bar=1)
    assert read_as_judged(board, "white", (6, 1), ((3, 2), (5, 0))).black[BAR] == 2


def test_a_double_in_whole_dice_passes_over_checkers_between_its_stops_and_hits_where_it_lands():
    # 4-4 played 13/5*(2): black's blot on white's 11 lies between the stops (9 and 5), its blot
    # on the 5 is hit where the hops land
    board = position({13: 2, 6: 5}, {14: 1, 20: 1, 24: 2})
    read = read_as_judged(board, "white", (4, 4), ((13, 5), (13, 5)))
    assert read.black[BAR] == 1 and read.black[14] == 1


def test_a_double_in_whole_dice_moves_each_hop_forward_by_one_die_or_more():
    # a hop that stays or goes back is no number of dice (13/1 13/5 5/9 adds up to four 4s);
    # 1-1 played 13/10 6/5 is three dice and one
    board = position({13: 2, 6: 5}, {24: 2})
    for hops in (((13, 5), (13, 5), (5, 5)), ((13, 1), (13, 5), (5, 9))):
        assert isinstance(board_after(board, "white", (4, 4), hops), Verdict)
    read = read_as_judged(board, "white", (1, 1), ((13, 10), (6, 5)))
    assert (read.white[13], read.white[10], read.white[6], read.white[5]) == (1, 1, 4, 1)


def test_no_play_written_is_refused_when_the_roller_can_move_though_the_opponent_cannot():
    # black is on the bar against white's closed board and cannot enter; white, on roll with 6-1,
    # can play 13/7 13/12: writing no play is refused, it is not the pass of a side that cannot move
    board = position({13: 3, 6: 2, 5: 2, 4: 2, 3: 2, 2: 2, 1: 2}, {13: 14}, black_bar=1)
    assert board_after(board, "black", (6, 1), ()) == board  # black's pass
    verdict = board_after(board, "white", (6, 1), ())
    assert isinstance(verdict, Verdict) and not verdict.legal
