"""/v1/resign's `most_at_stake` knows when a gammon or a backgammon can no longer happen."""

from __future__ import annotations

import pytest

from arbitru import create_app


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


def at_stake(client, white, black, by="black"):
    body = {"board": {"white": white, "black": black}, "by": by, "level": "single"}
    response = client.post("/v1/resign", json=body)
    assert response.status_code == 200, response.json
    return response.json["most_at_stake"]


def test_a_race_with_nothing_back_puts_a_gammon_at_stake_not_a_backgammon(client):
    assert at_stake(client, {"points": {"1": 3, "2": 4}}, {"points": {"6": 5, "8": 5, "13": 5}}) == "gammon"


def test_a_checker_on_the_bar_puts_a_backgammon_at_stake(client):
    white = {"points": {"1": 2, "2": 2, "3": 2, "4": 2, "5": 2, "6": 2}}
    assert at_stake(client, white, {"points": {"6": 10, "8": 4}, "bar": 1}) == "backgammon"


def test_a_loser_forced_to_bear_off_before_the_winner_can_finish_risks_a_single_game(client):
    assert at_stake(client, {"points": {"6": 15}}, {"points": {"1": 14, "2": 1}}) == "single"
