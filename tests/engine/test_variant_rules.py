"""The Table family's rules options (issue 29): the variants long_nardy and plakoto, the presets
long_nardy, plakoto, portes and tavla, and Long Nardy's block-rule option."""

from __future__ import annotations

import pytest

from arbitru.engine.rules import NARDY_BLOCKS, OPTIONS, PRESETS, VARIANTS, Rules, build_rules, presets
from arbitru.messages import LANGUAGES, has_text, render, say

TABLE_PRESETS = ("long_nardy", "plakoto", "portes", "tavla")


def test_long_nardy_and_plakoto_are_variants_beside_backgammons_own():
    assert {"long_nardy", "plakoto"} <= set(VARIANTS)
    assert set(OPTIONS["variant"].choices) == set(VARIANTS)


@pytest.mark.parametrize("name", TABLE_PRESETS)
def test_every_table_preset_is_a_preset_listed_with_its_options(name):
    assert name in PRESETS and name in OPTIONS["preset"].choices
    rules, problems = build_rules({"preset": name})
    assert problems == [] and rules == PRESETS[name]
    assert build_rules(rules.to_dict()) == (rules, [])
    assert presets()[name] == rules.to_dict()


@pytest.mark.parametrize("name", TABLE_PRESETS)
def test_every_table_variant_plays_fifteen_checkers(name):
    assert PRESETS[name].checkers == 15


def test_long_nardy_preset_uses_the_cube_a_mars_counts_2_and_no_backgammon():
    rules = PRESETS["long_nardy"]
    assert rules.variant == "long_nardy"
    assert rules.cube and rules.gammons and not rules.backgammons
    assert rules.nardy_block == "after_play"


def test_plakoto_preset_has_no_cube_a_mars_counts_2_and_no_backgammon():
    rules = PRESETS["plakoto"]
    assert rules.variant == "plakoto"
    assert not rules.cube and rules.gammons and not rules.backgammons
    assert not rules.crawford and not rules.jacoby and not rules.beavers


@pytest.mark.parametrize("name", ("portes", "tavla"))
def test_portes_and_tavla_play_backgammon_without_cube_and_a_backgammon_counts_as_a_gammon(name):
    rules = PRESETS[name]
    assert rules.variant == "backgammon"
    assert not rules.cube and rules.gammons and not rules.backgammons


@pytest.mark.parametrize("name", TABLE_PRESETS)
def test_table_openings_are_one_die_each_and_the_winner_rolls_both_dice_afresh(name):
    rules = PRESETS[name]
    assert rules.opening == "standard" and rules.opening_dice == "new_roll"


@pytest.mark.parametrize("block", NARDY_BLOCKS)
def test_nardy_block_is_an_option_of_long_nardy(block):
    rules, problems = build_rules({"preset": "long_nardy", "nardy_block": block})
    assert problems == [] and rules.nardy_block == block
    assert rules.to_dict()["nardy_block"] == block
    assert build_rules(rules.to_dict()) == (rules, [])
    rules, problems = build_rules({"variant": "long_nardy", "nardy_block": block})
    assert problems == [] and rules.nardy_block == block


@pytest.mark.parametrize("options", [{}, {"preset": "plakoto"}, {"variant": "plakoto"}, {"preset": "portes"}])
def test_nardy_block_is_refused_outside_long_nardy_naming_the_field(options):
    _, problems = build_rules({**options, "nardy_block": "after_each_move"})
    assert [(p.field, p.code) for p in problems] == [("rules.nardy_block", "only_long_nardy")]
    assert say(problems[0], "ro") != say(problems[0], "en")


def test_nardy_block_is_left_out_of_the_json_rules_outside_long_nardy():
    for name in ("standard", "romanian", "plakoto", "portes", "tavla"):
        assert "nardy_block" not in PRESETS[name].to_dict()
    assert "hypergammon_checkers" not in PRESETS["long_nardy"].to_dict()
    assert not Rules(variant="plakoto").applies("nardy_block")
    assert Rules(variant="long_nardy").applies("nardy_block")


def test_an_unknown_nardy_block_value_is_a_problem_listing_the_choices():
    _, problems = build_rules({"preset": "long_nardy", "nardy_block": "never"})
    assert [p.code for p in problems] == ["unknown_choice"]
    assert problems[0].params["choices"] == ", ".join(NARDY_BLOCKS)


def test_a_table_preset_takes_overrides_like_any_preset():
    rules, problems = build_rules({"preset": "plakoto", "match_length": 5})
    assert problems == [] and rules.match_length == 5 and rules.variant == "plakoto"
    rules, problems = build_rules({"preset": "long_nardy", "cube": False})
    assert problems == [] and not rules.crawford  # the cube's dependants switch off quietly


@pytest.mark.parametrize("name", PRESETS)
def test_every_preset_has_a_name_and_a_description_in_both_languages(name):
    for key in (f"preset.{name}", f"preset_description.{name}"):
        assert has_text(key)
        assert all(render(key, None, lang).strip() for lang in LANGUAGES)
    description = f"preset_description.{name}"
    assert render(description, None, "ro") != render(description, None, "en")


def test_the_option_descriptions_name_every_preset_and_variant():
    for name in PRESETS:
        assert name in render("rules_option.preset", None, "en")
        assert name in render("rules_option.preset", None, "ro")
    for variant in VARIANTS:
        assert variant in render("rules_option.variant", None, "en")
    assert has_text("rules_option.nardy_block")
