"""The replay state machine: one transcript, game by game, action by action.

Each step of a game is one method: the game's start (score, start board), a roll and its play,
a double, an answer (take, drop, beaver, raccoon), a resignation, the game's end (its result
checked against the `Wins` line) and the match's end (scored with `arbitru.engine.match`).
The first illegal action raises `RefereeError` (a code, a text key and its parameters).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, NoReturn, ParamSpec

from arbitru.engine.board import COLORS, OFF, Board, Color, other
from arbitru.engine.budget import outer_budget
from arbitru.engine.cube import CENTERED, Cube, CubeVerdict, cube_action
from arbitru.engine.judge import written_play_reader
from arbitru.engine.match import Match, score_game
from arbitru.engine.moves import legal_plays
from arbitru.engine.notation import NotationError, parse_play_marked
from arbitru.engine.outcome import COUNTED_AS, Outcome, ending_test, outcome, resignation
from arbitru.engine.rules import Rules, game_rules
from arbitru.engine.variants import NO_HISTORY, History, read_board, start_board, variant_of
from arbitru.engine.verdict import Verdict
from arbitru.formats import limits
from arbitru.formats.mat import (
    CANNOT_MOVE,
    EMPTY,
    HIDDEN,
    ILLEGAL_MARKER,
    PLAY,
    ROLL,
    Action,
    Game,
    MatchFile,
    Result,
    marks_resigner,
)
from arbitru.formats.xgid import board_from_xg
from arbitru.messages import message, render, say
from arbitru.referee.codes import Params, RefereeError, reasons
from arbitru.referee.plays import (
    CONDONABLE_AS_WRITTEN,
    Hops,
    apply_literally,
)
from arbitru.referee.rules import opening_roll_is_never_a_double

_Options = ParamSpec("_Options")  # what a Referee is built from

# How incorrect checker plays are ruled on, each from a rulebook:
# - legal-moves-only: every incorrect play is corrected (WBGT tournament rules 2010, UKBGF: "If an
#   illegal move is noticed before the opponent has rolled his dice it must be corrected"): the error.
# - illegal-moves-rule: the opponent may accept an incorrect play by rolling or turning the cube (U.S.
#   Backgammon Tournament Rules 2008, rule 4.8), except the "impossible" plays of the amendment
#   proposed to that rule (Tom Keith, 2013): a checker moved backwards, borne off when bearing off
#   is not legal, an opposing checker moved, a hit checker not put on the bar; and a checker put on
#   a point the opponent holds (no board shows it).
# - illegal-moves-rule-as-written: rule 4.8 as written, which names no exception: a backwards move
#   and an early bear-off are condoned too (`CONDONABLE_AS_WRITTEN`); what leaves no board is not.
MODES: tuple[str, ...] = ("legal-moves-only", "illegal-moves-rule", "illegal-moves-rule-as-written")
CONDONES: dict[str, frozenset[str]] = {"illegal-moves-rule-as-written": CONDONABLE_AS_WRITTEN}
LEVEL_NAMES: dict[int, str] = COUNTED_AS
ANSWERS: tuple[str, ...] = ("take", "drop", "beaver", "raccoon")
# How a game ends (a game verdict's `ended_by`; each is a word of the catalogue, `ended_by.<name>`):
# a side bore off every checker, a double was dropped, a resignation, or (plakoto) the mother rule
# decided it on the board, a win or a tie (`Variant.ending`: Plakoto's mother rule).
ENDINGS: tuple[str, ...] = ("bearoff", "drop", "resign", "mother")
BORNE_OFF, DROPPED, RESIGNED, MOTHER_RULE = ENDINGS
# Who plays after each side (`other`, told by a lookup once a roll).
OPPONENTS: dict[Color, Color] = {color: other(color) for color in COLORS}
# An illegal play's error lists the legal plays up to this many (a 1-1 can have over 1,000): enough
# to show the players what was possible; beyond it the count alone is given.
LISTED_PLAYS = 100
# What Board.from_dict raises for a board object that is not one.
_BAD_BOARD = (KeyError, TypeError, ValueError, AttributeError, IndexError)

Json = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Excerpt:
    """Where a transcript that does not start at the beginning of a match starts: the score
    before its first game (players[0] first), optionally the board that game starts from (white =
    players[0]; the first roll is then not an opening roll), and whether that game is the
    Crawford game."""

    score: tuple[int, int]
    position: Mapping[str, Any] | None = None
    crawford: bool = False


@dataclass(slots=True)
class GameState:
    """One game as replayed so far: board, cube, whose turn, a pending offer, and how it ended."""

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
    from_position: bool = False  # the game starts from a stated position, not with an opening roll
    mid_turn: Color | None = None  # who rolled and has not played (a resignation may follow)
    # What the game so far says that its board may not show: the sides that have had a turn, where
    # the variant reads it (long nardy's first turn: `arbitru.engine.variants.History`).
    history: History = NO_HISTORY

    def end(self, ended_by: str, winner: Color | None, points: int | None, result: str | None) -> None:
        """The game is over: how, who won, the points and the result's name."""
        self.over, self.ended_by, self.winner = True, ended_by, winner
        self.points, self.result = points, result


class Referee:
    """Replays one transcript; `verdict()` gives the contract's response dict."""

    def __init__(
        self,
        match: MatchFile,
        rules: Rules | None = None,
        mode: str = "legal-moves-only",
        excerpt: Excerpt | None = None,
        lang: str = "en",
    ) -> None:
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}")
        self.match = match
        self.rules = rules or Rules()
        self.mode = mode
        self.players: tuple[str, str] = (match.players[0], match.players[1])
        self.length: int = int(match.length)
        self.excerpt = excerpt
        self.lang = lang  # the language of the verdict's messages (codes and parameters are the same)
        self.score: list[int] = list(excerpt.score) if excerpt else [0, 0]
        self.crawford_game = bool(excerpt and excerpt.crawford)
        self.games_out: list[Json] = []
        self.condoned: list[Json] = []
        self.match_winner: int | None = None
        self._state: GameState | None = None  # the game being replayed (for the error's position)
        self.stopped: RefereeError | None = None  # the first illegal action, once `verdict()` has run
        # The match's rules; in a rotation (Tavli) each game is played by its own (`game_rules`),
        # and the winner of a game starts the next (`_last_winner`, None after a tie or at the start).
        self.match_rules = self.rules
        self._last_winner: Color | None = None
        self._use_rules(self.rules)

    def _use_rules(self, rules: Rules) -> None:
        """Play the next game by `rules`: what a game reads of them, found once a game, not once a roll."""
        self.rules = rules
        # Whether a board ends the game under these rules (`ending_test`, what `Position.ends_game`
        # and `Position.outcome` ask), asked after every play without a Position method's frame: the
        # outcome is counted only for a board that does (`_outcome`).
        self._ends_game = ending_test(rules)
        # The game, and its reading of a written play.
        self._variant = variant_of(rules)
        self._board_after = written_play_reader(rules)
        # The rules a game's points are counted by: in a match without the Jacoby rule (what
        # `outcome` and `resignation` copy the rules for at every call, `Rules.with_options`).
        self._scoring_rules = rules.with_options(jacoby=False) if self.length else rules

    # -- entry ------------------------------------------------------------------------------------
    def verdict(self) -> Json:
        """Replay everything and return the verdict (valid, games, final score, first error)."""
        error: Json | None = None
        try:
            for index, game in enumerate(self.match.games):
                self._game(index, game)
        except RefereeError as stop:
            self.stopped, error = stop, stop.payload
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
            "finished": self._finished(error),
            "error": error,
            "condoned": self.condoned,
        }

    def _finished(self, error: Json | None) -> bool:
        """Whether the transcript reaches the end of what it records: in a match, a player won it
        (its length reached); in a money session, its last game is over. A file cut short, inside a
        game or between games, is not finished, and its verdict says so however legal its actions."""
        if self.length:
            return self.match_winner is not None
        return error is None and bool(self.games_out) and self.games_out[-1]["ended_by"] is not None

    # -- one game ---------------------------------------------------------------------------------
    def _game(self, index: int, game: Game) -> None:
        self._check_game_start(game)
        if self.match_rules.rotates:
            self._use_rules(game_rules(self.match_rules, game.number))
        self._check_variant(game)
        state = self._start_state(index, game)
        self._state = state
        last_game = index == len(self.match.games) - 1
        finals = self._final_positions(game, last_game)
        # The actions from `result_at` on follow the written result; `_check_not_over` is called
        # only where it can fail, and a roll (nearly every action) goes to `_roll` without `_act`'s
        # frame.
        result_at = game.result.after_action if game.result is not None else len(game.actions)
        for position, action in enumerate(game.actions):
            if position >= result_at or state.over or state.resigned_by is not None:
                self._check_not_over(game, action, position, state)
            if action.kind == ROLL:
                self._roll(game, action, state, position in finals)
            else:
                self._act(game, action, state)
        self._state = None
        self._finish(game, state, last_game=last_game)

    def _check_game_start(self, game: Game) -> None:
        """A game may not follow the match's end, and its header score must be the replayed one."""
        if self.match_winner is not None:
            where = {"line": game.line, "action": f"Game {game.number}"}
            self._fail(
                game,
                None,
                "MATCH_ALREADY_OVER",
                {"game": game.number, "winner": self.players[self.match_winner]},
                where,
            )
        if tuple(game.start_score) != tuple(self.score):
            params: Params = {
                "game": game.number,
                "written_0": game.start_score[0],
                "written_1": game.start_score[1],
                "score_0": self.score[0],
                "score_1": self.score[1],
            }
            where = {"line": game.score_line, "action": self._score_text(game)}
            self._fail(game, None, "SCORE_MISMATCH", params, where, variant="" if self.length else "money")

    def _check_variant(self, game: Game) -> None:
        """A game's stated `variant` (a JSON record's) must be the one its rules play."""
        if game.variant is not None and game.variant != self.rules.variant:
            params: Params = {"game": game.number, "written": game.variant, "variant": self.rules.variant}
            where = {"line": None, "action": f"Game {game.number}"}
            self._fail(game, None, "WRONG_VARIANT", params, where)

    def _start_state(self, index: int, game: Game) -> GameState:
        """The game's state before its first action: the board it starts from; in a rotation, a
        game after one that was won is started by its winner, with no opening roll."""
        start = self.excerpt.position if self.excerpt and index == 0 else None
        board = self._start_board(game) if start is None else self._excerpt_board(game, start)
        stated = start is not None or bool(game.set_position) or game.start_position is not None
        starter = self._last_winner if index and self.match_rules.rotates else None
        return GameState(board, turn=starter, from_position=stated or starter is not None)

    @staticmethod
    def _only_resignations_after(game: Game) -> int:
        """The first position from which only resignations follow (the last action that is not
        one, or -1 when every action is one): found once a game, where looking at every action's
        rest cost time in the square of the game's length."""
        actions = game.actions
        for position in range(len(actions) - 1, -1, -1):  # from the end: a resignation or two at most
            if actions[position].kind != "resign":
                return position
        return -1

    @classmethod
    def _final_positions(cls, game: Game, last_game: bool) -> range:
        """The positions of the final actions: those only resignations follow (or nothing, before
        a result), and the last action of a match that stops in the middle of its last game (no
        result written: a roll there with no play is dice rolled and not yet played, as GNU
        Backgammon writes a session it saved while a game was in progress, `  1) 51: `). That is the
        actions from the last that is no resignation on, the last of all only when a result is
        written or the game is the match's last: a range told once a game, not two calls an action
        (`tests/referee/test_referee_shortcuts.py` holds it to both plain statements)."""
        count = len(game.actions)
        end = count if game.result is not None or last_game else count - 1
        return range(max(cls._only_resignations_after(game), 0), end)

    def _check_not_over(self, game: Game, action: Action, position: int, state: GameState) -> None:
        if game.result is not None and position >= game.result.after_action:
            self._fail(
                game,
                action,
                "ACTION_AFTER_GAME_OVER",
                {"player": self.players[action.player]},
                variant="result",
            )
        if state.over or state.resigned_by is not None:
            params: Params = {
                "game": game.number,
                "ended_by": message(f"ended_by.{state.ended_by or RESIGNED}"),
            }
            self._fail(game, action, "ACTION_AFTER_GAME_OVER", params)

    def _act(self, game: Game, action: Action, state: GameState) -> None:
        """One action other than a roll (`_game` gives a roll to `_roll`), by its kind."""
        if action.kind == "double":
            self._double(game, action, state)
        elif action.kind in ANSWERS:
            self._answer(game, action, state)
        elif action.kind == "resign":
            self._check_resigner(game, action, state)
            state.resigned_by = COLORS[action.player]
            state.resign_level = action.resign_level

    def _check_resigner(self, game: Game, action: Action, state: GameState) -> None:
        """Only the side on roll may resign while its dice are rolled and not played (GNU
        Backgammon's rule): the opponent resigning mid-turn is OUT_OF_TURN. Read where the action
        names who resigned (`marks_resigner`: a record, a `Resigns` marker; OpenGammon's
        `Resigned Game` stands in the winner's column)."""
        if marks_resigner(action) and state.mid_turn is not None and COLORS[action.player] != state.mid_turn:
            params: Params = {"player": self.players[action.player], "turn": self._name(state.mid_turn)}
            self._fail(game, action, "OUT_OF_TURN", params, variant="resign")

    # -- start positions --------------------------------------------------------------------------
    def _start_board(self, game: Game) -> Board:
        if game.set_position:
            return self._set_pos_board(game, game.set_position)
        if game.start_position is not None:
            return self._excerpt_board(game, game.start_position)
        return start_board(self.rules)

    def _set_pos_board(self, game: Game, position: str) -> Board:
        """The board of an XG `; Set Pos=` line."""
        where = {"line": game.set_position_line, "action": f"; Set Pos={position}"}
        try:
            board = board_from_xg(position, self.rules.checkers)
        except ValueError as exc:
            self._fail(game, None, "BAD_START_POSITION", {"reason": str(exc)}, where, variant="set_pos")
        self._check_board(game, board, where)
        return board

    def _excerpt_board(self, game: Game, position: Mapping[str, Any]) -> Board:
        """A stated board (`start_position`, white = players[0])."""
        where = {"line": None, "action": "start_position"}
        self._check_no_pins(game, position, where)
        try:
            board = read_board(position, self.rules)
        except _BAD_BOARD as exc:
            self._fail(
                game, None, "BAD_START_POSITION", {"reason": str(exc)}, where, variant="start_position"
            )
        self._check_board(game, board, where)
        return board

    def _check_no_pins(self, game: Game, position: Mapping[str, Any], where: Json) -> None:
        """A stated board's `pinned` checkers where the variant pins nothing: the error (read without
        pins, they would silently be off the board)."""
        if self._variant.pins:
            return
        for color in COLORS:
            side = position.get(color)
            pinned = side.get("pinned") if isinstance(side, Mapping) else None
            if isinstance(pinned, list) and pinned:  # a list of points (the schemas' checks)
                params: Params = {
                    "player": self._name(color),
                    "points": tuple(pinned),
                    "variant": self.rules.variant,
                }
                self._fail(game, None, "BAD_START_POSITION", params, where, variant="pins")

    def _check_board(self, game: Game, board: Board, where: Json) -> None:
        problems = [say(problem) for problem in self._variant.problems(board, self.rules)]
        if problems:
            self._fail(game, None, "BAD_START_POSITION", {"reason": "; ".join(problems)}, where)

    # -- checker play -----------------------------------------------------------------------------
    def _roll(self, game: Game, action: Action, state: GameState, final: bool) -> None:
        """A roll and its play: whose turn, the opening roll, then the play as written. A play in
        notation (nearly every roll) is read here, not in `_parsed_hops`'s frame, and the board after
        it is read by the movement's reading told once a transcript (`self._board_after`)."""
        assert action.dice is not None
        color = COLORS[action.player]
        if state.offer is not None:
            self._settle_offer_before_roll(game, action, state, color)
        if state.turn != color:  # the opening roll, or a roll out of turn
            self._check_roll_turn(game, action, state, color)
        first, second = action.dice
        dice = (first, second) if first >= second else (second, first)
        if action.play_kind == PLAY:  # nearly every roll: no other kind to tell apart
            try:
                hops: Hops | None = parse_play_marked(action.play_text or "")[0]
            except NotationError as exc:
                self._bad_notation(game, action, exc)
        else:
            hops = self._written_hops(game, action, dice, final)
        if hops is None:
            state.mid_turn = color
            return  # a hidden last play: rolled, then resigned
        verdict = self._board_after(state.board, color, dice, hops, state.history)
        if not isinstance(verdict, Verdict):  # the play is legal: the board after it
            state.board = verdict
        elif action.play_kind == EMPTY and final:
            # rolled, then resigned without playing (gnubg writes this; only resignations follow),
            # or the dice of a game in progress, not yet played
            state.mid_turn = color
            return
        else:
            self._illegal_play(game, action, state, dice, hops, verdict)
        state.turn = OPPONENTS[color]
        if self._variant.reads_history:
            state.history = state.history.after_turn(color)
        if self._ends_game(state.board):
            self._check_bearoff(state)

    def _settle_offer_before_roll(self, game: Game, action: Action, state: GameState, color: Color) -> None:
        """A roll answers a pending beaver (gnubg writes no `Takes` after one); any other offer
        must have been answered."""
        if state.offer is None:
            return
        kind, by = state.offer
        if kind == "beaver" and by != color:
            self._settle_take(state)
            return
        params: Params = {"player": self.players[action.player], "offer": kind, "doubler": self._name(by)}
        self._fail(game, action, "DOUBLE_NOT_ANSWERED", params, variant="roll")

    def _check_roll_turn(self, game: Game, action: Action, state: GameState, color: Color) -> None:
        """Anyone may make the first roll (an opening roll is never a doublet where the rules say
        so; `_roll` passes the turn on once it is played); any later roll must be by the player on
        turn."""
        assert action.dice is not None
        name = self.players[action.player]
        if state.turn is None:
            high, low = action.dice
            if high == low and opening_roll_is_never_a_double(self.rules) and not state.from_position:
                self._fail(game, action, "OPENING_ROLL_DOUBLET", {"high": high, "low": low})
        elif color != state.turn:
            params: Params = {"player": name, "turn": self._name(state.turn)}
            self._fail(game, action, "OUT_OF_TURN", params, variant="roll")

    def _written_hops(self, game: Game, action: Action, dice: tuple[int, int], final: bool) -> Hops | None:
        """The hops of a play that is not plain notation (`_roll` reads that itself): none for an empty
        play or "cannot move", None for a hidden last play; hit marks are not read."""
        kind = action.play_kind
        if kind in (EMPTY, CANNOT_MOVE):
            return ()
        name = self.players[action.player]
        if kind == HIDDEN:
            if final:
                return None
            self._fail(game, action, "HIDDEN_PLAY", {"player": name, "play": action.play_text or ""})
        if kind == ILLEGAL_MARKER:
            self._fail(game, action, "ILLEGAL_PLAY_MARKED", {"high": dice[0], "low": dice[1], "player": name})
        return self._parsed_hops(game, action)

    def _parsed_hops(self, game: Game, action: Action) -> Hops:
        """The hops of a play written in notation (BAD_NOTATION when it cannot be read)."""
        try:
            hops, _ = parse_play_marked(action.play_text or "")
        except NotationError as exc:
            self._bad_notation(game, action, exc)
        return hops

    def _bad_notation(self, game: Game, action: Action, exc: NotationError) -> NoReturn:
        reason = render(exc.message_key, exc.params, self.lang)
        self._fail(game, action, "BAD_NOTATION", {"player": self.players[action.player], "reason": reason})

    def _illegal_play(
        self,
        game: Game,
        action: Action,
        state: GameState,
        dice: tuple[int, int],
        hops: Hops,
        verdict: Verdict,
    ) -> None:
        """An illegal play: the error (legal-moves-only), or condoned and played as written
        (illegal-moves-rule) unless it is impossible."""
        color = COLORS[action.player]
        assert verdict.code is not None  # an illegal verdict names its rule
        code, quoted = verdict.code, reasons(verdict)
        if not hops:  # nothing written is illegal only where a play exists
            variant = "nothing" if action.play_kind == EMPTY else "cannot_move"
            example = legal_plays(state.board, color, dice, self.rules, state.history)[0].notation
            params: Params = {
                "player": self.players[action.player],
                "high": dice[0],
                "low": dice[1],
                "example": example,
            }
            key = f"referee.{code}.{variant}"
        else:
            params, key = {"action": action.raw, "reason": quoted["en"]}, "referee.play"
        if self.mode == "legal-moves-only" or not self._variant.condones_illegal_plays:
            # Condoning replays the play as written, which only the backgammon family's literal
            # replay does: in Long Nardy and Plakoto every incorrect play is the error
            # (docs/variants.md).
            self._raise(game, action, code, key, params, reasons=quoted)
        board, impossible = apply_literally(state.board, color, hops, CONDONES.get(self.mode, frozenset()))
        if impossible is not None:
            found, found_params = impossible
            self._raise(
                game, action, found, f"referee.impossible.{found}", {"action": action.raw, **found_params}
            )
        assert board is not None
        said = {**params, "reason": quoted.get(self.lang, quoted["en"])} if "reason" in params else params
        condoned = {"code": code, "message": render(key, said, self.lang)}
        self.condoned.append(self._where(game, action) | condoned)
        state.board = board

    def _check_bearoff(self, state: GameState) -> None:
        """The play just made ended the game (`_ends_game`): how, with the cube and Jacoby. A side
        that bore off every checker won; else the mother rule decided it (a win, or a tie: no
        winner, 0 points and no result, as `outcome` names it)."""
        verdict = self._outcome(state.board, state.cube)
        if verdict.game_over:
            winner = verdict.winner
            borne_off = winner is not None and state.board.side(winner)[OFF] == self.rules.checkers
            state.end(BORNE_OFF if borne_off else MOTHER_RULE, winner, verdict.points, verdict.result)

    def _outcome(self, board: Board, cube: Cube) -> Outcome:
        """`Position(board, cube=cube, match=Match(self.length), rules=self.rules).outcome()`, told
        without building the Position and, in a match, without copying the rules at every game
        (`self._scoring_rules`: Jacoby off): `tests/referee/test_referee_shortcuts.py` holds it to
        the Position's."""
        return outcome(board, self._scoring_rules, cube.value, None, cube.owner == CENTERED)

    # -- cube -------------------------------------------------------------------------------------
    def _double(self, game: Game, action: Action, state: GameState) -> None:
        color = COLORS[action.player]
        name = self.players[action.player]
        if state.offer is not None:
            params: Params = {"player": name, "offer": state.offer[0], "doubler": self._name(state.offer[1])}
            self._fail(game, action, "DOUBLE_NOT_ANSWERED", params, variant="double")
        if state.turn is None:
            self._fail(game, action, "OUT_OF_TURN", {"player": name}, variant="before_opening")
        if color != state.turn:
            self._fail(
                game,
                action,
                "OUT_OF_TURN",
                {"player": name, "turn": self._name(state.turn)},
                variant="double",
            )
        verdict = self._cube("double", color, state.cube)
        if not verdict.legal:
            assert verdict.code is not None  # a refusal names its rule
            quoted = reasons(verdict)
            params = {"player": name, "reason": quoted["en"]}
            self._raise(game, action, verdict.code, "referee.cube.double", params, reasons=quoted)
        if action.cube_value is not None and action.cube_value != state.cube.value * 2:
            params = {
                "cube": state.cube.value,
                "expected": state.cube.value * 2,
                "written": action.cube_value,
            }
            self._fail(game, action, "CUBE_VALUE_MISMATCH", params, variant="double")
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

    def _answer(self, game: Game, action: Action, state: GameState) -> None:
        """A take, drop, beaver or raccoon: it answers the pending offer, by the other player."""
        name = self.players[action.player]
        if state.offer is None:
            self._fail(game, action, "NO_DOUBLE_TO_ANSWER", {"player": name, "answer": action.kind})
        kind, by = state.offer
        if COLORS[action.player] == by:
            self._fail(game, action, "OUT_OF_TURN", {"player": name, "offer": kind}, variant="own_offer")
        assert state.turn is not None
        assert state.cube_before_offer is not None
        verdict = self._cube(action.kind, state.turn, state.cube_before_offer, kind)
        if not verdict.legal:
            assert verdict.code is not None  # a refusal names its rule
            quoted = reasons(verdict)
            params: Params = {"player": name, "answer": action.kind, "reason": quoted["en"]}
            self._raise(game, action, verdict.code, "referee.cube.answer", params, reasons=quoted)
        if action.kind in ("beaver", "raccoon"):
            self._redouble(game, action, state, verdict)
        elif action.kind == "take":
            assert verdict.cube is not None
            state.cube, state.offer = verdict.cube, None
        else:
            self._drop(state, verdict)

    def _redouble(self, game: Game, action: Action, state: GameState, verdict: CubeVerdict) -> None:
        """A beaver or raccoon: a new offer, by the answerer, at the value written."""
        assert verdict.offer is not None
        if action.cube_value is not None and action.cube_value != verdict.offer.value:
            params: Params = {
                "answer": action.kind,
                "expected": verdict.offer.value,
                "written": action.cube_value,
            }
            self._fail(game, action, "CUBE_VALUE_MISMATCH", params, variant="answer")
        state.offer = (action.kind, COLORS[action.player])

    @staticmethod
    def _drop(state: GameState, verdict: CubeVerdict) -> None:
        """A drop ends the game: the doubler wins the cube's value before the double."""
        assert verdict.cube is not None
        assert verdict.points is not None
        state.cube, state.offer = verdict.cube, None
        state.end(DROPPED, verdict.winner, verdict.points, "single")

    def _settle_take(self, state: GameState) -> None:
        """The pending beaver taken: always legal, the cube rules refusing a take for exactly what
        would have refused the beaver."""
        assert state.offer is not None
        assert state.turn is not None
        assert state.cube_before_offer is not None
        verdict = self._cube("take", state.turn, state.cube_before_offer, state.offer[0])
        assert verdict.cube is not None
        state.cube, state.offer = verdict.cube, None

    # -- end of a game ----------------------------------------------------------------------------
    def _finish(self, game: Game, state: GameState, last_game: bool) -> None:
        """The game's end: its result (on the board, by a drop or a resignation) checked against
        the `Wins` line, then the match score."""
        self._implied_drop(game, state)
        result = game.result
        if state.over:
            assert state.points is not None
            capped = result is not None and self._check_declared(game, result, state.winner, state.points)
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
            self._unfinished(game)
        self._score(game, state, capped)

    def _implied_drop(self, game: Game, state: GameState) -> None:
        """`Doubles => 2` then `Wins 1 point` with no `Drops` written: a drop (of a legal offer, so
        a legal drop; a game with an offer pending is not over yet)."""
        result = game.result
        if state.offer is None or result is None:
            return
        kind, by = state.offer
        if COLORS[result.winner] != by:
            return
        assert state.turn is not None
        assert state.cube_before_offer is not None
        self._drop(state, self._cube("drop", state.turn, state.cube_before_offer, kind))

    def _unfinished(self, game: Game) -> NoReturn:
        where = game.actions[-1] if game.actions else None
        # With an action to point at, the error names it by its move and player, not a line.
        override = (
            {"line": None, "action": None} if where else {"line": game.line, "action": f"Game {game.number}"}
        )
        self._fail(game, where, "GAME_NOT_FINISHED", {"game": game.number}, override)

    def _score(self, game: Game, state: GameState, capped: bool) -> None:
        """The game's points added to the score; in a match, whether it won the match and whether
        the next game is the Crawford game. A tie (no winner) adds nothing and leaves the match as it
        was, the next game the Crawford game when this one was (`Position.match_after`: the score
        unchanged)."""
        assert state.points is not None
        entry = self._game_entry(game, state, capped)
        self._last_winner = state.winner
        if state.winner is None:
            self.games_out.append(entry)
            return
        winner = COLORS.index(state.winner)
        before = (self.score[0], self.score[1])
        self.score[winner] += state.points
        if self.length:
            scored = score_game(
                Match(self.length, before, self.crawford_game), state.winner, state.points, self.rules
            )
            if scored.over:
                self.match_winner = winner
            self.crawford_game = bool(scored.crawford_next)
        self.games_out.append(entry)
        if game.result is not None and game.result.and_the_match and self.match_winner is None:
            self._match_not_over(game, game.result)

    def _match_not_over(self, game: Game, result: Result) -> NoReturn:
        params: Params = {
            "written": result.raw,
            "score_0": self.score[0],
            "score_1": self.score[1],
            "length": self.length,
        }
        self._fail(
            game,
            None,
            "MATCH_NOT_OVER",
            params,
            self._result_where(result),
            variant="" if self.length else "money",
        )

    def _tie_declared(self, game: Game, result: Result) -> NoReturn:
        """A `Wins` line (a record's `result`) for a game the mother rule ended in a tie."""
        params: Params = {"declared": self.players[result.winner], "game": game.number}
        self._fail(game, None, "WRONG_WINNER", params, self._result_where(result), variant="tie")

    def _result_where(self, result: Result) -> Json:
        """Where a `Wins` line stands, for an error about it."""
        return {
            "line": result.line,
            "action": result.raw,
            "player": self.players[result.winner],
            "move": result.move_number,
        }

    def _needed(self, winner: Color) -> int | None:
        """What `winner` still needed to win the match (None in a money session)."""
        return self.length - self.score[COLORS.index(winner)] if self.length else None

    def _check_declared(self, game: Game, result: Result, winner: Color | None, points: int) -> bool:
        """Compare a `Wins N` line with the replayed winner and points; True when the points are
        capped. No winner (a tie by the mother rule) has no `Wins` line."""
        if winner is None:
            self._tie_declared(game, result)
        where = self._result_where(result)
        if COLORS[result.winner] != winner:
            params: Params = {
                "declared": self.players[result.winner],
                "game": game.number,
                "winner": self._name(winner),
            }
            self._fail(game, None, "WRONG_WINNER", params, where)
        if result.points is None or result.points == points:
            return False
        needed = self._needed(winner)
        if needed is not None and result.points == needed and points > needed:
            return True
        params = {"declared": result.points, "game": game.number, "points": points}
        capped = needed is not None and points > needed  # only then is a smaller count a cap
        if needed is not None and capped:
            params |= {"needed": needed, "winner": self._name(winner)}
        self._fail(game, None, "WRONG_POINTS", params, where, variant="needed" if capped else "")

    # -- resignation ------------------------------------------------------------------------------
    def _resignation(self, game: Game, state: GameState) -> None:
        """A game that ends neither on the board nor by a drop: a resignation (marked or not)."""
        result = game.result
        if result is not None:
            # The `Wins` line names the winner. A marker's column is not trusted: `Resigns` stands in
            # the resigner's column, OpenGammon's `Resigned Game` in the winner's. Where the action
            # names who resigned (`marks_resigner`), an accepted resignation gives the game to the
            # other side (gnubg's CommandAgree): the resigner named as winner is WRONG_WINNER.
            winner = COLORS[result.winner]
            resigner = next((a for a in reversed(game.actions) if a.kind == "resign"), None)
            if resigner is not None and marks_resigner(resigner) and COLORS[resigner.player] == winner:
                params: Params = {
                    "declared": self.players[result.winner],
                    "game": game.number,
                    "winner": self.players[1 - resigner.player],
                }
                self._fail(game, None, "WRONG_WINNER", params, self._result_where(result), variant="resigner")
        else:
            assert state.resigned_by is not None
            winner = other(state.resigned_by)
        values = self._resignation_values(state, winner)
        level, points = self._resigned_for(game, state, winner, values)
        state.end(RESIGNED, winner, points, LEVEL_NAMES[level])

    def _resignation_values(self, state: GameState, winner: Color) -> list[tuple[int, int]]:
        """(level, points) of each resignation the game may have ended by: the level marked, or
        else single, gammon and backgammon."""
        centred = state.cube.owner == "centered"
        levels = (state.resign_level,) if state.resign_level else (1, 2, 3)
        values: list[tuple[int, int]] = []
        for level in levels:
            for cube_centred in (centred, False):  # the rules' count, then gnubg's (cube x level)
                name, loser, cube = LEVEL_NAMES[level], other(winner), state.cube.value
                accepted = self._resigned(name, loser, cube, cube_centred)
                assert accepted.points is not None
                if (level, accepted.points) not in values:
                    values.append((level, accepted.points))
        return values

    def _resigned(self, level: str, resigner: Color, cube: int, cube_centred: bool) -> Outcome:
        """`resignation(level, resigner, self.rules, cube, self.length > 0, cube_centred)`, without
        copying the rules at every call in a match (`self._scoring_rules`: Jacoby off):
        `tests/referee/test_referee_shortcuts.py` holds it to the plain call."""
        return resignation(level, resigner, self._scoring_rules, cube, False, cube_centred)

    def _resigned_for(
        self, game: Game, state: GameState, winner: Color, values: list[tuple[int, int]]
    ) -> tuple[int, int]:
        """The resignation the `Wins` line's points name (or the first when it names none), points
        capped at what the winner needed included."""
        result = game.result
        if result is None or result.points is None:
            return values[0]
        declared = result.points
        for level, points in values:
            if points == declared:
                return level, points
        needed = self._needed(winner)
        if needed is not None and declared == needed:
            for level, points in values:
                if points > declared:
                    return level, points
        possible = tuple(sorted({points for _, points in values}))  # said as "2, 4 or 6"
        params: Params = {"cube": state.cube.value, "possible": possible, "declared": declared}
        capped = needed is not None and possible[-1] > needed  # only then could a count be capped
        if needed is not None and capped:
            params |= {"needed": needed, "winner": self._name(winner)}
        variant = "resignation_needed" if capped else "resignation"
        self._fail(game, None, "WRONG_POINTS", params, self._result_where(result), variant=variant)

    # -- verdict pieces ---------------------------------------------------------------------------
    def _game_entry(self, game: Game, state: GameState, capped: bool) -> Json:
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

    def _name(self, color: Color) -> str:
        return self.players[COLORS.index(color)]

    def _score_text(self, game: Game) -> str:
        return f"{self.players[0]} : {game.start_score[0]}    {self.players[1]} : {game.start_score[1]}"

    def _where(self, game: Game, action: Action | None) -> Json:
        return {
            "game": game.number,
            "move": action.move_number if action else None,
            "player": self.players[action.player] if action else None,
            "line": action.line if action else None,
            "action": action.raw if action else None,
        }

    # -- errors -----------------------------------------------------------------------------------
    def _fail(
        self,
        game: Game,
        action: Action | None,
        code: str,
        params: Params,
        where: Json | None = None,
        variant: str = "",
    ) -> NoReturn:
        """Stop with `code`, its text `referee.<code>[.<variant>]` and `params`."""
        key = f"referee.{code}.{variant}" if variant else f"referee.{code}"
        self._raise(game, action, code, key, params, where)

    def _raise(
        self,
        game: Game,
        action: Action | None,
        code: str,
        key: str,
        params: Params,
        where: Json | None = None,
        reasons: Mapping[str, str] | None = None,
    ) -> NoReturn:
        """Stop with `code`: the error's payload (where, the position, the message in `self.lang`)."""
        payload = self._where(game, action)
        payload.update(where or {})
        payload["code"] = code
        error = RefereeError(code, key, params, payload, reasons)
        payload["message"] = error.message(self.lang)
        if action is not None and self._state is not None:
            payload.update(self._position(action, self._state))
        raise error

    def _position(self, action: Action, state: GameState) -> Json:
        """Where an illegal action was played: the board before it, who acted, the dice, cube and
        match, and for a roll the legal plays there (listed up to LISTED_PLAYS, always counted)."""
        color = COLORS[action.player]
        dice = (max(action.dice), min(action.dice)) if action.dice is not None else None  # a roll's
        position: Json = {
            "board": self._variant.board_json(state.board),
            "turn": color,
            "dice": list(dice) if dice else None,
            "cube": state.cube.to_dict(),
            "match": Match(self.length, (self.score[0], self.score[1]), self.crawford_game).to_dict(),
        }
        if self._variant.reads_history:
            position["first_turn"] = self._variant.first_turn(state.board, state.history)
        found: Json = {"position": position}
        if dice is not None and not self._variant.problems(state.board, self.rules):
            plays = legal_plays(state.board, color, dice, self.rules, state.history)
            found["legal_play_count"] = len(plays)
            if len(plays) <= LISTED_PLAYS:
                found["legal_plays"] = [play.notation for play in plays]
        return found


def _verdict_of(referee: Callable[_Options, Referee]) -> Callable[_Options, Json]:
    """A function taking what `referee` takes and answering its verdict."""

    def verify(*args: _Options.args, **kwargs: _Options.kwargs) -> Json:
        """Referee a whole transcript (or an excerpt), given what `Referee` is given: the contract's
        /v1/matches/verify verdict as a dict, its messages in `lang` (English or Romanian; codes do
        not change with the language). Within the work limit of one transcript (`limits.MAX_WORK`, counted:
        the service, the command line and the library stop at the same place; a caller's own
        budget, if it holds one), past which it raises `arbitru.engine.budget.WorkLimitExceeded`."""
        with outer_budget(limits.MAX_WORK):
            return referee(*args, **kwargs).verdict()

    return verify


verify = _verdict_of(Referee)
