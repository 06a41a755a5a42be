"""The judge of long nardy, plakoto and fevga (`arbitru.engine.variant_judge`), rule by rule: each rule a
written play breaks is named by its own code (head rule, block rule, a pinned checker moved, a point
closed by an opposing checker or by a pin, a bear-off while pinned), with its message in English and
Romanian; and properties: every listed play, written in its notation, is judged legal and reaches
its board, and a written play is judged legal exactly when its hops, replayed plainly in some order,
reach a listed play's board."""

from __future__ import annotations

from itertools import permutations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbitru.engine import REASON_CODES
from arbitru.engine.board import OFF, PINNED, Board, Color
from arbitru.engine.fevga import FEVGA
from arbitru.engine.judge import VARIANT_REASON_CODES
from arbitru.engine.movement import LONG_NARDY, PLAKOTO, Movement
from arbitru.engine.position import Position
from arbitru.engine.rules import Rules
from arbitru.engine.variants import variant_of
from arbitru.messages import say
from tests.engine.variant_boards import board_of, variant_boards
from tests.support.cases import examples

NARDY = Rules(preset="long_nardy")
NARDY_EACH_MOVE = Rules(preset="long_nardy", nardy_block="after_each_move")
PLAKOTO_RULES = Rules(preset="plakoto")
CASES = settings(max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow])
DICE = st.tuples(st.integers(1, 6), st.integers(1, 6))

NARDY_START = Position.initial(NARDY).board
# White holds 19, 18, 17, 15, 14 (black's 7, 6, 5, 3, 2) with a gap on 16, every black checker behind
# (its head, our 12, and one on its 9, our 21): filling 16 makes a block with none ahead of it.
GAP = board_of({24: 9, 22: 1, 19: 1, 18: 1, 17: 1, 15: 1, 14: 1}, {24: 14, 9: 1}, LONG_NARDY)
# Black's lone checker on its 7 (white's 18) pinned under white's; black's others on its 24.
BLACK_PINNED = board_of({24: 13, 23: 1, 18: 1}, {24: 14}, PLAKOTO, {"black": [7]})
# White's lone checker on its 18 pins black's on black's 7: black's 7 is closed to black.
CLOSED_BY_PIN = board_of({24: 12, 23: 1, 18: 1, 13: 1}, {24: 13, 13: 1}, PLAKOTO, {"black": [7]})
# White bearing in, one checker pinned on its 3 under black's lone checker on black's 22.
WHITE_PINNED_HOME = board_of({6: 5, 5: 5, 4: 4}, {22: 1, 24: 14}, PLAKOTO, {"white": [3]})


FEVGA_RULES = Rules(preset="fevga")
FEVGA_START = Position.initial(FEVGA_RULES).board
# White's checkers fill its starting quarter but its 19; black's all on its 24 (white's 12).
QUARTER_NEARLY_FULL = board_of({24: 10, 23: 1, 22: 1, 21: 1, 20: 1, 5: 1}, {24: 15}, FEVGA)
# White holds its 11..6, the six points in front of black's every checker (black's 24, white's 12).
WALL_BEFORE_TRAPPED = board_of({11: 2, 10: 2, 9: 2, 8: 2, 7: 2, 6: 2, 5: 3}, {24: 15}, FEVGA)


def judge(board: Board, turn: Color, dice: tuple[int, int], written: str, rules: Rules):
    return Position(board, turn, dice, rules=rules).judge(written)


# code -> (board, turn, dice, written, rules, English, Romanian)
VARIANT_CASES = {
    "HEAD_RULE": (
        NARDY_START,
        "white",
        (6, 5),
        "24/18 24/19",
        NARDY,
        "24/19 takes one checker too many from the head (24): one leaves it per turn, two only on the"
        " first turn with 6-6, 4-4 or 3-3",
        "24/19 ia un pul în plus de pe cap (punctul 24): de pe cap pleacă un singur pul pe tură, două"
        " doar la prima tură cu 6-6, 4-4 sau 3-3",
    ),
    "BLOCK_RULE": (
        GAP,
        "white",
        (6, 1),
        "24/23 22/16",
        NARDY,
        "24/23 22/16 leaves six points in a row held with no opposing checker ahead of them",
        "24/23 22/16 lasă șase puncte la rând ocupate fără niciun pul al adversarului în fața lor",
    ),
    # 24/18/12: white's 12 is black's head (its 24)
    "POINT_OCCUPIED": (
        NARDY_START,
        "white",
        (6, 6),
        "24/12 24/18",
        NARDY,
        "point 12 has an opposing checker: where nothing is hit, it is closed",
        "pe punctul 12 stă un pul al adversarului: fără lovituri, punctul este închis",
    ),
    "PINNED_CHECKER_MOVED": (
        BLACK_PINNED,
        "black",
        (6, 1),
        "7/1 24/23",
        PLAKOTO_RULES,
        "7/1 moves the checker pinned on 7: it cannot move until the opposing checker leaves",
        "7/1 mută pulul prins pe punctul 7: nu se poate muta până nu pleacă pulul adversarului",
    ),
    "POINT_CLOSED_BY_PIN": (
        CLOSED_BY_PIN,
        "black",
        (6, 1),
        "13/7 24/23",
        PLAKOTO_RULES,
        "point 7 is closed: the opponent's lone checker there pins a checker of the mover's",
        "punctul 7 este închis: pulul singur al adversarului de acolo ține prins un pul al celui la mutare",
    ),
    "BEAR_OFF_WHILE_PINNED": (
        WHITE_PINNED_HOME,
        "white",
        (6, 5),
        "6/off 5/off",
        PLAKOTO_RULES,
        "6/off bears off while a checker is pinned on 3",
        "6/off scoate un pul cât timp un pul este prins pe punctul 3",
    ),
    "STARTING_RULE": (
        FEVGA_START,
        "white",
        (5, 3),
        "24/19 24/21",
        FEVGA_RULES,
        "24/21 moves a second checker away from the start (24) before the first has passed the"
        " opponent's start (12)",
        "24/21 mută un al doilea pul de la start (24) înainte ca primul să fi trecut de startul"
        " adversarului (12)",
    ),
    "STARTING_QUARTER": (
        QUARTER_NEARLY_FULL,
        "white",
        (5, 1),
        "24/19 5/4",
        FEVGA_RULES,
        "24/19 holds all six points of the own starting quarter (24 to 19) at once",
        "24/19 ocupă deodată toate cele șase puncte ale propriului sfert de start (de la 24 la 19)",
    ),
    "UNBLOCKING_RULE": (
        WALL_BEFORE_TRAPPED,
        "white",
        (6, 5),
        "7/1 6/1",
        FEVGA_RULES,
        "7/1 6/1 leaves closed the six points in a row in front of every opposing checker, when a play"
        " could open one",
        "7/1 6/1 lasă închise cele șase puncte la rând din fața tuturor pulurilor adverse, deși o"
        " mutare ar putea deschide unul",
    ),
}


def test_every_variant_code_has_a_case_and_is_a_documented_reason():
    assert set(VARIANT_CASES) == set(VARIANT_REASON_CODES) <= set(REASON_CODES)


@pytest.mark.parametrize("code", sorted(VARIANT_CASES))
def test_each_variant_rule_broken_is_named_by_its_code_in_both_languages(code):
    board, turn, dice, written, rules, english, romanian = VARIANT_CASES[code]
    verdict = judge(board, turn, dice, written, rules)
    assert (verdict.legal, verdict.code) == (False, code)
    assert (say(verdict, "en"), say(verdict, "ro")) == (english, romanian)


# -- the head rule -----------------------------------------------------------------------------------
def test_head_rule_two_checkers_may_leave_the_head_on_the_first_6_6():
    verdict = judge(NARDY_START, "white", (6, 6), "24/18(2)", NARDY)
    assert verdict.legal and verdict.as_written and verdict.play is not None
    assert verdict.play.notation == "24/18(2)"


def test_head_rule_a_6_6_after_the_first_turn_takes_one_checker_from_the_head():
    later = board_of({24: 14, 10: 1}, {24: 15}, LONG_NARDY)
    verdict = judge(later, "white", (6, 6), "24/18(2) 10/4(2)", NARDY)
    assert (verdict.legal, verdict.code, verdict.params["move"]) == (False, "HEAD_RULE", "24/18")


def test_head_rule_a_first_5_5_takes_one_checker_from_the_head():
    assert judge(NARDY_START, "white", (5, 5), "24/4", NARDY).legal
    assert judge(NARDY_START, "white", (5, 5), "24/14(2)", NARDY).code == "HEAD_RULE"


# -- the block rule ----------------------------------------------------------------------------------
def test_block_rule_passing_through_a_block_is_legal_after_the_play_but_not_after_each_move():
    assert judge(GAP, "white", (6, 1), "22/16/15", NARDY).legal
    verdict = judge(GAP, "white", (6, 1), "22/16/15", NARDY_EACH_MOVE)
    assert (verdict.legal, verdict.code) == (False, "BLOCK_RULE")


def test_block_rule_a_block_with_an_opposing_checker_ahead_stands():
    ahead = board_of({24: 9, 22: 1, 19: 1, 18: 1, 17: 1, 15: 1, 14: 1}, {24: 13, 9: 1, 1: 1}, LONG_NARDY)
    assert judge(ahead, "white", (6, 1), "24/23 22/16", NARDY).legal


# -- what closes a point, hits and pins --------------------------------------------------------------
def test_long_nardy_hits_nothing_so_a_marked_hit_is_wrong():
    verdict = judge(NARDY_START, "white", (6, 5), "24/13*", NARDY)
    assert (verdict.legal, verdict.code) == (False, "WRONG_HIT")


def test_plakoto_pin_written_as_a_hit_is_legal_and_pins():
    blot = board_of({24: 14, 13: 1}, {24: 14, 7: 1}, PLAKOTO)
    verdict = judge(blot, "white", (6, 1), "24/18* 24/23", PLAKOTO_RULES)
    assert verdict.legal and verdict.play is not None
    assert verdict.play.board.black[PINNED + 7] == 1 and verdict.play.board.black[7] == 0


def test_plakoto_pinning_and_moving_on_is_the_play_that_moves_past():
    blot = board_of({24: 14, 13: 1}, {24: 14, 7: 1}, PLAKOTO)
    verdict = judge(blot, "white", (6, 1), "24/18*/17", PLAKOTO_RULES)
    assert verdict.legal and verdict.as_written and verdict.play is not None
    assert verdict.play.notation == "24/17"


def test_plakoto_two_opposing_checkers_close_a_point():
    two = board_of({24: 13, 13: 2}, {24: 13, 7: 2}, PLAKOTO)
    verdict = judge(two, "white", (6, 1), "24/18 24/23", PLAKOTO_RULES)
    assert (verdict.code, verdict.params["point"]) == ("POINT_CLOSED", 18)


def test_bear_off_while_pinned_leaves_no_play_and_the_pass_is_legal():
    assert judge(WHITE_PINNED_HOME, "white", (6, 5), "", PLAKOTO_RULES).legal


def test_the_rules_decide_the_judge_and_without_rules_it_is_backgammons():
    # the same board: black's 15 are on its 24, white's 12 in long nardy, white's 1 in backgammon
    assert Position(NARDY_START, "white", (6, 5)).judge("24/18 24/19").legal
    assert not judge(NARDY_START, "white", (6, 5), "24/18 24/19", NARDY).legal


# -- properties ---------------------------------------------------------------------------------------
VARIANTS = st.sampled_from([NARDY, NARDY_EACH_MOVE, PLAKOTO_RULES])


@st.composite
def positions(draw: st.DrawFn) -> Position:
    rules = draw(VARIANTS)
    board = draw(variant_boards(variant_of(rules).movement_for(rules)))
    turn = draw(st.sampled_from(["white", "black"]))
    return Position(board, turn, draw(DICE), rules=rules)


# Slow (the judge replays every listed play of a plakoto double: 165): 17 of the 22 minutes of
# `make mutation`'s stats run, and minutes for each mutant of the variant judge it reaches; the
# directed verdicts (test_variant_judge_verdicts.py) and the written-play properties below test
# the same judge there.
@pytest.mark.slow
@pytest.mark.plays_cached  # the judge of each play lists the board's plays once, not once per play
@CASES
@given(positions())
def test_every_listed_play_written_in_its_notation_is_legal_and_reaches_its_board(position):
    for play in position.plays():
        verdict = position.judge(play.notation)
        assert verdict.legal and verdict.play is not None, (play.notation, verdict)
        assert verdict.play.board == play.board
        assert verdict.as_written, play.notation


def plainly_reached(board: Board, turn: Color, hops, movement: Movement) -> set[Board]:
    """The boards the hops reach, played plainly in each order: each from a free checker of the
    mover's, forward, onto a point no opposing checker closes, pinning a lone one there where
    checkers pin; a point's last checker leaving frees the opposing checker pinned under it."""
    reached = set()
    opposite = movement.geometry.opposite
    for order in permutations(hops):
        mine = list(board.side(turn)) + [0] * (movement.slots - len(board.side(turn)))
        other = "black" if turn == "white" else "white"
        theirs = list(board.side(other)) + [0] * (movement.slots - len(board.side(other)))
        for source, dest in order:
            if dest >= source or mine[source] < 1:
                break
            if dest != OFF:
                there = theirs[opposite(dest)]
                if there >= 2 or (there and movement.contact == "none"):
                    break
                if there and movement.pins and mine[PINNED + dest]:
                    break
                if there and movement.pins:
                    theirs[opposite(dest)] -= 1
                    theirs[PINNED + opposite(dest)] += 1
            mine[source] -= 1
            mine[dest] += 1
            if movement.pins and source != 25 and not mine[source] and theirs[PINNED + opposite(source)]:
                theirs[PINNED + opposite(source)] -= 1
                theirs[opposite(source)] += 1
        else:
            sides = (tuple(mine), tuple(theirs))
            reached.add(Board(*sides) if turn == "white" else Board(*reversed(sides)))
    return reached


@st.composite
def written_plays(draw: st.DrawFn, position: Position) -> tuple[tuple[int, int], ...]:
    """Hops near a listed play's (one dropped, one changed, one added) or anywhere."""
    play = draw(st.sampled_from(position.plays()))
    hops = [(move.from_point, move.to_point) for move in play.moves]
    anywhere = st.tuples(st.integers(1, 24), st.integers(0, 24))
    how = draw(st.sampled_from(["as listed", "drop", "change", "add", "random"]))
    if how == "drop" and hops:
        hops.pop(draw(st.integers(0, len(hops) - 1)))
    elif how == "change" and hops:
        hops[draw(st.integers(0, len(hops) - 1))] = draw(anywhere)
    elif how == "add":
        hops.append(draw(anywhere))
    elif how == "random":
        hops = draw(st.lists(anywhere, max_size=4))
    return tuple(draw(st.permutations(hops)))


@CASES
@given(positions(), st.data())
def test_a_written_play_is_legal_exactly_when_its_hops_reach_a_listed_plays_board(position, data):
    hops = data.draw(written_plays(position))
    plays = {play.board: play for play in position.plays()}
    movement = variant_of(position.rules).movement_for(position.rules)
    reached = plainly_reached(position.board, position.turn, hops, movement) if hops else {position.board}
    listed = reached & set(plays)
    verdict = position.judge(hops)
    assert verdict.legal == bool(listed), (hops, verdict)
    if verdict.legal:
        assert verdict.play is not None and verdict.play.board in listed
    else:
        assert verdict.code in REASON_CODES
        assert say(verdict, "en") and say(verdict, "ro")  # every reason's message has its parameters


@CASES
@given(positions(), st.data())
def test_the_written_order_of_a_listed_plays_hops_does_not_change_the_ruling(position, data):
    play = data.draw(st.sampled_from(position.plays()))
    hops = data.draw(st.permutations([(m.from_point, m.to_point) for m in play.moves]))
    verdict = position.judge(hops)
    assert verdict.legal and verdict.play is not None and verdict.play.board == play.board
