"""GNU Backgammon as the oracle: board conversion and the plays `gnubg.find_best_moves` lists.

gnubg boards are (player not on roll, player on roll), 25 counts each in the owner's numbering
(index i = point i + 1, index 24 = the bar). `find_best_moves` returns one entry per distinct
resulting position (0-ply: every legal play, none filtered) with 'move' a flat tuple
from, to, from, to, ... in the mover's numbering (25 = bar); the bindings stop the tuple at the first
bear-off (gnubg's internal -1), so such a tuple ends with a lone `from` and the rest is unknown.
"""

from __future__ import annotations

from dataclasses import dataclass

from arbitru.engine.board import Board, Color, other

from .reference import OFF, Side, State, reachable, single_moves

try:  # gnubg is a dev-only dependency
    import gnubg as _gnubg
except ImportError:  # pragma: no cover - depends on the environment
    _gnubg = None

GNUBG_AVAILABLE = _gnubg is not None
GnubgBoard = tuple[tuple[int, ...], tuple[int, ...]]


def to_gnubg(board: Board, turn: Color) -> GnubgBoard:
    """gnubg's (not on roll, on roll) board for `turn` to play."""
    return tuple(board.side(other(turn))[1:26]), tuple(board.side(turn)[1:26])


@dataclass(frozen=True)
class GnubgPlay:
    """One gnubg play: the (from, to) hops it names, and the source of a first bear-off if any
    (after which gnubg's tuple says nothing)."""

    hops: tuple[tuple[int, int], ...]
    bear_off_from: int | None

    def __str__(self) -> str:
        text = " ".join(f"{f}/{t}" for f, t in self.hops)
        if self.bear_off_from is not None:
            text += f" {self.bear_off_from}/off ..."
        return text.strip()


def gnubg_plays(board: Board, turn: Color, dice: tuple[int, int]) -> list[GnubgPlay]:
    """Every play gnubg lists (empty when nothing can move)."""
    assert _gnubg is not None, "gnubg is not installed"
    found = _gnubg.find_best_moves(to_gnubg(board, turn), _CUBE, _CONTEXT, tuple(dice))
    plays = []
    for entry in found:
        flat = entry["move"]
        pairs = tuple((flat[i], flat[i + 1]) for i in range(0, len(flat) - 1, 2))
        lone = flat[-1] if len(flat) % 2 else None
        plays.append(GnubgPlay(pairs, lone))
    return plays


def explain(play: GnubgPlay, mover: Side, opponent: Side, dice: tuple[int, int]) -> set[State] | None:
    """The (mover, opponent) states gnubg's play can end on: one state when the tuple is complete,
    every state reachable after its first bear-off otherwise; None when the hops are not playable."""
    left = list((dice[0],) * 4 if dice[0] == dice[1] else dice)
    state: State = (tuple(mover), tuple(opponent))
    for source, dest in play.hops:
        die = source - dest
        if die not in left:
            return None
        nxt = [after for f, t, after in single_moves(state[0], state[1], die) if (f, t) == (source, dest)]
        if not nxt:
            return None
        left.remove(die)
        state = nxt[0]
    if play.bear_off_from is None:
        return {state}
    ends: set[State] = set()
    for die in set(left):
        for f, t, after in single_moves(state[0], state[1], die):
            if (f, t) == (play.bear_off_from, OFF):
                rest = list(left)
                rest.remove(die)
                ends.update(reachable(after, tuple(rest)))
    return ends or None


if _gnubg is not None:
    _CUBE = _gnubg.cube_info()
    _CONTEXT = _gnubg.eval_context()  # 0-ply, no pruning: every legal play is listed
