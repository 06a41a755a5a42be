"""Every dice rule in every shape of position: doubles, a mixed roll with a checker on the bar, with
two or more checkers outside home ("free"), with every checker home, and with exactly one outside
("general").

The backgammon variant lists each shape's plays its own way (`arbitru.engine.fast_backgammon`, held
to the plain statement by tests/engine/test_variant_equivalence.py), and positions where only one
die can be played are too rare in random play for the differential tests to meet them (swapping the
die order in one fast path's fallback passed 5,000 gnubg positions). So each rule gets a position a
player would recognise in each shape, with the exact set of plays; `shape_of` checks the position
has the shape it is written for; and a hypothesis strategy builds "only one die can be played"
positions on purpose (closing the points a second die would need) and compares them with the
reference generator and GNU Backgammon.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from arbitru.engine import Board, legal_plays
from arbitru.engine.board import BAR
from tests.engine.positions import position
from tests.support.cases import examples
from tests.support.compare import check_position
from tests.support.gnubg_oracle import GNUBG_AVAILABLE
from tests.support.reference import OFF, reachable, single_moves

ONE_DIE = 1  # plays of one die only


def shape_of(board: Board, dice: tuple[int, int]) -> str:
    """The shape of white's roll: doubles, on the bar, two or more checkers outside home ("free"),
    every checker home, or one outside ("general")."""
    outside = sum(board.white[7:25])
    if dice[0] == dice[1]:
        return "doubles"
    if board.white[BAR]:
        return "bar"
    return "free" if outside >= 2 else "home" if not outside else "general"


def plays_of(shape: str, white: dict[int, int], black: dict[int, int], dice: tuple[int, int], bar: int = 0):
    board = position(white, black, white_bar=bar)
    assert shape_of(board, dice) == shape, "the position is not of the shape it is written for"
    plays = legal_plays(board, "white", dice)
    assert {p.turn for p in plays} == {"white"}
    assert check_position(board, "white", dice, use_gnubg=False) == []  # the boards, hits included
    return sorted(p.notation for p in plays)


# -- If only one die can be played, it must be the higher one (else the lower) ---------------------
# (shape, white, black, dice, the only play). Black's points are in black's numbering: black's p is
# white's 25 - p. Unlisted checkers are borne off.
HIGHER_DIE = [
    # Checkers on 13 and 10; black holds white's 3, 4 and 6: 13/7 or 13/9, neither continues, and
    # 10 cannot move. The 6 must be played.
    ("free", {13: 1, 10: 1, 1: 13}, {22: 2, 21: 2, 19: 2}, (6, 4), "13/7"),
    # One checker up, 6-5: bar/19 or bar/20, then 19/14 and 20/14 are closed (black's 11).
    ("bar", {1: 14}, {11: 2}, (6, 5), "bar/19"),
    # The same two with a blot where the 6 lands: the one die hits.
    ("free", {13: 1, 10: 1, 1: 13}, {22: 2, 21: 2, 19: 2, 18: 1}, (6, 4), "13/7*"),
    ("bar", {1: 14}, {11: 2, 6: 1}, (6, 5), "bar/19*"),
    # All home: 5/2 with the 3 or 5/4 with the 1, and nothing follows either (white's 1 is closed,
    # and 2 is not the highest point). The 3 must be played.
    ("home", {5: 1, 2: 1}, {24: 2}, (3, 1), "5/2"),
    # One checker outside (the general search): 8/3 with the 5 or 8/7 with the 1.
    ("general", {8: 1, 3: 2}, {23: 2, 20: 2}, (5, 1), "8/3"),
]
LOWER_DIE = [
    # As above with white's 7 closed too: the 6 cannot be played, the 4 must be.
    ("free", {13: 1, 10: 1, 1: 13}, {22: 2, 21: 2, 19: 2, 18: 2}, (6, 4), "13/9"),
    ("free", {13: 1, 10: 1, 1: 13}, {22: 2, 21: 2, 19: 2, 18: 2, 16: 1}, (6, 4), "13/9*"),
    # As above with white's 19 closed too: only the 5 enters.
    ("bar", {1: 14}, {11: 2, 6: 2}, (6, 5), "bar/20"),
    ("home", {5: 1, 2: 1}, {24: 2, 23: 2}, (3, 1), "5/4"),
    # White's 1 and 4 closed: the 5 cannot be played (6/1 is closed and 2 is not the highest
    # point), nor the 2 from the 6; the 2 bears off exactly from the lower point, and then the 5
    # still cannot move the 6.
    ("home", {6: 1, 2: 1}, {24: 2, 21: 2}, (5, 2), "2/off"),
    ("general", {8: 1, 3: 2}, {23: 2, 20: 2, 22: 2}, (5, 1), "8/7"),
]


@pytest.mark.parametrize(
    ("shape", "white", "black", "dice", "only"), HIGHER_DIE, ids=[c[0] for c in HIGHER_DIE]
)
def test_when_only_one_die_can_be_played_it_is_the_higher(shape, white, black, dice, only):
    bar = 1 if shape == "bar" else 0
    assert plays_of(shape, white, black, dice, bar) == [only]
    assert plays_of(shape, white, black, dice[::-1], bar) == [only]  # whatever order the dice are given


@pytest.mark.parametrize(
    ("shape", "white", "black", "dice", "only"), LOWER_DIE, ids=[c[0] for c in LOWER_DIE]
)
def test_when_the_higher_die_cannot_be_played_the_lower_one_is(shape, white, black, dice, only):
    bar = 1 if shape == "bar" else 0
    assert plays_of(shape, white, black, dice, bar) == [only]


# -- Use both dice (all four of a double) when any sequence allows it --------------------------------
USE_BOTH = [
    # (shape, white, white's checkers on the bar, black, dice, the plays)
    # Two checkers on 13, white's 6 closed: 13/3 (one checker both dice) or one checker each.
    ("free", {13: 2, 1: 13}, 0, {19: 2}, (6, 4), ["13/3", "13/9 13/7"]),
    # 13/9 10/4 is the only way to play both dice (13/7 and 9/3 closed).
    ("free", {13: 1, 10: 1, 1: 13}, 0, {18: 2, 22: 2}, (6, 4), ["13/9 10/4"]),
    # Two up, both dice enter; one enters when the other's point is closed.
    ("bar", {1: 13}, 2, {11: 2}, (6, 5), ["bar/20 bar/19"]),
    ("bar", {1: 13}, 2, {11: 2, 6: 2}, (6, 5), ["bar/20"]),
    # Two up, a black blot on each entry point: both are hit (check_position: both go to the bar).
    ("bar", {1: 13}, 2, {11: 2, 5: 1, 6: 1}, (6, 5), ["bar/20* bar/19*"]),
    # One up, white's 14 closed: enter, then the other die moves the checker on 8.
    ("bar", {1: 13, 8: 1}, 1, {11: 2}, (6, 5), ["bar/19 8/3", "bar/20 8/2"]),
    # Bearing off: 5/off then 2/1, or 5/4/off (one checker both dice).
    ("home", {5: 1, 2: 1}, 0, {19: 2}, (6, 1), ["5/off", "5/off 2/1"]),
    # The last outside checker comes home with one die and bears off with the other.
    ("general", {7: 1, 2: 1}, 0, {19: 2}, (6, 5), ["7/1 2/off", "7/off"]),
    ("general", {8: 1, 4: 1, 1: 1}, 0, {12: 2}, (6, 2), ["8/2 4/2", "8/off"]),
]


@pytest.mark.parametrize(("shape", "white", "bar", "black", "dice", "expected"), USE_BOTH)
def test_both_dice_are_used_when_any_sequence_allows_it(shape, white, bar, black, dice, expected):
    assert plays_of(shape, white, black, dice, bar) == expected


def test_a_one_die_looking_bear_off_is_a_two_dice_play():
    # 6-2, white's 2 closed: 6/off leaves the 2 unplayable, but 6/4 4/off uses both dice and reaches
    # the same board, so the play is 6/4/off (two moves), written 6/off.
    board = position({6: 1, 4: 1, 1: 2}, {23: 2})
    assert shape_of(board, (6, 2)) == "home"
    plays = legal_plays(board, "white", (6, 2))
    assert [[(m.from_point, m.to_point) for m in p.moves] for p in plays] == [[(6, 4), (4, OFF)]]
    assert plays[0].notation == "6/off"


DOUBLES_AS_MANY = [
    # 3-3 with white's 7 closed: the checker on 13 moves once, nothing else can move.
    ({13: 1, 1: 14}, {18: 2}, (3, 3), ["13/10"], 1),
    # 4-4 from 17 with white's 1 closed: three moves home, then nothing bears off (5 is highest).
    ({17: 1, 2: 14}, {24: 2}, (4, 4), ["17/5"], 3),
    # 4-4 from 13, white's 1 closed: 13/5, then 5/1 is closed and 5 is the highest point: two moves.
    ({13: 1, 2: 14}, {24: 2}, (4, 4), ["13/5"], 2),
    # The same with white's 1 open: home on 1, then the fourth 4 bears off from the highest (2).
    ({13: 1, 2: 14}, {1: 2}, (4, 4), ["13/1 2/off"], 4),
    # 3-3, white's last checker on 13, a black blot on white's 10 and white's 7 closed: 13/10* hits
    # and cannot go on: one move, and the blot is on the bar.
    ({13: 1}, {15: 1, 18: 2}, (3, 3), ["13/10*"], 1),
]


def test_a_double_enters_at_most_four_checkers_from_the_bar():
    # Five up, 3-3: four enter on 22, the fifth stays on the bar and nothing else moves.
    assert plays_of("doubles", {1: 10}, {}, (3, 3), bar=5) == ["bar/22(4)"]
    (play,) = legal_plays(position({1: 10}, {}, white_bar=5), "white", (3, 3))
    assert play.board.white[BAR] == 1


@pytest.mark.parametrize("dice", [(3, 3), (6, 5)])
def test_a_side_with_every_checker_off_has_only_the_passing_play(dice):
    # The HTTP API refuses such a position (422, the game is over); the library answers as the plain
    # statement of the rules does (a mixed roll raised IndexError in the all-home fast path).
    board = position({}, {19: 2})
    assert [play.moves for play in legal_plays(board, "white", dice)] == [()]


@pytest.mark.parametrize(("white", "black", "dice", "expected", "moves"), DOUBLES_AS_MANY)
def test_a_double_is_played_as_many_times_as_it_can_be(white, black, dice, expected, moves):
    assert plays_of("doubles", white, black, dice) == expected
    assert {len(p.moves) for p in legal_plays(position(white, black), "white", dice)} == {moves}


# -- Bearing off: exact die, or a larger die from the highest point only ---------------------------
BEAR_OFF = [
    # 6 bears off from the highest point (4), then 5 bears off the 3: never the 3 with the 6 first.
    ("home", {4: 1, 3: 1}, {19: 2}, (6, 5), ["4/off 3/off"]),
    # Highest 3: either die takes it; then 2 is the highest and the other die takes one from there.
    ("home", {3: 1, 2: 2}, {19: 2}, (5, 4), ["3/off 2/off"]),
    # 3-2 with checkers on 6 and 1: the 1 bears off with neither die while the 6 is above it, and
    # after 6/3 or 6/4 the checker moved is the highest: 6/1 is the only play (never 6/3 1/off).
    ("home", {6: 1, 1: 1}, {19: 2}, (3, 2), ["6/1"]),
    ("doubles", {5: 1, 4: 1}, {19: 2}, (6, 6), ["5/off 4/off"]),
    # 4-4: 6/2 first, then 3 is the highest and the 4s bear off both checkers there, then 2/off.
    ("doubles", {6: 1, 3: 2}, {19: 2}, (4, 4), ["6/off 3/off(2)"]),
    # 3-3 with four checkers on 3 and one on 2: the four 3s take the four on 3; the 2 never bears
    # off with a 3 while a checker stands on the 3.
    ("doubles", {3: 4, 2: 1}, {19: 2}, (3, 3), ["3/off(4)"]),
    # The general search: 7/1 comes home, then the 5 bears off the 2 (the highest); 1/off with the
    # 5 would be from below the highest point.
    ("general", {7: 1, 2: 1}, {19: 2}, (6, 5), ["7/1 2/off", "7/off"]),
]


@pytest.mark.parametrize(("shape", "white", "black", "dice", "expected"), BEAR_OFF)
def test_a_larger_die_bears_off_only_from_the_highest_point(shape, white, black, dice, expected):
    assert plays_of(shape, white, black, dice) == expected


def test_no_bearing_off_while_a_checker_is_on_the_bar():
    # Everything else home, one up: 6-5 enters and moves; nothing is borne off.
    plays = legal_plays(position({1: 2, 2: 12}, {11: 2}, white_bar=1), "white", (6, 5))
    assert [p.notation for p in plays] == ["bar/19"]  # 19/14 is closed; 2/off is not allowed


# -- "Only one die can be played" positions built on purpose ---------------------------------------
@st.composite
def one_die_positions(draw: st.DrawFn) -> tuple[Board, tuple[int, int]]:
    """White to play a mixed roll where exactly one die can be played, whichever: white's checkers
    are drawn (on the bar, outside, home), then black closes, one at a time, a point some second
    move would land on, until no play uses both dice. Positions where a bear-off (which cannot be
    closed) keeps the second die playable are rejected."""
    high, low = draw(st.sampled_from([(h, lo) for h in range(2, 7) for lo in range(1, h)]))
    white = [0] * 26
    style = draw(st.sampled_from(["bar", "free", "home", "general"]))
    count = draw(st.integers(1, 4))
    if style == "bar":
        white[25] = draw(st.integers(1, 2))
    if style in ("free", "general"):
        for _ in range(2 if style == "free" else 1):
            white[draw(st.integers(7, 24))] += 1
    for _ in range(count):
        white[draw(st.integers(1, 6))] += 1
    white[OFF] = 15 - sum(white)
    black = [0] * 26
    rng = draw(st.randoms(use_true_random=False))
    while True:
        state = (tuple(white), tuple(black))
        most = max(reachable(state, (high, low)).values())
        if most < 2:
            break
        seconds = _second_destinations(state, high, low)
        assume(seconds and OFF not in seconds and sum(black) <= 13)
        point = rng.choice(sorted(seconds))
        black[25 - point] = 2
    assume(most == ONE_DIE)
    black[OFF] = 15 - sum(black)
    board = Board(tuple(white), tuple(black))
    assume(not board.problems())
    return board, (high, low)


def _second_destinations(state, high: int, low: int) -> set[int]:
    """Where the second move of some two-dice play lands (OFF for a bear-off)."""
    found = set()
    for first, second in ((high, low), (low, high)):
        for _, _, after in single_moves(state[0], state[1], first):
            found.update(dest for _, dest, _ in single_moves(after[0], after[1], second))
    return found


NEEDS_GNUBG = pytest.mark.skipif(not GNUBG_AVAILABLE, reason="gnubg (dev dependency) is not installed")


@pytest.mark.parametrize(
    "use_gnubg", [False, pytest.param(True, marks=NEEDS_GNUBG)], ids=["reference", "gnubg"]
)
@settings(
    max_examples=examples(300), suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow]
)
@given(case=one_die_positions())
def test_one_die_positions_match_the_reference_and_gnubg(use_gnubg, case):
    board, dice = case
    event(f"shape: {shape_of(board, dice)}")
    assert check_position(board, "white", dice, use_gnubg=use_gnubg) == []
    plays = legal_plays(board, "white", dice)
    assert {len(p.moves) for p in plays} == {ONE_DIE}
    high_moves = list(single_moves(board.white, board.black, max(dice)))
    die = max(dice) if high_moves else min(dice)
    assert {p.moves[0].from_point - max(p.moves[0].to_point, 0) for p in plays if p.moves[0].to_point} <= {
        die
    }


@NEEDS_GNUBG
@pytest.mark.parametrize(
    "case", HIGHER_DIE + LOWER_DIE, ids=[f"{c[0]}-{c[4]}" for c in HIGHER_DIE + LOWER_DIE]
)
def test_the_directed_one_die_positions_agree_with_gnubg(case):
    shape, white, black, dice, _ = case
    board = position(white, black, white_bar=1 if shape == "bar" else 0)
    assert check_position(board, "white", dice, use_gnubg=True) == []


@pytest.mark.parametrize(
    ("white", "bar", "black", "dice"),
    [
        # one up, entering on its own checkers (19 holds two), then moving on or moving another
        ({19: 2, 1: 12}, 1, {12: 15}, (6, 5)),
        ({20: 2, 13: 1, 1: 11}, 1, {3: 1, 10: 14}, (6, 5)),
        # two up on the same kind of points
        ({19: 1, 20: 1, 1: 11}, 2, {12: 15}, (6, 5)),
    ],
)
def test_entering_onto_ones_own_checkers_gives_the_reference_plays(white, bar, black, dice):
    board = position(white, black, white_bar=bar)
    assert shape_of(board, dice) == "bar"
    assert check_position(board, "white", dice, use_gnubg=False) == []
