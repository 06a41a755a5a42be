"""Signed game states on the HTTP face: `state` in place of a position, `state` in the answers.

A request schema with `StateMixin` takes `state` (a compact JWS the service signed,
`arbitru.trust.states`): before validation the signature is checked and the state's board, turn,
dice, cube, match and rules fill the request, exactly as a position source does
(`position_sources`); a field the request also gives must say the same, else a 422 naming it. A
state refused (form, key, signature, or a step the route does not take) is a 422 naming `state`
with the reason. With ARBITRU_REQUIRE_STATE the game routes refuse a request without `state`.

The routes that hand back a position add the next state (`next_state`) to their answer: the same
game, the state it follows named by its hash.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any, ClassVar

import marshmallow as ma
from flask import Flask, current_app, g, has_app_context, has_request_context
from marshmallow import fields, validate

from arbitru.engine.cube import Cube
from arbitru.engine.rules import build_rules
from arbitru.http.errors import ValidationProblem
from arbitru.messages import AllOf, message
from arbitru.settings import Settings
from arbitru.trust.keys import KeyRing, TrustError
from arbitru.trust.states import STEPS, open_state, sign_state, start_payload, successor

EXTENSION = "arbitru.keys"
MAX_STATE_CHARS = 3072  # a state is about 2 KiB; the bound keeps a hostile one cheap to refuse
EXPANDED = ("board", "turn", "dice", "cube", "match", "rules")


def init_app(app: Flask, settings: Settings) -> None:
    """Load the signing keys once per worker (`KeyRing.configured`; a test may give its own
    `KeyRing` as the config's ARBITRU_KEY_RING)."""
    ring = app.config.get("ARBITRU_KEY_RING")
    app.extensions[EXTENSION] = ring or KeyRing.configured(settings.signing_keys_file)


def key_ring() -> KeyRing:
    """The app's keys."""
    ring: KeyRing = current_app.extensions[EXTENSION]
    return ring


def refusal(error: TrustError, field: str = "state") -> ma.ValidationError:
    """The 422 of a refused state: the field and why."""
    key = error.message_key
    return ma.ValidationError({field: [message(key, **error.params)]})


def problem(error: TrustError, field: str = "state") -> ValidationProblem:
    """The same refusal raised in a view (after the body is loaded)."""
    key = error.message_key
    return ValidationProblem({field: [message(key, **error.params)]})


def state_field(**kwargs: Any) -> fields.String:
    """The request field `state`."""
    return fields.String(
        **kwargs,
        validate=validate.Length(max=MAX_STATE_CHARS),
        metadata={
            "description": (
                "a signed game state (compact JWS, EdDSA) an earlier answer gave, in place of the position: "
                "its board, turn, dice, cube, match and rules fill the request; a field also given must "
                "say the same (docs/dice.md)"
            )
        },
    )


def opened(token: Any, steps: Collection[str] = STEPS) -> dict[str, Any]:
    """The payload of a state sent in a request, kept for `next_state`, or a 422 naming `state`."""
    try:
        payload = open_state(key_ring(), token)
    except TrustError as error:
        raise refusal(error) from None
    if payload["step"] not in steps:
        raise refusal(TrustError("wrong_step", step=payload["step"], expected=AllOf(steps)))
    g.arbitru_state = (payload, token)
    return payload


def sent_state() -> tuple[dict[str, Any], str] | None:
    """The state this request sent (payload and token), if any."""
    if not has_app_context():
        return None
    found: tuple[dict[str, Any], str] | None = g.get("arbitru_state")
    return found


def next_state(**changes: Any) -> str | None:
    """The signed state after the one this request sent, with `changes` (None without a sent state)."""
    sent = sent_state()
    if sent is None:
        return None
    return sign_state(key_ring(), successor(sent[0], sent[1], **changes))


def _required() -> bool:
    if not has_request_context():
        return False
    settings: Settings = current_app.config["ARBITRU_SETTINGS"]
    return bool(settings.require_state)


def _same(name: str, given: Any, said: Any) -> bool:
    """Whether a request's field says what the state says (rules and cube compared as the engine
    reads them: a preset name equals its options written out)."""
    if name == "dice":
        return (
            isinstance(given, list) and said is not None and sorted(map(str, given)) == sorted(map(str, said))
        )
    if name == "rules" and isinstance(given, Mapping):
        try:
            built, problems = build_rules(given)
        except TypeError:
            return False
        return not problems and built == build_rules(said)[0]
    if name == "cube" and isinstance(given, Mapping):
        try:
            return Cube.from_dict(given) == Cube.from_dict(said)
        except (TypeError, ValueError, KeyError):
            return False
    return bool(given == said)


def expand_state(
    data: dict[str, Any], payload: Mapping[str, Any], accepts: Collection[str]
) -> dict[str, Any]:
    """The request with the state's fields filled in (those the schema `accepts`); ValidationError
    naming each given field that contradicts the state."""
    out = dict(data)
    errors: dict[str, list[str]] = {}
    for name in EXPANDED:
        said = payload[name]
        if name not in accepts or said is None:
            continue
        if name in data:
            if not _same(name, data[name], said):
                errors[name] = [message("trust.contradicts_state", field=name)]
        else:
            out[name] = said
    offer = payload.get("offer")
    if offer and "offer" in accepts and data.get("action") not in (None, "double") and "offer" not in data:
        out["offer"] = offer["kind"]
    if errors:
        raise ma.ValidationError(errors)
    return out


class StateMixin(ma.Schema):
    """Adds `state` to a request schema, expanded before validation (module docstring)."""

    STATE_STEPS: ClassVar[tuple[str, ...]] = STEPS  # the steps of a game the route takes a state at
    GAME_ROUTE: ClassVar[bool] = False  # refuses a request without `state` under ARBITRU_REQUIRE_STATE

    state = state_field()

    @ma.pre_load
    def _expand_state(self, data: Any, **kwargs: Any) -> Any:
        if not isinstance(data, dict) or not has_app_context():
            return data  # outside a request (the spec's examples, schema tests): the schema alone
        if "state" not in data:
            if self.GAME_ROUTE and _required():
                raise ma.ValidationError({"state": [message("trust.state_required")]})
            return data
        return expand_state(data, opened(data["state"], self.STATE_STEPS), self.fields.keys())


def state_after_play(play: Mapping[str, Any], turn: str) -> str | None:
    """The state after a legal play (/v1/play, a complete /v1/turn): its board, the opponent to
    roll, or the game over."""
    over = bool(play["outcome"]["game_over"])
    return next_state(
        board=play["board"],
        turn=None if over else ("black" if turn == "white" else "white"),
        dice=None,
        step="over" if over else "roll",
    )


def with_state(answer: dict[str, Any], state: str | None) -> dict[str, Any]:
    """The answer with `state` added when there is one."""
    if state is not None:
        answer["state"] = state
    return answer


def start_state(
    answer: Mapping[str, Any],
    seed_hashes: Mapping[str, str] | None = None,
    clock: Mapping[str, Any] | None = None,
) -> str:
    """The first signed state of the game /v1/start answers: its board, cube, match and rules, a
    new game id and dice chain fixing the players' seeds by their hashes, the clock's settings."""
    ring = key_ring()
    turn = answer["next"].get("turn")  # a rotation's later game: its starter rolls, no opening
    payload = start_payload(
        ring, answer["board"], answer["cube"], answer["match"], answer["rules"], seed_hashes, clock, turn
    )
    return sign_state(ring, payload)


def answer_state_field(description: str) -> fields.String:
    """The `state` of an answer: the signed state to send back."""
    return fields.String(metadata={"description": description})
