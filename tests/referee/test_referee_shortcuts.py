"""The referee's shortcuts are proven equal to the plain statements they replace."""

from __future__ import annotations

from typing import get_args

from hypothesis import given
from hypothesis import strategies as st

from arbitru.engine.board import OFF, Board
from arbitru.engine.cube import CENTERED, Cube
from arbitru.engine.judge import board_after
from arbitru.engine.match import Match
from arbitru.engine.moves import legal_plays
from arbitru.engine.outcome import resignation
from arbitru.engine.position import Position
from arbitru.engine.rules import PRESETS
from arbitru.engine.variants import start_board
from arbitru.formats.mat import Action, ActionKind, Game, MatchFile, Result
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


@st.composite
def ended_boards(draw: st.DrawFn) -> Board:
    """A board a side has borne off: the winner's checkers all off, the loser's from a random board
    (some borne off, some home, some in the winner's home board or on the bar)."""
    board = draw(boards())
    winner = draw(st.sampled_from(["white", "black"]))
    off = tuple([15] + [0] * 25)
    return Board(off, board.black) if winner == "white" else Board(board.white, off)


cubes = st.builds(Cube, st.sampled_from([1, 2, 4, 8, 64]), st.sampled_from([CENTERED, "white", "black"]))


@given(ended_boards() | boards(), st.sampled_from(sorted(PRESETS)), cubes, st.sampled_from([0, 1, 7]))
def test_the_outcome_of_a_board_is_the_positions(board: Board, preset: str, cube: Cube, length: int):
    """`_outcome` (no Position built, the rules copied once a transcript) is the Position's outcome,
    in a match and in money play, whatever the rules and the cube."""
    rules = PRESETS[preset]
    referee = Referee(MatchFile(("a", "b"), length, []), rules)
    position = Position(board, cube=cube, match=Match(length), rules=rules)
    assert referee._outcome(board, cube) == position.outcome()


@given(
    st.sampled_from(["single", "gammon", "backgammon"]),
    st.sampled_from(["white", "black"]),
    st.sampled_from(sorted(PRESETS)),
    cubes,
    st.sampled_from([0, 1, 7]),
    st.booleans(),
)
def test_a_resignation_is_counted_as_the_plain_call_counts_it(level, resigner, preset, cube, length, centred):
    rules = PRESETS[preset]
    referee = Referee(MatchFile(("a", "b"), length, []), rules)
    plain = resignation(level, resigner, rules, cube.value, length > 0, centred)
    assert referee._resigned(level, resigner, cube.value, centred) == plain


@given(st.sampled_from(sorted(PRESETS)))
def test_the_referee_reads_boards_by_its_games_reader(preset: str):
    """The reading told once a transcript is `board_after`'s (`engine.judge.written_play_reader`,
    the game's variant and movement found once): the same board for each of the roll's plays."""
    rules = PRESETS[preset]
    referee = Referee(MatchFile(("a", "b"), 1, []), rules)
    board = start_board(rules)
    for play in legal_plays(board, "white", (3, 1), rules):
        hops = tuple((move.from_point, move.to_point) for move in play.moves)
        read = referee._board_after(board, "white", (3, 1), hops)
        assert read == board_after(board, "white", (3, 1), hops, rules) == play.board


def test_an_ended_board_ends_the_game():
    board = Board(tuple([15] + [0] * 25), Board.initial().black)
    assert board.white[OFF] == 15
    referee = Referee(MatchFile(("a", "b"), 7, []), PRESETS["standard"])
    assert referee._outcome(board, Cube()).game_over
