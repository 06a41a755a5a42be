"""Dice anyone can verify: a commit-reveal hash chain with HMAC-SHA256 draws (docs/dice.md).

At a game's start the server draws a fresh nonce and computes a chain of `length` seeds from its
secret: the top seed is HMAC-SHA256(secret, "arbitru-dice-chain:" + nonce), each seed below is the
SHA-256 of the one above, and the bottom one (seed 0) is the commitment, signed into the state.
Roll i (1, 2, ...) reveals seed i; anyone checks it by hashing it i times back to the commitment,
and no one can compute seed i + 1 from seed i (it would invert SHA-256). The dice of roll i are
drawn from HMAC-SHA256(seed i, "<white seed>:<black seed>:<i>:<block>") by rejection sampling: a
byte below 252 gives the die byte % 6 + 1, a byte from 252 up is skipped (252 = 6 x 42, so every
face has 42 of the 252 bytes: no modulo bias); block 0, 1, ... give more bytes as needed.

The players' seeds are committed too: at the start each player's seed is fixed by its SHA-256
(`seed_hash`) in the signed state, before the server draws its nonce, and the seed itself is
revealed at the first roll, checked against its hash. So the server cannot choose a nonce for rolls
it likes (it does not know the seeds when it draws it), and a player cannot choose a seed for rolls
it likes (it does not know the chain's seeds when its seed is fixed).

Standard library only, on purpose: this module is the algorithm docs/dice.md states, and
examples/verify_dice.py re-implements it independently.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

CHAIN_LENGTH = 1024  # rolls a game may make (opening re-rolls included): far above any real game
ACCEPT_BELOW = 252  # the largest multiple of 6 not above 256
CHAIN_LABEL = b"arbitru-dice-chain:"
SEED_BYTES = 32  # a player's seed: 32 random bytes, written as 64 lower-case hex digits
NO_SEEDS = {"white": "", "black": ""}  # a game whose players committed to no seed
# why a logged roll fails (`seed_not_committed`: a player's seed is not the one its hash fixed)
LOG_CODES = ("seed_not_hex", "index_order", "seed_not_in_chain", "dice_differ", "seed_not_committed")


def seed_hash(seed: str) -> str:
    """The commitment to a player's seed: the SHA-256 (hex) of the seed's bytes (its hex decoded).
    ValueError when the seed is not hexadecimal."""
    return hashlib.sha256(bytes.fromhex(seed)).hexdigest()


def unrevealed(seeds: Mapping[str, str], hashes: Mapping[str, str]) -> list[str]:
    """The players (`white`, `black`) whose seed is not the one its hash fixed."""
    wrong = []
    for side in ("white", "black"):
        try:
            matches = hmac.compare_digest(seed_hash(seeds[side]), hashes[side])
        except ValueError:
            matches = False
        if not matches:
            wrong.append(side)
    return wrong


def chain_top(secret: bytes, nonce: bytes) -> bytes:
    """The top seed (seed `length`) of a game's chain."""
    return hmac.new(secret, CHAIN_LABEL + nonce, hashlib.sha256).digest()


def seed_at(top: bytes, index: int, length: int = CHAIN_LENGTH) -> bytes:
    """Seed `index` of the chain whose top seed is `top` (seed 0 is the commitment)."""
    if not 0 <= index <= length:
        raise ValueError(f"seed {index} is outside a chain of {length}")
    seed = top
    for _ in range(length - index):
        seed = hashlib.sha256(seed).digest()
    return seed


def reaches(seed: bytes, index: int, commitment: bytes) -> bool:
    """Whether `seed` is seed `index` of the chain committed to: hashed `index` times, it is the
    commitment."""
    for _ in range(index):
        seed = hashlib.sha256(seed).digest()
    return hmac.compare_digest(seed, commitment)


def draw(seed: bytes, seeds: Mapping[str, str], index: int, count: int) -> list[int]:
    """`count` dice of roll `index` from its revealed `seed` and the players' seeds."""
    dice: list[int] = []
    block = 0
    while len(dice) < count:
        text = f"{seeds['white']}:{seeds['black']}:{index}:{block}".encode("ascii")
        for byte in hmac.new(seed, text, hashlib.sha256).digest():
            if byte < ACCEPT_BELOW and len(dice) < count:
                dice.append(byte % 6 + 1)
        block += 1
    return dice


@dataclass(frozen=True, slots=True)
class LogProblem:
    """Why one entry of a roll log does not check (`code` names a catalogue text `dice.<code>`)."""

    index: int | None  # the entry's position in the log; None: the log's seeds
    code: str


def check_log(
    commitment: bytes,
    seeds: Mapping[str, str],
    rolls: Sequence[Mapping[str, Any]],
    seed_hashes: Mapping[str, str] | None = None,
) -> list[LogProblem]:
    """Every entry of a roll log that does not follow from `commitment` and the players' seeds:
    each entry is {"index": i, "seed": hex, "dice": [...]}, indices increasing from 1. With the
    players' `seed_hashes` (the state's), seeds that are not the committed ones come first, as a
    problem of the whole log (`index` None)."""
    problems: list[LogProblem] = []
    if seed_hashes is not None and unrevealed(seeds, seed_hashes):
        problems.append(LogProblem(None, "seed_not_committed"))
    last = 0
    for position, roll in enumerate(rolls):
        index, dice = roll["index"], list(roll["dice"])
        try:
            seed = bytes.fromhex(roll["seed"])
        except ValueError:
            problems.append(LogProblem(position, "seed_not_hex"))
            continue
        if index <= last:
            problems.append(LogProblem(position, "index_order"))
        elif not reaches(seed, index, commitment):
            problems.append(LogProblem(position, "seed_not_in_chain"))
        elif draw(seed, seeds, index, len(dice)) != dice:
            problems.append(LogProblem(position, "dice_differ"))
        last = max(last, index)
    return problems
