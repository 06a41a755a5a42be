"""Compare the engine's plays with the reference generator and gnubg; describe every difference
with the exact position (board JSON, turn, dice) so a failure can be replayed by hand."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from arbitru.engine import legal_plays
from arbitru.engine.board import Board, Color, other

from .gnubg_oracle import explain, gnubg_plays
from .reference import OFF, Side, State, path_to, reference_results, single_moves


def state_of(board: Board, turn: Color) -> State:
    """(mover, opponent) sides of a board."""
    return board.side(turn), board.side(other(turn))


def board_of(state: State, turn: Color) -> Board:
    """The board of a (mover, opponent) state."""
    mover, opp = state
    return Board(mover, opp) if turn == "white" else Board(opp, mover)


def position_text(board: Board, turn: Color, dice: Sequence[int]) -> str:
    """The position as the API takes it, one line of JSON."""
    return json.dumps({"board": board.to_dict(), "turn": turn, "dice": list(dice)}, sort_keys=True)


def replay(
    moves: Sequence[tuple[int, int, bool]], mover: Side, opp: Side, dice: tuple[int, int]
) -> State | None:
    """The state a move list leads to when each hop is a legal single move of an unused die with the
    hit flag right; None otherwise (bear-offs may use any die that allows them)."""
    left0 = (dice[0],) * 4 if dice[0] == dice[1] else tuple(dice)

    def go(i: int, state: State, left: tuple[int, ...]) -> State | None:
        if i == len(moves):
            return state
        source, dest, hit = moves[i]
        dies = {source - dest} if dest != OFF else set(left)
        for die in sorted(dies):
            if die not in left:
                continue
            for f, t, after in single_moves(state[0], state[1], die):
                if (f, t) != (source, dest):
                    continue
                really_hit = after[1][25] > state[1][25]
                if really_hit != hit:
                    continue
                rest = list(left)
                rest.remove(die)
                found = go(i + 1, after, tuple(rest))
                if found is not None:
                    return found
        return None

    return go(0, (tuple(mover), tuple(opp)), left0)


def check_position(board: Board, turn: Color, dice: tuple[int, int], use_gnubg: bool) -> list[str]:
    """Every disagreement for one position (empty when the engine is right)."""
    where = position_text(board, turn, dice)
    problems: list[str] = []
    plays = legal_plays(board, turn, dice)
    mover, opp = state_of(board, turn)
    engine = {state_of(p.board, turn): p for p in plays}
    if len(engine) != len(plays):
        problems.append(f"{where}: {len(plays)} plays but only {len(engine)} distinct boards")
    if not plays:
        return [f"{where}: no play at all (the no-move play is missing)"]
    lengths = {len(p.moves) for p in plays}
    if len(lengths) != 1:
        problems.append(f"{where}: plays use different numbers of dice {sorted(lengths)}")
    for p in plays:
        if replay([(m.from_point, m.to_point, m.hit) for m in p.moves], mover, opp, dice) != state_of(
            p.board, turn
        ):
            problems.append(
                f"{where}: play {p.notation!r} moves do not replay to its board (or a hit flag is wrong)"
            )
    reference = reference_results(mover, opp, dice)
    _diff(problems, where, turn, "reference", engine, reference, (mover, opp, dice))
    if use_gnubg:
        gplays = gnubg_plays(board, turn, dice)
        if not gplays:
            if set(engine) != {(tuple(mover), tuple(opp))} or any(p.moves for p in plays):
                problems.append(
                    f"{where}: gnubg finds no legal move; engine lists {[p.notation for p in plays]}"
                )
        else:
            if len(gplays) != len(engine):
                problems.append(f"{where}: gnubg lists {len(gplays)} plays, engine {len(engine)}")
            for gp in gplays:
                ends = explain(gp, mover, opp, dice)
                if ends is None:
                    problems.append(f"{where}: gnubg play {gp} not replayable (oracle glue bug?)")
                elif not ends & set(engine):
                    problems.append(
                        f"{where}: gnubg play {gp} (board {_b(ends, turn)}) is missing from the engine"
                    )
    return problems


def _b(states: set[State], turn: Color) -> str:
    return " | ".join(json.dumps(board_of(s, turn).to_dict(), sort_keys=True) for s in sorted(states)[:2])


def _diff(
    problems: list[str],
    where: str,
    turn: Color,
    name: str,
    engine: dict[State, Any],
    expected: set[State],
    start: tuple[Side, Side, tuple[int, int]],
) -> None:
    extra = set(engine) - expected
    missing = expected - set(engine)
    for s in sorted(extra):
        problems.append(
            f"{where}: engine play {engine[s].notation!r} is not legal per the {name} "
            f"(board after {json.dumps(board_of(s, turn).to_dict(), sort_keys=True)})"
        )
    for s in sorted(missing):
        problems.append(
            f"{where}: legal play {path_to(*start, s)!r} missing from the engine per the {name}: "
            f"board after {json.dumps(board_of(s, turn).to_dict(), sort_keys=True)}"
        )
