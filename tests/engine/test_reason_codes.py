"""One table per family of reason codes (the judge's, the cube's): every documented code has a case,
every case's code is documented, and each case gets exactly its code. The referee's table is in
tests/referee/test_referee.py (CASES). A property checks what the judge's last fallback relies on: a
proposal that replays legally with as many dice as the roll allows is a legal play, unless it
played the lower die where only one die can be played.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitru.engine import REASON_CODES, judge_play, legal_plays, parse_play_marked
from arbitru.engine.board import Board
from arbitru.engine.cube import REASONS, Cube, cube_action
from arbitru.engine.judge import FAMILY_OPTION_REASON_CODES, VARIANT_REASON_CODES
from arbitru.engine.rules import Rules
from arbitru.messages import say
from tests.engine.positions import OPENING, position
from tests.support.cases import examples
from tests.support.compare import state_of
from tests.support.positions import scattered_positions
from tests.support.reference import reference_results, single_moves

BLACK_START = {24: 2, 13: 5, 8: 3, 6: 5}
START_WHITE = BLACK_START
ONE_UP = position({13: 5, 8: 3, 6: 5, 24: 1}, BLACK_START, white_bar=1)
# White's last outfield checker on 13 with 6-4: 13/7 or 13/9, and neither goes on (3 closed).
ONE_DIE = position({13: 1, 1: 14}, {22: 3, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 7: 2})

# code -> (board, dice, hops as written, or raw (from, to) pairs for what notation cannot write,
# the message)
JUDGE_CASES: dict[str, tuple[Board, tuple[int, int], str | tuple[tuple[int, int], ...], str]] = {
    "NO_CHECKER_TO_MOVE": (OPENING, (3, 1), "5/2 8/7", "White has no checker on 5 to move"),
    "MOVE_BACKWARDS": (OPENING, (3, 1), "5/8 6/5", "5/8 moves a checker backwards"),
    "NOT_ON_BOARD": (OPENING, (3, 1), ((27, 24), (6, 5)), "point 27 is not on the board"),
    "MUST_ENTER_FROM_BAR": (ONE_UP, (6, 4), "24/18 13/9", "24/18 moves while a checker is on the bar"),
    # 24/18/12: white's 12 is black's 13, held by five
    "POINT_CLOSED": (OPENING, (6, 6), "24/12 13/7 13/7", "point 12 is held by the opponent"),
    "DICE_MISMATCH": (OPENING, (3, 1), "13/8 6/5", "13/8 does not match the dice left (3-1)"),
    "TOO_MANY_MOVES": (
        OPENING,
        (3, 1),
        "8/5 6/5 6/5",
        "6/5 needs a die, but the play has already used all of 3-1",
    ),
    "BEAR_OFF_NOT_ALLOWED": (
        position({7: 1, 6: 14}, BLACK_START),
        (6, 1),
        "6/off 6/5",
        "6/off bears off while a checker is outside the home board",
    ),
    "BEAR_OFF_HIGHER_POINT_OCCUPIED": (
        position({5: 1, 2: 1, 1: 1}, BLACK_START),
        (6, 3),
        "2/off 1/off",
        "a checker on a point above 2 must move before one bears off from 2 with a higher die (6)",
    ),
    "MUST_USE_ALL_DICE": (OPENING, (6, 5), "24/18", "6-5 can be played with 2 dice; the play uses 1"),
    "WRONG_HIT": (OPENING, (3, 1), "8/5* 6/5", "8/5* marks a hit, but there is no blot of the opponent on 5"),
    "MUST_PLAY_HIGHER_DIE": (ONE_DIE, (6, 4), "13/9", "only one die of 6-4 can be played: it must be the 6"),
    # 13/2 with 6-5: 7 is closed, so the only way is 13/8*/2, which hits black's blot on 8; written
    # without the stop, its position (the blot still on 8) is no legal play's
    "NOT_A_LEGAL_PLAY": (
        position({24: 2, 13: 5, 10: 3, 6: 5}, {17: 1, 18: 2, 13: 2, 8: 3, 6: 5, 24: 2}),
        (6, 5),
        "13/2",
        "13/2 hits nothing, but a legal play moving these checkers hits on the way (13/8*/2):"
        " write the stop where it hits",
    ),
}
# The legal play an illegal verdict names, where there is one: the play a hop written past the blot
# it must hit means (the match referee takes it; exporters may leave the stop out).
PLAY_MEANT = {"NOT_A_LEGAL_PLAY": "13/8*/2"}
# More wordings: the bar and off by name, one die in the singular, the dice as rolled.
MESSAGES = [
    (OPENING, (3, 1), ((25, 22), (8, 7)), "NO_CHECKER_TO_MOVE", "White has no checker on bar to move"),
    (OPENING, (3, 1), ((0, 5), (6, 5)), "MOVE_BACKWARDS", "off/5 moves a checker backwards"),
    (OPENING, (3, 1), ((6, -1),), "NOT_ON_BOARD", "point -1 is not on the board"),
    (ONE_DIE, (6, 4), "", "MUST_USE_ALL_DICE", "6-4 can be played with 1 die; the play uses 0"),
    (ONE_DIE, (4, 6), "13/9", "MUST_PLAY_HIGHER_DIE", "only one die of 4-6 can be played: it must be the 6"),
    (OPENING, (5, 2), "13/11 13/6", "DICE_MISMATCH", "13/6 does not match the dice left (5)"),
    (
        OPENING,
        (6, 5),
        "6/off 8/3",
        "BEAR_OFF_NOT_ALLOWED",
        "6/off bears off while a checker is outside the home board",
    ),
    # 8/off (8/2/off) is a legal bear-off of the last outside checker; 5/3 is then one move too many
    (
        position({8: 1, 5: 14}, BLACK_START),
        (6, 2),
        "8/off 5/3",
        "TOO_MANY_MOVES",
        "5/3 needs a die, but the play has already used all of 6-2",
    ),
    # a point held by exactly two (white's 1, black's 24)
    (OPENING, (6, 5), "6/1 8/2", "POINT_CLOSED", "point 1 is held by the opponent"),
    # both ways of a two-dice hop blocked: the higher die first names its point (18, not 19)
    (
        position(START_WHITE, {24: 2, 13: 3, 8: 3, 7: 2, 6: 5}),
        (6, 5),
        "24/13",
        "POINT_CLOSED",
        "point 18 is held by the opponent",
    ),
    (OPENING, (6, 6), "24/18", "MUST_USE_ALL_DICE", "6-6 can be played with 4 dice; the play uses 1"),
    (OPENING, (3, 3), "13/10 10/7 10/7", "NO_CHECKER_TO_MOVE", "White has no checker on 10 to move"),
    (OPENING, (1, 1), "6/1", "DICE_MISMATCH", "6/1 does not match the dice left (1-1-1-1)"),
    (
        OPENING,
        (2, 2),
        "13/5 6/4",
        "TOO_MANY_MOVES",
        "6/4 needs a die, but the play has already used all of 2-2",
    ),
    # bar hops are replayed first: the entered checker may move on though written first
    (
        ONE_UP,
        (6, 3),
        "22/16 bar/22 13/7",
        "TOO_MANY_MOVES",
        "13/7 needs a die, but the play has already used all of 6-3",
    ),
    # two checkers up: one enters with the 6 and may not go on to 16 while the other is still up
    (
        position({13: 5, 8: 3, 6: 5}, {13: 7, 8: 8}, white_bar=2),
        (6, 3),
        "bar/16",
        "MUST_ENTER_FROM_BAR",
        "19/16 moves while a checker is on the bar",
    ),
    # one checker up: it may enter and go on in one hop (bar/22/16, 19 being closed); then 13/10
    # is a third move for two dice
    (
        ONE_UP,
        (6, 3),
        "bar/16 13/10",
        "TOO_MANY_MOVES",
        "13/10 needs a die, but the play has already used all of 6-3",
    ),
    (OPENING, (3, 1), ((6, 6), (8, 5)), "MOVE_BACKWARDS", "6/6 moves a checker backwards"),
    (ONE_UP, (6, 4), ((25, 25),), "MOVE_BACKWARDS", "bar/bar moves a checker backwards"),
    # points off the board, named: the source when it is not a point, else the destination
    (OPENING, (3, 1), ((26, 20),), "NOT_ON_BOARD", "point 26 is not on the board"),
    (OPENING, (3, 1), ((6, 26),), "NOT_ON_BOARD", "point 26 is not on the board"),
    (OPENING, (3, 1), ((0, 30),), "NOT_ON_BOARD", "point 30 is not on the board"),
    (OPENING, (3, 1), ((25, 30),), "NOT_ON_BOARD", "point 30 is not on the board"),
    (OPENING, (3, 1), ((26, 30),), "NOT_ON_BOARD", "point 26 is not on the board"),
    # the checker arriving on 6 joins five: four more moves from 6 are there to make (one too many)
    (
        OPENING,
        (2, 2),
        "8/6 6/4 6/4 6/4 6/4",
        "TOO_MANY_MOVES",
        "6/4 needs a die, but the play has already used all of 2-2",
    ),
    # 24/13 with 6-5 goes via 19 when 18 is closed (the low die first), then 6/5 is one move too many
    (
        position(START_WHITE, {24: 2, 13: 5, 8: 3, 7: 5}),
        (6, 5),
        "24/13 6/5",
        "TOO_MANY_MOVES",
        "6/5 needs a die, but the play has already used all of 6-5",
    ),
    # the 6 may not bear off the 2 while the 3 (the point right above it) is occupied
    (
        position({3: 1, 2: 1}, BLACK_START),
        (6, 1),
        "2/off 3/off",
        "BEAR_OFF_HIGHER_POINT_OCCUPIED",
        "a checker on a point above 2 must move before one bears off from 2 with a higher die (6)",
    ),
]


def judge(board: Board, dice: tuple[int, int], proposal):
    if isinstance(proposal, str):
        return judge_play(board, "white", dice, *parse_play_marked(proposal))
    return judge_play(board, "white", dice, proposal)


def test_every_documented_judge_code_has_a_case_and_every_case_is_documented():
    # the variants' codes have theirs in tests/engine/test_variant_judge.py, the rules options'
    # in tests/engine/test_tavla_hit_and_run.py
    assert set(JUDGE_CASES) == set(REASON_CODES) - set(VARIANT_REASON_CODES) - set(FAMILY_OPTION_REASON_CODES)


@pytest.mark.parametrize("code", sorted(JUDGE_CASES))
def test_each_judge_code_is_given_for_the_rule_its_case_breaks(code):
    board, dice, proposal, message = JUDGE_CASES[code]
    verdict = judge(board, dice, proposal)
    meant = verdict.play.notation if verdict.play else None
    assert (verdict.legal, verdict.code, say(verdict, "en"), meant) == (
        False,
        code,
        message,
        PLAY_MEANT.get(code),
    )


@pytest.mark.parametrize(("board", "dice", "proposal", "code", "message"), MESSAGES)
def test_judge_messages_name_the_points_and_dice(board, dice, proposal, code, message):
    verdict = judge(board, dice, proposal)
    assert (verdict.code, say(verdict, "en")) == (code, message)


def test_a_double_is_never_ruled_by_the_higher_die_rule():
    # 3-3 with white's 7 closed: only 13/10 can be played; playing nothing is "use all dice".
    board = position({13: 1, 1: 14}, {18: 2})
    assert judge(board, (3, 3), "").code == "MUST_USE_ALL_DICE"
    assert judge(board, (3, 3), "13/10").legal


# -- the cube ---------------------------------------------------------------------------------------
# code -> (action, turn, cube before any offer, rules, keyword arguments)
CUBE_CASES = {
    "GAME_OVER": ("double", "white", Cube(), Rules(), {"game_over": True}),
    "CUBE_DISABLED": ("double", "white", Cube(), Rules(cube=False), {}),
    "CRAWFORD_GAME": ("double", "white", Cube(), Rules(), {"in_match": True, "crawford_game": True}),
    "ALREADY_ROLLED": ("double", "white", Cube(), Rules(), {"rolled": True}),
    "NOT_CUBE_OWNER": ("double", "white", Cube(2, "black"), Rules(), {}),
    "MAX_CUBE_REACHED": ("double", "white", Cube(64, "white"), Rules(), {}),
    "NO_BEAVERS_IN_MATCH": ("beaver", "white", Cube(), Rules(beavers=True), {"in_match": True}),
    "BEAVERS_NOT_ALLOWED": ("beaver", "white", Cube(), Rules(), {}),
    "RACCOONS_NOT_ALLOWED": ("raccoon", "white", Cube(), Rules(beavers=True), {"offer": "beaver"}),
    "BEAVER_ANSWERS_DOUBLE": ("beaver", "white", Cube(), Rules(beavers=True), {"offer": "beaver"}),
    "RACCOON_ANSWERS_BEAVER": ("raccoon", "white", Cube(), Rules(beavers=True, raccoons=True), {}),
    "NOT_YOUR_ACTION": ("take", "white", Cube(), Rules(), {"by": "white"}),
}


def test_every_documented_cube_code_has_a_case_and_every_case_is_documented():
    assert set(CUBE_CASES) == set(REASONS)


@pytest.mark.parametrize("code", sorted(CUBE_CASES))
def test_each_cube_code_is_given_for_the_rule_its_case_breaks(code):
    action, turn, cube, rules, extra = CUBE_CASES[code]
    verdict = cube_action(action, turn, cube, rules, **extra)
    assert (verdict.legal, verdict.code) == (False, code)
    assert say(verdict, "en") and say(verdict, "ro")
    assert (verdict.cube, verdict.offer, verdict.winner, verdict.next_actions) == (None, None, None, ())


# -- the judge's fallback ---------------------------------------------------------------------------
@st.composite
def replayed_proposals(draw: st.DrawFn):
    """A position, a roll, and a proposal made of legal single moves of unused dice (any number)."""
    seed = draw(st.integers(0, 10_000))
    board, turn, dice = next(scattered_positions(seed, 1))
    mover, opp = state_of(board, turn)
    left = [dice[0]] * 4 if dice[0] == dice[1] else list(dice)
    hops: list[tuple[int, int]] = []
    state = (mover, opp)
    for _ in range(draw(st.integers(0, len(left)))):
        options = [(d, f, t, after) for d in sorted(set(left)) for f, t, after in single_moves(*state, d)]
        if not options:
            break
        die, source, dest, state = draw(st.sampled_from(options))
        left.remove(die)
        hops.append((source, dest))
    return board, turn, dice, tuple(hops), state


@settings(max_examples=examples(300))
@given(replayed_proposals())
def test_a_legally_replayed_proposal_is_legal_or_breaks_a_dice_count_rule(case):
    board, turn, dice, hops, state = case
    verdict = judge_play(board, turn, dice, hops)
    legal_states = reference_results(*state_of(board, turn), dice)
    assert verdict.legal is (state in legal_states)
    if not verdict.legal:
        assert verdict.code in ("MUST_USE_ALL_DICE", "MUST_PLAY_HIGHER_DIE"), verdict
        if verdict.code == "MUST_PLAY_HIGHER_DIE":
            assert dice[0] != dice[1] and len(hops) == 1 and hops[0][0] - max(hops[0][1], 0) <= min(dice)


@st.composite
def written_proposals(draw: st.DrawFn):
    """A position, a roll, and a proposal a player could write: up to four hops, each from a point
    the mover holds (or the bar), as far as one die, two dice, or a double's three or four, or off."""
    seed = draw(st.integers(0, 10_000))
    board, turn, dice = next(scattered_positions(seed, 1))
    mover, _ = state_of(board, turn)
    held = [p for p in range(1, 26) if mover[p]]
    reaches = sorted({dice[0], dice[1], dice[0] + dice[1]} | {dice[0] * n for n in (3, 4)})
    hops = []
    for _ in range(draw(st.integers(1, 4))):
        source = draw(st.sampled_from(held))
        hops.append((source, max(source - draw(st.sampled_from(reaches)), 0)))
    return board, turn, dice, tuple(hops)


@settings(max_examples=examples(500))
@given(written_proposals())
def test_an_illegal_proposal_is_named_by_the_rule_it_breaks_not_by_the_fallback(case):
    """A proposal replayed by the rules without breaking one, yet reaching no legal play's position,
    is either a hop written past the blot it must hit (NOT_A_LEGAL_PLAY, naming the play meant) or
    the lower die of a mixed roll where only one die can be played, and the higher could: the
    judge's last fallback. Before the bar rule was checked inside a hop (`bar/16` with 6-3 and
    another checker up), such hops fell through to it."""
    board, turn, dice, hops = case
    verdict = judge_play(board, turn, dice, hops)
    if verdict.code == "NOT_A_LEGAL_PLAY":
        assert verdict.detail == "HIT_ON_THE_WAY" and verdict.play is not None, (verdict, hops)
    if verdict.code == "MUST_PLAY_HIGHER_DIE":
        plays = legal_plays(board, turn, dice)
        assert dice[0] != dice[1] and len(plays[0].moves) == 1, (verdict, hops)
        assert list(single_moves(*state_of(board, turn), max(dice))), (verdict, hops)  # the higher plays
