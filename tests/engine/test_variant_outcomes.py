"""Scoring of the Table family (issue 29): Long Nardy and Plakoto count an oin / single 1 and a mars 2
(the loser bore off none), never a backgammon; Plakoto's mother rule ends a game before anyone bears
off (both mothers pinned: a tie, nobody wins, 0 points; one mother pinned while the pinner has no free
checker left on its own 24: the pinner wins 2); Portes and Tavla count a backgammon as a gammon."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitru.engine.board import Board
from arbitru.engine.cube import Cube
from arbitru.engine.outcome import TIE, game_over, outcome
from arbitru.engine.position import Position
from arbitru.engine.rules import PRESETS
from arbitru.engine.variants import start_board
from tests.support.variant_boards import plakoto_boards, plakoto_side, side

LONG_NARDY, PLAKOTO = PRESETS["long_nardy"], PRESETS["plakoto"]


def test_a_long_nardy_win_is_an_oin_when_the_loser_bore_off_one():
    board = Board(side({}, off=15), side({3: 14}, off=1))
    verdict = outcome(board, LONG_NARDY)
    assert (verdict.winner, verdict.result, verdict.multiplier, verdict.points) == ("white", "single", 1, 1)


def test_a_long_nardy_win_is_a_mars_2_when_the_loser_bore_off_none_however_far_back():
    for points in ({1: 15}, {24: 15}, {12: 5, 13: 10}):
        board = Board(side({}, off=15), side(points))
        verdict = outcome(board, LONG_NARDY)
        assert (verdict.result, verdict.multiplier) == ("gammon", 2), points


def test_a_long_nardy_mars_is_doubled_by_the_cube():
    board = Board(side({2: 15}), side({}, off=15))
    verdict = Position(board, rules=LONG_NARDY, cube=Cube(4, "white")).outcome()
    assert (verdict.winner, verdict.multiplier, verdict.points) == ("black", 2, 8)


def test_a_plakoto_win_is_a_mars_2_never_a_backgammon_even_with_a_checker_in_the_winners_home():
    board = Board(plakoto_side({}, off=15), plakoto_side({20: 1, 3: 14}))
    verdict = outcome(board, PLAKOTO)
    assert (verdict.winner, verdict.result, verdict.multiplier, verdict.points) == ("white", "gammon", 2, 2)
    assert outcome(Board(plakoto_side({}, off=15), plakoto_side({20: 1}, off=14)), PLAKOTO).multiplier == 1


@pytest.mark.parametrize("preset", ["portes", "tavla"])
def test_a_portes_or_tavla_backgammon_counts_as_a_gammon(preset):
    board = Board(side({}, off=15), side({20: 1, 3: 14}))
    verdict = outcome(board, PRESETS[preset])
    assert (verdict.result, verdict.multiplier) == ("backgammon", 2)
    assert verdict.counted_as == "gammon"


def test_plakoto_mother_rule_both_mothers_pinned_is_a_tie_with_no_winner_and_no_points():
    # white's checker pinned on white's 24 under black's on black's 1, and the other way round
    board = Board(plakoto_side({1: 1, 6: 13}, pinned=[24]), plakoto_side({1: 1, 6: 13}, pinned=[24]))
    verdict = Position(board, rules=PLAKOTO).outcome()
    assert verdict == TIE
    assert verdict.game_over and verdict.winner is None and verdict.points == 0
    assert verdict.counted_as is None
    assert Position(board, rules=PLAKOTO).ends_game()


def test_plakoto_mother_rule_the_pinner_with_no_free_checker_left_on_its_24_wins_2():
    # black's lone checker on black's 1 (white's 24) pins white's mother; black's 24 is empty
    board = Board(plakoto_side({10: 14}, pinned=[24]), plakoto_side({1: 1, 5: 14}))
    position = Position(board, rules=PLAKOTO)
    assert position.ends_game()
    verdict = position.outcome()
    assert (verdict.winner, verdict.result, verdict.multiplier, verdict.points) == ("black", "gammon", 2, 2)


def test_plakoto_mother_rule_play_goes_on_while_the_pinner_still_has_a_free_checker_on_its_24():
    board = Board(plakoto_side({10: 13, 1: 1}, pinned=[24]), plakoto_side({1: 1, 5: 13, 24: 1}))
    position = Position(board, rules=PLAKOTO)
    assert not position.ends_game()
    assert not position.outcome().game_over


def test_plakoto_a_checker_pinned_elsewhere_than_the_24_does_not_end_the_game():
    board = Board(plakoto_side({10: 14}, pinned=[23]), plakoto_side({2: 1, 5: 14}))
    assert not game_over(board, PLAKOTO)
    assert outcome(board, PLAKOTO).game_over is False


def test_the_mother_rule_is_plakotos_only():
    board = Board(plakoto_side({10: 14}, pinned=[24]), plakoto_side({1: 1, 5: 14}))
    assert not game_over(board, PRESETS["standard"])


@pytest.mark.parametrize("preset", ["long_nardy", "plakoto", "portes", "tavla"])
def test_no_table_start_is_over(preset):
    position = Position.initial(PRESETS[preset])
    assert not position.ends_game() and position.outcome().game_over is False
    assert start_board(PRESETS[preset]) == position.board


@given(
    st.integers(min_value=0, max_value=12),
    st.lists(st.integers(min_value=1, max_value=24), max_size=3, unique=True),
)
def test_a_plakoto_game_borne_off_scores_1_or_2_and_pins_never_change_it(loser_off, pinned):
    loser = plakoto_side({12: 15 - loser_off - len(pinned)}, off=loser_off, pinned=pinned)
    verdict = outcome(Board(plakoto_side({}, off=15), loser), PLAKOTO)
    assert verdict.winner == "white"
    assert verdict.multiplier == (1 if loser_off else 2)


@settings(max_examples=200, deadline=None)
@given(plakoto_boards())
def test_the_one_game_over_decision_agrees_with_the_verdict_and_a_tie_scores_nothing(board):
    position = Position(board, rules=PLAKOTO)
    verdict = position.outcome()
    assert position.ends_game() == game_over(board, PLAKOTO) == verdict.game_over
    if verdict.game_over:
        assert (verdict.points == 0) == (verdict.winner is None)
        assert verdict.points in (0, 2)  # no one has borne off 15 here: only the mother rule ends it


def test_a_side_on_roll_after_the_mother_rule_decided_the_game_is_refused_naming_the_rule():
    pinned_mother = plakoto_side({1: 1, 6: 13}, pinned=[24])
    board = Board(pinned_mother, pinned_mother)  # both mothers pinned: a tie, the game is over
    found = Position(board, "white", (3, 1), rules=PRESETS["plakoto"]).problems()
    assert [(p.field, p.code, p.params) for p in found] == [
        ("board", "problem.game_decided_on_roll", {"turn": "white"})
    ]
    assert Position(board, rules=PRESETS["plakoto"]).problems() == []  # nobody on roll: a finished game
