"""The work limit of one transcript, the same on every face: a record of each variant's heaviest
roll replayed game after game is refused at the same place by the service (a 422 naming the limit),
the command line (the file unreadable, in the same words) and the library (WorkLimitExceeded), and
the place is counted, not timed: the record passes with a limit of exactly the work it costs and is
refused with one unit less, whatever the machine. Exporting it (.mat, SGF: the plays are replayed)
stops the same way on the three faces."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from flask.testing import FlaskClient

from arbitru.cli.commands import main
from arbitru.engine.board import Board
from arbitru.engine.budget import WorkLimitExceeded, used, work_budget
from arbitru.engine.moves import legal_plays
from arbitru.engine.rules import Rules
from arbitru.formats import limits
from arbitru.library import read_match
from arbitru.messages import render

DATA = Path(__file__).resolve().parents[2] / "data"
GAMES = 4
VARIANTS: dict[str, dict[str, Any] | None] = {
    "backgammon": None,
    "plakoto": {"preset": "plakoto"},
    "long_nardy": {"preset": "long_nardy"},
    "long_nardy_each_move": {"preset": "long_nardy", "nardy_block": "after_each_move"},
}


def _rows(name: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (DATA / name).read_text(encoding="utf-8").splitlines() if line]


def heavy_record(variant: str) -> dict[str, Any]:
    """GAMES games, each from the variant's heaviest known 1-1, played: backgammon's side on roll
    writes nothing (the referee lists the plays to tell it from a dance), the others a legal play
    (their judge lists the plays of every roll)."""
    rules = VARIANTS[variant]
    if rules is None:
        worst = max(_rows("worst_positions.jsonl"), key=lambda row: row["plays"])
        board, play = worst["board"], ""
    else:
        worst = next(
            row
            for row in _rows("family_worst_positions.jsonl")
            if row["movement"] == variant and row["dice"] == [1, 1]
        )
        pins = variant == "plakoto"
        plays = legal_plays(Board.from_dict(worst["board"], pins=pins), "white", (1, 1), Rules(**rules))
        board = {
            color: {k: v for k, v in side.items() if k != "pinned"} for color, side in worst["board"].items()
        }
        play = plays[0].notation
    games = [
        {
            "start_score": [0, number],
            "start_position": board,
            "turns": [{"player": 0, "action": "roll", "dice": [1, 1], "play": play}],
            "result": {"winner": 1, "points": 1, "and_the_match": False},
        }
        for number in range(GAMES)
    ]
    record: dict[str, Any] = {"players": ["alice", "bob"], "match_length": 0, "games": games}
    if rules is not None:
        record["rules"] = rules
    return record


def work_of(record: dict[str, Any]) -> int:
    """The units the library's verify charges for the whole record (a caller's budget counts it)."""
    with work_budget(10**12):
        assert read_match(json.dumps(record)).verify("illegal-moves-rule").valid
        return used()


def library(record: dict[str, Any]) -> str:
    try:
        return "valid" if read_match(json.dumps(record)).verify("illegal-moves-rule").valid else "invalid"
    except WorkLimitExceeded as exc:
        return render("problem.too_much_work", {"limit": exc.limit})


def service(client: FlaskClient, record: dict[str, Any]) -> str:
    answer = client.post("/v1/matches/verify", json={"record": record, "mode": "illegal-moves-rule"})
    if answer.status_code == 422:
        return str(answer.get_json()["detail"])
    assert answer.status_code == 200
    return "valid" if answer.get_json()["valid"] else "invalid"


def command_line(tmp_path: Path, record: dict[str, Any]) -> str:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = CliRunner().invoke(main, ["verify", str(path), "--json", "--mode", "illegal-moves-rule"])
    (row,) = json.loads(result.output)
    return str(row.get("problem")) if row["status"] == "unreadable" else str(row["status"])


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_a_heavy_record_stops_at_the_same_count_on_every_face(
    variant: str, client: FlaskClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = heavy_record(variant)
    work = work_of(record)
    monkeypatch.setattr(limits, "MAX_WORK", work)
    assert library(record) == service(client, record) == command_line(tmp_path, record) == "valid"
    monkeypatch.setattr(limits, "MAX_WORK", work - 1)
    refused = render("problem.too_much_work", {"limit": work - 1})
    assert library(record) == service(client, record) == command_line(tmp_path, record) == refused


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_a_record_of_heavy_games_up_to_the_game_limit_meets_the_work_limit(variant: str) -> None:
    # The heaviest roll of every variant costs thousands of units: a record of MAX_GAMES of them
    # (well within the body limit) is refused long before its end, by counting.
    one_game = work_of({**heavy_record(variant), "games": heavy_record(variant)["games"][:1]})
    assert one_game * limits.MAX_GAMES > 2 * limits.MAX_WORK


def export_work(record: dict[str, Any], target: str) -> int:
    """The units the library's export to `target` charges (a caller's budget counts it)."""
    transcript = read_match(json.dumps(record))
    with work_budget(10**12):
        transcript.to_mat() if target == "mat" else transcript.to_sgf()
        return used()


def library_export(record: dict[str, Any], target: str) -> str:
    transcript = read_match(json.dumps(record))
    try:
        transcript.to_mat() if target == "mat" else transcript.to_sgf()
    except WorkLimitExceeded as exc:
        return render("problem.too_much_work", {"limit": exc.limit})
    return "written"


def service_export(client: FlaskClient, record: dict[str, Any], target: str) -> str:
    answer = client.post("/v1/matches/convert", json={"record": record, "to": target})
    if answer.status_code == 422:
        return str(answer.get_json()["detail"])
    assert answer.status_code == 200
    return "written"


def command_line_export(tmp_path: Path, record: dict[str, Any], target: str) -> str:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = CliRunner().invoke(main, ["convert", str(path), "--to", target])
    if result.exit_code == 0:
        return "written"
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith(f"{path}: ")
    return result.stderr.removeprefix(f"{path}: ").strip()


@pytest.mark.parametrize("target", ["mat", "sgf"])
def test_an_export_of_a_heavy_record_stops_at_the_same_count_on_every_face(
    target: str, client: FlaskClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Only the backgammon family's matches are written as .mat or SGF (the others are refused
    # before any work).
    record = heavy_record("backgammon")
    work = export_work(record, target)
    assert work > 0
    monkeypatch.setattr(limits, "MAX_WORK", work)
    library, service = library_export(record, target), service_export(client, record, target)
    assert library == service == command_line_export(tmp_path, record, target) == "written"
    monkeypatch.setattr(limits, "MAX_WORK", work - 1)
    refused = render("problem.too_much_work", {"limit": work - 1})
    library, service = library_export(record, target), service_export(client, record, target)
    assert library == service == command_line_export(tmp_path, record, target) == refused
