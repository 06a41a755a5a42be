"""A transcript cut short is refereed as far as it goes, and its verdict says the match is not
finished (`finished: false`), on every face alike (POST /v1/matches/verify, `arbitru verify`'s row,
the library's `MatchVerdict.finished`): cut inside a game, or between two games before the match
length is reached. Only a match somebody won (a money session whose last game is over) is
finished. Once the first 4,000 bytes of an 11-point match were answered "valid, 0-3" and nothing
said the match had not ended."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from arbitru import create_app
from arbitru.cli import main
from arbitru.library import read_match

REPO = Path(__file__).resolve().parents[2]
MATCH = (REPO / "examples" / "match.mat").read_bytes()  # 11 points, won 11-6
CUT_IN_A_GAME = MATCH[:4000]  # inside game 3, at 0-3
CUT_BETWEEN_GAMES = MATCH[: MATCH.index(b" Game 3")]  # games 1 and 2 whole, at 0-3


@pytest.fixture(scope="module")
def client():  # type: ignore[no-untyped-def]
    return create_app({"TESTING": True}).test_client()


def http_verdict(client: Any, text: bytes) -> dict[str, Any]:
    response = client.post("/v1/matches/verify", data=text, content_type="text/plain")
    assert response.status_code == 200, response.get_json()
    return dict(response.get_json())


def cli_verdict(tmp_path: Path, text: bytes) -> dict[str, Any]:
    path = tmp_path / "cut.mat"
    path.write_bytes(text)
    result = CliRunner().invoke(main, ["verify", "--jsonl", str(path)], catch_exceptions=False)
    return dict(json.loads(result.output.splitlines()[0])["verdict"])


@pytest.mark.parametrize("text", [CUT_IN_A_GAME, CUT_BETWEEN_GAMES], ids=["in-a-game", "between-games"])
def test_a_match_cut_short_is_not_finished_on_every_face(client, tmp_path, text: bytes) -> None:  # type: ignore[no-untyped-def]
    library = read_match(text).verify()
    assert library.finished is False and library.winner is None
    verdicts = [http_verdict(client, text), cli_verdict(tmp_path, text), library.to_dict()]
    for verdict in verdicts:
        assert (verdict["valid"], verdict["finished"], verdict["final_score"]) == (True, False, [0, 3])
    assert verdicts[0] == verdicts[1] == verdicts[2]


def test_a_match_cut_inside_a_game_ends_with_that_game_unfinished() -> None:
    games = read_match(CUT_IN_A_GAME).verify().games
    assert [game["game"] for game in games] == [1, 2, 3]
    assert (games[-1]["winner"], games[-1]["ended_by"]) == (None, None)
    assert [game["game"] for game in read_match(CUT_BETWEEN_GAMES).verify().games] == [1, 2]


def test_a_whole_match_is_finished_on_every_face(client, tmp_path) -> None:  # type: ignore[no-untyped-def]
    verdicts = [
        http_verdict(client, MATCH),
        cli_verdict(tmp_path, MATCH),
        read_match(MATCH).verify().to_dict(),
    ]
    assert [(v["finished"], v["winner"]) for v in verdicts] == [(True, "sunny-jaguar-b8be")] * 3


def test_no_cut_at_a_line_end_before_the_last_play_is_a_finished_match() -> None:
    # the last play bears off the winner's last checker: cut after it (before `Wins ... and the
    # match`), the replay has the match won all the same
    last_play = MATCH.index(b" 25) 63: 1/off")
    lines = MATCH.splitlines(keepends=True)
    ends = [sum(map(len, lines[:count])) for count in range(len(lines))]
    for end in [end for end in ends if end <= last_play][::5] + [last_play]:
        try:
            verdict = read_match(MATCH[:end]).verify()
        except ValueError:  # before the first game's score line: no match to referee
            continue
        assert verdict.finished is False, end


def money_session(last_game_over: bool) -> dict[str, Any]:
    turns = [
        {"player": 1, "action": "roll", "dice": [6, 2], "play": "24/18 13/11"},
        {"player": 0, "action": "double", "cube": 2},
    ]
    if last_game_over:
        turns.append({"player": 1, "action": "drop"})
    return {
        "players": ["A", "B"],
        "match_length": 0,
        "games": [{"game": 1, "start_score": [0, 0], "turns": turns}],
    }


@pytest.mark.parametrize("over", [True, False])
def test_a_money_session_is_finished_when_its_last_game_is_over(over: bool) -> None:
    verdict = read_match(json.dumps(money_session(over))).verify()
    assert verdict.valid and verdict.finished is over
