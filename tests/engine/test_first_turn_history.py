"""Long Nardy's first-turn exception (6-6, 4-4 or 3-3 may take two checkers off the head) belongs to
a side's first turn, which the board alone cannot always tell (issue 43): a side whose whole first
turn was blocked still has every checker on the head. The game's history (`variants.History`)
says it, the board says it once a checker has left the head, and a position carries it from one
play to the next (`Position.after`)."""

from __future__ import annotations

from arbitru.engine.position import Position
from arbitru.engine.rules import PRESETS
from arbitru.engine.variants import NO_HISTORY, VARIANTS, History, read_board

NARDY = PRESETS["long_nardy"]
# White all on the head; a black checker on its own 6 (white's 18) shuts white's 6s off the head.
BLOCKED = read_board({"white": {"points": {"24": 15}}, "black": {"points": {"24": 14, "6": 1}}}, NARDY)
# The same once that black checker went on to its 1 (white's 13): white's 18 is open again.
OPENED = read_board({"white": {"points": {"24": 15}}, "black": {"points": {"24": 14, "1": 1}}}, NARDY)


def notations(position: Position) -> list[str]:
    return [play.notation for play in position.plays()]


def test_a_blocked_first_turn_does_not_get_the_head_exception_twice():
    first = Position(BLOCKED, "white", (6, 6), rules=NARDY)
    (passed,) = first.plays()
    assert passed.moves == ()  # the whole first turn blocked: it passes
    after = first.after(passed)
    assert after.first_turn()["white"] is False  # though every white checker is on the head
    again = Position(OPENED, "white", (6, 6), rules=NARDY, history=after.history)
    assert notations(again) == ["24/18"]  # one checker off the head: the first turn is over
    assert again.judge("24/18(2)").code == "HEAD_RULE"


def test_a_first_turn_still_to_come_takes_two_checkers_off_the_head_with_6_6():
    position = Position(OPENED, "white", (6, 6), rules=NARDY)
    assert position.first_turn()["white"] is True
    assert notations(position) == ["24/18(2)"]
    assert position.judge("24/18(2)").legal


def test_the_board_says_the_first_turn_is_over_once_a_checker_has_left_the_head():
    board = read_board({"white": {"points": {"24": 14, "13": 1}}, "black": {"points": {"24": 15}}}, NARDY)
    assert VARIANTS["long_nardy"].first_turn(board, NO_HISTORY) == {"white": False, "black": True}


def test_a_history_given_outside_long_nardy_or_against_the_board_is_a_problem_naming_the_field():
    _, outside = VARIANTS["plakoto"].read_history(BLOCKED, {"white": False})
    assert [(p.field, p.code) for p in outside] == [("first_turn", "only_long_nardy")]
    board = read_board({"white": {"points": {"24": 14, "13": 1}}, "black": {"points": {"24": 15}}}, NARDY)
    history, against = VARIANTS["long_nardy"].read_history(board, {"white": True, "black": False})
    assert [(p.field, p.code) for p in against] == [("first_turn.white", "first_turn_over")]
    assert history == History(frozenset({"black"}))


def test_only_a_side_whose_first_turn_is_over_with_every_checker_on_the_head_moves_otherwise():
    nardy = VARIANTS["long_nardy"]
    played = History(frozenset({"white"}))
    usual = nardy.movement_for(NARDY)
    assert nardy.movement_in(NARDY, OPENED, "black", played) is usual
    left = read_board({"white": {"points": {"24": 14, "13": 1}}, "black": {"points": {"24": 15}}}, NARDY)
    assert nardy.movement_in(NARDY, left, "white", played) is usual
    assert nardy.movement_in(NARDY, OPENED, "white", played) is not usual
