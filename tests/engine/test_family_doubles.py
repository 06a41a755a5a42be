"""The doubles of plakoto and long nardy (both block modes) are listed by their own search
(`arbitru.engine.fast_family`): exactly the plays `plain_plays` states, in its order, with its moves
and boards, on random boards, on boards built around a block, and on the family's worst positions
(data/family_worst_positions.jsonl, found by bench/family.py's hill-climb)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from arbitru.engine import fast_family
from arbitru.engine.board import Board, Color
from arbitru.engine.movement import LONG_NARDY, LONG_NARDY_EACH_MOVE, PLAKOTO, Movement
from arbitru.engine.moves import legal_plays
from arbitru.engine.plain import plain_plays
from arbitru.engine.rules import Rules
from tests.engine.variant_boards import variant_boards

DATA = Path(__file__).resolve().parents[2] / "data" / "family_worst_positions.jsonl"
FAMILY = {"plakoto": PLAKOTO, "long_nardy": LONG_NARDY, "long_nardy_each_move": LONG_NARDY_EACH_MOVE}
RULES = {
    "plakoto": Rules(preset="plakoto"),
    "long_nardy": Rules(preset="long_nardy"),
    "long_nardy_each_move": Rules(preset="long_nardy", nardy_block="after_each_move"),
}
WORST = [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines() if line.strip()]


def assert_lists_the_plain_plays(board: Board, turn: Color, die: int, movement: Movement) -> None:
    fast, _ = fast_family.doubles_plays(board, turn, die, movement)
    plain = plain_plays(board, turn, (die, die), movement)
    assert [tuple(play) for play in fast] == [tuple(play) for play in plain]


@pytest.mark.parametrize("name", list(FAMILY))
def test_a_double_lists_the_plain_plays_in_their_order(name: str) -> None:
    movement = FAMILY[name]

    @settings(max_examples=150, deadline=None)
    @given(variant_boards(movement), st.sampled_from(["white", "black"]), st.integers(1, 6))
    def check(board: Board, turn: Color, die: int) -> None:
        assert_lists_the_plain_plays(board, turn, die, movement)

    check()


@st.composite
def boards_around_a_block(draw: st.DrawFn) -> Board:
    """A long nardy board where white holds four to seven points in a row (a block is a move or
    two away), the rest of its checkers anywhere, black's on points white leaves free."""
    white, black = [0] * 26, [0] * 26
    start = draw(st.integers(1, 24))
    for k in range(draw(st.integers(4, 7))):
        white[(start + k - 1) % 24 + 1] += 1
    while sum(white) < 15:
        white[draw(st.integers(1, 24))] += 1
    free = [q for q in range(1, 25) if not white[LONG_NARDY.geometry.opposite(q)]]
    for _ in range(15):
        black[draw(st.sampled_from([0, *free]))] += 1
    board = Board(tuple(white), tuple(black))
    assume(not LONG_NARDY.problems(board) and black[0] < 15)
    return board


@pytest.mark.parametrize(
    "movement", [LONG_NARDY, LONG_NARDY_EACH_MOVE], ids=["after_play", "after_each_move"]
)
def test_a_block_in_the_making_keeps_the_plain_plays(movement: Movement) -> None:
    @settings(max_examples=200, deadline=None)
    @given(boards_around_a_block(), st.integers(1, 6))
    def check(board: Board, die: int) -> None:
        assert_lists_the_plain_plays(board, "white", die, movement)

    check()


def test_a_block_met_on_the_way_walks_every_order() -> None:
    # White's 8..12 and 14 held: 1-1 can make 8..13 a block on the way (14/13), and a later move
    # (8/7, or 13/12 again) may break it; checked after each move, only some orders are legal.
    board = Board.from_dict(
        {
            "white": {"points": {"14": 2, "12": 2, "11": 2, "10": 2, "9": 2, "8": 2, "3": 3}},
            "black": {"points": {"23": 5, "22": 5, "21": 5}},
        }
    )
    search = fast_family._Search(board, "white", 1, LONG_NARDY_EACH_MOVE)
    with pytest.raises(fast_family.BlockMetOnTheWay):
        search.visit()
    assert_lists_the_plain_plays(board, "white", 1, LONG_NARDY_EACH_MOVE)


@pytest.mark.parametrize("row", WORST, ids=[f"{r['movement']}-{r['dice'][0]}{r['dice'][1]}" for r in WORST])
def test_the_worst_positions_list_the_plain_plays(row: dict) -> None:
    movement = FAMILY[row["movement"]]
    board = Board.from_dict(row["board"], pins=movement.pins)
    plays = legal_plays(board, row["turn"], tuple(row["dice"]), RULES[row["movement"]])
    plain = plain_plays(board, row["turn"], tuple(row["dice"]), movement)
    assert [tuple(play) for play in plays] == [tuple(play) for play in plain]
    assert len(plays) == row["plays"]


def test_the_family_never_takes_backgammons_fast_paths() -> None:
    # `fast` also means "an illegal play may be condoned" (the referee, /v1/play): the family's
    # doubles search is dispatched by the movements it serves, never by that flag.
    assert fast_family.SERVED == {PLAKOTO, LONG_NARDY, LONG_NARDY_EACH_MOVE}
    assert not any(movement.fast for movement in fast_family.SERVED)
