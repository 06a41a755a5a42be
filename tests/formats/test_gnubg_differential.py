"""The encoders agree with GNU Backgammon's own, byte for byte (skipped when gnubg is not installed)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings

from arbitru.engine.board import Board
from arbitru.formats.codec import DecodedPosition
from arbitru.formats.gnubg_id import (
    decode_gnubg_id,
    decode_position_id,
    encode_gnubg_id,
    encode_match_id,
    encode_position_id,
)
from tests.formats.strategies import boards, colors
from tests.support.cases import examples
from tests.support.positions import load_jsonl, playout_positions, wildbg_ids

gnubg = pytest.importorskip("gnubg")

_GAME_STATES = ("none", "playing", "over", "resigned", "dropped")
_PLAYER = ("black", "white")


def to_gnubg(board: Board, turn: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    opp = "black" if turn == "white" else "white"
    return tuple(board.side(opp)[1:26]), tuple(board.side(turn)[1:26])


def gnubg_context_args(pos: DecodedPosition) -> tuple[list[Any], int, list[Any]]:
    """The arguments of gnubg's cubeinfo and posinfo for a position's context, and its Jacoby flag."""
    owner = {"centered": -1, "black": 0, "white": 1}[pos.cube_owner]
    move = _PLAYER.index(pos.turn)
    cube = [pos.cube_value, owner, move, pos.match_length, [pos.score[1], pos.score[0]], int(pos.crawford), 0]
    deciding = 1 - move if (pos.cube_offer or pos.resigned) else move
    state = _GAME_STATES.index(pos.game_state)
    return (
        cube,
        int(pos.jacoby),
        [deciding, pos.resigned, int(pos.cube_offer is not None), state, pos.dice or (0, 0)],
    )


# gnubg's module keeps one global match, which `set xgid` replaces, and its C code reads it: the
# thousand contexts below, asked in a pytest worker after whatever that worker had run before, once
# ended in a segmentation fault inside `gnubg.cubeinfo` (the same inputs in a fresh process: never,
# in 20 runs). So the tests that ask gnubg for match contexts, or change its match, ask it in a child
# process of their own (as tests/support/gnubg_match.py reads match files), which starts from gnubg's
# defaults.
_CHILD = """
import gnubg, json, sys
answers = []
for kind, args in json.load(sys.stdin):
    if kind == "ids":  # a context's match ID and GNUbg ID: [cube args, jacoby, posinfo args, board]
        cube, jacoby, position, board = args
        ci = gnubg.cubeinfo(*cube[:4], tuple(cube[4]), *cube[5:])
        ci["jacoby"] = jacoby
        pi = gnubg.posinfo(*position[:4], tuple(position[4]))
        answers.append([gnubg.match_id(ci, pi), gnubg.gnubg_id(tuple(map(tuple, board)), ci, pi)])
    else:  # "xgid": the GNUbg ID of the position gnubg sets from an XGID
        gnubg.command("set xgid " + args)
        answers.append(gnubg.gnubg_id())
with open(sys.argv[1], "w") as out:  # not stdout: gnubg's commands print there
    json.dump(answers, out)
"""


def gnubg_in_a_child(questions: list[tuple[str, Any]]) -> list[Any]:
    """gnubg's answers to `questions`, asked in order in a fresh child process (see `_CHILD`)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "answers.json"
        done = subprocess.run(
            [sys.executable, "-c", _CHILD, str(out)],
            input=json.dumps(questions),
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, (
            f"gnubg's child process ended with {done.returncode}: {done.stderr[-2000:]}"
        )
        return json.loads(out.read_text())


def test_position_ids_of_every_bench_position_match_gnubg():
    for record in load_jsonl("bench_positions.jsonl"):
        board, turn = Board.from_dict(record["board"]), record["turn"]
        ours = encode_position_id(board, turn)
        assert ours == gnubg.position_id(to_gnubg(board, turn)), record["id"]
        assert tuple(map(tuple, gnubg.position_from_id(ours))) == to_gnubg(board, turn)


@pytest.mark.parametrize("name", ["contact", "race"])
def test_wildbg_position_ids_decode_as_gnubg_decodes_them(name):
    for text in wildbg_ids(name):
        board = decode_position_id(text, "white")
        assert to_gnubg(board, "white") == tuple(map(tuple, gnubg.position_from_id(text))), text
        assert gnubg.position_id(to_gnubg(board, "white")) == text


def test_position_ids_of_played_out_games_match_gnubg():
    for board, turn, _dice in playout_positions(seed=3, count=1500):
        assert encode_position_id(board, turn) == gnubg.position_id(to_gnubg(board, turn))


@settings(max_examples=examples(400), deadline=None)
@given(boards(), colors)
def test_position_ids_of_random_boards_match_gnubg(board, turn):
    assert encode_position_id(board, turn) == gnubg.position_id(to_gnubg(board, turn))


def _random_context(rng: random.Random, board: Board) -> DecodedPosition:
    length = rng.choice((0, 0, 1, 3, 5, 7, 9, 13, 25, 64))
    return DecodedPosition(
        board=board,
        turn=rng.choice(("white", "black")),
        dice=rng.choice((None, tuple(sorted((rng.randint(1, 6), rng.randint(1, 6)), reverse=True)))),
        cube_value=1 << rng.randint(0, 12),
        cube_owner=rng.choice(("centered", "white", "black")),
        match_length=length,
        score=(rng.randint(0, length - 1), rng.randint(0, length - 1)) if length else (0, 0),
        crawford=bool(length) and rng.random() < 0.3,
        jacoby=rng.random() < 0.5,
        cube_offer=rng.choice((None, None, "double")),
        resigned=rng.choice((0, 0, 0, 1, 2, 3)),
        game_state=rng.choice(("playing", "playing", "over", "resigned", "dropped")),
    )


def test_match_ids_and_gnubg_ids_match_gnubg_on_many_contexts():
    rng = random.Random(20240611)
    contexts = [_random_context(rng, board) for board, _turn, _dice in playout_positions(seed=11, count=1000)]
    questions = [("ids", [*gnubg_context_args(pos), to_gnubg(pos.board, pos.turn)]) for pos in contexts]
    for pos, (match_id, theirs) in zip(contexts, gnubg_in_a_child(questions), strict=True):
        assert encode_match_id(pos) == match_id, pos
        assert encode_gnubg_id(pos) == theirs
        assert decode_gnubg_id(theirs) == pos


def test_the_opening_gnubg_id_matches_gnubgs():
    pos = DecodedPosition(board=Board.initial(), turn="black", jacoby=True)
    [(_, theirs)] = gnubg_in_a_child([("ids", [*gnubg_context_args(pos), to_gnubg(pos.board, "black")])])
    assert encode_gnubg_id(pos) == theirs
    assert encode_gnubg_id(pos) == "4HPwATDgc/ABMA:MAEAAAAAAAAA"  # game state "playing"


def test_xgids_read_by_gnubg_give_the_gnubg_id_we_derive():
    """gnubg's `set xgid` then `gnubg_id()` equals our XGID decode then GNUbg ID encode.

    Only the bottom player on turn: with the top player on turn gnubg also relabels its players so
    the one on roll is player 1 (a display choice, not a different position).
    """
    from arbitru.formats.xgid import decode_xgid, encode_xgid

    rng = random.Random(7)
    xgids: list[str] = []
    for board, _turn, dice in playout_positions(seed=5, count=250):
        length = rng.choice((0, 0, 3, 5, 7, 11))
        offer = False  # gnubg's SetMatchID steps back from an offered double
        pos = DecodedPosition(
            board=board,
            turn="white",
            dice=None if offer else dice,
            cube_value=1 << rng.randint(0, 6),
            cube_owner=rng.choice(("centered", "white", "black")),
            match_length=length,
            score=(rng.randint(0, length - 1), rng.randint(0, length - 1)) if length else (0, 0),
            crawford=False,
            jacoby=not length and rng.random() < 0.5,
            beavers=not length and rng.random() < 0.5,
            cube_offer="double" if offer else None,
        )
        if length and rng.random() < 0.3:  # a Crawford game: one side 1-away, the cube centred at 1
            score = (length - 1, rng.randint(0, length - 1))
            pos = pos.with_(crawford=True, cube_value=1, cube_owner="centered", score=score)
        xgids.append(encode_xgid(pos))
    for xgid, theirs in zip(xgids, gnubg_in_a_child([("xgid", xgid) for xgid in xgids]), strict=True):
        ours = decode_xgid(xgid)
        ours = ours.with_(dice=tuple(sorted(ours.dice, reverse=True)) if ours.dice else None)
        assert encode_gnubg_id(ours) == theirs, xgid
