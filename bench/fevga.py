#!/usr/bin/env python
"""Fevga's worst positions found by a search, against backgammon's worst (issue 43's bar: within 2x).

    python bench/fevga.py [--climb 300] [--trapped 40] [--passes 7] [--seed 43]

Fevga's plays are listed by `arbitru.engine.fast_fevga.fevga_plays` (its doubles by the walk of
`doubles_plays`, held equal to the plain generator by tests/engine/test_variant_equivalence.py), beside
`plain_plays` with `FEVGA` (the statement of the rules). For each double, a seeded hill-climb from
random Fevga boards (15 a side, no point held by both, each side keeping the starting rule and its
starting quarter, all home once bearing off) moves one checker at a time, either side, and keeps a
board whose roll takes the plain search more steps (counted, not timed); `--trapped` random boards
where the unblocking rule reads (every black checker on one point behind six of white's) are tried
too. The heaviest of each double is then timed through `fevga_plays` and through `plain_plays`,
each alternately with backgammon's worst position (data/worst_positions.jsonl) through
`legal_plays`, fastest of `--passes` each (CPU, the collector paused); `x bg` is Fevga's time over
backgammon's. The boards found are printed as JSON lines (the API's board form) after the table.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "service"))
sys.path.insert(0, str(REPO / "bench"))

from family import DATA, backgammon_worst, interleaved  # noqa: E402

from arbitru.engine.board import OFF, Board  # noqa: E402
from arbitru.engine.fast_fevga import fevga_plays  # noqa: E402
from arbitru.engine.fevga import FEVGA, _can_open, starting_quarter_rule, starting_rule  # noqa: E402
from arbitru.engine.geometry import SAME  # noqa: E402
from arbitru.engine.movement import Step  # noqa: E402
from arbitru.engine.moves import legal_plays  # noqa: E402
from arbitru.engine.plain import plain_plays  # noqa: E402


def steps_of(board: Board, die: int) -> int:
    """The plain search's steps for white rolling `die`-`die` (counted: the same every run)."""
    _can_open.cache_clear()
    counted = [0]
    plain_plays(board, "white", (die, die), FEVGA, counted)
    return counted[0]


def fevga_board(white: Sequence[int], black: Sequence[int]) -> Board | None:
    """The board, if a Fevga game can show it (valid, each side keeping its starting rule and
    starting quarter, all of a side's checkers home once it bears off, neither side done), else None."""
    board = Board(tuple(white), tuple(black))
    if FEVGA.problems(board) or white[OFF] == 15 or black[OFF] == 15:
        return None
    if any(side[OFF] and any(side[7:25]) for side in (white, black)):
        return None
    for turn in ("white", "black"):
        step = Step(board, turn, (1, 1), (), board)  # type: ignore[arg-type]
        if not (starting_rule(step) and starting_quarter_rule(step)):
            return None
    return board


def random_board(rng: random.Random) -> Board:
    """A random Fevga board: white's checkers anywhere, black's on points white leaves free."""
    while True:
        white, black = [0] * 26, [0] * 26
        for _ in range(15):
            white[rng.randint(1, 24)] += 1
        free = [q for q in range(1, 25) if not white[SAME.opposite(q)]]
        for _ in range(15):
            black[rng.choice(free)] += 1
        board = fevga_board(white, black)
        if board is not None:
            return board


def trapped_board(rng: random.Random) -> Board:
    """Every black checker on the board on one point s (black's 7..24), white holding the six points
    in front of it, white's other nine checkers anywhere else."""
    while True:
        s = rng.randint(7, 24)
        black = [0] * 26
        black[s] = rng.randint(1, 15)
        black[OFF] = 15 - black[s]
        wall = [SAME.opposite(s - k) for k in range(1, 7)]
        white = [0] * 26
        for point in wall:
            white[point] = 1
        others = [p for p in range(0, 25) if p not in wall and (p == OFF or not black[SAME.opposite(p)])]
        for _ in range(9):
            white[rng.choice(others + wall)] += 1
        board = fevga_board(white, black)
        if board is not None:
            return board


def neighbours(rng: random.Random, board: Board) -> Iterator[Board]:
    """Fevga boards one checker away (a checker of either side moved to another point, or off)."""
    while True:
        sides = [list(board.white), list(board.black)]
        side = sides[rng.randint(0, 1)]
        source = rng.choice([p for p in range(0, 25) if side[p]])
        side[source] -= 1
        side[rng.choice([OFF, *range(1, 25)])] += 1
        candidate = fevga_board(*sides)
        if candidate is not None:
            yield candidate


def climb(die: int, steps: int, rng: random.Random) -> tuple[Board, int]:
    """The board of the most steps found for white rolling `die`-`die`, climbing `steps` steps."""
    best = random_board(rng)
    best_steps = steps_of(best, die)
    moves = neighbours(rng, best)
    for _ in range(steps):
        candidate = next(moves)
        work = steps_of(candidate, die)
        if work >= best_steps:
            if work > best_steps or rng.random() < 0.5:
                moves = neighbours(rng, candidate)
            best, best_steps = candidate, work
    return best, best_steps


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--climb", type=int, default=300, help="hill-climb steps per double")
    parser.add_argument("--trapped", type=int, default=40, help="random trapped boards per double")
    parser.add_argument("--passes", type=int, default=5)
    parser.add_argument("--seed", type=int, default=43)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    bg = backgammon_worst(Path(DATA))
    bg_board, bg_dice = Board.from_dict(bg["board"]), (bg["dice"][0], bg["dice"][1])

    def engine_bg() -> object:
        return legal_plays(bg_board, bg["turn"], bg_dice)

    found = []
    print(f"backgammon worst: {bg['plays']} plays ({bg_dice[0]}-{bg_dice[1]}, legal_plays)")
    head = f"{'dice':6}{'kind':9}{'steps':>7}{'plays':>7}{'fast ms':>9}{'bg ms':>7}{'x bg':>6}"
    print(head + f"{'plain ms':>10}{'x bg':>7}")
    worst, worst_plain = 0.0, 0.0
    for die in range(1, 7):
        best, best_steps = climb(die, args.climb, rng)
        kind = "climbed"
        for _ in range(args.trapped):
            candidate = trapped_board(rng)
            work = steps_of(candidate, die)
            if work > best_steps:
                best, best_steps, kind = candidate, work, "trapped"

        def fast(board: Board = best, die: int = die) -> object:
            return fevga_plays(board, "white", (die, die))

        def plain(board: Board = best, die: int = die) -> object:
            _can_open.cache_clear()  # the unblocking rule's memo: each pass lists afresh
            return plain_plays(board, "white", (die, die), FEVGA)

        plays = len(fevga_plays(best, "white", (die, die)))
        base, took = interleaved(args.passes, engine_bg, fast)
        base_plain, took_plain = interleaved(max(1, args.passes // 2), engine_bg, plain)
        worst, worst_plain = max(worst, took / base), max(worst_plain, took_plain / base_plain)
        line = f"{die}-{die:<4}{kind:9}{best_steps:>7}{plays:>7}{took * 1e3:>9.2f}{base * 1e3:>7.2f}"
        print(
            line + f"{took / base:>6.2f}{took_plain * 1e3:>10.2f}{took_plain / base_plain:>7.2f}", flush=True
        )
        found.append({"board": best.to_dict(bar=False), "turn": "white", "dice": [die, die], "plays": plays})
    print(f"Fevga worst / backgammon worst: {worst:.2f}x (plain_plays: {worst_plain:.2f}x)")
    for row in found:
        print(json.dumps(row))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
