"""A position with its game context, answering whole questions (python-chess's `Board.outcome()` is
the model: one place decides).

    from arbitru.engine.position import Position
    position = Position(Board.initial(), "white", (3, 1))
    for play in position.plays():
        print(play.notation, position.outcome(play.board))

A `Position` is the board, the side on roll and its dice, the cube, the match and the rules. It
lists its legal plays, judges a proposed play, and gives the outcome of its board (or of the board
after one of its plays) with the Jacoby rule and the match applied inside: no caller applies
"Jacoby only in money play" or works out whether the game is over itself (`ends_game` asks
`arbitru.engine.outcome.game_over`, the one decision). A request's whole question is one call:
`read_position` (a request's fields read into a position and its problems: `Board(fen)` with its
`status()`), `plays_with_outcomes` (the plays with where each leaves the game), `ruling` (a verdict with the
same), `build_turn` (a turn made one checker at a time, with the same), `standing` (an outcome with
the match after it), `problems` (why a position cannot occur).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from operator import attrgetter
from typing import TYPE_CHECKING, Any, NamedTuple, NoReturn

from arbitru.engine.board import BAR, OFF, Board, Color, Problem, other, problem
from arbitru.engine.cube import CENTERED, INITIAL_CUBE, Cube
from arbitru.engine.judge import judge_play
from arbitru.engine.match import Match, MatchScore, context_problems, score_game, unfinished
from arbitru.engine.moves import legal_plays
from arbitru.engine.notation import parse_play_marked
from arbitru.engine.outcome import NOT_OVER, Outcome, endings, game_over, outcome, resignation
from arbitru.engine.play import Play
from arbitru.engine.rules import STANDARD, Rules, build_rules
from arbitru.engine.variants import NO_HISTORY, History, Variant, start_board, variant_of
from arbitru.engine.verdict import Hop, Verdict

if TYPE_CHECKING:
    from arbitru.engine.turn import HopSpec, TurnState

Dice = tuple[int, int]

MONEY_GAME = Match()


@dataclass(frozen=True, slots=True)
class Position:
    """A board with the side on roll, its dice, the cube, the match (length 0: money) and the rules."""

    board: Board
    turn: Color | None = None
    dice: Dice | None = None
    cube: Cube = INITIAL_CUBE
    match: Match = MONEY_GAME
    rules: Rules = STANDARD
    # What the game so far says that the board may not show (`variants.History`: long nardy's sides
    # whose first turn is over); `first_turn` answers it, the board's part included.
    history: History = NO_HISTORY
    # The game its rules play (`arbitru.engine.variants`): what every layer asks of the game (its
    # board's JSON form, whether checkers are hit or pinned, its capabilities). Looked up once, when
    # the position is made.
    variant: Variant = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "variant", variant_of(self.rules))

    @classmethod
    def initial(
        cls, rules: Rules = STANDARD, turn: Color | None = None, dice: Dice | None = None
    ) -> Position:
        """The starting position of the variant in `rules` (in a match of the rules' length)."""
        return cls(start_board(rules), turn, dice, match=Match(rules.match_length), rules=rules)

    def plays(self, dice: Dice | None = None) -> list[Play]:
        """Every legal play of the side on roll with `dice` (default: this position's dice) as the
        variant of this position's rules moves, one per distinct resulting board. A board with
        pinned checkers in a variant that pins none is a ValueError (`_refuse_pins`)."""
        dice = self.dice if dice is None else dice
        assert self.turn is not None and dice is not None, "plays need a side on roll and dice"
        if len(self.board.white) > self.variant.slots:
            self._refuse_pins()
        return legal_plays(self.board, self.turn, dice, self.rules, self.history)

    def _refuse_pins(self) -> NoReturn:
        """A ValueError: this board has the 50 slots of a variant that pins (`Board.from_dict` of a
        dict with `pinned`), and this position's variant does not pin: its plays would drop the
        pinned checkers (`problems()` names them: `board.no_pins`)."""
        raise ValueError(
            f"a board with pinned checkers (sides of {len(self.board.white)} slots) in a game of "
            f"{self.rules.variant}, where nothing is pinned: {self.problems()}"
        )

    def judge(self, play: str | Sequence[Hop], marked_hits: Sequence[int] | None = None) -> Verdict:
        """The ruling on a proposed play: written in standard notation (`"8/5 6/5"`; a `*` marks a
        hit; NotationError when it cannot be read), or as hops with the points it marks as hits,
        by the rules of this position's variant."""
        assert self.turn is not None and self.dice is not None, "a play needs a side on roll and dice"
        if len(self.board.white) > self.variant.slots:
            self._refuse_pins()
        if isinstance(play, str):
            hops, marked = parse_play_marked(play)
            return judge_play(self.board, self.turn, self.dice, hops, marked, self.rules, self.history)
        return judge_play(self.board, self.turn, self.dice, play, marked_hits, self.rules, self.history)

    def after(self, play: Play) -> Position:
        """The position once `play` is played: its board, the opponent on roll, no dice yet (same
        cube, match and rules; the mover's turn in its history). `play` must be one of this
        position's plays."""
        assert play.turn == self.turn, "a play of the side on roll"
        history = self.history_after()
        return replace(self, board=play.board, turn=other(play.turn), dice=None, history=history)

    def history_after(self) -> History:
        """The game's history once the side on roll has played (where its variant reads one)."""
        assert self.turn is not None, "a side on roll"
        return self.history.after_turn(self.turn) if self.variant.reads_history else self.history

    def first_turn(self, board: Board | None = None, history: History | None = None) -> dict[Color, bool]:
        """Whether each side's next turn is its first (`Variant.first_turn`), on `board` (this one by
        default) with `history` (this one's): the position's JSON `first_turn`."""
        return self.variant.first_turn(board or self.board, self.history if history is None else history)

    def first_turn_after(self) -> dict[Color, bool] | None:
        """The `first_turn` of every position after a play of the side on roll (the mover's first turn
        is then over, the opponent's as it was: the same whatever the play); None where the variant
        reads no history."""
        if not self.variant.reads_history:
            return None
        return self.first_turn(history=self.history_after())

    def __str__(self) -> str:
        """The board's diagram, then who is on roll with which dice, the cube and the match."""
        roll = f" to play {self.dice[0]}-{self.dice[1]}" if self.dice else " on roll" if self.turn else ""
        match = (
            "money game"
            if self.match.is_money
            else "match to {} at {}-{}".format(self.match.length, *self.match.score)
        )
        return (
            f"{self.board}\n{self.turn or 'nobody'}{roll}; cube {self.cube.value} {self.cube.owner}; {match}"
        )

    def ends_game(self, board: Board | None = None) -> bool:
        """Whether the game is over on `board` (default: this position's): a side has borne off every
        checker, or a variant's own ending (plakoto's mother rule) has come (`outcome.game_over`)."""
        return game_over(self.board if board is None else board, self.rules)

    def outcome(self, board: Board | None = None) -> Outcome:
        """The game-over verdict of `board` (default: this position's) in this context: the result
        counted as the rules count it, the Jacoby rule in money play only while the cube is centred,
        points = multiplier x cube value (`NOT_OVER` while the game goes on)."""
        return outcome(self.board if board is None else board, *self._scoring())

    def _scoring(self) -> tuple[Rules, int, bool | None, bool]:
        """`arbitru.engine.outcome.outcome`'s arguments after the board in this context: the rules,
        the cube's value, Jacoby off in a match (None: as the rules say), whether the cube is centred."""
        jacoby = None if self.match.is_money else False
        return self.rules, self.cube.value, jacoby, self.cube.owner == CENTERED

    def match_after(self, verdict: Outcome) -> MatchScore | None:
        """A verdict's effect on the match (None in a money game; the score unchanged while the game
        goes on)."""
        if self.match.is_money:
            return None
        if not verdict.game_over or verdict.winner is None or verdict.points is None:
            return unfinished(self.match)
        return score_game(self.match, verdict.winner, verdict.points, self.rules)

    def standing(self, board: Board | None = None) -> Standing:
        """Where `board` (default: this position's) leaves the game: its outcome and, in a match,
        the match after it (the score unchanged while the game goes on); what /v1/outcome answers."""
        verdict = self.outcome(board)
        return Standing(verdict, self.match_after(verdict))

    def problems(self) -> list[Problem]:
        """Every reason this board, with this side on roll, cannot occur in a game, all at once: the
        board's own (`Board.problems`), then a side on roll in a game somebody has won (`game_over`
        decides it is over): a side that bore off every checker, or an ending of the variant's own
        (plakoto's mother rule: a win or a tie). The cube and match are checked apart
        (`match.context_problems`)."""
        found = self.variant.problems(self.board, self.rules)
        if found or self.turn is None or not game_over(self.board, self.rules):
            return found
        winner, checkers = self.outcome().winner, self.rules.checkers
        if winner is not None and self.board.side(winner)[OFF] == checkers:
            where = f"board.{winner}.off"
            return [
                problem(where, "problem.game_over_on_roll", color=winner, checkers=checkers, turn=self.turn)
            ]
        return [problem("board", "problem.game_decided_on_roll", turn=self.turn)]

    def plays_with_outcomes(self) -> PlaysAnswer:
        """/v1/moves' whole question in one call: every legal play (`plays`) with where it leaves the
        game, so whoever shows the answer asks nothing more.

        Only the plays that end the game are scored (`endings`, by index; `standing` of their
        board): the rest share `GOING_ON`, with no match block (the score stands), so an answer
        costs one game-over decision for the whole list (`outcome.endings`) and no object per play."""
        plays = self.plays()
        first_turn = self.first_turn_after()
        ending = endings(map(attrgetter("board"), plays), self.rules) if self._may_end() else ()
        if not ending:
            return PlaysAnswer(self, plays, {}, first_turn)
        scoring = self._scoring()
        scored = {index: self._left_by(outcome(plays[index].board, *scoring)) for index in ending}
        return PlaysAnswer(self, plays, scored, first_turn)

    def _may_end(self) -> bool:
        """Whether a play of this roll can end the game, as far as one look at the board tells:
        always where the variant's own rule can end it (plakoto's mother rule ends a game anywhere) or the
        opponent has borne off every checker already; else only if no checker of the mover's
        stands farther from off than the roll moves in all (the dice's total, four times the die
        for doubles): such a checker cannot be borne off this turn, and a play moves the
        opponent's checkers only back (a hit). Asked before `endings`: most rolls are far from the
        end, and their answer then takes no step per play."""
        assert self.turn is not None and self.dice is not None
        (high, low), board = self.dice, self.board
        if self.variant.ends_early or board.side(other(self.turn))[OFF] == self.rules.checkers:
            return True
        reach = 4 * high if high == low else high + low
        return not any(board.side(self.turn)[reach + 1 : BAR + 1])  # points past reach, the bar

    def ruling(self, play: str | Sequence[Hop], marked_hits: Sequence[int] | None = None) -> Ruling:
        """/v1/play's whole question in one call: the verdict on a proposed play (as `judge` takes
        it) with where a legal play leaves the game (`GOING_ON` for an illegal one)."""
        verdict = self.judge(play, marked_hits)
        if not verdict.legal or verdict.play is None:
            return Ruling(verdict, GOING_ON)
        return Ruling(verdict, self._left_by(self.outcome(verdict.play.board)))

    def build_turn(self, hops: Sequence[HopSpec] = ()) -> tuple[TurnState, Standing]:
        """/v1/turn's whole question in one call: the turn after `hops` made one checker at a time
        (`arbitru.engine.turn.build_turn`: each `(from, to, die)`, the die None where the hops tell
        it), and where its play leaves the game once the hops are a whole play (`GOING_ON` before).

            >>> from arbitru import Position
            >>> turn, _ = Position.initial(turn="white", dice=(6, 5)).build_turn([(24, 18, None)])
            >>> turn.dice_left, sorted({(h.from_point, h.to_point) for h in turn.next})[:3]
            ((5,), [(8, 3), (13, 8), (18, 13)])
        """
        from arbitru.engine.turn import build_turn  # it builds on this module's engine, not on it

        assert self.turn is not None and self.dice is not None, "a turn needs a side on roll and dice"
        if len(self.board.white) > self.variant.slots:
            self._refuse_pins()
        state = build_turn(self.board, self.turn, self.dice, hops, self.rules, self.history)
        if state.play is None:
            return state, GOING_ON
        return state, self._left_by(self.outcome(state.play.board))

    def _left_by(self, verdict: Outcome) -> Standing:
        """Where a play whose board has `verdict` leaves the game: `GOING_ON` while the game goes on
        (a play's answer gives no match block then), else the verdict with the match after it."""
        return Standing(verdict, self.match_after(verdict)) if verdict.game_over else GOING_ON

    def resignation(self, level: str, resigner: Color) -> Outcome:
        """What accepting `resigner`'s resignation at `level` scores in this context."""
        rules, value, _, centred = self._scoring()
        return resignation(level, resigner, rules, value, not self.match.is_money, centred)


class Standing(NamedTuple):
    """Where a board leaves the game in its position's context: the outcome (the Jacoby rule and the
    match applied) and, in a match, the match block after it (None in a money game)."""

    outcome: Outcome
    match: MatchScore | None


GOING_ON = Standing(NOT_OVER, None)  # a play after which the game goes on: the answer says no more


class PlaysAnswer(NamedTuple):
    """A position's legal plays with where each leaves the game: `endings` holds the standing of
    each play that ends it, by its index in `plays`; every other play stands at `GOING_ON`.
    `first_turn` is the `first_turn` after every play (`Position.first_turn_after`)."""

    position: Position
    plays: list[Play]
    endings: dict[int, Standing]
    first_turn: dict[Color, bool] | None = None

    def standings(self) -> list[Standing]:
        """Every play's standing, in the order of `plays`."""
        return [self.endings.get(index, GOING_ON) for index in range(len(self.plays))]


class Ruling(NamedTuple):
    """The verdict on a proposed play and where the play leaves the game (`GOING_ON` unless it is
    legal and ends it)."""

    verdict: Verdict
    standing: Standing


Context = tuple[Rules, Cube, Match]


class Reading(NamedTuple):
    """A position read from a request's fields in one call (`read_position`): python-chess's
    `Board(fen)` with its `status()`. `position` is None when the fields' rules, cube or match have
    problems (then `problems` are theirs) or when they give no board; `unreachable` says the
    problems are the board's (a position no game reaches: `Position.problems`)."""

    position: Position | None
    problems: list[Problem]
    context: Context
    unreachable: bool = False


def read_context(fields: Mapping[str, Any], prefix: str = "rules") -> tuple[Context, list[Problem]]:
    """The rules (a preset and options, their problems named under `prefix`), cube and match of a
    request's fields, with every reason they cannot go together. The default money game is not
    rebuilt for every request."""
    options, cube_data, match_data = fields.get("rules"), fields.get("cube"), fields.get("match")
    if not (options or cube_data or match_data):
        return (STANDARD, INITIAL_CUBE, MONEY_GAME), []  # the common request: nothing to build or check
    rules, problems = build_rules(options, prefix=prefix) if options else (STANDARD, [])
    cube, match = Cube.from_dict(cube_data), Match.from_dict(match_data, rules)
    if not problems and (cube_data or match_data):
        problems = context_problems(cube, match, rules)
    return (rules, cube, match), problems


def read_position(fields: Mapping[str, Any], context: Context | None = None, on_roll: bool = True) -> Reading:
    """The position a request's fields describe (`board` read by its game's variant, `rules`, `cube`,
    `match`, and with `on_roll` its `turn` and `dice`), with every reason it cannot occur, in one
    call: the rules' and context's problems first (no position then), else the position's own
    (`Position.problems`: with a side on roll, also a game already over). `context`, when given,
    is the one `read_context` read from these fields already."""
    if context is None:
        context, problems = read_context(fields)
        if problems:
            return Reading(None, problems, context)
    if fields.get("board") is None:
        return Reading(None, [], context)
    turn, given = (fields.get("turn"), fields.get("dice")) if on_roll else (None, None)
    dice = (given[0], given[1]) if given is not None else None
    rules, cube, match = context
    variant = variant_of(rules)
    board = variant.read_board(fields["board"], rules)
    history, wrong = variant.read_history(board, fields.get("first_turn"))
    position = Position(board, turn, dice, cube, match, rules, history)
    problems = position.problems() + wrong
    return Reading(position, problems, context, unreachable=bool(problems))
