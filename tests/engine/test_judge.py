"""The referee for one proposed play: legal plays accepted, illegal ones named by rule."""

import re

import pytest

from arbitru.engine import REASON_CODES, judge_play, parse_play_marked
from arbitru.engine.board import OFF, Board
from arbitru.messages import render, say
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
    for text in ["24/13", "24/18/13", "24/18 18/13"]:
        assert rule(OPENING, (6, 5), text).legal


def test_a_written_stop_is_landed_on_so_a_stop_on_a_closed_point_is_refused():
    # 24/19 19/13 reaches the board of 24/13, but its stop 19 is the opponent's 6-point.
    verdict = rule(OPENING, (6, 5), "24/19 19/13")
    assert not verdict.legal and verdict.code == "POINT_CLOSED"
    assert say(verdict) == "point 19 is held by the opponent"


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
        # the 6 bears off from the highest point, shared or not: what is wrong is the 5 left unplayed
        (position({3: 2}, BLACK_START), (6, 5), "3/off", "MUST_USE_ALL_DICE"),
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
    assert not verdict.legal and verdict.code == code and say(verdict)
    assert code in REASON_CODES


@pytest.mark.parametrize(("white", "text"), [({3: 2}, "3/off 3/off"), ({3: 1, 2: 1}, "3/off 2/off")])
def test_a_larger_die_bears_off_from_the_highest_point_whatever_stands_on_it_or_below(white, text):
    # 6-5, white's last checkers on the 3 (both, or one and one on the 2): the 6 bears off from the
    # highest point though another checker stands on it or below it, then the 5 bears off the other.
    verdict = rule(position(white, BLACK_START), (6, 5), text)
    assert (verdict.legal, verdict.as_written, verdict.play.board.white[OFF]) == (True, True, 15)


def test_dancing_is_legal_only_when_nothing_can_move():
    closed = {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 3, 13: 2}
    board = position({13: 5, 8: 3, 6: 5, 24: 1}, closed, white_bar=1)
    assert rule(board, (6, 6), "").legal
    assert rule(OPENING, (6, 6), "").code == "MUST_USE_ALL_DICE"


# -- the hops are replayed literally ----------------------------------------------------------------
# White's 8-point empty, a black blot on it (black's 17), white's 7 empty: 13/2 with 6-5 may pass
# through 8 (hitting) or 7 (not).
BLOT_ON_8 = position({24: 2, 13: 5, 10: 3, 6: 5}, {17: 1, 13: 4, 8: 3, 6: 5, 24: 2})


def test_a_hop_landing_on_a_blot_hits_it_whatever_other_route_reaches_the_same_point():
    verdict = rule(BLOT_ON_8, (6, 5), "13/8 8/2")
    assert verdict.legal and verdict.as_written
    assert verdict.play.notation == "13/8*/2"
    assert verdict.play.board.black[25] == 1 and verdict.play.board.black[17] == 0


def test_a_hop_that_only_passes_a_blot_does_not_hit_it():
    verdict = rule(BLOT_ON_8, (6, 5), "13/2")
    assert verdict.legal and verdict.play.board.black[17] == 1 and verdict.play.board.black[25] == 0


def test_a_hop_passing_blots_on_every_route_is_refused_and_told_to_write_the_stop():
    board = position({24: 2, 13: 5, 10: 3, 6: 5}, {17: 1, 18: 1, 13: 3, 8: 3, 6: 5, 24: 2})
    verdict = rule(board, (6, 5), "13/2")
    assert not verdict.legal and verdict.code == "NOT_A_LEGAL_PLAY"
    assert "13/2 hits nothing" in say(verdict) and "*" in say(verdict)
    assert "13/2 nu lovește nimic" in say(verdict, "ro")


def test_a_star_on_a_hop_that_hits_nothing_is_wrong_hit_naming_the_point():
    verdict = rule(OPENING, (6, 1), "13/7* 8/7")
    assert not verdict.legal and verdict.code == "WRONG_HIT"
    assert say(verdict) == "13/7* marks a hit, but there is no blot of the opponent on 7"
    assert say(verdict, "ro") == (
        "13/7* marchează o lovitură, dar pe punctul 7 nu este niciun pul singur al adversarului"
    )


def test_a_star_on_a_hop_that_hits_is_legal_and_an_unmarked_real_hit_stays_legal():
    marked = rule(BLOT_ON_8, (6, 5), "13/8*/2")
    unmarked = rule(BLOT_ON_8, (6, 5), "13/8/2")
    assert marked.legal and unmarked.legal and marked.play == unmarked.play


def test_reordered_notation_is_played_as_written():
    verdict = rule(position({7: 1, 6: 14}, BLACK_START), (6, 1), "6/off 7/6")
    assert verdict.legal and verdict.as_written


def test_grouped_repeats_from_the_bar_are_played_as_written():
    board = position({13: 5, 8: 3, 6: 5}, BLACK_START, white_bar=2)
    assert rule(board, (2, 2), "bar/21(2)").as_written


def test_hops_reaching_a_legal_board_by_another_grouping_of_the_dice_are_taken_as_that_play():
    board = position({3: 1, 2: 1}, {13: 5, 8: 5, 6: 5})
    verdict = rule(board, (3, 1), "3/1 2/off")
    assert verdict.legal and not verdict.as_written
    assert verdict.play.notation == "3/off 2/1"
    assert render("play.REGROUPED", verdict.note_params("3/1 2/off"), "en") == (
        "3/1 2/off cannot be played as written with 3-1; taken as 3/off 2/1, which leaves the same position"
    )
    assert "luată drept 3/off 2/1" in render("play.REGROUPED", verdict.note_params("3/1 2/off"), "ro")
    assert rule(board, (3, 1), "3/off 2/1").as_written


ILLEGAL_CASES = [
    (OPENING, (3, 1), "5/2 8/7"),
    (OPENING, (3, 1), "5/8 6/5"),
    (position({13: 5, 8: 3, 6: 5, 24: 1}, BLACK_START, white_bar=1), (6, 4), "24/18 13/9"),
    (OPENING, (6, 6), "24/12 13/7 13/7"),
    (OPENING, (3, 1), "13/8 6/5"),
    (OPENING, (3, 1), "8/5 6/5 6/5"),
    (position({7: 1, 6: 14}, BLACK_START), (6, 1), "6/off 6/5"),
    (position({5: 1, 2: 1, 1: 1}, BLACK_START), (6, 3), "2/off 1/off"),
    (OPENING, (6, 5), "24/18"),
    (position({13: 1, 1: 14}, {22: 3, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 7: 2}), (6, 4), "13/9"),
    (OPENING, (6, 1), "13/7* 8/7"),
]


@pytest.mark.parametrize(("board", "dice", "text"), ILLEGAL_CASES)
def test_every_reason_names_in_romanian_the_moves_dice_and_points_it_names_in_english(board, dice, text):
    verdict = rule(board, dice, text)
    english, romanian = say(verdict, "en"), say(verdict, "ro")
    assert english != romanian
    named = re.findall(r"\d+(?:/(?:\d+|off|bar)\*?)?|\d-\d", english)
    assert named and all(item in romanian for item in named), (english, romanian)


def test_only_a_play_taken_by_another_grouping_of_the_dice_carries_a_note():
    # 3/1 2/off with 3-1 reaches 3/off 2/1's board: taken as that play, with a note naming both
    # (black's two checkers on its 1 point, white's 24, are out of the way)
    regrouped = rule(position({3: 1, 2: 1}, {1: 2}), (3, 1), "3/1 2/off")
    assert regrouped.legal and not regrouped.as_written
    assert regrouped.note_params("3/1 2/off") == {"written": "3/1 2/off", "roll": "3-1", "play": "3/off 2/1"}
    assert rule(OPENING, (3, 1), "8/5 6/5").note_params("8/5 6/5") is None  # as written
    # a hop written past the blot it must hit: not legal, so no note though a play is named
    past = position({24: 2, 13: 5, 10: 3, 6: 5}, {17: 1, 18: 2, 13: 2, 8: 3, 6: 5, 24: 2})
    verdict = rule(past, (6, 5), "13/2")
    assert verdict.play is not None and verdict.note_params("13/2") is None


def test_an_exact_bear_off_is_played_as_written_whatever_is_on_the_bar_or_above():
    # white's last checker on its 6, black with two on the bar: 6/off with 6-6 is one die, exactly
    last = Board.from_dict({"white": {"points": {"6": 1}}, "black": {"points": {"13": 13}, "bar": 2}})
    verdict = judge_play(last, "white", (6, 6), ((6, 0),))
    assert verdict.legal and verdict.as_written
    # 5/off 6/5 with 5-1 from 6, 6, 5: the 5 bears off exactly while a checker stays on the 6
    board = position({6: 2, 5: 1}, {24: 2})
    verdict = judge_play(board, "white", (5, 1), ((5, 0), (6, 5)))
    assert verdict.legal and verdict.as_written
