"""The engine's `Position` decides the outcome in its context: the Jacoby rule applies in money play
only, while the cube is centred, and a match (given, or the rules' match length) is scored inside."""

from __future__ import annotations

from arbitru.engine import Board, Position
from arbitru.engine.cube import Cube
from arbitru.engine.match import Match
from arbitru.engine.rules import STANDARD

# White has borne off everything; black has borne off nothing and is out of white's home: a gammon.
GAMMON = Board.from_dict(
    {"white": {"points": {}, "off": 15}, "black": {"points": {"6": 5, "8": 5, "13": 5}}}, checkers=15
)
JACOBY = STANDARD.with_options(jacoby=True)


def test_a_jacoby_gammon_counts_single_in_money_play_with_a_centred_cube():
    verdict = Position(GAMMON, rules=JACOBY, cube=Cube(2, "centered")).outcome()
    assert (verdict.result, verdict.multiplier, verdict.points) == ("gammon", 1, 2)


def test_a_gammon_counts_double_once_the_cube_is_turned_under_jacoby():
    verdict = Position(GAMMON, rules=JACOBY, cube=Cube(2, "black")).outcome()
    assert (verdict.multiplier, verdict.points) == (2, 4)


def test_jacoby_never_applies_in_a_match():
    position = Position(GAMMON, rules=JACOBY, match=Match(5, (1, 2)))
    verdict = position.outcome()
    assert (verdict.multiplier, verdict.points) == (2, 2)
    scored = position.match_after(verdict)
    assert scored is not None and scored.score == (3, 2)


def test_the_rules_match_length_is_a_match_for_jacoby():
    rules = JACOBY.with_options(match_length=5)
    position = Position(GAMMON, rules=rules, match=Match.from_dict(None, rules))
    assert position.outcome().multiplier == 2


def test_a_game_going_on_has_no_outcome_and_leaves_the_score():
    position = Position(Board.initial(), "white", (3, 1), match=Match(5, (1, 2)))
    assert not position.ends_game() and not position.outcome().game_over
    scored = position.match_after(position.outcome())
    assert scored is not None and scored.score == (1, 2) and scored.points is None


def test_every_listed_play_is_judged_legal():
    position = Position(Board.initial(), "white", (3, 1))
    for play in position.plays():
        hops = [(move.from_point, move.to_point) for move in play.moves]
        assert position.judge(hops).play == play
