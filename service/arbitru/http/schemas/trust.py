"""Schemas of the trust routes: public keys, committed dice and the check of a roll log."""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from marshmallow import fields, validate

from arbitru.engine.board import COLORS
from arbitru.http.schemas.core import BoundedList, StrictInteger, StrictSchema
from arbitru.http.states import StateMixin, state_field
from arbitru.trust import dice

HEX_SEED = r"^[0-9a-f]{0,64}$"
HEX_32 = r"^[0-9a-f]{64}$"
MAX_LOG_ROLLS = dice.CHAIN_LENGTH


def _doc(description: str) -> dict[str, Any]:
    return {"description": description}


class JwkSchema(ma.Schema):
    """One public key: an OKP Ed25519 JWK (RFC 8037) with its key id."""

    kty = fields.String(required=True, validate=validate.OneOf(["OKP"]))
    crv = fields.String(required=True, validate=validate.OneOf(["Ed25519"]))
    x = fields.String(required=True, metadata=_doc("the public key, base64url"))
    kid = fields.String(required=True, metadata=_doc("the key id a signature's JWS header names"))
    alg = fields.String(required=True, validate=validate.OneOf(["EdDSA"]))
    use = fields.String(required=True, validate=validate.OneOf(["sig"]))


class JwksSchema(ma.Schema):
    """A JWK Set (RFC 7517)."""

    keys = fields.List(fields.Nested(JwkSchema), required=True)


class SeedsSchema(StrictSchema):
    """Each player's seed (lower-case hex, at most 64 characters; empty: none)."""

    white = fields.String(required=True, validate=[validate.Length(max=64), validate.Regexp(HEX_SEED)])
    black = fields.String(required=True, validate=[validate.Length(max=64), validate.Regexp(HEX_SEED)])


class SeedHashesSchema(StrictSchema):
    """The SHA-256 of each player's seed (64 lower-case hex digits): fixes the seed at the start."""

    white = fields.String(required=True, validate=[validate.Length(equal=64), validate.Regexp(HEX_32)])
    black = fields.String(required=True, validate=[validate.Length(equal=64), validate.Regexp(HEX_32)])


def seeds_field() -> fields.Nested:
    """The players' seeds revealed at the first roll (/v1/roll, /v1/opening with a state)."""
    return fields.Nested(
        SeedsSchema,
        metadata=_doc(
            "the players' seeds, revealed at the game's first roll: each must hash (SHA-256 of its "
            "bytes) to the `seed_hashes` given at /v1/start (docs/dice.md); needed once, at the first "
            "roll of a game started with `seed_hashes`; later it may be left out (else it must be the same)"
        ),
    )


def seed_hashes_field() -> fields.Nested:
    """/v1/start's `seed_hashes`."""
    return fields.Nested(
        SeedHashesSchema,
        metadata=_doc(
            "the SHA-256 of each player's seed (32 random bytes each, kept secret until the first roll): "
            "fixed in the signed state before the service draws its nonce, so neither the players nor the "
            "service can choose the dice; the seeds are revealed with the first /v1/roll (docs/dice.md). "
            "Default: no seeds (the dice are then the service's alone)"
        ),
    )


class RollRequestSchema(StateMixin, StrictSchema):
    """Request of /v1/roll: a signed state at the opening roll or with a side to roll."""

    STATE_STEPS = ("opening", "roll")

    state = state_field(required=True)
    seeds = seeds_field()


class ProofSchema(ma.Schema):
    """What makes the roll checkable: its index, the chain's seed it reveals, the commitment."""

    index = fields.Integer(required=True, metadata=_doc("the roll's number in the game, from 1"))
    seed = fields.String(required=True, metadata=_doc("the chain's seed of this roll, hex"))
    commitment = fields.String(required=True, metadata=_doc("the chain's commitment, signed at the start"))
    seeds = fields.Nested(SeedsSchema, required=True)
    seed_hashes = fields.Nested(
        SeedHashesSchema, required=True, allow_none=True, metadata=_doc("the hashes that fixed the seeds")
    )


class RollResponseSchema(ma.Schema):
    """The dice, their proof, the opening's decision (at the opening roll) and the next state."""

    dice = fields.List(
        fields.Integer(validate=validate.Range(1, 6)),
        required=True,
        metadata=_doc("the dice drawn: at the opening white's then black's, else the roller's two"),
    )
    proof = fields.Nested(ProofSchema, required=True)
    opening = fields.Dict(
        required=True,
        allow_none=True,
        metadata=_doc("at the opening roll: /v1/opening's answer and the rolls"),
    )
    turn = fields.String(required=True, allow_none=True, validate=validate.OneOf(list(COLORS)))
    state = fields.String(required=True, metadata=_doc("the signed state after this roll"))


class LoggedRollSchema(StrictSchema):
    """One roll of a log, as /v1/roll answered it."""

    index = StrictInteger(required=True, validate=validate.Range(1, dice.CHAIN_LENGTH))
    seed = fields.String(required=True, validate=validate.Regexp(HEX_32))
    dice = BoundedList(
        StrictInteger(validate=validate.Range(1, 6)), required=True, min_length=1, max_length=4
    )


class DiceVerifyRequestSchema(StrictSchema):
    """Request of /v1/dice/verify: a commitment, the players' seeds (and the hashes that fixed
    them) and the rolls to check."""

    commitment = fields.String(required=True, validate=validate.Regexp(HEX_32))
    seeds = fields.Nested(SeedsSchema, required=True)
    seed_hashes = fields.Nested(
        SeedHashesSchema,
        allow_none=True,
        metadata=_doc("the hashes of the seeds in the game's first state: each seed must hash to its own"),
    )
    rolls = BoundedList(fields.Nested(LoggedRollSchema), required=True, max_length=MAX_LOG_ROLLS)


class LogProblemSchema(ma.Schema):
    """A roll that does not check: its position in the log and why."""

    roll = fields.Integer(
        required=True, allow_none=True, metadata=_doc("the roll's position in the log; null: the log's seeds")
    )
    code = fields.String(
        required=True,
        validate=validate.OneOf(list(dice.LOG_CODES)),
    )
    message = fields.String(required=True)


class DiceVerifyResponseSchema(ma.Schema):
    """Whether every roll follows from the commitment."""

    valid = fields.Boolean(required=True)
    checked = fields.Integer(required=True)
    problems = fields.List(fields.Nested(LogProblemSchema), required=True)
    message = fields.String(required=True, allow_none=True)


def _example_log() -> dict[str, Any]:
    """A two-roll log of a chain made from a fixed secret, with the players' seeds and their hashes."""
    top = dice.chain_top(b"arbitru example secret", bytes(16))
    seeds = {"white": "01" * dice.SEED_BYTES, "black": "02" * dice.SEED_BYTES}
    rolls = []
    for index in (1, 2):
        seed = dice.seed_at(top, index)
        rolls.append({"index": index, "seed": seed.hex(), "dice": dice.draw(seed, seeds, index, 2)})
    hashes = {side: dice.seed_hash(seed) for side, seed in seeds.items()}
    return {"commitment": dice.seed_at(top, 0).hex(), "seeds": seeds, "seed_hashes": hashes, "rolls": rolls}


# The form of a state (a signed state verifies only with the keys of the service that signed it).
ROLL_EXAMPLE = {"state": "eyJhbGciOiJFZERTQSIsImtpZCI6Ii4uLiJ9.eyJ2IjoxfQ.c2lnbmF0dXJl"}
DICE_VERIFY_EXAMPLES = {"log": {"summary": "Two rolls of a game", "value": _example_log()}}
