"""Signed game states: the position a client sends back, as a compact JWS over canonical JSON.

A state's payload holds everything a route needs to go on without trusting the client: the board,
who is on turn and their dice once rolled, the cube (and a pending offer), the match, the rules
in force, the clock's settings (when the game has a clock), the dice chain's commitment with the
index of the next roll, the hashes the players' seeds are fixed by and, from the first roll on, the
seeds themselves, the game's random id and the SHA-256 of the state before it (`prev`),
so a game is a chain of states that each side can check link by link. `step` says what comes next:
`opening` (the opening roll), `roll` (the side on turn rolls, or doubles), `play` (it plays its
dice), `double` (the opponent of the doubler answers), `over`.

The payload is JSON with sorted keys and no spaces (`canonical`), so equal states have equal bytes.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Mapping
from typing import Any

from arbitru.trust import dice
from arbitru.trust.keys import KeyRing, TrustError

STATE_TYPE = "arbitru-state+jws"
VERSION = 2
READABLE = (1, VERSION)  # version 1 took the players' seeds themselves at the start: still read
STEPS = ("opening", "roll", "play", "double", "over")
FIELDS = frozenset(
    {"v", "game", "prev", "step", "board", "turn", "dice", "cube", "offer", "match", "rules", "clock", "roll"}
)


def canonical(payload: Mapping[str, Any]) -> bytes:
    """The payload's bytes: JSON, keys sorted, no spaces, ASCII."""
    return json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode("ascii")


def state_hash(token: str) -> str:
    """The SHA-256 (hex) of a state as sent: what the next state names as `prev`."""
    return hashlib.sha256(token.encode("ascii")).hexdigest()


def sign_state(ring: KeyRing, payload: Mapping[str, Any]) -> str:
    """The compact JWS of a state payload."""
    return ring.sign(canonical(payload), STATE_TYPE)


def open_state(ring: KeyRing, token: Any) -> dict[str, Any]:
    """The payload of a state the service signed, or TrustError saying why it is refused."""
    verified = ring.verify(token, STATE_TYPE)
    try:
        payload = json.loads(verified.payload)
    except ValueError:
        raise TrustError("bad_payload") from None
    if not isinstance(payload, dict) or set(payload) != FIELDS or payload["v"] not in READABLE:
        raise TrustError("bad_payload")
    if payload["step"] not in STEPS:
        raise TrustError("bad_payload")
    return payload


def new_chain(ring: KeyRing, seed_hashes: Mapping[str, str] | None) -> dict[str, Any]:
    """The dice block of a new game: a fresh nonce, the commitment of its chain (signed by the key
    that signs now, whose secret derives the chain), roll 1 next, and the hashes that fix the
    players' seeds, revealed at the first roll (`seeds` None until then). Without hashes the
    players have no seeds (empty, nothing to reveal)."""
    nonce = secrets.token_bytes(16)
    top = dice.chain_top(ring.dice_secret(ring.signer), nonce)
    hashes = None if seed_hashes is None else {"white": seed_hashes["white"], "black": seed_hashes["black"]}
    return {
        "kid": ring.signer,
        "nonce": nonce.hex(),
        "length": dice.CHAIN_LENGTH,
        "commitment": dice.seed_at(top, 0, dice.CHAIN_LENGTH).hex(),
        "next": 1,
        "seed_hashes": hashes,
        "seeds": dict(dice.NO_SEEDS) if hashes is None else None,
    }


def start_payload(
    ring: KeyRing,
    board: Mapping[str, Any],
    cube: Mapping[str, Any],
    match: Mapping[str, Any],
    rules: Mapping[str, Any],
    seed_hashes: Mapping[str, str] | None = None,
    clock: Mapping[str, Any] | None = None,
    turn: str | None = None,
) -> dict[str, Any]:
    """The first state of a game: the starting board, the opening roll next (or, `turn` given, a
    rotation's game its starter rolls first), a new dice chain fixing the players' seeds by their
    hashes, the clock's settings if the game has a clock."""
    return {
        "v": VERSION,
        "game": secrets.token_hex(16),
        "prev": None,
        "step": "opening" if turn is None else "roll",
        "board": dict(board),
        "turn": turn,
        "dice": None,
        "cube": dict(cube),
        "offer": None,
        "match": dict(match),
        "rules": dict(rules),
        "clock": None if clock is None else dict(clock),
        "roll": new_chain(ring, seed_hashes),
    }


def successor(payload: Mapping[str, Any], token: str, **changes: Any) -> dict[str, Any]:
    """The state after `payload` (sent as `token`): the same game, `prev` naming it, `changes` made."""
    unknown = set(changes) - FIELDS
    if unknown:
        raise KeyError(f"not a state field: {sorted(unknown)}")
    return {**payload, "prev": state_hash(token), **changes}


def players_seeds(chain: Mapping[str, Any], sent: Mapping[str, str] | None) -> dict[str, str]:
    """The players' seeds a roll draws with: the chain's once revealed (a `sent` pair must be the
    same), else the `sent` pair, each the seed its hash in the chain fixed. TrustError naming why
    not (`seeds_needed`, `seeds_not_committed`, `seeds_contradict`)."""
    known = chain.get("seeds")
    if known is not None:
        if sent is not None and dict(sent) != dict(known):
            raise TrustError("seeds_contradict")
        return dict(known)
    if sent is None:
        raise TrustError("seeds_needed")
    wrong = dice.unrevealed(sent, chain["seed_hashes"])
    if wrong:
        raise TrustError("seeds_not_committed", side=wrong[0])
    return {"white": sent["white"], "black": sent["black"]}


def reveal(
    ring: KeyRing, chain: Mapping[str, Any], count: int, seeds: Mapping[str, str]
) -> tuple[int, bytes, list[int]]:
    """The next roll of a chain with the players' `seeds` (`players_seeds`): its index, revealed
    seed and `count` dice."""
    index = chain["next"]
    if index > chain["length"]:
        raise TrustError("chain_exhausted", length=chain["length"])
    top = dice.chain_top(ring.dice_secret(chain["kid"]), bytes.fromhex(chain["nonce"]))
    seed = dice.seed_at(top, index, chain["length"])
    return index, seed, dice.draw(seed, seeds, index, count)


VERDICT_TYPE = "arbitru-verdict+jws"


def transcript_sha256(body: Mapping[str, Any]) -> str:
    """The SHA-256 (hex) of the transcript a verdict is about: the UTF-8 of the `mat` or `sgf` text
    as read, or the canonical JSON of a `record`."""
    if "record" in body:
        return hashlib.sha256(canonical(body["record"])).hexdigest()
    text = body["mat"] if "mat" in body else body["sgf"]
    return hashlib.sha256(str(text).encode("utf-8")).hexdigest()


def sign_verdict(ring: KeyRing, verdict: Mapping[str, Any], digest: str) -> str:
    """A compact JWS over a match verdict and its transcript's SHA-256: what an organiser publishes."""
    return ring.sign(canonical({"verdict": verdict, "transcript_sha256": digest}), VERDICT_TYPE)
