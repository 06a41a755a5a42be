"""Cube actions: who may double and when, what take, drop, beaver and raccoon lead to."""

from __future__ import annotations

import pytest

from arbitru.engine.board import other
from arbitru.engine.cube import REASONS, Cube, actor, automatic_double, cube_action
from arbitru.engine.rules import Rules
from arbitru.messages import has_text, render, say

MONEY_BEAVERS = Rules(beavers=True, raccoons=True)


def test_either_player_may_double_a_centred_cube_before_rolling():
    for turn in ("white", "black"):
        verdict = cube_action("double", turn)
        assert verdict.legal and verdict.code is None
        assert verdict.offer.value == 2 and verdict.offer.by == turn
        assert verdict.next_player != turn and verdict.next_actions == ("take", "drop")
        assert verdict.cube == Cube()  # the cube turns only when taken


def test_only_the_owner_may_redouble():
    assert cube_action("double", "white", Cube(2, "white")).legal
    verdict = cube_action("double", "white", Cube(2, "black"))
    assert not verdict.legal and verdict.code == "NOT_CUBE_OWNER"
    assert "Black" in say(verdict, "en") and "Negrul" in say(verdict, "ro")


def test_doubling_after_rolling_is_illegal():
    verdict = cube_action("double", "white", rolled=True)
    assert not verdict.legal and verdict.code == "ALREADY_ROLLED"


def test_nobody_doubles_in_the_crawford_game():
    verdict = cube_action("double", "white", in_match=True, crawford_game=True)
    assert not verdict.legal and verdict.code == "CRAWFORD_GAME"
    assert cube_action("take", "white", in_match=True, crawford_game=True).code == "CRAWFORD_GAME"


def test_doubling_is_allowed_post_crawford():
    assert cube_action("double", "black", in_match=True, crawford_game=False).legal


def test_no_double_past_the_maximum_cube():
    assert cube_action("double", "white", Cube(32, "white")).legal
    verdict = cube_action("double", "white", Cube(64, "white"))
    assert not verdict.legal and verdict.code == "MAX_CUBE_REACHED"
    assert cube_action("double", "white", Cube(64, "white"), Rules(max_cube=128)).legal


def test_no_cube_action_when_the_cube_is_off():
    for action in ("double", "take", "drop"):
        assert cube_action(action, "white", rules=Rules(cube=False, crawford=False)).code == "CUBE_DISABLED"


def test_no_cube_action_once_the_game_is_over():
    assert cube_action("double", "white", game_over=True).code == "GAME_OVER"


def test_take_turns_the_cube_to_the_taker():
    verdict = cube_action("take", "white", Cube(2, "white"))
    assert verdict.legal and not verdict.game_over
    assert verdict.cube == Cube(4, "black")
    assert verdict.next_player == "white" and verdict.next_actions == ("roll",)
    assert verdict.outcome_dict()["game_over"] is False


def test_drop_ends_the_game_with_the_doubler_winning_the_cube_before_the_double():
    verdict = cube_action("drop", "white", Cube(4, "white"))
    assert verdict.legal and verdict.game_over
    assert verdict.winner == "white" and verdict.points == 4
    assert verdict.outcome_dict() == {
        "game_over": True,
        "winner": "white",
        "result": "single",
        "multiplier": 1,
        "points": 4,
    }
    initial = cube_action("drop", "black")
    assert initial.winner == "black" and initial.points == 1


def test_beaver_only_when_the_rules_allow_it():
    verdict = cube_action("beaver", "white")
    assert not verdict.legal and verdict.code == "BEAVERS_NOT_ALLOWED"
    verdict = cube_action("double", "white", rules=Rules(beavers=True))
    assert verdict.next_actions == ("take", "drop", "beaver")


def test_beaver_takes_and_redoubles_keeping_the_cube():
    verdict = cube_action("beaver", "white", rules=MONEY_BEAVERS)
    assert verdict.legal and not verdict.game_over
    assert verdict.cube == Cube(2, "black")  # black took at 2 ...
    assert verdict.offer.kind == "beaver" and verdict.offer.by == "black" and verdict.offer.value == 4
    assert verdict.next_player == "white" and verdict.next_actions == ("take", "drop", "raccoon")
    taken = cube_action("take", "white", offer="beaver", rules=MONEY_BEAVERS)
    assert taken.cube == Cube(4, "black")  # ... and owns the 4-cube once white accepts
    dropped = cube_action("drop", "white", offer="beaver", rules=MONEY_BEAVERS)
    assert dropped.winner == "black" and dropped.points == 2


def test_raccoon_answers_a_beaver_and_the_last_offer_decides_the_drop():
    verdict = cube_action("raccoon", "white", offer="beaver", rules=MONEY_BEAVERS)
    assert verdict.legal and verdict.offer.value == 8 and verdict.offer.by == "white"
    assert verdict.next_player == "black" and verdict.next_actions == ("take", "drop")
    taken = cube_action("take", "white", offer="raccoon", rules=MONEY_BEAVERS)
    assert taken.cube == Cube(8, "black")
    dropped = cube_action("drop", "white", offer="raccoon", rules=MONEY_BEAVERS)
    assert dropped.winner == "white" and dropped.points == 4


def test_raccoons_only_when_allowed_and_only_against_a_beaver():
    assert (
        cube_action("raccoon", "white", offer="beaver", rules=Rules(beavers=True)).code
        == "RACCOONS_NOT_ALLOWED"
    )
    assert cube_action("raccoon", "white", rules=MONEY_BEAVERS).code == "RACCOON_ANSWERS_BEAVER"
    assert cube_action("beaver", "white", offer="beaver", rules=MONEY_BEAVERS).code == "BEAVER_ANSWERS_DOUBLE"


def test_beavers_and_raccoons_never_in_match_play():
    for action, offer in (("beaver", "double"), ("raccoon", "beaver")):
        verdict = cube_action(action, "white", rules=MONEY_BEAVERS, in_match=True, offer=offer)
        assert not verdict.legal and verdict.code == "NO_BEAVERS_IN_MATCH"
    assert cube_action("double", "white", rules=MONEY_BEAVERS, in_match=True).next_actions == ("take", "drop")


def test_beaver_may_not_take_the_cube_past_the_maximum():
    verdict = cube_action("beaver", "white", Cube(32, "white"), MONEY_BEAVERS)
    assert not verdict.legal and verdict.code == "MAX_CUBE_REACHED"
    assert cube_action("double", "white", Cube(32, "white"), MONEY_BEAVERS).next_actions == ("take", "drop")


def test_answers_to_an_illegal_double_are_illegal_with_its_reason():
    assert cube_action("take", "white", Cube(2, "black")).code == "NOT_CUBE_OWNER"


def test_automatic_doubles_up_to_the_limit_in_money_only():
    rules = Rules(automatic_doubles=2)
    assert automatic_double(Cube(), rules, in_match=False) == Cube(2)
    assert automatic_double(Cube(2), rules, in_match=False) == Cube(4)
    assert automatic_double(Cube(4), rules, in_match=False) is None
    assert automatic_double(Cube(), rules, in_match=True) is None
    assert automatic_double(Cube(), Rules(), in_match=False) is None
    assert automatic_double(Cube(2), Rules(automatic_doubles=3, max_cube=2), in_match=False) is None


def test_every_reason_code_has_english_and_romanian_text():
    for code in REASONS:
        assert has_text(code)
        params = {"owner": "x", "max_cube": 64, "player": "white", "by": "black"}
        assert render(code, params, "en") != render(code, params, "ro")


@pytest.mark.parametrize("action", ["take", "drop", "beaver", "raccoon", "double"])
def test_unknown_offer_is_a_programming_error(action):
    with pytest.raises(ValueError):
        cube_action(action, "white", offer="otter")


def test_cube_actor_is_the_doubler_then_alternates_with_each_offer():
    assert actor("double", "white") == "white"
    assert actor("take", "white") == actor("beaver", "white") == "black"
    assert actor("raccoon", "white", "beaver") == actor("drop", "white", "beaver") == "white"
    assert actor("take", "black", "raccoon") == "white"


def test_cube_action_claimed_by_the_other_side_is_refused_before_anything_else():
    rules = Rules(beavers=True, raccoons=True)
    for action, offer in (
        ("double", "double"),
        ("take", "double"),
        ("raccoon", "beaver"),
        ("drop", "raccoon"),
    ):
        mover = actor(action, "black", offer)
        assert cube_action(action, "black", rules=rules, offer=offer, by=mover).legal
        refused = cube_action(action, "black", rules=rules, offer=offer, by=other(mover))
        assert (refused.legal, refused.code) == (False, "NOT_YOUR_ACTION")
        assert refused.params == {"by": other(mover), "player": mover}
    assert cube_action("double", "white", game_over=True, by="black").code == "GAME_OVER"
