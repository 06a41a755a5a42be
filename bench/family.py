#!/usr/bin/env python
"""The Table family's worst positions against backgammon's worst, side by side in one run.

    python bench/family.py [--passes 7] [--climb STEPS] [--seed N] [--data data]

For each movement of the family that is not backgammon's (plakoto, long nardy with the block rule
checked after the play, and after each move), the positions of data/family_worst_positions.jsonl
(the heaviest found by a hill-climb, below), timed through the public `legal_plays` (the fast
doubles search, `arbitru.engine.fast_family`) and through `plain_plays` (the statement of the rules,
what served them before), beside backgammon's worst position (data/worst_positions.jsonl, 2,226
plays for 1-1): each one's fastest of `--passes`, and the ratio family-worst / backgammon-worst.
Then the same over HTTP: POST /v1/moves answered by the in-process app (no network), the fastest
of `--passes` each, and the ratio.

`--climb STEPS` first searches again (seeded, deterministic): from random valid boards, a
hill-climb moves one checker at a time (either side) and keeps a board whose roll costs more work
units (`arbitru.engine.budget`: counted, not timed) with the generator in force; the best board of
each movement and each double is printed as JSON lines to put in the data file.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "service"))

from arbitru.engine import budget  # noqa: E402
from arbitru.engine.board import OFF, Board, Color  # noqa: E402
from arbitru.engine.movement import LONG_NARDY, LONG_NARDY_EACH_MOVE, PLAKOTO, Movement  # noqa: E402
from arbitru.engine.moves import legal_plays  # noqa: E402
from arbitru.engine.plain import plain_plays  # noqa: E402
from arbitru.engine.rules import STANDARD, Rules  # noqa: E402

DATA = Path(os.environ.get("ARBITRU_DATA_DIR", REPO / "data"))
MOVEMENTS: dict[str, tuple[Movement, Rules]] = {
    "plakoto": (PLAKOTO, Rules(preset="plakoto")),
    "long_nardy": (LONG_NARDY, Rules(preset="long_nardy")),
    "long_nardy_each_move": (LONG_NARDY_EACH_MOVE, Rules(preset="long_nardy", nardy_block="after_each_move")),
}


# -- the positions ----------------------------------------------------------------------------------
def family_worst(data: Path) -> list[dict[str, Any]]:
    """The family's worst positions (data/family_worst_positions.jsonl)."""
    with open(data / "family_worst_positions.jsonl", encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def backgammon_worst(data: Path) -> dict[str, Any]:
    """Backgammon's heaviest known position (data/worst_positions.jsonl)."""
    with open(data / "worst_positions.jsonl", encoding="utf-8") as handle:
        rows = [json.loads(line) for line in handle if line.strip()]
    return max(rows, key=lambda row: row["plays"])


def work_of(board: Board, turn: Color, dice: tuple[int, int], rules: Rules) -> int:
    """The units of work `legal_plays` charges for this roll (counted: the same every run)."""
    with budget.work_budget(10**12):
        legal_plays(board, turn, dice, rules)
        return budget.used()


# -- the hill-climb ---------------------------------------------------------------------------------
def random_board(rng: random.Random, movement: Movement) -> Board:
    """A valid board: white's 15 checkers on random points, black's on points white leaves free."""
    while True:
        white, black = [0] * movement.slots, [0] * movement.slots
        for _ in range(15):
            white[rng.randint(1, 24)] += 1
        free = [q for q in range(1, 25) if not white[movement.geometry.opposite(q)]]
        for _ in range(15):
            black[rng.choice(free)] += 1
        board = Board(tuple(white), tuple(black))
        if not movement.problems(board):
            return board


def neighbours(rng: random.Random, board: Board, movement: Movement) -> Iterator[Board]:
    """Boards one checker away (a checker of either side moved to another point, or off)."""
    while True:
        sides = [list(board.white), list(board.black)]
        side = sides[rng.randint(0, 1)]
        sources = [p for p in range(0, 25) if side[p]]
        source, dest = rng.choice(sources), rng.choice([OFF, *range(1, 25)])
        side[source] -= 1
        side[dest] += 1
        candidate = Board(tuple(sides[0]), tuple(sides[1]))
        if candidate.white[OFF] < 15 and candidate.black[OFF] < 15 and not movement.problems(candidate):
            yield candidate


def climb(name: str, die: int, steps: int, seed: int) -> tuple[Board, int]:
    """The board of the most work found for white rolling `die`-`die`, climbing `steps` steps."""
    movement, rules = MOVEMENTS[name]
    rng = random.Random(seed)
    best = random_board(rng, movement)
    best_work = work_of(best, "white", (die, die), rules)
    moves = neighbours(rng, best, movement)
    for _ in range(steps):
        candidate = next(moves)
        work = work_of(candidate, "white", (die, die), rules)
        if work >= best_work:
            if work > best_work or rng.random() < 0.5:
                moves = neighbours(rng, candidate, movement)
            best, best_work = candidate, work
    return best, best_work


def board_json(board: Board, movement: Movement) -> dict[str, Any]:
    """The board as the API writes it (no bar where nothing is hit)."""
    return board.to_dict(bar=movement.hits)


# -- timing -----------------------------------------------------------------------------------------
def interleaved(passes: int, base: Callable[[], object], run: Callable[[], object]) -> tuple[float, float]:
    """The fastest CPU time of `base` and of `run` in seconds, timed alternately `passes` times each
    (so a machine busy for a while slows both alike), the collector paused."""
    best = [float("inf"), float("inf")]
    gc.collect()
    gc.disable()
    try:
        for _ in range(passes):
            for i, work in enumerate((base, run)):
                start = time.process_time()
                work()
                best[i] = min(best[i], time.process_time() - start)
    finally:
        gc.enable()
    return best[0], best[1]


def units(data: Path, passes: int) -> None:
    """CPU per unit of work on each path of the generator: what the work budget's prices rest on."""
    rng = random.Random(7)
    paths: dict[str, list[tuple[Board, Color, tuple[int, int], Rules]]] = {}
    with open(data / "bench_positions.jsonl", encoding="utf-8") as handle:
        rows = [json.loads(line) for line in handle if line.strip()]
    paths["backgammon (fast paths)"] = [
        (Board.from_dict(r["board"]), r["turn"], (r["dice"][0], r["dice"][1]), STANDARD) for r in rows
    ]
    for name, (movement, rules) in MOVEMENTS.items():
        worst = [r for r in family_worst(data) if r["movement"] == name]
        doubles = [
            (Board.from_dict(r["board"], pins=movement.pins), "white", (r["dice"][0],) * 2, rules)
            for r in worst
        ]
        boards = [random_board(rng, movement) for _ in range(150)]
        doubles += [(b, "white", (rng.randint(1, 6),) * 2, rules) for b in boards]
        mixed = [(b, "white", (rng.randint(2, 6), 1), rules) for b in boards]
        paths[f"{name} doubles (fast_family)"] = doubles  # type: ignore[assignment]
        paths[f"{name} mixed (plain)"] = mixed  # type: ignore[assignment]
    doubles, mixed = fevga_rolls(random.Random(43))
    paths["fevga doubles (fast_fevga.doubles_plays)"] = doubles
    paths["fevga mixed (plain)"] = mixed
    print(f"{'path':40}{'positions':>10}{'units':>10}{'CPU ms':>9}{'us/unit':>9}")
    for path, cases in paths.items():
        total_units = sum(work_of(*case) for case in cases)
        cpu = min(
            _cpu(lambda: [legal_plays(*case) for case in cases])  # noqa: B023
            for _ in range(passes)
        )
        print(f"{path:40}{len(cases):>10}{total_units:>10}{cpu * 1e3:>9.1f}{cpu / total_units * 1e6:>9.2f}")


def fevga_rolls(rng: random.Random, games: int = 20) -> tuple[list[Any], list[Any]]:
    """The rolls (doubles, and the others) met in `games` seeded Fevga games the engine plays from
    the start, each play chosen at random: boards the starting and unblocking rules shape."""
    from arbitru.engine.board import other
    from arbitru.engine.outcome import game_over
    from arbitru.engine.rules import PRESETS

    rules = PRESETS["fevga"]
    doubles: list[Any] = []
    mixed: list[Any] = []
    for _ in range(games):
        board, turn = Board.initial({24: 15}), "white"
        for _ in range(300):
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            (doubles if dice[0] == dice[1] else mixed).append((board, turn, dice, rules))
            board = rng.choice(legal_plays(board, turn, dice, rules)).board
            if game_over(board, rules):
                break
            turn = other(turn)
    return doubles, mixed


def _cpu(run: Callable[[], object]) -> float:
    gc.disable()
    try:
        start = time.process_time()
        run()
        return time.process_time() - start
    finally:
        gc.enable()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", default=str(DATA))
    parser.add_argument("--passes", type=int, default=7)
    parser.add_argument("--climb", type=int, default=0, help="hill-climb this many steps first")
    parser.add_argument("--seed", type=int, default=40)
    parser.add_argument("--no-plain", action="store_true", help="skip the plain generator's timings")
    parser.add_argument("--units", action="store_true", help="CPU per unit of work on each generator path")
    args = parser.parse_args(argv)
    if args.units:
        units(Path(args.data), args.passes)
        return 0
    if args.climb:
        for name in MOVEMENTS:
            for die in range(1, 7):
                board, work = climb(name, die, args.climb, args.seed + die)
                movement, rules = MOVEMENTS[name]
                plays = len(legal_plays(board, "white", (die, die), rules))
                row = {"movement": name, "board": board_json(board, movement), "turn": "white"}
                print(json.dumps({**row, "dice": [die, die], "plays": plays, "work": work}), flush=True)
        return 0
    data = Path(args.data)
    report(data, args.passes, not args.no_plain)
    return 0


def report(data: Path, passes: int, plain: bool) -> None:
    """The engine's and the app's times of the worst positions, each timed alternately with
    backgammon's worst, and the ratios."""
    from arbitru.http.app import create_app  # the in-process app: no network
    from arbitru.http.observability import ACCESS_LOGGER

    client = create_app().test_client()
    # The access log of every timed request (a line to stdout, not what is measured) written nowhere.
    client.application.extensions[ACCESS_LOGGER].sink = lambda line: None
    bg = backgammon_worst(data)
    bg_board = Board.from_dict(bg["board"])
    bg_dice = (bg["dice"][0], bg["dice"][1])
    bg_body = {"board": bg["board"], "turn": bg["turn"], "dice": bg["dice"]}

    def engine_bg() -> object:
        return legal_plays(bg_board, bg["turn"], bg_dice)

    def http(body: dict[str, Any]) -> Callable[[], object]:
        def run() -> object:
            answer = client.post("/v1/moves", json=body)
            assert answer.status_code == 200, answer.get_data(as_text=True)[:300]
            return answer

        return run

    print(f"backgammon worst: white {bg_dice[0]}-{bg_dice[1]}, {bg['plays']} plays; each family position")
    print(f"timed alternately with it, fastest of {passes} each (CPU); x bg = the family's / backgammon's")
    head = f"{'movement':22}{'dice':>5}{'plays':>7}{'engine ms':>11}{'bg ms':>7}{'x bg':>7}"
    print(head + f"{'HTTP ms':>9}{'bg ms':>7}{'x bg':>7}" + (f"{'plain ms':>10}{'x bg':>7}" if plain else ""))
    worst_engine, worst_http = 0.0, 0.0
    for row in family_worst(data):
        movement, rules = MOVEMENTS[row["movement"]]
        board = Board.from_dict(row["board"], pins=movement.pins)
        dice = (row["dice"][0], row["dice"][1])
        turn = row["turn"]
        base, engine = interleaved(passes, engine_bg, lambda: legal_plays(board, turn, dice, rules))  # noqa: B023
        body = {"board": row["board"], "turn": turn, "dice": row["dice"], "rules": rules.to_dict()}
        base_http, over_http = interleaved(passes, http(bg_body), http(body))
        worst_engine, worst_http = max(worst_engine, engine / base), max(worst_http, over_http / base_http)
        line = f"{row['movement']:22}{dice[0]}-{dice[1]:<3}{row['plays']:>7}{engine * 1e3:>11.2f}"
        line += f"{base * 1e3:>7.2f}{engine / base:>7.2f}{over_http * 1e3:>9.2f}{base_http * 1e3:>7.2f}"
        line += f"{over_http / base_http:>7.2f}"
        if plain:
            plain_run = partial(plain_plays, board, turn, dice, movement)
            base, slow = interleaved(max(1, passes // 3), engine_bg, plain_run)
            line += f"{slow * 1e3:>10.2f}{slow / base:>7.2f}"
        print(line, flush=True)
    print(f"family worst / backgammon worst: engine {worst_engine:.2f}x, HTTP {worst_http:.2f}x")


if __name__ == "__main__":
    raise SystemExit(main())
