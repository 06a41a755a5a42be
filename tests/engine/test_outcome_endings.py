"""`outcome.endings`, the one game-over decision made for a whole list of boards (every listed play
of a /v1/moves answer), says of each board what the full verdict (`outcome(...).game_over`) says, in
every variant: a side borne off (whatever the variant's checker count), and plakoto's mother rule
with any board; and the plays answer scores exactly the plays it names."""

from __future__ import annotations

from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from arbitru.engine.board import OFF, PINNED, Board
from arbitru.engine.outcome import endings, game_over, outcome
from arbitru.engine.position import Position
from arbitru.engine.rules import HYPERGAMMON_CHECKERS, PRESETS, STANDARD, Rules
from arbitru.engine.variants import variant_of
from tests.engine.variant_boards import variant_boards
from tests.support.variant_boards import plakoto_side

MOTHER = 24
EVERY_GAME: list[Rules] = [
    *PRESETS.values(),
    STANDARD.with_options(variant="nackgammon"),
    *(STANDARD.with_options(variant="hypergammon", hypergammon_checkers=n) for n in HYPERGAMMON_CHECKERS),
]
PLAKOTO, LONG_NARDY = PRESETS["plakoto"], PRESETS["long_nardy"]


@st.composite
def game_boards(draw: st.DrawFn, rules: Rules) -> Board:
    """A random board of `rules`' movement, then perhaps one side borne off whole (the variant's
    checker count) and, where checkers are pinned, perhaps a mother pinned on either side with or
    without the pinner's free checker on its own 24 (a win, a tie, or play going on)."""
    movement = variant_of(rules).movement_for(rules)
    white, black = (list(side) for side in draw(variant_boards(movement)))
    finished = draw(st.sampled_from([None, white, black]))
    if finished is not None:
        finished[:] = [0] * len(finished)
        finished[OFF] = rules.checkers
    if movement.pins:
        for side in (white, black):
            if draw(st.booleans()):
                side[PINNED + MOTHER] = 1
            if draw(st.booleans()):
                side[MOTHER] = 0
    return Board(tuple(white), tuple(black))


@st.composite
def boards_of_one_game(draw: st.DrawFn) -> tuple[Rules, list[Board]]:
    rules = draw(st.sampled_from(EVERY_GAME))
    return rules, draw(st.lists(game_boards(rules), max_size=6))


MOTHER_WIN = Board(plakoto_side({10: 14}, pinned=[MOTHER]), plakoto_side({1: 1, 5: 14}))
MOTHERS_TIE = Board(*[plakoto_side({1: 1, 6: 13}, pinned=[MOTHER])] * 2)
PINNER_STILL_ON_24 = Board(plakoto_side({10: 13, 1: 1}, pinned=[MOTHER]), plakoto_side({1: 1, 5: 13, 24: 1}))
WHITE_BORNE_OFF = Board(plakoto_side({}, off=15), plakoto_side({6: 15}))


@settings(max_examples=300, deadline=None)
@given(boards_of_one_game())
@example((PLAKOTO, [PINNER_STILL_ON_24, MOTHER_WIN, Board.initial(), MOTHERS_TIE]))
@example((STANDARD, [MOTHER_WIN, WHITE_BORNE_OFF]))  # the mother rule is plakoto's only
def test_the_listed_endings_are_the_boards_whose_verdict_is_game_over(game: tuple[Rules, list[Board]]):
    rules, boards = game
    expected = [index for index, board in enumerate(boards) if outcome(board, rules).game_over]
    assert endings(boards, rules) == expected
    assert [index for index, board in enumerate(boards) if game_over(board, rules)] == expected


@st.composite
def variant_positions(draw: st.DrawFn) -> Position:
    """A position of Long Nardy or Plakoto with dice, the side on roll a few checkers from home or
    anywhere (random boards: plays that pin a mother, bear off the last checker, or neither)."""
    rules = draw(st.sampled_from([LONG_NARDY, PLAKOTO]))
    board = draw(game_boards(rules))
    dice = (draw(st.integers(1, 6)), draw(st.integers(1, 6)))
    return Position(board, draw(st.sampled_from(["white", "black"])), dice, rules=rules)


@settings(max_examples=80, deadline=None)
@given(variant_positions())
def test_a_variants_plays_answer_scores_exactly_the_plays_whose_verdict_is_game_over(position: Position):
    answer = position.plays_with_outcomes()
    over = {index for index, play in enumerate(answer.plays) if position.outcome(play.board).game_over}
    assert set(answer.endings) == over
    for index in over:
        assert answer.endings[index] == position.standing(answer.plays[index].board)


@st.composite
def near_the_end(draw: st.DrawFn) -> Position:
    """A position of any game, the side on roll with one to four checkers left (the rest off) on
    its points up to 12, the opponent's on its own 1..12 (never a point of the mover's there, in
    either geometry) or off: some rolls bear the last checkers off, some cannot reach them
    (`Position._may_end` answers both ways)."""
    rules = draw(st.sampled_from(EVERY_GAME))
    slots = variant_of(rules).movement_for(rules).slots
    mover, opponent = [0] * slots, [0] * slots
    for _ in range(min(draw(st.integers(1, 4)), rules.checkers)):
        mover[draw(st.integers(1, 12))] += 1
    for _ in range(rules.checkers):
        opponent[draw(st.sampled_from([OFF, *range(1, 13)]))] += 1
    mover[OFF] = rules.checkers - sum(mover)
    turn = draw(st.sampled_from(["white", "black"]))
    sides = (tuple(mover), tuple(opponent)) if turn == "white" else (tuple(opponent), tuple(mover))
    dice = (draw(st.integers(1, 6)), draw(st.integers(1, 6)))
    position = Position(Board(*sides), turn, (max(dice), min(dice)), rules=rules)
    assume(not position.problems())
    return position


@settings(max_examples=300, deadline=None)
@given(near_the_end())
def test_near_the_end_the_plays_answer_scores_exactly_the_plays_whose_verdict_is_game_over(
    position: Position,
):
    """The plays answer asks `endings` only when a play of the roll can end the game
    (`Position._may_end`): the plays it scores are still exactly those whose verdict is game over."""
    answer = position.plays_with_outcomes()
    over = {index for index, play in enumerate(answer.plays) if position.outcome(play.board).game_over}
    assert set(answer.endings) == over
    for index in over:
        assert answer.endings[index] == position.standing(answer.plays[index].board)


def test_in_a_game_the_opponent_already_won_every_play_is_scored_as_its_win():
    """A position the HTTP layer refuses (the side on roll in a game already won) but the library
    may be asked: every play leaves the game over, the opponent the winner, far from home or not."""
    for turn, opponent in (("white", "black"), ("black", "white")):
        sides = {turn: Board.initial().white, opponent: (15, *[0] * 25)}
        position = Position(Board(sides["white"], sides["black"]), turn, (6, 5))
        answer = position.plays_with_outcomes()
        assert set(answer.endings) == set(range(len(answer.plays)))
        assert {standing.outcome.winner for standing in answer.endings.values()} == {opponent}
