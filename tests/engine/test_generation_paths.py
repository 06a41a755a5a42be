"""The fast paths of play generation and notation agree with their plain counterparts."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from arbitru.engine import Board, Move, format_moves
from arbitru.engine import moves as generation
from arbitru.engine.board import BAR, OFF
from arbitru.engine.play import point_name


@st.composite
def racing_boards(draw: st.DrawFn) -> Board:
    """A valid board with white off the bar and at least two white checkers outside home."""
    white = [0] * 26
    for _ in range(15):
        white[draw(st.sampled_from([0, *range(1, 25), *range(7, 25)]))] += 1
    black = [0] * 26
    free = [q for q in range(1, 25) if white[25 - q] == 0]
    for _ in range(15):
        black[draw(st.sampled_from([0, 25, *free, *(q for q in free if q <= 6)]))] += 1
    board = Board(tuple(white), tuple(black))
    assume(not board.problems() and sum(white[7:26]) >= 2 and not white[BAR])
    return board


def direct_and_general(
    path: Callable[..., list[generation.Play]], board: Board, a: int, b: int
) -> tuple[list[generation.Play], list[generation.Play]]:
    """White's plays of a mixed roll by a direct path and by the general search."""
    mover, opponent = board.white, board.black
    rev = opponent[::-1]
    high, low = max(a, b), min(a, b)
    direct = path("white", True, mover, opponent, rev, high, low)
    return direct, generation._build("white", True, opponent, generation._mixed(mover, rev, high, low))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(racing_boards(), st.integers(1, 6), st.integers(1, 6))
def test_mixed_rolls_that_cannot_bear_off_list_what_the_general_search_lists(board: Board, a: int, b: int):
    assume(a != b)
    direct, general = direct_and_general(generation._mixed_free, board, a, b)
    assert sorted(direct) == sorted(general)
    assert len(set(direct)) == len(direct)


@st.composite
def bear_off_boards(draw: st.DrawFn) -> Board:
    """A valid board with every white checker home (some may be off) and black anywhere, white's
    home points included (blots to hit, points that block)."""
    white = [0] * 26
    for _ in range(draw(st.integers(1, 15))):
        white[draw(st.integers(1, 6))] += 1
    white[OFF] = 15 - sum(white)
    black = [0] * 26
    free = [q for q in range(1, 25) if white[25 - q] == 0]
    for _ in range(15):
        black[draw(st.sampled_from([0, 25, *free, *(q for q in free if q >= 19)]))] += 1
    board = Board(tuple(white), tuple(black))
    assume(not board.problems() and black[OFF] < 15)
    return board


def playable_in_order(board: Board, play: generation.Play, dice: tuple[int, int]) -> bool:
    """Whether `play`'s moves can be made one after the other, each with a die still unused, under
    the bearing-off rules (exact die, or a larger one from the highest point, everyone home)."""
    side, left = list(board.white), sorted(dice, reverse=True)
    for source, dest, _ in play.moves:
        if side[source] < 1 or (dest and board.black[25 - dest] > 1):
            return False
        if dest:
            die = source - dest
        elif max(q for q in range(1, 26) if side[q]) > 6:
            return False
        elif source in left:
            die = source
        else:
            die = next((d for d in left if d > source and source == max(q for q in range(26) if side[q])), 0)
        if die not in left:
            return False
        left.remove(die)
        side[source] -= 1
        side[dest] += 1
    return True


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(bear_off_boards(), st.integers(1, 6), st.integers(1, 6))
def test_mixed_rolls_with_everyone_home_list_what_the_general_search_lists(board: Board, a: int, b: int):
    assume(a != b)
    direct, general = direct_and_general(generation._mixed_home, board, a, b)
    assert sorted((p.board, p.notation) for p in direct) == sorted((p.board, p.notation) for p in general)
    assert len({p.board for p in direct}) == len(direct)
    assert all(playable_in_order(board, play, (a, b)) for play in direct)


def reference_notation(moves: tuple[Move, ...]) -> str:
    """The notation written the plain way (what `format_moves` must give byte for byte)."""
    if not moves:
        return ""
    pending = sorted(moves, key=lambda m: (-m.from_point, -m.to_point))
    chains: list[list[Move]] = []
    while pending:
        chain = [pending.pop(0)]
        while True:
            end = chain[-1].to_point
            nxt = next((i for i, m in enumerate(pending) if m.from_point == end and end != OFF), None)
            if nxt is None:
                break
            chain.append(pending.pop(nxt))
        chains.append(chain)
    segments = []
    for chain in chains:
        text = point_name(chain[0].from_point)
        for i, move in enumerate(chain):
            if move.hit or i == len(chain) - 1:
                text += f"/{point_name(move.to_point)}{'*' if move.hit else ''}"
        segments.append(text)
    counted: list[tuple[str, int]] = []
    for seg in segments:
        if counted and counted[-1][0] == seg:
            counted[-1] = (seg, counted[-1][1] + 1)
        else:
            counted.append((seg, 1))
    return " ".join(s if n == 1 else f"{s}({n})" for s, n in counted)


points = st.sampled_from([0, 25, *range(1, 25), 3, 5, 8])
moves_strategy = st.lists(st.builds(Move, points, points, st.booleans()), max_size=5).map(tuple)


@settings(max_examples=500, deadline=None)
@given(moves_strategy)
def test_notation_is_byte_identical_to_the_plain_chain_algorithm(moves: tuple[Move, ...]):
    assert format_moves(moves) == reference_notation(moves)
