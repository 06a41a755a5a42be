"""The FIBS CLIP `board:` line (53 colon-separated fields), both colours and both directions.

Fields (0-based): 0 `board`; 1 player's name; 2 opponent's name; 3 match length (9999 = unlimited,
a money game); 4 player's score; 5 opponent's score; 6-31 the 26 board slots; 32 turn (-1 X, +1 O,
0 game over); 33-34 player's dice; 35-36 opponent's dice; 37 cube; 38 player may double; 39
opponent may double; 40 was doubled (1: the opponent has just doubled; gnubg writes -1 when the
player did); 41 colour (-1 X, +1 O); 42 direction (-1: the player moves from 24 to 1, +1: from 1 to
24); 43 home and 44 bar (0/25, following the direction); 45-46 checkers borne off (player,
opponent); 47-48 checkers on the bar (player, opponent); 49 can move; 50 forced move; 51 did
Crawford (read and written as gnubg's FIBSBoard does: 1 = this game is the Crawford game); 52
redoubles.

Board slots hold O's checkers as positive and X's as negative counts. With direction -1 slot p is
the player's point p, the player's bar is slot 25 and the opponent's slot 0; with direction +1 the
numbering runs the other way. The player is white, the opponent black.
"""

from __future__ import annotations

from arbitru.engine.board import BAR, OFF, Board, Color
from arbitru.engine.geometry import OPPOSITE
from arbitru.formats.codec import (
    ColonFields,
    CubeOwner,
    DecodedPosition,
    FormatError,
    check_board,
    check_writable,
)
from arbitru.formats.mat import has_control
from arbitru.messages import message

__all__ = ["encode_fibs", "decode_fibs", "FIELD_COUNT", "UNLIMITED"]

FIELD = "fibs"
FIELD_COUNT = 53
UNLIMITED = 9999
_ANY = 999_999  # a field is read as a whole number of at most six digits
_NAMES = {
    3: "match_length", 4: "player_score", 5: "opponent_score", 32: "turn",
    33: "player_die_1", 34: "player_die_2", 35: "opponent_die_1", 36: "opponent_die_2",
    37: "cube", 38: "player_may_double", 39: "opponent_may_double", 40: "was_doubled",
    41: "colour", 42: "direction", 43: "home", 44: "bar", 45: "player_off", 46: "opponent_off",
    47: "player_on_bar", 48: "opponent_on_bar", 49: "can_move", 50: "forced_move",
    51: "did_crawford", 52: "redoubles",
}  # fmt: skip


def _name(index: int) -> str:
    return _NAMES.get(index) or (f"board[{index - 6}]" if 6 <= index <= 31 else f"field {index}")


def _slot(point: int, direction: int) -> int:
    """The board slot holding the player's point `point` (1..24) for the given direction."""
    return point if direction < 0 else OPPOSITE.opposite(point)  # the board read from the other end


def encode_fibs(
    pos: DecodedPosition, *, colour: int = 1, direction: int = -1, names: tuple[str, str] | None = None
) -> str:
    """The FIBS `board:` line of a position, white as the player (colour +1 = O, direction -1 by
    default, as gnubg writes it; any of the four orientations on request; FormatError for a variant
    no FIBS line can hold)."""
    check_writable(pos, "fibs")
    if colour not in (1, -1) or direction not in (1, -1):
        raise ValueError("colour and direction are each 1 or -1")
    player, opponent = names or pos.names or ("white", "black")
    board = pos.board
    slots = [0] * 26
    for point in range(1, 25):
        white, black = board.white[point], board.black[OPPOSITE.opposite(point)]
        slots[_slot(point, direction)] = colour * white if white else -colour * black
    player_bar, opponent_bar = (25, 0) if direction < 0 else (0, 25)
    slots[player_bar] = colour * board.white[BAR]
    slots[opponent_bar] = -colour * board.black[BAR]
    turn = (
        0
        if pos.turn is None or pos.game_state not in ("playing", "none")
        else (colour if pos.turn == "white" else -colour)
    )
    dice = pos.dice or (0, 0)
    player_dice = dice if pos.turn == "white" else (0, 0)
    opponent_dice = dice if pos.turn == "black" else (0, 0)
    if pos.crawford:
        may = (0, 0)
    else:
        may = {"centered": (1, 1), "white": (1, 0), "black": (0, 1)}[pos.cube_owner]
    doubled = 0 if not pos.cube_offer else (1 if pos.turn == "black" else -1)
    fields: list[object] = [
        "board",
        _clean(player),
        _clean(opponent),
        pos.match_length or UNLIMITED,
        pos.score[0],
        pos.score[1],
        *slots,
        turn,
        *player_dice,
        *opponent_dice,
        pos.cube_value,
        *may,
        doubled,
        colour,
        direction,
        0 if direction < 0 else 25,
        25 if direction < 0 else 0,
        board.white[OFF],
        board.black[OFF],
        board.white[BAR],
        board.black[BAR],
        _can_move(pos),
        0,
        int(pos.crawford),
        0,
    ]
    return ":".join(str(f) for f in fields)


def _can_move(pos: DecodedPosition) -> int:
    """FIBS's "can move": how many checkers the player (white) moves with the dice, when on roll."""
    if pos.turn != "white" or not pos.dice or pos.cube_offer or pos.game_state != "playing":
        return 0
    from arbitru.engine import legal_plays  # lazy: decoding never needs the move generator

    try:
        return max(len(play.moves) for play in legal_plays(pos.board, "white", pos.dice))
    except (ValueError, KeyError, IndexError):  # a board the engine refuses: leave the token 0
        return 0


def _clean(name: str) -> str:
    return name.replace(":", "_") or "-"


def decode_fibs(text: str, *, checkers: int = 15, field: str = FIELD) -> DecodedPosition:
    """Decode a FIBS `board:` line; the player (first name) is white, the opponent black.

    The fields are checked in the line's own groups, each by its function: orientation (41-44),
    board (6-31, 45-48), match and score (3-5), turn (32), dice (33-36), cube (37-40, 51)."""
    line = _Line(text, field)
    colour, direction = _orientation(line)
    board = _board(line, colour, direction, checkers)
    length, scores = _match_score(line)
    turn_raw = line.pick(32, (1, -1, 0), message("format.fibs_turn"))
    dice_of = _dice_fields(line)
    cube, may, doubled = _cube_fields(line)
    crawford = line.pick(51, (0, 1, 3), message("format.fibs_crawford")) == 1 and bool(length)
    turn: Color | None = None if turn_raw == 0 else ("white" if turn_raw == colour else "black")
    if doubled:
        turn = "black" if doubled == 1 else "white"
    dice, notes = _on_roll_dice(turn, dice_of)
    if may == (0, 0) and not crawford and not doubled:
        notes.append(message("format.note_fibs_no_double"))
    return DecodedPosition(
        board=board,
        turn=turn,
        dice=None if doubled else dice,
        cube_value=cube,
        cube_owner=_OWNER_OF_MAY[may],
        match_length=length,
        score=scores,
        crawford=crawford,
        cube_offer="double" if doubled else None,
        game_state="playing" if turn_raw else "over",
        names=(line.parts[1], line.parts[2]),
        notes=tuple(notes),
    )


# Who owns the cube, by (the player may double, the opponent may double); neither reads as centred.
_OWNER_OF_MAY: dict[tuple[int, int], CubeOwner] = {
    (1, 1): "centered", (1, 0): "white", (0, 1): "black", (0, 0): "centered",
}  # fmt: skip


class _Line(ColonFields):
    """A FIBS board line split into its fields; fields 3 on read as whole numbers (`values`). A line
    of another shape is a FormatError."""

    def __init__(self, text: str, field: str) -> None:
        if not isinstance(text, str):
            raise FormatError(field, message("format.fibs_string"))
        offset = len(text) - len(text.lstrip())
        super().__init__(text.strip(), offset, field, _name)
        if self.parts[0] != "board":
            raise FormatError(
                field, message("format.fibs_start"), part="board", position=offset, found=self.parts[0]
            )
        if len(self.parts) != FIELD_COUNT:
            raise FormatError(
                field,
                message("format.fibs_fields", count=FIELD_COUNT),
                part="fields",
                found=message("format.field_count", count=len(self.parts)),
                position=self.starts[FIELD_COUNT] - 1 if len(self.parts) > FIELD_COUNT else None,
            )
        for index in (1, 2):  # a name is one word: a line break or another control would be echoed
            if has_control(self.parts[index]):
                raise self.bad(index, message("format.fibs_name"))
        numbers = range(3, FIELD_COUNT)
        whole = message("format.whole_number")
        self.values = {index: self.integer(index, -_ANY, _ANY, whole) for index in numbers}

    def pick(self, index: int, allowed: tuple[int, ...], expected: str) -> int:
        """The value of field `index`, one of `allowed`."""
        if self.values[index] not in allowed:
            raise self.bad(index, expected)
        return self.values[index]


def _orientation(line: _Line) -> tuple[int, int]:
    """The player's colour and direction (fields 41, 42), checked against home and bar (43, 44)."""
    colour = line.pick(41, (1, -1), message("format.fibs_colour"))
    direction = line.pick(42, (1, -1), message("format.fibs_direction"))
    home, bar = (0, 25) if direction < 0 else (25, 0)
    line.pick(43, (home,), message("format.fibs_home", home=home, direction=direction))
    line.pick(44, (bar,), message("format.fibs_bar", bar=bar, direction=direction))
    return colour, direction


def _board(line: _Line, colour: int, direction: int, checkers: int) -> Board:
    """The board of the slots (fields 6-31), agreeing with the counts off and on the bar (45-48)."""
    white = [0] * 26
    black = [0] * 26
    where: dict[tuple[Color, int], int] = {}
    for point in range(1, 25):
        index = 6 + _slot(point, direction)
        value = line.values[index]
        if abs(value) > checkers:
            raise line.bad(index, message("format.checkers_on_point", checkers=checkers))
        if value * colour > 0:
            white[point] = abs(value)
            where[("white", point)] = line.starts[index]
        elif value:
            black[OPPOSITE.opposite(point)] = abs(value)
            where[("black", OPPOSITE.opposite(point))] = line.starts[index]
    home, bar = (0, 25) if direction < 0 else (25, 0)
    bars: tuple[tuple[int, Color, list[int]], ...] = ((bar, "white", white), (home, "black", black))
    for slot, color, side in bars:
        index = 6 + slot
        value = line.values[index]
        sign = colour if color == "white" else -colour
        if value * sign < 0 or abs(value) > checkers:
            key = "format.fibs_player_bar" if color == "white" else "format.fibs_opponent_bar"
            raise line.bad(index, message(key, checkers=checkers, sign="+" if sign > 0 else "-"))
        side[BAR] = abs(value)
        where[(color, BAR)] = line.starts[index]
    white[OFF] = checkers - sum(white)
    black[OFF] = checkers - sum(black)
    board = Board(tuple(white), tuple(black))
    check_board(board, line.field, checkers=checkers, part="board", position_of=where)
    for index, key, side, slot in (
        (45, "format.fibs_player_off", white, OFF), (46, "format.fibs_opponent_off", black, OFF),
        (47, "format.fibs_player_on_bar", white, BAR), (48, "format.fibs_opponent_on_bar", black, BAR),
    ):  # fmt: skip
        allowed = (side[slot], 0) if slot == BAR else (side[slot],)  # gnubg writes 0 on the bar
        if line.values[index] not in allowed:
            raise line.bad(index, message(key, count=side[slot]))
    return board


def _match_score(line: _Line) -> tuple[int, tuple[int, int]]:
    """The match length (field 3; 0 for a money game) and the scores (4, 5: player, opponent)."""
    length = line.values[3]
    if length < 0:
        raise line.bad(3, message("format.fibs_length"))
    length = 0 if length == UNLIMITED else length
    for index in (4, 5):
        if line.values[index] < 0 or (length and line.values[index] > length):
            raise line.bad(
                index,
                message("format.fibs_score_to", length=length) if length else message("format.fibs_score"),
            )
    return length, (line.values[4], line.values[5])


def _dice_fields(line: _Line) -> dict[Color, tuple[int, int] | None]:
    """Each side's dice (fields 33-34 the player's, 35-36 the opponent's), None before the roll."""
    dice_of: dict[Color, tuple[int, int] | None] = {}
    fields: tuple[tuple[Color, int], ...] = (("white", 33), ("black", 35))
    for who, first in fields:
        pair = (line.values[first], line.values[first + 1])
        for index, die in zip((first, first + 1), pair, strict=True):
            if not 0 <= die <= 6:
                raise line.bad(index, message("format.fibs_die"))
        if (pair[0] == 0) != (pair[1] == 0):
            raise line.bad(first if pair[0] == 0 else first + 1, message("format.fibs_dice"))
        dice_of[who] = pair if pair[0] else None
    return dice_of


def _cube_fields(line: _Line) -> tuple[int, tuple[int, int], int]:
    """The cube value (field 37), who may double (38, 39: player, opponent) and who has just
    doubled (40: 1 the opponent, -1 the player, 0 nobody)."""
    cube = line.values[37]
    if cube < 1 or cube & (cube - 1) or cube > 1 << 15:
        raise line.bad(37, message("format.fibs_cube"))
    may_player = line.pick(38, (0, 1), message("format.fibs_may_player"))
    may_opponent = line.pick(39, (0, 1), message("format.fibs_may_opponent"))
    doubled = line.pick(40, (0, 1, -1), message("format.fibs_doubled"))
    return cube, (may_player, may_opponent), doubled


def _on_roll_dice(
    turn: Color | None, dice_of: dict[Color, tuple[int, int] | None]
) -> tuple[tuple[int, int] | None, list[str]]:
    """The dice of the side on roll (taken from the other side's fields when only those hold dice,
    with a note saying so)."""
    if turn is None:
        return None, []
    other: Color = "white" if turn == "black" else "black"
    if dice_of[turn] is None and dice_of[other]:
        return dice_of[other], [message("format.note_fibs_other_dice")]
    return dice_of[turn], []
