"""The three notations a position is read from and written to: GNU Backgammon IDs
(`POSITIONID:MATCHID`), XGID and the FIBS `board:` line (no web framework here).

`decode_source` reads one of them into a `DecodedPosition`, `encode_all` writes the ones asked for;
`read_position` and `write_position` do the same for an engine `Position` (what the library offers:
the string gives the board, the side on roll, the dice, the cube and the match; the rules are the
caller's, as in a request). `position_links` is the GNU ID and picture path of a verdict's position.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any, Literal
from urllib.parse import quote

from arbitru.engine.board import Board, Color
from arbitru.engine.cube import Cube
from arbitru.engine.match import Match
from arbitru.engine.position import Dice, Position
from arbitru.engine.rules import STANDARD, Rules
from arbitru.engine.variants import variant_of
from arbitru.formats.codec import DecodedPosition, check_writable
from arbitru.formats.fibs import decode_fibs, encode_fibs
from arbitru.formats.gnubg_id import decode_gnubg_id, encode_gnubg_id
from arbitru.formats.xgid import decode_xgid, encode_xgid

Notation = Literal["gnubg_id", "xgid", "fibs"]
SOURCES: tuple[Notation, ...] = ("gnubg_id", "xgid", "fibs")


def decode_source(name: str, text: str, turn: Color | None = None, checkers: int = 15) -> DecodedPosition:
    """Decode one position source string (FormatError when it is malformed)."""
    if name == "gnubg_id":
        return decode_gnubg_id(text, turn, checkers=checkers)
    if name == "xgid":
        return decode_xgid(text, checkers=checkers)
    if name == "fibs":
        return decode_fibs(text, checkers=checkers)
    raise ValueError(f"unknown position source {name!r}")


def decoded_from_request(
    board: Board,
    turn: Color | None,
    dice: Dice | None,
    cube: Mapping[str, Any] | None,
    match: Mapping[str, Any] | None,
    rules: Rules | None = None,
    *,
    game_over: bool = False,
) -> DecodedPosition:
    """A DecodedPosition from the request's JSON context (for encoding IDs)."""
    cube = cube or {}
    match = match or {}
    length = int(match.get("length", 0) or 0)
    score = match.get("score") or {}
    money = not length
    return DecodedPosition(
        board=board,
        turn=turn,
        dice=dice,
        cube_value=int(cube.get("value", 1)),
        cube_owner=cube.get("owner", "centered"),
        match_length=length,
        score=(int(score.get("white", 0)), int(score.get("black", 0))),
        crawford=bool(match.get("crawford", False)) and not money,
        jacoby=bool(rules and rules.jacoby and money),
        beavers=bool(rules and rules.beavers and money),
        game_state="over" if game_over else "playing",
        variant=rules.variant if rules else "backgammon",
    )


def encode_all(pos: DecodedPosition, include: Collection[str] = SOURCES) -> dict[str, str]:
    """The requested IDs of a position (`gnubg_id`, `xgid`, `fibs`)."""
    out: dict[str, str] = {}
    if "gnubg_id" in include:
        out["gnubg_id"] = encode_gnubg_id(pos)
    if "xgid" in include:
        out["xgid"] = encode_xgid(pos)
    if "fibs" in include:
        out["fibs"] = encode_fibs(pos)
    return out


def position_links(position: Mapping[str, Any], rules: Rules | None = None) -> dict[str, str]:
    """The GNU Backgammon ID of a position in its JSON form (board, turn, dice, cube, match) and the
    path of its picture, /v1/board.svg?gnubg_id=... (relative: the client knows the host); none for
    a variant no GNU ID can hold."""
    if rules is not None and not variant_of(rules).position_ids:
        return {}
    board = Board.from_dict(position["board"], checkers=(rules or Rules()).checkers, pins=False)
    dice = tuple(position["dice"]) if position.get("dice") else None
    pos = decoded_from_request(
        board, position["turn"], dice, position.get("cube"), position.get("match"), rules
    )
    gnubg_id = encode_all(pos, ("gnubg_id",))["gnubg_id"]
    return {"gnubg_id": gnubg_id, "board_svg": "/v1/board.svg?gnubg_id=" + quote(gnubg_id, safe="")}


def read_position(
    text: str, notation: Notation = "gnubg_id", *, turn: Color | None = None, rules: Rules = STANDARD
) -> Position:
    """The position a GNU ID, XGID or FIBS line says (FormatError naming the bad character when it
    is malformed, or naming the variant when `rules` are of one no such string can hold), under
    `rules`; `turn` is needed for a GNU Position ID given alone."""
    decoded = decode_source(notation, text, turn, rules.checkers)
    check_writable(decoded.with_(variant=rules.variant), notation)
    return Position(
        decoded.board,
        decoded.turn,
        decoded.dice,
        Cube(decoded.cube_value, decoded.cube_owner),
        Match(decoded.match_length, decoded.score, decoded.crawford),
        rules,
    )


def write_position(position: Position, notation: Notation = "gnubg_id") -> str:
    """The GNU ID, XGID or FIBS line of a position (what `read_position` reads back as the same)."""
    decoded = decoded_from_request(
        position.board,
        position.turn,
        position.dice,
        position.cube.to_dict(),
        position.match.to_dict(),
        position.rules,
        game_over=position.ends_game(),
    )
    return encode_all(decoded, (notation,))[notation]
