"""A game record's commonest turn, a roll in plain notation, is told well formed at once
(`common_roll_is_sound`): never for a turn the full check (`_turn_problems`) finds anything wrong with.

And a record is read in one pass (`record_to_match`: a plain roll's action made as it is told
plain), into exactly what the plain path (`plain_record_to_match`: every problem, then `_action`
per turn) reads, or into exactly its problems."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitru.formats.game_record import (
    _PLAIN_PLAY,
    EXAMPLE,
    RecordError,
    _game_fields_problems,
    _plain_words,
    _turn_problems,
    common_game_is_sound,
    common_roll_is_sound,
    is_json_record,
    match_to_record,
    plain_record_to_match,
    read_match_file,
    record_problems,
    record_to_match,
)
from arbitru.formats.limits import MAX_POINTS, MAX_REPORTED_ERRORS
from tests.support.cases import examples

values = st.one_of(
    st.integers(-2, 8),
    st.booleans(),
    st.none(),
    st.floats(allow_nan=False, max_value=7, min_value=-1),
    st.sampled_from(["roll", "double", "take", "1", ""]),
)
plays = st.one_of(
    st.none(),
    st.sampled_from(["24/18 13/11", "bar/22 6/off", "8/5(2)", "13/7*/1", "", "????", "Cannot Move"]),
    st.text(alphabet="0123456789/*() barofBAROF,:\t\n\x00", max_size=40),
    st.text(max_size=20),
    st.integers(),
    st.text(alphabet="0123456789/ ", min_size=200, max_size=260),  # past MAX_PLAY_CHARS
)
dice = st.one_of(st.lists(values, max_size=3), values, st.tuples(st.integers(1, 6), st.integers(1, 6)))
turns = st.fixed_dictionaries(
    {},
    optional={
        "player": values,
        "action": values,
        "dice": dice,
        "play": plays,
        "cube": values,
        "level": st.sampled_from(["single", "gammon", "bad"]),
        "extra": values,
    },
) | st.one_of(st.lists(values), st.none(), st.integers())


@settings(max_examples=examples(600), deadline=None)
@given(turns)
def test_a_turn_told_plain_has_no_problem(turn: Any) -> None:
    if common_roll_is_sound(turn):
        assert list(_turn_problems(turn, "turn")) == []


@settings(max_examples=examples(200), deadline=None)
@given(
    st.fixed_dictionaries(
        {
            "player": st.integers(0, 1),
            "dice": st.lists(st.integers(1, 6), min_size=2, max_size=2),
            "play": plays,
        }
    )
)
def test_the_record_of_plain_and_other_turns_has_the_problems_of_its_other_turns(turn: Any) -> None:
    record = {"players": ["Ana", "Bogdan"], "match_length": 3, "games": [{"turns": [turn, {"player": 2}]}]}
    problems = record_problems(record)
    expected = [
        (f"record.games[0].turns[{i}]{path[4:]}", text)
        for i, t in enumerate([turn, {"player": 2}])
        for path, text in _turn_problems(t, "turn")
    ]
    assert problems == expected


def test_the_common_rolls_are_told_plain() -> None:
    for play in ("24/18 13/11", "bar/22 6/off", "8/5(2)", "13/7*/1", "", None):
        assert common_roll_is_sound({"player": 1, "action": "roll", "dice": [6, 2], "play": play})
    assert common_roll_is_sound({"player": 0, "dice": [3, 3], "play": "8/5(2) 6/3(2)"})
    assert not common_roll_is_sound({"player": True, "dice": [3, 3], "play": "8/5(2)"})
    assert not common_roll_is_sound({"player": 0, "dice": [3, 3], "play": "8/5, 6/3"})


# -- the one-pass reader (`record_to_match`) against the plain path (`plain_record_to_match`) -------------
def read_by(read: Any, record: Any) -> Any:
    """What `read` makes of a record: its match (with the repr, which tells 1 from True and a list
    from a tuple), or its problems; any other error by its type and text."""
    try:
        match = read(record)
    except RecordError as error:
        return ("problems", error.problems)
    except Exception as error:  # the same failure either way is what is proven
        return ("error", type(error), str(error))
    return ("match", match, repr(match))


def assert_read_alike(record: Any) -> None:
    assert read_by(record_to_match, record) == read_by(plain_record_to_match, record)


plain_plays = st.text(alphabet="0123456789/*() ", max_size=30) | st.sampled_from(
    ["24/18 13/11", "bar/22 6/off", "8/5(2) 6/3(2)", "13/7*/1", " 6/off ", "", "bar/off", "obarff"]
)
plain_turns = st.fixed_dictionaries(
    {
        "player": st.integers(0, 1),
        "action": st.just("roll"),
        "dice": st.lists(st.integers(1, 6), min_size=2, max_size=2),
        "play": st.none() | plain_plays,
    }
)
odd_plays = st.one_of(
    st.text(alphabet="0123456789/*() barofBAROFicnamvelpy,:?\t\n\x00\u2028", max_size=30),
    st.sampled_from(["Cannot Move", "????", "Illegal play (13/7 6/5)", "Illegal play (13/7", "62: 6/4"]),
)
cube_turns = st.fixed_dictionaries(
    {"player": st.integers(0, 1), "action": st.sampled_from(["double", "take", "drop", "beaver", "raccoon"])},
    optional={"cube": st.sampled_from([2, 4, 2, 1, True, None])},
)
resign_turns = st.fixed_dictionaries(
    {"player": st.integers(0, 1), "action": st.just("resign")},
    optional={"level": st.sampled_from(["single", "gammon", "backgammon", "x", None])},
)
odd_turns = st.fixed_dictionaries(
    {"player": values, "dice": dice, "play": plays | odd_plays},
    optional={"action": values | st.just("roll"), "extra": values},
)
other_turns = st.one_of(cube_turns, cube_turns, resign_turns, odd_turns, turns)


def mostly(valid: Any, *others: Any) -> st.SearchStrategy[Any]:
    """`valid` nine times in ten, else one of `others`."""
    return st.sampled_from([valid] * 9 * len(others) + list(others))


@st.composite
def games(draw: st.DrawFn) -> Any:
    """A game of a record: plain rolls and cube actions, in half the games with anything now and then."""
    good = [plain_turns] * 8 + [cube_turns, resign_turns]
    mix = good if draw(st.booleans()) else good + [odd_turns, turns]
    listed = draw(st.lists(st.one_of(mix), max_size=30))
    game: dict[str, Any] = {"game": draw(mostly(1, 2, 0, True, "1")), "turns": draw(mostly(listed, None, {}))}
    game["start_score"] = draw(mostly([0, 0], [1, 2], [0], [True, 0], "0-0"))
    for name, value in (
        ("start_position", mostly(None, {"white": {}})),
        ("set_position", mostly(None, "", "x y", "4HPwATDgc/ABMA")),
        (
            "result",
            mostly({"winner": 1, "points": 2}, {"winner": 0, "and_the_match": True}, {"winner": 2}, []),
        ),
        ("extra", mostly(None, 1)),
    ):
        if draw(st.booleans()) and (found := draw(value)) is not None:
            game[name] = found
    return game if draw(mostly(True, False)) else draw(values)


@st.composite
def records(draw: st.DrawFn) -> Any:
    """A game record, mostly well formed but for a turn or a field, now and then anything."""
    if not draw(mostly(True, False)):
        return draw(values | st.lists(values))
    record: dict[str, Any] = {
        "players": draw(mostly(["Ana", "Bogdan"], ["Ana", "Ana"], ["Ana"], ["An\na", "B"], [" Ana", "B"])),
        "match_length": draw(mostly(7, 0, -1, True, "7")),
        "games": draw(mostly(draw(st.lists(games(), min_size=1, max_size=4)), [], None)),
    }
    for name, value in (
        ("format", mostly("arbitru.match/1", "other")),
        ("rules", mostly({"jacoby": True}, [], None)),
        ("extra", mostly(None, 1)),
    ):
        if draw(st.booleans()) and (found := draw(value)) is not None:
            record[name] = found
    return record


any_games = st.fixed_dictionaries(
    {},
    optional={
        "game": values | st.integers(9998, 10001),
        "start_score": st.lists(values | st.integers(9998, 10001), max_size=3) | values,
        "start_position": st.none() | st.just({}) | values,
        "set_position": st.none() | st.sampled_from(["", "x"]) | values,
        "turns": st.just([]),
        "result": st.none()
        | values
        | st.fixed_dictionaries(
            {},
            optional={
                "winner": values,
                "points": st.none() | values | st.integers(MAX_POINTS - 1, MAX_POINTS + 1),
                "and_the_match": values,
                "extra": values,
            },
        ),
        "extra": values,
    },
)


@settings(max_examples=examples(600), deadline=None)
@given(any_games | games())
def test_a_game_told_plain_has_no_problem_but_its_turns(game: Any) -> None:
    if common_game_is_sound(game):
        assert list(_game_fields_problems(game, "game")) == []


@settings(max_examples=examples(800), deadline=None)
@given(records())
def test_a_record_reads_in_one_pass_as_plainly_into_the_same_match_or_problems(record: Any) -> None:
    assert_read_alike(record)


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(plain_turns, min_size=1, max_size=40), st.lists(other_turns, max_size=3), st.randoms())
def test_a_record_of_plain_rolls_and_other_turns_reads_in_one_pass_as_plainly(
    rolls: list[Any], others: list[Any], rng: Any
) -> None:
    turns = rolls + others
    rng.shuffle(turns)
    games = [{"game": 1, "start_score": [0, 0], "turns": turns, "result": {"winner": 1, "points": 1}}]
    assert_read_alike({"players": ["Ana", "Bogdan"], "match_length": 3, "games": games})


def test_a_record_with_more_problems_than_reported_reads_in_one_pass_into_the_same_first_ones() -> None:
    bad = [{"player": 2, "dice": [0, 7], "play": 5}] * (MAX_REPORTED_ERRORS + 3)
    record = {"players": ["Ana", "Bogdan"], "match_length": 3, "games": [{"turns": bad}]}
    assert_read_alike(record)
    assert len(read_by(record_to_match, record)[1]) == MAX_REPORTED_ERRORS


@settings(max_examples=examples(500), deadline=None)
@given(st.text(alphabet="0123456789/*() barofBAROFx,\t", max_size=30))
def test_a_play_with_words_is_plain_by_its_blanked_words_as_by_the_pattern(play: str) -> None:
    assert (not play.strip("0123456789/*() ") or _plain_words(play)) == (
        _PLAIN_PLAY.fullmatch(play) is not None
    )


ROOT = Path(__file__).resolve().parents[2]
TRANSCRIPTS = sorted(
    path
    for folder in ("tests", "data")
    for path in (ROOT / folder).rglob("*")
    if path.suffix in (".mat", ".txt", ".sgf", ".json") and path.is_file() and "LICENSES" not in path.parts
)


def game_records() -> list[tuple[str, Any]]:
    """Every JSON game record under tests/ and data/: the files that are one, and the record of
    every transcript there (.mat, .txt, SGF) that reads; the module's own example."""
    found: list[tuple[str, Any]] = [("EXAMPLE", EXAMPLE)]
    for path in TRANSCRIPTS:
        text = path.read_text(encoding="utf-8", errors="replace")
        if path.suffix == ".json" or is_json_record(text):
            try:
                found.append((path.name, json.loads(text)))
            except ValueError:
                pass
            continue
        try:
            found.append((path.name, match_to_record(read_match_file(text))))
        except ValueError:
            continue
    return found


@pytest.mark.parametrize(("name", "record"), game_records(), ids=lambda value: str(value)[:40])
def test_every_game_record_of_the_repository_reads_in_one_pass_as_plainly(name: str, record: Any) -> None:
    assert_read_alike(record)
    assert_read_alike(json.loads(json.dumps(record)))
