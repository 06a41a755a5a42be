"""GNU Backgammon's Position ID (14 chars), Match ID (12 chars) and the combined GNUbg ID.

Layouts follow gnubg's positionid.c and matchid.c (and the manual's "technical description").
Position key: 80 bits, little-endian bit order inside each byte; for each of the two sides, first
the player NOT on roll then the player on roll, 25 slots (that side's points 1..24, then its bar),
each slot written as one 1-bit per checker followed by a 0-bit; unused bits are 0. The 10 bytes are
then standard base64 without padding. Borne-off checkers are not stored (off = 15 - on board).

Match key: 9 bytes, the same bit order; bits 0-3 log2(cube), 4-5 cube owner (0, 1, 3 = centred),
6 player on roll, 7 Crawford, 8-10 game state, 11 player to decide, 12 doubled, 13-14 resigned,
15-17 and 18-20 the dice (higher first), 21-35 match length, 36-50 and 51-65 the scores of player 0
and player 1, 66 NOT Jacoby. Player 1 is white, player 0 black (see arbitru.formats.codec).
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Mapping
from itertools import accumulate

from arbitru.engine.board import Board, Color, other
from arbitru.formats.codec import DecodedPosition, FormatError, check_board, check_writable
from arbitru.messages import message

__all__ = [
    "encode_position_id",
    "decode_position_id",
    "encode_match_id",
    "decode_match_id",
    "encode_gnubg_id",
    "decode_gnubg_id",
    "POSITION_ID_LENGTH",
    "MATCH_ID_LENGTH",
]

POSITION_ID_LENGTH = 14
MATCH_ID_LENGTH = 12
FIELD = "gnubg_id"
_BASE64 = re.compile(r"[A-Za-z0-9+/]")
_PLAYER: tuple[Color, Color] = ("black", "white")  # gnubg player index -> colour
_GAME_STATES = ("none", "playing", "over", "resigned", "dropped")
_OWNER_BITS = {"black": 0, "white": 1, "centered": 3}


# -- shared helpers --------------------------------------------------------------------------------
def _char_of_bit(bit: int) -> int:
    """Index of the base64 character that carries key bit `bit` (LSB-first bytes, MSB-first base64)."""
    byte, r = divmod(bit, 8)
    return (byte // 3) * 4 + ((byte % 3) * 8 + 7 - r) // 6


def _decode_key(text: str, length: int, part: str, field: str, offset: int) -> int:
    """Check and decode `length` base64 characters into the key as one little-endian integer."""
    if not isinstance(text, str):
        raise FormatError(field, message("format.base64_string", length=length), part=part)
    if len(text) != length:
        raise FormatError(
            field,
            message("format.base64_length", length=length),
            part=part,
            found=message("format.char_count", count=len(text)),
            position=offset + min(len(text), length) if len(text) > length else None,
        )
    for index, char in enumerate(text):
        if not _BASE64.fullmatch(char):
            raise FormatError(
                field,
                message("format.base64_char"),
                part=part,
                position=offset + index,
                found=char,
            )
    nbytes = length * 6 // 8
    padded = text + "=" * (-len(text) % 4)
    try:
        raw = base64.b64decode(padded, validate=True)
    except binascii.Error:  # a final character whose padding bits are not zero
        raw = b""
    if len(raw) != nbytes or base64.b64encode(raw).decode()[:length] != text:
        raise FormatError(
            field,
            message("format.canonical_final"),
            part=part,
            position=offset + length - 1,
            found=text[-1],
        )
    return int.from_bytes(raw, "little")


def _encode_key(key: int, nbytes: int, length: int) -> str:
    return base64.b64encode(key.to_bytes(nbytes, "little")).decode("ascii")[:length]


# -- Position ID -----------------------------------------------------------------------------------
def encode_position_id(board: Board, turn: Color) -> str:
    """The 14-character Position ID of `board` with `turn` on roll (gnubg's PositionID)."""
    key = 0
    bit = 0
    for side in (board.side(other(turn)), board.side(turn)):
        for slot in range(1, 26):  # points 1..24 then the bar (index 25 == BAR)
            count = side[slot]
            if count:
                key |= ((1 << count) - 1) << bit
                bit += count + 1
            else:
                bit += 1
    if bit > 80:
        raise ValueError(f"too many checkers for a Position ID ({bit - 50} on the board)")
    return _encode_key(key, 10, POSITION_ID_LENGTH)


def decode_position_id(
    text: str, turn: Color, *, checkers: int = 15, field: str = FIELD, offset: int = 0
) -> Board:
    """The board a 14-character Position ID describes, `turn` being the player on roll.

    Raises FormatError for a wrong length, a non-base64 character, more than `checkers` checkers
    on a side, or a point held by both sides (naming the character at fault).
    """
    key = _decode_key(text, POSITION_ID_LENGTH, "position_id", field, offset)
    counts: list[list[int]] = [[0] * 25, [0] * 25]  # gnubg order: [not on roll, on roll]
    first_bit: dict[tuple[int, int], int] = {}
    player, slot = 0, 0
    for bit in range(80):
        if key >> bit & 1:
            if player >= 2:
                raise FormatError(
                    field,
                    message("format.checker_bits", checkers=checkers),
                    part="position_id",
                    position=offset + _char_of_bit(bit),
                    found=text[_char_of_bit(bit)],
                )
            counts[player][slot] += 1
            first_bit.setdefault((player, slot), bit)
            if sum(counts[player]) > checkers:
                raise FormatError(
                    field,
                    message("format.checkers_each_side", checkers=checkers),
                    part="position_id",
                    position=offset + _char_of_bit(bit),
                    found=message(
                        "format.more_checkers", count=checkers + 1, color=turn if player else other(turn)
                    ),
                )
        else:
            slot += 1
            if slot == 25:
                player, slot = player + 1, 0
    sides: dict[Color, tuple[int, ...]] = {}
    where: dict[tuple[Color, int], int] = {}
    for index, color in ((0, other(turn)), (1, turn)):
        gnu = counts[index]
        sides[color] = (checkers - sum(gnu), *gnu[:24], gnu[24])
        for gslot in range(25):
            if (index, gslot) in first_bit:
                where[(color, gslot + 1)] = offset + _char_of_bit(first_bit[(index, gslot)])
    board = Board(sides["white"], sides["black"])
    check_board(board, field, checkers=checkers, part="position_id", position_of=where)
    return board


# -- Match ID --------------------------------------------------------------------------------------
# The Match ID's bit fields in gnubg's order (MatchID), from bit 0: each one's name and width in bits.
_MATCH_LAYOUT: tuple[tuple[str, int], ...] = (
    ("cube", 4), ("cube_owner", 2), ("turn", 1), ("crawford", 1), ("game_state", 3), ("decision", 1),
    ("doubled", 1), ("resigned", 2), ("die_0", 3), ("die_1", 3), ("match_length", 15),
    ("score_black", 15), ("score_white", 15), ("jacoby", 1), ("unused", 5),
)  # fmt: skip
# name -> (first bit, width), from the layout.
_MATCH_FIELDS: dict[str, tuple[int, int]] = {
    name: (end - width, width)
    for (name, width), end in zip(_MATCH_LAYOUT, accumulate(w for _, w in _MATCH_LAYOUT), strict=True)
}
# A problem's part of the Match ID -> the field where it starts.
_PART_START = {"dice": "die_0", "score": "score_black"}


def _pack(values: Mapping[str, int]) -> int:
    """The Match ID key holding each field's value (cut to its width)."""
    key = 0
    for name, (start, width) in _MATCH_FIELDS.items():
        key |= (values.get(name, 0) & ((1 << width) - 1)) << start
    return key


def _unpack(key: int) -> dict[str, int]:
    """Each field's value in a Match ID key."""
    return {name: key >> start & ((1 << width) - 1) for name, (start, width) in _MATCH_FIELDS.items()}


def encode_match_id(pos: DecodedPosition) -> str:
    """The 12-character Match ID of a position's game context (gnubg's MatchID).

    A game state of "none" is written as "playing" (the normalised form; see decode_match_id).
    """
    turn: Color = pos.turn or "white"
    move = _PLAYER.index(turn)
    deciding = 1 - move if (pos.cube_offer or pos.resigned) else move
    log = pos.cube_value.bit_length() - 1
    if pos.cube_value < 1 or 1 << log != pos.cube_value or log > 15:
        raise ValueError(f"cube value {pos.cube_value} is not a power of two up to 32768")
    state = "playing" if pos.game_state == "none" else pos.game_state
    dice = sorted(pos.dice or (0, 0), reverse=True)
    key = _pack(
        {
            "cube": log,
            "cube_owner": _OWNER_BITS[pos.cube_owner],
            "turn": move,
            "crawford": int(pos.crawford),
            "game_state": _GAME_STATES.index(state),
            "decision": deciding,
            "doubled": int(pos.cube_offer is not None),
            "resigned": pos.resigned,
            "die_0": dice[0],
            "die_1": dice[1],
            "match_length": pos.match_length,
            "score_black": pos.score[1],  # gnubg's player 0
            "score_white": pos.score[0],  # gnubg's player 1
            "jacoby": int(not pos.jacoby),
        }
    )
    return _encode_key(key, 9, MATCH_ID_LENGTH)


def decode_match_id(
    text: str, board: Board | None = None, *, field: str = FIELD, offset: int = 0
) -> DecodedPosition:
    """Decode a 12-character Match ID into a DecodedPosition (on `board`, initial if none given).

    Lenient where gnubg is: game state "no game started" (e.g. the widely copied `8IhuACAACAAE`)
    is read as a game in play, cube-owner bits 10 as centred; each such fix is listed in `notes`.
    """
    bits = _unpack(_decode_key(text, MATCH_ID_LENGTH, "match_id", field, offset))
    notes: list[str] = []

    def bad(name: str, expected: str, found: object) -> FormatError:
        start = _MATCH_FIELDS[_PART_START.get(name, name)][0]
        return FormatError(
            field,
            expected,
            part=f"match_id.{name}",
            position=offset + _char_of_bit(start),
            found=str(found),
        )

    if bits["unused"]:
        raise bad("unused", message("format.unused_bits"), bits["unused"])
    cube = 1 << bits["cube"]
    owner_bits = bits["cube_owner"]
    if owner_bits == 2:
        notes.append(message("format.note_cube_owner_bits"))
    owner = {0: "black", 1: "white"}.get(owner_bits, "centered")
    move = bits["turn"]
    crawford = bool(bits["crawford"])
    state_index = bits["game_state"]
    if state_index >= len(_GAME_STATES):
        raise bad("game_state", message("format.game_state"), state_index)
    state = _GAME_STATES[state_index]
    if state == "none":
        notes.append(message("format.note_no_game_started"))
        state = "playing"
    deciding = bits["decision"]
    doubled = bool(bits["doubled"])
    resigned = bits["resigned"]
    expected_deciding = 1 - move if (doubled or resigned) else move
    if deciding != expected_deciding:
        notes.append(message("format.note_decision_bit"))
    die0, die1 = bits["die_0"], bits["die_1"]
    if die0 > 6 or die1 > 6:
        raise bad("dice", message("format.match_dice"), f"{die0}{die1}")
    if (die0 == 0) != (die1 == 0):
        raise bad("dice", message("format.match_dice_pair"), f"{die0}{die1}")
    length = bits["match_length"]
    score0, score1 = bits["score_black"], bits["score_white"]
    if length:
        if score0 > length or score1 > length:
            raise bad("score", message("format.scores_at_most", length=length), f"{score1}-{score0}")
    elif crawford:
        raise bad("crawford", message("format.no_crawford_money"), 1)
    jacoby = not bits["jacoby"]
    return DecodedPosition(
        board=board if board is not None else Board.initial(),
        turn=_PLAYER[move],
        dice=(die0, die1) if die0 else None,
        cube_value=cube,
        cube_owner=owner,  # type: ignore[arg-type]
        match_length=length,
        score=(score1, score0),
        crawford=crawford,
        jacoby=jacoby,
        cube_offer="double" if doubled else None,
        resigned=resigned,
        game_state=state,  # type: ignore[arg-type]
        notes=tuple(notes),
    )


# -- the combined GNUbg ID -------------------------------------------------------------------------
def encode_gnubg_id(pos: DecodedPosition) -> str:
    """`POSITIONID:MATCHID` for a position and its game context (FormatError for a variant no GNU
    ID can hold)."""
    check_writable(pos, "gnubg_id")
    turn: Color = pos.turn or "white"
    return f"{encode_position_id(pos.board, turn)}:{encode_match_id(pos)}"


def decode_gnubg_id(
    text: str, turn: Color | None = None, *, checkers: int = 15, field: str = FIELD
) -> DecodedPosition:
    """Decode `POSITIONID:MATCHID`, or a Position ID alone with `turn` given (a money game, no dice).

    With a Match ID the player on roll comes from it; a `turn` given as well must agree.
    """
    if not isinstance(text, str):
        raise FormatError(field, message("format.gnubg_string"))
    stripped = text.strip()
    lead = len(text) - len(text.lstrip())
    if stripped.upper().startswith("GNUBGID"):
        stripped = stripped[7:]
        lead += 7
        while stripped[:1] in (" ", "=", ":"):
            stripped, lead = stripped[1:], lead + 1
    if ":" not in stripped:
        if turn is None:
            raise FormatError(
                field,
                message("format.position_id_alone"),
                part="turn",
            )
        board = decode_position_id(stripped, turn, checkers=checkers, field=field, offset=lead)
        return DecodedPosition(board=board, turn=turn)
    pos_part, _, match_part = stripped.partition(":")
    match = decode_match_id(match_part, field=field, offset=lead + len(pos_part) + 1)
    on_roll = match.turn or "white"
    if turn is not None and turn != on_roll:
        raise FormatError(
            field,
            message("format.turn_agrees", turn=repr(turn), on_roll=repr(on_roll)),
            part="turn",
        )
    board = decode_position_id(pos_part, on_roll, checkers=checkers, field=field, offset=lead)
    return match.with_(board=board)
