"""Write a match as GNU Backgammon saves it: SGF (FF[4], GM[6]), one game tree per game.

The layout of gnubg's `save match`: each game is `(;` a root node then one node per line and `)`.
The root carries `FF[4]GM[6]CA[UTF-8]AP[...]`, `MI[length:L][game:i][ws:S][bs:S]` (the game's
index from 0 and the score before it), the players `PW` (players[0], gnubg's player 0) and `PB`,
`RU` (`Crawford`, `Crawford:CrawfordGame` for the Crawford game, `Jacoby` for money play with the
Jacoby rule) and the result `RE[W+2]` (`R` appended for a resignation). A roll is `;W[63` then two
letters per single-die move `]`: a point p is the letter p-1 from `a` for W, from `x` backwards
for B (each side in its own numbering), the bar `y`, off `z`; a dance is the dice alone. Cube
actions are `;W[double]`, `;B[take]`, `;B[drop]`, beavers `;B[beaver]`. A roll the player then
resigned on without playing is `;PL[B]DI[51]`, as gnubg writes it; a game from a stated board
starts with gnubg's set-up node `;AE[a:y]AW[..]AB[..]`. Moves are gnubg's order (see
arbitru.referee.replay). What gnubg's SGF cannot say is kept in Arbitru's own properties, which
other readers ignore and arbitru.formats.sgf_reader reads back: `XR` the rules (as the .mat
`Rules` tag), `XM` "and the match", `XW` how many actions precede the result (a transcript that
writes actions after its `Wins` line), `XS` who resigned, `XC` a cube value written, `XP` a play
as written that is not legal.
"""

from __future__ import annotations

from importlib import metadata

from arbitru.engine.board import BAR, COLORS, OFF, Board
from arbitru.engine.notation import NotationError, parse_play_marked
from arbitru.engine.outcome import COUNTED_AS as LEVEL_NAMES
from arbitru.engine.play import Move
from arbitru.engine.rules import Rules
from arbitru.formats.mat import PLAY, RESIGN, ROLL, MatchFile, marks_resigner, rules_tag
from arbitru.referee.replay import ReplayedAction, ReplayedGame, replay, stated_start

SIDES = ("W", "B")


def _version() -> str:
    try:
        return metadata.version("arbitru")
    except metadata.PackageNotFoundError:  # pragma: no cover - a source checkout not installed
        return "0"


def write_sgf(match: MatchFile, rules: Rules) -> str:
    """The SGF text of `match` (read from a .mat or a JSON record) under `rules` (ExportError for a
    stated starting board that is no board)."""
    return (
        "\n".join(_game(match, rules, index, game) for index, game in enumerate(replay(match, rules))) + "\n"
    )


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("]", "\\]")


def _root(match: MatchFile, rules: Rules, index: int, replayed: ReplayedGame) -> str:
    game = replayed.game
    props = [
        f"FF[4]GM[6]CA[UTF-8]AP[Arbitru:{_version()}]",
        f"MI[length:{match.length}][game:{game.number - 1}]"  # gnubg's index from 0: the number - 1
        f"[ws:{game.start_score[0]}][bs:{game.start_score[1]}]",
        f"PW[{_escape(match.players[0])}]PB[{_escape(match.players[1])}]",
    ]
    date = match.headers.get("eventdate", "").strip().replace(".", "-")
    if index == 0 and len(date) == 10:
        props.append(f"DT[{_escape(date)}]")
    if match.length and rules.crawford:
        props.append("RU[Crawford:CrawfordGame]" if replayed.crawford_game else "RU[Crawford]")
    elif not match.length and rules.jacoby:
        props.append("RU[Jacoby]")
    tag = rules_tag(rules)
    if tag is not None:
        props.append(f"XR[{_escape(tag)}]")
    result = replayed.result
    if result is not None:
        points = "" if result.points is None else result.points
        props.append(f"RE[{SIDES[result.winner]}+{points}{'R' if result.resigned else ''}]")
        if result.and_the_match:
            props.append("XM[and the match]")
        written = game.result
        if written is not None and written.after_action < len(replayed.steps):
            props.append(f"XW[{written.after_action}]")  # actions the file wrote after its result
    return "(;" + "".join(props)


def _setup(board: Board) -> str:
    """gnubg's set-up node: every point emptied, then one value per checker (W's letters from W's
    side, B's backwards, `y` the bar)."""
    props = ";AE[a:y]"
    for player, name in enumerate(SIDES):
        side = board.side(COLORS[player])
        points = [_point(point, player) for point in range(25, 0, -1) for _ in range(side[point])]
        props += f"A{name}" + "".join(f"[{letter}]" for letter in points) if points else ""
    return props


def _game(match: MatchFile, rules: Rules, index: int, replayed: ReplayedGame) -> str:
    nodes = [_root(match, rules, index, replayed)]
    board = stated_start(index, replayed.game, rules)
    if board is not None:
        nodes.append(_setup(board))
    written = replayed.game.result
    loser = 1 - written.winner if written is not None else None
    nodes += [node for node in (_node(step, loser) for step in replayed.steps) if node]
    return "\n".join(nodes) + ")"


def _node(step: ReplayedAction, loser: int | None) -> str | None:
    """A step's node: gnubg's, and where gnubg's cannot say it, Arbitru's own properties (`XS`
    who resigned, `XC` the cube value written, `XP` a play as written that is not legal)."""
    action = step.action
    side = SIDES[action.player]
    if action.kind == RESIGN:  # the result says it (RE[..R]); who resigned and at what level, XS
        if not marks_resigner(action) and loser is not None:  # a marker in the winner's column
            side = SIDES[loser]
        level = f":{LEVEL_NAMES[action.resign_level]}" if action.resign_level else ""
        return f";XS[{side}{level}]"
    if action.kind != ROLL:
        cube = f"XC[{action.cube_value}]" if action.cube_value is not None and action.kind != "take" else ""
        return f";{side}[{action.kind}]{cube}"
    assert action.dice is not None
    dice = f"{max(action.dice)}{min(action.dice)}"  # the higher first, as gnubg writes them
    moves = step.moves
    written = f"XP[{_escape(action.play_text)}]" if moves is None and action.play_text else ""
    if moves is None and action.play_kind != PLAY:  # rolled, then resigned (or hid the play)
        return f";PL[{side}]DI[{dice}]{written}"
    if moves is None:  # an illegal play: its hops as written
        try:
            hops = parse_play_marked(action.play_text or "")[0]
        except NotationError:
            hops = ()
        moves = tuple(Move(source, dest) for source, dest in hops if _letters_exist(source, dest))
    return f";{side}[{dice}{''.join(_letters(m, action.player) for m in moves)}]{written}"


def _letters_exist(source: int, dest: int) -> bool:
    """Whether a hop as written has letters (a point from 0 to 25)."""
    return 0 <= source <= 25 and 0 <= dest <= 25


def _letters(move: Move, player: int) -> str:
    return _point(move.from_point, player) + _point(move.to_point, player)


def _point(point: int, player: int) -> str:
    if point == BAR:
        return "y"
    if point == OFF:
        return "z"
    return chr(ord("a") + point - 1) if player == 0 else chr(ord("x") - point + 1)
