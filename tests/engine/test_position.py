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


# -- the library's position: a start, a roll of the caller's, a written play, the next position, text --
def test_the_initial_position_is_the_variants_start_in_a_match_of_the_rules_length():
    from arbitru.engine.rules import Rules
    from arbitru.engine.variants import start_board

    rules = Rules(preset="romanian", variant="nackgammon")
    position = Position.initial(rules, "black", (6, 5))
    assert position == Position(start_board(rules), "black", (6, 5), match=Match(3), rules=rules)


def test_plays_of_a_roll_given_are_the_plays_of_a_position_with_those_dice():
    position = Position.initial(turn="white")
    assert position.plays((6, 1)) == Position.initial(turn="white", dice=(6, 1)).plays()
    rolled = Position.initial(turn="white", dice=(4, 2))
    assert rolled.plays((6, 1)) != rolled.plays() and rolled.plays(None) == rolled.plays()


def test_a_written_play_is_judged_as_its_hops_and_hit_marks():
    from arbitru.engine.notation import parse_play_marked

    board = Board.from_dict({"white": {"points": {"13": 15}}, "black": {"points": {"15": 1, "24": 14}}})
    position = Position(board, "white", (3, 1))
    for text in ("13/10* 10/9", "13/10 10/9", "13/12* 13/10", "13/9"):
        hops, marked = parse_play_marked(text)
        assert position.judge(text) == position.judge(hops, marked), text


def test_the_position_after_a_play_is_its_board_with_the_opponent_to_roll_and_nothing_else_changed():
    position = Position(
        GAMMON.__class__.initial(), "white", (5, 2), Cube(2, "black"), Match(7, (1, 4)), JACOBY
    )
    play = position.plays()[3]
    assert position.after(play) == Position(
        play.board, "black", None, Cube(2, "black"), Match(7, (1, 4)), JACOBY
    )


def test_a_position_prints_its_diagram_then_who_rolls_what_the_cube_and_the_match():
    lines = str(Position(Board.initial(), "white", (3, 1), Cube(2, "black"), Match(7, (1, 4)))).splitlines()
    assert lines[:5] == str(Board.initial()).splitlines()
    assert lines[5:] == ["white to play 3-1; cube 2 black; match to 7 at 1-4"]
    assert (
        str(Position(Board.initial(), "black")).splitlines()[5]
        == "black on roll; cube 1 centered; money game"
    )
    assert str(Position(Board.initial())).splitlines()[5] == "nobody; cube 1 centered; money game"
