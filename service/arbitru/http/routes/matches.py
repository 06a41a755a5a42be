"""Match routes: the whole-match referee (/v1/matches/verify) and conversion (/v1/matches/convert) to a
JSON record, a .mat (gnubg's layout) or SGF; both take JSON or the transcript file itself.

Thin: read the transcript (arbitru.formats.mat) or the JSON game record (arbitru.formats.game_record),
resolve the rules (client options first, then the transcript's header tags), replay with the referee
(arbitru.referee) and answer with orjson. A body that is not a match is a 422 naming the line
(or the record's field); a transcript over the size limit is a 413.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import marshmallow as ma
import orjson
from flask import Request, Response
from marshmallow import fields, validate

from arbitru.engine.i18n import text
from arbitru.engine.moves import PlayBudgetExceeded, play_budget
from arbitru.formats.game_record import EXAMPLE as RECORD_EXAMPLE
from arbitru.formats.game_record import RecordError, is_json_record, match_to_record, record_to_match
from arbitru.formats.limits import MAX_ACTIONS, MAX_MAT_CHARS, MAX_MATCH_LENGTH, MAX_WORK_PLAYS
from arbitru.formats.mat import MatFormatError, decode, read_mat
from arbitru.formats.mat_writer import write_mat
from arbitru.formats.sgf import write_sgf
from arbitru.http import schemas
from arbitru.http.blueprint import Blueprint, JsonBodyParser
from arbitru.http.errors import Problem, ValidationProblem, flatten_messages
from arbitru.http.i18n import request_language
from arbitru.http.json import json_response
from arbitru.http.position_sources import position_links
from arbitru.referee import LISTED_PLAYS, MODES, REASON_CODES, Excerpt, resolve_rules, verify

FILE_OPTIONS = ("mode", "to", "preset")  # what a text/plain or multipart request may say besides the file


SAMPLE_MAT = """; [Site "GNU Backgammon"]

 1 point match

 Game 1
 charlot1 : 0                   charlot2 : 0
  1)                             62: 24/18 13/11
  2) 62: 13/7* 24/22             51:
      Wins 1 point
"""
EXPORT_TYPES: dict[str, tuple[str, str]] = {  # format -> (media type, file extension)
    "mat": ("text/plain; charset=utf-8", "mat"),
    "sgf": ("application/x-go-sgf; charset=utf-8", "sgf"),
}
FILE_BODY = {
    "text/plain": {
        "schema": {"type": "string", "description": "the transcript itself (.mat, or a JSON record)"},
        "example": SAMPLE_MAT,
    },
    "multipart/form-data": {
        "schema": {
            "type": "object",
            "required": ["file"],
            "properties": {
                "file": {"type": "string", "format": "binary", "description": "the transcript file"},
                **{name: {"type": "string"} for name in FILE_OPTIONS},
            },
        },
        "example": {"file": SAMPLE_MAT, "mode": "legal-moves-only"},
    },
}


# The file bodies are documented beside the JSON one as an extension, not as more `content` media
# types: OpenAPI links (matches/convert -> matches/verify) carry a JSON body, and a linked
# operation with several media types leaves a client (schemathesis' stateful phase) unable to
# pick one.
FILE_BODY_DOC = {"x-file-bodies": FILE_BODY}


class MatchFileParser(JsonBodyParser):
    """The JSON body, or the transcript file itself: a `text/plain` body, or a multipart upload in
    the field `file`; `mode`, `to` and `preset` then come from the query string (or the form).
    A file that holds a JSON object is a game record, any other text a .mat transcript."""

    def load_json(self, req: Request, schema: ma.Schema) -> Any:
        if req.mimetype == "text/plain":
            return _file_body(req.get_data(cache=True), req.args)
        if req.mimetype == "multipart/form-data":
            upload = req.files.get("file")
            if upload is None:
                raise ValidationProblem({"file": ["send the transcript in the multipart field `file`"]})
            return _file_body(upload.read(), {**req.args, **req.form})
        return super().load_json(req, schema)


def _file_body(data: bytes, options: Mapping[str, str]) -> dict[str, Any]:
    """The JSON body equivalent of an uploaded file and its options."""
    if len(data) > 4 * MAX_MAT_CHARS:  # a UTF-8 character is at most 4 bytes: surely over the limit
        raise Problem(413, f"the transcript has {len(data)} bytes; the limit is {MAX_MAT_CHARS} characters")
    try:
        text = decode(data)
    except MatFormatError as exc:
        raise ValidationProblem({"file": [f"line {exc.line}: {exc.message}"]}) from None
    body: dict[str, Any] = {}
    if is_json_record(text):
        try:
            body["record"] = orjson.loads(text)
        except orjson.JSONDecodeError as exc:
            raise ValidationProblem({"file": [f"not a JSON game record: {exc}"]}) from None
    else:
        body["mat"] = text
    for name in FILE_OPTIONS:
        if name in options:
            body[name] = options[name]
    if "preset" in body:
        body["rules"] = {"preset": body.pop("preset")}
    return body


class MatchesBlueprint(Blueprint):
    """The matches routes take the transcript as JSON or as the file itself."""

    ARGUMENTS_PARSER = MatchFileParser()


blp = MatchesBlueprint(
    "matches",
    __name__,
    url_prefix="/v1",
    description="The match referee: replay a whole transcript (.mat or JSON game record) under the rules; "
    "convert it to a JSON record, a .mat or SGF.",
)

EXPORTS = ("record", "mat", "sgf")

_doc = schemas._doc  # noqa: SLF001 - the shared metadata helper

ILLEGAL_MAT = """ 3 point match

 Game 1
 Nicu : 0                       Dorin : 0
  1) 31: 8/5 6/5                 42: 8/4 6/4
  2) 64: 24/18 18/14             63: 24/18 13/10
  3) 21: 13/11 11/10             54: 18/13 13/9
  4) 55: 13/8 13/8 8/3           11: 6/5 6/5 4/3 4/3
"""
VERIFY_EXAMPLES: dict[str, Any] = {
    "mat": {"summary": "A .mat transcript (roll, then resign)", "value": {"mat": SAMPLE_MAT}},
    "illegal": {
        "summary": "A transcript with an illegal play (a 5-5 played with three fives)",
        "value": {"mat": ILLEGAL_MAT, "mode": "legal-moves-only"},
    },
    "record": {"summary": "The same match as a JSON game record", "value": {"record": RECORD_EXAMPLE}},
}


# -- schemas --------------------------------------------------------------------------------------
class MatchSourceSchema(schemas.StrictSchema):
    """A match: exactly one of `mat` (the text of a .mat file) or `record` (a JSON game record)."""

    mat = fields.String(
        metadata=_doc(f"the text of a Jellyfish .mat transcript (at most {MAX_MAT_CHARS} characters)")
    )
    record = fields.Dict(
        metadata=_doc(
            "a JSON game record (the shape POST /v1/matches/convert returns): players, match_length, "
            "rules, games of turns (roll with dice and play, double, take, drop, beaver, raccoon, resign)",
            example=RECORD_EXAMPLE,
        )
    )
    rules = fields.Nested(
        schemas.RulesSchema,
        metadata=_doc(
            "rule options; those not given come from the transcript's header tags, then the defaults"
        ),
    )

    @ma.validates_schema
    def _exactly_one_source(self, data: dict[str, Any], **kwargs: Any) -> None:
        if ("mat" in data) == ("record" in data):
            raise ma.ValidationError("give exactly one of `mat` or `record`", "mat")


class VerifyRequestSchema(MatchSourceSchema):
    """A match to referee (exactly one of `mat` or `record`), how, and for an excerpt where it starts."""

    start_score = fields.List(
        schemas.StrictInteger(validate=validate.Range(0, MAX_MATCH_LENGTH)),
        validate=validate.Length(equal=2),
        metadata=_doc(
            "for an excerpt (a transcript that does not start at 0-0): the score before its first game, "
            "players[0] first; each game's header score is then checked from there, and the verdict "
            "says `excerpt: true`"
        ),
    )
    start_position = schemas.BoardField(
        metadata=_doc(
            "for an excerpt that starts during a game: the board its first game starts from (white = "
            "players[0]); the first roll is then not an opening roll. Needs `start_score`"
        )
    )
    start_crawford = schemas.StrictBoolean(
        metadata=_doc(
            "for an excerpt: whether its first game is the Crawford game (default false). Needs "
            "`start_score` with one player one point from winning the match"
        )
    )
    mode = fields.String(
        validate=validate.OneOf(MODES),
        metadata=_doc(
            "legal-moves-only (default): the first illegal action is the error; illegal-moves-rule: "
            "illegal checker plays are condoned (listed) and the replay goes on, except impossible ones",
            default="legal-moves-only",
        ),
    )

    @ma.validates_schema
    def _excerpt_needs_its_score(self, data: dict[str, Any], **kwargs: Any) -> None:
        for name in ("start_position", "start_crawford"):
            if data.get(name) and "start_score" not in data:
                raise ma.ValidationError("an excerpt's start needs `start_score`", name)


class ConvertRequestSchema(MatchSourceSchema):
    """A match to convert (exactly one of `mat` or `record`), and the format wanted."""

    to = fields.String(
        validate=validate.OneOf(list(EXPORTS)),
        metadata=_doc(
            "record (default): the JSON game record; mat: a Jellyfish .mat as GNU Backgammon exports "
            "it; sgf: GNU Backgammon's SGF (GM[6]). mat and sgf answer the file itself",
            default="record",
        ),
    )


class GameVerdictSchema(ma.Schema):
    """One completed game as replayed."""

    game = fields.Integer(metadata=_doc("the game number as written"))
    start_score = fields.List(fields.Integer(), metadata=_doc("the score before the game, players[0] first"))
    crawford_game = fields.Boolean(metadata=_doc("whether this game was the Crawford game"))
    winner = fields.String(
        allow_none=True, metadata=_doc("the winner's name (null for an unfinished last game)")
    )
    points = fields.Integer(allow_none=True, metadata=_doc("what the game was worth: cube x result"))
    cube = fields.Integer(metadata=_doc("the cube value at the end of the game"))
    result = fields.String(allow_none=True, metadata=_doc("single, gammon or backgammon"))
    ended_by = fields.String(allow_none=True, metadata=_doc("bearoff, drop or resign"))
    declared_points = fields.Integer(allow_none=True, metadata=_doc("the points the transcript writes"))
    capped = fields.Boolean(
        metadata=_doc("the transcript writes the points capped at what the winner needed")
    )


class ErrorPositionSchema(ma.Schema):
    """The position an illegal action was played in, with its picture."""

    board = fields.Nested(schemas.BoardOutSchema, required=True, metadata=_doc("white = players[0]"))
    turn = fields.String(required=True, metadata=_doc("who acted (white = players[0])"))
    dice = fields.List(fields.Integer(), required=True, allow_none=True, metadata=_doc("for a roll"))
    cube = fields.Dict(required=True)
    match = fields.Dict(required=True)
    gnubg_id = fields.String(required=True, metadata=_doc("GNU Backgammon POSITIONID:MATCHID"))
    board_svg = fields.String(
        required=True, metadata=_doc("the path of its picture: /v1/board.svg?gnubg_id=...")
    )


class ActionErrorSchema(ma.Schema):
    """Where an illegal action stands and why it is illegal."""

    game = fields.Integer()
    move = fields.Integer(allow_none=True, metadata=_doc("the number before `)` on the file's line"))
    player = fields.String(allow_none=True)
    line = fields.Integer(allow_none=True, metadata=_doc("1-based line of the file (null for a JSON record)"))
    action = fields.String(allow_none=True, metadata=_doc("the action as written"))
    code = fields.String(metadata=_doc("reason code, one of: " + ", ".join(REASON_CODES)))
    message = fields.String()
    position = fields.Nested(
        ErrorPositionSchema, metadata=_doc("where the action was played (actions of a game in progress)")
    )
    legal_play_count = fields.Integer(metadata=_doc("for a roll: how many legal plays there were"))
    legal_plays = fields.List(
        fields.String(), metadata=_doc(f"for a roll: the legal plays, when at most {LISTED_PLAYS}")
    )


class VerifyResponseSchema(ma.Schema):
    """The referee's verdict on a whole match."""

    valid = fields.Boolean(metadata=_doc("whether the whole match is legal"))
    mode = fields.String()
    excerpt = fields.Boolean(
        metadata=_doc("whether the transcript was verified as an excerpt (`start_score` given)")
    )
    start_score = fields.List(
        fields.Integer(), metadata=_doc("the score the replay started from, players[0] first")
    )
    match_length = fields.Integer(metadata=_doc("0 = money session"))
    players = fields.List(fields.String(), metadata=_doc("players[0] is the left column of the file"))
    games = fields.List(
        fields.Nested(GameVerdictSchema), metadata=_doc("the games completed before any error")
    )
    final_score = fields.List(fields.Integer())
    winner = fields.String(
        allow_none=True, metadata=_doc("the match winner's name (null while unfinished or money)")
    )
    error = fields.Nested(
        ActionErrorSchema, allow_none=True, metadata=_doc("the first illegal action, or null")
    )
    condoned = fields.List(
        fields.Nested(ActionErrorSchema), metadata=_doc("illegal plays condoned (illegal-moves-rule)")
    )


class TurnSchema(ma.Schema):
    """One action of a game record."""

    player = fields.Integer(metadata=_doc("0 = players[0], 1 = players[1]"))
    action = fields.String(metadata=_doc("roll, double, take, drop, beaver, raccoon or resign"))
    dice = fields.List(fields.Integer(), metadata=_doc("roll: the two dice"))
    play = fields.String(
        allow_none=True, metadata=_doc("roll: standard notation; '' = no move; null = not recorded")
    )
    cube = fields.Integer(metadata=_doc("double/beaver/raccoon: the cube value it offers"))
    level = fields.String(metadata=_doc("resign: single, gammon or backgammon, when stated"))


class RecordResultSchema(ma.Schema):
    """The result the transcript writes for a game."""

    winner = fields.Integer(metadata=_doc("0 or 1"))
    points = fields.Integer(allow_none=True)
    and_the_match = fields.Boolean()


class RecordGameSchema(ma.Schema):
    """One game of a game record."""

    game = fields.Integer()
    start_score = fields.List(fields.Integer())
    start_position = fields.Nested(
        schemas.BoardSchema, metadata=_doc("optional start board; white = players[0]")
    )
    set_position = fields.String(metadata=_doc("optional XG position string the game starts from"))
    turns = fields.List(fields.Nested(TurnSchema))
    result = fields.Nested(RecordResultSchema, allow_none=True)


class RecordSchema(ma.Schema):
    """A JSON game record of a match."""

    format = fields.String(metadata=_doc("arbitru.match/1"))
    players = fields.List(fields.String())
    match_length = fields.Integer(metadata=_doc("0 = money session"))
    rules = fields.Dict(metadata=_doc("rule options, as in every route"))
    games = fields.List(fields.Nested(RecordGameSchema))


# -- helpers ---------------------------------------------------------------------------------------
def _read_mat(text: str) -> Any:
    if len(text) > MAX_MAT_CHARS:
        raise Problem(413, f"the transcript has {len(text)} characters; the limit is {MAX_MAT_CHARS}")
    try:
        return read_mat(text)
    except MatFormatError as exc:
        raise ValidationProblem(
            {"mat": [f"line {exc.line}: {exc.message}"]},
            detail=f"`mat` is not a readable match transcript: line {exc.line}: {exc.message}",
        ) from None


def _read_record(record: Mapping[str, Any]) -> Any:
    try:
        match = record_to_match(record)
    except RecordError as exc:
        errors: dict[str, list[str]] = {}
        for path, message in exc.problems:
            errors.setdefault(path, []).append(message)
        raise ValidationProblem(errors, detail="`record` is not a well-formed game record") from None
    rules = record.get("rules")
    if isinstance(rules, Mapping):
        found = schemas.RulesSchema().validate(rules)
        if found:
            raise ValidationProblem(
                flatten_messages(found, "record.rules"), detail="the record's rules are not valid"
            )
    return match


def _check_actions(match: Any) -> None:
    """413 for a match of more actions than `MAX_ACTIONS` (before any is replayed)."""
    if sum(len(game.actions) for game in match.games) > MAX_ACTIONS:
        raise Problem(413, f"the match holds more than {MAX_ACTIONS} actions")


def _read_match(body: Mapping[str, Any]) -> tuple[Any, Any]:
    """The match of a validated body and the rules to read it by (client options first)."""
    match = _read_mat(body["mat"]) if "mat" in body else _read_record(body["record"])
    _check_actions(match)
    requested = dict(body.get("rules") or {})
    if "record" in body and isinstance(body["record"].get("rules"), Mapping):
        requested = {**body["record"]["rules"], **requested}
    rules, problems = resolve_rules(match, requested, request_language())
    if problems:
        errors: dict[str, list[str]] = {}
        for found in problems:
            errors.setdefault(found.field, []).append(found.message)
        raise ValidationProblem(errors, detail="the rules are not valid")
    return match, rules


def _replayed(body: Mapping[str, Any], replay: Any) -> Any:
    """`replay()` within the work limit of one request, or a 422 saying the match is too much work."""
    try:
        with play_budget(MAX_WORK_PLAYS):
            return replay()
    except PlayBudgetExceeded:
        raise ValidationProblem(
            {"mat" if "mat" in body else "record": [f"replaying it lists more than {MAX_WORK_PLAYS} plays"]},
            detail=f"the match is too much work: replaying it lists more than {MAX_WORK_PLAYS} plays "
            "(the work limit of one request); send it in parts",
        ) from None


def _verdict(body: Mapping[str, Any]) -> dict[str, Any]:
    match, rules = _read_match(body)
    excerpt = _excerpt(body, match.length, request_language())
    mode = body.get("mode", "legal-moves-only")
    verdict = _replayed(body, lambda: verify(match, rules, mode, excerpt))
    if verdict["error"] and "position" in verdict["error"]:
        verdict["error"]["position"].update(position_links(verdict["error"]["position"], rules))
    return verdict


def _excerpt(body: Mapping[str, Any], length: int, lang: str) -> Excerpt | None:
    """Where an excerpt starts, from the request (None for a whole match); a 422 for a start the
    match cannot have."""
    if "start_score" not in body:
        return None
    score = (body["start_score"][0], body["start_score"][1])
    crawford = bool(body.get("start_crawford"))
    errors: dict[str, list[str]] = {}
    if length and max(score) >= length:
        errors["start_score"] = [text("score_below_length", lang, length=length)]
    elif crawford and (not length or sorted(length - s == 1 for s in score) != [False, True]):
        errors["start_crawford"] = [text("crawford_one_away", lang)]
    if errors:
        raise ValidationProblem(errors, detail="the excerpt's start is not a score of this match")
    return Excerpt(score, body.get("start_position"), crawford)


# -- routes ------------------------------------------------------------------------------------------
@blp.route("/matches/verify", methods=["POST"])
@blp.json_body(VerifyRequestSchema, examples=VERIFY_EXAMPLES)
@blp.doc(requestBody=FILE_BODY_DOC)
@blp.response(
    200, VerifyResponseSchema, description="The verdict: the match was readable; it may still be illegal"
)
def verify_match(body: dict[str, Any]) -> Response:
    """Referee a whole match

    Replays every game of a Jellyfish .mat transcript (or a JSON game record) under the full rules:
    checker play, cube ownership and legality, Crawford and post-Crawford games, Jacoby in money
    sessions, beavers, every opening option (a first roll may be a double with the romanian opening
    or `opening_dice: new_roll`). Checks each game's header score (in money sessions the running
    total) and each `Wins N` against the replay (points capped at what the winner needed are
    recognised). An excerpt is verified from the `start_score` it is told (and `start_position`,
    `start_crawford`), and the answer says `excerpt: true`. Stops at the first illegal action with its
    game, move number, player, line, the action as written, a reason code and a message, and the
    position it was played in (board, GNU ID, the path of its /v1/board.svg picture), the dice and
    the legal plays there (listed up to 100, always counted). The transcript may come as JSON or as
    the file itself (`text/plain`, or multipart with the field `file`; options in the query). A body
    that is not a match is a 422 naming the line where reading failed; a transcript over the size
    limit is a 413.
    """
    return json_response(_verdict(body))


@blp.route("/matches/convert", methods=["POST"])
@blp.links(
    verify={
        "target": "POST /v1/matches/verify",
        "body": {"record": "$response.body"},
        "description": "Referee the converted record: the same verdict as for the transcript",
    }
)
@blp.json_body(ConvertRequestSchema, example={"mat": SAMPLE_MAT, "to": "record"})
@blp.doc(requestBody=FILE_BODY_DOC)
@blp.response(200, RecordSchema, description="The JSON game record (`to: record`)")
@blp.doc(
    responses={
        200: {
            "description": "The JSON game record, or with `to: mat` / `to: sgf` the file itself",
            "content": {
                "application/json": {"schema": RecordSchema},
                "text/plain": {"schema": {"type": "string", "description": "the .mat file"}},
                "application/x-go-sgf": {"schema": {"type": "string", "description": "the SGF file"}},
            },
        }
    }
)
def convert_match(body: dict[str, Any]) -> Response:
    """Convert a match: JSON game record, .mat or SGF

    From a .mat transcript (every common exporter's dialect) or a JSON game record, as JSON or as the
    file itself (`text/plain`, or multipart with the field `file`; `to`, `mode`, `preset` in the
    query). `to: record` (default) answers the JSON game record: players, match length, rules from
    the header tags, games of turns with dice, the play in standard notation, cube actions,
    resignations and the written results (accepted by /v1/matches/verify as `record`).
    `to: mat` answers a Jellyfish .mat laid out as GNU Backgammon exports it (each die's move, the
    highest first, hits marked); `to: sgf` answers GNU Backgammon's SGF (`GM[6]`, one game tree
    per game); both as a download (Content-Disposition), ready for gnubg, eXtreme Gammon or BGBlitz.
    A play that is not legal is written as it was played.
    """
    target = body.get("to", "record")
    if target == "record" and "mat" in body and "rules" not in body:
        return json_response(match_to_record(_read_mat(body["mat"])))
    match, rules = _read_match(body)
    if target == "record":
        return json_response(match_to_record(match))
    writer = write_mat if target == "mat" else write_sgf
    text = _replayed(body, lambda: writer(match, rules))
    media_type, extension = EXPORT_TYPES[target]
    response = Response(text, mimetype=media_type.split(";")[0], content_type=media_type)
    response.headers["Content-Disposition"] = f'attachment; filename="match.{extension}"'
    return response
