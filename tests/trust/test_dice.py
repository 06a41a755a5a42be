"""Committed dice: docs/dice.md's vectors hold for the service and the standard-library verifier in
examples/, a roll asked again is the same roll, a log with one die changed fails the check, and the
service's dice are fair (a chi-square test over 36,000 rolls, fixed seeds: never flaky)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import importlib.util
import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

from arbitru.trust import dice
from arbitru.trust.keys import KeyRing
from arbitru.trust.states import sign_state
from tests.trust.support import KEYS, logged, ok, refused, rolled

ROOT = Path(__file__).resolve().parents[2]
VECTORS = json.loads(re.search(r"```json\n(.*?)```", (ROOT / "docs/dice.md").read_text(), re.S).group(1))
SECRET, NONCE = b"arbitru test vector secret", bytes(range(16))
# chi-square, 35 degrees of freedom, upper 0.1 % point: a fair die exceeds it once in a thousand draws
CHI_SQUARE_35_AT_0_001 = 66.619


VERIFIER = ROOT / "examples/verify_dice.py"


def _example_verifier():
    spec = importlib.util.spec_from_file_location("verify_dice", ROOT / "examples/verify_dice.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_documented_vectors_are_the_services_dice():
    top = dice.chain_top(SECRET, NONCE)
    assert top.hex() == VECTORS["top"]
    assert dice.seed_at(top, 0).hex() == VECTORS["commitment"]
    for roll in VECTORS["rolls"]:
        seed = dice.seed_at(top, roll["index"])
        assert seed.hex() == roll["seed"]
        assert dice.draw(seed, VECTORS["seeds"], roll["index"], len(roll["dice"])) == roll["dice"]
    assert dice.check_log(bytes.fromhex(VECTORS["commitment"]), VECTORS["seeds"], VECTORS["rolls"]) == []


def test_the_example_verifier_accepts_the_vectors_and_refuses_one_die_changed():
    verifier = _example_verifier()
    assert verifier.check(VECTORS) is None
    changed = json.loads(json.dumps(VECTORS))
    changed["rolls"][1]["dice"][0] = changed["rolls"][1]["dice"][0] % 6 + 1
    assert "roll 2" in verifier.check(changed)


def test_a_byte_from_252_up_is_skipped_no_modulo_bias():
    accepted = Counter(byte % 6 + 1 for byte in range(dice.ACCEPT_BELOW))
    assert set(accepted.values()) == {42}
    seed = bytes.fromhex(VECTORS["rolls"][1]["seed"])
    block = hmac.new(seed, b"a1b2:c3d4:2:0", hashlib.sha256).digest()
    assert block[0] == 0xFD  # the documented vector's first byte, skipped
    assert [block[1] % 6 + 1, block[2] % 6 + 1] == VECTORS["rolls"][1]["dice"]


def _game_log(client, preset="standard"):
    seeds = {"white": "0a", "black": "0b"}
    start = ok(client.post("/v1/start", json={"rules": {"preset": preset}, "seeds": seeds}))
    answer = ok(client.post("/v1/roll", json={"state": start["state"]}))
    rolls = [answer]
    while answer["opening"]["reroll"]:
        answer = ok(client.post("/v1/roll", json={"state": answer["state"]}))
        rolls.append(answer)
    proof = answer["proof"]
    log = {
        "commitment": proof["commitment"],
        "seeds": proof["seeds"],
        "rolls": [logged(r) for r in rolls],
    }
    return start, answer, log


def test_a_roll_asked_again_is_the_same_roll(client):
    start = ok(client.get("/v1/start"))
    first = ok(client.post("/v1/roll", json={"state": start["state"]}))
    again = ok(client.post("/v1/roll", json={"state": start["state"]}))
    assert (again["dice"], again["proof"]) == (first["dice"], first["proof"])


def test_the_services_rolls_check_with_the_route_and_the_example_verifier(client, tmp_path):
    _, _, log = _game_log(client, "romanian")
    assert ok(client.post("/v1/dice/verify", json=log)) | {"message": None} == {
        "valid": True,
        "checked": len(log["rolls"]),
        "problems": [],
        "message": None,
    }
    path = tmp_path / "log.json"
    path.write_text(json.dumps(log))
    done = subprocess.run([sys.executable, str(VERIFIER), str(path)], capture_output=True)
    assert done.returncode == 0, done.stdout


def test_a_log_with_one_die_changed_fails_naming_the_roll(client, tmp_path):
    _, _, log = _game_log(client)
    log["rolls"][-1]["dice"][0] = log["rolls"][-1]["dice"][0] % 6 + 1
    answer = ok(client.post("/v1/dice/verify", json=log))
    assert answer["valid"] is False
    assert [(p["roll"], p["code"]) for p in answer["problems"]] == [(len(log["rolls"]) - 1, "dice_differ")]
    path = tmp_path / "log.json"
    path.write_text(json.dumps(log))
    done = subprocess.run([sys.executable, str(VERIFIER), str(path)], capture_output=True)
    assert done.returncode == 1


def test_a_seed_of_another_roll_or_chain_fails_the_check(client):
    _, _, log = _game_log(client)
    log["rolls"][0]["index"] += 1  # the seed of roll 1 presented as roll 2
    answer = ok(client.post("/v1/dice/verify", json=log))
    assert answer["problems"][0]["code"] == "seed_not_in_chain"


def test_36000_rolls_of_the_service_pass_a_chi_square_test_on_the_36_outcomes():
    """Fixed secret, nonces and seeds: the statistic is the same every run."""
    counts: Counter[tuple[int, int]] = Counter()
    seeds = {"white": "5eed", "black": "d1ce"}
    for game in range(36):
        top = dice.chain_top(b"chi-square secret", game.to_bytes(16, "big"))
        chain = [top]
        for _ in range(dice.CHAIN_LENGTH):
            chain.append(hashlib.sha256(chain[-1]).digest())
        chain.reverse()  # chain[i] is seed i
        for index in range(1, 1001):
            first, second = dice.draw(chain[index], seeds, index, 2)
            counts[first, second] += 1
    total = sum(counts.values())
    assert total == 36_000 and len(counts) == 36
    expected = total / 36
    statistic = sum((counts[a, b] - expected) ** 2 / expected for a in range(1, 7) for b in range(1, 7))
    assert statistic < CHI_SQUARE_35_AT_0_001, statistic


def test_a_game_out_of_rolls_is_refused_naming_the_chain(client):
    start = ok(client.get("/v1/start"))["state"]
    body = start.split(".")[1]
    payload = json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
    payload["roll"]["next"] = dice.CHAIN_LENGTH + 1
    exhausted = sign_state(KeyRing(KEYS), payload)
    assert "all are used" in refused(client.post("/v1/roll", json={"state": exhausted}))
    assert rolled(client, start)["turn"] in ("white", "black")
