"""The engine lists exactly the plays GNU Backgammon lists, and exactly those of an independent naive
generator (tests/support/reference.py), on a few thousand positions: the benchmark set, the heaviest
known positions, wildbg's positions, random games and random scattered boards (seeded, so every run
checks the same positions). Every play's moves must also replay, hit flags included, to its board."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from arbitru.engine import Board, legal_plays
from arbitru.engine.board import COLORS, Color, other
from arbitru.formats.gnubg_id import decode_position_id
from tests.support.compare import check_position, position_text, state_of
from tests.support.gnubg_oracle import GNUBG_AVAILABLE
from tests.support.positions import (
    ROLLS,
    load_jsonl,
    playout_positions,
    scattered_positions,
    wildbg_ids,
)

Position = tuple[Board, Color, tuple[int, int]]

needs_gnubg = pytest.mark.skipif(
    not GNUBG_AVAILABLE, reason="gnubg (GNU Backgammon's Python bindings, a dev dependency) is not installed"
)


def _records(name: str, every: int = 1) -> list[Position]:
    rows = load_jsonl(name)[::every]
    return [(Board.from_dict(r["board"]), r["turn"], tuple(r["dice"])) for r in rows]  # type: ignore[misc]


def _assert_agree(positions: Iterable[Position], use_gnubg: bool) -> int:
    problems: list[str] = []
    checked = 0
    for board, turn, dice in positions:
        problems.extend(check_position(board, turn, dice, use_gnubg))
        checked += 1
    assert not problems, f"{len(problems)} disagreement(s) in {checked} positions:\n" + "\n".join(
        problems[:15]
    )
    return checked


@needs_gnubg
@pytest.mark.slow
def test_bench_positions_have_exactly_gnubgs_plays() -> None:
    assert _assert_agree(_records("bench_positions.jsonl", every=2), use_gnubg=True) == 1000


def test_heaviest_positions_list_the_published_number_of_plays() -> None:
    for row in load_jsonl("worst_positions.jsonl"):
        board = Board.from_dict(row["board"])
        plays = legal_plays(board, row["turn"], tuple(row["dice"]))
        assert len(plays) == row["plays"], position_text(board, row["turn"], row["dice"])


@needs_gnubg
@pytest.mark.slow
def test_heaviest_positions_have_exactly_gnubgs_plays() -> None:
    assert _assert_agree(_records("worst_positions.jsonl"), use_gnubg=True) == 10


@needs_gnubg
@pytest.mark.slow
def test_wildbg_positions_have_exactly_gnubgs_plays_for_every_roll() -> None:
    positions = [
        (decode_position_id(pid, turn), turn, dice)
        for name in ("contact", "race")
        for i, pid in enumerate(wildbg_ids(name)[::50])
        for turn in [COLORS[i % 2]]
        for dice in ROLLS
    ]
    assert _assert_agree(positions, use_gnubg=True) == 840


@needs_gnubg
@pytest.mark.slow
def test_random_game_positions_have_exactly_gnubgs_plays() -> None:
    assert _assert_agree(playout_positions(seed=20_240_607, count=1000), use_gnubg=True) == 1000


@needs_gnubg
@pytest.mark.slow
def test_random_scattered_boards_have_exactly_gnubgs_plays() -> None:
    assert _assert_agree(scattered_positions(seed=7, count=1000), use_gnubg=True) == 1000


def test_random_positions_match_the_naive_reference_generator() -> None:
    """Runs without gnubg: the reference generator itself agrees with gnubg on all 42,000 wildbg
    position-rolls (checked when it was written) and in the gnubg tests above."""
    positions = [*playout_positions(seed=11, count=150), *scattered_positions(seed=12, count=150)]
    assert _assert_agree(positions, use_gnubg=False) == 300


@pytest.mark.parametrize("seed", [3, 4])
def test_white_and_black_have_mirrored_plays(seed: int) -> None:
    """The same position with the colours swapped has the same plays, mirrored."""
    problems = []
    for board, turn, dice in [
        *playout_positions(seed=seed, count=100),
        *scattered_positions(seed=seed, count=100),
    ]:
        swapped = Board(board.black, board.white)
        mine = {state_of(p.board, turn) for p in legal_plays(board, turn, dice)}
        theirs = {state_of(p.board, other(turn)) for p in legal_plays(swapped, other(turn), dice)}
        if mine != theirs:
            problems.append(position_text(board, turn, dice))
    assert not problems, problems[:5]


def test_no_legal_move_gives_exactly_one_empty_play_with_the_board_unchanged() -> None:
    closed_home = {str(p): 2 for p in range(1, 7)} | {"8": 3}
    board = Board.from_dict(
        {
            "white": {"points": {"6": 14}, "bar": 1, "off": 0},
            "black": {"points": closed_home, "bar": 0, "off": 0},
        }
    )
    plays = legal_plays(board, "white", (6, 5))
    assert [(p.moves, p.board) for p in plays] == [((), board)]
