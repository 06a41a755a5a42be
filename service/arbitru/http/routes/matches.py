"""Match routes: the whole-match referee (/v1/matches/verify) and conversion (/v1/matches/convert) to a
JSON record, a .mat (gnubg's layout) or SGF; both take JSON or the transcript file itself.

Thin: read the transcript (arbitru.formats.mat) or the JSON game record (arbitru.formats.game_record),
resolve the rules (client options first, then the transcript's header tags), replay with the referee
(arbitru.referee) and answer with orjson. A body that is not a match is a 422 naming the line
(or the record's field); a transcript over the size limit is a 413.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import marshmallow as ma
import orjson
from flask import Request, Response
from flask import request as flask_request

from arbitru.engine.budget import WorkLimitExceeded, work_budget
from arbitru.engine.rules import PRESETS
from arbitru.formats import limits
from arbitru.formats.exports import export_warnings
from arbitru.formats.game_record import EXAMPLE as RECORD_EXAMPLE
from arbitru.formats.game_record import RecordError, is_json_record, match_to_record, record_to_match
from arbitru.formats.limits import MAX_ACTIONS, MAX_MAT_CHARS
from arbitru.formats.mat import MatFormatError, decode, read_mat
from arbitru.formats.sgf_reader import SgfFormatError, is_sgf, read_sgf
from arbitru.http import schemas
from arbitru.http.blueprint import Blueprint, JsonBodyParser, parameter_errors
from arbitru.http.errors import HTTPProblem, ValidationProblem, field_errors, flatten_messages, said
from arbitru.http.i18n import request_language
from arbitru.http.json import json_response
from arbitru.http.position_sources import position_links
from arbitru.http.schemas.matches import (
    EXPORTS,
    ConvertRequestSchema,
    ExportAnswerSchema,
    RecordSchema,
    VerifyRequestSchema,
    VerifyResponseSchema,
)
from arbitru.http.states import key_ring
from arbitru.messages import json_breaks, localise, message
from arbitru.referee import MODES, Excerpt, resolve_rules, verify
from arbitru.referee.clocks import ClockRecordError, clocked_verify, split_clock, with_clock
from arbitru.referee.mat_writer import write_mat
from arbitru.referee.replay import ExportError
from arbitru.referee.sgf_writer import write_sgf
from arbitru.trust.states import sign_verdict, transcript_sha256

FILE_OPTIONS = ("mode", "to", "preset")  # what a request may say in the query (or a form) besides its body
VERIFY_QUERY = ("mode", "preset", "sign")  # /v1/matches/verify has no `to`, and may be asked to sign
READ_OPTIONS = (*FILE_OPTIONS, "sign")  # every option the parser reads; a route's schema refuses the others
BOOLEAN_TEXT = {"true": True, "false": False}  # a boolean option as a query or form writes it


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


def _file_form(options: tuple[str, ...]) -> dict[str, Any]:
    """The multipart body of a route taking `options` besides the file."""
    return {
        "schema": {
            "type": "object",
            "required": ["file"],
            "properties": {
                "file": {"type": "string", "format": "binary", "description": "the transcript file"},
                **{name: _OPTION_SCHEMAS[name] for name in options},
            },
            "additionalProperties": False,
        },
        "example": {"file": SAMPLE_MAT, "mode": "legal-moves-only"},
    }


_OPTION_SCHEMAS: dict[str, dict[str, Any]] = {
    "mode": {
        "type": "string",
        "enum": list(MODES),
        "description": "how to referee: legal-moves-only (default) or illegal-moves-rule",
    },
    "to": {
        "type": "string",
        "enum": list(EXPORTS),
        "description": "the answer's format: record (default, JSON), mat or sgf (the file itself)",
    },
    "preset": {
        "type": "string",
        "enum": list(PRESETS),
        "description": "the rules preset (as `rules.preset`); other options come from the header tags",
    },
    "sign": {
        "type": "boolean",
        "description": "true: the answer adds `transcript_sha256` and `signature`, as `sign` in a JSON body",
    },
}


def file_bodies(options: tuple[str, ...]) -> dict[str, Any]:
    """The documentation of a match route's body besides JSON (the transcript as `text/plain` or a
    multipart upload) and of its query parameters."""
    return {
        "requestBody": {
            "content": {"text/plain": FILE_BODY["text/plain"], "multipart/form-data": _file_form(options)}
        },
        "parameters": [
            {
                "name": name,
                "in": "query",
                "required": False,
                "schema": _OPTION_SCHEMAS[name],
                "description": _OPTION_SCHEMAS[name]["description"]
                + " (with any body; not also in the body or form)",
            }
            for name in options
        ],
    }


FILE_BODY = {
    "text/plain": {
        "schema": {
            "type": "string",
            "description": "the transcript itself (.mat, gnubg's SGF, or a JSON record)",
        },
        "example": SAMPLE_MAT,
    },
}


class MatchFileParser(JsonBodyParser):
    """The JSON body, or the transcript file itself: a `text/plain` body, or a multipart upload in
    the field `file` (`mode`, `to`, `preset` and `sign` may then be form fields too). `mode`, `to`,
    `preset` and `sign` (`true` or `false`) may be given in the query with any of the three; an
    option given twice (in the query and the body or form) is a 422, as is an unknown form field
    or a file field other than `file`.
    A file that holds a JSON object is a game record, one that opens a game tree `(` an SGF, any
    other text a .mat transcript."""

    def load_json(self, req: Request, schema: ma.Schema) -> Any:
        if req.mimetype == "text/plain":
            return _with_options(_file_body(req.get_data(cache=True)), req.args, "query")
        if req.mimetype == "multipart/form-data":
            errors = parameter_errors(req.form, READ_OPTIONS, "form")
            errors.update(parameter_errors(req.files, ("file",), "form"))
            upload = req.files.get("file")
            if upload is None:
                errors["file"] = [message("problem.multipart_file")]
            if errors or upload is None:
                raise ValidationProblem(errors)
            return _with_options(_with_options(_file_body(upload.read()), req.form), req.args, "query")
        body = super().load_json(req, schema)
        return _with_options(body, req.args, "query") if req.args and isinstance(body, dict) else body


def _with_options(body: dict[str, Any], options: Mapping[str, str], where: str = "form") -> dict[str, Any]:
    """`body` with the options of the query (or form); one also in `body` is a 422 naming it."""
    given: dict[str, Any] = {name: options[name] for name in READ_OPTIONS if name in options}
    if "sign" in given:  # `true` or `false`; other text is left for the schema to refuse
        given["sign"] = BOOLEAN_TEXT.get(given["sign"], given["sign"])
    if "preset" in given:
        rules = body.get("rules", {})  # not an object: left for the schema to refuse
        if isinstance(rules, dict) and "preset" in rules:
            raise ValidationProblem({f"{where}.preset": [message("problem.query_and_body")]})
        preset = given.pop("preset")
        given["rules"] = {**rules, "preset": preset} if isinstance(rules, dict) else rules
    twice = [name for name in given if name in body and name != "rules"]
    if twice:
        raise ValidationProblem({f"{where}.{name}": [message("problem.query_and_body")] for name in twice})
    return {**body, **given}


def _file_body(data: bytes) -> dict[str, Any]:
    """The JSON body equivalent of an uploaded file and its options."""
    if len(data) > 4 * MAX_MAT_CHARS:  # a UTF-8 character is at most 4 bytes: surely over the limit
        raise HTTPProblem(413, message("problem.transcript_bytes", count=len(data), limit=MAX_MAT_CHARS))
    try:
        text = decode(data)
    except MatFormatError as exc:
        raise ValidationProblem({"file": [said(exc)]}) from None
    body: dict[str, Any] = {}
    if is_json_record(text):
        try:
            body["record"] = orjson.loads(text)
        except orjson.JSONDecodeError as exc:
            broken = message("game_record.not_json", place=json_breaks(exc))
            raise ValidationProblem({"file": [broken]}) from None
    elif is_sgf(text):
        body["sgf"] = text
    else:
        body["mat"] = text
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


def _read_mat(text: str) -> Any:
    if len(text) > MAX_MAT_CHARS:
        raise HTTPProblem(413, message("problem.transcript_chars", count=len(text), limit=MAX_MAT_CHARS))
    try:
        return read_mat(text)
    except MatFormatError as exc:
        raise ValidationProblem(
            {"mat": [said(exc)]},
            detail=message("problem.unreadable_mat", line=exc.line, error=exc.message),
        ) from None


def _read_sgf(text: str) -> Any:
    if len(text) > MAX_MAT_CHARS:
        raise HTTPProblem(413, message("problem.transcript_chars", count=len(text), limit=MAX_MAT_CHARS))
    try:
        return read_sgf(text)
    except (SgfFormatError, MatFormatError) as exc:
        raise ValidationProblem(
            {"sgf": [said(exc)]},
            detail=message("problem.unreadable_sgf", line=exc.line, error=exc.message),
        ) from None


def _source(body: Mapping[str, Any]) -> str:
    """The field the match came in: `mat`, `sgf` or `record`."""
    return next(name for name in ("mat", "sgf", "record") if name in body)


def _read_record(record: Mapping[str, Any]) -> Any:
    try:
        match = record_to_match(record)
    except RecordError as exc:
        errors: dict[str, list[str]] = {}
        for path, problem in exc.problems:
            errors.setdefault(path, []).append(problem)
        raise ValidationProblem(errors, detail=message("problem.bad_record")) from None
    rules = record.get("rules")
    if isinstance(rules, Mapping):
        found = schemas.RulesSchema().validate(rules)
        if found:
            raise ValidationProblem(
                flatten_messages(found, "record.rules"), detail=message("problem.record_rules")
            )
    return match


def _clock_refused(exc: ClockRecordError) -> ValidationProblem:
    """The 422 naming each record field a clock problem is about."""
    errors: dict[str, list[str]] = {}
    for path, problem in exc.problems:
        errors.setdefault(path, []).append(problem)
    return ValidationProblem(errors, detail=message("problem.bad_record"))


def _record_clock(record: Mapping[str, Any]) -> tuple[Any, Any]:
    """The record without its clock fields and its clock (arbitru.referee.clocks), or a 422."""
    try:
        return split_clock(record)
    except ClockRecordError as exc:
        raise _clock_refused(exc) from None


def _clocked(match: Any, rules: Any, clock: Any, **options: Any) -> Any:
    """The verdict with the record's clock replayed beside it, or a 422 naming the turn."""
    try:
        return clocked_verify(match, rules, clock, **options)
    except ClockRecordError as exc:
        raise _clock_refused(exc) from None


def _check_actions(match: Any) -> None:
    """413 for a match of more actions than `MAX_ACTIONS` (before any is replayed)."""
    if sum(len(game.actions) for game in match.games) > MAX_ACTIONS:
        raise HTTPProblem(413, message("problem.too_many_actions", limit=MAX_ACTIONS))


def _read_match(body: Mapping[str, Any]) -> tuple[Any, Any]:
    """The match of a validated body and the rules to read it by (client options first)."""
    source = _source(body)
    readers: dict[str, Callable[[Any], Any]] = {
        "mat": _read_mat,
        "sgf": _read_sgf,
        "record": lambda record: _read_record(_record_clock(record)[0]),
    }
    match = readers[source](body[source])
    _check_actions(match)
    requested = dict(body.get("rules") or {})
    if "record" in body and isinstance(body["record"].get("rules"), Mapping):
        requested = {**body["record"]["rules"], **requested}
    rules, problems = resolve_rules(match, requested)
    if problems:
        raise ValidationProblem(field_errors(problems), detail=message("problem.invalid_rules"))
    return match, rules


def _replayed(body: Mapping[str, Any], replay: Any) -> Any:
    """`replay()` within the work limit of one request, or a 422 saying the match is too much work."""
    try:
        with work_budget(limits.MAX_WORK):  # read now: one knob for every face
            return replay()
    except WorkLimitExceeded as exc:
        raise ValidationProblem(
            {_source(body): [message("problem.work_limit", limit=exc.limit)]},
            detail=message("problem.too_much_work", limit=exc.limit),
        ) from None


def _verdict(body: Mapping[str, Any]) -> dict[str, Any]:
    match, rules = _read_match(body)
    excerpt = _excerpt(body, match.length)
    mode = body.get("mode", "legal-moves-only")
    clock = _record_clock(body["record"])[1] if "record" in body else None
    if clock is None:
        verdict = _replayed(body, lambda: verify(match, rules, mode, excerpt, request_language()))
    else:  # a record with a clock: the referee replays it beside the moves (docs/clocks.md)
        options = {"mode": mode, "excerpt": excerpt, "lang": request_language()}
        verdict = _replayed(body, lambda: _clocked(match, rules, clock, **options))
    if verdict["error"] and "position" in verdict["error"]:
        verdict["error"]["position"].update(position_links(verdict["error"]["position"], rules))
    return verdict


def _wants_json(media_type: str) -> bool:
    """Whether the client asks for the export as JSON (the text and its warnings) rather than the
    file: `Accept` names application/json above the file's own type."""
    file_type = media_type.split(";")[0]
    best = flask_request.accept_mimetypes.best_match([file_type, "application/json"], default=file_type)
    return best == "application/json"


def _excerpt(body: Mapping[str, Any], length: int) -> Excerpt | None:
    """Where an excerpt starts, from the request (None for a whole match); a 422 for a start the
    match cannot have."""
    if "start_score" not in body:
        return None
    score = (body["start_score"][0], body["start_score"][1])
    crawford = bool(body.get("start_crawford"))
    errors: dict[str, list[str]] = {}
    if length and max(score) >= length:
        errors["start_score"] = [message("score_below_length", length=length)]
    elif crawford and (not length or sorted(length - s == 1 for s in score) != [False, True]):
        errors["start_crawford"] = [message("crawford_one_away")]
    if errors:
        raise ValidationProblem(errors, detail=message("problem.excerpt_start"))
    return Excerpt(score, body.get("start_position"), crawford)


# -- routes ------------------------------------------------------------------------------------------
@blp.route("/matches/verify", methods=["POST"])
@blp.json_body(VerifyRequestSchema, examples=VERIFY_EXAMPLES, query=VERIFY_QUERY)
@blp.doc(**file_bodies(VERIFY_QUERY))
@blp.response(
    200, VerifyResponseSchema, description="The verdict: the match was readable; it may still be illegal"
)
def verify_match(body: dict[str, Any]) -> Response:
    """Referee a whole match

    Replays every game of a Jellyfish .mat transcript (or GNU Backgammon's SGF, or a JSON game
    record) under the full rules:
    checker play, cube ownership and legality, Crawford and post-Crawford games, Jacoby in money
    sessions, beavers, every opening option (a first roll may be a double with the romanian opening
    or `opening_dice: new_roll`). Checks each game's header score (in money sessions the running
    total) and each `Wins N` against the replay (points capped at what the winner needed are
    recognised). An excerpt is verified from the `start_score` it is told (and `start_position`,
    `start_crawford`), and the answer says `excerpt: true`. Stops at the first illegal action with its
    game, move number, player, line, the action as written, a reason code and a message, and the
    position it was played in (board, GNU ID, the path of its /v1/board.svg picture), the dice and
    the legal plays there (listed up to 100, always counted). With `sign: true` the answer adds
    `transcript_sha256` and `signature`, a compact JWS (EdDSA, the keys of /.well-known/jwks.json)
    over the verdict and that hash (docs/dice.md). The transcript may come as JSON or as
    the file itself (`text/plain`, or multipart with the field `file`; options, `sign=true` too, in
    the query or the form: the same signature as the JSON body's for the same transcript). A body
    that is not a match is a 422 naming the line where reading failed; a transcript over the size
    limit is a 413.
    """
    verdict = _verdict(body)
    if body.get("sign"):
        digest = transcript_sha256(body)
        verdict = {
            **verdict,
            "transcript_sha256": digest,
            "signature": sign_verdict(key_ring(), verdict, digest),
        }
    return json_response(verdict)


@blp.route("/matches/convert", methods=["POST"])
@blp.links(
    verify={
        "target": "POST /v1/matches/verify",
        "body": {"record": "$response.body"},
        "description": "Referee the converted record: the same verdict as for the transcript",
    }
)
@blp.json_body(ConvertRequestSchema, example={"mat": SAMPLE_MAT, "to": "record"}, query=FILE_OPTIONS)
@blp.doc(**file_bodies(FILE_OPTIONS))
@blp.response(200, RecordSchema, description="The JSON game record (`to: record`)")
@blp.doc(
    responses={
        200: {
            "description": "The JSON game record, or with `to: mat` / `to: sgf` the file itself (as JSON "
            "with its `warnings` when `Accept` asks for application/json)",
            "content": {
                "application/json": {"schema": {"oneOf": [RecordSchema, ExportAnswerSchema]}},
                "text/plain": {"schema": {"type": "string", "description": "the .mat file"}},
                "application/x-go-sgf": {"schema": {"type": "string", "description": "the SGF file"}},
            },
        }
    }
)
def convert_match(body: dict[str, Any]) -> Response:
    """Convert a match: JSON game record, .mat or SGF

    From a .mat transcript (every common exporter's dialect), GNU Backgammon's SGF (`sgf`) or a JSON
    game record, as JSON or as the
    file itself (`text/plain`, or multipart with the field `file`; `to`, `mode`, `preset` in the
    query). `to: record` (default) answers the JSON game record: players, match length, rules from
    the header tags, games of turns with dice, the play in standard notation, cube actions,
    resignations and the written results (accepted by /v1/matches/verify as `record`).
    `to: mat` answers a Jellyfish .mat laid out as GNU Backgammon exports it (each die's move, the
    highest first, hits marked); `to: sgf` answers GNU Backgammon's SGF (`GM[6]`, one game tree
    per game); both as a download (Content-Disposition), ready for gnubg, eXtreme Gammon or BGBlitz.
    A play that is not legal is written as it was played. Every export verifies as the same match:
    a game's stated starting board is written (`; Set Pos=`, SGF `AE`/`AW`/`AB`), the rules in
    tags Arbitru reads back (`Rules`, SGF `XR`); with `Accept: application/json` the answer is
    `{to, text, warnings}`, the warnings naming what gnubg, XG or other SGF readers will not
    understand. A fact the format cannot carry (a starting board that is no board) is a 422 naming it.
    """
    target = body.get("to", "record")
    if target == "record" and "mat" in body and "rules" not in body:
        return json_response(match_to_record(_read_mat(body["mat"])))
    match, rules = _read_match(body)
    if target == "record":
        return json_response(with_clock(match_to_record(match), body.get("record")))
    writer = write_mat if target == "mat" else write_sgf
    try:
        text = _replayed(body, lambda: writer(match, rules))
    except ExportError as exc:
        field = f"record.{exc.field}" if "record" in body else _source(body)
        said_where = exc.message if "record" in body else f"{exc.field}: {exc.message}"
        raise ValidationProblem(
            {field: [said_where]}, detail=message("problem.not_exportable", to=target)
        ) from None
    warnings = export_warnings(match, rules, target)
    media_type, extension = EXPORT_TYPES[target]
    if _wants_json(media_type):
        lang = request_language()
        return json_response({"to": target, "text": text, "warnings": [localise(w, lang) for w in warnings]})
    response = Response(text, mimetype=media_type.split(";")[0], content_type=media_type)
    response.headers["Content-Disposition"] = f'attachment; filename="match.{extension}"'
    return response
