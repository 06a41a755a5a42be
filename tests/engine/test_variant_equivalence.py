"""Each accelerated variant answers what the plain statement of the rules answers (python-chess's
perft idea, the plain path as the oracle): for the backgammon family (`BackgammonFamily`: the fast
paths of `fast_backgammon`, the family judge and the referee's reading of plays legal on their
face, `family_judge`) and the Table family's doubles (`TableFamily`: `fast_family`), on hypothesis
boards and on the repository's positions (data/bench_positions.jsonl, data/worst_positions.jsonl,
data/family_worst_positions.jsonl):
- `plays` lists the plain generator's plays (`plain.plain_plays`): the same moves reaching the same
  boards with the same notations, each board once. Backgammon's fast paths list them in their own
  order (the API promises a deterministic order, not the plain one) and may write a play's moves
  the other way round (`6/5 5/3` for `5/3 6/5`), so they are compared as multisets; the Table
  family's doubles search promises the plain order and moves, and is held to them;
- `judge` rules as the plain judge (`variant_judge.judge_variant`, handed the plain plays) does: a
  proposal is legal exactly when the plain judge finds it legal (its literal board a plain play's
  board), with the same play and the same `as_written`; where the backgammon family's judge names a
  play for an illegal proposal (a hop written past the blot it hit on the way), that play is a
  plain play moving the mover's checkers where the proposal does;
- `board_after` reads a written play as the base class reads it (`Variant.board_after`, the
  override bypassed) from the plain plays: the same board, or a ruling on both sides.
Tavla's movement (`BACKGAMMON_HOME_HIT_STAYS`) is listed plainly but judged by the family judge: its
judge and reading are held too. The proposals are every plain play's notation and moves, and
variations of them most of which are illegal (reordered, merged, cut short, shifted, random)."""

from __future__ import annotations

import hashlib
import itertools
import json
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from arbitru.engine.board import OFF, Board, Color
from arbitru.engine.fevga import FEVGA
from arbitru.engine.movement import (
    BACKGAMMON,
    BACKGAMMON_HOME_HIT_STAYS,
    LONG_NARDY,
    LONG_NARDY_EACH_MOVE,
    PLAKOTO,
    Movement,
)
from arbitru.engine.notation import parse_play_marked
from arbitru.engine.plain import plain_plays, single_moves, with_pin_slots
from arbitru.engine.play import Move, Play
from arbitru.engine.variant_judge import judge_variant, literal_board
from arbitru.engine.variants import VARIANTS, BackgammonFamily, Variant
from arbitru.engine.verdict import Hop, Verdict
from tests.engine.test_properties import boards, every_shape
from tests.engine.variant_boards import variant_boards
from tests.support.cases import examples
from tests.support.fevga_boards import fevga_boards, trapped_boards
from tests.support.positions import DATA

# Each accelerated variant and the movements its accelerations serve (or, Tavla's, judge).
ACCELERATED: list[tuple[str, Movement]] = [
    ("backgammon", BACKGAMMON),
    ("backgammon", BACKGAMMON_HOME_HIT_STAYS),
    ("long_nardy", LONG_NARDY),
    ("long_nardy", LONG_NARDY_EACH_MOVE),
    ("plakoto", PLAKOTO),
    ("fevga", FEVGA),
]
IDS = ["backgammon", "tavla", "long_nardy", "long_nardy_each_move", "plakoto", "fevga"]
Proposal = tuple[tuple[Hop, ...], tuple[int, ...]]  # hops, and the points marked as hits (pins)


def played(plays: Sequence[Play]) -> Counter[tuple[tuple, Board, str]]:
    """The plays as a multiset of (moves in a canonical order, resulting board, notation)."""
    return Counter((tuple(sorted(play.moves)), play.board, play.notation) for play in plays)


def assert_same_plays(variant: Variant, board: Board, turn: Color, dice: tuple[int, int], movement: Movement):
    """The variant lists the plain plays (see the module's docstring); returns them."""
    listed = list(variant.plays(board, turn, dice, movement)[0])
    plain = plain_plays(board, turn, dice, movement)
    if isinstance(variant, BackgammonFamily):
        assert played(listed) == played(plain), (board, turn, dice)
    else:
        assert [tuple(play) for play in listed] == [tuple(play) for play in plain], (board, turn, dice)
    assert len({play.board for play in listed}) == len(listed)
    assert {play.turn for play in listed} == {turn}
    assert all(replayed(board, turn, dice, play.moves, movement) == play.board for play in listed)
    return listed, plain


def replayed(board: Board, turn: Color, dice: tuple[int, int], moves: Sequence[Move], movement: Movement):
    """The board `moves` reach played in the order written, each a single move of a die still
    unplayed (`plain.single_moves`, with its hit or pin); None when one is not."""
    white = turn == "white"
    sides = (board.white, board.black) if white else (board.black, board.white)
    if movement.pins:
        sides = (with_pin_slots(sides[0]), with_pin_slots(sides[1]))
    left = list(dice) * 2 if dice[0] == dice[1] else list(dice)
    for move in moves:
        found = next(
            (
                (die, after)
                for die in sorted(set(left))
                for made, *after in single_moves(*sides, die, movement)
                if made == move
            ),
            None,
        )
        if found is None:
            return None
        left.remove(found[0])
        sides = tuple(found[1])
    return Board(*(sides if white else sides[::-1]))


def proposals(plays: Sequence[Play], rng: random.Random, most: int) -> Iterator[Proposal]:
    """No play written, then for `most` of the plays (chosen by `rng`) its notation, its moves in
    order and reversed, cut short, the first two merged into one hop, one move shifted by a point;
    and a few random hops."""
    yield (), ()
    for play in rng.sample(list(plays), min(most, len(plays))):
        hops, marked = parse_play_marked(play.notation)
        yield tuple(hops), tuple(marked)
        moves = tuple((move.from_point, move.to_point) for move in play.moves)
        if not moves:
            continue
        shifted = list(moves)
        i = rng.randrange(len(shifted))
        shifted[i] = (shifted[i][0], max(0, min(24, shifted[i][1] + rng.choice((-1, 1)))))
        merged = (
            ((moves[0][0], moves[1][1]), *moves[2:]) if len(moves) > 1 and moves[0][1] == moves[1][0] else ()
        )
        for variation in (moves, moves[::-1], moves[1:], tuple(hops)[:-1], merged, tuple(shifted)):
            if variation:
                yield variation, ()
    for _ in range(2):
        yield ((rng.randint(1, 25), rng.randint(0, 24)),) * rng.randint(1, 4), ()


def assert_same_rulings(
    variant: Variant,
    board: Board,
    turn: Color,
    dice: tuple[int, int],
    movement: Movement,
    listed: list[Play],
    plain: list[Play],
    seed: int,
    most: int = 4,
) -> int:
    """The variant's `judge` and `board_after` agree with the plain oracle on the proposals (see the
    module's docstring); returns how many were legal."""

    fast_lists: dict[Movement, list[Play]] = {movement: listed}
    plain_lists: dict[Movement, list[Play]] = {movement: plain}

    def fast_lister(asked: Movement) -> list[Play]:
        if asked not in fast_lists:
            fast_lists[asked] = list(variant.plays(board, turn, dice, asked)[0])
        return fast_lists[asked]

    def plain_lister(asked: Movement) -> list[Play]:
        if asked not in plain_lists:
            plain_lists[asked] = plain_plays(board, turn, dice, asked)
        return plain_lists[asked]

    legal = 0
    boards_of_plays = {play.board for play in plain}
    for hops, marked in proposals(plain, random.Random(seed), most):
        case = (board, turn, dice, hops, marked)
        ruled = variant.judge(board, turn, dice, hops, marked, movement, fast_lister)
        oracle = judge_variant(board, turn, dice, hops, marked, movement, plain)
        assert ruled.legal == oracle.legal, (*case, ruled, oracle)
        if oracle.legal:
            assert ruled.play is not None and oracle.play is not None
            assert (ruled.play.board, ruled.as_written) == (oracle.play.board, oracle.as_written), case
            legal += 1
        elif ruled.play is not None:  # a hop written past the blot it hit on the way
            literal = literal_board(board, turn, hops, movement)
            assert literal is not None and ruled.play.board in boards_of_plays, case
            assert ruled.play.board.side(turn) == literal.side(turn), case
        read = variant.board_after(board, turn, dice, hops, movement, fast_lister)
        plainly_read = Variant.board_after(variant, board, turn, dice, hops, movement, plain_lister)
        if isinstance(plainly_read, Board):
            assert read == plainly_read, case
        else:
            assert isinstance(read, Verdict) and not read.legal, (*case, read)
    return legal


def assert_equivalent(
    name: str, movement: Movement, board: Board, turn: Color, dice: tuple[int, int], seed: int, most: int = 4
) -> int:
    """`plays`, `judge` and `board_after` of the variant `name` agree with the plain ones."""
    variant = VARIANTS[name]
    listed, plain = assert_same_plays(variant, board, turn, dice, movement)
    return assert_same_rulings(variant, board, turn, dice, movement, listed, plain, seed, most)


# -- hypothesis boards --------------------------------------------------------------------------------
@st.composite
def boards_around_a_block(draw: st.DrawFn) -> Board:
    """A long nardy board where white holds four to seven points in a row (a block is a move or
    two away), the rest of its checkers anywhere, black's on points white leaves free."""
    white, black = [0] * 26, [0] * 26
    start = draw(st.integers(1, 24))
    for k in range(draw(st.integers(4, 7))):
        white[(start + k - 1) % 24 + 1] += 1
    while sum(white) < 15:
        white[draw(st.integers(1, 24))] += 1
    free = [q for q in range(1, 25) if not white[LONG_NARDY.geometry.opposite(q)]]
    for _ in range(15):
        black[draw(st.sampled_from([0, *free]))] += 1
    board = Board(tuple(white), tuple(black))
    assume(not LONG_NARDY.problems(board) and black[0] < 15)
    return board


def boards_of(movement: Movement) -> st.SearchStrategy[Board]:
    """Valid boards of `movement`: backgammon's random boards and boards of each shape where its
    fast paths differ (`test_properties`: on the bar, outside home, one outside, all home); the Table
    family's random boards (`variant_boards`), and for long nardy boards around a block too."""
    if movement in (BACKGAMMON, BACKGAMMON_HOME_HIT_STAYS):
        return st.one_of(boards(), every_shape)
    if movement in (LONG_NARDY, LONG_NARDY_EACH_MOVE):
        return st.one_of(variant_boards(movement), boards_around_a_block())
    if movement is FEVGA:  # boards of its games, walls trapping the opponent, any board of its movement
        return st.one_of(fevga_boards(), trapped_boards(), variant_boards(movement))
    return variant_boards(movement)


@pytest.mark.parametrize(("name", "movement"), ACCELERATED, ids=IDS)
def test_an_accelerated_variant_answers_what_the_plain_rules_answer(name: str, movement: Movement):
    # the Table family's accelerations serve its doubles only: doubles there, every roll elsewhere
    doubles = name != "backgammon"

    @settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(
        boards_of(movement),
        st.sampled_from(["white", "black"]),
        st.integers(1, 6),
        st.integers(1, 6),
        st.integers(0, 2**32),
    )
    def check(board: Board, turn: Color, a: int, b: int, seed: int) -> None:
        assert_equivalent(name, movement, board, turn, (a, a) if doubles else (a, b), seed)

    check()


# -- the repository's positions -----------------------------------------------------------------------
def rows(name: str) -> list[dict]:
    return [
        json.loads(line) for line in (DATA / name).read_text(encoding="utf-8").splitlines() if line.strip()
    ]


BENCH = rows("bench_positions.jsonl")
WORST = rows("worst_positions.jsonl")
FAMILY_WORST = rows("family_worst_positions.jsonl") + [
    {"movement": "fevga", **row} for row in rows("fevga_worst_positions.jsonl")
]
FAMILY = {
    "plakoto": PLAKOTO,
    "long_nardy": LONG_NARDY,
    "long_nardy_each_move": LONG_NARDY_EACH_MOVE,
    "fevga": FEVGA,
}


@pytest.mark.parametrize("movement", [BACKGAMMON, BACKGAMMON_HOME_HIT_STAYS], ids=["backgammon", "tavla"])
def test_backgammon_answers_what_the_plain_rules_answer_on_the_bench_positions(movement: Movement):
    # every position's plays (Tavla's are the plain ones); the rulings on every eighth's proposals
    legal = 0
    for index, row in enumerate(BENCH):
        board, turn, dice = Board.from_dict(row["board"]), row["turn"], tuple(row["dice"])
        if index % 8 == 0:
            legal += assert_equivalent("backgammon", movement, board, turn, dice, index, most=3)
        elif movement is BACKGAMMON:
            assert_same_plays(VARIANTS["backgammon"], board, turn, dice, movement)
    assert legal > 300  # most proposals of legal plays are read by the accelerations


@pytest.mark.parametrize("row", WORST, ids=[f"{r['dice'][0]}{r['dice'][1]}-{r['plays']}" for r in WORST])
def test_backgammon_lists_the_plain_plays_of_the_worst_positions(row: dict):
    board, turn, dice = Board.from_dict(row["board"]), row["turn"], tuple(row["dice"])
    listed, _ = assert_same_plays(VARIANTS["backgammon"], board, turn, dice, BACKGAMMON)
    assert len(listed) == row["plays"]


@pytest.mark.parametrize(
    "row", FAMILY_WORST, ids=[f"{r['movement']}-{r['dice'][0]}{r['dice'][1]}" for r in FAMILY_WORST]
)
def test_the_table_family_answers_what_the_plain_rules_answer_on_its_worst_positions(row: dict):
    movement = FAMILY[row["movement"]]
    board = Board.from_dict(row["board"], pins=movement.pins)
    variant = VARIANTS["long_nardy" if movement in (LONG_NARDY, LONG_NARDY_EACH_MOVE) else row["movement"]]
    listed, plain = assert_same_plays(variant, board, row["turn"], tuple(row["dice"]), movement)
    assert len(listed) == row["plays"]
    assert_same_rulings(variant, board, row["turn"], tuple(row["dice"]), movement, listed, plain, 0, most=2)


def test_a_block_met_on_the_way_keeps_the_plain_plays():
    # White's 8..12 and 14 held: 1-1 can make 8..13 a block on the way (14/13), and a later move
    # (8/7, or 13/12 again) may break it; checked after each move, only some orders are legal.
    board = Board.from_dict(
        {
            "white": {"points": {"14": 2, "12": 2, "11": 2, "10": 2, "9": 2, "8": 2, "3": 3}},
            "black": {"points": {"23": 5, "22": 5, "21": 5}},
        }
    )
    assert_equivalent("long_nardy", LONG_NARDY_EACH_MOVE, board, "white", (1, 1), 0, most=20)


# -- every small home board ---------------------------------------------------------------------------
def small_home_boards(most: int) -> Iterator[Board]:
    """Every home board with one to `most` white checkers left: each of white's six home points
    empty, with one or two white checkers, or a black blot or point (black's other checkers on its
    1-point)."""
    for spots in itertools.product(range(5), repeat=6):
        white, black = [0] * 26, [0] * 26
        for point, spot in enumerate(spots, start=1):
            if spot in (1, 2):
                white[point] = spot
            elif spot in (3, 4):
                black[25 - point] = spot - 2
        if 0 < sum(white) <= most:
            white[OFF] = 15 - sum(white)
            black[1] += 15 - sum(black)
            yield Board(tuple(white), tuple(black))


def small_home_cases() -> Iterator[tuple[Board, tuple[int, int]]]:
    """Every home board of up to three white checkers with each of the 15 mixed rolls, high die first."""
    for board in small_home_boards(3):
        for dice in itertools.combinations(range(6, 0, -1), 2):
            yield board, dice


def small_home_digest(plays_of: Callable[[Board, tuple[int, int]], list[Play]]) -> str:
    """The sha256 of the plays `plays_of` lists for every small home case, each case's plays as the
    paths must agree on them (`played`: moves as a multiset, resulting board, notation; passes left
    out), in a canonical order."""
    digest = hashlib.sha256()
    for board, dice in small_home_cases():
        agreed = played([play for play in plays_of(board, dice) if play.moves]).elements()
        digest.update(
            repr(sorted((moves, after.white, after.black, text) for moves, after, text in agreed)).encode()
        )
    return digest.hexdigest()


# Snapshot: the digest of what the plain statement of the rules lists for the 106,515 small home
# cases (7,101 boards x 15 rolls), recorded from `plain_plays`; the plain statement and the
# backgammon variant's plays are each held to it (a mutant of an acceleration then costs no run of
# the plain generator).
SMALL_HOME_SHA256 = "c08981497288d66b2a2b62cf9ae904617c15cefc5e828eb053a9acf0e10ec6f1"


def test_the_snapshot_of_every_small_home_board_is_what_plain_plays_lists():
    digest = small_home_digest(lambda board, dice: plain_plays(board, "white", dice))
    assert digest == SMALL_HOME_SHA256


def test_backgammon_lists_the_plain_plays_of_every_home_board_of_up_to_three_checkers():
    # The endgame edge cases (a checker alone on the highest point, a larger die from a lower
    # point, an exact bear-off below the highest) are too rare among random boards: all 7,101 such
    # boards, all 15 mixed rolls.
    variant = VARIANTS["backgammon"]
    if small_home_digest(lambda board, dice: list(variant.plays(board, "white", dice, BACKGAMMON)[0])) != (
        SMALL_HOME_SHA256
    ):
        for board, dice in small_home_cases():  # name the first case listed otherwise
            assert_same_plays(variant, board, "white", dice, BACKGAMMON)
        raise AssertionError("the variant agrees with plain_plays, and both left the snapshot")
