"""Starting positions of backgammon, nackgammon and hypergammon (gnubg's definitions)."""

from __future__ import annotations

import pytest

from arbitru.engine.board import Board, Color
from arbitru.engine.rules import Rules, build_rules
from arbitru.engine.variants import VARIANTS, start_board, variant_of


def start_points(variant: str, checkers: int = 3) -> dict[int, int]:
    """One side's start in `variant`, as its variant states it (`checkers`: hypergammon's option)."""
    return VARIANTS[variant].start_points(Rules(variant=variant, hypergammon_checkers=checkers))


def points(board: Board, color: Color) -> dict[int, int]:
    side = board.side(color)
    return {p: side[p] for p in range(1, 25) if side[p]}


def test_backgammon_starts_2_on_24_5_on_13_3_on_8_5_on_6():
    board = start_board(Rules())
    assert board == Board.initial()
    assert points(board, "white") == points(board, "black") == {24: 2, 13: 5, 8: 3, 6: 5}


def test_nackgammon_starts_2_on_24_2_on_23_4_on_13_3_on_8_4_on_6():
    board = start_board(Rules(variant="nackgammon"))
    assert points(board, "white") == points(board, "black") == {24: 2, 23: 2, 13: 4, 8: 3, 6: 4}
    assert board.problems(checkers=15) == []


@pytest.mark.parametrize(("n", "expected"), [(1, {24: 1}), (2, {24: 1, 23: 1}), (3, {24: 1, 23: 1, 22: 1})])
def test_hypergammon_starts_one_checker_each_on_24_23_22(n, expected):
    rules, problems = build_rules({"variant": "hypergammon", "hypergammon_checkers": n})
    assert problems == []
    board = start_board(rules)
    assert points(board, "white") == points(board, "black") == expected
    assert board.problems(checkers=rules.checkers) == []
    assert board.problems(checkers=15) != []  # a hypergammon board is no backgammon board


def test_every_starting_board_is_symmetric_and_has_no_checker_off_or_on_the_bar():
    for variant, n in [
        ("backgammon", 3),
        ("nackgammon", 3),
        ("hypergammon", 1),
        ("hypergammon", 2),
        ("hypergammon", 3),
    ]:
        board = Board.initial(start_points(variant, n))
        assert board.white == board.black
        assert board.white[0] == 0 and board.white[25] == 0


def test_unknown_variant_or_checker_count_raises():
    assert "gul_bara" not in VARIANTS
    with pytest.raises(KeyError, match="gul_bara"):
        variant_of(Rules(variant="gul_bara"))
    with pytest.raises(ValueError):
        start_points("hypergammon", 4)


# gnubg.c InitBoard: the starting position IDs of each variation.
GNUBG_IDS = {
    ("backgammon", 3): "4HPwATDgc/ABMA",
    ("nackgammon", 3): "4Dl4ADbgOXgANg",
    ("hypergammon", 1): "AACAAAAAAgAAAA",
    ("hypergammon", 2): "AABAAQAACgAAAA",
    ("hypergammon", 3): "AACgAgAAKgAAAA",
}


@pytest.mark.parametrize(("variant", "n"), list(GNUBG_IDS))
def test_starting_boards_match_gnubg_position_ids(variant, n):
    gnubg = pytest.importorskip("gnubg")
    decoded = gnubg.position_from_id(GNUBG_IDS[(variant, n)])
    expected = [{i + 1: c for i, c in enumerate(side) if c} for side in decoded]
    assert expected[0] == expected[1] == dict(start_points(variant, n))
