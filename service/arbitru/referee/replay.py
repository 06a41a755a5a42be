"""A read match replayed for the writers (.mat, SGF): each roll's checker moves as GNU Backgammon
records them, and each game's result.

A written play (`8/5(2)`, `24/18/14`, `13/7* 8/7`) becomes the single-die moves of the legal play it
names, in the order gnubg writes them (highest source point first, then highest destination) with
the hits marked where they happen in that order: gnubg's own exports list `8/2* 6/2`, not the
`6/2* 8/2` another program may have written for the same play. A play that is not legal (a
transcript the referee rejects) keeps its written text (`moves` is None) and the board goes on as
played, so an export never changes what a transcript says. A game's result is the one written, or
else the one the referee's replay gives (a JSON record from a game server may leave it out).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from arbitru.engine.board import BAR, COLORS, OFF, Board, Color, other
from arbitru.engine.budget import outer_budget
from arbitru.engine.geometry import OPPOSITE
from arbitru.engine.notation import NotationError, parse_play_marked
from arbitru.engine.play import Move
from arbitru.engine.rules import Rules
from arbitru.engine.variants import read_board, start_board, variant_of
from arbitru.formats import limits
from arbitru.formats.mat import PLAY, RESIGN, ROLL, Action, Game, MatchFile
from arbitru.formats.xgid import board_from_xg
from arbitru.messages import message
from arbitru.referee import apply_literally, judge_written, verify
from arbitru.referee.machine import RESIGNED
from arbitru.referee.rules import transcript_problem

Hops = tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class ReplayedAction:
    """One action of a game; for a roll, the checker moves gnubg would record (None: not legal)."""

    action: Action
    moves: tuple[Move, ...] | None = None


@dataclass(frozen=True, slots=True)
class GameResult:
    """Who won a game (0 = players[0]), how many points, whether by a resignation, the match too."""

    winner: int
    points: int | None  # None: the file names the winner only and the referee stopped before it
    resigned: bool
    and_the_match: bool


@dataclass(frozen=True, slots=True)
class ReplayedGame:
    """A game with its steps, its result (None while unfinished) and whether it was the Crawford game."""

    game: Game
    steps: tuple[ReplayedAction, ...]
    result: GameResult | None
    crawford_game: bool


def replay(match: MatchFile, rules: Rules) -> list[ReplayedGame]:
    """Every game of `match` replayed under `rules` (see the module docstring), for a .mat or SGF
    export: an ExportError for rules no such transcript holds (Long Nardy, Plakoto). Within the work
    limit of one transcript, the referee's verdict and the written plays together (`outer_budget`:
    the caller's, if it holds one), past which it raises `arbitru.engine.budget.WorkLimitExceeded`."""
    unwritable = transcript_problem(rules)
    if unwritable is not None:
        raise ExportError(unwritable.field, message(unwritable.code, **unwritable.params))
    with outer_budget(limits.MAX_WORK):
        verdict = verify(match, rules)
        entries = verdict["games"]
        replayed = []
        for index, game in enumerate(match.games):
            entry = entries[index] if index < len(entries) else None
            crawford = bool(entry and entry["crawford_game"])
            replayed.append(ReplayedGame(game, _steps(game, rules), _result(game, entry, match), crawford))
    return replayed


def _result(game: Game, entry: dict[str, Any] | None, match: MatchFile) -> GameResult | None:
    written = game.result
    resigned = bool(entry and entry["ended_by"] == RESIGNED) or any(a.kind == RESIGN for a in game.actions)
    if written is not None and written.points is not None:
        return GameResult(written.winner, written.points, resigned, written.and_the_match)
    if entry is None or entry["winner"] is None or entry["points"] is None:
        # the referee stopped before the game's end: keep the winner the file names, if any
        return GameResult(written.winner, None, resigned, written.and_the_match) if written else None
    winner = list(match.players).index(entry["winner"])
    return GameResult(winner, entry["points"], resigned, bool(written and written.and_the_match))


class ExportError(ValueError):
    """A fact of the match that the format asked for cannot carry; `field` names it in the record's
    terms (`games[0].start_position`), `message` says why (a 422 at the routes)."""

    def __init__(self, field: str, text: str) -> None:
        super().__init__(f"{field}: {text}")
        self.field = field
        self.message = text


def stated_start(index: int, game: Game, rules: Rules) -> Board | None:
    """The board game `index` starts from when the match states one (`set_position`, or a record's
    `start_position`), else None. A stated board that is not a valid board is an ExportError: the
    referee rules on it as written, and only a JSON record can write it as it is."""
    if not game.set_position and game.start_position is None:
        return None
    field = f"games[{index}].{'set_position' if game.set_position else 'start_position'}"
    try:
        board = (
            board_from_xg(game.set_position, rules.checkers)
            if game.set_position
            else read_board(game.start_position or {}, rules)
        )
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        board = None
    if board is None or variant_of(rules).problems(board, rules):
        raise ExportError(field, message("export.bad_start"))
    return board


def _start(game: Game, rules: Rules) -> Board:
    try:
        if game.set_position:
            return board_from_xg(game.set_position, rules.checkers)
        if game.start_position is not None:
            return read_board(game.start_position, rules)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        pass  # the referee reports a bad start position; the export keeps the game as written
    return start_board(rules)


def _steps(game: Game, rules: Rules) -> tuple[ReplayedAction, ...]:
    board = _start(game, rules)
    steps = []
    for action in game.actions:
        if action.kind != ROLL or action.dice is None:
            steps.append(ReplayedAction(action))
            continue
        color = COLORS[action.player]
        moves, after = _roll(board, color, action)
        board = after or board
        steps.append(ReplayedAction(action, moves))
    return tuple(steps)


def _roll(board: Board, color: Color, action: Action) -> tuple[tuple[Move, ...] | None, Board | None]:
    """The moves gnubg would record for a roll, and the board after it (as played when illegal)."""
    assert action.dice is not None
    dice = (max(action.dice), min(action.dice))
    if action.play_kind == PLAY:
        try:
            hops = parse_play_marked(action.play_text or "")[0]
        except NotationError:
            return None, None
    elif action.play_kind in ("empty", "cannot_move"):
        hops = ()
    else:
        return None, None  # hidden or marked illegal: nothing to replay
    verdict = judge_written(board, color, dice, hops)
    if verdict.play is not None:  # judge_written gives a play exactly when the play is legal
        moves = _as_written(board, color, action, hops, verdict.play.board) or verdict.play.moves
        return gnubg_order(board, color, moves), verdict.play.board
    return None, apply_literally(board, color, hops)[0]


def _as_written(
    board: Board, color: Color, action: Action, hops: Hops, after: Board
) -> tuple[Move, ...] | None:
    """The written hops as single-die moves, when they end on `after`. gnubg keeps a chain as
    written (`24/22 22/16`, where the legal play found may be `24/18 18/16`) and splits a hop over
    two dice in the order the dice are written (`26: 13/5` is 13/11 11/5)."""
    assert action.dice is not None
    first, second = action.dice
    left = [first] * 4 if first == second else [first, second]
    single: list[tuple[int, int]] = []
    for source, dest in hops:
        distance = source - dest
        larger = [die for die in left if dest == OFF and die > distance]
        if distance in left or larger:  # one die (a bear-off may use a larger one)
            left.remove(distance if distance in left else min(larger))
            single.append((source, dest))
            continue
        point = source
        while point != dest and left:  # over several dice, in the order they are written
            step = max(point - left.pop(0), OFF) if dest == OFF else point - left.pop(0)
            single.append((point, step))
            point = step
        if point != dest:
            return None
    played, impossible = apply_literally(board, color, tuple(single))
    if impossible is not None or played != after:
        return None
    return tuple(Move(source, dest) for source, dest in single)


def gnubg_order(board: Board, color: Color, moves: tuple[Move, ...]) -> tuple[Move, ...]:
    """`moves` highest source first (then highest destination), hits marked in that order."""
    opponent = list(board.side(other(color)))
    ordered = []
    for move in sorted(moves, key=lambda m: (m.from_point, m.to_point), reverse=True):
        target = OPPOSITE.opposite(move.to_point)  # the exports are the backgammon family's
        hit = move.to_point not in (OFF, BAR) and opponent[target] == 1
        if hit:
            opponent[target] = 0
        ordered.append(Move(move.from_point, move.to_point, hit))
    return tuple(ordered)
