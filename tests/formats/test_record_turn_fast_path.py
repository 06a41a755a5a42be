"""A game record's commonest turn, a roll in plain notation, is told well formed at once
(`plain_roll`): never for a turn the full check (`_turn_problems`) finds anything wrong with."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from arbitru.formats.game_record import _turn_problems, plain_roll, record_problems
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
    if plain_roll(turn):
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
        assert plain_roll({"player": 1, "action": "roll", "dice": [6, 2], "play": play})
    assert plain_roll({"player": 0, "dice": [3, 3], "play": "8/5(2) 6/3(2)"})
    assert not plain_roll({"player": True, "dice": [3, 3], "play": "8/5(2)"})
    assert not plain_roll({"player": 0, "dice": [3, 3], "play": "8/5, 6/3"})
