"""Rules presets, overrides and the validation of option combinations."""

from __future__ import annotations

import pytest

from arbitru.engine.rules import PRESETS, Rules, build_rules, presets
from arbitru.messages import say


def fields_of(problems):
    return {p.field for p in problems}


def test_defaults_are_the_standard_money_game():
    rules, problems = build_rules(None)
    assert problems == []
    assert rules == Rules() == PRESETS["standard"]
    assert rules.cube and not rules.jacoby and not rules.beavers and rules.crawford
    assert rules.match_length == 0 and rules.opening == "standard" and rules.checkers == 15


def test_romanian_preset_scores_linie_and_mart_to_three_without_cube():
    rules, problems = build_rules({"preset": "romanian"})
    assert problems == []
    assert rules.preset == "romanian"
    assert rules.gammons and not rules.backgammons  # linie 1, marț 2, nothing higher
    assert not rules.cube and not rules.jacoby and not rules.beavers
    assert rules.match_length == 3
    assert rules.opening == "romanian" and rules.opening_ties == "reroll" and rules.opening_dice == "rolled"


@pytest.mark.parametrize(
    "options",
    [
        {"jacoby": True},
        {"beavers": True},
        {"beavers": True, "raccoons": True},
        {"automatic_doubles": 2},
        {"max_cube": 256},
        {"crawford": False},
        {"gammons": False},
        {"backgammons": False},
        {"opening": "romanian"},
        {"opening_dice": "new_roll"},
        {"match_length": 7},
    ],
)
def test_every_option_can_be_overridden_on_the_standard_preset(options):
    rules, problems = build_rules(options)
    assert problems == []
    for key, value in options.items():
        assert getattr(rules, key) == value


def test_romanian_preset_options_can_be_overridden_too():
    rules, problems = build_rules(
        {
            "preset": "romanian",
            "cube": True,
            "crawford": True,
            "match_length": 5,
            "opening_ties": "higher_die",
            "backgammons": False,
        }
    )
    assert problems == []
    assert rules.cube and rules.crawford and rules.match_length == 5
    assert rules.opening == "romanian" and rules.opening_ties == "higher_die" and not rules.backgammons


def test_unknown_preset_variant_and_option_are_problems_naming_the_field():
    _, problems = build_rules({"preset": "turkish", "variant": "gul_bara", "doubling": True})
    assert fields_of(problems) == {"rules.preset", "rules.variant", "rules.doubling"}


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"cube": False, "beavers": True}, "rules.beavers"),
        ({"beavers": False, "raccoons": True}, "rules.raccoons"),
        ({"raccoons": True}, "rules.raccoons"),
        ({"cube": False, "jacoby": True}, "rules.jacoby"),
        ({"cube": False, "crawford": True}, "rules.crawford"),
        ({"cube": False, "automatic_doubles": 1}, "rules.automatic_doubles"),
        ({"gammons": False, "backgammons": True}, "rules.backgammons"),
        ({"max_cube": 48}, "rules.max_cube"),
        ({"max_cube": 8192}, "rules.max_cube"),
        ({"max_cube": 4, "automatic_doubles": 3}, "rules.automatic_doubles"),
        ({"automatic_doubles": -1}, "rules.automatic_doubles"),
        ({"match_length": -3}, "rules.match_length"),
        ({"opening_ties": "higher_die"}, "rules.opening_ties"),
        ({"variant": "backgammon", "hypergammon_checkers": 2}, "rules.hypergammon_checkers"),
        ({"variant": "hypergammon", "hypergammon_checkers": 4}, "rules.hypergammon_checkers"),
        ({"jacoby": 1}, "rules.jacoby"),
        ({"max_cube": True}, "rules.max_cube"),
        ({"opening": "simultaneous"}, "rules.opening"),
    ],
)
def test_bad_option_combinations_are_problems_naming_the_field(options, field):
    _, problems = build_rules(options)
    assert field in fields_of(problems)


def test_options_a_preset_sets_are_switched_off_quietly_when_their_requirement_is_overridden():
    # the standard preset's Crawford rule needs the cube; turning the cube off is not an error
    rules, problems = build_rules({"cube": False})
    assert problems == [] and not rules.crawford
    rules, problems = build_rules({"gammons": False})
    assert problems == [] and not rules.backgammons
    rules, problems = build_rules({"preset": "romanian", "opening": "standard"})
    assert problems == [] and rules.opening_ties == "reroll"


def test_hypergammon_checkers_give_the_checker_count():
    assert Rules(variant="hypergammon").checkers == 3
    for n in (1, 2, 3):
        rules, problems = build_rules({"variant": "hypergammon", "hypergammon_checkers": n})
        assert problems == [] and rules.checkers == n
    assert Rules(variant="nackgammon").checkers == 15


def test_problem_messages_are_localised_in_romanian():
    _, en = build_rules({"doubling": True})
    _, ro = build_rules({"doubling": True})
    assert en[0].field == ro[0].field == "rules.doubling"
    assert say(en[0]) == "unknown option" and say(ro[0], "ro") == "opțiune necunoscută"


def test_presets_list_every_option_that_applies_to_each_preset():
    listed = presets()
    assert set(listed) == {
        "standard",
        "romanian",
        "long_nardy",
        "plakoto",
        "fevga",
        "portes",
        "tavla",
        "tavli",
    }
    assert set(listed["romanian"]) == set(Rules.option_names()) - {"hypergammon_checkers", "nardy_block"}
    assert listed["romanian"]["match_length"] == 3 and listed["standard"]["cube"] is True


def test_the_rules_json_form_is_accepted_back_as_the_same_rules():
    for options in ({}, {"preset": "romanian"}, {"variant": "hypergammon", "hypergammon_checkers": 1}):
        rules, problems = build_rules(options)
        assert not problems
        assert build_rules(rules.to_dict()) == (rules, [])
    assert "hypergammon_checkers" not in Rules(variant="nackgammon").to_dict()


def test_with_options_starts_from_a_named_preset():
    assert Rules().with_options(preset="romanian", jacoby=False).match_length == 3
    assert Rules().with_options(jacoby=True).jacoby
