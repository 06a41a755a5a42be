"""Write a match as GNU Backgammon saves it: SGF (FF[4], GM[6]), one game tree per game.

The layout of gnubg's `save match`: each game is `(;` a root node then one node per line and `)`.
The root carries `FF[4]GM[6]CA[UTF-8]AP[...]`, `MI[length:L][game:i][ws:S][bs:S]` (the game's
index from 0 and the score before it), the players `PW` (players[0], gnubg's player 0) and `PB`,
`RU` (`Crawford`, `Crawford:CrawfordGame` for the Crawford game, `Jacoby` for money play with the
Jacoby rule) and the result `RE[W+2]` (`R` appended for a resignation). A roll is `;W[63` then two
letters per single-die move `]`: a point p is the letter p-1 from `a` for W, from `x` backwards
for B (each side in its own numbering), the bar `y`, off `z`; a dance is the dice alone. Cube
actions are `;W[double]`, `;B[take]`, `;B[drop]`, beavers `;B[beaver]`. A roll the player then
resigned on without playing is `;PL[B]DI[51]`, as gnubg writes it. Moves are gnubg's order (see
arbitru.formats.replay).
"""

from __future__ import annotations

from importlib import metadata

from arbitru.engine.board import BAR, OFF
from arbitru.engine.notation import NotationError, parse_play_marked
from arbitru.engine.play import Move
from arbitru.engine.rules import Rules
from arbitru.formats.mat import PLAY, RESIGN, ROLL, Match
from arbitru.formats.replay import ReplayedGame, Step, replay

SIDES = ("W", "B")


def _version() -> str:
    try:
        return metadata.version("arbitru")
    except metadata.PackageNotFoundError:  # pragma: no cover - a source checkout not installed
        return "0"


def write_sgf(match: Match, rules: Rules) -> str:
    """The SGF text of `match` (read from a .mat or a JSON record) under `rules`."""
    return (
        "\n".join(_game(match, rules, index, game) for index, game in enumerate(replay(match, rules))) + "\n"
    )


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("]", "\\]")


def _root(match: Match, rules: Rules, index: int, replayed: ReplayedGame) -> str:
    game = replayed.game
    props = [
        f"FF[4]GM[6]CA[UTF-8]AP[Arbitru:{_version()}]",
        f"MI[length:{match.length}][game:{index}][ws:{game.start_score[0]}][bs:{game.start_score[1]}]",
        f"PW[{_escape(match.players[0])}]PB[{_escape(match.players[1])}]",
    ]
    date = match.headers.get("eventdate", "").strip().replace(".", "-")
    if index == 0 and len(date) == 10:
        props.append(f"DT[{_escape(date)}]")
    if match.length and rules.crawford:
        props.append("RU[Crawford:CrawfordGame]" if replayed.crawford_game else "RU[Crawford]")
    elif not match.length and rules.jacoby:
        props.append("RU[Jacoby]")
    result = replayed.result
    if result is not None:
        points = "" if result.points is None else result.points
        props.append(f"RE[{SIDES[result.winner]}+{points}{'R' if result.resigned else ''}]")
    return "(;" + "".join(props)


def _game(match: Match, rules: Rules, index: int, replayed: ReplayedGame) -> str:
    nodes = [_root(match, rules, index, replayed)]
    nodes += [node for node in map(_node, replayed.steps) if node]
    return "\n".join(nodes) + ")"


def _node(step: Step) -> str | None:
    action = step.action
    side = SIDES[action.player]
    if action.kind == RESIGN:
        return None  # the result says it: RE[..R]
    if action.kind != ROLL:
        return f";{side}[{action.kind}]"
    assert action.dice is not None
    dice = f"{max(action.dice)}{min(action.dice)}"  # the higher first, as gnubg writes them
    moves = step.moves
    if moves is None and action.play_kind != PLAY:  # rolled, then resigned (or hid the play)
        return f";PL[{side}]DI[{dice}]"
    if moves is None:  # an illegal play: its hops as written
        try:
            hops = parse_play_marked(action.play_text or "")[0]
        except NotationError:
            hops = ()
        moves = tuple(Move(source, dest) for source, dest in hops)
    return f";{side}[{dice}{''.join(_letters(m, action.player) for m in moves)}]"


def _letters(move: Move, player: int) -> str:
    return _point(move.from_point, player) + _point(move.to_point, player)


def _point(point: int, player: int) -> str:
    if point == BAR:
        return "y"
    if point == OFF:
        return "z"
    return chr(ord("a") + point - 1) if player == 0 else chr(ord("x") - point + 1)
