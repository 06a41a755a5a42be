"""Moving, closed points, hitting and doubles, each rule with a position a player knows."""

import os
import subprocess
import sys

from arbitru.engine import Board, legal_plays
from arbitru.engine.cache import clear_cache
from tests.engine.positions import OPENING, notations, position


def test_opening_three_one_makes_the_five_point_among_its_sixteen_plays():
    plays = notations(OPENING, (3, 1))
    assert len(plays) == 16
    assert "8/5 6/5" in plays


def test_each_die_is_a_separate_move_so_a_combined_move_needs_an_open_landing_point():
    # 6-5 from the opening: 24/13 (via 18 or 19) is the "lover's leap".
    assert "24/13" in notations(OPENING, (6, 5))
    # Black holds white's 18 and 19 (black's 7 and 6): 24/13 cannot pass through either.
    blocked = position({24: 2, 13: 5, 8: 3, 6: 5}, {6: 4, 7: 2, 8: 2, 13: 5, 24: 2})
    assert not any(p.startswith("24/13") for p in notations(blocked, (6, 5)))


def test_a_checker_may_not_land_on_a_point_held_by_two_opposing_checkers():
    # Opening 6-6: white's 12 is black's 13 midpoint, so 24/12 is impossible; 24/18 is fine.
    plays = legal_plays(OPENING, "white", (6, 6))
    for play in plays:
        assert all(m.to_point != 12 for m in play.moves)
        assert all(m.to_point != 1 for m in play.moves)  # black's 24 (its back checkers)


def test_landing_on_a_blot_hits_it_and_puts_it_on_the_bar():
    # Black has split to its 22 point... a blot on white's 3 (black's 22) is hit by 6/3.
    board = position({24: 2, 13: 5, 8: 3, 6: 5}, {22: 1, 24: 1, 13: 5, 8: 3, 6: 5})
    plays = {p.notation: p for p in legal_plays(board, "white", (3, 1))}
    hit = plays["6/3* 3/2"] if "6/3* 3/2" in plays else plays["6/3*/2"]
    assert hit.board.black[25] == 1 and hit.board.black[22] == 0
    assert any(m.hit for m in hit.moves)


def test_hitting_at_the_intermediate_point_of_a_combined_move_is_kept_in_the_notation():
    # A black blot on white's 18 (black's 7) and black's 6 point closed: 24/13 must go via 18.
    board = position({24: 2, 13: 5, 8: 3, 6: 5}, {7: 1, 6: 4, 8: 3, 13: 5, 24: 2})
    plays = notations(board, (6, 5))
    assert "24/18*/13" in plays
    assert "24/13" not in plays
    by_notation = {p.notation: p for p in legal_plays(board, "white", (6, 5))}
    assert by_notation["24/18*/13"].board.black[25] == 1


def test_doubles_play_four_times():
    plays = legal_plays(OPENING, "white", (6, 6))
    assert len(plays) == 11
    assert all(len(p.moves) == 4 for p in plays)
    assert {"24/18(2) 13/7(2)", "13/7(4)"} <= {p.notation for p in plays}


def test_doubles_count_repeats_in_notation():
    assert "8/5(2) 6/3(2)" in notations(OPENING, (3, 3))


def test_one_play_per_distinct_resulting_board():
    for dice in [(3, 1), (6, 5), (2, 2), (1, 1), (4, 4)]:
        boards = [p.board for p in legal_plays(OPENING, "white", dice)]
        assert len(boards) == len(set(boards))


def test_black_moves_in_its_own_numbering_and_white_is_untouched():
    plays = legal_plays(OPENING, "black", (3, 1))
    assert len(plays) == 16
    for play in plays:
        assert play.board.white == OPENING.white


def test_order_of_plays_is_deterministic_with_the_cache_cleared():
    first = [p.notation for p in legal_plays(OPENING, "white", (1, 1))]
    clear_cache()  # a second call must compute again, not return the cached tuple
    second = legal_plays(Board.initial(), "white", (1, 1))
    assert [p.notation for p in second] == first


def test_order_of_plays_is_the_same_in_fresh_processes_with_other_hash_seeds():
    code = (
        "from arbitru.engine import Board, legal_plays;"
        "print([p.notation for d in ((1, 1), (6, 5), (4, 4))"
        " for p in legal_plays(Board.initial(), 'white', d)])"
    )
    runs = {
        subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            timeout=60,
            env={**os.environ, "PYTHONHASHSEED": seed},
        ).stdout
        for seed in ("1", "2")
    }
    assert len(runs) == 1 and "24/23(2)" in runs.pop()


def test_a_prime_of_six_points_stops_a_checker_behind_it():
    # Black holds white's 14..19 (black's 6..11): white's checker on 20 cannot move with any die,
    # so 6-6 is played by the checkers on 8 (6/off is not allowed while 20 is outside).
    board = position({20: 1, 8: 4, 6: 10}, {6: 2, 7: 2, 8: 2, 9: 2, 10: 2, 11: 2, 1: 3})
    assert notations(board, (6, 6)) == {"8/2(4)"}
    # 5-5: any four of 8/3 and 6/1 (white's 1 is open); neither checker can go on.
    assert notations(board, (5, 5)) == {"8/3(4)", "8/3(3) 6/1", "8/3(2) 6/1(2)", "8/3 6/1(3)", "6/1(4)"}
    assert notations(board, (2, 1)) == {"8/7 8/6", "8/5", "8/7 6/4", "6/5 6/4", "6/3"}
