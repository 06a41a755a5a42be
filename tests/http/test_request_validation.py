"""Strict request validation: each kind of bad input is a 422 naming the field."""

from __future__ import annotations

import pytest

from tests.http.conftest import assert_problem, opening_board, roll_body


def errors_of(client, body, route="/v1/moves"):
    return assert_problem(client.post(route, json=body), 422)["errors"]


@pytest.mark.parametrize(
    "dice", [[0, 3], [3, 7], [3], [3, 1, 2], [], ["3", 1], [3.0, 1], [True, 1], "31", None]
)
def test_dice_must_be_exactly_two_integers_from_one_to_six(client, dice):
    errors = errors_of(client, {**roll_body(), "dice": dice})
    assert any(key == "dice" or key.startswith("dice.") for key in errors)


@pytest.mark.parametrize("turn", ["White", "red", 1, None, ""])
def test_turn_must_be_white_or_black(client, turn):
    assert "turn" in errors_of(client, {**roll_body(), "turn": turn})


@pytest.mark.parametrize("key", ["0", "25", "01", " 6", "six", "6.0"])
def test_point_keys_are_exactly_one_to_twenty_four(client, key):
    body = roll_body()
    body["board"]["white"]["points"][key] = 1
    assert f"board.white.points.{key}" in errors_of(client, body)


@pytest.mark.parametrize("value", ["5", 5.0, True, -1, 16, None])
def test_point_counts_are_integers_from_zero_to_fifteen(client, value):
    body = roll_body()
    body["board"]["black"]["points"]["6"] = value
    assert "board.black.points.6" in errors_of(client, body)


def test_a_zero_count_point_is_accepted(client):
    body = roll_body()
    body["board"]["white"]["points"]["7"] = 0
    assert client.post("/v1/moves", json=body).status_code == 200


def test_sixteen_checkers_is_a_422_naming_the_side(client):
    body = roll_body()
    body["board"]["white"]["points"]["24"] = 3
    assert "board.white" in errors_of(client, body)


def test_a_point_held_by_both_sides_is_a_422(client):
    body = roll_body()
    body["board"]["white"] = {"points": {"6": 5, "8": 3, "13": 4, "24": 2, "1": 1}, "bar": 0, "off": 0}
    errors = errors_of(client, body)
    assert any(key.startswith("board.white.points.1") for key in errors)


def test_a_side_that_has_borne_off_every_checker_cannot_have_the_other_on_roll(client):
    board = {"white": {"points": {}, "off": 15}, "black": {"points": {"6": 5, "8": 5, "13": 5}}}
    errors = errors_of(client, {"board": board, "turn": "black", "dice": [3, 1]})
    assert "board.white.off" in errors
    assert client.post("/v1/outcome", json={"board": board}).status_code == 200


@pytest.mark.parametrize(
    "field, value",
    [
        ("cube", {"value": 3}),
        ("cube", {"value": 2, "owner": "red"}),
        ("cube", {"value": "2"}),
        ("cube", {"owner": "white"}),
    ],
)
def test_cube_value_is_a_power_of_two_and_owner_is_known(client, field, value):
    errors = errors_of(client, {**roll_body(), field: value})
    assert any(key.startswith("cube") for key in errors)


@pytest.mark.parametrize(
    "match",
    [
        {"length": -1},
        {"length": "5"},
        {"length": 5, "crawford": 1},
        {"length": 5, "score": {"white": 1}},
        {"length": 5, "x": 1},
    ],
)
def test_match_fields_are_strict(client, match):
    errors = errors_of(client, {**roll_body(), "match": match})
    assert any(key.startswith("match") for key in errors)


@pytest.mark.parametrize(
    "rules", [{"jacobi": True}, {"jacoby": 1}, {"jacoby": "true"}, {"backgammons": None}]
)
def test_rules_reject_unknown_keys_and_non_booleans(client, rules):
    errors = errors_of(client, {"board": opening_board(), "rules": rules}, route="/v1/outcome")
    assert any(key.startswith("rules.") for key in errors)


def test_unknown_top_level_keys_are_a_422(client):
    assert "dices" in errors_of(client, {**roll_body(), "dices": [3, 1]})


@pytest.mark.parametrize(
    "move", [{"from": 26, "to": 20}, {"from": 8, "to": -1}, {"from": "8", "to": 5}, {"from": 8}]
)
def test_proposed_moves_are_points_zero_to_twenty_five(client, move):
    errors = errors_of(client, roll_body([3, 1], moves=[move]), route="/v1/play")
    assert any(key.startswith("moves.0") for key in errors)
