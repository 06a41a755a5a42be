"""Check a game's committed dice with nothing but Python's standard library (docs/dice.md).

    python examples/verify_dice.py log.json

log.json: {"commitment": hex, "seeds": {"white": hex, "black": hex},
           "seed_hashes": {"white": hex, "black": hex},
           "rolls": [{"index": 1, "seed": hex, "dice": [5, 2]}, ...]}
(the `proof` of each /v1/roll answer gives index, seed, commitment, seeds and seed_hashes; without
seed_hashes the seeds are taken as they are). Exit status 0 when each seed hashes to its hash and
every roll follows from the commitment, 1 otherwise, naming the first thing that does not.
"""

import hashlib
import hmac
import json
import sys


def dice_of(seed, seeds, index, count):
    """The dice a revealed seed draws: HMAC-SHA256 blocks, bytes under 252 (no modulo bias)."""
    dice, block = [], 0
    while len(dice) < count:
        text = f"{seeds['white']}:{seeds['black']}:{index}:{block}".encode()
        dice += [byte % 6 + 1 for byte in hmac.new(seed, text, hashlib.sha256).digest() if byte < 252]
        block += 1
    return dice[:count]


def check(log):
    """None when every roll checks, else why the first that does not fails."""
    for side, hashed in (log.get("seed_hashes") or {}).items():
        if hashlib.sha256(bytes.fromhex(log["seeds"][side])).hexdigest() != hashed:
            return f"the {side} seed does not hash to the {side} seed hash"
    commitment, last = bytes.fromhex(log["commitment"]), 0
    for roll in log["rolls"]:
        seed = bytes.fromhex(roll["seed"])
        if roll["index"] <= last:
            return f"roll {roll['index']}: indices must increase"
        last = hashed = roll["index"]
        value = seed
        for _ in range(hashed):
            value = hashlib.sha256(value).digest()
        if value != commitment:
            return f"roll {roll['index']}: the seed does not hash back to the commitment"
        if dice_of(seed, log["seeds"], roll["index"], len(roll["dice"])) != roll["dice"]:
            return f"roll {roll['index']}: the dice are not the seed's"
    return None


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as handle:
        problem = check(json.load(handle))
    print(problem or "every roll follows from the commitment")
    sys.exit(1 if problem else 0)
