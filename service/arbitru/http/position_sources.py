"""Position sources: a request may give `gnubg_id`, `xgid` or `fibs` instead of `board`/`turn`/`dice`.

`PositionSourcesMixin` adds the three fields to a request schema and, before validation, expands the
one given into the request's `board`, `turn`, `dice`, `cube` and `match` (what the string carries),
so everything downstream (required fields, `resolve_position`, the routes) is unchanged. An explicit
field that contradicts the string, two sources, or a source together with `board` is a 422 naming
the field; a malformed string is a 422 naming the field, the bad character's index and what was
expected. `position_ids` gives the IDs of a resulting position for the `include` flag.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

import marshmallow as ma
from marshmallow import fields, validate

from arbitru.engine import Board, Color, Rules
from arbitru.engine.board import other
from arbitru.engine.rules import STANDARD, build_rules
from arbitru.formats.codec import FormatError, check_writable
from arbitru.formats.sources import SOURCES, decode_source, decoded_from_request, encode_all, position_links
from arbitru.http.errors import ValidationProblem
from arbitru.messages import AllOf, message

__all__ = [
    "SOURCES",
    "ID_INCLUDES",
    "PositionSourcesMixin",
    "sources_openapi",
    "decode_source",
    "position_ids",
    "decoded_from_request",
    "encode_all",
    "position_links",
    "EXAMPLES",
]

ALL_TARGETS: frozenset[str] = frozenset({"board", "turn", "dice", "cube", "match"})
ID_INCLUDES: frozenset[str] = frozenset(SOURCES)
EXAMPLES: dict[str, str] = {
    "gnubg_id": "4HPwATDgc/ABMA:cAkAAAAAAAAA",
    "xgid": "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10",
    "fibs": (
        "board:You:someplayer:3:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:1:6:2:0:0:"
        "1:1:1:0:1:-1:0:25:0:0:0:0:2:0:0:0"
    ),
}
_DOCS = {
    "gnubg_id": (
        "GNU Backgammon ID instead of `board`: `POSITIONID:MATCHID` (turn, dice, cube and match come "
        "from the Match ID), or a 14-character Position ID alone together with `turn`. GNU player 1 is "
        "white, player 0 black"
    ),
    "xgid": (
        "eXtreme Gammon XGID instead of `board`/`turn`/`dice` (with or without `XGID=`); the bottom "
        "player (upper-case letters) is white"
    ),
    "fibs": (
        "FIBS CLIP `board:` line (53 fields) instead of `board`/`turn`/`dice`; the line's player (first "
        "name) is white, the opponent black; any colour and direction"
    ),
}
_MAX_LENGTH = {"gnubg_id": 100, "xgid": 200, "fibs": 1000}


def source_field(name: str) -> fields.String:
    """The request field of one position source, documented with an example."""
    return fields.String(
        validate=validate.Length(max=_MAX_LENGTH[name]),
        metadata={"description": _DOCS[name], "example": EXAMPLES[name]},
    )


def sources_openapi(replaces: Sequence[str], required: Sequence[str] = ()) -> dict[str, Any]:
    """JSON Schema keywords for a request that takes the `replaces` fields or one position source.

    The alternative is stated in the description, not with `anyOf`/`oneOf` over `required` lists:
    schemathesis' generator cannot produce data for those, and the server answers 422 (naming the
    fields) for a request with neither, or with two sources, anyway.
    """
    sources = ", ".join(f"`{name}`" for name in SOURCES)
    fields_given = ", ".join(f"`{name}`" for name in replaces)
    return {
        "required": list(required),
        "description": (
            f"Give the position as {fields_given}, or instead as exactly one of {sources} "
            "(the values they carry fill the request; an explicit field that contradicts them is a 422)."
        ),
    }


def _request_rules(rules: Any) -> Rules:
    """The request's rules, to decode a position source before the schema has checked them
    (pre_load): rules with any problem are the standard ones, and the schema refuses them
    afterwards. Only rules the engine accepts may size the board (a hypergammon count sent as the
    string "3" reached the decoder's arithmetic and answered 500) or name the variant."""
    if not isinstance(rules, Mapping):
        return STANDARD
    try:
        built, problems = build_rules(rules)
    except TypeError:  # an unhashable preset
        return STANDARD
    return STANDARD if problems else built


def _carries_context(name: str, text: str) -> bool:
    """Whether the source says anything of the cube and match (a Position ID alone does not)."""
    return name != "gnubg_id" or ":" in text


def expand_source(data: dict[str, Any], accepts: Collection[str] = ALL_TARGETS) -> dict[str, Any]:
    """The request with its position source expanded into board/turn/dice/cube/match (those of them
    the schema `accepts`; the rest of what the string says is ignored).

    Raises ma.ValidationError naming the field for two sources, a source with `board`, a malformed
    string, or an explicit field the string contradicts.
    """
    given = [name for name in SOURCES if name in data and data[name] is not None]
    if not given:
        return data
    if len(given) > 1:
        raise ma.ValidationError({given[-1]: [message("problem.one_source", sources=AllOf(given))]})
    name = given[0]
    text = data[name]
    if not isinstance(text, str):
        return data  # the field itself reports "Not a valid string."
    if "board" in data:
        raise ma.ValidationError({name: [message("problem.board_and_source", name=name)]})
    explicit_turn = data.get("turn") if data.get("turn") in ("white", "black") else None
    if name == "gnubg_id" and ":" in text:
        explicit_turn = None  # the Match ID says who is on roll; a different `turn` is reported below
    rules = _request_rules(data.get("rules"))
    try:
        pos = decode_source(name, text, explicit_turn, rules.checkers)
        check_writable(pos.with_(variant=rules.variant), name)  # no string holds a Plakoto position
    except FormatError as exc:
        if name == "gnubg_id" and exc.part == "turn":  # a Position ID alone and no `turn`
            raise ma.ValidationError({"turn": [message("problem.turn_for_position_id", name=name)]}) from None
        raise ma.ValidationError({name: [exc.message]}) from None
    errors: dict[str, list[str]] = {}
    out = dict(data)
    if "board" in accepts:
        out["board"] = pos.board.to_dict()
    if pos.turn is not None and "turn" in accepts:
        if "turn" in data and data["turn"] != pos.turn:
            errors["turn"] = _says("problem.source_turn", name, pos.turn, data["turn"])
        out["turn"] = pos.turn
    if pos.dice is not None and "dice" in accepts:
        given_dice = data.get("dice")
        if "dice" in data and (
            not isinstance(given_dice, list) or sorted(map(str, given_dice)) != sorted(map(str, pos.dice))
        ):
            errors["dice"] = _says("problem.source_dice", name, list(pos.dice), given_dice)
        out.setdefault("dice", list(pos.dice))
    if _carries_context(name, text) and "cube" in accepts:
        cube = {"value": pos.cube_value, "owner": pos.cube_owner}
        given_cube = data.get("cube")
        if "cube" in data:
            if not isinstance(given_cube, Mapping) or any(
                given_cube.get(key, "centered" if key == "owner" else None) != value
                for key, value in cube.items()
            ):
                errors["cube"] = _says("problem.source_cube", name, cube, given_cube)
        else:
            out["cube"] = cube
    if _carries_context(name, text) and "match" in accepts:
        match: dict[str, Any] = {"length": pos.match_length}
        if pos.match_length:
            match["score"] = {"white": pos.score[0], "black": pos.score[1]}
            match["crawford"] = pos.crawford
        given_match = data.get("match")
        if "match" in data:
            if not isinstance(given_match, Mapping) or any(
                key in given_match and given_match[key] != value for key, value in match.items()
            ):
                errors["match"] = _says("problem.source_match", name, match, given_match)
        else:
            out["match"] = match
    if errors:
        raise ma.ValidationError(errors)
    return out


def _says(key: str, name: str, said: object, given: object) -> list[str]:
    """The error of a field the request gives that contradicts what its position string `name` says."""
    return [message(key, name=name, said=str(said), given=repr(given))]


class PositionSourcesMixin(ma.Schema):
    """Adds `gnubg_id`, `xgid` and `fibs` to a request schema, expanded before validation."""

    gnubg_id = source_field("gnubg_id")
    xgid = source_field("xgid")
    fibs = source_field("fibs")

    @ma.pre_load
    def _expand_position_source(self, data: Any, **kwargs: Any) -> Any:
        if not isinstance(data, dict):
            return data
        return expand_source(data, self.fields.keys())


# -- the other way: IDs of a position a route computed ----------------------------------------------
def position_ids(
    board_after: Board,
    turn: Color,
    cube: Mapping[str, Any] | None,
    match: Mapping[str, Any] | None,
    rules: Rules | None,
    include: Collection[str],
    *,
    game_over: bool = False,
) -> dict[str, str]:
    """IDs of the position after `turn` has played: the opponent to roll, same cube and match."""
    wanted = ID_INCLUDES.intersection(include)
    if not wanted:
        return {}
    pos = decoded_from_request(board_after, other(turn), None, cube, match, rules, game_over=game_over)
    try:
        return encode_all(pos, wanted)
    except FormatError as exc:  # a variant no position ID can hold
        raise ValidationProblem({"include": [exc.message]}) from None
