"""The synthetic transcripts (tests/referee/data/, written by make_transcripts.py with the engine's
own plays) checked by something other than the engine: every play is replayed with the independent
reference generator (tests/support/reference.py, which shares no code with arbitru.engine.moves),
every game's end is worked out by counting checkers, and the declared results are added up by hand.
A synthetic file the engine got wrong can therefore no longer pass only because the engine agrees
with itself.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitru.engine.notation import parse_play_marked
from arbitru.formats.mat import CANNOT_MOVE, DOUBLE, EMPTY, PLAY, ROLL, read_mat
from tests.support.reference import BAR, OFF, State, reference_results

DATA = Path(__file__).resolve().parent / "data"
SYNTHETIC = sorted(p.name for p in DATA.glob("synthetic_*"))
# Standard start in each side's own numbering.
START = tuple(2 if p == 24 else 5 if p in (13, 6) else 3 if p == 8 else 0 for p in range(26))


def _after(state: State, text: str, dice: tuple[int, int]) -> State:
    """The reference result the written play reaches: the one whose mover side matches the hops and
    which hits as many checkers as the play marks (`*`)."""
    hops, marked = parse_play_marked(text)
    mover = list(state[0])
    for source, dest in hops:
        mover[source] -= 1
        mover[dest] += 1
    results = [r for r in reference_results(state[0], state[1], dice) if r[0] == tuple(mover)]
    assert results, f"{text!r} with {dice} is not a legal play per the reference generator"
    hits = text.count("*")
    fitting = [r for r in results if r[1][BAR] - state[1][BAR] == hits] or results
    assert len(fitting) == 1 or not marked, f"{text!r}: ambiguous hits"
    return fitting[0]


def _game_end(state: State) -> tuple[int, int]:
    """(the winner's column relative to the mover: 0 mover, 1 opponent; multiplier) once a side has
    borne everything off, counted by hand: none off for the loser is a gammon, a checker on the bar or
    in the winner's home board on top of that a backgammon."""
    for who, (winner, loser) in enumerate((state, state[::-1])):
        if winner[OFF] == 15:
            if loser[OFF]:
                return who, 1
            return who, 3 if loser[BAR] or any(loser[19:25]) else 2
    raise AssertionError("nobody has borne off every checker")


@pytest.mark.parametrize("name", SYNTHETIC)
def test_every_synthetic_play_is_legal_for_the_reference_generator(name):
    match = read_mat((DATA / name).read_bytes())
    score = [0, 0]
    plays = 0
    for game in match.games:
        assert list(game.start_score) == score, f"game {game.number}: the header score"
        sides = {0: START, 1: START}  # by column, each in its own numbering
        cube, board_end = 1, None
        for action in game.actions:
            if action.kind == DOUBLE:
                cube = action.cube_value or cube * 2
            if action.kind != ROLL or action.play_kind not in (PLAY, EMPTY, CANNOT_MOVE):
                continue
            plays += 1
            mover, other = action.player, 1 - action.player
            state = (sides[mover], sides[other])
            if action.play_kind == PLAY:
                state = _after(state, action.play_text or "", action.dice)
            else:  # nothing written: the reference must agree nothing can move
                assert reference_results(*state, action.dice) == {state}
            sides[mover], sides[other] = state
            if state[0][OFF] == 15:
                board_end = _game_end(state)
                winner = mover if board_end[0] == 0 else other
        assert game.result is not None
        if board_end is not None:  # borne off: the declared result is what the checkers say
            assert (game.result.winner, game.result.points) == (winner, board_end[1] * cube)
        score[game.result.winner] += game.result.points
    assert score == [3, 2]  # Ana wins the 3-point match 3-2 (the files' last line says so)
    assert plays > 100  # the three games were really replayed
