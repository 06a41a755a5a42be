"""A .mat or SGF transcript holds only the backgammon family's games: refereeing one as Long Nardy or
Plakoto is refused naming the variant (their moves have no notation there), on every face."""

from __future__ import annotations

import pytest

from arbitru.formats.codec import ID_VARIANTS
from arbitru.formats.mat import read_mat
from arbitru.messages import render
from arbitru.referee import resolve_rules

MAT = """ 1 point match

 Game 1
 alice : 0                   bob : 0
  1)                             62: 24/18 13/11
      Wins 1 point
"""


@pytest.mark.parametrize("preset", ["long_nardy", "plakoto"])
def test_a_mat_transcript_refereed_as_a_variant_without_its_notation_is_refused(preset: str) -> None:
    rules, problems = resolve_rules(read_mat(MAT), {"preset": preset})
    assert [(p.field, p.code, p.params["variant"]) for p in problems] == [
        ("rules.variant", "transcript_variant", preset)
    ]


def test_the_refusal_names_the_variants_a_transcript_can_hold() -> None:
    (found,) = resolve_rules(read_mat(MAT), {"preset": "plakoto"})[1]
    assert render("transcript_variant", found.params, "en") == (
        "a .mat or SGF transcript holds only games of backgammon, nackgammon, hypergammon:"
        " a plakoto match is sent as a JSON game record"
    )


@pytest.mark.parametrize("preset", ["portes", "tavla", "standard", "romanian"])
def test_a_mat_transcript_of_the_backgammon_family_is_refereed(preset: str) -> None:
    rules, problems = resolve_rules(read_mat(MAT), {"preset": preset})
    assert not problems and rules.variant in ID_VARIANTS


def test_a_variant_stated_by_a_json_record_is_not_a_transcript_problem() -> None:
    match = read_mat(MAT)
    match.rules = {"preset": "plakoto"}  # what a JSON game record states
    assert resolve_rules(match, {"preset": "plakoto"})[1] == []
