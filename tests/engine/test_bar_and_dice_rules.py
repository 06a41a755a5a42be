"""Entering from the bar, and the rule that a roll is used as fully as it can be."""

from arbitru.engine import legal_plays
from tests.engine.positions import notations, position

BLACK_START = {24: 2, 13: 5, 8: 3, 6: 5}


def test_bar_checkers_enter_before_any_other_move():
    board = position({13: 5, 8: 3, 6: 5, 24: 1}, BLACK_START, white_bar=1)
    for play in legal_plays(board, "white", (4, 2)):
        assert play.moves[0].from_point == 25


def test_all_bar_checkers_enter_before_anything_else_moves():
    board = position({13: 5, 8: 3, 6: 5}, BLACK_START, white_bar=2)
    for play in legal_plays(board, "white", (3, 3)):
        assert [m.from_point for m in play.moves[:2]] == [25, 25]
    assert "bar/22(2) 13/10(2)" in notations(board, (3, 3))


def test_entering_checker_lands_in_the_opponents_home_board_on_the_die_number():
    board = position({13: 5, 8: 3, 6: 5, 24: 1}, BLACK_START, white_bar=1)
    tos = {p.moves[0].to_point for p in legal_plays(board, "white", (4, 2))}
    assert tos == {21, 23}


def test_a_closed_board_means_no_entry_and_the_turn_passes():
    closed = {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 3, 13: 2}
    board = position({13: 5, 8: 3, 6: 5, 24: 1}, closed, white_bar=1)
    plays = legal_plays(board, "white", (6, 6))
    assert len(plays) == 1 and plays[0].moves == () and plays[0].board == board
    assert plays[0].notation == ""


def test_one_checker_enters_and_the_other_die_is_lost_while_a_second_stays_on_the_bar():
    # Black's home holds 1..5: only a 6 enters; with two on the bar, 6-1 enters one checker only.
    board = position({13: 5, 8: 3, 6: 5}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 13: 5}, white_bar=2)
    assert notations(board, (6, 1)) == {"bar/19"}


def test_entering_hits_a_blot_in_the_opponents_home_board():
    board = position({13: 5, 8: 3, 6: 5, 24: 1}, {3: 1, 24: 2, 13: 5, 8: 3, 6: 4}, white_bar=1)
    plays = {p.notation: p for p in legal_plays(board, "white", (3, 1))}
    hitting = [p for n, p in plays.items() if n.startswith("bar/22*")]
    assert hitting and all(p.board.black[25] == 1 for p in hitting)


def test_must_use_both_dice_when_any_sequence_allows_it():
    # 6-5 from the opening: every play uses both dice.
    assert all(len(p.moves) == 2 for p in legal_plays(position(BLACK_START, BLACK_START), "white", (6, 5)))


def test_when_only_one_die_can_be_played_it_must_be_the_higher():
    # White's last outfield checker on 13: 13/7 or 13/9, but neither continues (3 is closed).
    board = position({13: 1, 1: 14}, {22: 3, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 7: 2})
    assert notations(board, (6, 4)) == {"13/7"}


def test_when_the_higher_die_cannot_be_played_the_lower_one_is():
    # 13/7 is closed (white's 7 is black's 18), 13/9 is open, then 9/3 is closed.
    board = position({13: 1, 1: 14}, {18: 2, 22: 3, 2: 2, 3: 2, 4: 2, 5: 2})
    assert notations(board, (6, 4)) == {"13/9"}


def test_a_roll_that_can_use_both_dice_only_one_way_forces_that_way():
    # Checkers on 13 and 10; black holds white's 7 and 3. 13/9 10/4 is the only way to play both.
    board = position({13: 1, 10: 1, 1: 13}, {18: 2, 22: 3, 2: 2, 4: 2, 5: 2, 6: 2})
    assert notations(board, (6, 4)) == {"13/9 10/4"}


def test_no_legal_move_gives_exactly_one_empty_play_with_the_board_unchanged():
    board = position({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 5}, {13: 14}, black_bar=1)
    plays = legal_plays(board, "black", (6, 5))
    assert len(plays) == 1 and plays[0].moves == () and plays[0].board == board
