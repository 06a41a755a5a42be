"""The answers' JSON: the engine's values rendered in the contract's form, for the routes to return.

The routes parse a request, ask the engine's `Position` once (its plays, a verdict, its outcome:
the Jacoby rule and the match are applied there) and render the answer here. The caches and the
shared JSON fragments of the hot path (/v1/moves) live with the code that uses them.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any

import orjson

from arbitru.engine import Move, NotationError, Play, format_moves, parse_play_marked
from arbitru.engine.board import Board, Color, other
from arbitru.engine.cube import CubeVerdict
from arbitru.engine.match import Match, score_game
from arbitru.engine.position import PlaysAnswer, Standing
from arbitru.engine.rules import Rules
from arbitru.formats.limits import MAX_INCLUDED_IDS
from arbitru.http.errors import ValidationProblem
from arbitru.http.i18n import request_language
from arbitru.http.position import ResolvedPosition
from arbitru.http.position_sources import ID_INCLUDES, position_ids
from arbitru.http.schemas import PLAY_FIELDS
from arbitru.messages import Message, message, render, result_label, say
from arbitru.referee import apply_literally

NOT_OVER: dict[str, Any] = {
    "game_over": False,
    "winner": None,
    "result": None,
    "multiplier": None,
    "points": None,
}
NOT_OVER_JSON = orjson.Fragment(orjson.dumps(NOT_OVER))
_SideCache = dict[tuple[int, ...], dict[str, Any]]
ALL_FIELDS = frozenset(PLAY_FIELDS)
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


def side_json(
    side: tuple[int, ...],
    to_json: Callable[[tuple[int, ...]], dict[str, Any]],
    cache: _SideCache | None = None,
) -> dict[str, Any]:
    """One side in the contract's JSON form (`to_json`: its game's, `Variant.side_json`); `cache`
    shares equal sides within one answer (of one game)."""
    if cache is not None:
        found = cache.get(side)
        if found is not None:
            return found
    result = to_json(side)
    if cache is not None:
        cache[side] = result
    return result


def pips(board: Board) -> dict[str, int]:
    """Both sides' pip counts."""
    return {"white": board.pips("white"), "black": board.pips("black")}


# -- outcomes -----------------------------------------------------------------------------------
def standing_json(standing: Standing, lang: str) -> dict[str, Any]:
    """Where a board leaves the game, as the engine's position answered it: the outcome with its
    localised `label` and, in a match, the `match` block."""
    verdict = standing.outcome
    answer: dict[str, Any] = {**verdict.to_dict(), "label": result_label(verdict.counted_as, lang)}
    if standing.match is not None:
        answer["match"] = standing.match.to_dict()
    return answer


def play_outcome_json(standing: Standing) -> dict[str, Any]:
    """A play's `outcome`: the shared not-over answer while the game goes on, else what /v1/outcome
    answers for the play's board."""
    if not standing.outcome.game_over:
        return NOT_OVER  # shared by every play of an answer: never mutated
    return standing_json(standing, request_language())


def outcome_answer(position: ResolvedPosition) -> dict[str, Any]:
    """/v1/outcome's answer: the standing of the position's board, label, match block and pips."""
    return {**standing_json(position.game.standing(), request_language()), "pips": pips(position.board)}


# -- plays --------------------------------------------------------------------------------------
def play_dict(
    play: Play,
    standing: Standing,
    position: ResolvedPosition,
    include: Collection[str] = (),
    cache: _SideCache | None = None,
    fields: Collection[str] = ALL_FIELDS,
    first_turn: dict[Color, bool] | None = None,
) -> dict[str, Any]:
    """One play, which leaves the game at `standing`, in the contract's JSON form (plain dicts for
    orjson); pass one `cache` per answer.

    `fields` names the play fields to build (all by default; /v1/moves may ask for fewer);
    `first_turn` is the engine's `first_turn` after the play (`Position.first_turn_after`), where the
    game reads one."""
    board = play.board
    result: dict[str, Any] = {}
    if "moves" in fields:
        result["moves"] = [_MOVE_JSON.get(m) or _move_json(m) for m in play.moves]
    if "notation" in fields:
        result["notation"] = play.notation
    if "board" in fields:
        to_json = position.game.variant.side_json
        result["board"] = {
            "white": side_json(board.white, to_json, cache),
            "black": side_json(board.black, to_json, cache),
        }
    if "board" in fields and first_turn is not None:
        result["first_turn"] = first_turn
    if "outcome" in fields:
        result["outcome"] = play_outcome_json(standing)
    if "pips" in include:
        result["pips"] = pips(board)
    if include and position.turn is not None and not ID_INCLUDES.isdisjoint(include):
        result.update(
            position_ids(
                board,
                position.turn,
                position.cube,
                position.match,
                position.rules,
                include,
                game_over=standing.outcome.game_over,
            )
        )
    return result


def full_plays(answer: PlaysAnswer) -> list[dict[str, Any]]:
    """Every play of the engine's answer with every field and nothing included: what `play_dict`
    gives, in one loop.

    /v1/moves spends more time here than in the engine, so the common case is spelt out: the
    opponent's side, shared by most plays of a roll, is serialized once per distinct tuple, the
    moves' JSON and notation come from `_MOVES_TEXTS`, every play first gets the one
    pre-serialized not-over outcome, and the few that end the game get theirs afterwards.
    """
    mover_is_white = answer.position.turn == "white"
    side_json = answer.position.variant.side_json  # the game's form of a side
    opponents: dict[int, orjson.Fragment] = {}  # id of an opponent side (alive in `plays`) -> JSON
    memo = _MOVES_TEXTS
    listed = []
    for play in answer.plays:
        white, black = play.board
        mover, opponent = (white, black) if mover_is_white else (black, white)
        opp = opponents.get(id(opponent))
        if opp is None:
            opp = opponents[id(opponent)] = orjson.Fragment(orjson.dumps(side_json(opponent)))
        mover_json = side_json(mover)
        moves = play.moves
        texts = memo.get(moves) or _moves_texts(moves)
        listed.append(
            {
                "moves": texts[0],
                "notation": texts[1],
                "board": {"white": mover_json, "black": opp}
                if mover_is_white
                else {"white": opp, "black": mover_json},
                "outcome": NOT_OVER_JSON,
            }
        )
    for index, standing in answer.endings.items():
        listed[index]["outcome"] = play_outcome_json(standing)
    if answer.first_turn is not None:
        for play_json in listed:
            play_json["first_turn"] = answer.first_turn
    return listed


def plays_answer(position: ResolvedPosition, answer: PlaysAnswer, body: Mapping[str, Any]) -> dict[str, Any]:
    """/v1/moves' answer: every play of the engine's `answer` with the fields and inclusions the
    request asks for."""
    assert position.turn is not None and position.dice is not None
    plays = answer.plays
    include = frozenset(body.get("include") or ())
    wanted = frozenset(body.get("fields_") or ALL_FIELDS)
    if include or wanted != ALL_FIELDS:
        _check_included_ids(len(plays), include)
        cache: _SideCache = {}
        pairs = zip(plays, answer.standings(), strict=True)
        listed = [
            play_dict(play, standing, position, include, cache, wanted, answer.first_turn)
            for play, standing in pairs
        ]
    else:
        listed = full_plays(answer)
    reply: dict[str, Any] = {
        "turn": position.turn,
        "dice": list(position.dice),
        "next_turn": other(position.turn),
        "plays": listed,
    }
    if "fields_" in body:  # a cut answer says which fields its plays hold
        reply["fields"] = [name for name in PLAY_FIELDS if name in wanted]
    return reply


def _check_included_ids(plays: int, include: Collection[str]) -> None:
    """422 when `include` asks for more position IDs than one answer may compute."""
    formats = sorted(ID_INCLUDES.intersection(include))
    if plays * len(formats) > MAX_INCLUDED_IDS:
        ids = plays * len(formats)
        too_many = message(
            "problem.too_many_ids", plays=plays, formats=", ".join(formats), ids=ids, limit=MAX_INCLUDED_IDS
        )
        raise ValidationProblem({"include": [too_many]}, detail=too_many)


# -- a proposed play ----------------------------------------------------------------------------
def _proposal(body: Mapping[str, Any]) -> tuple[tuple[tuple[int, int], ...], list[int] | None]:
    """The proposed hops of a /v1/play body and the points it marks as hits (None: not stated)."""
    if "play" in body:
        try:
            hops, marks = parse_play_marked(body["play"])
        except NotationError as exc:
            unreadable = Message(exc.message_key, exc.params)
            raise ValidationProblem(
                {"play": [message("problem.column", column=exc.column, error=unreadable)]},
                detail=message("problem.play_unparsed", column=exc.column, error=unreadable),
            ) from None
        return hops, list(marks)
    proposed = body["moves"]
    hops = tuple((m["from_"] if "from_" in m else m["from"], m["to"]) for m in proposed)
    marked = [m["to"] for m in proposed if m.get("hit")] if any("hit" in m for m in proposed) else None
    return hops, marked


def play_answer(position: ResolvedPosition, body: Mapping[str, Any]) -> dict[str, Any]:
    """/v1/play's answer: the engine's ruling on the proposed play, rendered."""
    hops, marked = _proposal(body)
    include = body.get("include") or ()
    assert position.turn is not None
    verdict, standing = position.game.ruling(hops, marked)
    lang = request_language()
    if verdict.legal and verdict.play is not None:
        answer: dict[str, Any] = {
            "legal": True,
            "as_written": verdict.as_written,
            "play": play_dict(
                verdict.play, standing, position, include, first_turn=position.game.first_turn_after()
            ),
            "next_turn": None if standing.outcome.game_over else other(position.turn),
        }
        if not verdict.as_written:
            written = body["play"] if "play" in body else format_moves(_hop_moves(hops))
            answer["note"] = render("play.REGROUPED", verdict.note_params(written), lang)
        return answer
    reason = {"code": verdict.code, "message": say(verdict, lang)}
    return {
        "legal": False,
        "reason": reason,
        "next_turn": position.turn,
        "as_played": _as_played(position, hops),
    }


def _as_played(position: ResolvedPosition, hops: tuple[tuple[int, int], ...]) -> dict[str, Any] | None:
    """The board the hops leave, when the opponent could accept the illegal play (the referee's
    illegal-moves rule: U.S. Backgammon Tournament Rules 4.8, impossible plays excepted); None for
    a play no board can follow or that rule never condones."""
    assert position.turn is not None
    if not position.game.variant.condones_illegal_plays:
        return None  # the illegal-moves rule is the backgammon family's (docs/variants.md)
    board, impossible = apply_literally(position.board, position.turn, hops)
    return None if board is None or impossible is not None else {"board": board.to_dict()}


def _hop_moves(hops: tuple[tuple[int, int], ...]) -> tuple[Move, ...]:
    """Proposed hops as moves, to write them in notation."""
    return tuple(Move(source, dest) for source, dest in hops)


# -- the cube -----------------------------------------------------------------------------------
def cube_json(verdict: CubeVerdict, match: Match, rules: Rules, lang: str) -> dict[str, Any]:
    """/v1/cube's answer for a cube verdict (a drop in a match adds the match block)."""
    if not verdict.legal:
        return {
            "legal": False,
            "action": verdict.action,
            "reason": {"code": verdict.code, "message": say(verdict, lang)},
        }
    assert verdict.cube is not None
    body: dict[str, Any] = {
        "legal": True,
        "action": verdict.action,
        "cube": verdict.cube.to_dict(),
        "offer": verdict.offer.to_dict() if verdict.offer else None,
        "next": {"player": verdict.next_player, "actions": list(verdict.next_actions)}
        if verdict.next_player
        else None,
        "outcome": {
            **verdict.outcome_dict(),
            "label": result_label("single" if verdict.game_over else None, lang),
        },
    }
    if verdict.game_over and not match.is_money and verdict.winner and verdict.points:
        body["outcome"]["match"] = score_game(match, verdict.winner, verdict.points, rules).to_dict()
    return body
