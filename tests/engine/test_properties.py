"""Invariants over random positions (hypothesis), checked against a naive reference generator."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import arbitru.engine
from arbitru.engine import Board, judge_play, legal_plays, parse_play_marked
from arbitru.engine.board import BAR, OFF
from arbitru.engine.plain import plain_plays
from tests.support.cases import examples
from tests.support.compare import state_of
from tests.support.reference import reference_results

dice_strategy = st.tuples(st.integers(1, 6), st.integers(1, 6))


@st.composite
def boards(draw: st.DrawFn) -> Board:
    """A valid board of a game still in progress: 15 checkers a side, no point held by both."""
    white = [0] * 26
    for _ in range(15):
        white[draw(st.sampled_from([0, 25] + list(range(1, 25)) + list(range(1, 7)) * 2))] += 1
    black = [0] * 26
    free = [q for q in range(1, 25) if white[25 - q] == 0]
    for _ in range(15):
        black[draw(st.sampled_from([0, 25] + free + [q for q in free if q <= 6] * 2))] += 1
    board = Board(tuple(white), tuple(black))
    assume(not board.problems() and white[OFF] < 15 and black[OFF] < 15)  # a game still going on
    return board


def reference_boards(board: Board, dice: tuple[int, int]) -> set[Board]:
    """Every legal resulting board, by brute force over ordered die sequences (slow, obvious)."""
    from arbitru.engine.board import other

    turn = "white"
    orders = [[dice[0]] * 4] if dice[0] == dice[1] else [[dice[0], dice[1]], [dice[1], dice[0]]]
    finals: dict[Board, int] = {}
    used_die: dict[Board, int] = {}

    def single_moves(me: list[int], opp: list[int], die: int):
        sources = [BAR] if me[BAR] else [p for p in range(24, 0, -1) if me[p]]
        for s in sources:
            t = s - die
            if t >= 1:
                if opp[25 - t] >= 2:
                    continue
                yield s, t
            else:
                if any(me[7:26]):
                    continue
                if t == 0 or not any(me[s + 1 : 7]):
                    yield s, OFF

    def walk(me: list[int], opp: list[int], rest: list[int], depth: int, first: int | None):
        moved = False
        if rest:
            for s, t in list(single_moves(me, opp, rest[0])):
                moved = True
                me2, opp2 = me.copy(), opp.copy()
                me2[s] -= 1
                me2[t] += 1
                if t != OFF and opp2[25 - t] == 1:
                    opp2[25 - t] = 0
                    opp2[BAR] += 1
                walk(me2, opp2, rest[1:], depth + 1, rest[0] if first is None else first)
        if not moved:
            result = Board(tuple(me), tuple(opp))
            finals[result] = max(finals.get(result, 0), depth)
            if depth == 1:
                used_die[result] = max(used_die.get(result, 0), first or 0)

    for order in orders:
        walk(list(board.side(turn)), list(board.side(other(turn))), order, 0, None)
    longest = max(finals.values())
    best = {b for b, d in finals.items() if d == longest}
    if longest == 1 and dice[0] != dice[1]:
        high = max(used_die[b] for b in best)
        best = {b for b in best if used_die[b] == high}
    return best


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(), dice_strategy)
def test_every_legal_play_is_listed_and_no_illegal_one(board: Board, dice: tuple[int, int]):
    listed = {p.board for p in legal_plays(board, "white", dice)}
    assert listed == reference_boards(board, dice)


@settings(max_examples=examples(300), deadline=None)
@given(boards(), dice_strategy)
def test_checker_counts_are_conserved(board: Board, dice: tuple[int, int]):
    for play in legal_plays(board, "white", dice):
        assert sum(play.board.white) == 15 and sum(play.board.black) == 15
        assert not play.board.problems()


@settings(max_examples=examples(300), deadline=None)
@given(boards(), dice_strategy)
def test_a_play_never_lands_on_a_point_the_opponent_holds(board: Board, dice: tuple[int, int]):
    for play in legal_plays(board, "white", dice):
        for move in play.moves:
            if move.to_point != OFF:
                assert board.black[25 - move.to_point] < 2


@pytest.mark.plays_cached  # the judge of each play lists the board's plays once, not once per play
@settings(max_examples=examples(300), deadline=None)
@given(boards(), dice_strategy)
def test_plays_are_distinct_and_each_revalidates_from_its_notation(board: Board, dice: tuple[int, int]):
    plays = legal_plays(board, "white", dice)
    assert len({p.board for p in plays}) == len(plays)
    for play in plays:
        verdict = judge_play(board, "white", dice, *parse_play_marked(play.notation))
        assert verdict.legal, (play.notation, verdict)
        assert verdict.play is not None and verdict.play.board == play.board


@settings(max_examples=examples(200), deadline=None)
@given(boards(), dice_strategy)
def test_colours_are_symmetric(board: Board, dice: tuple[int, int]):
    mirrored = Board(board.black, board.white)
    white_results = {(p.board.white, p.board.black) for p in legal_plays(board, "white", dice)}
    black_results = {(p.board.black, p.board.white) for p in legal_plays(mirrored, "black", dice)}
    assert white_results == black_results


SPOTS = {  # where white's checkers may stand, by the shape of the position
    "bar": [BAR, *range(1, 25)],
    "free": [OFF, *range(1, 25), *range(7, 25)],
    "one": [OFF, *range(1, 7)],
    "home": [OFF, *range(1, 7)],
}


def has_shape(board: Board, shape: str) -> bool:
    """Whether `board` is a valid position, no side all off, of white's `shape`."""
    white, outside = board.white, sum(board.white[7:25])
    fits = {
        "bar": white[BAR] > 0,
        "free": not white[BAR] and outside >= 2,
        "one": not white[BAR] and outside == 1,
    }
    return not board.problems() and board.black[OFF] < 15 and white[OFF] < 15 and fits.get(shape, True)


@st.composite
def shaped_boards(draw: st.DrawFn, shape: str) -> Board:
    """A valid board of one shape of position, white to move: "bar" (a white checker on the bar),
    "free" (none on the bar, two or more outside home), "one" (one outside home) or "home" (every
    white checker home, some may be off); black anywhere it may stand, white's home points included
    (blots to hit, points that block), some on the bar. Random boards (`boards`) seldom have every
    checker home or one outside: the shapes where bearing off starts."""
    white = [0] * 26
    for _ in range(14 if shape == "one" else 15):
        white[draw(st.sampled_from(SPOTS[shape]))] += 1
    if shape == "one":
        white[draw(st.integers(7, 24))] += 1
    black = [0] * 26
    free = [q for q in range(1, 25) if white[25 - q] == 0]
    for _ in range(15):
        black[draw(st.sampled_from([0, 25, *free, *(q for q in free if q >= 19)]))] += 1
    board = Board(tuple(white), tuple(black))
    assume(has_shape(board, shape))
    return board


every_shape = st.sampled_from(["bar", "free", "one", "home"]).flatmap(shaped_boards)


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(every_shape, dice_strategy)
def test_the_plain_statement_of_the_rules_agrees_with_the_reference_generator(
    board: Board, dice: tuple[int, int]
):
    plain = plain_plays(board, "white", dice)
    assert {state_of(play.board, "white") for play in plain} == reference_results(
        board.white, board.black, dice
    )
    assert len({play.board for play in plain}) == len(plain)


SERVICE = Path(arbitru.engine.__file__).parents[2]  # the folder holding the arbitru package


def test_the_order_of_the_plays_is_the_same_in_another_process_with_another_hash_seed():
    """The order the API promises to keep (deterministic) does not hang on string or set hashing."""
    code = (
        "import json, sys\n"
        "from arbitru.engine import Board, legal_plays\n"
        "rows = [json.loads(line) for line in open(sys.argv[1]).read().splitlines()[:300]]\n"
        "print(json.dumps([[p.notation for p in legal_plays(Board.from_dict(r['board']), r['turn'],"
        " tuple(r['dice']))] for r in rows]))\n"
    )
    data = str(Path(__file__).resolve().parents[2] / "data" / "bench_positions.jsonl")
    runs = [
        subprocess.run(
            [sys.executable, "-c", code, data],
            check=True,
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(SERVICE)},
        ).stdout
        for seed in ("1", "2")
    ]
    assert runs[0] == runs[1] and len(json.loads(runs[0])) == 300
