"""A cube verdict in full: every field of the answer to a legal action, its /v1/outcome-shaped
outcome, and no message when legal (mutation testing found the outcome and message unchecked)."""

from __future__ import annotations

from service.engine.cube import Cube, Offer, cube_action
from service.engine.rules import Rules

NOT_OVER = {"game_over": False, "winner": None, "result": None, "multiplier": None, "points": None}


def test_a_double_in_full():
    verdict = cube_action("double", "white", Cube(2, "white"))
    assert (verdict.legal, verdict.code, verdict.message(), verdict.game_over) == (True, None, None, False)
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
    assert verdict.message("en") == "Only the owner of the cube (Black) may double."
    assert verdict.message("ro") == "Doar cel care deține cubul (Negrul) poate dubla."
    verdict = cube_action("double", "white", Cube(64, "white"))
    assert "64" in verdict.message("en") and "64" in verdict.message("ro")
