"""Portes and Tavla play backgammon's movement (issue 29): from the start, every checker path of their
legal plays is one GammonX lists for backgammon, Tavla and Portes, and no other.

Expected values: GammonX (gammonx/gammonx-server, Apache-2.0), src/GammonX/GammonX.Engine.Tests/Data/
LegalMovesTestData.cs, `BackgammonStartBoardLegalMovesForWhiteTestData` and
`BackgammonStartBoardDoubleRollsForWhiteTestData`: for each roll, the (from, to) pairs of one checker
moved by one die or by several in a row, in GammonX's indices (white's index i is its point 24 - i),
written here in the own numbering.
"""

from __future__ import annotations

import pytest

from arbitru.engine.play import Play
from arbitru.engine.position import Position
from arbitru.engine.rules import PRESETS

# roll -> {from: destinations} (own numbering), from GammonX's white start-board data
GAMMONX_START: dict[tuple[int, int], dict[int, set[int]]] = {
    (1, 2): {24: {23, 22, 21}, 13: {11, 10}, 8: {7, 6, 5}, 6: {5, 4, 3}},
    (1, 3): {24: {23, 21, 20}, 13: {10, 9}, 8: {7, 5, 4}, 6: {5, 3, 2}},
    (1, 4): {24: {23, 20}, 13: {9, 8}, 8: {7, 4, 3}, 6: {5, 2}},
    (1, 5): {24: {23, 18}, 13: {8, 7}, 8: {7, 3, 2}, 6: {5}},
    (1, 6): {24: {23, 18}, 13: {7, 6}, 8: {7, 2}, 6: {5}},
    (2, 3): {24: {22, 21}, 13: {11, 10, 8}, 8: {6, 5, 3}, 6: {4, 3}},
    (2, 4): {24: {22, 20, 18}, 13: {11, 9, 7}, 8: {6, 4, 2}, 6: {4, 2}},
    (2, 5): {24: {22}, 13: {11, 8, 6}, 8: {6, 3}, 6: {4}},
    (2, 6): {24: {22, 18, 16}, 13: {11, 7, 5}, 8: {6, 2}, 6: {4}},
    (3, 4): {24: {21, 20}, 13: {10, 9, 6}, 8: {5, 4}, 6: {3, 2}},
    (3, 5): {24: {21, 16}, 13: {10, 8, 5}, 8: {5, 3}, 6: {3}},
    (3, 6): {24: {21, 18, 15}, 13: {10, 7, 4}, 8: {5, 2}, 6: {3}},
    (4, 5): {24: {20, 15}, 13: {9, 8, 4}, 8: {4, 3}, 6: {2}},
    (4, 6): {24: {20, 18, 14}, 13: {9, 7, 3}, 8: {4, 2}, 6: {2}},
    (5, 6): {24: {18, 13}, 13: {8, 7, 2}, 8: {3, 2}},
    (1, 1): {24: {23, 22, 21, 20}, 8: {7, 6, 5, 4}, 6: {5, 4, 3, 2}},
    (2, 2): {24: {22, 20, 18, 16}, 13: {11, 9, 7, 5}, 8: {6, 4, 2}, 6: {4, 2}},
    (3, 3): {24: {21, 18, 15}, 13: {10, 7, 4}, 8: {5, 2}, 6: {3}},
    (4, 4): {24: {20, 16}, 13: {9, 5}, 8: {4}, 6: {2}},
    (5, 5): {13: {8, 3}, 8: {3}},
    (6, 6): {24: {18}, 13: {7}, 8: {2}},
}


def checker_paths(start: tuple[int, ...], plays: list[Play]) -> dict[int, set[int]]:
    """Where a checker may go, stop by stop, in these plays: a move from x to y continues every path
    that reached x earlier in its play, and starts one at x when x held a checker at the start
    (checkers are alike: each path so found is one checker's)."""
    found: dict[int, set[int]] = {}
    for play in plays:
        reached: dict[int, set[int]] = {}  # a stop -> the starts of the paths that reached it
        for move in play.moves:
            starts = set(reached.get(move.from_point, ()))
            if start[move.from_point]:
                starts.add(move.from_point)
            for origin in starts:
                found.setdefault(origin, set()).add(move.to_point)
            reached.setdefault(move.to_point, set()).update(starts)
    return found


@pytest.mark.parametrize("preset", ["portes", "tavla"])
@pytest.mark.parametrize("dice", list(GAMMONX_START))
def test_portes_and_tavla_start_plays_move_each_checker_where_gammonx_says(preset, dice):
    rules = PRESETS[preset]
    position = Position.initial(rules, "white", dice)
    assert checker_paths(position.board.white, position.plays()) == GAMMONX_START[dice]
