"""The opening roll: standard (one die each) and Romanian ("marele și dubla mută") with options."""

from __future__ import annotations

import pytest

from arbitru.engine.cube import Cube
from arbitru.engine.opening import decide_opening, opening_problems
from arbitru.engine.rules import Rules, build_rules
from arbitru.messages import say

ROMANIAN = build_rules({"preset": "romanian"})[0]


def rolls(white, black):
    return {"white": white, "black": black}


# -- standard ---------------------------------------------------------------------------------
def test_standard_higher_die_starts_and_plays_both_dice():
    result = decide_opening(rolls([5], [3]))
    assert result.starter == "white" and result.dice == (5, 3) and not result.reroll
    assert result.cube == Cube()
    result = decide_opening(rolls([2], [6]))
    assert result.starter == "black" and result.dice == (6, 2)


def test_standard_equal_dice_are_rolled_again():
    result = decide_opening(rolls([4], [4]))
    assert result.reroll and result.starter is None and result.dice is None and result.cube == Cube()


def test_standard_automatic_doubles_turn_the_cube_on_ties_up_to_the_limit():
    rules = Rules(automatic_doubles=2)
    first = decide_opening(rolls([4], [4]), rules)
    assert first.reroll and first.automatic_double and first.cube == Cube(2)
    second = decide_opening(rolls([1], [1]), rules, first.cube)
    assert second.cube == Cube(4)
    third = decide_opening(rolls([6], [6]), rules, second.cube)
    assert third.reroll and not third.automatic_double and third.cube == Cube(4)
    started = decide_opening(rolls([6], [1]), rules, third.cube)
    assert started.starter == "white" and started.cube == Cube(4)


def test_automatic_doubles_never_in_a_match():
    result = decide_opening(rolls([3], [3]), Rules(automatic_doubles=1), in_match=True)
    assert result.reroll and not result.automatic_double and result.cube == Cube()


def test_standard_new_roll_option_makes_the_starter_roll_afresh():
    result = decide_opening(rolls([5], [3]), Rules(opening_dice="new_roll"))
    assert result.starter == "white" and result.dice is None


def test_standard_opening_needs_one_die_each():
    problems = opening_problems(rolls([5, 2], [3]), Rules())
    assert [p.field for p in problems] == ["rolls.white"]
    problems = opening_problems(rolls([7], [0]), Rules())
    assert {p.field for p in problems} == {"rolls.white.0", "rolls.black.0"}


# -- romanian ---------------------------------------------------------------------------------
def test_romanian_opening_needs_two_dice_each():
    problems = opening_problems(rolls([5], [3, 1]), ROMANIAN)
    assert [p.field for p in problems] == ["rolls.white"]
    assert "zaruri" in say(problems[0], "ro")


def test_romanian_a_double_beats_any_non_double():
    result = decide_opening(rolls([1, 1], [6, 5]), ROMANIAN)
    assert result.starter == "white" and result.dice == (1, 1)  # the double is played four times
    result = decide_opening(rolls([6, 5], [2, 2]), ROMANIAN)
    assert result.starter == "black" and result.dice == (2, 2)


def test_romanian_otherwise_the_higher_total_wins_and_plays_its_own_dice():
    result = decide_opening(rolls([2, 6], [5, 4]), ROMANIAN)
    assert result.starter == "black" and result.dice == (5, 4)


def test_romanian_between_two_doubles_the_higher_double_wins():
    result = decide_opening(rolls([3, 3], [5, 5]), ROMANIAN)
    assert result.starter == "black" and result.dice == (5, 5)


def test_romanian_equal_totals_are_rolled_again_by_default():
    assert decide_opening(rolls([6, 2], [5, 3]), ROMANIAN).reroll
    assert decide_opening(rolls([4, 4], [4, 4]), ROMANIAN).reroll


def test_romanian_higher_die_option_breaks_equal_totals():
    rules = build_rules({"preset": "romanian", "opening_ties": "higher_die"})[0]
    result = decide_opening(rolls([6, 2], [5, 3]), rules)
    assert result.starter == "white" and result.dice == (6, 2)
    assert decide_opening(rolls([4, 3], [3, 4]), rules).reroll  # the same dice still tie
    assert decide_opening(rolls([4, 4], [4, 4]), rules).reroll


def test_romanian_new_roll_option_makes_the_starter_roll_afresh():
    rules = build_rules({"preset": "romanian", "opening_dice": "new_roll"})[0]
    result = decide_opening(rolls([6, 6], [2, 1]), rules)
    assert result.starter == "white" and result.dice is None
    assert "din nou" in say(result, "ro")


@pytest.mark.parametrize("lang", ["en", "ro"])
def test_opening_explains_itself_in_the_requested_language(lang):
    result = decide_opening(rolls([5], [3]))
    expected = {"en": "White starts and plays 5-3.", "ro": "Începe Albul și joacă 5-3."}[lang]
    assert say(result, lang) == expected


def test_opening_needs_a_centred_cube():
    problems = opening_problems(rolls([5], [3]), Rules(), Cube(2, "white"))
    assert [p.field for p in problems] == ["cube.owner"]
