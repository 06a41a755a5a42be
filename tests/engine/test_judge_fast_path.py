"""The judge's fast path (`plainly_legal`, what the match referee tries first) is proven equal to the
plain judge (`judge_play`, which lists every legal play): when it answers, the play is legal and
leads to the board the plain judge gives, its moves are die moves of the roll in an order that can
be played; it never answers for an illegal proposal. Proposals are every legal play's notation
(and its hops reordered, merged, cut short or shifted) on random boards, scattered positions and
positions met in play."""

from __future__ import annotations

import random
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitru.engine import Board, judge, judge_play, legal_plays, parse_play_marked
from arbitru.engine.board import BAR, OFF, Color, other
from arbitru.engine.judge import (
    _two_single_dice,
    cannot_move,
    die_by_die,
    four_single_dice,
    literal_board,
    one_hop_two_dice,
    plainly_legal,
    single_dice_board,
    single_dice_in_order,
    whole_dice_double_board,
)
from arbitru.engine.verdict import Verdict
from arbitru.referee.plays import board_after, family_board_after, judge_written
from tests.engine.positions import position
from tests.engine.test_properties import boards, dice_strategy
from tests.support.cases import examples
from tests.support.positions import playout_positions, scattered_positions

pytestmark = pytest.mark.plays_cached  # the plain judge lists a board's plays once, not per proposal


def proposals(board: Board, turn: Color, dice: tuple[int, int], rng: random.Random) -> list[tuple]:
    """Hops to judge: every legal play's, and variations of them most of which are illegal."""
    found: list[tuple] = []
    for play in legal_plays(board, turn, dice):
        hops = parse_play_marked(play.notation)[0]
        moves = tuple((m.from_point, m.to_point) for m in play.moves)
        found += [hops, moves, tuple(reversed(moves)), hops[:-1], moves[1:], merged(moves)]
        shifted = list(moves)
        if shifted:
            i = rng.randrange(len(shifted))
            source, dest = shifted[i]
            shifted[i] = (source, max(0, min(24, dest + rng.choice((-1, 1)))))
            found.append(tuple(shifted))
    found += [((rng.randint(1, 25), rng.randint(0, 24)),) * rng.randint(1, 4) for _ in range(3)]
    return [hops for hops in found if hops]


def merged(moves: tuple) -> tuple:
    """The hops of the die moves with the first two merged into one hop where the first checker
    moves on (`24/18 18/13` as `24/13`); none where it does not."""
    if len(moves) >= 2 and moves[0][1] == moves[1][0]:
        return ((moves[0][0], moves[1][1]), *moves[2:])
    return ()


def agrees_with_the_plain_judge(board: Board, turn: Color, dice: tuple[int, int], seed: int) -> int:
    answered = 0
    for hops in proposals(board, turn, dice, random.Random(seed)):
        fast = plainly_legal(board, turn, dice, hops)
        plain = judge_play(board, turn, dice, hops)
        commonest = single_dice_board(board, turn, dice, hops)
        if commonest is not None:  # the one-pass board of the commonest play is plainly_legal's
            assert fast is not None and commonest == fast.board, (board, turn, dice, hops)
        if fast is None:
            continue
        answered += 1
        assert plain.legal and plain.play is not None, (board, turn, dice, hops, plain)
        assert fast.board == plain.play.board
        assert len(fast.moves) == (4 if dice[0] == dice[1] else 2)  # every die used
        assert uses_each_die_once(fast.moves, dice)
        assert replayed(board, turn, fast.moves) == fast.board
        assert board_after(board, turn, dice, hops) == plain.play.board  # what the referee reads
    return answered


def replayed(board: Board, turn: Color, moves) -> Board:
    """The board the die moves lead to, played one by one, each legal where it is made and each hit
    marked (a move onto a blot) and no other."""
    for move in moves:
        blot = move.to_point != OFF and board.side(other(turn))[25 - move.to_point] == 1
        assert move.hit == blot, moves
        after = literal_board(board, turn, ((move.from_point, move.to_point),))
        assert after is not None, moves
        board = after
    return board


def uses_each_die_once(moves, dice: tuple[int, int]) -> bool:
    """Each move is one die: its distance, or less when it bears off (a higher die from below)."""
    left = list(dice) * 2 if dice[0] == dice[1] else list(dice)
    for move in moves:
        distance = move.from_point - move.to_point
        fits = [d for d in left if d == distance or (move.to_point == OFF and d > distance)]
        if not fits:
            return False
        left.remove(min(fits))
    return not left


def the_referee_reads_the_plain_judge(board: Board, turn: Color, dice: tuple[int, int], seed: int) -> int:
    """`board_after`, the referee's reading with every fast path, is the plain judge's (`judge_written`)
    on every proposal and on the play of no move: the board of the play it accepts, or a verdict
    where it refuses. Counts the proposals whose board `single_dice_board` told beyond the exact
    shapes (bearing off with a higher die) and the plays of no move told."""
    told = 0
    for hops in [(), *proposals(board, turn, dice, random.Random(seed))]:
        written = judge_written(board, turn, dice, hops)
        after = board_after(board, turn, dice, hops)
        if written.play is not None:
            assert after == written.play.board, (board, turn, dice, hops)
        else:
            assert isinstance(after, Verdict), (board, turn, dice, hops, after)
        told += isinstance(after, Board) and any(d == OFF and s < max(dice) for s, d in hops)
        told += not hops and cannot_move(board, turn, dice)
    return told


def test_the_referees_reading_is_the_plain_judge_on_positions_met_in_play():
    assert over_positions_met_in_play(the_referee_reads_the_plain_judge) > 100


@settings(max_examples=examples(300), deadline=None)
@given(boards(), dice_strategy, st.integers(0, 2**32))
def test_the_fast_path_agrees_with_the_plain_judge_on_random_boards(board, dice, seed):
    agrees_with_the_plain_judge(board, "white", dice, seed)
    the_referee_reads_the_plain_judge(board, "white", dice, seed)
    direct_cases_agree_with_the_search(board, "white", dice, seed)  # and its direct cases are the search
    whole_dice_doubles_are_the_plain_judge(board, "white", (dice[0], dice[0]), seed)
    in_order_finds_what_the_search_finds(board, "white", dice, seed)


def test_the_fast_path_agrees_with_the_plain_judge_on_positions_met_in_play():
    answered = sum(
        agrees_with_the_plain_judge(board, turn, dice, index)
        for index, (board, turn, dice) in enumerate(playout_positions(27, 600))
    )
    assert answered > 600  # it answers for most legal plays: the point of it


def test_the_fast_path_agrees_with_the_plain_judge_on_scattered_positions():
    for index, (board, turn, dice) in enumerate(scattered_positions(27, 400)):
        agrees_with_the_plain_judge(board, turn, dice, index)


def shaped_for(direct, board: Board, turn: Color, dice: tuple[int, int], hops) -> bool:
    """The plays a direct case is for: one hop of both dice of a non-double or its two one-die hops,
    or a double's four one-die hops; neither from the bar nor bearing off."""
    if board.side(turn)[BAR] or any(dest == OFF for _, dest in hops):
        return False
    if direct is one_hop_two_dice:
        return dice[0] != dice[1] and len(hops) == 1 and hops[0][0] - hops[0][1] == sum(dice)
    if direct is _two_single_dice:
        return dice[0] != dice[1] and len(hops) == 2 and sorted(s - d for s, d in hops) == sorted(dice)
    return dice[0] == dice[1] and len(hops) == 4 and all(s - d == dice[0] for s, d in hops)


def direct_cases_agree_with_the_search(board: Board, turn: Color, dice: tuple[int, int], seed: int) -> int:
    """On every proposal `literal_board` accepts, a direct case answers exactly the die moves, in
    the same order, with the same hits, that `die_by_die` finds (None when it finds none), and
    answers nothing for a play of another shape; `_two_single_dice` answers every play of its shape
    (two one-die hops of a roll that is not a double), die moves that lead to the hops' board."""
    answered = 0
    for hops in proposals(board, turn, dice, random.Random(seed)):
        literal = literal_board(board, turn, hops)
        if literal is None:
            continue
        searched = die_by_die(board, turn, dice, hops, literal, True)
        for direct in (one_hop_two_dice, four_single_dice, _two_single_dice):
            told = direct(board, turn, dice, hops)
            shaped = shaped_for(direct, board, turn, dice, hops)
            if shaped and direct is _two_single_dice:
                # the commonest play: always legal once literal_board accepts it, in either order
                assert told is not None and searched is not None, (board, turn, dice, hops)
                assert replayed(board, turn, told) == literal and uses_each_die_once(told, dice)
                answered += 1
            elif shaped:
                assert told == searched, (direct.__name__, board, turn, dice, hops, told, searched)
                answered += told is not None
            else:
                assert told is None, (direct.__name__, hops)
    return answered


def over_positions_met_in_play(check) -> int:
    """`check(board, turn, dice, seed)` over positions met in play and scattered ones: its answers."""
    return sum(
        check(board, turn, dice, index)
        for positions in (playout_positions(27, 600), scattered_positions(27, 400))
        for index, (board, turn, dice) in enumerate(positions)
    )


def test_the_direct_cases_are_the_search_on_positions_met_in_play():
    assert over_positions_met_in_play(direct_cases_agree_with_the_search) > 100  # both shapes are met


def test_the_direct_cases_tell_their_plays_without_the_search(monkeypatch):
    """The point of the direct cases: `plainly_legal` answers the plays of their shapes (two one-die
    hops of a mixed roll, one hop of both dice, a double's four one-die hops) without `die_by_die`'s
    search of every order, which is not called for them (the properties above hold the answers
    to the search)."""

    never_called(monkeypatch, "die_by_die")
    told = dict.fromkeys((_two_single_dice, one_hop_two_dice, four_single_dice), 0)
    for board, turn, dice in playout_positions(27, 150):
        for play in legal_plays(board, turn, dice):
            moves = tuple((m.from_point, m.to_point) for m in play.moves)
            for hops, direct in product((moves, merged(moves)), told):
                if hops and shaped_for(direct, board, turn, dice, hops) and direct(board, turn, dice, hops):
                    fast = plainly_legal(board, turn, dice, hops)
                    assert fast is not None and fast.turn == turn
                    assert fast.board == literal_board(board, turn, hops)
                    told[direct] += 1
    assert min(told.values()) > 20, told


def one_die_a_hop(board: Board, turn: Color, dice: tuple[int, int], hops) -> bool:
    """The plays `single_dice_in_order` is for: as many hops as the roll has dice, each of one die
    (bearing off: that die or a larger one)."""
    double = dice[0] == dice[1]
    return len(hops) == (4 if double else 2) and all(
        source - dest in dice or (dest == OFF and source < max(dice)) for source, dest in hops
    )


def in_order_finds_what_the_search_finds(board: Board, turn: Color, dice: tuple[int, int], seed: int) -> int:
    """Bar entries and bear-offs played one die a hop: the one order `single_dice_in_order` tries
    works exactly when `die_by_die` finds any (so the fast path loses none of them to the search),
    and it answers nothing for a play of another shape."""
    answered = 0
    for hops in proposals(board, turn, dice, random.Random(seed)):
        literal = literal_board(board, turn, hops)
        if literal is None:
            continue
        told = single_dice_in_order(board, turn, dice, hops)
        if not one_die_a_hop(board, turn, dice, hops):
            assert told is None, hops
            continue
        searched = die_by_die(board, turn, dice, hops, literal, True)
        assert (told is None) == (searched is None), (board, turn, dice, hops, told, searched)
        answered += told is not None and (board.side(turn)[BAR] > 0 or any(d == OFF for _, d in hops))
    return answered


def test_bar_entries_and_bear_offs_are_told_in_order_on_positions_met_in_play():
    assert over_positions_met_in_play(in_order_finds_what_the_search_finds) > 100  # both are met in play


def test_the_commonest_plays_are_told_in_one_pass_on_positions_met_in_play():
    """`single_dice_board` answers for the plays of one die a hop met in play, of mixed rolls and
    doubles, for both sides, entering from the bar and bearing off with exact dice too, and with a
    higher die (the properties above hold its board to `plainly_legal`'s)."""
    told = {(turn, double): 0 for turn in ("white", "black") for double in (False, True)}
    bearing_off = entering = higher_die = 0
    for board, turn, dice in playout_positions(27, 300):
        for play in legal_plays(board, turn, dice):
            hops = tuple((move.from_point, move.to_point) for move in play.moves)
            if single_dice_board(board, turn, dice, hops) is not None:
                assert single_dice_board(board, turn, dice, hops) == play.board
                told[turn, dice[0] == dice[1]] += 1
                bearing_off += any(dest == OFF for _, dest in hops)
                entering += any(source == BAR for source, _ in hops)
                higher_die += any(dest == OFF and source - dest not in dice for source, dest in hops)
    assert min(told.values()) > 20, told
    assert bearing_off > 10
    assert entering > 10
    assert higher_die > 10  # bearing off with a higher die: in single_dice_in_order's order


def test_exact_dice_plays_are_told_by_their_shape_alone(monkeypatch):
    """Every die a hop of its exact distance (bearing off with the exact die too): `single_dice_board`
    tells the board from the shape and `literal_board` alone, never in `single_dice_in_order`'s
    order (patched out here), for mixed rolls and doubles, bearing off (every checker home) or not."""

    never_called(monkeypatch, "_in_order_board")
    told = {(double, off): 0 for double in (False, True) for off in (False, True)}
    for board, turn, dice in playout_positions(27, 300):
        for play in legal_plays(board, turn, dice):
            hops = tuple((move.from_point, move.to_point) for move in play.moves)
            double, off = dice[0] == dice[1], OFF in (dest for _, dest in hops)
            if off and any(board.side(turn)[7:]):
                continue  # a checker brought home first: single_dice_in_order's order decides
            if sorted(source - dest for source, dest in hops) == sorted(dice * (2 if double else 1)):
                assert single_dice_board(board, turn, dice, hops) == play.board, (board, turn, dice, hops)
                told[double, off] += 1
    assert min(told.values()) > 5, told


def test_bearing_off_with_higher_dice_is_told_in_one_pass_for_either_side():
    # the last four checkers on the 4, 3, 2 and 1 points and 6-6, the last two on the 2 and 1 and
    # 6-5: each bears off with a die higher than its point, in single_dice_in_order's order, for
    # white and for black alike (the other side's checkers are far away on its 24 point)
    for home, dice in (({4: 1, 3: 1, 2: 1, 1: 1}, (6, 6)), ({2: 1, 1: 1}, (6, 5))):
        hops = tuple((point, OFF) for point in home)
        for turn in ("white", "black"):
            board = position(home, {24: 2}) if turn == "white" else position({24: 2}, home)
            (play,) = legal_plays(board, turn, dice)
            assert single_dice_board(board, turn, dice, hops) == play.board, (turn, dice)


def whole_dice_doubles_are_the_plain_judge(
    board: Board, turn: Color, dice: tuple[int, int], seed: int
) -> int:
    """`whole_dice_double_board` answers only for a double played in fewer hops than dice, and where
    it answers the play is legal as written, its board the plain judge's (`judge_written`) and
    `plainly_legal`'s."""
    answered = 0
    for hops in proposals(board, turn, dice, random.Random(seed)):
        told = whole_dice_double_board(board, turn, dice, hops)
        if told is None:
            continue
        assert dice[0] == dice[1] and len(hops) < 4, (dice, hops)
        written = judge_written(board, turn, dice, hops)
        assert written.legal and written.as_written and written.play is not None, (board, turn, dice, hops)
        assert written.play.board == told, (board, turn, dice, hops)
        plain = plainly_legal(board, turn, dice, hops)
        assert plain is not None and plain.board == told
        answered += 1
    return answered


def test_whole_dice_doubles_are_the_plain_judge_on_positions_met_in_play():
    assert over_positions_met_in_play(whole_dice_doubles_are_the_plain_judge) > 100  # met in play


def refused_by_the_fast_path(board: Board, dice: tuple[int, int], text: str, turn: Color = "white") -> bool:
    """Whether `turn`'s play `text` is refused by the referee's reading (`family_board_after`, the
    fast path first) as the plain judge refuses it."""
    hops = parse_play_marked(text)[0]
    assert not judge_play(board, turn, dice, hops).legal
    return plainly_legal(board, turn, dice, hops) is None and isinstance(
        family_board_after(board, turn, dice, hops), Verdict
    )


def never_called(monkeypatch, name: str) -> None:
    """Patch the judge's `name` to fail the test if a fast path falls back to it."""

    def called(*args):
        raise AssertionError(f"{name} called")

    monkeypatch.setattr(judge, name, called)


def test_the_fast_path_bears_off_only_once_the_last_checker_is_home():
    # 2-2 from the 9 and three on the 2: 9/7 leaves a checker on the 7, outside home, so no checker
    # may bear off yet (9/7/5 first would let two); the referee's fast path refuses it too
    board = position({9: 1, 2: 3}, {24: 2})
    assert refused_by_the_fast_path(board, (2, 2), "9/7 2/off 2/off 2/off")


def test_the_fast_path_refuses_a_hop_whose_every_stop_is_on_a_point_the_opponent_holds():
    # 6-1 from the 13: black holds white's 12 and 7 with two checkers each, so neither die can be
    # played first and 13/6 cannot be played at all
    board = position({13: 2, 6: 3}, {13: 2, 18: 2})
    assert refused_by_the_fast_path(board, (6, 1), "13/6")


def test_the_fast_path_refuses_a_double_played_with_more_than_four_dice():
    # 1-1 moves a checker four pips at most: 13/7 would take six dice
    board = position({13: 2, 6: 3}, {24: 2})
    assert refused_by_the_fast_path(board, (1, 1), "13/7")


def test_the_fast_path_counts_a_checker_on_the_seven_point_as_outside_home():
    # 2-1 with checkers on the 7, 2 and 1: the 7 must come home before any checker bears off
    board = position({7: 1, 2: 1, 1: 1}, {24: 2})
    assert refused_by_the_fast_path(board, (2, 1), "2/off 1/off")


def test_a_double_played_in_whole_dice_is_refused_while_the_roller_is_on_the_bar():
    # 4-4 with a checker on the bar: 13/5(2) leaves it there; for either side
    for turn in ("white", "black"):
        home, away = {13: 2, 6: 5}, {24: 2}
        board = position(home, away, white_bar=1) if turn == "white" else position(away, home, black_bar=1)
        assert whole_dice_double_board(board, turn, (4, 4), ((13, 5), (13, 5))) is None
        assert refused_by_the_fast_path(board, (4, 4), "13/5(2)", turn)


def test_a_double_played_in_whole_dice_bears_off_only_once_every_checker_is_home():
    # 4-4 from two on the 13 and one on the 8: 13/5 8/off leaves a checker on the 13
    board = position({13: 2, 8: 1, 6: 4}, {24: 2})
    assert whole_dice_double_board(board, "white", (4, 4), ((13, 5), (8, 0))) is None
    assert refused_by_the_fast_path(board, (4, 4), "13/5 8/off")


def test_a_double_that_hits_a_blot_lands_again_on_its_point_at_once():
    # 2-2: 8/6*(2) 13/11(2), the first checker to the 6 hits black's blot there, the second lands
    # on the point the blot has left
    board = position({13: 2, 8: 2, 6: 3}, {19: 1, 24: 2})
    hops = ((8, 6), (8, 6), (13, 11), (13, 11))
    told = four_single_dice(board, "white", (2, 2), hops)
    literal = literal_board(board, "white", hops)
    assert told is not None and told == die_by_die(board, "white", (2, 2), hops, literal, True)
    assert [move.hit for move in told] == [True, False, False, False]


def test_a_second_hop_from_a_point_left_empty_is_refused_by_the_fast_path():
    # 2-2 with one checker on the 5 and two on the 1: 5/3 5/3 1/off 1/off moves the 5 twice
    board = position({5: 1, 1: 2}, {24: 2})
    hops = ((5, 3), (5, 3), (1, 0), (1, 0))
    assert single_dice_board(board, "white", (2, 2), hops) is None
    assert refused_by_the_fast_path(board, (2, 2), "5/3 5/3 1/off 1/off")
    board = position({8: 2, 5: 1, 1: 2}, {24: 2})  # and with no bear-off: 5/3(2) 8/6(2)
    assert four_single_dice(board, "white", (2, 2), ((5, 3), (5, 3), (8, 6), (8, 6))) is None
    assert refused_by_the_fast_path(board, (2, 2), "5/3 5/3 8/6 8/6")


def test_a_second_bear_off_from_a_point_left_empty_is_refused_by_the_fast_path():
    # 5-3 with one checker on the 3 and two on the 1: 3/off 3/off bears the 3 off twice (the 5
    # would carry the second off, were there one)
    board = position({3: 1, 1: 2}, {24: 2})
    assert single_dice_board(board, "white", (5, 3), ((3, 0), (3, 0))) is None
    assert refused_by_the_fast_path(board, (5, 3), "3/off 3/off")


def test_a_checker_entering_from_the_bar_leaves_no_checker_to_bear_off_in_the_same_roll():
    # 6-1 on the bar with the rest home: bar/24 3/off enters with the 1, and the checker on the 24
    # then keeps the 6 from bearing off; the fast path that plays entries first refuses it
    board = position({5: 2, 3: 2}, {24: 2}, white_bar=1)
    assert single_dice_board(board, "white", (6, 1), ((25, 24), (3, 0))) is None
    assert refused_by_the_fast_path(board, (6, 1), "bar/24 3/off")


def test_a_blot_hit_by_a_play_bearing_off_with_a_higher_die_joins_the_checkers_on_the_bar():
    # 6-1 with black already on the bar: 3/2* 5/off (the 6 bears off the 5) puts a second black
    # checker there, on the board told in one pass as on the plain judge's
    board = position({5: 1, 3: 2, 1: 2}, {23: 1, 24: 2}, black_bar=1)
    hops = ((3, 2), (5, 0))
    told = single_dice_board(board, "white", (6, 1), hops)
    plain = judge_play(board, "white", (6, 1), hops).play
    assert plain is not None and told == plain.board
    assert told.black[BAR] == 2


def test_a_double_in_whole_dice_passes_over_checkers_between_its_stops_and_hits_where_it_lands():
    # 4-4 played 13/5*(2): black's blot on white's 11 lies between the stops (9 and 5), its blot
    # on the 5 is hit where the hops land; told at once, the board literal_board gives
    board = position({13: 2, 6: 5}, {14: 1, 20: 1, 24: 2})
    hops = ((13, 5), (13, 5))
    told = whole_dice_double_board(board, "white", (4, 4), hops)
    assert told is not None and told == literal_board(board, "white", hops)
    assert told.black[BAR] == 1


def test_a_double_in_whole_dice_moves_each_hop_forward_by_one_die_or_more():
    # a hop that stays or goes back is no number of dice (13/1 13/5 5/9 adds up to four 4s);
    # 1-1 played 13/10 6/5 is three dice and one, told at once
    board = position({13: 2, 6: 5}, {24: 2})
    assert whole_dice_double_board(board, "white", (4, 4), ((13, 5), (13, 5), (5, 5))) is None
    assert whole_dice_double_board(board, "white", (4, 4), ((13, 1), (13, 5), (5, 9))) is None
    hops = ((13, 10), (6, 5))
    assert whole_dice_double_board(board, "white", (1, 1), hops) == literal_board(board, "white", hops)


def test_no_play_written_is_refused_when_the_roller_can_move_though_the_opponent_cannot():
    # black is on the bar against white's closed board and cannot enter; white, on roll with 6-1,
    # can play 13/7 13/12: writing no play is refused, it is not the pass of a side that cannot move
    board = position({13: 3, 6: 2, 5: 2, 4: 2, 3: 2, 2: 2, 1: 2}, {13: 14}, black_bar=1)
    assert cannot_move(board, "black", (6, 1)) and not cannot_move(board, "white", (6, 1))
    verdict = family_board_after(board, "white", (6, 1), ())
    assert isinstance(verdict, Verdict) and not verdict.legal
