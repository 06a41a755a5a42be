"""The match referee: replay a whole transcript under the rules and rule on every action.

Input is a read transcript (`arbitru.formats.mat.Match`, from a .mat file or a JSON game record).
Every game is replayed from its start (the variant's starting position, or a stated start
position): checker plays through `judge_play`, cube actions through `arbitru.engine.cube`
(ownership, Crawford game, beavers and raccoons, maximum cube), game ends through the outcome and
match scoring (Jacoby only in money sessions, while the cube is centred). The game-header scores
are checked against the replayed score (in money sessions too: the running total) and each `Wins N`
against the replayed result; points capped at what the winner still needed are recognised as such.
An excerpt (`Excerpt`) starts from a stated score, and optionally a stated board.

Modes:
- `legal-moves-only` (default): the first illegal action is the error and the replay stops.
- `illegal-moves-rule`: an illegal checker play is listed in `condoned` and the replay goes on
  from the position as played, except for impossible plays tournament rules never condone
  (a checker moved backwards, borne off when bearing off is not allowed, an opponent's checker
  moved, a hit checker treated as removed instead of on the bar, a checker on a closed point).

In a transcript players[0] is the left column; here players[0] plays "white", players[1] "black",
and every play is read from the mover's side. The verdict is a plain JSON-ready dict in the
shape of the contract's POST /v1/matches/verify response.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NoReturn

from arbitru.engine.board import BAR, COLORS, OFF, Board, Color, other
from arbitru.engine.cube import Cube, CubeVerdict, cube_action
from arbitru.engine.judge import REASON_CODES as JUDGE_CODES
from arbitru.engine.judge import Verdict, judge_play
from arbitru.engine.match import Match as MatchState
from arbitru.engine.match import score_game
from arbitru.engine.moves import legal_plays
from arbitru.engine.notation import NotationError, parse_play_marked
from arbitru.engine.outcome import outcome, resignation
from arbitru.engine.rules import Rules, build_rules
from arbitru.engine.variants import start_board
from arbitru.formats.mat import stated_rules

MODES: tuple[str, ...] = ("legal-moves-only", "illegal-moves-rule")
LEVEL_NAMES: dict[int, str] = {1: "single", 2: "gammon", 3: "backgammon"}
# An illegal play's error lists the legal plays up to this many (a 1-1 can have over 1,000): enough
# to show the players what was possible; beyond it the count alone is given.
LISTED_PLAYS = 100

# Reason codes of the referee. Checker-play codes come from the judge (arbitru.engine.judge) and
# cube codes from arbitru.engine.cube; both keep their names here.
REASON_CODES: dict[str, str] = {
    # checker play: the judge's codes (arbitru.engine.judge), except the three a transcript never
    # reaches (notation that names no point is BAD_NOTATION here, hit marks are forgiven, the rest
    # is named by rule)
    **{
        code: text
        for code, text in JUDGE_CODES.items()
        if code not in ("NOT_ON_BOARD", "NOT_A_LEGAL_PLAY", "WRONG_HIT")
    },
    # impossible plays (never condoned)
    "OPPONENT_CHECKER_MOVED": "the play moves a checker of the opponent",
    "HIT_CHECKER_NOT_ON_BAR": "the mover plays as if its hit checker had been removed, not put on the bar",
    # how a play is written
    "BAD_NOTATION": "the play cannot be read as standard notation",
    "HIDDEN_PLAY": "the transcript hides a play (`????`) that the game goes on after",
    "ILLEGAL_PLAY_MARKED": "the transcript itself marks the play as illegal (`Illegal play (...)`)",
    "OPENING_ROLL_DOUBLET": "the first roll of a game with the standard opening, the starter playing the"
    " opening dice (opening_dice: rolled), cannot be a doublet",
    # turn order
    "OUT_OF_TURN": "the action is not by the player whose turn it is",
    "DOUBLE_NOT_ANSWERED": "the game goes on before a double was taken or dropped",
    "NO_DOUBLE_TO_ANSWER": "a take, drop, beaver or raccoon with no double to answer",
    "CUBE_VALUE_MISMATCH": "the cube value written does not follow from the cube in play",
    # cube (arbitru.engine.cube)
    "CUBE_DISABLED": "the rules in force have no doubling cube",
    "CRAWFORD_GAME": "nobody may double in the Crawford game",
    "NOT_CUBE_OWNER": "only the cube's owner (or either player when it is centred) may double",
    "MAX_CUBE_REACHED": "the cube may not go past the maximum value",
    "NO_BEAVERS_IN_MATCH": "beavers and raccoons are for money play only",
    "BEAVERS_NOT_ALLOWED": "the rules in force do not allow beavers",
    "RACCOONS_NOT_ALLOWED": "the rules in force do not allow raccoons",
    # game and match results
    "ACTION_AFTER_GAME_OVER": "an action after the game was already over",
    "GAME_NOT_FINISHED": "a game ends without a result and another game follows",
    "WRONG_WINNER": "the transcript names a winner the replay does not",
    "WRONG_POINTS": "the points written are neither what the game was worth nor capped at the need",
    "SCORE_MISMATCH": "a game-header score differs from the replayed score",
    "MATCH_ALREADY_OVER": "a game is played after the match was already won",
    "MATCH_NOT_OVER": "the transcript says 'and the match' but the match is not won",
    "BAD_START_POSITION": "a stated start position is not a valid board",
}

IMPOSSIBLE: frozenset[str] = frozenset(
    {
        "MOVE_BACKWARDS",
        "BEAR_OFF_NOT_ALLOWED",
        "OPPONENT_CHECKER_MOVED",
        "HIT_CHECKER_NOT_ON_BAR",
        "NO_CHECKER_TO_MOVE",
        "POINT_CLOSED",
    }
)


@dataclass(frozen=True, slots=True)
class Excerpt:
    """Where a transcript that does not start at the beginning of a match starts: the score
    before its first game (players[0] first), optionally the board that game starts from (white =
    players[0]; the first roll is then not an opening roll), and whether that game is the
    Crawford game."""

    score: tuple[int, int]
    position: Mapping[str, Any] | None = None
    crawford: bool = False


class RefereeError(Exception):
    """The first illegal action: stops the replay (carried as the verdict's `error`)."""

    def __init__(self, payload: dict[str, Any]) -> None:
        super().__init__(payload["message"])
        self.payload = payload


# -- rules ------------------------------------------------------------------------------------------
def resolve_rules(
    match: Any, requested: Mapping[str, Any] | None, lang: str = "en"
) -> tuple[Rules, list[Any]]:
    """The rules to referee by: the client's `rules` first, then the transcript's header tags.

    Returns the rules and the client's problems (header tags that make no sense are dropped)."""
    requested = dict(requested or {})
    rules, problems = build_rules(requested, lang=lang)
    if problems:
        return rules, problems
    header = {k: v for k, v in stated_rules(match).items() if k not in requested}
    if "preset" in requested:
        header = {}
    while header:
        merged, found = build_rules({**header, **requested}, lang=lang)
        if not found:
            return merged, []
        bad = {p.field.split(".", 1)[-1] for p in found}
        kept = {k: v for k, v in header.items() if k not in bad}
        if kept == header:
            break
        header = kept
    return rules, []


# -- start positions --------------------------------------------------------------------------------
def board_from_xg(position: str, checkers: int = 15) -> Board:
    """The board of an XG position string (`; Set Pos=` / XGID's first field): 26 characters,
    uppercase = players[0] ("white") counted on its own points 1..24 with its bar last, lowercase =
    players[1] at the same characters (its point 25 - i), its bar first."""
    chars = position.split("/")[0].split(":")[0]
    if len(chars) != 26 or not re.fullmatch(r"[-A-Pa-p]{26}", chars):
        raise ValueError("an XG position has 26 characters, each '-' or a letter A-P / a-p")
    white = [0] * 26
    black = [0] * 26
    for index, char in enumerate(chars):
        if char == "-":
            continue
        count = ord(char.lower()) - ord("a") + 1
        if char.isupper():
            white[index] += count  # index 25 = white's bar, 1..24 its points
        else:
            black[25 - index] += count  # index 0 = black's bar (25 - 0 = 25)
    white[OFF] = checkers - sum(white)
    black[OFF] = checkers - sum(black)
    return Board(tuple(white), tuple(black))


# -- the replay -------------------------------------------------------------------------------------
@dataclass(slots=True)
class _GameState:
    board: Board
    cube: Cube = field(default_factory=Cube)
    turn: Color | None = None
    offer: tuple[str, Color] | None = None  # (kind, by whom) of a pending double/beaver/raccoon
    cube_before_offer: Cube | None = None
    over: bool = False
    ended_by: str | None = None
    winner: Color | None = None
    points: int | None = None
    result: str | None = None
    resigned_by: Color | None = None
    resign_level: int | None = None
    rolled_then_stopped: bool = False
    from_position: bool = False  # the game starts from a stated position, not with an opening roll


class Referee:
    """Replays one transcript; `verdict()` gives the contract's response dict."""

    def __init__(
        self,
        match: Any,
        rules: Rules | None = None,
        mode: str = "legal-moves-only",
        excerpt: Excerpt | None = None,
    ) -> None:
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}")
        self.match = match
        self.rules = rules or Rules()
        self.mode = mode
        self.players: tuple[str, str] = tuple(match.players)  # type: ignore[assignment]
        self.length: int = int(match.length)
        self.excerpt = excerpt
        self.score: list[int] = list(excerpt.score) if excerpt else [0, 0]
        self.crawford_game = bool(excerpt and excerpt.crawford)
        self.games_out: list[dict[str, Any]] = []
        self.condoned: list[dict[str, Any]] = []
        self.match_winner: int | None = None
        self._state: _GameState | None = None  # the game being replayed (for the error's position)

    # -- entry ------------------------------------------------------------------------------------
    def verdict(self) -> dict[str, Any]:
        """Replay everything and return the verdict (valid, games, final score, first error)."""
        error: dict[str, Any] | None = None
        try:
            for index, game in enumerate(self.match.games):
                self._game(index, game)
        except RefereeError as stop:
            error = stop.payload
        return {
            "valid": error is None,
            "mode": self.mode,
            "excerpt": self.excerpt is not None,
            "start_score": list(self.excerpt.score) if self.excerpt else [0, 0],
            "match_length": self.length,
            "players": list(self.players),
            "games": self.games_out,
            "final_score": list(self.score),
            "winner": self.players[self.match_winner] if self.match_winner is not None else None,
            "error": error,
            "condoned": self.condoned,
        }

    # -- one game ------------------------------------------------------------------------------------
    def _game(self, index: int, game: Any) -> None:
        last_game = index == len(self.match.games) - 1
        if self.match_winner is not None:
            self._fail(
                game,
                None,
                "MATCH_ALREADY_OVER",
                f"game {game.number} is played after {self.players[self.match_winner]} already won the match",
                line=game.line,
                action=f"Game {game.number}",
            )
        if tuple(game.start_score) != tuple(self.score):
            session = "" if self.length else " (a money session's running total)"
            self._fail(
                game,
                None,
                "SCORE_MISMATCH",
                f"game {game.number} starts at {game.start_score[0]}-{game.start_score[1]}, "
                f"but the replay has {self.score[0]}-{self.score[1]}{session}",
                line=game.score_line,
                action=self._score_text(game),
            )
        start = self.excerpt.position if self.excerpt and index == 0 else None
        state = _GameState(self._start_board(game) if start is None else self._excerpt_board(game, start))
        self._state = state
        state.from_position = start is not None or bool(
            getattr(game, "set_position", None) or getattr(game, "start_position", None) is not None
        )
        actions = game.actions
        result = game.result
        for position, action in enumerate(actions):
            if result is not None and position >= result.after_action:
                self._fail(
                    game,
                    action,
                    "ACTION_AFTER_GAME_OVER",
                    f"{self.players[action.player]} acts after the game's result was written",
                )
            if state.over or state.resigned_by is not None or state.rolled_then_stopped:
                self._fail(
                    game,
                    action,
                    "ACTION_AFTER_GAME_OVER",
                    f"game {game.number} is already over ({state.ended_by or 'resigned'})",
                )
            rest = actions[position + 1 :]
            final = all(a.kind == "resign" for a in rest) and (result is not None or bool(rest))
            if action.kind == "roll":
                self._roll(game, action, state, final)
            elif action.kind == "double":
                self._double(game, action, state)
            elif action.kind in ("take", "drop", "beaver", "raccoon"):
                self._answer(game, action, state)
            elif action.kind == "resign":
                state.resigned_by = COLORS[action.player]
                state.resign_level = action.resign_level
        self._state = None
        self._finish(game, state, last_game)

    def _start_board(self, game: Any) -> Board:
        checkers = self.rules.checkers
        if getattr(game, "set_position", None):
            try:
                board = board_from_xg(game.set_position, checkers)
            except ValueError as exc:
                self._fail(
                    game,
                    None,
                    "BAD_START_POSITION",
                    f"Set Pos: {exc}",
                    line=game.set_position_line,
                    action=f"; Set Pos={game.set_position}",
                )
            self._check_board(game, board, game.set_position_line, f"; Set Pos={game.set_position}")
            return board
        if getattr(game, "start_position", None) is not None:
            try:
                board = Board.from_dict(game.start_position, checkers)
            except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
                self._fail(
                    game,
                    None,
                    "BAD_START_POSITION",
                    f"start_position: {exc}",
                    line=None,
                    action="start_position",
                )
            self._check_board(game, board, None, "start_position")
            return board
        return start_board(self.rules)

    def _excerpt_board(self, game: Any, position: Mapping[str, Any]) -> Board:
        """The board an excerpt's first game starts from (`start_position`, white = players[0])."""
        try:
            board = Board.from_dict(position, self.rules.checkers)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            self._fail(
                game, None, "BAD_START_POSITION", f"start_position: {exc}", line=None, action="start_position"
            )
        self._check_board(game, board, None, "start_position")
        return board

    def _check_board(self, game: Any, board: Board, line: int | None, action: str) -> None:
        problems: list[Any]
        try:
            problems = board.problems(self.rules.checkers)
        except (IndexError, TypeError):
            problems = ["malformed"]
        if problems:
            detail = "; ".join(getattr(p, "message", str(p)) for p in problems)
            self._fail(
                game,
                None,
                "BAD_START_POSITION",
                f"the stated start position is not valid: {detail}",
                line=line,
                action=action,
            )

    # -- checker play ---------------------------------------------------------------------------------
    def _roll(self, game: Any, action: Any, state: _GameState, final: bool) -> None:
        color = COLORS[action.player]
        name = self.players[action.player]
        if state.offer is not None:
            kind, by = state.offer
            if kind == "beaver" and by != color:
                self._settle_take(game, action, state, other(color))  # gnubg writes no Takes after a beaver
            else:
                self._fail(
                    game,
                    action,
                    "DOUBLE_NOT_ANSWERED",
                    f"{name} rolls while the {kind} of {self._name(by)} is not answered",
                )
        if state.turn is None:
            state.turn = color
            d1, d2 = action.dice
            if d1 == d2 and opening_roll_is_never_a_double(self.rules) and not state.from_position:
                self._fail(
                    game,
                    action,
                    "OPENING_ROLL_DOUBLET",
                    f"the opening roll {d1}-{d2} is a doublet; in a standard game the first roll never is",
                )
        elif color != state.turn:
            self._fail(
                game, action, "OUT_OF_TURN", f"{name} rolls, but it is {self._name(state.turn)}'s turn"
            )
        dice = (max(action.dice), min(action.dice))
        kind = action.play_kind
        if kind == "hidden":
            if final:
                state.rolled_then_stopped = True
                return
            self._fail(
                game,
                action,
                "HIDDEN_PLAY",
                f"the play of {name} is hidden ('{action.play_text}') and the game goes on",
            )
        if kind == "illegal_marker":
            self._fail(
                game,
                action,
                "ILLEGAL_PLAY_MARKED",
                f"the transcript marks the {dice[0]}-{dice[1]} of {name} as an illegal play, not the play",
            )
        if kind in ("empty", "cannot_move"):
            hops: tuple[tuple[int, int], ...] = ()
            marked: list[int] | None = None
        else:
            text = _standard(action.play_text)
            try:
                hops, marks = parse_play_marked(text)
            except NotationError as exc:
                self._fail(game, action, "BAD_NOTATION", f"cannot read the play of {name}: {exc.message}")
            marked = list(marks)
        verdict = _judge(state.board, color, dice, hops, marked)
        if verdict.legal and verdict.play is not None:
            state.board = verdict.play.board
        elif kind == "empty" and final:
            state.rolled_then_stopped = True  # rolled, then resigned without playing (gnubg writes this)
            return
        else:
            self._illegal_play(
                game,
                action,
                state,
                color,
                dice,
                hops,
                verdict.code or "DICE_MISMATCH",
                verdict.message() or "illegal play",
            )
        state.turn = other(color)
        self._check_bearoff(state)

    def _illegal_play(
        self,
        game: Any,
        action: Any,
        state: _GameState,
        color: Color,
        dice: tuple[int, int],
        hops: tuple[tuple[int, int], ...],
        code: str,
        message: str,
    ) -> None:
        name = self.players[action.player]
        if not hops and code == "MUST_USE_ALL_DICE":
            written = "nothing" if action.play_kind == "empty" else "'Cannot Move'"
            message = (
                f"{name} writes {written} for {dice[0]}-{dice[1]}, but a legal play exists (e.g. "
                f"{legal_plays(state.board, color, dice)[0].notation})"
            )
        else:
            message = f"{action.raw}: {message}"
        if self.mode == "legal-moves-only":
            self._fail(game, action, code, message)
        board, impossible = apply_literally(state.board, color, hops)
        if impossible is not None:
            self._fail(game, action, impossible[0], f"{action.raw}: {impossible[1]} (never condoned)")
        assert board is not None
        self.condoned.append(self._where(game, action) | {"code": code, "message": message})
        state.board = board

    def _check_bearoff(self, state: _GameState) -> None:
        verdict = outcome(
            state.board,
            self.rules,
            state.cube.value,
            jacoby=self.rules.jacoby and not self.length,
            cube_centred=state.cube.owner == "centered",
        )
        if verdict.game_over:
            state.over, state.ended_by, state.winner = True, "bearoff", verdict.winner
            state.points, state.result = verdict.points, verdict.result

    # -- cube -------------------------------------------------------------------------------------
    def _double(self, game: Any, action: Any, state: _GameState) -> None:
        color = COLORS[action.player]
        name = self.players[action.player]
        if state.offer is not None:
            self._fail(
                game,
                action,
                "DOUBLE_NOT_ANSWERED",
                f"{name} doubles while the {state.offer[0]} of {self._name(state.offer[1])} is not answered",
            )
        if state.turn is None:
            self._fail(game, action, "OUT_OF_TURN", f"{name} doubles before the opening roll")
        if color != state.turn:
            self._fail(game, action, "OUT_OF_TURN", f"{name} doubles on {self._name(state.turn)}'s turn")
        verdict = self._cube("double", color, state.cube)
        if not verdict.legal:
            self._fail(
                game, action, verdict.code or "NOT_CUBE_OWNER", f"{name} may not double: {verdict.message()}"
            )
        if action.cube_value is not None and action.cube_value != state.cube.value * 2:
            self._fail(
                game,
                action,
                "CUBE_VALUE_MISMATCH",
                f"the cube is at {state.cube.value}; a double takes it to {state.cube.value * 2}, "
                f"not {action.cube_value}",
            )
        state.offer = ("double", color)
        state.cube_before_offer = state.cube

    def _cube(self, kind: str, doubler: Color, cube: Cube, offer: str = "double") -> CubeVerdict:
        """The cube rules' verdict on `kind` in this match (its rules, length and Crawford game)."""
        return cube_action(
            kind,
            doubler,
            cube,
            self.rules,
            in_match=self.length > 0,
            crawford_game=self.crawford_game,
            offer=offer,
        )

    def _answer(self, game: Any, action: Any, state: _GameState) -> None:
        color = COLORS[action.player]
        name = self.players[action.player]
        if state.offer is None:
            self._fail(
                game, action, "NO_DOUBLE_TO_ANSWER", f"{name} answers ({action.kind}) but nobody doubled"
            )
        kind, by = state.offer
        if color == by:
            self._fail(game, action, "OUT_OF_TURN", f"{name} answers its own {kind}")
        doubler = state.turn
        assert doubler is not None and state.cube_before_offer is not None
        verdict = self._cube(action.kind, doubler, state.cube_before_offer, kind)
        if not verdict.legal:
            self._fail(
                game,
                action,
                verdict.code or "BEAVERS_NOT_ALLOWED",
                f"{name} may not {action.kind}: {verdict.message()}",
            )
        if action.kind in ("beaver", "raccoon"):
            assert verdict.offer is not None
            if action.cube_value is not None and action.cube_value != verdict.offer.value:
                self._fail(
                    game,
                    action,
                    "CUBE_VALUE_MISMATCH",
                    f"a {action.kind} takes the cube to {verdict.offer.value}, not {action.cube_value}",
                )
            state.offer = (action.kind, color)
            return
        if action.kind == "take":
            assert verdict.cube is not None
            state.cube, state.offer = verdict.cube, None
            return
        assert verdict.cube is not None and verdict.points is not None
        state.cube, state.offer = verdict.cube, None
        state.over, state.ended_by, state.winner = True, "drop", verdict.winner
        state.points, state.result = verdict.points, "single"

    def _settle_take(self, game: Any, action: Any, state: _GameState, answerer: Color) -> None:
        assert state.offer is not None and state.turn is not None and state.cube_before_offer is not None
        verdict = self._cube("take", state.turn, state.cube_before_offer, state.offer[0])
        if verdict.legal and verdict.cube is not None:
            state.cube, state.offer = verdict.cube, None

    # -- end of a game ------------------------------------------------------------------------------
    def _finish(self, game: Any, state: _GameState, last_game: bool) -> None:
        result = game.result
        if state.offer is not None and not state.over:
            kind, by = state.offer
            if result is not None and COLORS[result.winner] == by:
                # `Doubles => 2` then `Wins 1 point` with no `Drops` written: a drop.
                assert state.turn is not None and state.cube_before_offer is not None
                verdict = self._cube("drop", state.turn, state.cube_before_offer, kind)
                if verdict.legal and verdict.points is not None and verdict.cube is not None:
                    state.cube = verdict.cube
                    state.over, state.ended_by, state.winner = True, "drop", verdict.winner
                    state.points, state.result = verdict.points, "single"
        capped = False
        if state.over:
            assert state.winner is not None and state.points is not None
            if result is not None:
                capped = self._check_declared(game, result, state.winner, state.points)
        elif result is not None or state.resigned_by is not None:
            self._resignation(game, state)
            capped = bool(
                result
                and result.points is not None
                and state.points is not None
                and result.points < state.points
            )
        elif last_game:
            self.games_out.append(self._game_entry(game, state, capped=False))
            return
        else:
            where = game.actions[-1] if game.actions else None
            self._fail(
                game,
                where,
                "GAME_NOT_FINISHED",
                f"game {game.number} ends without a result (no bear-off, drop or 'Wins' line)",
                line=None if where else game.line,
                action=None if where else f"Game {game.number}",
            )
        assert state.winner is not None and state.points is not None
        entry = self._game_entry(game, state, capped)
        winner = COLORS.index(state.winner)
        self.score[winner] += state.points
        if self.length:
            before = MatchState(
                self.length,
                (
                    self.score[0] - (state.points if winner == 0 else 0),
                    self.score[1] - (state.points if winner == 1 else 0),
                ),
                self.crawford_game,
            )
            scored = score_game(before, state.winner, state.points, self.rules)
            if scored.over:
                self.match_winner = winner
            self.crawford_game = bool(scored.crawford_next)
        self.games_out.append(entry)
        if result is not None and result.and_the_match and self.match_winner is None:
            self._fail(
                game,
                None,
                "MATCH_NOT_OVER",
                f"'{result.raw}', but the score is {self.score[0]}-{self.score[1]} in a "
                f"{self.length or 'money'}{'-point match' if self.length else ' session'}",
                line=result.line,
                action=result.raw,
                player=self.players[result.winner],
                move=result.move_number,
            )

    def _check_declared(self, game: Any, result: Any, winner: Color, points: int) -> bool:
        """Compare a `Wins N` line with the replayed winner and points; True when the points are capped."""
        declared_winner = COLORS[result.winner]
        where = {
            "line": result.line,
            "action": result.raw,
            "player": self.players[result.winner],
            "move": result.move_number,
        }
        if declared_winner != winner:
            self._fail(
                game,
                None,
                "WRONG_WINNER",
                f"the transcript says {self.players[result.winner]} won game {game.number}, "
                f"the replay says {self._name(winner)}",
                **where,
            )
        if result.points is None or result.points == points:
            return False
        needed = self.length - self.score[COLORS.index(winner)] if self.length else None
        if needed is not None and result.points == needed and points > needed:
            return True
        self._fail(
            game,
            None,
            "WRONG_POINTS",
            f"the transcript gives {result.points} point(s) for game {game.number}; the replay gives "
            f"{points}" + (f" (or {needed}, what {self._name(winner)} needed)" if needed else ""),
            **where,
        )
        return False

    def _resignation(self, game: Any, state: _GameState) -> None:
        """A game that ends neither on the board nor by a drop: a resignation (marked or not)."""
        result = game.result
        if result is not None:
            # The `Wins` line names the winner. A marker's column is not trusted: `Resigns` stands in
            # the resigner's column, OpenGammon's `Resigned Game` in the winner's.
            winner = COLORS[result.winner]
        else:
            assert state.resigned_by is not None
            winner = other(state.resigned_by)
        cube = state.cube.value
        centred = state.cube.owner == "centered"
        levels = (state.resign_level,) if state.resign_level else (1, 2, 3)
        values: list[tuple[int, int]] = []
        for level in levels:
            accepted = resignation(
                LEVEL_NAMES[level], other(winner), self.rules, cube, self.length > 0, centred
            )
            assert accepted.points is not None
            values.append((level, accepted.points))
        state.over, state.ended_by, state.winner = True, "resign", winner
        if result is None or result.points is None:
            level, points = values[0]
            state.points, state.result = points, LEVEL_NAMES[level]
            return
        declared = result.points
        for level, points in values:
            if points == declared:
                state.points, state.result = points, LEVEL_NAMES[level]
                return
        needed = self.length - self.score[COLORS.index(winner)] if self.length else None
        if needed is not None and declared == needed:
            for level, points in values:
                if points > declared:
                    state.points, state.result = points, LEVEL_NAMES[level]
                    return
        possible = sorted({points for _, points in values})
        self._fail(
            game,
            None,
            "WRONG_POINTS",
            f"a resignation at cube {cube} is worth {' or '.join(map(str, possible))} point(s), "
            f"not {declared}"
            + (f" (nor capped at {needed}, what {self._name(winner)} needed)" if needed else ""),
            line=result.line,
            action=result.raw,
            player=self.players[result.winner],
            move=result.move_number,
        )

    def _game_entry(self, game: Any, state: _GameState, capped: bool) -> dict[str, Any]:
        result = game.result
        return {
            "game": game.number,
            "start_score": list(game.start_score),
            "crawford_game": self.crawford_game,
            "winner": self._name(state.winner) if state.winner else None,
            "points": state.points,
            "cube": state.cube.value,
            "result": state.result,
            "ended_by": state.ended_by,
            "declared_points": result.points if result else None,
            "capped": capped,
        }

    # -- errors --------------------------------------------------------------------------------------
    def _name(self, color: Color | None) -> str:
        return self.players[COLORS.index(color)] if color else "nobody"

    def _score_text(self, game: Any) -> str:
        return f"{self.players[0]} : {game.start_score[0]}    {self.players[1]} : {game.start_score[1]}"

    def _where(self, game: Any, action: Any) -> dict[str, Any]:
        return {
            "game": game.number,
            "move": action.move_number if action else None,
            "player": self.players[action.player] if action else None,
            "line": action.line if action else None,
            "action": action.raw if action else None,
        }

    def _fail(self, game: Any, act: Any, code: str, message: str, **override: Any) -> NoReturn:
        payload = self._where(game, act)
        payload.update(override)
        payload["code"] = code
        payload["message"] = message
        if act is not None and self._state is not None:
            payload.update(self._position(act, self._state))
        raise RefereeError(payload)

    def _position(self, act: Any, state: _GameState) -> dict[str, Any]:
        """Where an illegal action was played: the board before it, who acted, the dice, cube and
        match, and for a roll the legal plays there (listed up to LISTED_PLAYS, always counted)."""
        color = COLORS[act.player]
        dice = (max(act.dice), min(act.dice)) if act.kind == "roll" and act.dice else None
        position = {
            "board": state.board.to_dict(),
            "turn": color,
            "dice": list(dice) if dice else None,
            "cube": state.cube.to_dict(),
            "match": MatchState(self.length, (self.score[0], self.score[1]), self.crawford_game).to_dict(),
        }
        found: dict[str, Any] = {"position": position}
        if dice is not None and not state.board.problems(self.rules.checkers):
            plays = legal_plays(state.board, color, dice)
            found["legal_play_count"] = len(plays)
            if len(plays) <= LISTED_PLAYS:
                found["legal_plays"] = [play.notation for play in plays]
        return found


def verify(
    match: Any, rules: Rules | None = None, mode: str = "legal-moves-only", excerpt: Excerpt | None = None
) -> dict[str, Any]:
    """Referee a whole transcript (or an excerpt): the contract's /v1/matches/verify verdict as a dict."""
    return Referee(match, rules, mode, excerpt).verdict()


def opening_roll_is_never_a_double(rules: Rules) -> bool:
    """Whether the first roll of a game cannot be a double under the rules' opening options: only
    in the standard opening (one die each, equal dice rolled again) with the starter playing the
    opening dice. The romanian opening's starter plays its own two dice, a double too; with
    `opening_dice: new_roll` the starter rolls both dice afresh, so any roll may come first."""
    return rules.opening == "standard" and rules.opening_dice == "rolled"


# -- helpers ------------------------------------------------------------------------------------------
def _standard(text: str) -> str:
    """Notation the engine parser reads: `Bar`/`Off` any case is fine; split `/`-chains are kept."""
    return text.replace(",", " ").strip()


def _judge(
    board: Board,
    color: Color,
    dice: tuple[int, int],
    hops: tuple[tuple[int, int], ...],
    marked: list[int] | None,
) -> Any:
    """Judge a written play as /v1/play does, with two allowances for exporters: hit marks that
    hit nothing are ignored (exporters differ in marking chained hits; OpenGammon writes none), and
    a hop written past the blot it hit on the way (`24/13` for `24/18*/13`) is taken as the legal
    play that moves those checkers."""
    verdict = judge_play(board, color, dice, hops, marked)
    if verdict.code == "WRONG_HIT":
        verdict = judge_play(board, color, dice, hops, None)
    if not verdict.legal and verdict.play is not None:
        return Verdict(True, verdict.play, as_written=False)
    return verdict


def apply_literally(
    board: Board, turn: Color, hops: tuple[tuple[int, int], ...]
) -> tuple[Board | None, tuple[str, str] | None]:
    """The board after the hops as written (ignoring the dice), or why no board can follow them.

    Used for condoned plays: the position as played. Hops from the bar go first."""
    mover = list(board.side(turn))
    opponent = list(board.side(other(turn)))
    if mover[BAR] and hops and not any(source == BAR for source, _ in hops):
        return None, (
            "HIT_CHECKER_NOT_ON_BAR",
            f"{turn} has {mover[BAR]} checker(s) on the bar but moves others as though they had been removed",
        )
    for source, dest in sorted(hops, key=lambda h: h[0] != BAR):
        if dest >= source:
            return None, ("MOVE_BACKWARDS", f"{_point(source)}/{_point(dest)} moves a checker backwards")
        if mover[source] <= 0:
            if 1 <= source <= 24 and opponent[25 - source] > 0:
                return None, (
                    "OPPONENT_CHECKER_MOVED",
                    f"{_point(source)}/{_point(dest)} moves an opponent's checker ({turn} has none there)",
                )
            return None, ("NO_CHECKER_TO_MOVE", f"{turn} has no checker on {_point(source)}")
        if dest == OFF:
            if any(mover[7:26]) or (mover[source] and source > 6):
                return None, (
                    "BEAR_OFF_NOT_ALLOWED",
                    f"{_point(source)}/off bears off while a checker of {turn} is outside the home board",
                )
        else:
            there = opponent[25 - dest]
            if there >= 2:
                return None, ("POINT_CLOSED", f"{_point(source)}/{dest} lands on a point the opponent holds")
            if there == 1:
                opponent[25 - dest] = 0
                opponent[BAR] += 1
        mover[source] -= 1
        mover[dest] += 1
    sides = {turn: tuple(mover), other(turn): tuple(opponent)}
    return Board(sides["white"], sides["black"]), None


def _point(point: int) -> str:
    return "bar" if point == BAR else "off" if point == OFF else str(point)
