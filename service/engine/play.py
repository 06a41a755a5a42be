"""Immutable moves and plays, with standard notation out."""

from __future__ import annotations

from typing import NamedTuple

from service.engine.board import BAR, OFF, Board, Color


class Move(NamedTuple):
    """One checker moved by one die, in the mover's numbering (25 = bar, 0 = off)."""

    from_point: int
    to_point: int
    hit: bool = False

    def __str__(self) -> str:
        return f"{point_name(self.from_point)}/{point_name(self.to_point)}{'*' if self.hit else ''}"

    def to_dict(self) -> dict[str, int | bool]:
        """The contract's JSON form."""
        return {"from": self.from_point, "to": self.to_point, "hit": self.hit}


class Play(NamedTuple):
    """A whole turn: the moves in the order played and the board they lead to."""

    turn: Color
    moves: tuple[Move, ...]
    board: Board

    @property
    def notation(self) -> str:
        """Standard notation: `24/18 13/11`, `bar/22`, `6/off`, `13/7*`, `8/5(2)`, `24/18*/13`."""
        return format_moves(self.moves)

    def __str__(self) -> str:
        return self.notation


def point_name(point: int) -> str:
    """`bar`, `off` or the point number."""
    return "bar" if point == BAR else "off" if point == OFF else str(point)


def format_moves(moves: tuple[Move, ...]) -> str:
    """Standard notation of a play: a checker's hops joined (hit stops kept, `24/18*/13`),
    segments ordered from the highest point, identical segments counted as `(n)`."""
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
    segments: list[str] = []
    for chain in chains:
        text = point_name(chain[0].from_point)
        for i, move in enumerate(chain):
            last = i == len(chain) - 1
            if move.hit or last:
                text += f"/{point_name(move.to_point)}{'*' if move.hit else ''}"
        segments.append(text)
    counted: list[tuple[str, int]] = []
    for seg in segments:
        if counted and counted[-1][0] == seg:
            counted[-1] = (seg, counted[-1][1] + 1)
        else:
            counted.append((seg, 1))
    return " ".join(s if n == 1 else f"{s}({n})" for s, n in counted)
