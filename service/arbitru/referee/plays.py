"""Written plays: how the referee reads a play from a transcript and applies it.

Every board change goes through the engine: a legal play is the game's (`arbitru.engine.judge`:
`judge_play`, and `written_play_reader` for a transcript's plays), a condoned illegal play is
applied hop by hop with the backgammon family's `literal_board`, after the checks that make a play
impossible (tournament rules never condone those).
"""

from __future__ import annotations

from arbitru.engine.board import BAR, OFF, Board, Color, other
from arbitru.engine.family_judge import literal_board
from arbitru.engine.geometry import OPPOSITE
from arbitru.engine.judge import judge_play
from arbitru.engine.play import point_name
from arbitru.engine.rules import STANDARD, Rules
from arbitru.engine.verdict import Verdict
from arbitru.referee.codes import Params

Hops = tuple[tuple[int, int], ...]


def judge_written(
    board: Board, color: Color, dice: tuple[int, int], hops: Hops, rules: Rules = STANDARD
) -> Verdict:
    """Judge a written play as /v1/play does, with two allowances for exporters: hit marks are not
    read (exporters differ in marking chained hits; OpenGammon writes none; a hop hits the blot it
    lands on, marked or not), and a hop written past the blot it hit on the way (`24/13` for
    `24/18*/13`) is taken as the legal play that moves those checkers."""
    verdict = judge_play(board, color, dice, hops, rules=rules)
    if not verdict.legal and verdict.play is not None:
        return Verdict(True, verdict.play, as_written=False)
    return verdict


# What the illegal-moves rule as written (U.S. Backgammon Tournament Rules, 2008, rule 4.8: "A player
# may condone his opponent's illegal play by rolling his dice or turning the cube") also condones,
# beside the plays every mode condones: a checker moved backwards, one borne off while bearing off is
# not allowed. Both leave a board. The rest of the "impossible" plays of the amendment proposed to that
# rule (Tom Keith, 2013: an opposing checker moved, a hit checker not put on the bar) and a checker on
# a point the opponent holds leave none, so no rule can condone them.
CONDONABLE_AS_WRITTEN: frozenset[str] = frozenset({"MOVE_BACKWARDS", "BEAR_OFF_NOT_ALLOWED"})


def apply_literally(
    board: Board, turn: Color, hops: Hops, condone: frozenset[str] = frozenset()
) -> tuple[Board | None, tuple[str, Params] | None]:
    """The board after the hops as written (ignoring the dice), or why no board can follow them:
    an impossible play's code and its text's parameters (`referee.impossible.<CODE>`), unless the
    code is one `condone` lets stand (`CONDONABLE_AS_WRITTEN`).

    Used for condoned plays: the position as played. Hops from the bar go first; each hop is
    checked on the board the previous ones left, then applied by the engine (`literal_board`);
    a backwards hop, condoned, lands where it is written and hits a blot there."""
    bar = board.side(turn)[BAR]
    if bar and hops and not any(source == BAR for source, _ in hops):
        return None, ("HIT_CHECKER_NOT_ON_BAR", {"turn": turn, "count": bar})
    for source, dest in sorted(hops, key=lambda h: h[0] != BAR):
        impossible = _impossible_hop(board, turn, source, dest, condone)
        if impossible is not None:
            return None, impossible
        after = (
            literal_board(board, turn, ((source, dest),))
            if dest < source
            else _backwards(board, turn, source, dest)
        )
        assert after is not None  # every reason literal_board refuses a hop is checked above
        board = after
    return board, None


def _backwards(board: Board, turn: Color, source: int, dest: int) -> Board | None:
    """A condoned backwards hop: the checker moves from `source` to `dest` (a point), hitting a blot."""
    mover, opponent = list(board.side(turn)), list(board.side(other(turn)))
    mover[source] -= 1
    mover[dest] += 1
    if opponent[OPPOSITE.opposite(dest)] == 1:
        opponent[OPPOSITE.opposite(dest)], opponent[BAR] = 0, opponent[BAR] + 1
    sides = {turn: tuple(mover), other(turn): tuple(opponent)}
    return Board(sides["white"], sides["black"])


def _impossible_hop(
    board: Board, turn: Color, source: int, dest: int, condone: frozenset[str]
) -> tuple[str, Params] | None:
    """Why one hop cannot be played on `board` whatever the dice (None when it can, or when
    `condone` lets it stand)."""
    mover = board.side(turn)
    opponent = board.side(other(turn))
    move = f"{point_name(source)}/{point_name(dest)}"
    backwards = dest >= source
    if backwards and ("MOVE_BACKWARDS" not in condone or not 1 <= dest <= 24 or source == BAR):
        return "MOVE_BACKWARDS", {"move": move}
    if mover[source] <= 0:
        if 1 <= source <= 24 and opponent[OPPOSITE.opposite(source)] > 0:
            return "OPPONENT_CHECKER_MOVED", {"move": move, "turn": turn}
        return "NO_CHECKER_TO_MOVE", {"turn": turn, "point": point_name(source)}
    if dest == OFF and any(mover[7:]) and "BEAR_OFF_NOT_ALLOWED" not in condone:  # 7..24 and the bar
        return "BEAR_OFF_NOT_ALLOWED", {"move": move, "turn": turn}
    if dest != OFF and opponent[OPPOSITE.opposite(dest)] >= 2:
        return "POINT_CLOSED", {"move": move}
    return None
