"""Starting positions of the Table family (issue 29): Long Nardy and Plakoto start with all 15 on the
side's own 24; Portes and Tavla start from backgammon's position."""

from __future__ import annotations

import pytest

from arbitru.engine.board import BAR, OFF, PINNED_SLOTS
from arbitru.engine.rules import PRESETS, Rules
from arbitru.engine.variants import VARIANTS, start_board

PINNED = BAR  # a side's slot PINNED + p: its checker pinned on its own point p (arbitru.engine.board)


@pytest.mark.parametrize("variant", ["long_nardy", "plakoto"])
def test_long_nardy_and_plakoto_start_with_fifteen_on_the_own_24(variant):
    assert VARIANTS[variant].start_points(Rules(variant=variant)) == {24: 15}
    board = start_board(Rules(variant=variant))
    assert board.white == board.black
    assert board.white[24] == 15 and sum(board.white) == 15
    assert board.white[OFF] == board.white[BAR] == 0


def test_plakoto_sides_carry_a_pin_slot_per_point_all_empty_at_the_start():
    board = start_board(PRESETS["plakoto"])
    assert len(board.white) == len(board.black) == PINNED_SLOTS
    assert not any(board.white[PINNED + 1 : PINNED + 25])


def test_long_nardy_sides_have_no_pin_slots():
    assert len(start_board(PRESETS["long_nardy"]).white) == 26


@pytest.mark.parametrize("preset", ["portes", "tavla"])
def test_portes_and_tavla_start_from_backgammons_position(preset):
    assert start_board(PRESETS[preset]) == start_board(PRESETS["standard"])
