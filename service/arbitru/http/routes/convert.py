"""POST /v1/convert: one position in (a JSON board, a GNU Backgammon ID, an XGID or a FIBS board line),
every form out (board, turn, dice, cube, match, gnubg_id, xgid, fibs)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Response

from arbitru.formats.codec import DecodedPosition, FormatError
from arbitru.formats.fibs import encode_fibs
from arbitru.formats.gnubg_id import encode_match_id, encode_position_id
from arbitru.http.blueprint import Blueprint
from arbitru.http.errors import ValidationProblem
from arbitru.http.i18n import request_language
from arbitru.http.json import json_response
from arbitru.http.position import resolve_position
from arbitru.http.position_sources import (
    EXAMPLES,
    SOURCES,
    decode_source,
    decoded_from_request,
    encode_all,
)
from arbitru.http.schemas.convert import PositionConvertRequestSchema, PositionConvertResponseSchema
from arbitru.http.schemas.examples import OPENING_BOARD
from arbitru.messages import localise, message

blp = Blueprint(
    "convert",
    __name__,
    url_prefix="/v1",
    description="Position formats: GNU Backgammon Position ID / Match ID, eXtreme Gammon XGID, FIBS board "
    "lines and the JSON board, each into all the others.",
)

CONVERT_EXAMPLES: dict[str, Any] = {
    "gnubg_id": {
        "summary": "GNU Backgammon POSITIONID:MATCHID (turn, dice, cube, match from the Match ID)",
        "value": {"gnubg_id": EXAMPLES["gnubg_id"]},
    },
    "position_id": {
        "summary": "A GNU Position ID alone, with the side on roll",
        "value": {"gnubg_id": "4HPwATDgc/ABMA", "turn": "black", "dice": [3, 1]},
    },
    "match_id_trap": {
        "summary": "The widely copied Match ID 8IhuACAACAAE ('no game started', read as in play)",
        "value": {"gnubg_id": "4HPwATDgc/ABMA:8IhuACAACAAE"},
    },
    "xgid": {"summary": "An eXtreme Gammon XGID", "value": {"xgid": EXAMPLES["xgid"]}},
    "fibs": {"summary": "A FIBS CLIP board: line", "value": {"fibs": EXAMPLES["fibs"]}},
    "board": {
        "summary": "A JSON board with its context",
        "value": {
            "board": OPENING_BOARD,
            "turn": "white",
            "dice": [6, 5],
            "cube": {"value": 2, "owner": "black"},
            "match": {"length": 7, "score": {"white": 2, "black": 4}},
        },
    },
}


def convert_body(body: Mapping[str, Any], lang: str = "en") -> dict[str, Any]:
    """The answer of /v1/convert for a schema-validated body (its notes in `lang`)."""
    position = resolve_position(body)
    source = next((name for name in SOURCES if body.get(name) is not None), None)
    if source is None:
        pos = decoded_from_request(
            position.board, position.turn, position.dice, position.cube, position.match, position.rules
        )
    else:
        try:
            pos = decode_source(source, body[source], position.turn, position.rules.checkers)
        except FormatError as exc:  # already checked while loading; kept for safety
            raise ValidationProblem({source: [exc.message]}) from None
        pos = pos.with_(turn=position.turn or pos.turn, dice=pos.dice or position.dice)
        if source == "gnubg_id" and ":" not in body[source]:  # a Position ID alone: context from the request
            pos = decoded_from_request(
                pos.board, pos.turn, pos.dice, position.cube, position.match, position.rules
            )
    if pos.turn is None:
        raise ValidationProblem(
            {"turn": [message("problem.give_turn")]},
            detail=message("problem.nobody_on_roll"),
        )
    try:
        return _answer(pos, body, lang)
    except FormatError as exc:  # a variant no position string can hold (Long Nardy, Plakoto)
        raise ValidationProblem({"rules.variant": [exc.message]}) from None


def _answer(pos: DecodedPosition, body: Mapping[str, Any], lang: str) -> dict[str, Any]:
    ids = encode_all(pos, ("gnubg_id", "xgid"))
    turn = pos.turn or "white"
    return {
        "board": pos.board.to_dict(),
        "turn": turn,
        "dice": list(pos.dice) if pos.dice else None,
        "cube": pos.cube_dict(),
        "match": pos.match_dict(),
        "gnubg_id": ids["gnubg_id"],
        "position_id": encode_position_id(pos.board, turn),
        "match_id": encode_match_id(pos),
        "xgid": ids["xgid"],
        "fibs": encode_fibs(pos, colour=body.get("fibs_colour", 1), direction=body.get("fibs_direction", -1)),
        "jacoby": pos.jacoby,
        "beavers": pos.beavers,
        "cube_offer": pos.cube_offer,
        "notes": [localise(note, lang) for note in pos.notes],
    }


@blp.route("/convert", methods=["POST"])
@blp.links(
    moves_by_gnubg_id={
        "target": "POST /v1/moves",
        "body": {"gnubg_id": "$response.body#/position_id", "turn": "$response.body#/turn", "dice": [3, 1]},
        "description": "The plays of 3-1 in the position, given by its GNU Position ID",
    },
    moves_by_xgid={
        "target": "POST /v1/moves",
        "body": {"xgid": "$response.body#/xgid"},
        "description": "The plays of the position, given by its XGID (with the dice it holds)",
    },
    moves_by_fibs={
        "target": "POST /v1/moves",
        "body": {"fibs": "$response.body#/fibs"},
        "description": "The plays of the position, given by its FIBS board line (with its dice)",
    },
)
@blp.answers(
    PositionConvertRequestSchema,
    CONVERT_EXAMPLES,
    convert_body,
    PositionConvertResponseSchema,
    "The position in every form",
)
def convert(body: dict[str, Any]) -> Response:
    """Convert a position between formats

    Give exactly one of: `board` (with `turn`, and optionally `dice`, `cube`, `match`), `gnubg_id`
    (`POSITIONID:MATCHID`, or a Position ID alone with `turn`), `xgid` (with or without `XGID=`), or
    `fibs` (a CLIP `board:` line). The answer holds every form: the JSON board and context, the GNU
    Position ID, Match ID and both joined, the XGID and the FIBS line. White is GNU's player 1, XG's
    bottom player and the FIBS line's player. A malformed string is a 422 naming the field, the
    index of the bad character and what was expected; an explicit field contradicting the string is
    a 422 naming that field. No string holds a Long Nardy or Plakoto position (both sides moving the
    same way, pins): under those rules the conversion is a 422 naming the variant, never a wrong ID.
    """
    return json_response(convert_body(body, request_language()))


__all__ = ["blp", "convert_body"]
