"""Schemas of the match routes: /v1/matches/verify (the whole-match referee) and /v1/matches/convert
(a JSON record, a .mat or SGF)."""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from marshmallow import fields, validate

from arbitru.engine.board import COLORS
from arbitru.engine.outcome import RESULTS
from arbitru.formats.game_record import EXAMPLE as RECORD_EXAMPLE
from arbitru.formats.game_record import GAME_VARIANTS, TURN_ACTIONS
from arbitru.formats.limits import MAX_MAT_CHARS, MAX_MATCH_LENGTH
from arbitru.http.schemas.core import (
    BoardField,
    BoardSchema,
    CubeSchema,
    MatchSchema,
    RulesSchema,
    StrictBoolean,
    StrictInteger,
    StrictSchema,
    _doc,
    first_turn_field,
)
from arbitru.messages import message
from arbitru.referee import ENDINGS, LISTED_PLAYS, MODES, REASON_CODES

EXPORTS = ("record", "mat", "sgf")


class MatchSourceSchema(StrictSchema):
    """A match: exactly one of `mat` (the text of a .mat file), `sgf` (GNU Backgammon's SGF) or
    `record` (a JSON game record)."""

    mat = fields.String(
        metadata=_doc(f"the text of a Jellyfish .mat transcript (at most {MAX_MAT_CHARS} characters)")
    )
    sgf = fields.String(
        metadata=_doc(
            f"the text of GNU Backgammon's SGF (`GM[6]`, as gnubg's `save match` writes it and "
            f"`to: sgf` answers; at most {MAX_MAT_CHARS} characters)"
        )
    )
    record = fields.Dict(
        metadata=_doc(
            "a JSON game record (the shape POST /v1/matches/convert returns): players, match_length, "
            "rules, games of turns (roll with dice and play, double, take, drop, beaver, raccoon, resign)",
            example=RECORD_EXAMPLE,
        )
    )
    rules = fields.Nested(
        RulesSchema,
        metadata=_doc(
            "rule options; those not given come from the transcript's header tags, then the defaults"
        ),
    )

    @ma.validates_schema
    def _exactly_one_source(self, data: dict[str, Any], **kwargs: Any) -> None:
        if sum(name in data for name in ("mat", "sgf", "record")) != 1:
            raise ma.ValidationError(message("problem.one_of", choices=("`mat`", "`sgf`", "`record`")), "mat")


class VerifyRequestSchema(MatchSourceSchema):
    """A match to referee (exactly one of `mat` or `record`), how, and for an excerpt where it starts."""

    start_score = fields.List(
        StrictInteger(validate=validate.Range(0, MAX_MATCH_LENGTH)),
        validate=validate.Length(equal=2),
        metadata=_doc(
            "for an excerpt (a transcript that does not start at 0-0): the score before its first game, "
            "players[0] first; each game's header score is then checked from there, and the verdict "
            "says `excerpt: true`"
        ),
    )
    start_position = BoardField(
        metadata=_doc(
            "for an excerpt that starts during a game: the board its first game starts from (white = "
            "players[0]); the first roll is then not an opening roll. Needs `start_score`"
        )
    )
    start_crawford = StrictBoolean(
        metadata=_doc(
            "for an excerpt: whether its first game is the Crawford game (default false). Needs "
            "`start_score` with one player one point from winning the match"
        )
    )
    mode = fields.String(
        validate=validate.OneOf(MODES),
        metadata=_doc(
            "legal-moves-only (default): the first illegal action is the error (every incorrect play is "
            "corrected); illegal-moves-rule: illegal checker plays are condoned (listed) and the replay goes "
            "on, as U.S. Backgammon Tournament Rules 4.8 let the opponent accept one by rolling or turning "
            "the cube, except impossible plays (a checker moved backwards or borne off early, an opponent's "
            "checker moved, a hit checker not on the bar, a closed point); illegal-moves-rule-as-written: "
            "rule 4.8 with no exception, a backwards move and an early bear-off condoned too",
            default="legal-moves-only",
        ),
    )

    sign = StrictBoolean(
        metadata=_doc(
            "true: the answer adds `transcript_sha256` and `signature`, a compact JWS (EdDSA) over "
            "`{verdict, transcript_sha256}` checkable with /.well-known/jwks.json"
        )
    )

    @ma.validates_schema
    def _excerpt_needs_its_score(self, data: dict[str, Any], **kwargs: Any) -> None:
        for name in ("start_position", "start_crawford"):
            if data.get(name) and "start_score" not in data:
                raise ma.ValidationError(message("problem.excerpt_needs_score"), name)


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


class ExportAnswerSchema(ma.Schema):
    """A .mat or SGF export as JSON (asked for with `Accept: application/json`): the file's text and
    what other programs will not understand in it."""

    to = fields.String(validate=validate.OneOf(["mat", "sgf"]), metadata=_doc("the format written"))
    text = fields.String(metadata=_doc("the file itself"))
    warnings = fields.List(
        fields.String(),
        metadata=_doc(
            "facts Arbitru's own reader reads back from the file but GNU Backgammon, eXtreme Gammon or "
            "other SGF readers will not (a stated starting board, rules only Arbitru's tags say)"
        ),
    )


class GameVerdictSchema(ma.Schema):
    """One completed game as replayed."""

    game = fields.Integer(required=True, metadata=_doc("the game number as written"))
    start_score = fields.List(
        fields.Integer(), required=True, metadata=_doc("the score before the game, players[0] first")
    )
    crawford_game = fields.Boolean(required=True, metadata=_doc("whether this game was the Crawford game"))
    winner = fields.String(
        required=True,
        allow_none=True,
        metadata=_doc(
            "the winner's name (null for an unfinished last game, and for a tie: plakoto's mother rule "
            "with both sides' checkers pinned on their own 24)"
        ),
    )
    points = fields.Integer(
        required=True,
        allow_none=True,
        metadata=_doc("what the game was worth: cube x result (0 for a tie; null while unfinished)"),
    )
    cube = fields.Integer(required=True, metadata=_doc("the cube value at the end of the game"))
    result = fields.String(
        required=True,
        allow_none=True,
        validate=validate.OneOf(list(RESULTS)),
        metadata=_doc("the result's name (null for a tie and while unfinished)"),
    )
    ended_by = fields.String(
        required=True,
        allow_none=True,
        validate=validate.OneOf(list(ENDINGS)),
        metadata=_doc(
            "how the game ended: bearoff, drop, resign, or mother (plakoto's mother rule decided it on "
            "the board: a win, or a tie); null while unfinished"
        ),
    )
    declared_points = fields.Integer(
        required=True, allow_none=True, metadata=_doc("the points the transcript writes")
    )
    capped = fields.Boolean(
        required=True, metadata=_doc("the transcript writes the points capped at what the winner needed")
    )


class ErrorPositionSchema(ma.Schema):
    """The position an illegal action was played in, with its picture."""

    board = BoardField(required=True, metadata=_doc("white = players[0]"))
    turn = fields.String(
        required=True, validate=validate.OneOf(list(COLORS)), metadata=_doc("who acted (white = players[0])")
    )
    dice = fields.List(fields.Integer(), required=True, allow_none=True, metadata=_doc("for a roll"))
    cube = fields.Nested(CubeSchema, required=True)
    match = fields.Nested(MatchSchema, required=True)
    first_turn = first_turn_field(
        "long_nardy only: whether each side's next turn is its first, before the action"
    )
    gnubg_id = fields.String(required=True, metadata=_doc("GNU Backgammon POSITIONID:MATCHID"))
    board_svg = fields.String(
        required=True, metadata=_doc("the path of its picture: /v1/board.svg?gnubg_id=...")
    )


class ActionErrorSchema(ma.Schema):
    """Where an illegal action stands and why it is illegal."""

    game = fields.Integer(required=True)
    move = fields.Integer(
        required=True,
        allow_none=True,
        metadata=_doc(
            "the move number: the number before `)` of the .mat turn line the action stands on (a line "
            "holds a cell of each player, the left player's first; a cube action takes a cell like a "
            "roll). A JSON record's turns and an SGF's nodes are counted the same way, so an action is "
            "the same move in a .mat, its record and its SGF"
        ),
    )
    player = fields.String(required=True, allow_none=True)
    line = fields.Integer(
        required=True, allow_none=True, metadata=_doc("1-based line of the file (null for a JSON record)")
    )
    action = fields.String(required=True, allow_none=True, metadata=_doc("the action as written"))
    code = fields.String(
        required=True,
        validate=validate.OneOf(list(REASON_CODES)),
        metadata=_doc("stable reason code: " + "; ".join(f"{k}: {v}" for k, v in REASON_CODES.items())),
    )
    message = fields.String(
        required=True, metadata=_doc("what the code means here, in the request's language")
    )
    position = fields.Nested(
        ErrorPositionSchema, metadata=_doc("where the action was played (actions of a game in progress)")
    )
    legal_play_count = fields.Integer(metadata=_doc("for a roll: how many legal plays there were"))
    legal_plays = fields.List(
        fields.String(), metadata=_doc(f"for a roll: the legal plays, when at most {LISTED_PLAYS}")
    )


class VerifyResponseSchema(ma.Schema):
    """The referee's verdict on a whole match."""

    transcript_sha256 = fields.String(
        metadata=_doc("with `sign`: SHA-256 of the transcript (the UTF-8 text, or a record's canonical JSON)")
    )
    signature = fields.String(
        metadata=_doc(
            "with `sign`: compact JWS (`typ` arbitru-verdict+jws) over the verdict without these two "
            "fields and `transcript_sha256`"
        )
    )

    valid = fields.Boolean(required=True, metadata=_doc("whether the whole match is legal"))
    mode = fields.String(required=True, validate=validate.OneOf(MODES))
    excerpt = fields.Boolean(
        required=True,
        metadata=_doc("whether the transcript was verified as an excerpt (`start_score` given)"),
    )
    start_score = fields.List(
        fields.Integer(),
        required=True,
        metadata=_doc("the score the replay started from, players[0] first"),
    )
    match_length = fields.Integer(required=True, metadata=_doc("0 = money session"))
    players = fields.List(
        fields.String(), required=True, metadata=_doc("players[0] is the left column of the file")
    )
    games = fields.List(
        fields.Nested(GameVerdictSchema),
        required=True,
        metadata=_doc("the games completed before any error"),
    )
    final_score = fields.List(fields.Integer(), required=True)
    winner = fields.String(
        required=True,
        allow_none=True,
        metadata=_doc("the match winner's name (null while unfinished or money)"),
    )
    finished = fields.Boolean(
        required=True,
        metadata=_doc(
            "whether the transcript reaches the match's end: a player won the match (in a money "
            "session: its last game is over). False for a file cut short, inside a game or between "
            "games before the match length is reached, however legal its actions (`valid` says that)"
        ),
    )
    error = fields.Nested(
        ActionErrorSchema,
        required=True,
        allow_none=True,
        metadata=_doc("the first illegal action, or null"),
    )
    condoned = fields.List(
        fields.Nested(ActionErrorSchema),
        required=True,
        metadata=_doc("illegal plays condoned (the illegal-moves-rule modes)"),
    )
    clock = fields.Dict(
        metadata=_doc(
            "only for a JSON record carrying a `clock`: what POST /v1/clock answers for its times "
            "(time left, flags, the ruling); docs/clocks.md"
        )
    )


class TurnSchema(ma.Schema):
    """One action of a game record."""

    player = fields.Integer(metadata=_doc("0 = players[0], 1 = players[1]"))
    action = fields.String(validate=validate.OneOf(TURN_ACTIONS))
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
    start_position = fields.Nested(BoardSchema, metadata=_doc("optional start board; white = players[0]"))
    set_position = fields.String(metadata=_doc("optional XG position string the game starts from"))
    variant = fields.String(
        validate=validate.OneOf(GAME_VARIANTS),
        metadata=_doc(
            "optional: the game's variant, checked against its rules (a rotation's game: its turn's)"
        ),
    )
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
