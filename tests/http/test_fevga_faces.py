"""Fevga's own rules on the faces (issue 43): /v1/play refuses a play breaking the starting rule, the
starting-quarter rule or the unblocking rule with the rule's code and its message in English and
Romanian, and the match referee names the same code for a record breaking the starting rule, in
every mode (the illegal-moves rule is the backgammon family's)."""

from __future__ import annotations

from typing import Any

import pytest

START = {"white": {"points": {"24": 15}}, "black": {"points": {"24": 15}}}
# White's runner is past (on its 5); its 24, 23, 22, 21 and 20 are held: the 19 would fill the quarter.
QUARTER = {
    "white": {"points": {"24": 10, "23": 1, "22": 1, "21": 1, "20": 1, "5": 1}},
    "black": {"points": {"24": 15}},
}
# Every black checker on its 24 (white's 12), white holding white's 11..6 right in front of them.
TRAPPED = {
    "white": {"points": {"11": 2, "10": 2, "9": 2, "8": 2, "7": 2, "6": 2, "5": 3}},
    "black": {"points": {"24": 15}},
}


def play(client: Any, board: dict, dice: list[int], written: str, lang: str = "en") -> dict[str, Any]:
    body = {"board": board, "turn": "white", "dice": dice, "play": written, "rules": {"preset": "fevga"}}
    response = client.post("/v1/play", json=body, headers={"Accept-Language": lang})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def test_the_first_checker_may_run_alone_past_the_opponents_start(client):
    answer = play(client, START, [6, 5], "24/13")
    assert answer["legal"] and answer["play"]["board"]["white"]["points"] == {"24": 14, "13": 1}


@pytest.mark.parametrize(
    ("board", "dice", "written", "code", "english", "romanian"),
    [
        (START, [5, 3], "24/19 24/21", "STARTING_RULE", "before the first has passed", "înainte ca primul"),
        (QUARTER, [5, 1], "24/19 5/4", "STARTING_QUARTER", "starting quarter", "sfert de start"),
        (TRAPPED, [6, 5], "7/1 6/1", "UNBLOCKING_RULE", "when a play could open one", "ar putea deschide"),
    ],
)
@pytest.mark.parametrize("lang", ["en", "ro"])
def test_a_play_breaking_a_fevga_rule_is_refused_with_its_code_in_each_language(
    client, board, dice, written, code, english, romanian, lang
):
    answer = play(client, board, dice, written, lang)
    assert not answer["legal"] and answer["reason"]["code"] == code
    assert (english if lang == "en" else romanian) in answer["reason"]["message"]


def test_opening_the_wall_in_front_of_a_trapped_opponent_is_legal(client):
    assert play(client, TRAPPED, [6, 5], "11/6 11/5")["legal"]


@pytest.mark.parametrize("mode", ["legal-moves-only", "illegal-moves-rule", "illegal-moves-rule-as-written"])
def test_a_second_checker_leaving_before_the_first_passed_is_the_starting_rule_in_every_mode(
    client: Any, mode: str
) -> None:
    record = {
        "players": ["Nikos", "Giorgos"],
        "match_length": 0,
        "rules": {"preset": "fevga"},
        "games": [
            {
                "game": 1,
                "start_score": [0, 0],
                "turns": [{"player": 0, "action": "roll", "dice": [5, 3], "play": "24/19 24/21"}],
            }
        ],
    }
    response = client.post(f"/v1/matches/verify?mode={mode}", json={"record": record})
    assert response.status_code == 200, response.json
    assert response.json["valid"] is False and response.json["error"]["code"] == "STARTING_RULE"
