"""The games Arbitru referees, each one value: a `Variant` (python-chess's `variant.py` is the model).

A variant owns what makes its game: its movement (`arbitru.engine.movement`: how checkers move,
hit or pin), its start, how many checkers, what a win can count (a backgammon or not), its own
endings (Plakoto's mother rule), its reason codes and its rules options, and its capabilities as
named facts (`position_ids`, `condones_illegal_plays`). It answers the questions every layer asks
of a game: the plays of a roll (`plays`), the ruling on a proposed play (`judge`), the board after a
written play (`board_after`), its start board, and its board's JSON form both ways.

The base class states them plainly (`arbitru.engine.plain`, the plain judge
`arbitru.engine.variant_judge`); a family overrides them with its accelerations, which
`tests/engine/test_variant_equivalence.py` holds equal to the plain statement: the backgammon
family (`BackgammonFamily`: `fast_backgammon`, `family_judge`) and the Table family's doubles
(`TableFamily`: `fast_family`). `VARIANTS` is the one registry, by name; `variant_of(rules)` finds the
variant of a game's rules. Every variant's rules and sources: docs/variants.md.

Starting positions, as GNU Backgammon defines them (gnubg.c, InitBoard):
- backgammon: 2 on the 24-point, 5 on 13, 3 on 8, 5 on 6 (15 checkers);
- nackgammon: 2 on 24, 2 on 23, 4 on 13, 3 on 8, 4 on 6 (15 checkers);
- hypergammon with n = 1, 2 or 3 checkers: one checker on each of the points 24, 23, 22, first n;
- long_nardy, plakoto and fevga: all 15 on the side's own 24 (Long Nardy's head; Plakoto's mother
  point; Fevga's start);
  the presets portes and tavla play the backgammon variant and start from its position.
Both sides start on the same points in their own numbering (in long_nardy and fevga, where both move
the same way, white's 24 is black's 12: the two heads face each other across the board).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, NamedTuple, Protocol

from arbitru.engine import budget as _budget
from arbitru.engine import fast_backgammon
from arbitru.engine.board import (
    COLORS,
    PINNED,
    STANDARD_START,
    Board,
    Color,
    Problem,
    hitting_side_to_dict,
    other,
    problem,
    side_to_dict,
)
from arbitru.engine.family_judge import (
    cannot_move,
    judge_family,
    legal_on_its_face,
    single_dice_board,
    whole_dice_double_board,
)
from arbitru.engine.fast_family import SERVED as _FAMILY_DOUBLES
from arbitru.engine.fast_family import doubles_plays
from arbitru.engine.fast_fevga import doubles_plays as fevga_doubles
from arbitru.engine.fevga import FEVGA, FEVGA_START
from arbitru.engine.geometry import Geometry
from arbitru.engine.movement import (
    BACKGAMMON,
    BACKGAMMON_HOME_HIT_STAYS,
    LONG_NARDY,
    LONG_NARDY_EACH_MOVE,
    LONG_NARDY_EACH_MOVE_LATER,
    LONG_NARDY_LATER,
    PLAKOTO,
    Movement,
)
from arbitru.engine.plain import plain_plays
from arbitru.engine.play import Play
from arbitru.engine.variant_judge import judge_variant
from arbitru.engine.verdict import Hop, Verdict, off_board


def _side_without_bar(side: tuple[int, ...]) -> dict[str, Any]:
    return side_to_dict(side, bar=False)


class Options(Protocol):
    """The rules options a variant reads (`arbitru.engine.rules.Rules` has them all)."""

    @property
    def variant(self) -> str: ...
    @property
    def hypergammon_checkers(self) -> int: ...
    @property
    def nardy_block(self) -> str: ...
    @property
    def hit_and_run(self) -> str: ...


class Ending(NamedTuple):
    """A game ended by a variant's own rule before anyone bore off: the winner (None: a tie) and the
    result on the board (None for a tie; scored under the rules by `arbitru.engine.outcome`)."""

    winner: Color | None
    result: str | None


class History(NamedTuple):
    """What a rule reads of the game so far that the board may not show (issue 43): the sides whose
    first turn is over. Long Nardy's head rule lets a side's first turn take two checkers off the
    head with 6-6, 4-4 or 3-3; the board says the first turn is over once a checker has left the
    head, and only this says it when a first turn was wholly blocked. Empty (`NO_HISTORY`): what
    the board shows. Fevga's "the first checker has passed" needs nothing here: the board decides
    it (`arbitru.engine.fevga`). Its JSON form is the position's `first_turn` (`first_turn_json`)."""

    played: frozenset[Color] = frozenset()

    def after_turn(self, turn: Color) -> History:
        """The history once `turn` has had a turn (played, or passed for want of a move)."""
        return self if turn in self.played else History(self.played | {turn})


NO_HISTORY = History()


Listed = tuple[tuple[Play, ...], int]  # a roll's plays and the units of work listing them took
Lister = Callable[[Movement], Sequence[Play]]  # a roll's plays under a movement (cached, charged)


class Variant:
    """A game on the backgammon board, its rules stated plainly. Subclasses name their facts as
    class attributes and override what their game does otherwise (python-chess's variants)."""

    name: ClassVar[str]
    movement: ClassVar[Movement]  # how its checkers move (options may choose another: `movement_for`)
    start: ClassVar[Mapping[int, int]]  # one side's start, point -> checkers, in its own numbering
    checkers: ClassVar[int] = 15
    # The rules options that mean something in some games only, with their values; an option that
    # several games have is their family's (`family`: a problem's code says `only_<family>`).
    options: ClassVar[Mapping[str, tuple[Any, ...]]] = {}
    family: ClassVar[str] = ""
    backgammons: ClassVar[bool] = True  # whether a win can be a backgammon on the board
    position_ids: ClassVar[bool] = False  # GNU ID, XGID, FIBS, .mat and SGF can hold its positions
    # Its name in a .mat's `Variation` tag, as GNU Backgammon writes it (None: none is written), as
    # python-chess's variants name themselves to UCI and XBoard.
    gnubg_variation: ClassVar[str | None] = None
    condones_illegal_plays: ClassVar[bool] = False  # the illegal-moves rule of tournaments applies
    reason_codes: ClassVar[Mapping[str, str]] = {}  # the reasons only this game's judge gives
    # The facts of the game so far its rules read that the board may not show (`History`): the
    # position's JSON then has them (`first_turn`), answered after every play and taken back.
    reads_history: ClassVar[bool] = False

    def __repr__(self) -> str:
        return f"<Variant {self.name}>"

    # -- what the game is -----------------------------------------------------------------------------
    def variation_tag(self, rules: Options) -> str | None:
        """The `Variation` tag of a .mat of a match under `rules` (None: none is written)."""
        return self.gnubg_variation

    def variation_options(self, tag: str) -> dict[str, Any]:
        """The rules options a `Variation` tag naming this game says (`tag` in lower case)."""
        return {"variant": self.name}

    def movement_for(self, rules: Options) -> Movement:
        """The movement of a game of this variant under `rules`' options."""
        return self.movement

    def movement_in(self, rules: Options, board: Board, turn: Color, history: History) -> Movement:
        """The movement of `turn`'s roll on `board` given the game's `history` (`movement_for`
        unless a rule reads the history)."""
        return self.movement_for(rules)

    def first_turn(self, board: Board, history: History) -> dict[Color, bool]:
        """Whether each side's next turn is its first: not once the history says it had one, nor
        once the board shows a checker of it away from its start (`History`)."""
        start = max(self.start, key=self.start.__getitem__)
        return {
            color: color not in history.played and board.side(color)[start] == sum(board.side(color)[:26])
            for color in COLORS
        }

    def read_history(
        self, board: Board, first_turn: Mapping[str, bool] | None, where: str = "first_turn"
    ) -> tuple[History, list[Problem]]:
        """The history a position's JSON `first_turn` gives (absent: what the board shows), and
        every reason it cannot be: given in a game whose rules read none (`only_<the game>`), or a
        side's first turn said to come when its board shows it is over (`first_turn_over`)."""
        if not first_turn:
            return NO_HISTORY, []
        if not self.reads_history:
            readers = [variant.name for variant in VARIANTS.values() if variant.reads_history]
            return NO_HISTORY, [problem(where, f"only_{readers[0]}")]
        shown = self.first_turn(board, NO_HISTORY)
        found = [
            problem(f"{where}.{color}", "first_turn_over", player=color)
            for color, first in first_turn.items()
            if first and not shown[color]  # type: ignore[index]
        ]
        played = frozenset(color for color, first in first_turn.items() if not first)
        return (History(played) if played else NO_HISTORY), found  # type: ignore[arg-type]

    def start_points(self, rules: Options) -> dict[int, int]:
        """Point -> checker count of one side's starting position."""
        return dict(self.start)

    def checkers_in(self, rules: Options) -> int:
        """How many checkers each side owns."""
        return self.checkers

    def ending(self, board: Board) -> Ending | None:
        """A game ended by this variant's own rule before a side bore off every checker (none in
        most games), else None."""
        return None

    @property
    def hits(self) -> bool:
        """Whether a lone checker is hit to the bar (a side's JSON then has `bar`)."""
        return self.movement.hits

    @property
    def pins(self) -> bool:
        """Whether a lone checker is pinned (a side's JSON then has `pinned`)."""
        return self.movement.pins

    @property
    def geometry(self) -> Geometry:
        """How the opponent's numbering of the points falls on the mover's (`arbitru.engine.geometry`)."""
        return self.movement.geometry

    @property
    def slots(self) -> int:
        """How many slots a side of its boards has (`board.PINNED_SLOTS` where checkers are pinned)."""
        return self.movement.slots

    @property
    def ends_early(self) -> bool:
        """Whether `ending` can end a game before a side has borne off (overridden with it)."""
        return type(self).ending is not Variant.ending

    # -- the board and its JSON form ------------------------------------------------------------------
    def start_board(self, rules: Options) -> Board:
        """The starting board of a game under `rules` (nothing pinned yet where the game pins)."""
        return Board.initial(self.start_points(rules), pins=self.movement.pins)

    def read_board(self, data: Mapping[str, Any], rules: Options) -> Board:
        """A board from its JSON form (`Board.from_dict`: its checkers, and its pinned checkers where
        the game pins)."""
        return Board.from_dict(data, self.checkers_in(rules), self.movement.pins)

    def board_json(self, board: Board) -> dict[str, Any]:
        """A board's JSON form (`Board.to_dict`: a bar where the game hits)."""
        return board.to_dict(bar=self.movement.hits)

    @property
    def side_json(self) -> Callable[[tuple[int, ...]], dict[str, Any]]:
        """One side's JSON form in this game (`board.side_to_dict`: a bar where the game hits, in one
        literal then: `hitting_side_to_dict`), for a caller rendering many sides."""
        return hitting_side_to_dict if self.movement.hits else _side_without_bar

    def problems(self, board: Board, rules: Options, prefix: str = "board") -> list[Problem]:
        """Every reason `board` cannot occur in a game of this variant under `rules`."""
        return self.movement.problems(board, self.checkers_in(rules), prefix)

    # -- the rules of a roll --------------------------------------------------------------------------
    def plays(self, board: Board, turn: Color, dice: tuple[int, int], movement: Movement) -> Listed:
        """The legal plays of a roll under `movement` (one per board; a single play of no move when
        nothing can move) and the units of work listing them took (`arbitru.engine.budget`)."""
        counted = [0]
        plays = tuple(plain_plays(board, turn, dice, movement, counted))
        checked = movement.move_rules or movement.play_rules
        price = _budget.PLAIN_CHECKED_STEP if checked else _budget.PLAIN_STEP
        return plays, _budget.LISTING + len(plays) * _budget.PLAY + counted[0] * price

    def judge(
        self,
        board: Board,
        turn: Color,
        dice: tuple[int, int],
        hops: Sequence[Hop],
        marked: Sequence[int],
        movement: Movement,
        listed: Lister,
    ) -> Verdict:
        """The ruling on a proposal (hops whose points are on the board, 0..25) marking `marked` as
        hits (pins), the roll's plays listed by `listed`: legal or not, and the first rule broken."""
        return judge_variant(board, turn, dice, hops, marked, movement, listed(movement))

    def board_after(
        self,
        board: Board,
        turn: Color,
        dice: tuple[int, int],
        hops: Sequence[Hop],
        movement: Movement,
        listed: Lister,
    ) -> Board | Verdict:
        """The board after a written play as the match referee reads it (hit marks not read; a hop
        written past the blot it hit on the way taken as the legal play moving those checkers),
        or the ruling on it when no legal play moves those checkers."""
        verdict = off_board(hops) or self.judge(board, turn, dice, hops, (), movement, listed)
        return verdict.play.board if verdict.play is not None else verdict


# -- the backgammon family ----------------------------------------------------------------------------
class BackgammonFamily(Variant):
    """Backgammon's movement (opposite directions, a lone checker hit to the bar): backgammon,
    nackgammon, hypergammon (the presets portes and tavla play backgammon). Its written plays are
    read as transcripts write them (GNU Backgammon's grouped notation), its positions have IDs, and
    an illegal play may be condoned. Its accelerations serve the movement with no move rule: the
    fast paths of `fast_backgammon`, and the referee's reading of plays legal on their face
    (`family_judge`)."""

    movement = BACKGAMMON
    family = "backgammon_family"
    options: ClassVar[Mapping[str, tuple[Any, ...]]] = {"hit_and_run": ("anywhere", "outside_home")}
    position_ids = True
    condones_illegal_plays = True
    reason_codes: ClassVar[Mapping[str, str]] = {
        "HIT_AND_RUN_IN_HOME": "a checker that hits a blot in the mover's home board stays there for"
        " the rest of the turn (option hit_and_run: outside_home; tavla)",
    }

    def movement_for(self, rules: Options) -> Movement:
        """Backgammon's, with no hit-and-run in the home board under `hit_and_run: "outside_home"`
        (Tavla: `movement.home_hit_and_run_rule`)."""
        return BACKGAMMON if rules.hit_and_run == "anywhere" else BACKGAMMON_HOME_HIT_STAYS

    def plays(self, board: Board, turn: Color, dice: tuple[int, int], movement: Movement) -> Listed:
        if movement is not BACKGAMMON:
            return super().plays(board, turn, dice, movement)
        plays = fast_backgammon.plays(board, turn, dice[0], dice[1])
        return plays, _budget.LISTING + len(plays) * (_budget.PLAY + _budget.FAST_PLAY)

    def judge(
        self,
        board: Board,
        turn: Color,
        dice: tuple[int, int],
        hops: Sequence[Hop],
        marked: Sequence[int],
        movement: Movement,
        listed: Lister,
    ) -> Verdict:
        narrowed = None if movement is BACKGAMMON else (lambda: listed(BACKGAMMON))
        return judge_family(board, turn, dice, hops, marked, listed(movement), narrowed)

    def board_after(
        self,
        board: Board,
        turn: Color,
        dice: tuple[int, int],
        hops: Sequence[Hop],
        movement: Movement,
        listed: Lister,
    ) -> Board | Verdict:
        """A play legal on its face (every die used, each hop played die by die) is told without
        listing every legal play of the roll: the plays of one die a hop first, on the sides alone
        (`single_dice_board`), then the play of no move where no die moves (`cannot_move`), then a
        double's hops of whole dice (`whole_dice_double_board`), then `legal_on_its_face`; the plain
        reading for the rest."""
        if movement is BACKGAMMON:
            commonest = single_dice_board(board, turn, dice, hops)
            if commonest is not None:
                return commonest
            if not hops and cannot_move(board, turn, dice):
                return board
            doubled = whole_dice_double_board(board, turn, dice, hops)
            if doubled is not None:
                return doubled
            plain = legal_on_its_face(board, turn, dice, hops)
            if plain is not None:
                return plain.board
        return super().board_after(board, turn, dice, hops, movement, listed)


class Backgammon(BackgammonFamily):
    """Backgammon: 2-5-3-5."""

    name = "backgammon"
    start = STANDARD_START


class Nackgammon(BackgammonFamily):
    """Nick Ballard's nackgammon: 2 more back checkers."""

    name = "nackgammon"
    start: ClassVar[Mapping[int, int]] = {24: 2, 23: 2, 13: 4, 8: 3, 6: 4}
    gnubg_variation = "NackGammon"


class Hypergammon(BackgammonFamily):
    """Hypergammon: 1, 2 or 3 checkers each (option `hypergammon_checkers`), on the 24, 23, 22."""

    name = "hypergammon"
    options: ClassVar[Mapping[str, tuple[Any, ...]]] = {
        **BackgammonFamily.options,
        "hypergammon_checkers": (1, 2, 3),
    }
    gnubg_variation = "HyperGammon"

    def variation_tag(self, rules: Options) -> str | None:
        """gnubg's `HyperGammon (3)`: the checkers a side."""
        return f"{self.gnubg_variation} ({rules.hypergammon_checkers})"

    def variation_options(self, tag: str) -> dict[str, Any]:
        """The checkers a side where the tag gives them (`hypergammon (2)`, `hypergammon-3`)."""
        digit = re.search(r"[123]", tag)
        return {"variant": self.name, **({"hypergammon_checkers": int(digit.group())} if digit else {})}

    def start_points(self, rules: Options) -> dict[int, int]:
        count = rules.hypergammon_checkers
        if count not in self.options["hypergammon_checkers"]:
            raise ValueError(f"hypergammon is played with 1, 2 or 3 checkers, not {count}")
        return {24 - i: 1 for i in range(count)}

    def checkers_in(self, rules: Options) -> int:
        return rules.hypergammon_checkers


# -- the Table family ---------------------------------------------------------------------------------
ALL_ON_24: Mapping[int, int] = {24: 15}


class TableFamily(Variant):
    """The Table games whose movement differs from backgammon's (long nardy, plakoto, fevga): every
    checker starts on the own 24, and a win counts a single or a mars (2), never a backgammon. The
    doubles of long nardy and plakoto are listed by `fast_family` (held to the plain statement by the
    equivalence tests), Fevga's by its own walk (`Fevga.plays`)."""

    start = ALL_ON_24
    family = "table_family"
    backgammons = False

    def plays(self, board: Board, turn: Color, dice: tuple[int, int], movement: Movement) -> Listed:
        if dice[0] != dice[1] or movement not in _FAMILY_DOUBLES:
            return super().plays(board, turn, dice, movement)
        plays, steps = doubles_plays(board, turn, dice[0], movement)
        return plays, _budget.LISTING + len(plays) * _budget.PLAY + steps * _budget.FAMILY_STEP


class LongNardy(TableFamily):
    """Long Nardy: both sides move the same way, nothing is hit, the head and block rules."""

    name = "long_nardy"
    movement = LONG_NARDY
    reads_history = True
    options: ClassVar[Mapping[str, tuple[Any, ...]]] = {"nardy_block": ("after_play", "after_each_move")}
    reason_codes: ClassVar[Mapping[str, str]] = {
        "POINT_OCCUPIED": "where nothing is hit (long nardy), a checker may not land on a point with an"
        " opposing checker",
        "HEAD_RULE": "one checker leaves the head (the own 24) per turn; two on a side's first turn"
        " with 6-6, 4-4 or 3-3 (long nardy)",
        "BLOCK_RULE": "a play may not end with six points in a row held by the mover unless an"
        " opposing checker is ahead of them (long nardy; option nardy_block: after each move)",
    }

    def movement_for(self, rules: Options) -> Movement:
        """The block rule checked after the play, or (`nardy_block: "after_each_move"`) after each
        move."""
        return LONG_NARDY_EACH_MOVE if rules.nardy_block == "after_each_move" else LONG_NARDY

    def movement_in(self, rules: Options, board: Board, turn: Color, history: History) -> Movement:
        """`movement_for`, without the first turn's two checkers off the head for a side whose
        first turn is over while all its checkers are still on the head (only the history says it;
        elsewhere the board does, and the fast doubles serve the usual movement)."""
        if turn in history.played and board.side(turn)[self.movement.head or 0] == self.checkers:
            return LONG_NARDY_EACH_MOVE_LATER if rules.nardy_block == "after_each_move" else LONG_NARDY_LATER
        return self.movement_for(rules)


# What a mother pinned by a pinner with no free checker left on its own 24 wins (plakoto).
MOTHER_RESULT = "gammon"
MOTHER = 24  # the point each side starts on in plakoto, its own 24: a checker there never left it


def mother_pinned(side: tuple[int, ...]) -> bool:
    """Whether this side has a checker pinned on its own 24 (its mother: plakoto only)."""
    return len(side) > PINNED + MOTHER and side[PINNED + MOTHER] > 0


class Plakoto(TableFamily):
    """Greek Plakoto: a lone checker is pinned under the opponent's, not hit; the mother rule."""

    name = "plakoto"
    movement = PLAKOTO
    reason_codes: ClassVar[Mapping[str, str]] = {
        "POINT_CLOSED_BY_PIN": "a checker may not land on a point where the lone opposing checker pins"
        " one of the mover's (plakoto)",
        "PINNED_CHECKER_MOVED": "a pinned checker cannot move until the opposing checker on it leaves"
        " (plakoto)",
        "BEAR_OFF_WHILE_PINNED": "bearing off needs no checker of the mover pinned (plakoto)",
    }

    def ending(self, board: Board) -> Ending | None:
        """The mother rule: both sides' mothers (a checker on its own 24) pinned is a tie; one side's
        mother pinned while the pinner has no free checker left on its own 24 (it can no longer be
        pinned back) wins the pinner a mars (`MOTHER_RESULT`); else play goes on (None). The pinner's
        free checkers on its own 24 stand on the pinned side's 1 point."""
        white, black = board
        if not (mother_pinned(white) or mother_pinned(black)):
            return None  # what nearly every board of a game says: no mother pinned
        pinned = [color for color in COLORS if mother_pinned(board.side(color))]
        if len(pinned) == 2:
            return Ending(None, None)
        pinner = other(pinned[0])
        if board.side(pinner)[MOTHER]:
            return None
        return Ending(pinner, MOTHER_RESULT)


class Fevga(TableFamily):
    """Greek Fevga (`arbitru.engine.fevga`): both sides move the same way, one checker holds a point,
    the starting rule (the first checker passes the opponent's start before a second leaves), no
    side fills its own starting quarter, a trapped opponent must be let out. Its doubles are listed
    by `fast_fevga.doubles_plays`' walk (held equal to `plain_plays` by the equivalence test,
    tests/engine/test_variant_equivalence.py). Whether a side's first checker has passed is told by
    the board: no history field is needed."""

    name = "fevga"
    movement = FEVGA
    start = FEVGA_START
    reason_codes: ClassVar[Mapping[str, str]] = {
        "STARTING_RULE": "a side's first checker must pass the opponent's start before a second one"
        " leaves the own 24 (fevga)",
        "STARTING_QUARTER": "no side may hold all six points of its own starting quarter, its 24..19,"
        " at once (fevga)",
        "UNBLOCKING_RULE": "a play must open the six points in a row trapping every opposing checker"
        " on the point behind them, when a play of the most dice can (fevga)",
    }

    def plays(self, board: Board, turn: Color, dice: tuple[int, int], movement: Movement) -> Listed:
        if dice[0] != dice[1] or movement is not FEVGA:
            return Variant.plays(self, board, turn, dice, movement)
        steps = [0]
        plays = tuple(fevga_doubles(board, turn, dice[0], steps))
        return plays, _budget.LISTING + len(plays) * _budget.PLAY + steps[0] * _budget.FAMILY_STEP


# The one registry of the games, by name, in the order clients see them listed.
VARIANTS: dict[str, Variant] = {
    variant.name: variant
    for variant in (Backgammon(), Nackgammon(), Hypergammon(), LongNardy(), Plakoto(), Fevga())
}


def option_scopes() -> dict[str, tuple[str, tuple[Any, ...]]]:
    """Each option some games only have -> (who has it: the one game's name, or the family of the
    several, as a problem's code `only_<scope>` names it; its values)."""
    holders: dict[str, list[Variant]] = {}
    for variant in VARIANTS.values():
        for option in variant.options:
            holders.setdefault(option, []).append(variant)
    scopes: dict[str, tuple[str, tuple[Any, ...]]] = {}
    for option, games in holders.items():
        families = {game.family for game in games}
        assert len(games) == 1 or len(families) == 1, f"{option}: games of one family share an option"
        scopes[option] = (games[0].name if len(games) == 1 else families.pop(), games[0].options[option])
    return scopes


# Each option some games only have -> the names of those games (`in_scope` asks it for every
# option of every rules' JSON form: the registry is read once).
_OWNERS: dict[str, frozenset[str]] = {
    option: frozenset(game.name for game in VARIANTS.values() if option in game.options)
    for game in VARIANTS.values()
    for option in game.options
}


def in_scope(option: str, variant: str) -> bool:
    """Whether `variant` has the option `option` (every game has the options no game owns)."""
    owners = _OWNERS.get(option)
    return owners is None or variant in owners


def variant_of(rules: Options) -> Variant:
    """The variant a game's rules play."""
    return VARIANTS[rules.variant]


def start_board(rules: Options) -> Board:
    """The starting board of the game in `rules`."""
    return variant_of(rules).start_board(rules)


def read_board(data: Mapping[str, Any], rules: Options) -> Board:
    """A board of the game in `rules` from its JSON form: every layer reads a game's board through
    its variant."""
    return variant_of(rules).read_board(data, rules)


def board_json(board: Board, rules: Options) -> dict[str, Any]:
    """A board of the game in `rules` in its JSON form."""
    return variant_of(rules).board_json(board)
