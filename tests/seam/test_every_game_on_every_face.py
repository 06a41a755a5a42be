"""The seam law across games and faces, as one property: for every preset, games the engine plays
with seeded dice reach every ending the preset has (single, gammon, backgammon where it counts,
Plakoto's mother win and tie, a resignation, a drop where there is a cube, a flag on the clock);
every turn is sent through /v1/play and the library and ruled legal on the board the engine
reached; the record is verified over HTTP, by the command line and by the library with the same
verdict; exported to .mat and SGF where they hold the game and verified the same again; and the
report is written from the command line's rows. No face may crash or disagree.
"""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from arbitru import create_app
from arbitru.cli import main
from arbitru.engine.board import COLORS, OFF, other
from arbitru.engine.position import Position
from arbitru.engine.rules import PRESETS
from arbitru.library import read_match
from arbitru.referee.rules import transcript_problem
from tests.http.conftest import ok_json

PLAYERS = ("Ana", "Bogdan")
SEEDS = 400  # how many seeded games may be tried to reach an ending (each is found well before)
VERDICT = ("valid", "final_score", "winner", "games", "error")  # what every form of a match must agree on


def natural_endings(preset: str) -> tuple[str, ...]:
    """The endings a game of `preset` reaches by play alone, by the result the board counts."""
    rules = PRESETS[preset]
    found = ["single", "gammon"]
    if rules.backgammons:
        found.append("backgammon")
    if rules.variant == "plakoto":
        found += ["mother", "tie"]
    return tuple(found)


def endings(preset: str) -> tuple[str, ...]:
    """Every ending of `preset`: by play, a resignation, a drop where there is a cube, a flag."""
    cube = ("drop",) if PRESETS[preset].cube else ()
    return (*natural_endings(preset), "resign", *cube, "flag")


CASES = [(preset, ending) for preset in PRESETS for ending in endings(preset)]


def _ending_of(position: Position) -> str:
    verdict = position.outcome()
    if verdict.winner is None:
        return "tie"
    if position.board.side(verdict.winner)[OFF] < position.rules.checkers:
        return "mother"
    return verdict.result or "single"


def _turns(preset: str, seed: int, stop: int | None = None) -> tuple[list[dict[str, Any]], Position]:
    """A game the engine plays from the preset's start with dice and choices seeded by `seed` (the
    first roll no doublet), as a record's turns: to its end, or to the first `stop` turns."""
    rng, rules = random.Random(seed), PRESETS[preset]
    position = Position.initial(rules, turn="white")
    turns: list[dict[str, Any]] = []
    while not position.ends_game() and (stop is None or len(turns) < stop):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        while not turns and dice[0] == dice[1]:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
        plays = position.plays(dice)
        play = rng.choice(plays) if plays else None
        turns.append(
            {
                "player": COLORS.index(position.turn),
                "action": "roll",
                "dice": list(dice),
                "play": play.notation if play else "",
                "_position": position,  # for the per-turn checks; taken out of the record
            }
        )
        board = play.board if play else position.board
        position = Position(board, other(position.turn), rules=rules)
    return turns, position


@cache
def _seed_for(preset: str, ending: str) -> int:
    """The first seed whose game ends in `ending` (by play)."""
    for seed in range(SEEDS):
        if _ending_of(_turns(preset, seed)[1]) == ending:
            return seed
    raise AssertionError(f"no seeded {preset} game in {SEEDS} ends in {ending}")


def game_turns(preset: str, ending: str) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The turns of a game of `preset` ending in `ending`, and what the record adds for it."""
    if ending in natural_endings(preset):
        return _turns(preset, _seed_for(preset, ending))[0], {}
    turns, position = _turns(preset, 7, stop=12)
    assert not position.ends_game()
    player = COLORS.index(position.turn)
    if ending == "resign":
        return [*turns, {"player": player, "action": "resign", "level": "single"}], {}
    if ending == "drop":
        cube = [{"player": player, "action": "double", "cube": 2}, {"player": 1 - player, "action": "drop"}]
        return [*turns, *cube], {}
    # a flag: every turn takes 10 s, then the player on roll lets its clock run out
    for number, turn in enumerate(turns, 1):
        turn["at"] = 10 * number
    read_at = 10 * len(turns) + 1_000  # long after its reserve ran out
    return turns, {"clock": {"preset": "online_worst_result", "reserve": 60}, "clock_read_at": read_at}


def record_of(preset: str, ending: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The JSON game record of one game of `preset` ending in `ending`, and its turns as played."""
    turns, extra = game_turns(preset, ending)
    clocked = "clock" in extra
    game: dict[str, Any] = {
        "game": 1,
        "start_score": [0, 0],
        "turns": [{k: v for k, v in turn.items() if not k.startswith("_")} for turn in turns],
    }
    if clocked:
        game["clock_started_at"] = 0
    record = {"players": list(PLAYERS), "match_length": 0, "rules": {"preset": preset}, **extra}
    record["games"] = [game]
    return record, turns


@pytest.fixture(scope="module")
def client() -> Any:
    return create_app({"TESTING": True}).test_client()


def _same(verdict: dict[str, Any]) -> dict[str, Any]:
    """What every form of a match must agree on (a .mat or SGF writes each game's result, which the
    record leaves out: `declared_points` then differs by design)."""
    same = {key: verdict[key] for key in VERDICT}
    same["games"] = [{k: v for k, v in game.items() if k != "declared_points"} for game in same["games"]]
    return same


def _cli_rows(tmp_path: Path, name: str, text: str) -> tuple[dict[str, Any], Path]:
    """The command line's row for a file holding `text`, and the JSON Lines shard it wrote."""
    source, shard = tmp_path / name, tmp_path / f"{name}.jsonl"
    source.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["verify", "--jsonl", "-o", str(shard), str(source)])
    assert result.exit_code in (0, 1), result.output
    row = json.loads(shard.read_text(encoding="utf-8").splitlines()[0])
    assert row["status"] in ("valid", "invalid"), row
    return row, shard


def _every_turn_through_play_and_the_library(client: Any, preset: str, turns: list[dict[str, Any]]) -> None:
    for turn in turns:
        position = turn.get("_position")
        if position is None:
            continue
        dice, play = tuple(turn["dice"]), turn["play"]
        sent = {
            "board": position.variant.board_json(position.board),
            "turn": position.turn,
            "dice": list(dice),
            "rules": {"preset": preset},
            "play": play,
        }
        answer = ok_json(client.post("/v1/play", json=sent))
        library = Position(position.board, position.turn, dice, rules=position.rules).judge(play)
        assert answer["legal"] is True and library.legal, (turn, answer)


@pytest.mark.parametrize(("preset", "ending"), CASES)
def test_a_game_of_every_preset_and_ending_is_ruled_the_same_on_every_face(
    client: Any, tmp_path: Path, preset: str, ending: str
) -> None:
    record, turns = record_of(preset, ending)
    _every_turn_through_play_and_the_library(client, preset, turns)

    http = ok_json(client.post("/v1/matches/verify", json={"record": record}))
    assert http["valid"] is True, http["error"]
    text = json.dumps(record, ensure_ascii=False)
    cli, shard = _cli_rows(tmp_path, "game.json", text)
    library = read_match(text).verify().to_dict()
    assert cli["verdict"] == http == library

    game = http["games"][0]
    if ending == "flag":
        assert http["clock"]["ruling"]["kind"] == "game_lost" and http["clock"]["flags"][-1]["final"]
    elif ending == "tie":
        assert game["winner"] is None and game["ended_by"] is not None
    else:
        assert game["winner"] == PLAYERS[0] or game["winner"] == PLAYERS[1]

    if transcript_problem(PRESETS[preset]) is None:  # a .mat or SGF holds the game (not a rotation's)
        transcript = read_match(text)
        for target, written in (("mat", transcript.to_mat()), ("sgf", transcript.to_sgf())):
            converted = ok_json(
                client.post(
                    "/v1/matches/convert",
                    json={"record": record, "to": target},
                    headers={"Accept": "application/json"},
                )
            )["text"]
            assert converted == written
            again = ok_json(client.post("/v1/matches/verify", json={target: written}))
            assert _same(again) == _same(http)
            assert _same(read_match(written).verify().to_dict()) == _same(http)
            assert _same(_cli_rows(tmp_path, f"game.{target}", written)[0]["verdict"]) == _same(http)

    report = CliRunner().invoke(main, ["report", "--json", str(shard), "-o", str(tmp_path / "r.html")])
    assert report.exit_code == 0, report.output
    summary = json.loads(report.output)
    (entry,) = summary["matches"]
    assert entry["status"] == "valid" and entry["final_score"] == http["final_score"]
    assert (tmp_path / "r.html").stat().st_size > 0


def test_every_ending_of_every_preset_is_reached() -> None:
    """The table of cases is the product of the presets and their endings; each natural ending has
    a seeded game (so the property above cannot pass by having nothing to check)."""
    assert {preset for preset, _ in CASES} == set(PRESETS)
    for preset, ending in CASES:
        if ending in natural_endings(preset):
            assert _ending_of(_turns(preset, _seed_for(preset, ending))[1]) == ending
