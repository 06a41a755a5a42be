"""A rotation match (issue 43): a Greek Tavli match to 7, Portes, Plakoto, Fevga in turn, played
from /v1/start to its end through HTTP (examples/play_tavli.py, its dice seeded, on the test client),
then its record refereed with one verdict over HTTP, by the command line and by the library; a .mat
or SGF cannot hold it; each later game is started by the winner of the one before, with no opening
roll; no cube; each game is the one its turn in the rotation names.
"""

from __future__ import annotations

import copy
import importlib.util
import json
from collections.abc import Callable
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from arbitru import create_app
from arbitru.cli import main
from arbitru.engine.rules import MAX_MATCH_LENGTH, PRESETS, ROTATIONS, Rules, build_rules, game_rules
from arbitru.formats.limits import MAX_GAME_NUMBER
from arbitru.library import read_match
from arbitru.referee.replay import ExportError
from tests.http.conftest import assert_problem, ok_json

EXAMPLE = Path(__file__).parents[2] / "examples" / "play_tavli.py"
COLORS = ("white", "black")


@cache
def _client() -> Any:
    return create_app({"TESTING": True}).test_client()


def _call(path: str, body: dict[str, Any]) -> dict[str, Any]:
    return ok_json(_client().post(path, json=body))


@cache
def _example() -> Any:
    spec = importlib.util.spec_from_file_location("play_tavli", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@cache
def _played() -> tuple[dict[str, Any], dict[str, Any]]:
    """The record of a Tavli match to 7 played through the API, and the verdict /v1/matches/verify gave."""
    play_tavli: Callable[..., tuple[dict[str, Any], dict[str, Any]]] = _example().play_tavli
    return play_tavli(_call, seed=43, length=7)


@pytest.fixture
def played() -> tuple[dict[str, Any], dict[str, Any]]:
    record, verdict = _played()
    return copy.deepcopy(record), verdict


def test_a_tavli_match_to_7_plays_from_start_to_its_end_and_is_valid(played: Any) -> None:
    record, verdict = played
    assert verdict["valid"] is True, verdict["error"]
    assert verdict["finished"] is True and max(verdict["final_score"]) >= 7
    assert verdict["winner"] in record["players"]
    games = ROTATIONS["tavli"]
    for number, game in enumerate(record["games"], 1):
        assert game["game"] == number
        assert game["variant"] == PRESETS[games[(number - 1) % len(games)]].variant
    assert len(record["games"]) > len(games)  # the rotation came round again


def test_each_later_game_is_started_by_the_winner_of_the_one_before(played: Any) -> None:
    record, _ = played
    for before, game in zip(record["games"], record["games"][1:], strict=False):
        if "result" in before:  # a game won; after a tie the next opens with an opening roll
            assert game["turns"][0]["player"] == before["result"]["winner"]


def test_its_record_is_ruled_the_same_over_http_by_the_command_line_and_by_the_library(
    played: Any, tmp_path: Path
) -> None:
    record, verdict = played
    http = _call("/v1/matches/verify", {"record": record})
    text = json.dumps(record)
    source, shard = tmp_path / "tavli.json", tmp_path / "tavli.jsonl"
    source.write_text(text, encoding="utf-8")
    ran = CliRunner().invoke(main, ["verify", "--jsonl", "-o", str(shard), str(source)])
    assert ran.exit_code == 0, ran.output
    cli = json.loads(shard.read_text(encoding="utf-8").splitlines()[0])["verdict"]
    library = read_match(text).verify().to_dict()
    assert http == verdict == cli == library
    report = CliRunner().invoke(main, ["report", "--json", str(shard), "-o", str(tmp_path / "r.html")])
    assert report.exit_code == 0, report.output
    (entry,) = json.loads(report.output)["matches"]
    assert entry["status"] == "valid" and entry["final_score"] == http["final_score"]


@pytest.mark.parametrize("target", ["mat", "sgf"])
def test_a_mat_or_sgf_cannot_hold_a_rotation_match(played: Any, target: str) -> None:
    record, _ = played
    answer = assert_problem(_client().post("/v1/matches/convert", json={"record": record, "to": target}), 422)
    assert "rules.rotation" in json.dumps(answer)
    transcript = read_match(json.dumps(record))
    with pytest.raises(ExportError):
        transcript.to_mat() if target == "mat" else transcript.to_sgf()


def _second_game_won_after(record: dict[str, Any]) -> int:
    """The index of the first game that follows a game won."""
    return next(i for i in range(1, len(record["games"])) if "result" in record["games"][i - 1])


def test_the_loser_of_a_game_rolling_first_in_the_next_is_out_of_turn(played: Any) -> None:
    record, _ = played
    game = record["games"][_second_game_won_after(record)]
    for turn in game["turns"]:
        turn["player"] = 1 - turn["player"]  # the same game, begun by the other player
    verdict = _call("/v1/matches/verify", {"record": record})
    assert verdict["valid"] is False
    assert verdict["error"]["code"] == "OUT_OF_TURN" and verdict["error"]["game"] == game["game"]


def test_a_game_written_as_another_variant_is_refused(played: Any) -> None:
    record, _ = played
    game = record["games"][1]
    game["variant"] = "backgammon" if game["variant"] != "backgammon" else "plakoto"
    verdict = _call("/v1/matches/verify", {"record": record})
    assert verdict["error"]["code"] == "WRONG_VARIANT" and verdict["error"]["game"] == 2


def test_there_is_no_cube_in_a_tavli_match(played: Any) -> None:
    record, _ = played
    game = record["games"][0]
    first = game["turns"][0]["player"]
    game["turns"][1:1] = [{"player": 1 - first, "action": "double", "cube": 2}]
    verdict = _call("/v1/matches/verify", {"record": record})
    assert verdict["error"]["code"] == "CUBE_DISABLED"


def test_start_after_a_game_answers_the_next_game_its_rules_and_its_starter() -> None:
    first = _call("/v1/start", {"rules": {"preset": "tavli"}})
    assert first["game"] == 1 and first["next"]["step"] == "opening"
    assert first["rules"] == PRESETS["tavli"].to_dict()  # the rules sent: they play game 1
    after = {"game": 1, "winner": "black"}
    second = _call("/v1/start", {"rules": first["rules"], "after": after})
    assert second["game"] == 2 and second["rules"]["preset"] == ROTATIONS["tavli"][1]
    assert second["variant"] == second["rules"]["variant"] and second["rules"]["rotation"] == "tavli"
    assert second["next"]["step"] == "roll" and second["next"]["turn"] == "black"
    rolled = _call("/v1/roll", {"state": second["state"]})
    assert rolled["turn"] == "black" and rolled["opening"] is None
    # the rules answered, sent back, mean the same: the game after game 2 is the rotation's next
    third = _call("/v1/start", {"rules": second["rules"], "after": {"game": 2, "winner": "white"}})
    games = ROTATIONS["tavli"]
    assert third["rules"] == Rules(preset=games[2 % len(games)], rotation="tavli", match_length=7).to_dict()


def test_start_without_after_answers_the_game_its_rules_name_as_sent() -> None:
    for preset in ROTATIONS["tavli"]:
        sent = Rules(preset=preset, rotation="tavli", match_length=7).to_dict()
        answer = _call("/v1/start", {"rules": sent})
        assert answer["rules"] == sent and answer["game"] == ROTATIONS["tavli"].index(preset) + 1


def test_after_a_tie_the_next_game_opens_with_an_opening_roll() -> None:
    answer = _call("/v1/start", {"rules": {"preset": "tavli"}, "after": {"game": 2, "winner": None}})
    assert answer["game"] == 3 and answer["next"]["step"] == "opening"


@pytest.mark.parametrize(
    "after",
    [
        {"game": 0, "winner": "white"},
        {"game": 1},
        {"game": 1, "winner": "red"},
        {"game": "1", "winner": None},
    ],
)
def test_start_refuses_an_after_that_names_no_game_played(after: dict[str, Any]) -> None:
    answer = assert_problem(
        _client().post("/v1/start", json={"rules": {"preset": "tavli"}, "after": after}), 422
    )
    assert "after" in json.dumps(answer)


@pytest.mark.parametrize(
    ("rules", "field"),
    [
        ({"preset": "tavli", "cube": True}, "rules.cube"),
        ({"preset": "standard", "rotation": "tavli"}, "rules.rotation"),
        ({"preset": "plakoto", "rotation": "tavli", "gammons": False}, "rules.gammons"),
    ],
)
def test_a_rotation_plays_each_game_by_its_preset_only_its_length_may_change(
    rules: dict[str, Any], field: str
) -> None:
    assert [p.field for p in build_rules(rules)[1]] == [field]
    answer = assert_problem(_client().post("/v1/start", json={"rules": rules}), 422)
    assert field in json.dumps(answer)
    assert not build_rules({"preset": "tavli", "match_length": 5})[1]


@given(number=st.integers(1, MAX_GAME_NUMBER), length=st.integers(0, MAX_MATCH_LENGTH))
def test_every_game_of_a_rotation_is_its_turns_preset_and_its_rules_are_accepted_back(
    number: int, length: int
) -> None:
    rules = game_rules(PRESETS["tavli"].with_options(match_length=length), number)
    games = ROTATIONS["tavli"]
    turn = games[(number - 1) % len(games)]
    assert rules.preset == (turn if turn != games[0] else "tavli")  # the preset sent plays game 1
    assert replace(rules, preset=turn) == Rules(preset=turn, rotation="tavli", match_length=length)
    assert build_rules(rules.to_dict()) == (rules, [])
    assert game_rules(rules, number) == rules  # the game's own rules name the same game


@pytest.mark.parametrize("hostile", ["plakoto\u202e", "fevga\x00", "f" * 5000, 12, None, ["portes"]])
def test_a_games_variant_that_names_no_game_is_refused_naming_the_field_on_every_face(
    played: Any, hostile: Any, tmp_path: Path
) -> None:
    record, _ = played
    record = copy.deepcopy(record)
    record["games"][1]["variant"] = hostile
    answer = _client().post("/v1/matches/verify", json={"record": record})
    assert answer.status_code == 422 and answer.content_type == "application/problem+json"
    assert "record.games[1].variant" in answer.json["errors"], answer.json
    path = tmp_path / "tavli.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = CliRunner().invoke(main, ["verify", str(path), "--json"])
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output and "games[1].variant" in result.output
    assert "\x00" not in result.output and "\u202e" not in result.output  # control and bidi escaped
