"""The details of a position's answers: what a refusal names (its parameters, said in words) and
where an illegal play leaves the game."""

from __future__ import annotations

from arbitru.engine.board import Board
from arbitru.engine.position import GOING_ON, Position
from arbitru.engine.rules import PRESETS
from arbitru.messages import say
from tests.engine.test_variant_outcomes import plakoto_side


def test_a_side_on_roll_after_the_mother_rule_decided_the_game_is_named_in_the_refusal():
    # Plakoto: both mothers (the last checker on each side's 24) pinned: a tie, the game is over;
    # white on roll with 3-1 cannot be
    pinned_mother = plakoto_side({1: 1, 6: 13}, pinned=[24])
    found = Position(
        Board(pinned_mother, pinned_mother), "white", (3, 1), rules=PRESETS["plakoto"]
    ).problems()
    assert [(p.field, p.code, dict(p.params)) for p in found] == [
        ("board", "problem.game_decided_on_roll", {"turn": "white"})
    ]
    assert (
        say(found[0]) == "the mother rule has already decided the game on this board: white cannot be on roll"
    )


def test_an_illegal_play_that_would_have_borne_off_the_last_checker_leaves_the_game_going_on():
    # white's last checker on its 9 point, 14 off; black's blot on white's 5 point (black's 20).
    # 4-4 written "9/off": every route (9/5*/1/off) hits the blot on the way, so the play as
    # written is no legal play (HIT_ON_THE_WAY), though the legal play it passes for bears the last
    # checker off: an illegal play ends nothing
    board = Board.from_dict(
        {"white": {"points": {"9": 1}, "off": 14}, "black": {"points": {"20": 1, "1": 14}}}
    )
    ruling = Position(board, "white", (4, 4)).ruling("9/off")
    assert (ruling.verdict.legal, ruling.verdict.code, ruling.verdict.detail) == (
        False,
        "NOT_A_LEGAL_PLAY",
        "HIT_ON_THE_WAY",
    )
    assert ruling.verdict.play is not None and ruling.verdict.play.board.white[0] == 15
    assert ruling.standing == GOING_ON
