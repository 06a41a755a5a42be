"""Trust routes: the public keys (/.well-known/jwks.json), committed dice (/v1/roll) and the check
of a roll log (/v1/dice/verify). The algorithm and the threat model: docs/dice.md."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask import Response

from arbitru.engine import Color
from arbitru.engine.opening import DICE_PER_PLAYER, decide_opening
from arbitru.http.blueprint import Blueprint, strict_query
from arbitru.http.i18n import request_language
from arbitru.http.json import json_response
from arbitru.http.position import resolve_context
from arbitru.http.schemas.trust import (
    DICE_VERIFY_EXAMPLES,
    ROLL_EXAMPLE,
    DiceVerifyRequestSchema,
    DiceVerifyResponseSchema,
    JwksSchema,
    RollRequestSchema,
    RollResponseSchema,
)
from arbitru.http.states import key_ring, next_state, problem, sent_state
from arbitru.messages import render, say
from arbitru.trust import dice
from arbitru.trust.keys import TrustError
from arbitru.trust.states import players_seeds, reveal

blp = Blueprint(
    "trust",
    __name__,
    description="Signed game states, their public keys, and dice anyone can verify (docs/dice.md).",
)


@blp.route("/.well-known/jwks.json", methods=["GET"])
@blp.response(
    200, JwksSchema, description="The public keys (JWK Set, RFC 7517) that verify states and verdicts"
)
def jwks() -> Response:
    """The service's public keys

    Every live Ed25519 key (OKP, `alg` EdDSA) with its `kid`: a state or verdict names in its JWS
    header the key that signed it. During a rotation several keys are listed: the newest signs,
    the older ones still verify until they are retired.
    """
    strict_query(())
    return json_response(key_ring().public_jwks())


def _opening(
    payload: Mapping[str, Any], drawn: list[int], lang: str
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The opening roll's answer block and the state changes it makes (a re-roll stays at the opening)."""
    rules, cube, match = resolve_context(payload)
    each = DICE_PER_PLAYER[rules.opening]
    rolls: dict[Color, Sequence[int]] = {"white": drawn[:each], "black": drawn[each:]}
    result = decide_opening(rolls, rules, cube, in_match=not match.is_money)
    block = {**result.to_dict(), "rolls": rolls, "message": say(result, lang)}
    if result.reroll:
        return block, {"cube": result.cube.to_dict()}
    step = "roll" if result.dice is None else "play"
    dice_now = None if result.dice is None else list(result.dice)
    return block, {"turn": result.starter, "dice": dice_now, "step": step, "cube": result.cube.to_dict()}


def roll_answer(body: Mapping[str, Any], lang: str = "en") -> dict[str, Any]:
    """/v1/roll's answer: the next roll of the state's chain, its proof and the state after it."""
    sent = sent_state()
    assert sent is not None, "the schema requires a state"
    payload = sent[0]
    chain = payload["roll"]
    opening = payload["step"] == "opening"
    count = 2 * DICE_PER_PLAYER[payload["rules"]["opening"]] if opening else 2
    try:
        seeds = players_seeds(chain, body.get("seeds"))
    except TrustError as error:
        raise problem(error, "seeds") from None
    try:
        index, seed, drawn = reveal(key_ring(), chain, count, seeds)
    except TrustError as error:
        raise problem(error) from None
    answer: dict[str, Any] = {
        "dice": drawn,
        "proof": {
            "index": index,
            "seed": seed.hex(),
            "commitment": chain["commitment"],
            "seeds": seeds,
            "seed_hashes": chain.get("seed_hashes"),  # absent from a version 1 state
        },
        "opening": None,
    }
    changes: dict[str, Any] = {"roll": {**chain, "next": index + 1, "seeds": seeds}}
    if opening:
        answer["opening"], more = _opening(payload, drawn, lang)
        changes |= more
    else:
        changes |= {"dice": drawn, "step": "play"}
    answer["turn"] = changes.get("turn", payload["turn"])
    answer["state"] = next_state(**changes)
    return answer


def committed_opening(body: Mapping[str, Any], lang: str = "en") -> dict[str, Any]:
    """/v1/opening's answer on a signed state: the state's committed opening roll (as /v1/roll
    draws it), in /v1/opening's form, with the rolls drawn, the proof and the state after it."""
    answer = roll_answer(body, lang)
    return {**answer["opening"], "proof": answer["proof"], "state": answer["state"]}


@blp.route("/v1/roll", methods=["POST"])
@blp.json_body(RollRequestSchema, example=ROLL_EXAMPLE)
@blp.response(200, RollResponseSchema, description="The dice, their proof, and the state after the roll")
def roll(body: dict[str, Any]) -> Response:
    """Roll committed dice

    Takes a signed `state` at the opening roll or with a side to roll (at a game's first roll, with
    the players' `seeds` when /v1/start fixed them by their hashes), and answers the next roll
    of the game's dice chain: `dice` (at the opening one die each, white's first, or two each in
    the Romanian opening; equal dice are rolled again, with the cube's automatic doubles), the
    `proof` (the roll's index and the chain's seed it reveals, which hashes back to the commitment
    in the state) and the `state` after it. The same state asked again gives the same roll: the
    dice are fixed by the commitment made at /v1/start and the players' committed seeds, not by the
    request.
    Check a log of rolls with POST /v1/dice/verify or examples/verify_dice.py (docs/dice.md).
    """
    return json_response(roll_answer(body, request_language()))


def dice_verify_answer(body: Mapping[str, Any], lang: str = "en") -> dict[str, Any]:
    """/v1/dice/verify's answer: each roll of the log that does not follow from the commitment."""
    try:
        commitment = bytes.fromhex(body["commitment"])
    except ValueError:
        raise problem(TrustError("seeds_not_hex"), "commitment") from None
    problems = dice.check_log(commitment, body["seeds"], body["rolls"], body.get("seed_hashes"))
    return {
        "valid": not problems,
        "checked": len(body["rolls"]),
        "problems": [
            {"roll": found.index, "code": found.code, "message": render(f"dice.{found.code}", None, lang)}
            for found in problems
        ],
        "message": render("dice.ok", None, lang) if not problems else None,
    }


@blp.route("/v1/dice/verify", methods=["POST"])
@blp.answers(
    DiceVerifyRequestSchema,
    DICE_VERIFY_EXAMPLES,
    dice_verify_answer,
    DiceVerifyResponseSchema,
    "Whether every roll of the log follows from the commitment",
)
def dice_verify(body: dict[str, Any]) -> Response:
    """Check a log of committed rolls

    Each roll gives its `index`, the `seed` /v1/roll revealed and its `dice`: the seed must hash
    `index` times to the `commitment` and draw exactly those dice with the players' `seeds`, and
    with `seed_hashes` each seed must hash to its own (docs/dice.md states the algorithm). Anyone
    can run the same check: it needs no key.
    """
    return json_response(dice_verify_answer(body, request_language()))


__all__ = ["blp"]
