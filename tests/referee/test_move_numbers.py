"""An action's `move` is the number of the .mat turn line it stands on, on every format: a line
holds a cell of each player (the left player's first), a cube action takes a cell like a roll, and
an action by the player whose cell is not next starts the next line (a game the right player opens
starts `1)` with an empty left cell). A .mat writes it before `)`; a JSON record and an SGF, which
write no numbers, count it the same way from who acted (`move_numbers`). So an illegal play is
"move 11" in a .mat, in its JSON record and in its SGF (once it was the action's index, 20, in the
two others)."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from arbitru.engine.rules import STANDARD
from arbitru.formats.game_record import match_to_record, plain_record_to_match, record_to_match
from arbitru.formats.mat import MatchFile, move_numbers, read_mat
from arbitru.formats.sgf_reader import read_sgf
from arbitru.library import read_match
from arbitru.referee import verify
from arbitru.referee.mat_writer import write_mat
from arbitru.referee.sgf_writer import write_sgf

REPO = Path(__file__).resolve().parents[2]
ILLEGAL = REPO / "examples" / "illegal.mat"
MATCHES = REPO / "data" / "matches"


def error_where(match: MatchFile) -> tuple[int, int, str, str]:
    error = verify(match, STANDARD)["error"]
    return error["game"], error["move"], error["player"], error["code"]


def test_an_illegal_play_has_the_same_move_number_in_a_mat_its_record_and_its_sgf() -> None:
    mat = read_mat(ILLEGAL.read_bytes())
    record = record_to_match(json.loads(json.dumps(match_to_record(mat))))
    sgf = read_sgf(write_sgf(mat, STANDARD))
    expected = (1, 11, "Marion Castlebury", "TOO_MANY_MOVES")
    assert error_where(mat) == error_where(record) == error_where(sgf) == expected


def test_the_library_reports_the_same_move_for_a_mat_and_its_record_and_sgf() -> None:
    transcript = read_match(ILLEGAL)
    moves = {
        read_match(text).verify().error["move"]  # type: ignore[index]
        for text in (ILLEGAL.read_bytes(), json.dumps(transcript.to_record()), transcript.to_sgf())
    }
    assert moves == {11}


def test_every_action_of_the_real_transcripts_is_numbered_alike_in_its_record_and_its_sgf() -> None:
    # the .mat files of every exporter in data/matches (gnubg, XG, OpenGammon, Foxamon, GammonView,
    # HedgeHog, Backgammon Studio, choue.net, Galaxy) number their lines as `move_numbers` counts
    for path in sorted(MATCHES.iterdir()):
        if path.suffix not in (".mat", ".txt"):
            continue
        transcript = read_match(path)
        mat = transcript.match
        record = record_to_match(match_to_record(mat))
        sgf = read_sgf(write_sgf(mat, transcript.rules))
        for written, counted, in_sgf in zip(mat.games, record.games, sgf.games, strict=True):
            numbers = [action.move_number for action in written.actions]
            assert numbers == move_numbers(action.player for action in written.actions), path.name
            assert [action.move_number for action in counted.actions] == numbers, path.name
            assert [action.move_number for action in in_sgf.actions] == numbers, path.name


ROLL = {"action": "roll", "dice": [2, 1], "play": ""}  # a roll the quick path reads


@given(st.lists(st.tuples(st.integers(0, 1), st.sampled_from(["roll", "double", "take"])), max_size=40))
def test_a_record_is_numbered_as_a_mat_numbers_its_lines(actions: list[tuple[int, str]]) -> None:
    # any order of rolls and cube actions (the reader applies no rules): the record's numbers, by
    # its quick path and by its plain path, are `move_numbers`'
    players = [player for player, _ in actions]
    turns = [
        {**ROLL, "player": p} if kind == "roll" else {"player": p, "action": kind} for p, kind in actions
    ]
    record = {"players": ["A", "B"], "match_length": 0, "games": [{"game": 1, "turns": turns}]}
    numbers = [action.move_number for action in record_to_match(record).games[0].actions]
    assert numbers == [action.move_number for action in plain_record_to_match(record).games[0].actions]
    assert numbers == move_numbers(players)


def test_the_mat_writer_numbers_its_lines_as_move_numbers_counts() -> None:
    for path in sorted(MATCHES.iterdir()):
        if path.suffix not in (".mat", ".txt"):
            continue
        transcript = read_match(path)
        again = read_mat(write_mat(transcript.match, transcript.rules))
        for game in again.games:
            players = [action.player for action in game.actions]
            assert [action.move_number for action in game.actions] == move_numbers(players), path.name
