"""The core routes: every legal play (/v1/moves), the referee for one play (/v1/play), and the
game-over verdict (/v1/outcome). Thin: validate, call the engine, serialize with orjson."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

import orjson
from flask import Response

from arbitru.engine import (
    Board,
    Move,
    NotationError,
    Outcome,
    Play,
    format_moves,
    judge_play,
    legal_plays,
    outcome,
    parse_play_marked,
)
from arbitru.engine.board import OFF, other, side_to_dict
from arbitru.formats.limits import MAX_INCLUDED_IDS
from arbitru.http import observability, schemas
from arbitru.http.blueprint import Blueprint, answered_examples
from arbitru.http.errors import ValidationProblem
from arbitru.http.i18n import request_language
from arbitru.http.json import json_response
from arbitru.http.position import Position, resolve_position
from arbitru.http.position_sources import ID_INCLUDES, position_ids
from arbitru.http.routes.game import OutcomeMatchResponseSchema, outcome_extras

blp = Blueprint(
    "checker-play",
    __name__,
    url_prefix="/v1",
    description="Legal plays, the referee for one play, and the game-over verdict.",
)

OPENING_BOARD: dict[str, Any] = {
    "white": {"points": {"6": 5, "8": 3, "13": 5, "24": 2}, "bar": 0, "off": 0},
    "black": {"points": {"6": 5, "8": 3, "13": 5, "24": 2}, "bar": 0, "off": 0},
}
MOVES_EXAMPLE: dict[str, Any] = {
    "board": OPENING_BOARD,
    "turn": "white",
    "dice": [3, 1],
    "cube": {"value": 1},
    "rules": {},
}
PLAY_EXAMPLES: dict[str, Any] = {
    "notation": {
        "summary": "A play in standard notation",
        "value": {"board": OPENING_BOARD, "turn": "white", "dice": [6, 1], "play": "13/7 8/7"},
    },
    "moves": {
        "summary": "The same play as a list of hops",
        "value": {
            "board": OPENING_BOARD,
            "turn": "white",
            "dice": [6, 1],
            "moves": [{"from": 13, "to": 7}, {"from": 8, "to": 7}],
        },
    },
    "illegal": {
        "summary": "An illegal play (answered 200 with legal: false and a reason code)",
        "value": {"board": OPENING_BOARD, "turn": "white", "dice": [6, 1], "play": "24/18 24/23 6/5"},
    },
}
OUTCOME_EXAMPLE: dict[str, Any] = {
    "board": {
        "white": {"points": {}, "bar": 0, "off": 15},
        "black": {"points": {"6": 5, "8": 5, "13": 5}, "bar": 0, "off": 0},
    },
    "cube": {"value": 2},
    "rules": {"jacoby": False},
}


def _jacoby_override(match: Mapping[str, Any] | None) -> bool | None:
    """The Jacoby rule never applies in a match (length > 0)."""
    return False if match and match.get("length", 0) > 0 else None


NOT_OVER: dict[str, Any] = {
    "game_over": False,
    "winner": None,
    "result": None,
    "multiplier": None,
    "points": None,
}
NOT_OVER_JSON = orjson.Fragment(orjson.dumps(NOT_OVER))
_SideCache = dict[tuple[int, ...], dict[str, Any]]
ALL_FIELDS = frozenset(schemas.PLAY_FIELDS)
_MOVE_JSON: dict[Move, dict[str, Any]] = {}


def _move_json(move: Move) -> dict[str, Any]:
    """A move's JSON form, built once per distinct move (there are only 26 x 26 x 2)."""
    _MOVE_JSON[move] = found = move.to_dict()
    return found


# A play's moves as JSON and in notation, by moves: a pure function of a small domain (plays of
# different positions share their moves all the time), bounded by clearing it when full.
_MOVES_TEXTS: dict[tuple[Move, ...], tuple[orjson.Fragment, str]] = {}
_MOVES_TEXTS_LIMIT = 50_000  # ~350 bytes an entry


def _moves_texts(moves: tuple[Move, ...]) -> tuple[orjson.Fragment, str]:
    """The moves' JSON list (pre-serialized) and notation, remembered in `_MOVES_TEXTS`."""
    if len(_MOVES_TEXTS) >= _MOVES_TEXTS_LIMIT:
        _MOVES_TEXTS.clear()
    # Kept as str: the bytes orjson.dumps returns hold a ~4 KiB buffer each (20,000 remembered
    # moves took 80 MiB per worker that way).
    text = orjson.dumps([m.to_dict() for m in moves]).decode()
    found = _MOVES_TEXTS[moves] = (orjson.Fragment(text), format_moves(moves))
    return found


def side_json(side: tuple[int, ...], cache: _SideCache | None = None) -> dict[str, Any]:
    """One side in the contract's JSON form; `cache` shares equal sides within one answer."""
    if cache is not None:
        found = cache.get(side)
        if found is not None:
            return found
    result = side_to_dict(side)
    if cache is not None:
        cache[side] = result
    return result


def outcome_json(board: Board, position: Position) -> dict[str, Any]:
    """The outcome of `board` as JSON; cheap while nobody has borne off every checker. A board that
    ends the game carries what /v1/outcome answers for it (`outcome_body`): label and match block."""
    checkers = position.rules.checkers
    if board.white[0] != checkers and board.black[0] != checkers:
        return NOT_OVER  # shared by every play of an answer: never mutated
    return outcome_body(position._replace(board=board))


def outcome_body(position: Position) -> dict[str, Any]:
    """The game-over verdict of `position.board` with its localised label and, in a match, the match
    block: /v1/outcome's answer (without the pips) and the outcome of a play that ends the game."""
    verdict = _outcome(position.board, position)
    return {**verdict.to_dict(), **outcome_extras(position, verdict)}


def play_dict(
    play: Play,
    position: Position,
    include: Collection[str] = (),
    cache: _SideCache | None = None,
    fields: Collection[str] = ALL_FIELDS,
) -> dict[str, Any]:
    """One play in the contract's JSON form (plain dicts for orjson); pass one `cache` per answer.

    `fields` names the play fields to build (all by default; /v1/moves may ask for fewer)."""
    board = play.board
    result: dict[str, Any] = {}
    if "moves" in fields:
        result["moves"] = [_MOVE_JSON.get(m) or _move_json(m) for m in play.moves]
    if "notation" in fields:
        result["notation"] = play.notation
    if "board" in fields:
        result["board"] = {"white": side_json(board.white, cache), "black": side_json(board.black, cache)}
    outcome_now = outcome_json(board, position) if "outcome" in fields or include else NOT_OVER
    if "outcome" in fields:
        result["outcome"] = outcome_now
    if "pips" in include:
        result["pips"] = pips(board)
    if include and position.turn is not None and not ID_INCLUDES.isdisjoint(include):
        game_over = outcome_now["game_over"]
        result.update(
            position_ids(
                board,
                position.turn,
                position.cube,
                position.match,
                position.rules,
                include,
                game_over=game_over,
            )
        )
    return result


def full_plays(plays: list[Play], position: Position) -> list[dict[str, Any]]:
    """Every play with every field and nothing included: what `play_dict` gives, in one loop.

    /v1/moves spends more time here than in the engine, so the common case is spelt out: the
    opponent's side, shared by most plays of a roll, is serialized once per distinct tuple, the
    moves' JSON and notation come from `_MOVES_TEXTS`, and the outcome is computed only for a board
    where the mover has borne off every checker.
    """
    checkers = position.rules.checkers
    mover_is_white = position.turn == "white"
    opponents: dict[int, orjson.Fragment] = {}  # id of an opponent side (alive in `plays`) -> JSON
    memo = _MOVES_TEXTS
    listed = []
    for play in plays:
        board = play.board
        white, black = board
        mover, opponent = (white, black) if mover_is_white else (black, white)
        opp = opponents.get(id(opponent))
        if opp is None:
            opp = opponents[id(opponent)] = orjson.Fragment(orjson.dumps(side_to_dict(opponent)))
        mover_json = side_to_dict(mover)
        moves = play.moves
        texts = memo.get(moves) or _moves_texts(moves)
        listed.append(
            {
                "moves": texts[0],
                "notation": texts[1],
                "board": {"white": mover_json, "black": opp}
                if mover_is_white
                else {"white": opp, "black": mover_json},
                "outcome": NOT_OVER_JSON if mover[OFF] != checkers else outcome_json(board, position),
            }
        )
    return listed


def pips(board: Board) -> dict[str, int]:
    """Both sides' pip counts."""
    return {"white": board.pips("white"), "black": board.pips("black")}


def _verdict(position: Position, body: Mapping[str, Any]) -> dict[str, Any]:
    marked: list[int] | None = None
    if "play" in body:
        try:
            hops, marks = parse_play_marked(body["play"])
            marked = list(marks)
        except NotationError as exc:
            raise ValidationProblem(
                {"play": [f"column {exc.column}: {exc.message}"]}, detail=f"`play` does not parse: {exc}"
            ) from None
    else:
        proposed = body["moves"]
        hops = tuple((m["from_"] if "from_" in m else m["from"], m["to"]) for m in proposed)
        if any("hit" in m for m in proposed):
            marked = [m["to"] for m in proposed if m.get("hit")]
    assert position.turn is not None and position.dice is not None
    verdict = judge_play(position.board, position.turn, position.dice, hops, marked)
    lang = request_language()
    if verdict.legal and verdict.play is not None:
        ended = outcome_json(verdict.play.board, position)["game_over"]
        answer: dict[str, Any] = {
            "legal": True,
            "as_written": verdict.as_written,
            "play": play_dict(verdict.play, position, body.get("include") or ()),
            "next_turn": None if ended else other(position.turn),
        }
        if not verdict.as_written:
            written = body["play"] if "play" in body else format_moves(_hop_moves(hops))
            answer["note"] = verdict.note(lang, written)
        return answer
    reason = {"code": verdict.code, "message": verdict.message(lang)}
    return {"legal": False, "reason": reason, "next_turn": position.turn}


def _hop_moves(hops: tuple[tuple[int, int], ...]) -> tuple[Move, ...]:
    """Proposed hops as moves, to write them in notation."""
    return tuple(Move(source, dest) for source, dest in hops)


def _check_included_ids(plays: int, include: Collection[str]) -> None:
    """422 when `include` asks for more position IDs than one answer may compute."""
    formats = sorted(ID_INCLUDES.intersection(include))
    if plays * len(formats) > MAX_INCLUDED_IDS:
        message = (
            f"this roll has {plays} plays: {', '.join(formats)} for each is {plays * len(formats)} position "
            f"IDs, more than the {MAX_INCLUDED_IDS} one answer computes; ask for fewer formats in `include` "
            "(or none, and `fields` for a lighter answer), then the IDs of the plays you need"
        )
        raise ValidationProblem({"include": [message]}, detail=message)


@blp.route("/moves", methods=["POST"])
@blp.links(
    play={
        "target": "POST /v1/play",
        "body": {
            "board": "$request.body#/board",
            "turn": "$response.body#/turn",
            "dice": "$response.body#/dice",
            "play": "$response.body#/plays/0/notation",
        },
        "description": "Referee a listed play: it is legal, as written, and gives the listed board",
    }
)
@blp.json_body(schemas.MovesRequestSchema, example=MOVES_EXAMPLE)
@blp.response(
    200, schemas.MovesResponseSchema, description="Every legal play, one per distinct resulting board"
)
def moves(body: dict[str, Any]) -> Response:
    """Every legal play

    All legal plays of `turn` with `dice` on `board`, one per distinct resulting board, each with
    its moves, notation, the board after it and that board's outcome. When no checker can move,
    `plays` holds exactly one play with no moves and the board unchanged. A play that ends the
    game carries in its `outcome` what /v1/outcome answers for its board (the localised `label`
    and, in a match, the `match` block). `next_turn` is the side on roll after any play that
    does not end the game. Position IDs in `include` are computed for at most 4,000 plays x
    formats per answer; past that the request is a 422 that says so.
    """
    position = resolve_position(body)
    assert position.turn is not None and position.dice is not None
    include = frozenset(body.get("include") or ())
    plays = legal_plays(position.board, position.turn, position.dice)
    observability.observe_plays(len(plays))
    _check_included_ids(len(plays), include)
    wanted = frozenset(body.get("fields_") or ALL_FIELDS)
    if include or wanted != ALL_FIELDS:
        cache: _SideCache = {}
        listed = [play_dict(play, position, include, cache, wanted) for play in plays]
    else:
        listed = full_plays(plays, position)
    return json_response(
        {
            "turn": position.turn,
            "dice": list(position.dice),
            "next_turn": other(position.turn),
            "plays": listed,
        }
    )


@blp.route("/play", methods=["POST"])
@blp.json_body(schemas.PlayRequestSchema, examples=PLAY_EXAMPLES)
@blp.response(
    200,
    schemas.PLAY_VERDICT_SCHEMA,
    description="The verdict: the request was valid, the play may still be illegal",
    examples=answered_examples(
        {name: example for name, example in PLAY_EXAMPLES.items() if name != "moves"},
        schemas.PlayRequestSchema(),
        lambda body: _verdict(resolve_position(body), body),
    ),
)
def play(body: dict[str, Any]) -> Response:
    """Referee one proposed play

    Rules on one play given either as `play` (standard notation) or as `moves` (hops). A legal
    play is answered with the play as /v1/moves lists it (a play that ends the game carries its
    label and, in a match, the match block); an illegal one with `legal: false` and a stable reason
    code. `next_turn` is who plays next: the opponent, nobody (null) once the game is over, the same
    side again after an illegal play. A `play` string that cannot be read is a 422 naming the column.

    The hops are replayed literally: each hop lands on its destination and hits an opposing blot
    it lands on (a point a hop only passes is not landed on: write the stop, `13/8*/2`). The
    proposal is legal when the board this gives, both sides, is the board of a legal play. The
    order of hops does not matter and a hop may span several dice (`24/13`, `bar/21(2)`, `6/off
    7/6`, as GNU Backgammon writes them). Hops that reach a legal play's board only by another
    grouping of the dice (`3/1 2/off` for `3/off 2/1` with 3-1) are accepted as that play with
    `as_written: false` and a `note` naming it. A hit marked (`*` or `"hit": true`) on a hop that
    hits nothing is illegal (`WRONG_HIT`, naming the point); a hit made but not marked is legal.
    """
    position = resolve_position(body)
    return json_response(_verdict(position, body))


def _outcome(board: Board, position: Position) -> Outcome:
    """The outcome of `board` in the position's context (cube value and owner, match, rules)."""
    cube = position.cube
    centred = cube.get("owner", "centered") == "centered"
    return outcome(board, position.rules, cube["value"], _jacoby_override(position.match), centred)


def _outcome_body(position: Position) -> dict[str, Any]:
    return {**outcome_body(position), "pips": pips(position.board)}


@blp.route("/outcome", methods=["POST"])
@blp.json_body(schemas.OutcomeRequestSchema, example=OUTCOME_EXAMPLE)
@blp.response(
    200,
    OutcomeMatchResponseSchema,
    description="Whether the game is over, who won, and what it counts for",
    example=_outcome_body(resolve_position(schemas.OutcomeRequestSchema().load(OUTCOME_EXAMPLE))),
)
def game_outcome(body: dict[str, Any]) -> Response:
    """Game-over verdict and score

    `result` is what happened on the board (single, gammon, backgammon); `multiplier` what it counts
    for under the rules (a Jacoby gammon counts 1); `points` = multiplier x cube value. While the
    game goes on, `winner`, `result`, `multiplier` and `points` are null.
    """
    return json_response(_outcome_body(resolve_position(body)))


__all__ = ["blp", "outcome_body", "pips", "play_dict"]
