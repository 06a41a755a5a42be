"""POST /v1/turn: a turn built one checker at a time, for boards where a player touches, drags and
confirms (arbitru.engine.turn). Thin: validate, ask the engine's position once, render."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from flask import Response

from arbitru.engine.position import Standing
from arbitru.engine.turn import Hop, TurnState
from arbitru.engine.variants import board_json
from arbitru.http.blueprint import Blueprint
from arbitru.http.i18n import request_language
from arbitru.http.json import json_response
from arbitru.http.position import ResolvedPosition, resolve_position
from arbitru.http.render import play_dict
from arbitru.http.schemas.examples import OPENING_BOARD
from arbitru.http.schemas.turn import TurnRequestSchema, TurnResponseSchema
from arbitru.http.states import state_after_play, with_state
from arbitru.messages import say

blp = Blueprint(
    "turn",
    __name__,
    url_prefix="/v1",
    description="A turn built one checker at a time: where a checker may go next, and when the turn is done.",
)

TURN_EXAMPLES: dict[str, Any] = {
    "start": {
        "summary": "The start of a turn: every hop that may come first, and where each checker can go",
        "value": {"board": OPENING_BOARD, "turn": "white", "dice": [6, 5]},
    },
    "one_hop": {
        "summary": "One checker moved 24/18: the 5 is left",
        "value": {"board": OPENING_BOARD, "turn": "white", "dice": [6, 5], "hops": [{"from": 24, "to": 18}]},
    },
    "complete": {
        "summary": "24/18 then 18/13: a whole legal play",
        "value": {
            "board": OPENING_BOARD,
            "turn": "white",
            "dice": [6, 5],
            "hops": [{"from": 24, "to": 18}, {"from": 18, "to": 13}],
        },
    },
    "refused": {
        "summary": "A hop onto a closed point: refused with /v1/play's reason",
        "value": {"board": OPENING_BOARD, "turn": "white", "dice": [6, 5], "hops": [{"from": 24, "to": 19}]},
    },
}


def _hop(hop: Hop) -> dict[str, Any]:
    return {"from": hop.from_point, "to": hop.to_point, "die": hop.die, "hit": hop.hit}


def turn_answer(
    position: ResolvedPosition, state: TurnState, standing: Standing, include: Collection[str] = ()
) -> dict[str, Any]:
    """/v1/turn's answer for the engine's turn; a complete turn's play carries what `include` asks,
    as the same play listed by /v1/moves does."""
    answer: dict[str, Any] = {"legal": state.legal}
    if state.verdict is not None:
        answer["reason"] = {"code": state.verdict.code, "message": say(state.verdict, request_language())}
        answer["failed_hop"] = state.failed_hop
    answer |= {
        "hops": [_hop(hop) for hop in state.hops],
        "board": board_json(state.board, position.game.rules),
        "dice_left": list(state.dice_left),
        "next": [_hop(hop) for hop in state.next],
        "reach": [
            {
                "from": point,
                "to": route.to_point,
                "path": list(route.path),
                "dice": list(route.dice),
                "hits": list(route.hits),
            }
            for point, routes in state.reach.items()
            for route in routes
        ],
        "complete": state.complete,
        "play": None
        if state.play is None
        else play_dict(state.play, standing, position, include, first_turn=position.game.first_turn_after()),
        "forced": state.forced,
        "completion": None if state.completion is None else [_hop(hop) for hop in state.completion],
    }
    return answer


def _answer(body: dict[str, Any]) -> dict[str, Any]:
    position = resolve_position(body)
    hops = [(hop["from_"], hop["to"], hop.get("die"), hop.get("hit")) for hop in body.get("hops") or ()]
    state, standing = position.game.build_turn(hops)
    return turn_answer(position, state, standing, body.get("include") or ())


@blp.route("/turn", methods=["POST"])
@blp.answers(
    TurnRequestSchema,
    TURN_EXAMPLES,
    _answer,
    TurnResponseSchema,
    "The turn after the hops: always 200 for a valid body; a hop no legal play begins with is "
    "`legal: false` with /v1/play's reason",
)
def turn(body: dict[str, Any]) -> Response:
    """Build a turn one checker at a time

    For a position with its roll and the single-die hops made so far (in the order made), answers
    the hops as understood (each with its die and whether it hit, or pinned), the board after
    them, the dice left, every hop that may come next (each leads to at least one legal play: the
    most dice, the higher die, and every rule of the variant), and for each point a checker may
    move from every point it can reach this turn. `complete` says the hops are a whole legal play,
    then `play` is that play as /v1/moves lists it (with what `include` asks); `forced` says only
    one resulting board can still be reached, then `completion` gives the hops that finish the
    turn. When no legal play exists, the empty turn is complete and `next` is empty: the turn
    passes. A hop no legal play can begin with is `legal: false`, with the reason code and message
    /v1/play gives, and `failed_hop` its index. Stateless: undo is sending fewer hops.
    """
    answer = _answer(body)
    if answer["complete"] and answer["play"] is not None:
        answer = with_state(answer, state_after_play(answer["play"], body["turn"]))
    return json_response(answer)


__all__ = ["blp"]
