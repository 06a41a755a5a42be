"""The referee's shortcuts are proven equal to the plain statements they replace."""

from __future__ import annotations

from typing import get_args

from hypothesis import given
from hypothesis import strategies as st

from arbitru.engine.board import Board
from arbitru.engine.position import Position
from arbitru.engine.rules import PRESETS
from arbitru.formats.mat import Action, ActionKind, Game, Result
from arbitru.referee.machine import Referee
from tests.engine.test_properties import boards


def plainly_final(game: Game, position: int) -> bool:
    """The plain statement: only resignations follow `position`, and something does or a result is written."""
    rest = game.actions[position + 1 :]
    return all(a.kind == "resign" for a in rest) and (game.result is not None or bool(rest))


def plainly_in_progress(game: Game, position: int, last_game: bool) -> bool:
    """The plain statement: the last action of the match's last game, no result written."""
    return last_game and game.result is None and position == len(game.actions) - 1


@given(st.lists(st.sampled_from(get_args(ActionKind)), max_size=12), st.booleans(), st.booleans())
def test_a_final_action_is_told_from_the_last_action_that_is_no_resignation(kinds, with_result, last_game):
    actions = [Action(kind, 0) for kind in kinds]
    result = Result(0, 1, False, after_action=len(actions)) if with_result else None
    game = Game(1, (0, 0), actions, result)
    finals = Referee._final_positions(game, last_game)
    for position in range(len(actions)):
        plain = plainly_final(game, position) or plainly_in_progress(game, position, last_game)
        assert (position in finals) == plain


@given(boards(), st.sampled_from(sorted(PRESETS)))
def test_a_board_that_ends_no_game_has_no_outcome_to_build(board: Board, preset: str):
    """`_check_bearoff` builds a Position only where `ends_game` says the game may be over: elsewhere
    the outcome is NOT_OVER, whatever the rules."""
    rules = PRESETS[preset]
    if not Position.initial(rules).ends_game(board):
        assert not Position(board, rules=rules).outcome().game_over
