"""What a position string decodes to, and the error every codec raises for a bad one.

Shared by the GNU Backgammon ID, XGID and FIBS codecs so that the HTTP layer reads one shape:
a `DecodedPosition` (board, turn, dice, cube, match) and a `FormatError` naming the field, the
offending character's index and what was expected (a 422 in the API).

Colour conventions (one mapping for every format, so converting never swaps the players):
- GNU Backgammon player 1 (the bottom player) = XGID's bottom player (upper-case letters) = white;
  GNU player 0 = XGID's top player (lower-case) = black. This is how gnubg itself imports an XGID.
- FIBS: the line's "player" (the first name, "You") = white, the opponent = black.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from itertools import accumulate
from typing import Any, Literal

from arbitru.engine.board import BAR, COLORS, OFF, Board, Color, closed_home
from arbitru.engine.geometry import OPPOSITE
from arbitru.engine.variants import VARIANTS
from arbitru.messages import Message, message

__all__ = [
    "CubeOwner",
    "CubeOffer",
    "GameState",
    "DecodedPosition",
    "FormatError",
    "ColonFields",
    "GAME_STATES",
    "check_board",
    "check_writable",
    "ID_VARIANTS",
]

CubeOwner = Literal["centered", "white", "black"]
CubeOffer = Literal["double", "beaver", "raccoon"]
GameState = Literal["none", "playing", "over", "resigned", "dropped"]
GAME_STATES: tuple[GameState, ...] = ("none", "playing", "over", "resigned", "dropped")
# The variants a GNU ID, an XGID or a FIBS line can hold (`Variant.position_ids`: both sides moving
# opposite ways, hits to the bar, no pins). Long Nardy (same direction) and Plakoto (pins) have no
# such form (docs/variants.md).
ID_VARIANTS: tuple[str, ...] = tuple(name for name, variant in VARIANTS.items() if variant.position_ids)


class FormatError(ValueError):
    """A position string that cannot be read: which field, where, and what was expected.

    `field` is the format's request field (`gnubg_id`, `xgid`, `fibs`); `part` the piece of it
    (`position_id`, `match_id`, `cube_owner`, ...); `position` the 0-based index of the bad
    character in the string as given (None when no single character is at fault).
    """

    def __init__(
        self,
        field: str,
        expected: str,
        *,
        position: int | None = None,
        part: str | None = None,
        found: str | None = None,
    ) -> None:
        self.field = field
        self.expected = expected
        self.position = position
        self.part = part
        self.found = found
        super().__init__(self.message)

    @property
    def message(self) -> str:
        """One readable sentence: where it went wrong, what was found and what was expected (a
        catalogue `Message`: rendered again in the client's language)."""
        where: str = self.field
        if self.position is not None:
            where = message("format.at_character", field=where, position=self.position)
        if self.part and self.part != self.field:
            where = message("format.in_part", where=where, part=self.part)
        if self.found is None:
            return message("format.expected", where=where, expected=self.expected)
        found = repr(self.found)
        if isinstance(self.found, Message):  # words in the client's language, quoted as repr quotes
            found = message("format.quoted", text=self.found)
        return message("format.found_expected", where=where, found=found, expected=self.expected)

    def to_dict(self) -> dict[str, Any]:
        """JSON form for a problem+json `errors` entry or an extension member."""
        return {
            "field": self.field,
            "part": self.part,
            "position": self.position,
            "found": self.found,
            "expected": self.expected,
            "message": self.message,
        }


_INTEGER = re.compile(r"-?[0-9]{1,6}")


class ColonFields:
    """A position string's colon-separated fields (`parts`), each with the index where it starts
    in the text as given (`starts`), so that an error names the field and its first character.
    `name(index)` is a field's part name in errors."""

    def __init__(self, body: str, offset: int, field: str, name: Callable[[int], str]) -> None:
        self.field = field
        self.name = name
        self.parts = body.split(":")
        self.starts = list(accumulate((len(part) + 1 for part in self.parts[:-1]), initial=offset))

    def bad(self, index: int, expected: str) -> FormatError:
        """The error of field `index`, which should have been `expected`."""
        return FormatError(
            self.field, expected, part=self.name(index), position=self.starts[index], found=self.parts[index]
        )

    def integer(self, index: int, low: int, high: int, expected: str) -> int:
        """Field `index` as a whole number from `low` to `high` (at most six digits are read)."""
        raw = self.parts[index]
        if not _INTEGER.fullmatch(raw) or not low <= int(raw) <= high:
            raise self.bad(index, expected)
        return int(raw)


@dataclass(frozen=True, slots=True)
class DecodedPosition:
    """A position with its game context, as every format carries it (fields a format lacks keep
    their defaults: a money game, centred 1-cube, no dice).

    `turn` is the player on roll, or the one who has just doubled when `cube_offer` is set (the
    other side must answer); None only for a finished FIBS game. `dice` is None before the roll.
    `score` is (white, black). `max_cube` is XGID's cube limit (None when the format has none).
    `notes` lists what a lenient decoder normalised (e.g. a Match ID saying "no game started").
    """

    board: Board
    turn: Color | None
    dice: tuple[int, int] | None = None
    cube_value: int = 1
    cube_owner: CubeOwner = "centered"
    match_length: int = 0
    score: tuple[int, int] = (0, 0)
    crawford: bool = False
    jacoby: bool = False
    beavers: bool = False
    cube_offer: CubeOffer | None = None
    resigned: int = 0
    game_state: GameState = "playing"
    max_cube: int | None = None
    names: tuple[str, str] | None = None
    notes: tuple[str, ...] = field(default=(), compare=False)
    variant: str = "backgammon"

    @property
    def doubled(self) -> bool:
        """Whether a double by `turn` awaits the other side's answer."""
        return self.cube_offer is not None

    def score_of(self, color: Color) -> int:
        """The match score of `color`."""
        return self.score[COLORS.index(color)]

    def with_(self, **changes: Any) -> DecodedPosition:
        """A copy with some fields changed."""
        return replace(self, **changes)

    def cube_dict(self) -> dict[str, Any]:
        """The contract's `cube` object."""
        return {"value": self.cube_value, "owner": self.cube_owner}

    def match_dict(self) -> dict[str, Any]:
        """The contract's `match` object."""
        return {
            "length": self.match_length,
            "score": {"white": self.score[0], "black": self.score[1]},
            "crawford": self.crawford,
        }


def check_board(
    board: Board,
    fmt: str,
    *,
    checkers: int = 15,
    part: str | None = None,
    position_of: dict[tuple[Color, int], int] | None = None,
) -> None:
    """Raise FormatError for a side with more than `checkers` checkers or a point held by both.

    `position_of` maps (colour, slot) to the index of the character that put checkers there, so
    the error can point at it.
    """
    where = position_of or {}
    for color in COLORS:
        side = board.side(color)
        on_board = sum(side[1:26])
        if on_board > checkers:
            last = max((s for s in range(1, 26) if side[s]), key=lambda s: where.get((color, s), -1))
            raise FormatError(
                fmt,
                message("format.checkers_for", checkers=checkers, color=color),
                position=where.get((color, last)),
                part=part,
                found=message("format.checker_count", count=on_board),
            )
        if side[OFF] < 0:
            raise FormatError(fmt, message("format.checkers_for", checkers=checkers, color=color), part=part)
    for point, theirs in OPPOSITE.shared_points(board.white, board.black):
        pos = max(where.get(("white", point), -1), where.get(("black", theirs), -1))
        raise FormatError(
            fmt,
            message("format.one_side_point"),
            position=pos if pos >= 0 else None,
            part=part,
            found=message("format.point_held_by_both", white=point, black=theirs),
        )
    if board.white[BAR] and board.black[BAR] and closed_home(board.white) and closed_home(board.black):
        raise FormatError(
            fmt,
            message("format.reachable"),
            part=part,
        )


def check_writable(pos: DecodedPosition, fmt: str) -> None:
    """A FormatError naming the variant when no `fmt` string can hold `pos` (Long Nardy, Plakoto): a
    422, never a wrong ID."""
    if pos.variant not in ID_VARIANTS:
        raise FormatError(fmt, message("format.variant_id", variant=pos.variant, format=fmt))
