"""The board of a Long Nardy or Plakoto match's illegal play, in the report of `arbitru verify` and of
`arbitru report` over its shard, places the checkers as the variant does (long nardy: each side
from its own 24, the same way round; plakoto: the pinned checkers under their pinners): its row's
position carries the match's rules. A row written before positions carried them reads as
backgammon's, as it was written."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from arbitru.cli import main
from arbitru.engine.board import COLORS, PINNED, Board, other
from arbitru.engine.position import Position
from arbitru.engine.rules import PRESETS, STANDARD, Rules
from arbitru.engine.variants import variant_of
from arbitru.formats.svg import render_board

ILLEGAL = "1/7 2/4"  # a checker moved backwards: illegal wherever it is played, the board shown


def _pinned(position: Position) -> bool:
    return any(any(side[PINNED:]) for side in (position.board.white, position.board.black))


def illegal_record(preset: str, seed: int = 7) -> dict[str, Any]:
    """A record played by the engine from the preset's start with seeded dice (the first roll not a
    doublet; in plakoto, until a checker is pinned), then an illegal play of the side on roll
    (white = players[0])."""
    rng = random.Random(seed)
    position = Position.initial(PRESETS[preset], turn="white")
    written = []
    while len(written) < 6 or (preset == "plakoto" and not _pinned(position) and len(written) < 200):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        while not written and dice[0] == dice[1]:  # an opening roll is never a doublet in backgammon
            dice = (rng.randint(1, 6), rng.randint(1, 6))
        play = rng.choice(position.plays(dice))
        player = 0 if position.turn == "white" else 1
        written.append({"player": player, "action": "roll", "dice": list(dice), "play": play.notation})
        position = Position(play.board, other(play.turn), rules=position.rules)
    player = 0 if position.turn == "white" else 1
    written.append({"player": player, "action": "roll", "dice": [6, 5], "play": ILLEGAL})
    return {
        "players": ["Nicu", "Dorin"],
        "match_length": 0,
        "rules": {"preset": preset},
        "games": [{"game": 1, "start_score": [0, 0], "turns": written}],
    }


def verified(tmp_path: Path, preset: str, seed: int = 7) -> tuple[Path, dict[str, Any], str]:
    """The shard of `arbitru verify --jsonl --report` over the record, its row, and its report."""
    record = tmp_path / f"{preset}.json"
    record.write_text(json.dumps(illegal_record(preset, seed)), encoding="utf-8")
    shard, report = tmp_path / "shard.jsonl", tmp_path / "report.html"
    args = ["verify", "--jsonl", "-o", str(shard), "--report", str(report), str(record)]
    result = CliRunner().invoke(main, args, catch_exceptions=False)
    assert result.exit_code == 1, result.output
    row = json.loads(shard.read_text(encoding="utf-8").splitlines()[0])
    assert row["status"] == "invalid" and row["verdict"]["error"]["action"] == f"65: {ILLEGAL}"
    return shard, row, report.read_text(encoding="utf-8")


def picture(position: dict[str, Any], rules: Rules) -> str:
    """The board picture of a row's position drawn by `rules`, as the renderer draws it."""
    variant = variant_of(rules)
    board = Board.from_dict(position["board"], pins=variant.pins)
    cube = 1 if rules.cube else None
    return render_board(board, turn=position["turn"], dice=position["dice"], cube_value=cube, variant=variant)


def merged(tmp_path: Path, shard: Path) -> str:
    report = tmp_path / "merged.html"
    CliRunner().invoke(main, ["report", "-o", str(report), str(shard)], catch_exceptions=False)
    return report.read_text(encoding="utf-8")


@pytest.mark.parametrize("preset", ["long_nardy", "plakoto"])
def test_a_variant_matchs_board_in_the_report_places_the_checkers_as_the_variant_does(
    tmp_path: Path, preset: str
) -> None:
    shard, row, report = verified(tmp_path, preset)
    position = row["verdict"]["error"]["position"]
    assert position["rules"] == PRESETS[preset].to_dict()
    if preset == "plakoto":  # a checker lies pinned: drawn under its pinner, not left out
        assert any(position["board"][color]["pinned"] for color in COLORS)
    drawn = picture(position, PRESETS[preset])
    assert drawn in report and report.count("<svg") == 1
    as_backgammon = picture(position, STANDARD)
    assert _untitled(as_backgammon) != _untitled(drawn)  # the variant's geometry or pins show
    assert drawn in merged(tmp_path, shard)  # `arbitru report` over the shard draws the same


def test_a_row_written_before_positions_carried_their_rules_reads_as_backgammon(tmp_path: Path) -> None:
    shard, row, _ = verified(tmp_path, "long_nardy")
    position = row["verdict"]["error"]["position"]
    del position["rules"]
    lines = shard.read_text(encoding="utf-8").splitlines()
    shard.write_text("\n".join([json.dumps(row), *lines[1:]]) + "\n", encoding="utf-8")
    report = merged(tmp_path, shard)
    assert picture(position, STANDARD) in report
    assert picture(position, PRESETS["long_nardy"]) not in report


def _untitled(svg: str) -> str:
    return re.sub("<title>.*?</title>", "", svg)
