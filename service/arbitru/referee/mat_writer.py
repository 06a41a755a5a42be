"""Write a match as a Jellyfish `.mat` transcript laid out as GNU Backgammon exports it.

The layout of gnubg's `export match mat`: the header tags, ` N point match`, then per game
` Game k`, the score line (`name : score` padded to 31 characters, then the other), and turn lines
of two 33-character cells: `%3d) ` then the left player's cell padded to 27 and a space, then the
right player's cell. A roll is `63: 13/7 8/5* ` (each single-die move, highest source first, bar
25, off 0, a trailing space), cube actions ` Doubles => 2`, ` Takes`, ` Drops`, and each game ends
with `Wins N point(s)` under the winner's column. A game whose first roll is the right player's
starts `  1)` with an empty left cell. Tags the reader turns into rules (`Jacoby`, `Crawford`,
`Beaver`, `CubeLimit`, `Variation`) are written when the match states them, so rules survive a
round trip (gnubg writes only `Variation`; eXtreme Gammon writes the others). What gnubg cannot
write is kept in the reader's words: beavers (` Beavers => 4`), hidden plays, resignation levels
(implied by the points).
"""

from __future__ import annotations

from arbitru.engine.notation import NotationError, parse_play_marked
from arbitru.engine.play import Move
from arbitru.engine.rules import STANDARD, Rules
from arbitru.engine.variants import variant_of
from arbitru.formats.mat import (
    BEAVER,
    DOUBLE,
    DROP,
    RACCOON,
    RESIGN,
    ROLL,
    RULES_TAG,
    TAKE,
    Game,
    MatchFile,
    play_reads_back,
    rules_tag,
    score_line,
    stated_rules,
    written_play,
)
from arbitru.formats.xgid import xg_position
from arbitru.messages import message
from arbitru.referee.replay import ExportError, GameResult, ReplayedAction, ReplayedGame, replay, stated_start

CELL = 27  # width of a cell's text; with `%3d) ` and a space, a column is 33 characters
TAGS: tuple[tuple[str, str], ...] = (  # (the reader's lower-case key, the tag as written)
    ("site", "Site"),
    ("event", "Event"),
    ("round", "Round"),
    ("eventdate", "EventDate"),
    ("transcriber", "Transcriber"),
)
CLASSIC_FLAGS = (("Jacoby", "jacoby"), ("Crawford", "crawford"), ("Beaver", "beavers"))  # (tag, option)


def write_mat(match: MatchFile, rules: Rules) -> str:
    """The `.mat` text of `match` (read from a .mat or a JSON record) under `rules`."""
    lines = _header(match, rules)
    lines += ["", f" {match.length} point match", ""]
    for index, game in enumerate(replay(match, rules)):
        lines += _game(match, game, _set_position(index, game.game, rules), index)
    return "\n".join(lines) + "\n"


def _header(match: MatchFile, rules: Rules) -> list[str]:
    """The header tags: the match's own, then the rules it was refereed by. The classic tags
    (gnubg's `Variation`, XG's `Jacoby`, `Crawford`, `Beaver`, `CubeLimit`) when the match states
    them or the rules differ from the standard ones; Arbitru's `Rules` tag for what they cannot say
    (a preset, a backgammon counting 2, no cube, the romanian opening)."""
    tags = [(tag, match.headers[key]) for key, tag in TAGS if match.headers.get(key)]
    variation = variant_of(rules).variation_tag(rules)
    if variation is not None:
        tags.append(("Variation", variation))
    stated = stated_rules(match)
    for tag, option in CLASSIC_FLAGS:
        value = getattr(rules, option)
        if option in stated or value != getattr(STANDARD, option):
            tags.append((tag, "On" if value else "Off"))
    if "max_cube" in stated or rules.max_cube != STANDARD.max_cube:
        tags.append(("CubeLimit", str(rules.max_cube)))
    extra = rules_tag(rules)
    if extra is not None:
        tags.append((RULES_TAG, extra))
    return [f'; [{tag} "{value}"]' for tag, value in tags]


def play_text(step: ReplayedAction, where: str = "play") -> str:
    """A roll's cell: `63: ` (the higher die first, as gnubg writes it) and gnubg's moves, or the
    play as written when it is not legal: in standard notation where that reads back as the same
    play, else as it was read (after `63:` with no blank if a blank would start another cell).
    ExportError (naming `where`) for a play no cell carries."""
    action = step.action
    assert action.dice is not None and action.play_kind is not None
    dice = f"{max(action.dice)}{min(action.dice)}:"
    if step.moves is not None:  # gnubg ends the cell with a space unless it holds four moves
        return dice + " " + " ".join(map(_move, step.moves)) + (" " if 0 < len(step.moves) < 4 else "")
    play = action.play_text or ""
    normalized = written_play(play, action.play_kind)
    texts = [normalized, play] if _same_play(normalized, play) else [play]
    for text, blank in ((text, blank) for text in texts for blank in (" ", "")):
        if play_reads_back(text, blank):
            return dice + blank + text
    raise ExportError(where, message("export.play_unwritable"))


def _same_play(normalized: str, play: str) -> bool:
    """Whether the play in standard notation reads as the play as written (the same hops, or both
    unreadable)."""
    try:
        return parse_play_marked(normalized) == parse_play_marked(play)
    except NotationError:
        try:
            parse_play_marked(normalized)
        except NotationError:
            return True
        return False


def _move(move: Move) -> str:
    return f"{move.from_point}/{move.to_point}{'*' if move.hit else ''}"


def _cell(step: ReplayedAction, where: str) -> str:
    action = step.action
    if action.kind == ROLL:
        return play_text(step, where)
    value = f" => {action.cube_value}" if action.cube_value is not None else ""
    words = {DOUBLE: " Doubles", BEAVER: " Beavers", RACCOON: " Raccoons", TAKE: " Takes", DROP: " Drops"}
    if action.kind == RESIGN:  # the marker as written (its column too), else gnubg's word for it
        return " " + action.raw.strip() if action.raw.strip() else " Resigns"
    return words[action.kind] + (value if action.kind != TAKE else "")


def _set_position(index: int, game: Game, rules: Rules) -> str | None:
    """What the game's `; Set Pos=` line says: the XG position it was read with, or the XG string of
    a record's `start_position` (ExportError when that is no valid board)."""
    if game.set_position:
        return game.set_position
    board = stated_start(index, game, rules)
    return xg_position(board) if board is not None else None


def _game(match: MatchFile, replayed: ReplayedGame, set_position: str | None, index: int) -> list[str]:
    game = replayed.game
    lines = [f" Game {game.number}", score_line(match.players, game.start_score)]
    if set_position:
        lines.append(f"; Set Pos={set_position}")
    slot, line = 0, ""  # slot: gnubg's cell counter (even = left column); line: the open line
    last_drop = False
    # the `Wins` line stands where the file had it: actions written after it stay after it
    wins_at = game.result.after_action if game.result is not None else len(replayed.steps)
    for turn, step in enumerate(replayed.steps):
        if turn == wins_at and replayed.result is not None:
            lines += _wins(line, replayed.result, last_drop, slot)
            slot, line, last_drop = slot + slot % 2, "", False
        text = _cell(step, f"games[{index}].turns[{turn}].play")
        if slot % 2 != step.action.player:  # the first roll is the right player's, or one acts twice
            if slot % 2 == 0:
                line = f"{slot // 2 + 1:3d}) {'':<{CELL}} "
            else:
                lines.append(line.rstrip())
                line = ""
            slot += 1
        if slot % 2 == 0:
            line = f"{slot // 2 + 1:3d}) {text:<{CELL}} "
        else:
            lines.append(line + text)
            line = ""
        last_drop = step.action.kind == DROP
        slot += 1
    if replayed.result is not None and wins_at >= len(replayed.steps):
        lines += _wins(line, replayed.result, last_drop, slot)
    elif line:
        lines.append(line)
    lines.append("")
    return lines


def _wins(line: str, result: GameResult, drop: bool, slot: int) -> list[str]:
    """The `Wins` line(s) closing a game, where gnubg puts them."""
    points = "" if result.points is None else f" {result.points} point{'s' if result.points != 1 else ''}"
    text = f"Wins{points}"
    text += " and the match" if result.and_the_match else ""
    if drop and line and result.winner == 1:  # a drop in the left column: the winner's goes on after it
        return [line.rstrip() + " " * 23 + text + " "]
    lines = [line] if line else []
    column = 6 if result.winner == 0 else 34
    lines.append(" " * column + text)
    return lines
