"""POST /v1/play judges a play by the rules sent (issue 29): long nardy's head rule refuses a second
checker leaving the head, with its code and its message in English and Romanian, where backgammon's
rules take the same play; a plakoto pin, written like a hit, is legal and pins."""

from __future__ import annotations

from typing import Any

import pytest

NARDY_START = {"white": {"points": {"24": 15}}, "black": {"points": {"24": 15}}}
HEAD_RULE_MESSAGES = {
    "en": "24/19 takes one checker too many from the head (24): one leaves it per turn, two only on the"
    " first turn with 6-6, 4-4 or 3-3",
    "ro": "24/19 ia un pul în plus de pe cap (punctul 24): de pe cap pleacă un singur pul pe tură, două doar"
    " la prima tură cu 6-6, 4-4 sau 3-3",
}


def play(client: Any, board: dict, dice: list[int], written: str, preset: str | None, lang: str = "en"):
    body = {"board": board, "turn": "white", "dice": dice, "play": written}
    if preset:
        body["rules"] = {"preset": preset}
    response = client.post("/v1/play", json=body, headers={"Accept-Language": lang})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def test_long_nardy_play_from_the_head_is_legal(client):
    answer = play(client, NARDY_START, [6, 5], "24/18/13", "long_nardy")
    assert answer["legal"] and answer["play"]["notation"] == "24/13"
    assert answer["play"]["board"]["white"]["points"] == {"24": 14, "13": 1}
    assert answer["next_turn"] == "black"


@pytest.mark.parametrize("lang", ["en", "ro"])
def test_long_nardy_head_rule_breach_is_refused_with_its_code_in_each_language(client, lang):
    answer = play(client, NARDY_START, [6, 5], "24/18 24/19", "long_nardy", lang)
    assert not answer["legal"] and answer["next_turn"] == "white"
    assert answer["reason"] == {"code": "HEAD_RULE", "message": HEAD_RULE_MESSAGES[lang]}


def test_without_rules_the_same_play_is_judged_as_backgammon(client):
    # black's 15 on its 24 are white's 1 in backgammon: 24/18 24/19 is legal there
    assert play(client, NARDY_START, [6, 5], "24/18 24/19", None)["legal"]


def test_plakoto_pin_written_like_a_hit_is_legal_and_the_board_shows_it_pinned(client):
    board = {"white": {"points": {"24": 14, "13": 1}}, "black": {"points": {"24": 14, "7": 1}}}
    answer = play(client, board, [6, 1], "24/18* 24/23", "plakoto")
    assert answer["legal"] and answer["play"]["notation"] == "24/23 24/18*"
    assert answer["play"]["board"]["black"]["pinned"] == [7]
    assert answer["play"]["board"]["black"]["points"] == {"24": 14}
