"""The referee for one proposed play: legal plays accepted, illegal ones named by rule."""

import pytest

from service.engine import REASON_CODES, judge_play, parse_play_marked
from tests.engine.positions import OPENING, position

BLACK_START = {24: 2, 13: 5, 8: 3, 6: 5}


def rule(board, dice, text, turn="white"):
    return judge_play(board, turn, dice, *parse_play_marked(text))


def test_checkers_are_interchangeable_so_a_play_is_judged_by_the_position_it_reaches():
    # 6/off then 7/6 leaves what 7/6 then 6/off leaves: the same legal play.
    assert rule(position({7: 1, 6: 14}, BLACK_START), (6, 1), "6/off 7/6").legal


@pytest.mark.parametrize("text", ["8/5 6/5", "6/5 8/5", "8/5, 6/5"])
def test_a_legal_play_is_accepted_in_any_order(text):
    verdict = rule(OPENING, (3, 1), text)
    assert verdict.legal and verdict.play is not None and verdict.play.notation == "8/5 6/5"


def test_a_combined_move_may_be_written_with_or_without_its_intermediate_point():
    for text in ["24/13", "24/18/13", "24/18 18/13", "24/19 19/13"]:
        assert rule(OPENING, (6, 5), text).legal


def test_grouped_repeats_that_cannot_be_played_in_the_written_order_are_accepted():
    board = position({13: 5, 8: 3, 6: 5}, BLACK_START, white_bar=2)
    assert rule(board, (2, 2), "bar/21(2)").legal


def test_the_hit_marked_chooses_between_plays_that_differ_only_in_the_hit():
    board = position({24: 2, 13: 5, 8: 3, 6: 5}, {7: 1, 8: 3, 13: 5, 24: 2, 5: 4})
    hit = rule(board, (6, 5), "24/18*/13")
    quiet = rule(board, (6, 5), "24/19/13")
    assert hit.legal and quiet.legal
    assert hit.play.board.black[25] == 1 and quiet.play.board.black[25] == 0


@pytest.mark.parametrize(
    ("board", "dice", "text", "code"),
    [
        (OPENING, (3, 1), "5/2 8/7", "NO_CHECKER_TO_MOVE"),
        (OPENING, (3, 1), "5/8 6/5", "MOVE_BACKWARDS"),
        (
            position({13: 5, 8: 3, 6: 5, 24: 1}, BLACK_START, white_bar=1),
            (6, 4),
            "24/18 13/9",
            "MUST_ENTER_FROM_BAR",
        ),
        (OPENING, (6, 6), "24/12 13/7 13/7", "POINT_CLOSED"),
        (OPENING, (3, 1), "13/8 6/5", "DICE_MISMATCH"),
        (OPENING, (3, 1), "8/5 6/5 6/5", "TOO_MANY_MOVES"),
        (position({7: 1, 6: 14}, BLACK_START), (6, 1), "6/off 6/5", "BEAR_OFF_NOT_ALLOWED"),
        (position({5: 1, 2: 1, 1: 1}, BLACK_START), (6, 3), "2/off 1/off", "BEAR_OFF_HIGHER_POINT_OCCUPIED"),
        (OPENING, (6, 5), "24/18", "MUST_USE_ALL_DICE"),
        (
            position({13: 1, 1: 14}, {22: 3, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 7: 2}),
            (6, 4),
            "13/9",
            "MUST_PLAY_HIGHER_DIE",
        ),
    ],
)
def test_an_illegal_play_is_named_by_the_rule_it_breaks(board, dice, text, code):
    verdict = rule(board, dice, text)
    assert not verdict.legal and verdict.code == code and verdict.message
    assert code in REASON_CODES


def test_dancing_is_legal_only_when_nothing_can_move():
    closed = {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 3, 13: 2}
    board = position({13: 5, 8: 3, 6: 5, 24: 1}, closed, white_bar=1)
    assert rule(board, (6, 6), "").legal
    assert rule(OPENING, (6, 6), "").code == "MUST_USE_ALL_DICE"
