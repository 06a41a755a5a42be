"""The message catalogue: every code the engine and the HTTP layer speak has an English and a
Romanian text naming the same parameters, and the engine itself holds no sentence."""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
import string
from itertools import product
from pathlib import Path

import marshmallow as ma
import pytest
from marshmallow import validate

import arbitru.engine
import arbitru.http  # noqa: F401 - installs the marshmallow templates (arbitru.messages.marshmallow)
from arbitru.engine.board import Board
from arbitru.engine.cube import REASONS, Cube
from arbitru.engine.judge import REASON_CODES
from arbitru.engine.match import Match, context_problems
from arbitru.engine.notation import NotationError, parse_play
from arbitru.engine.opening import OpeningResult, opening_problems, opening_step_keys
from arbitru.engine.rules import OPENING_DICE, OPENING_TIES, OPENINGS, STANDARD, Rules, build_rules
from arbitru.messages import LANGUAGES, Message, has_text, localise, render, say
from arbitru.messages.catalogue import CATALOGUE
from arbitru.messages.marshmallow import _TEMPLATES
from arbitru.referee import ENDINGS

ENGINE = Path(arbitru.engine.__file__).parent
HTTP = ENGINE.parent / "http"
FORMATS = ENGINE.parent / "formats"


def placeholders(text: str) -> set[str]:
    """The `{name}` fields of a format string."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@pytest.mark.parametrize("key", sorted(CATALOGUE))
def test_every_message_has_english_and_romanian_with_the_same_parameters(key):
    texts = CATALOGUE[key]
    assert set(texts) == set(LANGUAGES), key
    assert all(texts[lang].strip() for lang in LANGUAGES)
    assert placeholders(texts["en"]) == placeholders(texts["ro"]), key


def play_codes() -> set[str]:
    return {f"play.{code}" for code in REASON_CODES} | {"play.HIT_ON_THE_WAY", "play.REGROUPED"}


def opening_codes() -> set[str]:
    cube = Cube()
    results = [
        OpeningResult(None, None, True, cube),
        OpeningResult(None, None, True, Cube(2), automatic_double=True),
        OpeningResult("white", (6, 5), False, cube),
        OpeningResult("black", None, False, cube),
    ]
    steps = {
        key
        for opening, ties, dice in product(OPENINGS, OPENING_TIES, OPENING_DICE)
        for key in opening_step_keys(Rules(opening=opening, opening_ties=ties, opening_dice=dice))
    }
    return {result.message_key for result in results} | steps


@pytest.mark.parametrize("key", sorted(play_codes() | set(REASONS) | opening_codes()))
def test_every_engine_code_has_a_text(key):
    assert has_text(key)


@pytest.mark.parametrize("ending", ENDINGS)
def test_every_way_a_game_ends_has_a_word(ending):
    assert has_text(f"ended_by.{ending}")


def engine_problems() -> list:
    """Rules, match, cube, opening and board problems of inputs that raise every kind the engine has."""
    found = []
    for options in (
        {"preset": "nope"},
        {"nope": 1},
        {"gammons": "yes"},
        {"max_cube": "64"},
        {"variant": "gul_bara"},
        {"nardy_block": "after_play"},
        {"hypergammon_checkers": 2},
        {"max_cube": 3},
        {"automatic_doubles": 9},
        {"match_length": 100000},
        {"opening_ties": "higher_die"},
        {"doubling": True},
        {"beavers": True, "cube": False},
    ):
        found += build_rules(options)[1]
    no_cube = build_rules({"cube": False})[0]
    no_crawford = build_rules({"crawford": False})[0]
    for cube, match, rules in (
        (Cube(1, "nobody"), Match(), STANDARD),
        (Cube(2), Match(), no_cube),
        (Cube(3), Match(), STANDARD),
        (Cube(1, "white"), Match(), STANDARD),
        (Cube(2, "white"), Match(5, (4, 0), crawford=True), STANDARD),
        (Cube(), Match(100000), STANDARD),
        (Cube(), Match(5, (-1, 7)), STANDARD),
        (Cube(), Match(0, (1, 0), crawford=True), STANDARD),
        (Cube(), Match(5, (1, 1), crawford=True), STANDARD),
        (Cube(), Match(5, (4, 1), crawford=True), no_crawford),
    ):
        found += context_problems(cube, match, rules)
    for opening in OPENINGS:
        found += opening_problems(
            {"white": [7], "black": [1, 2, 3]}, Rules(opening=opening), Cube(2, "white")
        )
    side = (0,) * 26
    found += Board((-1,) + (0,) * 24 + (16,), side).problems()
    found += Board((0,) * 25, side).problems()
    held = [0] * 26
    held[1], held[24] = 1, 14
    found += Board(tuple(held), tuple(held)).problems()
    found += Board((15,) + (0,) * 25, (15,) + (0,) * 25).problems()
    closed = [0, 2, 2, 2, 2, 2, 2] + [0] * 18 + [3]
    found += Board(tuple(closed), tuple(closed)).problems()
    return found


@pytest.mark.parametrize("play", ["8/5x", "8/5(0)", "off/3", "6/bar", "30/24", "24/23 " * 17])
def test_every_notation_error_renders_in_both_languages_from_its_own_parameters(play):
    with pytest.raises(NotationError) as caught:
        parse_play(play)
    key, params = caught.value.message_key, caught.value.params
    assert has_text(key) and placeholders(CATALOGUE[key]["en"]) <= set(params)
    assert render(key, params, "ro") != render(key, params, "en")


def test_every_engine_problem_renders_in_both_languages_from_its_own_parameters():
    problems = engine_problems()
    keys = {p.message_key for p in problems}
    assert len(keys) >= 25  # the inputs above reach (nearly) every kind
    for found in problems:
        assert has_text(found.message_key), found
        assert placeholders(CATALOGUE[found.message_key]["en"]) <= set(found.params), found
        for lang in LANGUAGES:
            assert "{" not in say(found, lang)


# How a catalogue key of the HTTP layer and the formats is written: `problem.empty_body`, `record.dice`...
WRITTEN_KEY = re.compile(r"(problem|game_record|format|svg|mat|notation)\.[a-z_]+")


def written_keys(root: Path) -> set[str]:
    """Every key the modules below `root` name: the first argument of each `message(...)` call (written
    out, or a name: a helper's parameter or a variable set from keys written out) and every string
    written as a key (what such a name is given)."""
    keys = set()
    for path in root.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        constants = [n for n in ast.walk(tree) if isinstance(n, ast.Constant)]
        strings = {id(n): n.value for n in constants if isinstance(n.value, str)}
        keys.update(text for text in strings.values() if WRITTEN_KEY.fullmatch(text))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "message":
                first = node.args[0]
                named = [strings[id(n)] for n in ast.walk(first) if id(n) in strings]
                assert named or isinstance(first, ast.Name), (
                    f"{path}:{node.lineno}: a message key must be written out"
                )
                keys.update(named)
    return keys


def test_every_problem_detail_the_http_layer_the_engine_and_the_formats_write_has_a_text():
    keys = written_keys(HTTP) | written_keys(FORMATS) | written_keys(ENGINE)
    assert {"problem.not_found", "problem.invalid_fields", "problem.game_over_on_roll"} <= keys
    assert {"problem.source_turn", "problem.too_much_work", "problem.one_of_got", "game_record.dice"} <= keys
    assert keys - set(CATALOGUE) == set()


@pytest.mark.parametrize("status", [400, 404, 405, 413, 415, 422, 500])
def test_every_problem_title_has_a_romanian_text(status):
    assert render(f"title.{status}", None, "ro") != render(f"title.{status}", None, "en")


def test_marshmallow_validator_messages_render_from_their_template_and_values():
    errors = [
        validate.OneOf(["a", "b"])._format_error("c"),
        validate.Range(1, 6)._format_error(7, validate.Range(1, 6).message_all),
        validate.Range(min=1)._format_error(0, validate.Range(min=1).message_min),
        validate.Range(max=6)._format_error(7, validate.Range(max=6).message_max),
        validate.Length(equal=2)._format_error([], validate.Length(equal=2).message_equal),
        validate.Length(max=3)._format_error([], validate.Length(max=3).message_max),
        validate.Length(1, 3)._format_error([], validate.Length(1, 3).message_all),
    ]
    assert errors[1] == "Must be greater than or equal to 1 and less than or equal to 6."
    assert localise(errors[1], "ro") == "Trebuie să fie între 1 și 6."
    for error in errors:
        assert isinstance(error, Message) and error.key in CATALOGUE, error
        assert localise(error, "en") == error
    assert len(_TEMPLATES) == 3


def schema_classes(cls: type[ma.Schema] = ma.Schema) -> list[type[ma.Schema]]:
    """Every schema the HTTP layer declares below `cls` (each of its modules imported first)."""
    for module in pkgutil.walk_packages(arbitru.http.__path__, "arbitru.http."):
        if not module.name.endswith("__main__"):
            importlib.import_module(module.name)
    found = []
    for sub in cls.__subclasses__():
        if sub.__module__.startswith("arbitru."):
            found.append(sub)
        found += schema_classes(sub)
    return found


def fields_within(field: ma.fields.Field) -> list[ma.fields.Field]:
    """A field and the fields it holds (a list's items, a mapping's keys and values)."""
    inner = [getattr(field, name, None) for name in ("inner", "key_field", "value_field")]
    return [field] + [f for sub in inner if isinstance(sub, ma.fields.Field) for f in fields_within(sub)]


def marshmallow_field_messages() -> dict[str, str]:
    """Every fixed message a field (or schema) of Arbitru's schemas can give, and where it comes from."""
    found: dict[str, str] = {}
    for cls in schema_classes():
        schema = cls()
        found.update({text: cls.__name__ for text in schema.error_messages.values() if isinstance(text, str)})
        for name, declared in schema.fields.items():
            for field in fields_within(declared):
                texts = (text for text in field.error_messages.values() if isinstance(text, str))
                found.update({text: f"{cls.__name__}.{name}" for text in texts})
    return found


def test_every_marshmallow_message_a_schema_field_gives_has_a_romanian_text():
    """A field's own message (`Not a valid number.`) is its catalogue key: one missing stays English
    in a Romanian answer (issue 40: /v1/clock's `now`, a record that is not an object)."""
    found = marshmallow_field_messages()
    assert {"Not a valid number.", "Not a valid mapping type.", "Unknown field."} <= set(found)
    missing = {text: where for text, where in found.items() if not has_text(text)}
    assert missing == {}


def engine_modules() -> list[Path]:
    return list(ENGINE.rglob("*.py"))


@pytest.mark.parametrize("path", engine_modules(), ids=lambda p: p.name)
def test_the_engine_imports_no_catalogue(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    imported |= {a.name for node in ast.walk(tree) if isinstance(node, ast.Import) for a in node.names}
    assert not any(name and name.startswith("arbitru.messages") for name in imported)


@pytest.mark.parametrize("path", engine_modules(), ids=lambda p: p.name)
def test_the_engine_holds_no_message_text(path):
    texts = {t for by_language in CATALOGUE.values() for t in by_language.values() if " " in t}
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr)}
    literals = {
        n.value
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docstrings
    }
    assert not literals & texts
