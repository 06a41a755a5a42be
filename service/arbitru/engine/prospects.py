"""What can still happen in a game: can a side still win it, still lose a gammon, still lose a
backgammon.

"Impossible" is said only when no dice and no legal plays of either side can bring it about: the
most unskilled counterplay included, as chess's flag rule reads "cannot checkmate by any possible
series of legal moves" (FIDE Laws 6.9). Everything else is "possible". The proofs are these:

- A side that has borne off a checker can lose no gammon; a backgammon also needs a loser's checker
  on the bar or in the winner's home board (the loser's points 19-24) when the game ends.
- Contact: some checker of one side still has to pass a checker of the other (its point in its own
  numbering plus the other's, in the other's numbering, is above 25). Without contact nothing can be
  hit, no checker is ever blocked and every die of every roll can be played, so no loser's checker
  can return to the bar or into the winner's home board, and the race is counted exactly enough:
  * the fastest a side can finish is ceil(M / 4) rolls, M the sum over its checkers of ceil(p / 6)
    (a move goes at most 6 pips, a roll makes at most 4 moves; 6-6 every roll achieves it);
  * a roll that bears nothing off moves at least 3 pips (2-1; doubles move 4), and while no checker
    is off each of the N checkers left stands on point 1 or higher, so a side keeps every checker
    on the board for at most (pips - N) // 3 rolls, and a checker on point 19 or higher for at
    most (pips - N - 18) // 3 rolls;
  * a roll that does not finish the game lowers pips + checkers on the board by at least 3 (a
    move of d pips lowers it by d, a bear-off by the checker's point plus 1), and that sum is at
    least 2 while a checker is left, so a side finishes at the latest on roll (sum - 2) // 3 + 1.
  Those bounds lean toward "possible": a race this module calls decided is decided.

With contact, every result a side has not already made impossible (by bearing off) stays possible.
`turn` is the side to play next (its roll may not be known: every roll counts); None means either.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from arbitru.engine.board import BAR, OFF, Board, Color, other

# The winner's home board in the loser's own numbering starts here (points 19-24, then the bar).
WINNERS_HOME = 19


@dataclass(frozen=True, slots=True)
class Prospects:
    """What can still happen to one side (`side`): each False only when provably impossible."""

    side: Color
    can_win: bool
    can_lose: bool
    can_lose_gammon: bool
    can_lose_backgammon: bool

    @property
    def worst_loss(self) -> str | None:
        """The most `side` can still lose: backgammon, gammon or single; None if it cannot lose."""
        if self.can_lose_backgammon:
            return "backgammon"
        if self.can_lose_gammon:
            return "gammon"
        return "single" if self.can_lose else None

    def to_dict(self) -> dict[str, Any]:
        """The contract's JSON form (with `worst_loss`)."""
        return {**asdict(self), "worst_loss": self.worst_loss}


def contact(board: Board) -> bool:
    """Whether a checker of one side still has to pass a checker of the other."""
    return _highest(board.white) + _highest(board.black) > BAR


def _highest(side: tuple[int, ...]) -> int:
    """The highest point (bar = 25) holding a checker of `side`; 0 when none is left."""
    for point in range(BAR, 0, -1):
        if side[point]:
            return point
    return 0


def _on_board(side: tuple[int, ...]) -> int:
    return sum(side[1:])


def _pips(side: tuple[int, ...]) -> int:
    return sum(point * side[point] for point in range(1, BAR + 1))


def fastest_finish(side: tuple[int, ...]) -> int:
    """The fewest rolls that can bear off every checker of `side` without contact."""
    moves = sum(side[point] * -(-point // 6) for point in range(1, BAR + 1))
    return -(-moves // 4)


def slowest_finish(side: tuple[int, ...]) -> int:
    """A bound on the roll (counting from 1) on which `side` has borne off its last checker at
    the latest without contact: no dice and no plays take longer."""
    return (_pips(side) + _on_board(side) - 2) // 3 + 1


def _rolls_before(roll: int, side: Color, turn: Color) -> int:
    """How many rolls `side` has made before its opponent's `roll`-th roll when `turn` plays first."""
    return roll if turn == side else roll - 1


def _finished(side: tuple[int, ...]) -> bool:
    return sum(side) > 0 and side[OFF] == sum(side)


def _gammon_race(board: Board, loser: Color, turn: Color, zone: int) -> bool:
    """Without contact: can the winner finish while the loser has no checker off (zone 1) or still
    a checker on point `zone` or higher (zone 19: in the winner's home board)?"""
    mine, theirs = board.side(loser), board.side(other(loser))
    rolls = _rolls_before(fastest_finish(theirs), loser, turn)
    slack = _pips(mine) - _on_board(mine) - (zone - 1)
    return slack >= 0 and rolls <= slack // 3


def _prospects_on_turn(board: Board, side: Color, turn: Color) -> Prospects:
    mine, theirs = board.side(side), board.side(other(side))
    if _finished(mine) or _finished(theirs):
        won = _finished(mine)
        lost_gammon = not won and mine[OFF] == 0
        lost_backgammon = lost_gammon and any(mine[WINNERS_HOME:])
        return Prospects(side, won, not won, lost_gammon, lost_backgammon)
    if contact(board):
        none_off = mine[OFF] == 0
        return Prospects(side, True, True, none_off, none_off)
    # I win when I finish before the opponent's slowest finish (on the roll order of `turn`).
    my_first = turn == side
    mine_at = 2 * fastest_finish(mine) - (1 if my_first else 0)
    theirs_at = 2 * slowest_finish(theirs) - (0 if my_first else 1)
    can_win = mine_at < theirs_at
    their_at = 2 * fastest_finish(theirs) - (0 if my_first else 1)
    my_latest = 2 * slowest_finish(mine) - (1 if my_first else 0)
    can_lose = their_at < my_latest
    gammon = can_lose and mine[OFF] == 0 and _gammon_race(board, side, turn, 1)
    backgammon = gammon and any(mine[WINNERS_HOME:]) and _gammon_race(board, side, turn, WINNERS_HOME)
    return Prospects(side, can_win, can_lose, gammon, backgammon)


def prospects(board: Board, side: Color, turn: Color | None = None) -> Prospects:
    """What can still happen to `side` on `board` with `turn` to play next (None: either side):
    each False only when no dice and no legal plays can bring it about."""
    if turn is not None:
        return _prospects_on_turn(board, side, turn)
    first, second = (_prospects_on_turn(board, side, color) for color in (side, other(side)))
    return Prospects(
        side,
        first.can_win or second.can_win,
        first.can_lose or second.can_lose,
        first.can_lose_gammon or second.can_lose_gammon,
        first.can_lose_backgammon or second.can_lose_backgammon,
    )
