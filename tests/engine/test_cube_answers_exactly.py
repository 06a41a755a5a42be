"""A cube verdict in full: every field of the answer to a legal action, its /v1/outcome-shaped
outcome, and no message when legal (mutation testing found the outcome and message unchecked)."""

from __future__ import annotations

import json

import pytest

from arbitru.engine.cube import Cube, Offer, cube_action
from arbitru.engine.rules import Rules
from arbitru.messages import say

NOT_OVER = {"game_over": False, "winner": None, "result": None, "multiplier": None, "points": None}


def test_a_double_in_full():
    verdict = cube_action("double", "white", Cube(2, "white"))
    assert (verdict.legal, verdict.code, verdict.message_key, verdict.game_over) == (True, None, "", False)
    assert (verdict.cube, verdict.offer) == (Cube(2, "white"), Offer("double", "white", 4))
    assert (verdict.next_player, verdict.next_actions) == ("black", ("take", "drop"))
    assert verdict.outcome_dict() == NOT_OVER
    assert verdict.offer.to_dict() == {"kind": "double", "by": "white", "value": 4}


def test_a_drop_in_full():
    # White doubled a 2-cube it owned; black drops: white wins 2, a single game.
    verdict = cube_action("drop", "white", Cube(2, "white"))
    assert (verdict.legal, verdict.winner, verdict.points, verdict.cube) == (
        True,
        "white",
        2,
        Cube(2, "white"),
    )
    assert verdict.outcome_dict() == {
        "game_over": True,
        "winner": "white",
        "result": "single",
        "multiplier": 1,
        "points": 2,
    }


def test_a_dropped_beaver_in_full():
    # Black beavers white's double of a centred cube (2 -> 4); white drops: black wins the 2-cube.
    verdict = cube_action("drop", "white", Cube(), Rules(beavers=True), offer="beaver")
    assert (verdict.winner, verdict.points, verdict.cube) == ("black", 2, Cube(2, "black"))
    assert verdict.outcome_dict()["points"] == 2


def test_a_refusal_speaks_both_languages_with_its_parameters():
    verdict = cube_action("double", "white", Cube(2, "black"))
    assert say(verdict, "en") == "Only the owner of the cube (Black) may double."
    assert say(verdict, "ro") == "Doar cel care deține cubul (Negrul) poate dubla."
    verdict = cube_action("double", "white", Cube(64, "white"))
    assert "64" in say(verdict, "en") and "64" in say(verdict, "ro")


def test_every_verdict_names_its_action():
    for action, offer in (("double", "double"), ("take", "double"), ("drop", "double"), ("beaver", "double")):
        verdict = cube_action(action, "white", Cube(), Rules(beavers=True), offer=offer)
        assert verdict.legal and verdict.action == action
    assert cube_action(
        "raccoon", "white", Cube(), Rules(beavers=True, raccoons=True), offer="beaver"
    ).action == ("raccoon")
    for action, kwargs in (
        ("double", {"game_over": True}),
        ("double", {"rolled": True}),
        ("double", {"in_match": True, "crawford_game": True}),
        ("beaver", {"offer": "beaver"}),
        ("raccoon", {}),
        ("beaver", {}),
        ("take", {"in_match": True, "crawford_game": True}),
    ):
        verdict = cube_action(action, "white", Cube(), Rules(), **kwargs)
        assert not verdict.legal and verdict.action == action
    assert cube_action("double", "white", Cube(2, "black")).action == "double"
    assert cube_action("double", "white", Cube(), Rules(cube=False)).action == "double"
    assert cube_action("beaver", "white", Cube(), Rules(beavers=True), in_match=True).action == "beaver"
    assert cube_action("raccoon", "white", Cube(), Rules(beavers=True), offer="beaver").action == "raccoon"
    assert cube_action("double", "white", Cube(64, "white")).action == "double"


def test_which_refusal_wins_when_several_apply():
    # Doubling after rolling is ALREADY_ROLLED even at the maximum cube...
    assert cube_action("double", "white", Cube(64, "white"), rolled=True).code == "ALREADY_ROLLED"
    # ... but the Crawford game (or no cube, or not the owner) comes before having rolled.
    crawford = cube_action("double", "white", Cube(), in_match=True, crawford_game=True, rolled=True)
    assert crawford.code == "CRAWFORD_GAME"
    assert cube_action("double", "white", Cube(2, "black"), rolled=True).code == "NOT_CUBE_OWNER"


def test_no_beaver_is_offered_without_beavers_even_with_raccoons_on():
    verdict = cube_action("double", "white", Cube(), Rules(raccoons=True))
    assert verdict.next_actions == ("take", "drop")


def test_cube_values_stay_integers_in_json():
    # A dropped beaver returns the cube before the beaver: 2, written as an integer.
    verdict = cube_action("drop", "white", Cube(), Rules(beavers=True), offer="beaver")
    assert json.dumps(verdict.cube.to_dict()) == '{"value": 2, "owner": "black"}'
    assert json.dumps(verdict.outcome_dict()["points"]) == "2"


@pytest.mark.parametrize(
    ("action", "offer", "message"),
    [("fold", "double", "unknown cube action 'fold'"), ("take", "redouble", "unknown cube offer 'redouble'")],
)
def test_an_unknown_action_or_offer_is_a_programming_error(action, offer, message):
    with pytest.raises(ValueError, match=message):
        cube_action(action, "white", offer=offer)
