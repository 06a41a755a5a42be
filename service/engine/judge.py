"""The referee for one proposed play: legal or not, and if not, why.

A proposal is a list of hops (from, to) in the mover's numbering; a hop may span several dice.
It is legal when it leads to the board of one of the legal plays (checkers are interchangeable,
so the order written does not matter: `bar/21(2)` with 2-2 is fine). When it is not, the
proposal is replayed die by die to name the first rule it breaks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from service.engine.board import BAR, OFF, Board, Color, other
from service.engine.moves import legal_plays
from service.engine.play import Play

# Stable reason codes: clients and the match referee rely on these names.
REASON_CODES: dict[str, str] = {
    "NO_CHECKER_TO_MOVE": "there is no checker of the mover on the point a move starts from",
    "MOVE_BACKWARDS": "a checker may only move forward, toward its home board",
    "NOT_ON_BOARD": "a move names a point that does not exist",
    "MUST_ENTER_FROM_BAR": "checkers on the bar must enter before any other checker moves",
    "POINT_CLOSED": "a checker may not land on a point held by two or more opposing checkers",
    "DICE_MISMATCH": "a move's distance does not match the dice rolled",
    "TOO_MANY_MOVES": "the play uses more dice than were rolled",
    "BEAR_OFF_NOT_ALLOWED": "bearing off needs every checker in the home board",
    "BEAR_OFF_HIGHER_POINT_OCCUPIED": "a higher die bears off only from the highest occupied point",
    "MUST_USE_ALL_DICE": "a play must use as many dice as the roll allows",
    "MUST_PLAY_HIGHER_DIE": "when only one die can be played, it must be the higher one if it can",
}


@dataclass(frozen=True, slots=True)
class Verdict:
    """The ruling on a proposed play; `play` is the matching legal play when it is legal."""

    legal: bool
    play: Play | None = None
    code: str | None = None
    message: str | None = None


def judge_play(
    board: Board,
    turn: Color,
    dice: tuple[int, int],
    hops: Sequence[tuple[int, int]],
    marked_hits: Sequence[int] | None = None,
) -> Verdict:
    """Rule on the proposal `hops` (and, when given, the destination points it marks as hits)."""
    plays = legal_plays(board, turn, dice)
    mover = list(board.side(turn))
    for source, dest in hops:
        if not (0 <= dest <= 25 and 0 <= source <= 25):
            return _illegal(
                "NOT_ON_BOARD", f"point {source if not 0 <= source <= 25 else dest} is not on the board"
            )
        mover[source] -= 1
        mover[dest] += 1
    if min(mover) >= 0:
        target = tuple(mover)
        candidates = [p for p in plays if p.board.side(turn) == target]
        chosen = _pick(candidates, hops, marked_hits)
        if chosen is not None:
            return Verdict(True, chosen)
    return _diagnose(board, turn, dice, hops, plays)


def _hit_points(play: Play) -> set[int]:
    return {m.to_point for m in play.moves if m.hit}


def _pick(
    candidates: list[Play], hops: Sequence[tuple[int, int]], marked: Sequence[int] | None
) -> Play | None:
    """Among legal plays with the proposal's final checkers, the one whose hits fit the proposal:
    every marked hit made, then the fewest hits not written down (a hit on a hop's last point is
    certain, so it need not be marked)."""
    if not candidates:
        return None
    certain = {dest for _, dest in hops}
    wanted = set(marked or ())

    def misfit(play: Play) -> tuple[int, int]:
        hits = _hit_points(play)
        return (len(wanted - hits), len(hits - wanted - certain))

    return min(candidates, key=misfit)


def _illegal(code: str, message: str) -> Verdict:
    return Verdict(False, None, code, message)


def _diagnose(
    board: Board, turn: Color, dice: tuple[int, int], hops: Sequence[tuple[int, int]], plays: list[Play]
) -> Verdict:
    """Replay the proposal die by die, bar hops first, and name the first broken rule."""
    side = list(board.side(turn))
    opponent = board.side(other(turn))
    closed = {q for q in range(1, 25) if opponent[25 - q] >= 2}
    remaining = [dice[0]] * 4 if dice[0] == dice[1] else sorted(dice, reverse=True)
    ordered = sorted(hops, key=lambda h: h[0] != BAR)
    for source, dest in ordered:
        if dest >= source and not (source == BAR and dest != BAR):
            return _illegal("MOVE_BACKWARDS", f"{_name(source)}/{_name(dest)} moves a checker backwards")
        if side[source] <= 0:
            return _illegal("NO_CHECKER_TO_MOVE", f"{turn} has no checker on {_name(source)} to move")
        if side[BAR] and source != BAR:
            return _illegal(
                "MUST_ENTER_FROM_BAR", f"{_name(source)}/{_name(dest)} moves while a checker is on the bar"
            )
        path = _path(side, closed, source, dest, remaining)
        if isinstance(path, Verdict):
            return path
        for die in path:
            remaining.remove(die)
        side[source] -= 1
        side[dest] += 1
    used = 4 - len(remaining) if dice[0] == dice[1] else 2 - len(remaining)
    longest = len(plays[0].moves)
    if used < longest:
        return _illegal(
            "MUST_USE_ALL_DICE",
            f"this roll can be played with {longest} {'die' if longest == 1 else 'dice'};"
            f" the play uses {used}",
        )
    # Every hop replayed legally with as many dice as the roll allows: that reaches a legal play's
    # board, except the lower die of a mixed roll where only one die can be played (a double's
    # single moves are all legal plays). tests/engine/test_reason_codes.py checks this by property.
    return _illegal(
        "MUST_PLAY_HIGHER_DIE",
        f"only one die of {dice[0]}-{dice[1]} can be played: it must be the {max(dice)}",
    )


def _path(
    side: list[int], closed: set[int], source: int, dest: int, remaining: list[int]
) -> list[int] | Verdict:
    """The dice that carry one checker from `source` to `dest`, or the verdict why none do."""
    distance = source - dest
    options: list[list[int]] = []
    unique = sorted(set(remaining), reverse=True)
    for die in unique:
        options.append([die])
    if len(remaining) >= 2:
        if len(unique) == 2:
            options += [[unique[0], unique[1]], [unique[1], unique[0]]]
        else:
            options += [[unique[0]] * n for n in range(2, len(remaining) + 1)]
    if dest == OFF:
        options = [o for o in options if sum(o) >= distance and sum(o[:-1]) < distance]
    else:
        options = [o for o in options if sum(o) == distance]
    first_problem: Verdict | None = None
    for dice_path in sorted(options, key=len):
        point = source
        problem: Verdict | None = None
        for die in dice_path:
            nxt = point - die
            if nxt <= 0:  # only a bear-off path's last die leaves the board (the filter above)
                problem = _bear_off_problem(side, source, point, nxt)
                break
            if nxt in closed:
                problem = _illegal("POINT_CLOSED", f"point {nxt} is held by the opponent")
                break
            point = nxt
        # A path that never left the board ends on `dest`: its dice add up to the distance.
        if problem is None:
            return dice_path
        if first_problem is None:  # the first path tried names the problem (high die first)
            first_problem = problem
    if not remaining:
        return _illegal("TOO_MANY_MOVES", "the play uses more dice than were rolled")
    return first_problem or _illegal(
        "DICE_MISMATCH", f"{_name(source)}/{_name(dest)} does not match the dice"
    )


def _bear_off_problem(side: list[int], source: int, point: int, landing: int) -> Verdict | None:
    """Why the checker that left `source` may not bear off from `point` (None when it may)."""
    others = side.copy()
    others[source] -= 1
    if any(others[7:26]):  # (a checker leaves the board from a point no higher than its die: <= 6)
        return _illegal("BEAR_OFF_NOT_ALLOWED", "bearing off needs every checker in the home board")
    if landing < 0 and any(others[point + 1 : 7]):
        return _illegal(
            "BEAR_OFF_HIGHER_POINT_OCCUPIED",
            f"a checker on a point above {point} must move before one bears off from {point}"
            " with a higher die",
        )
    return None


def _name(point: int) -> str:
    return "bar" if point == BAR else "off" if point == OFF else str(point)
