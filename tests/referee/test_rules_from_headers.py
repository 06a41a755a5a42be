"""The rules a transcript's header tags state, and how they combine with the client's: each tag
alone, values that make no sense dropped, the client's options and preset first."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from arbitru.formats.mat import MatFormatError, read_mat, stated_rules
from arbitru.referee import resolve_rules


def _mat(*headers: str, length: int = 0) -> Any:
    head = "\n".join(headers)
    what = f" {length} point match" if length else " 0 point match"
    return read_mat(
        f"{head}\n\n{what}\n\n Game 1\n Ana : 0                        Bogdan : 0\n  1) 31: 8/5 6/5\n"
    )


@pytest.mark.parametrize(
    ("headers", "options"),
    [
        ((), {}),
        (('; [Jacoby "On"]',), {"jacoby": True}),
        (('; [Jacoby "Off"]',), {"jacoby": False}),
        (('; [Crawford "Off"]',), {"crawford": False}),
        (('; [Beaver "Yes"]',), {"beavers": True}),
        (('; [Jacoby "maybe"]',), {}),  # unreadable: no option
        (('; [CubeLimit "8"]',), {"max_cube": 8}),
        (('; [CubeLimit "12"]',), {}),  # not a power of two
        (('; [CubeLimit "0"]',), {}),
        (('; [Variation "Nackgammon"]', '; [Jacoby "On"]'), {"variant": "nackgammon", "jacoby": True}),
        (('; [Variation "Hypergammon 1"]',), {"variant": "hypergammon", "hypergammon_checkers": 1}),
        (('; [Variation "Hypergammon 3"]',), {"variant": "hypergammon", "hypergammon_checkers": 3}),
        (('; [Variation "Hypergammon 5"]',), {"variant": "hypergammon"}),
    ],
)
def test_header_tags_state_rule_options(headers, options):
    assert stated_rules(_mat(*headers)) == options


def test_the_clients_options_come_before_the_headers():
    match = _mat('; [Jacoby "On"]', '; [CubeLimit "8"]')
    rules, problems = resolve_rules(match, {"jacoby": False})
    assert problems == [] and (rules.jacoby, rules.max_cube) == (False, 8)


def test_a_preset_asked_for_ignores_the_headers():
    rules, problems = resolve_rules(_mat('; [Jacoby "On"]', '; [CubeLimit "8"]'), {"preset": "standard"})
    assert problems == [] and (rules.jacoby, rules.max_cube) == (False, 64)


def test_a_header_the_rules_refuse_is_dropped_and_the_others_kept():
    # Beavers and the Jacoby rule need the cube: with the client's cube off both tags are dropped,
    # and the variant stays.
    match = _mat('; [Beaver "On"]', '; [Jacoby "On"]', '; [Variation "Nackgammon"]')
    rules, problems = resolve_rules(match, {"cube": False})
    assert problems == []
    assert (rules.cube, rules.beavers, rules.jacoby, rules.variant) == (False, False, False, "nackgammon")


def test_the_clients_own_bad_option_is_a_problem():
    rules, problems = resolve_rules(_mat('; [Jacoby "On"]'), {"max_cube": 3})
    assert [p.field for p in problems] == ["rules.max_cube"]


def test_a_cube_limit_past_the_largest_cube_is_a_format_error():
    with pytest.raises(MatFormatError, match="CubeLimit"):
        _mat('; [CubeLimit "8192"]')


def test_a_record_rule_option_the_engine_does_not_know_is_dropped_and_the_others_kept():
    # A JSON game record states its rules as an object; an unknown option is dropped by its own
    # name, dots and all ("cube.limit", not "limit"), and the record's Jacoby rule stays.
    match = replace(_mat(), rules={"cube.limit": 8, "jacoby": True})
    rules, problems = resolve_rules(match, {})
    assert problems == []
    assert (rules.jacoby, rules.max_cube) == (True, 64)


def test_a_clients_option_the_headers_make_invalid_drops_every_header_tag():
    # Six automatic doubles reach the standard 64-cube, so the client's option alone is valid; a
    # CubeLimit of 8 allows three. What is refused is the client's own option, so the client's
    # rules apply alone: the cube limit and the Jacoby tag are both dropped.
    match = _mat('; [Jacoby "On"]', '; [CubeLimit "8"]')
    rules, problems = resolve_rules(match, {"automatic_doubles": 6})
    assert problems == []
    assert (rules.automatic_doubles, rules.max_cube, rules.jacoby) == (6, 64, False)


def test_a_clients_option_needing_the_cube_drops_a_records_cube_off():
    # The Jacoby rule needs the cube; the record turns the cube off and states a nackgammon. The
    # client's jacoby is what would be refused, so none of the record's options apply.
    match = replace(_mat(), rules={"cube": False, "variant": "nackgammon"})
    rules, problems = resolve_rules(match, {"jacoby": True})
    assert problems == []
    assert (rules.cube, rules.jacoby, rules.variant) == (True, True, "backgammon")
