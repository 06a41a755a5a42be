"""Starting positions of the variants, as GNU Backgammon defines them (gnubg.c, InitBoard).

- backgammon: 2 on the 24-point, 5 on 13, 3 on 8, 5 on 6 (15 checkers);
- nackgammon: 2 on 24, 2 on 23, 4 on 13, 3 on 8, 4 on 6 (15 checkers);
- hypergammon with n = 1, 2 or 3 checkers: one checker on each of the points 24, 23, 22, first n;
- long_nardy and plakoto: all 15 on the side's own 24 (Long Nardy's head; Plakoto's mother point);
  the presets portes and tavla play the backgammon variant and start from its position.
Both sides start on the same points in their own numbering (in long_nardy, where both move the same
way, white's 24 is black's 12: the two heads face each other across the board).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from arbitru.engine.board import STANDARD_START, Board
from arbitru.engine.movement import movement_of
from arbitru.engine.rules import HYPERGAMMON_CHECKERS, VARIANTS, Rules

NACKGAMMON_START: dict[int, int] = {24: 2, 23: 2, 13: 4, 8: 3, 6: 4}
ALL_ON_24: dict[int, int] = {24: 15}


def start_points(variant: str = "backgammon", hypergammon_checkers: int = 3) -> Mapping[int, int]:
    """Point -> checker count of one side's starting position in `variant`."""
    if variant == "backgammon":
        return dict(STANDARD_START)
    if variant == "nackgammon":
        return dict(NACKGAMMON_START)
    if variant == "hypergammon":
        if hypergammon_checkers not in HYPERGAMMON_CHECKERS:
            raise ValueError(f"hypergammon is played with 1, 2 or 3 checkers, not {hypergammon_checkers}")
        return {24 - i: 1 for i in range(hypergammon_checkers)}
    if variant in ("long_nardy", "plakoto"):
        return dict(ALL_ON_24)
    raise ValueError(f"unknown variant {variant!r}; known: {', '.join(VARIANTS)}")


def start_board(rules: Rules | None = None) -> Board:
    """The starting board of the variant in `rules` (standard backgammon by default)."""
    rules = rules or Rules()
    points = start_points(rules.variant, rules.hypergammon_checkers)
    return Board.initial(points, pins=movement_of(rules).pins)  # where checkers are pinned: none yet


def read_board(data: Mapping[str, Any], rules: Rules) -> Board:
    """A board of the game in `rules` from its JSON form (`Board.from_dict`: its checkers, and its
    pinned checkers where the game pins): every layer reads a game's board through its rules."""
    return Board.from_dict(data, rules.checkers, movement_of(rules).pins)


def board_json(board: Board, rules: Rules) -> dict[str, Any]:
    """A board of the game in `rules` in its JSON form (`Board.to_dict`: a bar where the game hits)."""
    return board.to_dict(bar=movement_of(rules).hits)
