"""Compare mutmut's mutants of the play generator (engine/moves.py) with the original on random
positions of every generation path, both colours and all 21 rolls, through `legal_plays` (cache
off): prints each mutant that answers differently, with the first example, and the ones that never
did. The evidence for the equivalent moves mutants listed in pyproject.toml.

Run it in mutmut's tree after `make mutation` (the mutants are switched by `MUTANT_UNDER_TEST`,
which mutmut's trampolines read at each call):
    cd build/mutation/mutants && python ../../../scripts/moves_mutants.py SEED BOARDS NAME...
(`NAME` as `mutmut results` prints it; BOARDS is N random boards a path, or N:KIND,... for some
paths (bar, free, one, home), or 0 for every home board, `home_boards`: the all-home path
exhaustively.)"""

from __future__ import annotations

import os
import random
import signal
import sys
from typing import Any

sys.path[:0] = ["src", "."]

from arbitru.engine import Board, moves  # noqa: E402
from arbitru.engine.board import BAR, OFF  # noqa: E402
from arbitru.engine.movement import BACKGAMMON  # noqa: E402
from arbitru.engine.play import Play  # noqa: E402
from tests.engine.test_properties import SPOTS  # noqa: E402
from tests.engine.test_properties import has_shape as fits_path  # noqa: E402
from tests.engine.test_variant_equivalence import played, replayed, small_home_boards  # noqa: E402

ROLLS = [(a, b) for a in range(1, 7) for b in range(1, a + 1)]


def random_board(rng: random.Random, kind: str) -> Board | None:
    """A board for one path, drawn as the tests' `boards` strategy draws it but with black often in
    points of two (blocks, so that one die alone may be playable); None when it does not fit."""
    white = [0] * 26
    for _ in range(14 if kind == "one" else 15):
        white[rng.choice(SPOTS[kind])] += 1
    if kind == "one":
        white[rng.randint(7, 24)] += 1
    black = [0] * 26
    free = [q for q in range(1, 25) if white[25 - q] == 0]
    left = 15
    while left:
        spot = rng.choice([OFF, BAR, *free, *(q for q in free if q >= 19)])
        count = min(left, 2 if spot not in (OFF, BAR) and rng.random() < 0.6 else 1)
        black[spot] += count
        left -= count
    board = Board(tuple(white), tuple(black))
    return board if fits_path(board, kind) else None


def corpus(seed: int, count: int, kinds: list[str]) -> list[tuple[Board, str]]:
    """`count` boards a path, white to move and the same board mirrored with black to move."""
    rng, out = random.Random(seed), []
    for kind in kinds:
        made = 0
        while made < count:
            board = random_board(rng, kind)
            if board is not None:
                out += [(board, "white"), (Board(board.black, board.white), "black")]
                made += 1
    return out


def home_boards() -> list[tuple[Board, str]]:
    """Every home board white may bear off from, as the all-home path sees it (14,896 boards:
    `small_home_boards`); a third white checker on a point changes only the count the board carries."""
    return [(board, "white") for board in small_home_boards(15)]


def answers(cases: list[tuple[Board, str]]) -> list[list[Play]]:
    return [moves.legal_plays(board, turn, dice) for board, turn in cases for dice in ROLLS]


def difference(board: Board, turn: str, dice: tuple[int, int], want: list[Play], got: list[Play]) -> int:
    """0 the same; 1 another order (of the plays or of a play's moves, each still playable in its
    order); 2 a play whose moves cannot be made in the order listed; 3 other plays."""
    if want == got:  # a Play is (turn, moves, board); its notation follows from its moves
        return 0
    if played(want) != played(got) or {p.turn for p in got} != {turn}:  # what docs/api.md promises
        return 3
    in_order = all(replayed(board, turn, dice, play.moves, BACKGAMMON) == play.board for play in got)
    return 1 if in_order else 2


KINDS = ["same", "order only", "UNPLAYABLE ORDER", "PLAYS"]


def first_difference(cases, original, mutant) -> tuple[str, Any] | None:
    worst, example = 0, None
    for index, (want, got) in enumerate(zip(original, mutant, strict=True)):
        board, turn = cases[index // len(ROLLS)]
        dice = ROLLS[index % len(ROLLS)]
        kind = difference(board, turn, dice, want, got)
        if kind > worst:
            worst, example = kind, (board.to_dict(), turn, dice)
            if kind == 3:
                break
    return None if example is None else (KINDS[worst], example)


def main(seed: int, boards: str, names: list[str]) -> None:
    count, _, kinds = boards.partition(":")
    paths = kinds.split(",") if kinds else list(SPOTS)
    cases = home_boards() if count == "0" else corpus(seed, int(count), paths)
    os.environ["MUTANT_UNDER_TEST"] = ""
    original = answers(cases)
    print(f"{len(cases)} positions x {len(ROLLS)} rolls")
    for name in names:
        os.environ["MUTANT_UNDER_TEST"] = name
        signal.alarm(120)
        try:
            found = first_difference(cases, original, answers(cases))
        except Exception as exc:  # noqa: BLE001 - a mutant that raises is a mutant that differs
            found = ("raises", repr(exc))
        finally:
            signal.alarm(0)
            os.environ["MUTANT_UNDER_TEST"] = ""
        print(name, "same" if found is None else f"{found[0]}: {found[1]}", flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2], sys.argv[3:])
