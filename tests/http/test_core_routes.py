"""The three core routes answer exactly as the contract says (shapes, examples, verdicts)."""

from __future__ import annotations

import gc

from arbitru.engine import REASON_CODES
from tests.http.conftest import assert_problem, opening_board, roll_body

OUTCOME_KEYS = {"game_over", "winner", "result", "multiplier", "points"}


def test_moves_lists_the_sixteen_plays_of_an_opening_three_one(client):
    response = client.post("/v1/moves", json={**roll_body([3, 1]), "cube": {"value": 1}, "rules": {}})
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    body = response.get_json()
    assert body["turn"] == "white" and body["dice"] == [3, 1]
    assert len(body["plays"]) == 16
    notations = {play["notation"] for play in body["plays"]}
    assert "8/5 6/5" in notations
    point_play = next(p for p in body["plays"] if p["notation"] == "8/5 6/5")
    assert sorted(point_play["moves"], key=lambda m: -m["from"]) == [
        {"from": 8, "to": 5, "hit": False},
        {"from": 6, "to": 5, "hit": False},
    ]
    assert point_play["board"]["white"] == {
        "points": {"5": 2, "6": 4, "8": 2, "13": 5, "24": 2},
        "bar": 0,
        "off": 0,
    }
    assert point_play["outcome"] == {
        "game_over": False,
        "winner": None,
        "result": None,
        "multiplier": None,
        "points": None,
    }


def test_moves_gives_one_play_per_distinct_resulting_board(client):
    plays = client.post("/v1/moves", json=roll_body([6, 5])).get_json()["plays"]
    boards = [repr(sorted(p["board"]["white"]["points"].items())) + repr(p["board"]["black"]) for p in plays]
    assert len(boards) == len(set(boards))


def test_moves_order_is_deterministic(client):
    first = client.post("/v1/moves", json=roll_body([4, 4])).get_data()
    assert all(client.post("/v1/moves", json=roll_body([4, 4])).get_data() == first for _ in range(3))


def test_moves_for_black_use_black_numbering(client):
    body = client.post("/v1/moves", json=roll_body([6, 5], turn="black")).get_json()
    assert body["turn"] == "black"
    assert "24/13" in {p["notation"] for p in body["plays"]}


def test_a_dancing_side_gets_exactly_one_empty_play_and_the_board_unchanged(client):
    # white on the bar facing black's closed home board (black's 1-6 = white's 24-19)
    board = {
        "white": {"points": {"6": 5, "8": 3, "13": 5}, "bar": 2},
        "black": {"points": {"1": 2, "2": 2, "3": 2, "4": 2, "5": 2, "6": 5}},
    }
    response = client.post("/v1/moves", json={"board": board, "turn": "white", "dice": [6, 6]})
    assert response.status_code == 200, response.get_json()
    plays = response.get_json()["plays"]
    assert len(plays) == 1
    assert plays[0]["moves"] == [] and plays[0]["notation"] == ""


def test_off_may_be_left_out_and_is_what_remains_of_fifteen(client):
    board = {
        "white": {"points": {"1": 1, "2": 1}},
        "black": {"points": {"6": 5, "8": 3, "13": 5, "22": 2}},
    }
    body = client.post("/v1/moves", json={"board": board, "turn": "white", "dice": [2, 1]}).get_json()
    final = [p for p in body["plays"] if p["outcome"]["game_over"]]
    assert final and final[0]["outcome"] == {
        "game_over": True,
        "winner": "white",
        "result": "backgammon",
        "multiplier": 3,
        "points": 3,
        "label": "backgammon",
    }
    assert final[0]["board"]["white"] == {"points": {}, "bar": 0, "off": 15}


def test_include_pips_adds_pip_counts_to_each_play(client):
    body = client.post("/v1/moves", json=roll_body([3, 1], include=["pips"])).get_json()
    assert all(p["pips"] == {"white": 163, "black": 167} for p in body["plays"])
    plain = client.post("/v1/moves", json=roll_body([3, 1])).get_json()
    assert all("pips" not in p for p in plain["plays"])


def test_fields_asks_for_a_lighter_answer_with_only_some_play_fields(client):
    light = client.post("/v1/moves", json={**roll_body([6, 6]), "fields": ["notation"]}).get_json()
    full = client.post("/v1/moves", json=roll_body([6, 6])).get_json()
    assert [play["notation"] for play in full["plays"]] == [play["notation"] for play in light["plays"]]
    assert all(set(play) == {"notation"} for play in light["plays"])
    bad = client.post("/v1/moves", json={**roll_body([6, 6]), "fields": ["pips"]})
    assert_problem(bad, 422)
    assert "fields.0" in bad.get_json()["errors"]


def test_a_hit_marked_in_notation_chooses_the_hitting_play(client):
    # A black blot on white's 18 and black's 5 point open: 24/13 may pass 18 (hitting) or 19.
    board = {
        "white": {"points": {"24": 2, "13": 5, "8": 3, "6": 5}},
        "black": {"points": {"7": 1, "8": 3, "13": 5, "24": 2, "5": 4}},
    }
    roll = {"board": board, "turn": "white", "dice": [6, 5]}
    hit = client.post("/v1/play", json={**roll, "play": "24/18*/13"})
    quiet = client.post("/v1/play", json={**roll, "play": "24/19/13"})
    assert hit.get_json()["play"]["board"]["black"]["bar"] == 1
    assert quiet.get_json()["play"]["board"]["black"]["bar"] == 0


def test_play_in_notation_that_is_legal_returns_the_play(client):
    body = client.post("/v1/play", json=roll_body([6, 1], play="13/7 8/7")).get_json()
    assert body["legal"] is True
    assert body["play"]["notation"] == "13/7 8/7"
    assert set(body["play"]) >= {"moves", "notation", "board", "outcome"}
    assert set(body["play"]["outcome"]) == OUTCOME_KEYS


def test_play_as_moves_gives_the_same_verdict_as_notation(client):
    by_moves = client.post(
        "/v1/play", json=roll_body([6, 1], moves=[{"from": 8, "to": 7}, {"from": 13, "to": 7}])
    ).get_json()
    by_notation = client.post("/v1/play", json=roll_body([6, 1], play="13/7 8/7")).get_json()
    assert by_moves == by_notation


def test_play_accepts_bar_and_off_in_any_case_and_25_and_0(client):
    board = {
        "white": {"points": {"1": 2, "2": 2, "3": 2, "4": 3, "5": 3, "6": 3}},
        "black": {"points": {"6": 5, "8": 3, "13": 5, "18": 2}},
    }
    for text in ("6/OFF 5/Off", "6/0 5/0"):
        body = client.post("/v1/play", json={"board": board, "turn": "white", "dice": [6, 5], "play": text})
        assert body.get_json()["legal"] is True, (text, body.get_json())


def test_an_illegal_play_is_200_with_legal_false_and_a_documented_reason_code(client):
    response = client.post("/v1/play", json=roll_body([6, 1], play="13/7"))
    assert response.status_code == 200
    body = response.get_json()
    assert body["legal"] is False
    assert body["reason"]["code"] in REASON_CODES
    assert body["reason"]["code"] == "MUST_USE_ALL_DICE"
    assert isinstance(body["reason"]["message"], str) and body["reason"]["message"]
    assert set(body) == {"legal", "reason", "next_turn", "as_played"} and body["next_turn"] == "white"


def test_a_play_that_does_not_parse_is_a_422_naming_play_and_the_column(client):
    problem = assert_problem(client.post("/v1/play", json=roll_body([6, 1], play="13/7 8/x")), 422)
    assert list(problem["errors"]) == ["play"]
    assert "column 6" in problem["errors"]["play"][0]


def test_play_needs_exactly_one_of_play_or_moves(client):
    neither = assert_problem(client.post("/v1/play", json=roll_body([6, 1])), 422)
    assert "play" in neither["errors"]
    both = roll_body([6, 1], play="13/7 8/7", moves=[{"from": 13, "to": 7}])
    assert "play" in assert_problem(client.post("/v1/play", json=both), 422)["errors"]


def test_outcome_of_the_contract_example_is_a_gammon_worth_four_on_a_two_cube(client):
    board = {
        "white": {"points": {}, "bar": 0, "off": 15},
        "black": {"points": {"6": 5, "8": 5, "13": 5}, "bar": 0, "off": 0},
    }
    body = client.post(
        "/v1/outcome", json={"board": board, "cube": {"value": 2}, "rules": {"jacoby": False}}
    ).get_json()
    assert body == body | {
        "game_over": True,
        "winner": "white",
        "result": "gammon",
        "multiplier": 2,
        "points": 4,
        "pips": {"white": 0, "black": 135},
    }


def test_under_jacoby_a_gammon_stays_gammon_but_counts_one_on_a_centred_cube(client):
    board = {"white": {"points": {}, "off": 15}, "black": {"points": {"6": 5, "8": 5, "13": 5}}}
    body = client.post("/v1/outcome", json={"board": board, "rules": {"jacoby": True}}).get_json()
    assert (body["result"], body["multiplier"], body["points"]) == ("gammon", 1, 1)


def test_an_unfinished_game_has_null_winner_result_multiplier_and_points(client):
    body = client.post("/v1/outcome", json={"board": opening_board()}).get_json()
    assert body == body | {
        "game_over": False,
        "winner": None,
        "result": None,
        "multiplier": None,
        "points": None,
        "pips": {"white": 167, "black": 167},
    }


def test_the_collector_is_paused_during_a_request_and_running_after_it(client):
    seen: list[bool] = []
    hooks = client.application.before_request_funcs[None]
    hooks.append(lambda: seen.append(gc.isenabled()))
    try:
        assert client.post("/v1/moves", json=roll_body([3, 1])).status_code == 200
        assert client.post("/v1/moves", json={"board": {}}).status_code == 422
        assert seen == [False, False]
        assert gc.isenabled()
    finally:
        hooks.pop()
