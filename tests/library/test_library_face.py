"""The library's face (`import arbitru`): rules by preset, the public names, the version, positions
through the three notations and back, the board's diagram, a match file's verdict as the referee's."""

from __future__ import annotations

import ast
import importlib
import importlib.metadata
import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import get_args

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import arbitru
from arbitru import Board, Position, Rules, read_match, read_position, write_position
from arbitru.engine.rules import PRESETS, ROMANIAN, STANDARD, build_rules
from arbitru.library import Mode
from arbitru.referee import MODES, resolve_rules, verify
from tests.support.cases import examples
from tests.support.positions import scattered_positions

REPO = Path(__file__).resolve().parents[2]
WEB = ("flask", "marshmallow", "flask_smorest", "werkzeug", "gunicorn", "apispec", "webargs")


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_rules_named_by_a_preset_are_that_preset(name: str) -> None:
    assert Rules(preset=name) == PRESETS[name] == build_rules({"preset": name})[0]


def test_a_romanian_marț_counts_two_with_the_preset_named_in_the_constructor() -> None:
    board = Board.from_dict({"white": {"off": 15}, "black": {"points": {"20": 15}}})
    assert Position(board, rules=Rules(preset="romanian")).outcome().points == 2


def test_options_given_with_a_preset_override_that_preset_and_no_other_option() -> None:
    rules = Rules(preset="romanian", match_length=7, cube=True)
    assert rules == replace(ROMANIAN, match_length=7, cube=True)
    assert rules == build_rules({"preset": "romanian", "match_length": 7, "cube": True})[0]


@pytest.mark.parametrize("preset", ["gul_bara", "", "Romanian"])
def test_an_unknown_preset_is_refused(preset: str) -> None:
    with pytest.raises(ValueError, match="unknown preset"):
        Rules(preset=preset)


def test_a_copy_keeps_every_value_it_is_given_whatever_its_preset() -> None:
    assert replace(ROMANIAN, cube=True).cube is True
    assert replace(STANDARD, preset="romanian") == Rules(preset="romanian", **_options(STANDARD))
    assert STANDARD.with_options(preset="romanian") == ROMANIAN


def _options(rules: Rules) -> dict[str, object]:
    return {k: v for k, v in rules.to_dict().items() if k != "preset"}


def test_every_public_name_is_importable_from_arbitru_and_is_its_homes() -> None:
    for name in arbitru.__all__:
        value = getattr(arbitru, name)
        home = arbitru._HOMES.get(name)
        if home is not None:
            assert value is getattr(importlib.import_module(home), name)
    assert {*arbitru._HOMES, "__version__", "create_app"} == set(arbitru.__all__)


def test_the_type_checkers_imports_name_each_public_name_where_it_lives() -> None:
    tree = ast.parse((REPO / "service/arbitru/__init__.py").read_text())
    checked = next(node for node in tree.body if isinstance(node, ast.If))
    said = {
        alias.name: node.module
        for node in checked.body
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }
    assert {name: said.get(name) for name in arbitru._HOMES} == arbitru._HOMES


def test_the_version_is_the_installed_package_s() -> None:
    assert arbitru.__version__ == importlib.metadata.version("arbitru")


def test_importing_arbitru_loads_no_layer_until_a_name_is_used() -> None:
    code = (
        "import json, sys, arbitru\nprint(json.dumps([m for m in sys.modules if m.startswith('arbitru.')]))\n"
    )
    run = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    assert json.loads(run.stdout) == []


def test_the_library_and_the_command_line_load_no_web_framework() -> None:
    code = (
        "import json, sys, arbitru, arbitru.cli\n"
        "[getattr(arbitru, name) for name in arbitru.__all__ if name != 'create_app']\n"
        f"print(json.dumps([m for m in sys.modules if m.split('.')[0] in {WEB!r}]))\n"
    )
    run = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    assert json.loads(run.stdout) == []


_POSITIONS = list(scattered_positions(28, 200))


@settings(max_examples=examples(100), deadline=None)
@given(
    index=st.integers(0, len(_POSITIONS) - 1),
    notation=st.sampled_from(["gnubg_id", "xgid", "fibs"]),
    cube=st.sampled_from([(1, "centered"), (2, "white"), (4, "black")]),
    match=st.sampled_from([(0, (0, 0), False), (7, (3, 6), True), (5, (1, 2), False)]),
)
def test_a_position_written_in_any_notation_reads_back_as_the_same_position(
    index: int, notation: str, cube: tuple[int, str], match: tuple[int, tuple[int, int], bool]
) -> None:
    assume(not match[2] or cube == (1, "centered"))  # nobody doubles in the Crawford game
    board, turn, (high, low) = _POSITIONS[index]
    dice = (max(high, low), min(high, low))  # the notations write a roll high die first
    position = Position(board, turn, dice, arbitru.Cube(*cube), arbitru.Match(*match))  # type: ignore[arg-type]
    assert read_position(write_position(position, notation), notation) == position  # type: ignore[arg-type]


@settings(max_examples=examples(100), deadline=None)
@given(index=st.integers(0, len(_POSITIONS) - 1))
def test_the_board_diagram_shows_every_checker_on_the_board_once(index: int) -> None:
    board = _POSITIONS[index][0]
    text = str(board)
    counts = [cell for line in text.splitlines()[1:3] for cell in line.replace("|", " ").split()]
    on_points = {
        color: sum(int(c[:-1]) for c in counts if c.endswith(color[0].upper()))
        for color in ("white", "black")
    }
    assert on_points == {color: sum(board.side(color)[1:25]) for color in ("white", "black")}  # type: ignore[arg-type]
    assert (
        f"bar: W {board.white[25]} B {board.black[25]}   off: W {board.white[0]} B {board.black[0]}" in text
    )
    assert eval(repr(board)) == board  # the repr stays the value


def test_a_position_after_a_play_has_its_board_and_passes_the_turn() -> None:
    position = Position.initial(turn="white", dice=(6, 5))
    for play in position.plays():
        after = position.after(play)
        assert (after.board, after.turn, after.dice, after.rules) == (play.board, "black", None, STANDARD)


def test_the_library_takes_every_mode_the_referee_has() -> None:
    assert get_args(Mode) == MODES


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("name", ["match.mat", "illegal.mat"])
def test_a_match_verdict_says_what_the_referee_says(name: str, mode: str) -> None:
    path = REPO / "examples" / name
    transcript = read_match(path)
    from arbitru.formats.game_record import read_match_file

    match = read_match_file(path.read_bytes())
    rules, problems = resolve_rules(match, {})
    assert not problems and transcript.rules == rules
    verdict = transcript.verify(mode)  # type: ignore[arg-type]
    said = verify(match, rules, mode)
    assert verdict.to_dict() == said
    assert (verdict.valid, verdict.error_code, list(verdict.final_score)) == (
        said["valid"],
        (said["error"] or {}).get("code"),
        said["final_score"],
    )


def test_a_match_reads_the_same_from_a_path_a_file_bytes_and_text() -> None:
    path = REPO / "examples" / "match.mat"
    with path.open("rb") as binary, path.open(encoding="utf-8") as text_file:
        read = [read_match(path), read_match(binary), read_match(text_file), read_match(path.read_bytes())]
    read.append(read_match(path.read_text(encoding="utf-8")))
    assert all(t.verify().to_dict() == read[0].verify().to_dict() for t in read)
    assert all(t.rules == read[0].rules for t in read)


def test_rule_options_a_file_cannot_be_refereed_by_are_refused_with_every_problem() -> None:
    with pytest.raises(arbitru.RulesError) as refused:
        read_match(REPO / "examples" / "match.mat", preset="romanian", beavers=True, max_cube=3)
    assert {p.field for p in refused.value.problems} == {"rules.beavers", "rules.max_cube"}
