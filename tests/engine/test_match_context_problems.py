"""Every reason a cube and match context is refused, with the exact field it names and its message,
and none for the contexts on the line (mutation testing found most of these branches unchecked)."""

from __future__ import annotations

import pytest

from arbitru.engine.board import Board
from arbitru.engine.cube import Cube, automatic_double
from arbitru.engine.match import Match, context_problems, score_game
from arbitru.engine.rules import MAX_MATCH_LENGTH, ROMANIAN, STANDARD, Rules
from arbitru.messages import render
from tests.engine.test_match import game_result
from tests.support.said import Said, said

NO_CRAWFORD = Rules(crawford=False)
NO_CUBE = Rules(cube=False)


@pytest.mark.parametrize(
    ("cube", "match", "rules", "problems"),
    [
        # on the line: nothing wrong
        (Cube(), Match(), STANDARD, []),
        (Cube(), Match(MAX_MATCH_LENGTH, (MAX_MATCH_LENGTH - 1, 0)), STANDARD, []),
        (Cube(64, "white"), Match(), STANDARD, []),
        (Cube(2, "centered"), Match(), STANDARD, []),  # a turned cube sent without its owner
        (Cube(), Match(5, (4, 2), True), STANDARD, []),
        (Cube(), Match(5, (2, 4), True), STANDARD, []),
        (Cube(4, "black"), Match(5, (4, 3)), STANDARD, []),  # post-Crawford: doubling again
        (Cube(), Match(3), ROMANIAN, []),
        # the match
        (
            Cube(),
            Match(-1),
            STANDARD,
            [Said("match.length", f"must be from 0 (money game) to {MAX_MATCH_LENGTH}")],
        ),
        (
            Cube(),
            Match(MAX_MATCH_LENGTH + 1),
            STANDARD,
            [Said("match.length", f"must be from 0 (money game) to {MAX_MATCH_LENGTH}")],
        ),
        (Cube(), Match(5, (-1, 0)), STANDARD, [Said("match.score.white", "must not be negative")]),
        (
            Cube(),
            Match(0, (0, 1)),
            STANDARD,
            [Said("match.score.black", "a money game (length 0) has no match score")],
        ),
        (
            Cube(),
            Match(5, (5, 0)),
            STANDARD,
            [Said("match.score.white", "must be below the match length (5)")],
        ),
        (
            Cube(),
            Match(5, (5, 6)),
            STANDARD,
            [
                Said("match.score.white", "must be below the match length (5)"),
                Said("match.score.black", "must be below the match length (5)"),
            ],
        ),
        (
            Cube(),
            Match(0, (0, 0), True),
            STANDARD,
            [Said("match.crawford", "the Crawford game exists only in a match")],
        ),
        (
            Cube(),
            Match(5, (4, 2), True),
            NO_CRAWFORD,
            [Said("match.crawford", "the Crawford rule is off under these rules")],
        ),
        (
            Cube(),
            Match(5, (3, 2), True),
            STANDARD,
            [
                Said(
                    "match.crawford",
                    "the Crawford game needs exactly one player 1 point away from winning the match",
                )
            ],
        ),
        (
            Cube(),
            Match(5, (4, 4), True),
            STANDARD,
            [
                Said(
                    "match.crawford",
                    "the Crawford game needs exactly one player 1 point away from winning the match",
                )
            ],
        ),
        # the cube
        (
            Cube(1, "nobody"),
            Match(),
            STANDARD,
            [Said("cube.owner", "must be one of: centered, white, black")],
        ),
        (
            Cube(2, "white"),
            Match(),
            NO_CUBE,
            [Said("cube.value", "must be 1: the cube is not used under these rules")],
        ),
        (
            Cube(1, "white"),
            Match(),
            NO_CUBE,
            [Said("cube.owner", "must be 1: the cube is not used under these rules")],
        ),
        (Cube(), Match(), NO_CUBE, []),
        (Cube(0), Match(), STANDARD, [Said("cube.value", "must be a power of two from 1 to 64")]),
        (Cube(3, "white"), Match(), STANDARD, [Said("cube.value", "must be a power of two from 1 to 64")]),
        (
            Cube(128, "white"),
            Match(),
            STANDARD,
            [Said("cube.value", "must be a power of two from 1 to 64")],
        ),
        (
            Cube(1, "black"),
            Match(),
            STANDARD,
            [Said("cube.owner", "a cube at 1 is centred: nobody has doubled yet")],
        ),
        (
            Cube(2, "white"),
            Match(5, (4, 2), True),
            STANDARD,
            [Said("cube.value", "nobody doubles in the Crawford game: the cube stays centred at 1")],
        ),
    ],
)
def test_each_refused_context_names_its_field(cube, match, rules, problems):
    assert said(context_problems(cube, match, rules)) == problems


def test_the_field_prefixes_follow_the_request():
    found = context_problems(
        Cube(3, "white"), Match(5, (5, 0)), STANDARD, cube_field="game.cube", match_field="m"
    )
    assert [p.field for p in found] == ["m.score.white", "game.cube.value"]


def test_a_match_from_its_json_form_and_back():
    data = {"length": 7, "score": {"white": 2, "black": 5}, "crawford": True}
    assert Match.from_dict(data) == Match(7, (2, 5), True)
    assert Match.from_dict(data).to_dict() == data
    assert Match.from_dict(None) == Match(0, (0, 0), False)
    assert Match.from_dict(None, ROMANIAN) == Match(3, (0, 0), False)
    assert Match.from_dict({"length": 5}) == Match(5, (0, 0), False)
    assert Match.from_dict({}, ROMANIAN) == Match(3)


@pytest.mark.parametrize(
    ("cube", "match", "key", "params"),
    [
        (Cube(), Match(-1), "match_length_range", {"limit": MAX_MATCH_LENGTH}),
        (Cube(), Match(5, (-1, 0)), "score_not_negative", {}),
        (Cube(), Match(0, (1, 0)), "score_in_money", {}),
        (Cube(), Match(0, (0, 0), True), "crawford_in_money", {}),
        (Cube(3, "white"), Match(), "cube_value", {"max_cube": 64}),
        (Cube(), Match(5, (5, 0)), "score_below_length", {"length": 5}),
        (Cube(), Match(5, (3, 2), True), "crawford_one_away", {}),
        (Cube(1, "nobody"), Match(), "unknown_choice", {"choices": "centered, white, black"}),
        (Cube(1, "white"), Match(), "owner_at_one", {}),
        (Cube(2, "white"), Match(5, (4, 2), True), "crawford_cube", {}),
    ],
)
def test_refused_contexts_speak_the_language_asked_for(cube, match, key, params):
    (found,) = said(context_problems(cube, match, STANDARD), "ro")
    assert found.message == render(key, params, "ro") != render(key, params, "en")


@pytest.mark.parametrize(
    ("match", "rules", "post"),
    [
        (Match(5, (4, 2), False), STANDARD, True),  # someone 1-away, Crawford game played
        (Match(5, (4, 2), True), STANDARD, False),  # this is the Crawford game
        (Match(5, (3, 2), False), STANDARD, False),  # nobody 1-away yet
        (Match(5, (2, 4), False), STANDARD, True),
        (Match(5, (4, 2), False), NO_CRAWFORD, False),  # no Crawford rule, no post-Crawford
        (Match(0, (0, 0), False), STANDARD, False),  # money
    ],
)
def test_post_crawford_is_after_the_crawford_game_only(match, rules, post):
    assert match.post_crawford(rules) is post


def test_game_result_scores_a_money_game_with_its_cube_and_leaves_an_unfinished_match_standing():
    finished = Board.from_dict({"white": {"points": {}, "off": 15}, "black": {"points": {"6": 14}, "off": 1}})
    verdict, scored = game_result(finished, STANDARD, Cube(4, "black"), Match())
    assert (verdict.points, scored) == (4, None)
    unfinished = Board.initial()
    verdict, scored = game_result(unfinished, STANDARD, Cube(), Match(5, (1, 3)))
    assert verdict.game_over is False
    assert scored.to_dict() == {
        "points": None,
        "score": {"white": 1, "black": 3},
        "over": False,
        "winner": None,
        "crawford_next": None,
        "post_crawford": None,
    }


@pytest.mark.parametrize(
    ("cube", "rules", "in_match", "after"),
    [
        (Cube(), Rules(automatic_doubles=1), False, Cube(2, "centered")),
        (Cube(2, "white"), Rules(automatic_doubles=2), False, None),  # a turned cube is not centred
        (Cube(), Rules(cube=False, automatic_doubles=1), False, None),  # no cube, no automatic double
        (Cube(), Rules(automatic_doubles=1), True, None),  # money only
        (Cube(), Rules(automatic_doubles=0), False, None),
    ],
)
def test_automatic_doubles_only_on_a_centred_cube_in_money_play(cube, rules, in_match, after):
    assert automatic_double(cube, rules, in_match) == after


@pytest.mark.parametrize(
    ("cube", "match", "rules", "key"),
    [
        (Cube(2, "white"), Match(), NO_CUBE, "cube_off"),
        (Cube(), Match(5, (4, 2), True), NO_CRAWFORD, "crawford_rule_off"),
    ],
)
def test_refusals_under_other_rules_speak_the_language_asked_for(cube, match, rules, key):
    (found,) = said(context_problems(cube, match, rules), "ro")
    assert found.message == render(key, None, "ro") != render(key, None, "en")


def test_a_money_game_scores_no_match():
    scored = score_game(Match(), "white", 4, STANDARD)
    assert scored.to_dict() == {
        "points": 4,
        "score": {"white": 0, "black": 0},
        "over": False,
        "winner": None,
        "crawford_next": False,
        "post_crawford": False,
    }
