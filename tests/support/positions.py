"""Where the test data lives, and deterministic random positions for differential tests."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from arbitru.engine.board import COLORS, Board, Color, other

from .reference import reference_results

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "data"  # the repository's test and bench data, with its provenance (data/README.md)
MATCHES = DATA / "matches"
ROLLS: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(1, 7) for b in range(a, 7))
DOUBLES = tuple(r for r in ROLLS if r[0] == r[1])
MIXED = tuple(r for r in ROLLS if r[0] != r[1])


def wildbg_ids(name: str) -> list[str]:
    """The 1,000 position ids of wildbg's `contact` or `race` set (data/wildbg/)."""
    path = DATA / "wildbg" / f"{name}.csv"
    return [line.strip() for line in path.read_text().splitlines() if line.strip()]


def load_jsonl(name: str) -> list[dict[str, Any]]:
    """Records of a data/ .jsonl file (bench_positions.jsonl, worst_positions.jsonl)."""
    path = DATA / name
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def playout_positions(seed: int, count: int) -> list[tuple[Board, Color, tuple[int, int]]]:
    """`count` (board, turn, dice) met in random games from the opening, played with the reference
    generator and a seeded RNG, so every run sees the same positions."""
    rng = random.Random(seed)
    found: list[tuple[Board, Color, tuple[int, int]]] = []
    while len(found) < count:
        board, turn = Board.initial(), rng.choice(COLORS)
        while len(found) < count:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            found.append((board, turn, dice))
            mover, opp = board.side(turn), board.side(other(turn))
            results = sorted(reference_results(mover, opp, dice))
            new_mover, new_opp = rng.choice(results)
            board = Board(new_mover, new_opp) if turn == "white" else Board(new_opp, new_mover)
            if new_mover[0] == 15:
                break
            turn = other(turn)
    return found


def scattered_positions(seed: int, count: int) -> Iterator[tuple[Board, Color, tuple[int, int]]]:
    """`count` valid random boards (checkers scattered anywhere, on the bar, borne off, or all home)
    with a random side and roll, from a seeded RNG."""
    rng = random.Random(seed)
    made = 0
    while made < count:
        style = rng.choice(("anywhere", "anywhere", "home", "bar"))
        white = _random_side(rng, style, taken=set())
        taken = {25 - p for p in range(1, 25) if white[p]}
        black = _random_side(rng, rng.choice(("anywhere", "home", "bar")), taken)
        board = Board(white, black)
        if board.problems() or white[0] == 15 or black[0] == 15:
            continue
        made += 1
        yield board, rng.choice(COLORS), rng.choice(ROLLS)


def _random_side(rng: random.Random, style: str, taken: set[int]) -> tuple[int, ...]:
    side = [0] * 26
    points = [p for p in range(1, 25) if p not in taken]
    if style == "home":
        points = [p for p in points if p <= 6] or points
    off = rng.randint(0, 10) if style == "home" else rng.choice((0, 0, 0, rng.randint(0, 8)))
    side[0] = off
    left = 15 - off
    if style == "bar":
        side[25] = rng.randint(1, min(4, left))
        left -= side[25]
    chosen = rng.sample(points, k=min(len(points), rng.randint(1, 8)))
    for _ in range(left):
        side[rng.choice(chosen)] += 1
    return tuple(side)
