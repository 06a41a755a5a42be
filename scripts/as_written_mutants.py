"""Compare judge.playable_as_written with mutants of its die step (and of its dice count) on random
positions: every hop set of up to three hops (four to six single-die hops for doubles) whose literal
position is a legal play's. Prints the mutants that answered differently, with the first example.

The evidence for the equivalent mutants of `_step` and `playable_as_written` listed in pyproject.toml;
usage: `python scripts/as_written_mutants.py SEED TRIALS` (150 trials take about a minute)."""

from __future__ import annotations

import inspect
import itertools
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "service"))

import arbitru.engine.judge as judge  # noqa: E402
from arbitru.engine import legal_plays  # noqa: E402
from arbitru.engine.board import BAR, OFF, Board  # noqa: E402


def mutant_step(variant: int) -> Any:
    """`_step` with mutmut's mutant `variant` applied (the numbers of `x__step__mutmut_N`)."""

    def step(mover: list[int], opponent: list[int], point: int, die: int, goal: int) -> Any:
        if mover[BAR] and point != BAR:
            return None
        landing = point - die
        if landing <= 0:
            outside = any(mover[8:]) if variant == 10 else any(mover[7:])
            if (goal != OFF and outside) if variant == 7 else (goal != OFF or outside):
                return None
            if landing < 0 and any(mover[point + (2 if variant == 16 else 1) :]):
                return None
            return OFF, variant == 17
        held = opponent[25 - landing] > 2 if variant == 22 else opponent[25 - landing] >= 2
        if (landing < goal and held) if variant == 18 else (landing < goal or held):
            return None
        return landing, opponent[25 - landing] == 1

    return step


def six_dice_search() -> Any:
    """`playable_as_written` searching with six dice of a double (mutant 6)."""
    source = inspect.getsource(judge.playable_as_written)
    source = source.replace("list(dice) * 2 if", "list(dice) * 3 if")
    source = source.replace("def playable_as_written(", "def six(")
    namespace = dict(vars(judge))
    exec(source, namespace)  # noqa: S102 - the function's own source, one token changed
    return namespace["six"]


def random_board(rng: random.Random) -> Board:
    white: dict[int, int] = {}
    for _ in range(rng.randint(1, 4)):
        point = rng.choice([1, 2, 3, 4, 5, 6, 6, 7, 8, 9, 10, 12])
        white[point] = white.get(point, 0) + 1
    black: dict[int, int] = {}
    for _ in range(rng.randint(0, 6)):
        point = rng.randint(1, 24)
        if 25 - point not in white:
            black[point] = black.get(point, 0) + 1
    bar = 1 if rng.random() < 0.15 else 0
    return Board.from_dict(
        {
            "white": {"points": {str(k): v for k, v in white.items()}, "bar": bar},
            "black": {"points": {str(k): v for k, v in black.items()}},
        }
    )


def candidates(board: Board, dice: tuple[int, int]) -> list[tuple[tuple[tuple[int, int], ...], Board]]:
    targets = {play.board for play in legal_plays(board, "white", dice)}
    double = dice[0] == dice[1]
    reach = 4 * dice[0] if double else dice[0] + dice[1]
    hops = [(s, d) for s in range(1, 26) for d in range(s) if s - d <= reach]
    sets: list[tuple[tuple[int, int], ...]] = []
    for count in range(1, (3 if double else 2) + 1):
        sets.extend(itertools.combinations_with_replacement(hops, count))
    if double:
        singles = [(s, s - dice[0]) for s in range(dice[0], 26)] + [(s, 0) for s in range(1, dice[0])]
        for count in (4, 5, 6):
            sets.extend(itertools.combinations_with_replacement(singles, count))
    found = []
    for written in sets:
        literal = judge.literal_board(board, "white", written)
        if literal is not None and literal in targets:
            found.append((written, literal))
    return found


def main(seed: int, trials: int) -> None:
    rng = random.Random(seed)
    original, six = judge._step, six_dice_search()
    differ: dict[int, Any] = {}
    checked = 0
    for _ in range(trials):
        board = random_board(rng)
        first, second = rng.randint(1, 6), rng.randint(1, 6)
        dice = (max(first, second), min(first, second))
        for written, literal in candidates(board, dice):
            checked += 1
            answer = judge.playable_as_written(board, "white", dice, written, literal)
            for variant in (7, 10, 16, 17, 18, 22):
                judge._step = mutant_step(variant)
                if judge.playable_as_written(board, "white", dice, written, literal) != answer:
                    differ.setdefault(variant, (board.to_dict(), dice, written, answer))
                judge._step = original
            if dice[0] == dice[1] and six(board, "white", dice, written, literal) != answer:
                differ.setdefault(6, (board.to_dict(), dice, written, answer))
    print(f"{checked} (position, hops) pairs; mutants that answered differently: {sorted(differ) or 'none'}")
    for variant, example in sorted(differ.items()):
        print(variant, example)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1, int(sys.argv[2]) if len(sys.argv) > 2 else 150)
