"""The engine's `Position` answers a request's whole question in one call, and it alone decides
whether a game is over: `ends_game`, the plays' standings, a ruling and `problems` all say what
`arbitru.engine.outcome.outcome` says."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from arbitru.engine import Board, Position
from arbitru.engine.board import OFF
from arbitru.engine.cube import Cube
from arbitru.engine.match import Match
from arbitru.engine.outcome import outcome
from arbitru.engine.position import GOING_ON, Standing
from arbitru.engine.rules import STANDARD

CONTEXTS = st.sampled_from(
    [
        (Cube(1, "centered"), Match(), STANDARD),
        (Cube(2, "white"), Match(), STANDARD.with_options(jacoby=True)),
        (Cube(2, "centered"), Match(5, (1, 3)), STANDARD),
        (Cube(4, "black"), Match(7, (6, 2), crawford=False), STANDARD.with_options(backgammons=False)),
    ]
)


@st.composite
def races_home(draw: st.DrawFn) -> Position:
    """A bear-off race with the side on roll a roll or two from home: plays that end the game (as a
    single, gammon or backgammon) beside plays that do not."""
    turn = draw(st.sampled_from(["white", "black"]))
    mover = [0] * 26
    left = draw(st.integers(1, 4))
    mover[OFF] = 15 - left
    for _ in range(left):
        mover[draw(st.integers(1, 6))] += 1
    waiting = [0] * 26  # the opponent's checkers, on points the mover's home board leaves free
    off = draw(st.sampled_from([0, 0, 5]))
    waiting[OFF] = off
    for _ in range(15 - off):
        waiting[draw(st.sampled_from([7, 8, 13, 19, 20, 25]))] += 1
    board = Board(tuple(mover), tuple(waiting)) if turn == "white" else Board(tuple(waiting), tuple(mover))
    cube, match, rules = draw(CONTEXTS)
    dice = (draw(st.integers(1, 6)), draw(st.integers(1, 6)))
    return Position(board, turn, dice, cube, match, rules)  # type: ignore[arg-type]


# White on 1 and 2 with 2-1: 2/off 1/off ends the game (a gammon), 2/1/off does not.
BOTH_KINDS = Position(
    Board.from_dict({"white": {"points": {"1": 1, "2": 1}}, "black": {"points": {"6": 5, "8": 5, "13": 5}}}),
    "white",
    (2, 1),
    match=Match(5, (1, 2)),
)


@settings(max_examples=150, deadline=None)
@given(races_home())
@example(BOTH_KINDS)
def test_every_listed_play_carries_where_its_board_leaves_the_game(position: Position):
    answer = position.plays_with_outcomes()
    assert answer.position is position and answer.plays == position.plays()
    for play, standing in zip(answer.plays, answer.standings(), strict=True):
        if position.ends_game(play.board):
            assert standing == position.standing(play.board) and standing.outcome.game_over
        else:
            assert standing is GOING_ON


@settings(max_examples=150, deadline=None)
@given(races_home())
def test_whether_a_board_ends_the_game_is_what_the_outcome_says(position: Position):
    for play in position.plays():
        assert position.ends_game(play.board) == outcome(play.board, position.rules).game_over


def test_a_ruling_on_a_play_that_ends_the_game_carries_the_outcome_and_the_match_after_it():
    board = Board.from_dict(
        {"white": {"points": {"1": 1, "2": 1}}, "black": {"points": {"6": 5, "8": 5, "13": 5}}}
    )
    position = Position(board, "white", (2, 1), match=Match(5, (1, 2)))
    verdict, standing = position.ruling("2/off 1/off")
    assert verdict.legal and verdict.play is not None
    assert standing == position.standing(verdict.play.board)
    assert (
        standing.outcome.result == "gammon" and standing.match is not None and standing.match.score == (3, 2)
    )
    assert position.ruling("2/off").standing is GOING_ON  # legal: the other checker stays
    assert position.ruling("2/1").standing is GOING_ON  # illegal: 1 can bear off


def test_a_ruling_on_a_last_checker_borne_off_past_a_blot_unmarked_is_illegal_and_ends_nothing():
    # 8/off with 5-3 passes black's blots on the 5 and the 3 whichever die goes first: written
    # without the hit it is refused, though its verdict carries the play that would end the game
    board = Board.from_dict({"white": {"points": {"8": 1}}, "black": {"points": {"22": 1, "20": 1, "6": 13}}})
    position = Position(board, "white", (5, 3), match=Match(5, (1, 2)))
    verdict, standing = position.ruling("8/off")
    assert (verdict.legal, verdict.detail) == (False, "HIT_ON_THE_WAY")
    assert verdict.play is not None and position.ends_game(verdict.play.board)
    assert standing is GOING_ON


def test_a_side_on_roll_once_the_game_is_won_is_the_positions_problem():
    won = Board.from_dict({"white": {"points": {}, "off": 15}, "black": {"points": {"6": 15}}})
    for turn in ("white", "black"):
        problems = Position(won, turn).problems()  # type: ignore[arg-type]
        assert [(p.field, p.code, p.params["color"]) for p in problems] == [
            ("board.white.off", "problem.game_over_on_roll", "white")
        ]
    assert Position(won).problems() == []  # nobody on roll: a finished game is a board like any other
    assert Position(Board.initial(), "white").problems() == []


def test_a_board_the_game_goes_on_from_stands_with_the_score_unchanged():
    position = Position(Board.initial(), "white", (3, 1), match=Match(5, (1, 2)))
    standing = position.standing()
    assert isinstance(standing, Standing) and not standing.outcome.game_over
    assert standing.match is not None and standing.match.score == (1, 2) and standing.match.points is None
    assert Position(Board.initial()).standing() == GOING_ON  # money: no match block
