"""eXtreme Gammon's XGID: `XGID=position:cube:owner:turn:dice:score1:score2:rules:length:maxcube`.

Ten colon-separated fields (the `XGID=` prefix is optional on input and written on output):
1. position, 26 characters: [0] the top player's bar, [1..24] the points 1..24 numbered from the
   bottom player's side, [25] the bottom player's bar; `-` empty, `A`-`P` 1-16 checkers of the
   bottom player (white), `a`-`p` of the top player (black).
2. cube value as a power of two (0 = 1, 1 = 2, ...); 3. cube owner: 1 bottom, 0 centred, -1 top;
4. turn: 1 bottom, -1 top; 5. dice: two digits 1-6, `00` not yet rolled, `D` the player on turn
   has doubled (`B` beavered, `R` raccooned); 6./7. scores of the bottom and top player;
8. in a match 1 = Crawford game, else 0; in a money game bit 0 = Jacoby, bit 1 = beavers;
9. match length (0 = money game); 10. the maximum cube as a power of two.
This is the layout gnubg's `set xgid` reads (gnubg.c SetXGID, positionid.c PositionFromXG).
"""

from __future__ import annotations

from arbitru.engine.board import BAR, Board, Color
from arbitru.engine.geometry import OPPOSITE
from arbitru.formats.codec import (
    ColonFields,
    CubeOwner,
    DecodedPosition,
    FormatError,
    check_board,
    check_writable,
)
from arbitru.messages import message

__all__ = ["board_from_xg", "encode_xgid", "decode_xgid", "FIELD_NAMES", "DEFAULT_MAX_CUBE_LOG"]

FIELD = "xgid"
FIELD_NAMES = (
    "position",
    "cube_value",
    "cube_owner",
    "turn",
    "dice",
    "score_bottom",
    "score_top",
    "crawford_jacoby",
    "match_length",
    "max_cube",
)
DEFAULT_MAX_CUBE_LOG = 10  # what XG writes: a 1024 cube limit
_OFFERS = {"D": "double", "B": "beaver", "R": "raccoon"}
_OFFER_CODES = {v: k for k, v in _OFFERS.items()}
_TURN: dict[int, Color] = {1: "white", -1: "black"}
_OWNER: dict[int, CubeOwner] = {1: "white", 0: "centered", -1: "black"}
_TURN_EXPECTED = message("format.xgid_turn")


def encode_xgid(pos: DecodedPosition, *, prefix: bool = True) -> str:
    """The XGID of a position and its game context (white is the bottom player; FormatError for a
    variant no XGID can hold)."""
    check_writable(pos, "xgid")
    turn = pos.turn or "white"
    if pos.cube_offer:
        dice = _OFFER_CODES[pos.cube_offer]
    elif pos.dice:
        dice = f"{pos.dice[0]}{pos.dice[1]}"
    else:
        dice = "00"
    rules = int(pos.crawford) if pos.match_length else int(pos.jacoby) | int(pos.beavers) << 1
    max_log = (pos.max_cube.bit_length() - 1) if pos.max_cube else DEFAULT_MAX_CUBE_LOG
    fields = [
        xg_position(pos.board),
        str(pos.cube_value.bit_length() - 1),
        str({"white": 1, "centered": 0, "black": -1}[pos.cube_owner]),
        "1" if turn == "white" else "-1",
        dice,
        str(pos.score[0]),
        str(pos.score[1]),
        str(rules),
        str(pos.match_length),
        str(max_log),
    ]
    return ("XGID=" if prefix else "") + ":".join(fields)


def xg_position(board: Board) -> str:
    """The XG position string of a board (an XGID's first field, a .mat's `; Set Pos=`): white's bar
    first as black's, points 1-24 from white's side, white's bar last; ValueError for a board it
    cannot hold (a point held by both sides, more than 16 checkers on one)."""
    chars = []
    for index in range(26):
        if index == 0:
            white, black = 0, board.black[BAR]
        elif index == 25:
            white, black = board.white[BAR], 0
        else:
            white, black = board.white[index], board.black[OPPOSITE.opposite(index)]
        if white and black:
            raise ValueError(f"white's point {index} is held by both sides")
        count = white or black
        if count > 16:
            raise ValueError(f"{count} checkers on one point cannot be written in an XGID")
        chars.append("-" if not count else chr((ord("A") if white else ord("a")) + count - 1))
    return "".join(chars)


def decode_xgid(text: str, *, checkers: int = 15, field: str = FIELD) -> DecodedPosition:
    """Decode an XGID (with or without `XGID=`) into a DecodedPosition.

    Raises FormatError naming the part and the index of the bad character in `text`. The fields are
    checked in order: position, cube and turn (2-4), dice (5), scores and rules (6-10)."""
    fields = _fields(text, field)
    board, where = _decode_board(fields.parts[0], fields.starts[0], field, checkers)
    check_board(board, field, checkers=checkers, part="position", position_of=where)
    cube_log, owner, turn = _cube_and_turn(fields)
    dice, offer = _decode_dice(fields.parts[4], fields.starts[4], field)
    (score_white, score_black), rules, length, max_log = _score_and_rules(fields)
    return DecodedPosition(
        board=board,
        turn=turn,
        dice=dice,
        cube_value=1 << cube_log,
        cube_owner=owner,
        match_length=length,
        score=(score_white, score_black),
        crawford=bool(rules) if length else False,
        jacoby=bool(rules & 1) if not length else False,
        beavers=bool(rules & 2) if not length else False,
        cube_offer=offer,  # type: ignore[arg-type]
        max_cube=1 << max_log,
    )


def _fields(text: str, field: str) -> ColonFields:
    """The ten fields of an XGID, the `XGID=` prefix dropped (a FormatError for another count)."""
    if not isinstance(text, str):
        raise FormatError(field, message("format.xgid_string"))
    offset = len(text) - len(text.lstrip())
    body = text.strip()
    if body[:5].upper() == "XGID=":
        body, offset = body[5:], offset + 5
    fields = ColonFields(body, offset, field, FIELD_NAMES.__getitem__)
    if len(fields.parts) != len(FIELD_NAMES):
        colon = _nth_colon(body, len(FIELD_NAMES))
        raise FormatError(
            field,
            message("format.colon_fields", count=len(FIELD_NAMES), names=":".join(FIELD_NAMES)),
            part="fields",
            found=message("format.field_count", count=len(fields.parts)),
            position=offset + colon if colon is not None else None,
        )
    return fields


def _cube_and_turn(fields: ColonFields) -> tuple[int, CubeOwner, Color]:
    """The cube value's power of two (field 2), its owner (3) and the side on turn (4)."""
    cube_log = fields.integer(1, 0, 15, message("format.xgid_cube"))
    owner = _OWNER[fields.integer(2, -1, 1, message("format.xgid_owner"))]
    turn_raw = fields.integer(3, -1, 1, _TURN_EXPECTED)
    if turn_raw == 0:
        raise fields.bad(3, _TURN_EXPECTED)
    return cube_log, owner, _TURN[turn_raw]


def _score_and_rules(fields: ColonFields) -> tuple[tuple[int, int], int, int, int]:
    """The scores (fields 6, 7: white, black), the rules bits (8), the match length (9) and the
    maximum cube's power of two (10); in a match the rules bit is Crawford's and the scores are at
    most the length."""
    score_white = fields.integer(5, 0, 0x7FFF, message("format.xgid_score_bottom"))
    score_black = fields.integer(6, 0, 0x7FFF, message("format.xgid_score_top"))
    rules = fields.integer(7, 0, 3, message("format.xgid_rules"))
    length = fields.integer(8, 0, 0x7FFF, message("format.xgid_length"))
    max_log = fields.integer(9, 0, 15, message("format.xgid_max_cube"))
    if length:
        if rules > 1:
            raise fields.bad(7, message("format.xgid_crawford"))
        for index, score in ((5, score_white), (6, score_black)):
            if score > length:
                raise fields.bad(index, message("format.score_at_most", length=length))
    return (score_white, score_black), rules, length, max_log


def board_from_xg(position: str, checkers: int = 15) -> Board:
    """The board of an XG position string alone (`; Set Pos=` in a .mat, or an XGID's first
    field; anything after `/` or `:` is ignored): uppercase = players[0] ("white"), its bar last,
    lowercase = players[1], its bar first. Raises FormatError (a ValueError) for a string that is
    not 26 such characters; the board's own checks are the caller's."""
    chars = position.split("/")[0].split(":")[0]
    return _decode_board(chars, 0, "set_position", checkers)[0]


def _nth_colon(body: str, n: int) -> int | None:
    """Index of the n-th colon (1-based) in `body`: where an extra field starts."""
    count = 0
    for index, char in enumerate(body):
        if char == ":":
            count += 1
            if count == n:
                return index
    return None


def _decode_board(
    text: str, start: int, field: str, checkers: int
) -> tuple[Board, dict[tuple[Color, int], int]]:
    if len(text) != 26:
        raise FormatError(
            field,
            message("format.xgid_position"),
            part="position",
            found=message("format.char_count", count=len(text)),
            position=start + 26 if len(text) > 26 else None,
        )
    white = [0] * 26
    black = [0] * 26
    where: dict[tuple[Color, int], int] = {}
    for index, char in enumerate(text):
        if char == "-":
            continue
        upper = "A" <= char <= "P"
        lower = "a" <= char <= "p"
        if not (upper or lower) or (index == 0 and upper) or (index == 25 and lower):
            if index == 0:
                expected = message("format.xgid_top_bar")
            elif index == 25:
                expected = message("format.xgid_bottom_bar")
            else:
                expected = message("format.xgid_point")
            raise FormatError(field, expected, part="position", position=start + index, found=char)
        count = ord(char) - (ord("A") if upper else ord("a")) + 1
        if index == 0:
            black[BAR] = count
            where[("black", BAR)] = start
        elif index == 25:
            white[BAR] = count
            where[("white", BAR)] = start + 25
        elif upper:
            white[index] = count
            where[("white", index)] = start + index
        else:
            black[OPPOSITE.opposite(index)] = count
            where[("black", OPPOSITE.opposite(index))] = start + index
    white[0] = checkers - sum(white)
    black[0] = checkers - sum(black)
    return Board(tuple(white), tuple(black)), where


def _decode_dice(raw: str, start: int, field: str) -> tuple[tuple[int, int] | None, str | None]:
    if raw in _OFFERS:
        return None, _OFFERS[raw]
    if raw == "00":
        return None, None
    if len(raw) == 2 and all("1" <= c <= "6" for c in raw):
        return (int(raw[0]), int(raw[1])), None
    bad = next((i for i, c in enumerate(raw) if not "1" <= c <= "6"), 0) if len(raw) == 2 else 0
    raise FormatError(
        field,
        message("format.xgid_dice"),
        part="dice",
        position=start + bad,
        found=raw,
    )
