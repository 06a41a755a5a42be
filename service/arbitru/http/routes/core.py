"""The core routes: every legal play (/v1/moves), the referee for one play (/v1/play), and the
game-over verdict (/v1/outcome). Thin: validate, ask the engine's position once, render
(`arbitru.http.render`)."""

from __future__ import annotations

from typing import Any

from flask import Response

from arbitru.http import observability, schemas
from arbitru.http.blueprint import Blueprint
from arbitru.http.json import json_response
from arbitru.http.position import resolve_position
from arbitru.http.render import outcome_answer, play_answer, plays_answer
from arbitru.http.schemas.examples import MOVES_EXAMPLE, OUTCOME_EXAMPLE, PLAY_EXAMPLES
from arbitru.http.schemas.game import OutcomeMatchResponseSchema
from arbitru.http.states import state_after_play, with_state

blp = Blueprint(
    "checker-play",
    __name__,
    url_prefix="/v1",
    description="Legal plays, the referee for one play, and the game-over verdict.",
)


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
    200,
    schemas.MOVES_ANSWER_SCHEMA,
    description="Every legal play, one per distinct resulting board: whole plays (`MovesResponse`), "
    "or with `fields` only those fields of each (`MovesCutResponse`, which repeats `fields`)",
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
    answer = position.game.plays_with_outcomes()
    observability.observe_plays(len(answer.plays))
    return json_response(plays_answer(position, answer, body))


def _play_answer(body: dict[str, Any]) -> dict[str, Any]:
    """/v1/play's answer for a validated body."""
    return play_answer(resolve_position(body), body)


# The play examples the spec answers ("moves" gives the same play as hops: the same answer again).
_ANSWERED_PLAYS = {name: example for name, example in PLAY_EXAMPLES.items() if name != "moves"}


@blp.route("/play", methods=["POST"])
@blp.answers(
    schemas.PlayRequestSchema,
    PLAY_EXAMPLES,
    _play_answer,
    schemas.PLAY_VERDICT_SCHEMA,
    "The verdict: the request was valid, the play may still be illegal",
    answered=_ANSWERED_PLAYS,
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
    answer = _play_answer(body)
    if answer["legal"]:
        answer = with_state(answer, state_after_play(answer["play"], body["turn"]))
    return json_response(answer)


@blp.route("/outcome", methods=["POST"])
@blp.json_body(schemas.OutcomeRequestSchema, example=OUTCOME_EXAMPLE)
@blp.response(
    200,
    OutcomeMatchResponseSchema,
    description="Whether the game is over, who won, and what it counts for",
    example=outcome_answer(resolve_position(schemas.OutcomeRequestSchema().load(OUTCOME_EXAMPLE))),
)
def game_outcome(body: dict[str, Any]) -> Response:
    """Game-over verdict and score

    `result` is what happened on the board (single, gammon, backgammon); `multiplier` what it counts
    for under the rules (a Jacoby gammon counts 1); `points` = multiplier x cube value. While the
    game goes on, `winner`, `result`, `multiplier` and `points` are null.
    """
    return json_response(outcome_answer(resolve_position(body)))


__all__ = ["blp"]
