"""Which incorrect plays the opponent may accept, mode by mode, from the rulebooks they follow:
legal-moves-only corrects every one; illegal-moves-rule follows U.S. Backgammon Tournament Rules 4.8
(rolling or turning the cube condones an illegal play) except the impossible plays; the rule as
written (illegal-moves-rule-as-written) condones a backwards move and an early bear-off too. What
leaves no board is never condoned. /v1/play answers the board as played for what may be condoned."""

from __future__ import annotations

import pytest

from arbitru import create_app
from arbitru.formats.game_record import record_to_match
from arbitru.referee import resolve_rules, verify

OPENING = {"points": {"6": 5, "8": 3, "13": 5, "24": 2}}


def verdict(turns, mode, start=None):
    game = {"game": 1, "start_score": [0, 0], "turns": turns, **({"start_position": start} if start else {})}
    match = record_to_match({"players": ["A", "B"], "match_length": 0, "games": [game]})
    return verify(match, resolve_rules(match, {})[0], mode)


BACKWARDS = [
    {"player": 0, "action": "roll", "dice": [3, 1], "play": "8/5 6/5"},
    {"player": 1, "action": "roll", "dice": [6, 2], "play": "13/7 7/13"},  # 7/13: backwards
    {"player": 0, "action": "roll", "dice": [4, 2], "play": "8/4 6/4"},
]


@pytest.mark.parametrize(
    ("mode", "valid", "code"),
    [
        ("legal-moves-only", False, "MOVE_BACKWARDS"),
        ("illegal-moves-rule", False, "MOVE_BACKWARDS"),
        ("illegal-moves-rule-as-written", True, None),
    ],
)
def test_a_backwards_move_is_condoned_only_by_rule_4_8_as_written(mode, valid, code):
    found = verdict(BACKWARDS, mode)
    assert found["valid"] is valid
    if valid:
        assert [entry["code"] for entry in found["condoned"]] == ["MOVE_BACKWARDS"]
    else:
        assert found["error"]["code"] == code


def test_the_illegal_moves_rule_cites_why_it_refuses_a_backwards_move():
    message = verdict(BACKWARDS, "illegal-moves-rule")["error"]["message"]
    assert "not condoned by the illegal-moves rule" in message
    assert "illegal-moves-rule-as-written" in message


# A bears off from the 6 point with a checker still on its 13 point (an early bear-off).
EARLY = {"white": {"points": {"6": 14, "13": 1}}, "black": OPENING}
EARLY_TURNS = [
    {"player": 0, "action": "roll", "dice": [6, 5], "play": "6/off 13/8"},
    {"player": 1, "action": "roll", "dice": [3, 1], "play": "8/5 6/5"},
]


def test_an_early_bear_off_is_condoned_as_written_and_the_game_goes_on_from_the_board_as_played():
    assert verdict(EARLY_TURNS, "illegal-moves-rule", EARLY)["error"]["code"] == "BEAR_OFF_NOT_ALLOWED"
    found = verdict(EARLY_TURNS, "illegal-moves-rule-as-written", EARLY)
    assert found["valid"], found["error"]
    assert [entry["player"] for entry in found["condoned"]] == ["A"]


def test_no_mode_condones_a_play_that_leaves_no_board():
    # A moves from B's 24 point (A's 1 point), where A has no checker but B has two
    turns = [{"player": 0, "action": "roll", "dice": [6, 5], "play": "1/off"}]
    for mode in ("illegal-moves-rule", "illegal-moves-rule-as-written"):
        assert verdict(turns, mode)["error"]["code"] == "OPPONENT_CHECKER_MOVED"


@pytest.fixture(scope="module")
def client():  # type: ignore[no-untyped-def]
    return create_app({"TESTING": True}).test_client()


def test_play_answers_the_board_as_played_for_an_illegal_play_the_opponent_may_accept(client):
    board = {"white": OPENING, "black": OPENING}
    short = client.post(
        "/v1/play", json={"board": board, "turn": "white", "dice": [3, 1], "play": "13/10"}
    ).json
    assert short["legal"] is False and short["reason"]["code"] == "MUST_USE_ALL_DICE"
    assert short["as_played"]["board"]["white"]["points"] == {"6": 5, "8": 3, "10": 1, "13": 4, "24": 2}
    backwards = client.post(
        "/v1/play", json={"board": board, "turn": "white", "dice": [3, 1], "play": "6/9"}
    ).json
    assert backwards["legal"] is False and backwards["as_played"] is None
