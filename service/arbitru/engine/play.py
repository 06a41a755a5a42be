"""Immutable moves and plays, with standard notation out."""

from __future__ import annotations

from operator import itemgetter
from typing import NamedTuple

from arbitru.engine.board import OFF, POINT_NAMES, Board, Color
from arbitru.engine.board import point_name as point_name  # re-exported: notation names points


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


# Point names by number (0 = off, 25 = bar), and the text of each single hop: _HOP[from][to][hit].
_NAMES = POINT_NAMES
_HOP = [[(f"{_NAMES[f]}/{_NAMES[t]}", f"{_NAMES[f]}/{_NAMES[t]}*") for t in range(26)] for f in range(26)]
_TAIL = [(f"/{_NAMES[t]}", f"/{_NAMES[t]}*") for t in range(26)]  # the "/to" ending of a hop: _TAIL[to][hit]
_BY_POINTS = itemgetter(0, 1)


def format_moves(moves: tuple[Move, ...]) -> str:
    """Standard notation of a play: a checker's hops joined (hit stops kept, `24/18*/13`),
    segments ordered from the highest point, identical segments counted as `(n)`.

    Called once per play in every response, so it works on plain tuples and precomputed texts
    (points 0..25, as in every Move): moves sorted from the highest (from, to) down (a stable sort,
    as `(-from, -to)` keys would give), each chain starts at the first move left and takes the first
    move left that starts where it ends; one or two moves are spelt out (the same steps).
    """
    if len(moves) == 1:
        source, dest, hit = moves[0]
        return _HOP[source][dest][1 if hit else 0]
    if len(moves) == 2:  # the common case, spelt out: the same steps as below
        first, second = moves
        if first[0] < second[0] or (first[0] == second[0] and first[1] < second[1]):
            first, second = second, first
        source, end, hit = first
        if second[0] == end and end != OFF:  # one chain
            text = f"{_NAMES[source]}/{_NAMES[end]}*" if hit else _NAMES[source]
            return text + _TAIL[second[1]][1 if second[2] else 0]
        one = _HOP[source][end][1 if hit else 0]
        two = _HOP[second[0]][second[1]][1 if second[2] else 0]
        return f"{one}(2)" if one == two else f"{one} {two}"
    if not moves:
        return ""
    ordered = sorted(moves, key=_BY_POINTS, reverse=True)
    froms = [move[0] for move in ordered]  # -1 once a move is written
    segments: list[str] = []
    for k, (source, end, hit) in enumerate(ordered):
        if froms[k] < 0:
            continue
        froms[k] = -1
        text = _NAMES[source]
        while end != OFF and end in froms:  # the first move left that starts where this one ends
            i = froms.index(end)
            froms[i] = -1
            if hit:  # a hit stop is written
                text += f"/{_NAMES[end]}*"
            _, end, hit = ordered[i]
        segments.append(f"{text}/{_NAMES[end]}*" if hit else f"{text}/{_NAMES[end]}")
    if len(segments) == 1:
        return segments[0]
    out: list[str] = []
    count = 0
    previous = segments[0]
    for segment in segments:
        if segment == previous:
            count += 1
            continue
        out.append(previous if count == 1 else f"{previous}({count})")
        previous, count = segment, 1
    out.append(previous if count == 1 else f"{previous}({count})")
    return " ".join(out)
