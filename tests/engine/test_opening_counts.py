"""From the opening position, each roll has a known number of distinct legal plays
(data/README.md; GNU Backgammon agrees)."""

from __future__ import annotations

import pytest

from arbitru.engine import Board, legal_plays
from arbitru.engine.board import Color

OPENING_PLAYS = {
    (1, 1): 42, (2, 1): 15, (3, 1): 16, (4, 1): 14, (5, 1): 8, (6, 1): 10,
    (2, 2): 75, (3, 2): 17, (4, 2): 18, (5, 2): 8, (6, 2): 14,
    (3, 3): 73, (4, 3): 17, (5, 3): 9, (6, 3): 14,
    (4, 4): 52, (5, 4): 9, (6, 4): 14,
    (5, 5): 4, (6, 5): 7,
    (6, 6): 11,
}  # fmt: skip


@pytest.mark.parametrize("turn", ["white", "black"])
@pytest.mark.parametrize("dice", sorted(OPENING_PLAYS), ids=lambda d: f"{d[0]}{d[1]}")
def test_opening_position_has_the_known_number_of_distinct_plays(dice: tuple[int, int], turn: Color) -> None:
    plays = legal_plays(Board.initial(), turn, dice)
    assert len(plays) == OPENING_PLAYS[dice]
    assert len({p.board for p in plays}) == len(plays), "one play per distinct resulting board"


@pytest.mark.parametrize(
    "dice", [d for d in sorted(OPENING_PLAYS) if d[0] != d[1]], ids=lambda d: f"{d[0]}{d[1]}"
)
def test_the_order_of_the_dice_does_not_change_the_plays(dice: tuple[int, int]) -> None:
    forward = legal_plays(Board.initial(), "white", dice)
    backward = legal_plays(Board.initial(), "white", (dice[1], dice[0]))
    assert {p.board for p in forward} == {p.board for p in backward}


def test_opening_plays_use_both_dice_or_all_four_of_a_double() -> None:
    for dice in OPENING_PLAYS:
        expected = 4 if dice[0] == dice[1] else 2
        assert {len(p.moves) for p in legal_plays(Board.initial(), "white", dice)} == {expected}, dice
