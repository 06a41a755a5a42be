"""Boundary tables: the cube at its maximum, automatic doubles, the single / gammon / backgammon
lines and the match score around the Crawford game and the last point. Each row is checked through
the engine and through the HTTP route, with the expected value written from the rule (not copied
from an answer): an off-by-one in a limit moves a row across its line.
"""

from __future__ import annotations

from typing import Any

import pytest

from arbitru.engine import Board
from arbitru.engine.cube import Cube, automatic_double, cube_action
from arbitru.engine.match import Match, score_game
from arbitru.engine.outcome import outcome, scored_multiplier, winner_of
from arbitru.engine.rules import STANDARD, Rules, build_rules
from tests.engine.test_match import game_result


def rules_of(options: dict[str, Any]) -> Rules:
    """The rules a client's `rules` object asks for (asserted valid)."""
    rules, problems = build_rules(options)
    assert problems == []
    return rules


MAX = STANDARD.max_cube  # 64 by default
assert MAX == 64

# -- cube limits ----------------------------------------------------------------------------------
# (action, offer answered, cube before any offer, rules, legal, the cube after / the reason code)
CUBE_LIMITS = [
    # A double to exactly the maximum is legal; one past it is not.
    ("double", "double", (32, "white"), {}, True, (32, "white")),
    ("double", "double", (64, "white"), {}, False, "MAX_CUBE_REACHED"),
    ("take", "double", (32, "white"), {}, True, (64, "black")),
    # A beaver that would reach exactly the maximum (16 -> 32 -> 64) is allowed; from 32 it is not.
    ("beaver", "double", (16, "white"), {"beavers": True}, True, (32, "black")),
    ("beaver", "double", (32, "white"), {"beavers": True}, False, "MAX_CUBE_REACHED"),
    # White's raccoon of black's beaver to exactly the maximum (8 -> 16 -> 32 -> 64), not past it;
    # the beaver (32) is taken by black.
    ("raccoon", "beaver", (8, "white"), {"beavers": True, "raccoons": True}, True, (32, "black")),
    ("raccoon", "beaver", (16, "white"), {"beavers": True, "raccoons": True}, False, "MAX_CUBE_REACHED"),
    # A smaller maximum moves the line with it.
    ("double", "double", (4, "white"), {"max_cube": 8}, True, (4, "white")),
    ("double", "double", (8, "white"), {"max_cube": 8}, False, "MAX_CUBE_REACHED"),
]


def _cube_row_id(row: tuple[Any, ...]) -> str:
    action, offer, (value, _), rules, legal, _ = row
    return f"{action}-{offer}-{value}-max{rules.get('max_cube', MAX)}-{'legal' if legal else 'illegal'}"


@pytest.mark.parametrize("row", CUBE_LIMITS, ids=[_cube_row_id(r) for r in CUBE_LIMITS])
def test_cube_limits_through_the_engine_and_http(client, row):
    action, offer, (value, owner), options, legal, expected = row
    turn = "white"  # the doubler (the cube is the cube before the double)
    verdict = cube_action(action, turn, Cube(value, owner), rules_of(options), offer=offer)
    body = {"turn": turn, "action": action, "cube": {"value": value, "owner": owner}}
    if action != "double":  # a double answers no offer
        body["offer"] = offer
    answer = client.post("/v1/cube", json={**body, "rules": options})
    assert answer.status_code == 200
    assert verdict.legal is legal and answer.json["legal"] is legal
    if legal:
        assert (verdict.cube.value, verdict.cube.owner) == expected
        assert answer.json["cube"] == {"value": expected[0], "owner": expected[1]}
    else:
        assert verdict.code == expected and answer.json["reason"]["code"] == expected


@pytest.mark.parametrize(
    ("value", "answers"),
    [(16, ["take", "drop", "beaver"]), (32, ["take", "drop"])],
    ids=["beaver-to-max-offered", "beaver-past-max-not-offered"],
)
def test_a_beaver_is_offered_exactly_while_it_stays_within_the_maximum(client, value, answers):
    rules = {"beavers": True}
    verdict = cube_action("double", "white", Cube(value, "white"), rules_of(rules))
    assert list(verdict.next_actions) == answers
    body = {"turn": "white", "action": "double", "cube": {"value": value, "owner": "white"}, "rules": rules}
    assert client.post("/v1/cube", json=body).json["next"] == {"player": "black", "actions": answers}


# (automatic doubles allowed, max cube, centred cube value before the tie, value after or None)
AUTOMATIC = [
    (2, 64, 1, 2),
    (2, 64, 2, 4),  # the last allowed automatic double
    (2, 64, 4, None),  # two already happened
    (6, 64, 32, 64),  # the last double within the maximum cube
    (6, 64, 64, None),  # six happened: the cube is at the maximum
    (0, 64, 1, None),
]


@pytest.mark.parametrize(("allowed", "max_cube", "value", "after"), AUTOMATIC)
def test_automatic_doubles_stop_at_their_count_and_the_maximum(client, allowed, max_cube, value, after):
    rules = {"automatic_doubles": allowed, "max_cube": max_cube}
    doubled = automatic_double(Cube(value), rules_of(rules), in_match=False)
    assert (doubled.value if doubled else None) == after
    body = {"rolls": {"white": [4], "black": [4]}, "rules": rules, "cube": {"value": value}}
    answer = client.post("/v1/opening", json=body)
    assert answer.status_code == 200, answer.json
    assert answer.json["reroll"] is True and answer.json["automatic_double"] is (after is not None)
    assert answer.json["cube"] == {"value": after or value, "owner": "centered"}


def test_a_64_cube_is_legal_everywhere_and_128_is_a_422(client):
    finished = {"white": {"points": {}, "bar": 0, "off": 15}, "black": {"points": {"6": 15}, "bar": 0}}
    r = client.post("/v1/outcome", json={"board": finished, "cube": {"value": 64, "owner": "black"}})
    assert r.status_code == 200
    assert {k: r.json[k] for k in ("result", "multiplier", "points")} == {
        "result": "gammon",
        "multiplier": 2,
        "points": 128,
    }
    r = client.post("/v1/outcome", json={"board": finished, "cube": {"value": 128, "owner": "black"}})
    assert r.status_code == 422 and set(r.json["errors"]) == {"cube.value"}


# -- outcome levels -------------------------------------------------------------------------------
# White has borne off all 15; black (the loser) as given, in black's own numbering.
# (black's points, black's bar, black's borne off, result, multiplier with cube 1)
OUTCOME_LEVELS = [
    ({6: 14}, 0, 1, "single", 1),  # exactly one checker off: single
    ({6: 15}, 0, 0, "gammon", 2),  # none off, none in white's home: gammon
    ({18: 1, 6: 14}, 0, 0, "gammon", 2),  # black's 18 is white's 7: outside white's home
    ({19: 1, 6: 14}, 0, 0, "backgammon", 3),  # black's 19 is white's 6: inside white's home
    ({24: 1, 6: 14}, 0, 0, "backgammon", 3),
    ({6: 14}, 1, 0, "backgammon", 3),  # a checker on the bar
    ({19: 1, 6: 13}, 0, 1, "single", 1),  # one off: single even with a checker in white's home
]


def _finished(black: dict[int, int], bar: int, off: int) -> dict[str, Any]:
    return {
        "white": {"points": {}, "bar": 0, "off": 15},
        "black": {"points": {str(p): n for p, n in black.items()}, "bar": bar, "off": off},
    }


@pytest.mark.parametrize(("black", "bar", "off", "result", "multiplier"), OUTCOME_LEVELS)
@pytest.mark.parametrize("cube", [1, 4])
def test_outcome_levels_through_the_engine_and_http(client, black, bar, off, result, multiplier, cube):
    board = _finished(black, bar, off)
    verdict = outcome(Board.from_dict(board), STANDARD, cube)
    expected = {
        "game_over": True,
        "winner": "white",
        "result": result,
        "multiplier": multiplier,
        "points": multiplier * cube,
    }
    assert verdict.to_dict() == expected
    r = client.post("/v1/outcome", json={"board": board, "cube": {"value": cube}})
    assert r.status_code == 200
    assert {k: r.json[k] for k in expected} == expected


@pytest.mark.parametrize(
    ("options", "multiplier"),
    [({"backgammons": False}, 2), ({"gammons": False}, 1), ({"jacoby": True}, 1)],
    ids=["backgammons-off-count-gammon", "gammons-off-count-single", "jacoby-centred-cube-single"],
)
def test_rule_options_lower_a_backgammon(client, options, multiplier):
    board = _finished({19: 1, 6: 14}, 0, 0)
    assert outcome(Board.from_dict(board), rules_of(options), 1).multiplier == multiplier
    r = client.post("/v1/outcome", json={"board": board, "rules": options})
    assert (r.json["result"], r.json["multiplier"]) == ("backgammon", multiplier)


# -- match scores ---------------------------------------------------------------------------------
# A 5-point match. (score before, Crawford game?, winner, points won, score after, over, crawford next,
# post-Crawford)
MATCH_SCORES = [
    ((3, 0), False, "white", 1, (4, 0), False, True, False),  # first to 1-away: Crawford next
    ((2, 0), False, "white", 2, (4, 0), False, True, False),
    ((4, 2), True, "black", 1, (4, 3), False, False, True),  # after the Crawford game: post-Crawford
    ((4, 3), False, "black", 1, (4, 4), False, False, True),  # post-Crawford stays post-Crawford
    ((3, 3), False, "black", 1, (3, 4), False, True, False),
    ((4, 3), False, "white", 1, (5, 3), True, False, False),  # the last point ends the match
    ((4, 0), False, "white", 2, (6, 0), True, False, False),  # scores are not capped at the length
    ((4, 2), True, "white", 1, (5, 2), True, False, False),  # won in the Crawford game
    ((0, 0), False, "black", 5, (0, 5), True, False, False),
]


def match_block(winner, points, after, over, crawford_next, post_crawford) -> dict[str, Any]:
    """The `match` block of /v1/outcome a row expects."""
    return {
        "points": points,
        "score": {"white": after[0], "black": after[1]},
        "over": over,
        "winner": winner if over else None,
        "crawford_next": crawford_next,
        "post_crawford": post_crawford,
    }


@pytest.mark.parametrize(
    ("before", "crawford", "winner", "points", "after", "over", "crawford_next", "post_crawford"),
    MATCH_SCORES,
)
def test_match_scores_around_crawford_and_the_last_point_engine(
    before, crawford, winner, points, after, over, crawford_next, post_crawford
):
    scored = score_game(Match(5, before, crawford), winner, points, STANDARD)
    assert scored.to_dict() == match_block(winner, points, after, over, crawford_next, post_crawford)


@pytest.mark.parametrize(
    ("before", "crawford", "winner", "points", "after", "over", "crawford_next", "post_crawford"),
    [row for row in MATCH_SCORES if row[3] in (1, 2)],
)
def test_match_scores_around_crawford_and_the_last_point_http(
    client, before, crawford, winner, points, after, over, crawford_next, post_crawford
):
    # A single (1) or a gammon (2) with the cube centred.
    loser_off = 1 if points == 1 else 0
    side = {"points": {"6": 15 - loser_off}, "bar": 0, "off": loser_off}
    board = {winner: {"points": {}, "bar": 0, "off": 15}, ("black" if winner == "white" else "white"): side}
    match = {"length": 5, "score": {"white": before[0], "black": before[1]}, "crawford": crawford}
    r = client.post("/v1/outcome", json={"board": board, "match": match})
    assert r.status_code == 200, r.json
    assert r.json["match"] == match_block(winner, points, after, over, crawford_next, post_crawford)
    verdict, scored = game_result(Board.from_dict(board), STANDARD, Cube(), Match(5, before, crawford))
    assert scored is not None and scored.to_dict() == r.json["match"]


# (score, Crawford game?, legal for the trailer to double, reason)
CRAWFORD_DOUBLES = [
    ((4, 2), True, False, "CRAWFORD_GAME"),
    ((4, 2), False, True, None),  # post-Crawford: doubling is allowed again
    ((3, 2), False, True, None),
]


@pytest.mark.parametrize(("score", "crawford", "legal", "code"), CRAWFORD_DOUBLES)
def test_doubling_in_and_after_the_crawford_game(client, score, crawford, legal, code):
    match = Match(5, score, crawford)
    verdict = cube_action("double", "black", Cube(), STANDARD, in_match=True, crawford_game=match.crawford)
    assert (verdict.legal, verdict.code) == (legal, code)
    body = {
        "turn": "black",
        "action": "double",
        "match": {"length": 5, "score": {"white": score[0], "black": score[1]}, "crawford": crawford},
    }
    r = client.post("/v1/cube", json=body)
    assert r.status_code == 200 and r.json["legal"] is legal
    assert (r.json.get("reason") or {}).get("code") == code
    if legal:  # no beaver in a match
        assert r.json["next"] == {"player": "white", "actions": ["take", "drop"]}


def test_hypergammon_ends_when_its_three_checkers_are_off():
    rules = rules_of({"variant": "hypergammon"})
    board = Board.from_dict(
        {"white": {"points": {}, "bar": 0, "off": 3}, "black": {"points": {"6": 3}, "bar": 0, "off": 0}}
    )
    assert outcome(board, rules).to_dict() == {
        "game_over": True,
        "winner": "white",
        "result": "gammon",
        "multiplier": 2,
        "points": 2,
    }
    assert winner_of(board, 3) == "white" and winner_of(board) is None  # 15 is the default
    assert winner_of(Board.from_dict(_finished({6: 15}, 0, 0))) == "white"


def test_a_turned_cube_said_so_keeps_a_jacoby_gammon():
    jacoby = rules_of({"jacoby": True})
    assert scored_multiplier("gammon", jacoby, 1, cube_turned=True) == 2
    assert scored_multiplier("gammon", jacoby, 2, cube_turned=False) == 1
    assert scored_multiplier("gammon", jacoby, 2) == 2
