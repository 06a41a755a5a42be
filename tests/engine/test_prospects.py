"""What can still happen (arbitru.engine.prospects): positions a player would recognise, and an
exhaustive check over every dice sequence and every legal play that "impossible" is never wrong."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitru.engine import Board, legal_plays
from arbitru.engine.board import OFF
from arbitru.engine.outcome import most_at_stake
from arbitru.engine.prospects import contact, prospects
from tests.engine.positions import position

ROLLS = [(a, b) for a in range(1, 7) for b in range(a, 7)]


def test_a_pure_race_with_no_checker_back_risks_a_gammon_but_no_backgammon():
    # white (to win) is bearing off; black has nothing off, nothing in white's home, no contact
    race = position({1: 3, 2: 4}, {6: 5, 8: 5, 13: 5})
    assert not contact(race)
    black = prospects(race, "black")
    assert black.can_lose_gammon and not black.can_lose_backgammon
    assert most_at_stake(race, "black") == "gammon"


def test_a_loser_with_a_checker_off_can_lose_no_gammon():
    assert most_at_stake(position({6: 14}, {6: 15}), "white") == "single"


def test_a_checker_closed_out_on_the_bar_risks_a_backgammon():
    closed = position({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2}, {6: 10, 8: 4}, black_bar=1)
    assert contact(closed)
    assert most_at_stake(closed, "black") == "backgammon"


def test_a_straggler_in_the_winners_home_risks_a_backgammon_while_contact_lasts():
    # black's last checker sits on white's 5 point (black's 20), white still has checkers behind it
    straggler = position({6: 5, 7: 5, 8: 5}, {20: 1, 6: 14})
    assert contact(straggler)
    assert most_at_stake(straggler, "black") == "backgammon"


def test_a_straggler_past_every_winners_checker_can_still_be_backgammoned_in_a_close_race():
    # white has one checker left on its ace point and is on roll; black's straggler on white's
    # 5 point has passed it (no contact) but cannot escape before white's next roll
    board = position({1: 1}, {20: 1, 6: 14})
    assert not contact(board)
    assert prospects(board, "black", turn="white").can_lose_backgammon
    assert most_at_stake(board, "black") == "backgammon"


def test_a_loser_who_must_bear_off_on_his_roll_can_no_longer_be_gammoned():
    # black has all fifteen home, fourteen on the ace point: any roll bears one off, and white
    # needs at least four rolls (fifteen checkers on its 6 point)
    board = position({6: 15}, {1: 14, 2: 1})
    black = prospects(board, "black")
    assert black.can_lose and not black.can_lose_gammon
    assert most_at_stake(board, "black") == "single"


def test_a_race_lost_whatever_the_dice_cannot_be_won():
    # white has two checkers on the ace point and is on roll: it finishes now
    board = position({1: 2}, {6: 5, 5: 5, 4: 5})
    assert not prospects(board, "black", turn="white").can_win
    assert prospects(board, "black", turn="black").can_win is False  # black needs at least four rolls
    assert prospects(board, "white").can_lose is False


def test_a_race_still_open_can_be_won_by_either_side():
    board = position({6: 5, 5: 5, 4: 5}, {6: 5, 5: 5, 4: 5})
    for side in ("white", "black"):
        assert prospects(board, side).can_win and prospects(board, side).can_lose


def test_with_contact_every_result_stays_possible_until_a_checker_is_off():
    opening = Board.initial()
    white = prospects(opening, "white")
    assert white.can_win and white.can_lose and white.can_lose_gammon and white.can_lose_backgammon
    assert most_at_stake(opening, "white") == "backgammon"


def test_a_finished_game_has_only_its_result_left():
    gammoned = position({}, {6: 15})
    black = prospects(gammoned, "black")
    assert (black.can_win, black.can_lose, black.can_lose_gammon, black.can_lose_backgammon) == (
        False,
        True,
        True,
        False,
    )
    assert prospects(gammoned, "white").worst_loss is None


# -- exhaustive check: one side's possible futures, every roll and every play -------------------
def _alone(side: tuple[int, ...]) -> Board:
    """The side as white on a board where black has borne everything off (no contact)."""
    return Board(side, (sum(side),) + (0,) * 25)


@cache
def _after_one_roll(side: tuple[int, ...]) -> frozenset[tuple[int, ...]]:
    if side[OFF] == sum(side):
        return frozenset({side})
    return frozenset(play.board.white for roll in ROLLS for play in legal_plays(_alone(side), "white", roll))


def _reach(side: tuple[int, ...], rolls: int) -> frozenset[tuple[int, ...]]:
    states = frozenset({side})
    for _ in range(rolls):
        states = frozenset(s for state in states for s in _after_one_roll(state))
    return states


def _earliest_finish(side: tuple[int, ...]) -> int:
    rolls = 0
    while not any(s[OFF] == sum(s) for s in _reach(side, rolls)):
        rolls += 1
    return rolls


def _truth(
    mine: tuple[int, ...], theirs: tuple[int, ...], turn_is_mine: bool
) -> tuple[bool, bool, bool, bool]:
    """Exact answers without contact: sides move independently, so each is searched alone."""

    def rolls_before(roll: int, side_first: bool) -> int:  # rolls of one side before the other's roll-th
        return roll if side_first else roll - 1

    can_win = any(
        s[OFF] != sum(s) for s in _reach(theirs, rolls_before(_earliest_finish(mine), not turn_is_mine))
    )
    before = rolls_before(_earliest_finish(theirs), turn_is_mine)
    left = _reach(mine, before)
    can_lose = any(s[OFF] != sum(s) for s in left)
    gammon = any(s[OFF] == 0 for s in left)
    backgammon = any(s[OFF] == 0 and any(s[19:]) for s in left)
    return can_win, can_lose, gammon, backgammon


def _side(points: list[int]) -> tuple[int, ...]:
    side = [0] * 26
    for point in points:
        side[point] += 1
    return tuple(side)


@st.composite
def races(draw):
    white = draw(st.lists(st.integers(1, 21), min_size=1, max_size=3))
    black = draw(st.lists(st.integers(1, 25 - max(white)), min_size=1, max_size=3))
    return _side(white), _side(black), draw(st.booleans())


@settings(max_examples=60, deadline=None)
@given(races())
def test_impossible_is_never_said_of_what_some_dice_and_plays_bring_about(race):
    mine, theirs, white_first = race
    board = Board(mine, theirs)
    assert not contact(board)
    said = prospects(board, "white", "white" if white_first else "black")
    truth = _truth(mine, theirs, white_first)
    answers = (said.can_win, said.can_lose, said.can_lose_gammon, said.can_lose_backgammon)
    for answer, exact in zip(answers, truth, strict=True):
        assert answer or not exact


@pytest.mark.parametrize("white_first", [True, False])
def test_a_bear_off_race_of_a_few_checkers_is_answered_exactly(white_first):
    # small races where the bounds are tight: every answer matches the exhaustive search
    for mine, theirs in [([1, 1], [2, 3]), ([6], [1, 1, 1]), ([19], [1]), ([5, 5], [6, 6])]:
        board = Board(_side(mine), _side(theirs))
        said = prospects(board, "white", "white" if white_first else "black")
        answers = (said.can_win, said.can_lose, said.can_lose_gammon, said.can_lose_backgammon)
        assert answers == _truth(_side(mine), _side(theirs), white_first), (mine, theirs)
