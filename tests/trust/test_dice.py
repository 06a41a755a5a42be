"""Committed dice: docs/dice.md's vectors hold for the service and the standard-library verifier in
examples/, the players' seeds are fixed by their hashes at the start and revealed (checked) at the
first roll, a roll asked again is the same roll, a log with one die changed fails the check, and
the service's dice are fair (a chi-square test over 36,000 rolls, fixed seeds: never flaky)."""

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

from arbitru.cli.chisquare import chi_square, chi_square_sf
from arbitru.trust import dice
from arbitru.trust.keys import KeyRing
from arbitru.trust.states import sign_state
from tests.trust.support import (
    KEYS,
    SEED_HASHES,
    SEEDS,
    committed_start,
    logged,
    ok,
    refused,
    roll_log,
    rolled,
)

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
    assert {side: dice.seed_hash(seed) for side, seed in VECTORS["seeds"].items()} == VECTORS["seed_hashes"]
    commitment = bytes.fromhex(VECTORS["commitment"])
    assert dice.check_log(commitment, VECTORS["seeds"], VECTORS["rolls"], VECTORS["seed_hashes"]) == []


def test_the_example_verifier_accepts_the_vectors_and_refuses_one_die_changed():
    verifier = _example_verifier()
    assert verifier.check(VECTORS) is None
    changed = json.loads(json.dumps(VECTORS))
    changed["rolls"][1]["dice"][0] = changed["rolls"][1]["dice"][0] % 6 + 1
    assert "roll 2" in verifier.check(changed)
    other_seed = json.loads(json.dumps(VECTORS))
    other_seed["seeds"]["black"] = other_seed["seeds"]["white"]
    assert "black seed" in verifier.check(other_seed)


def test_a_byte_from_252_up_is_skipped_no_modulo_bias():
    accepted = Counter(byte % 6 + 1 for byte in range(dice.ACCEPT_BELOW))
    assert set(accepted.values()) == {42}
    seed = bytes.fromhex(VECTORS["rolls"][1]["seed"])
    seeds = VECTORS["seeds"]
    block = hmac.new(seed, f"{seeds['white']}:{seeds['black']}:2:0".encode(), hashlib.sha256).digest()
    assert block[0] == 0xFD  # the documented vector's first byte, skipped
    assert [block[1] % 6 + 1, block[2] % 6 + 1] == VECTORS["rolls"][1]["dice"]


def _game_log(client, preset="standard"):
    start = committed_start(client, {"preset": preset})
    answer = ok(client.post("/v1/roll", json={"state": start["state"], "seeds": SEEDS}))
    rolls = [answer]
    while answer["opening"]["reroll"]:
        answer = ok(client.post("/v1/roll", json={"state": answer["state"]}))
        rolls.append(answer)
    return start, answer, roll_log(answer, [logged(r) for r in rolls])


def test_the_start_fixes_the_players_seeds_by_their_hashes_and_the_first_roll_reveals_them(client):
    start = committed_start(client)
    chain = _payload(start["state"])["roll"]
    assert (chain["seed_hashes"], chain["seeds"]) == (SEED_HASHES, None)  # the service never saw them
    assert SEEDS["white"] not in start["state"] and SEEDS["white"] not in json.dumps(_payload(start["state"]))
    first = ok(client.post("/v1/roll", json={"state": start["state"], "seeds": SEEDS}))
    assert first["proof"]["seeds"] == SEEDS and first["proof"]["seed_hashes"] == SEED_HASHES
    assert _payload(first["state"])["roll"]["seeds"] == SEEDS  # later rolls need not send them
    seed = bytes.fromhex(first["proof"]["seed"])
    assert dice.draw(seed, SEEDS, 1, len(first["dice"])) == first["dice"]


def test_a_first_roll_without_the_committed_seeds_is_refused_naming_seeds(client):
    start = committed_start(client)["state"]
    assert "send both `seeds`" in refused(client.post("/v1/roll", json={"state": start}), "seeds")
    assert "send both `seeds`" in refused(client.post("/v1/opening", json={"state": start}), "seeds")


def test_a_seed_that_does_not_hash_to_its_commitment_is_refused_naming_the_player(client):
    start = committed_start(client)["state"]
    for other in ({**SEEDS, "black": "d1ce" * 15 + "0000"}, {**SEEDS, "black": "abc"}):
        said = refused(client.post("/v1/roll", json={"state": start, "seeds": other}), "seeds")
        assert "`seeds.black`" in said and "`seeds.white`" not in said


def test_seeds_sent_again_after_the_reveal_must_be_the_revealed_ones(client):
    opened = rolled(client, committed_start(client)["state"], SEEDS)
    play = ok(client.post("/v1/moves", json={"state": opened["state"]}))["plays"][0]["notation"]
    to_roll = ok(client.post("/v1/play", json={"state": opened["state"], "play": play}))["state"]
    assert ok(client.post("/v1/roll", json={"state": to_roll, "seeds": SEEDS}))["proof"]["seeds"] == SEEDS
    other = {"white": SEEDS["black"], "black": SEEDS["white"]}
    assert "already in the signed state" in refused(
        client.post("/v1/roll", json={"state": to_roll, "seeds": other}), "seeds"
    )


def test_a_game_started_without_seed_hashes_rolls_with_empty_seeds(client):
    start = ok(client.get("/v1/start"))["state"]
    assert (_payload(start)["roll"]["seed_hashes"], _payload(start)["roll"]["seeds"]) == (
        None,
        {"white": "", "black": ""},
    )
    assert rolled(client, start)["proof"]["seeds"] == {"white": "", "black": ""}


def test_a_log_whose_seed_is_not_the_committed_one_fails_the_check(client, tmp_path):
    _, _, log = _game_log(client)
    log["seeds"] = {**log["seeds"], "white": log["seeds"]["black"]}
    answer = ok(client.post("/v1/dice/verify", json=log))
    assert answer["valid"] is False
    assert (answer["problems"][0]["roll"], answer["problems"][0]["code"]) == (None, "seed_not_committed")
    path = tmp_path / "log.json"
    path.write_text(json.dumps(log))
    done = subprocess.run([sys.executable, str(VERIFIER), str(path)], capture_output=True, text=True)
    assert done.returncode == 1 and "white seed" in done.stdout


def test_a_state_of_version_1_whose_seeds_came_with_the_start_still_rolls(client):
    payload = _payload(ok(client.get("/v1/start"))["state"])
    chain = {key: value for key, value in payload["roll"].items() if key != "seed_hashes"}
    old = {**payload, "v": 1, "roll": {**chain, "seeds": {"white": "0a", "black": "0b"}}}
    answer = rolled(client, sign_state(KeyRing(KEYS), old))
    assert (
        answer["proof"]["seeds"] == {"white": "0a", "black": "0b"} and answer["proof"]["seed_hashes"] is None
    )
    assert _payload(answer["state"])["v"] == 1


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


def _service_rolls() -> list[list[tuple[int, int]]]:
    """36 games of 1,000 rolls each, as the service draws them (fixed secret, nonces and seeds)."""
    games = []
    for game in range(36):
        top = dice.chain_top(b"chi-square secret", game.to_bytes(16, "big"))
        chain = [top]
        for _ in range(dice.CHAIN_LENGTH):
            chain.append(hashlib.sha256(chain[-1]).digest())
        chain.reverse()  # chain[i] is seed i
        games.append([tuple(dice.draw(chain[index], SEEDS, index, 2)) for index in range(1, 1001)])
    return games


def test_36000_rolls_of_the_service_pass_a_chi_square_test_on_the_36_outcomes():
    """Fixed secret, nonces and seeds: the statistic is the same every run."""
    counts = Counter(roll for game in _service_rolls() for roll in game)
    total = sum(counts.values())
    assert total == 36_000 and len(counts) == 36
    expected = total / 36
    statistic = sum((counts[a, b] - expected) ** 2 / expected for a in range(1, 7) for b in range(1, 7))
    assert statistic < CHI_SQUARE_35_AT_0_001, statistic


def test_the_services_consecutive_rolls_pass_fibss_1295_degree_test_on_ordered_pairs():
    """The service's dice are ordered (the first die drawn is the first die), so the FIBS test on
    consecutive ordered rolls (36 x 36 pairs, 1,295 degrees of freedom) applies to them, as it
    does not to a transcript's (docs/dice-audit.md)."""
    outcomes = [(a, b) for a in range(1, 7) for b in range(1, 7)]
    pairs = Counter(pair for game in _service_rolls() for pair in zip(game, game[1:], strict=False))
    statistic, smallest = chi_square([pairs[a, b] for a in outcomes for b in outcomes], [1 / 1296] * 1296)
    assert smallest >= 5  # 35,964 pairs: about 27.7 expected in each cell
    assert chi_square_sf(statistic, 1295) > 0.001, statistic


def _payload(state: str) -> dict:
    body = state.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))


def test_a_game_out_of_rolls_is_refused_naming_the_chain(client):
    start = ok(client.get("/v1/start"))["state"]
    payload = _payload(start)
    payload["roll"]["next"] = dice.CHAIN_LENGTH + 1
    exhausted = sign_state(KeyRing(KEYS), payload)
    assert "all are used" in refused(client.post("/v1/roll", json={"state": exhausted}))
    assert rolled(client, start)["turn"] in ("white", "black")


def test_the_opening_route_on_a_state_draws_the_committed_opening_roll(client):
    start = committed_start(client, {"preset": "romanian"})["state"]
    by_roll = ok(client.post("/v1/roll", json={"state": start, "seeds": SEEDS}))
    by_opening = ok(client.post("/v1/opening", json={"state": start, "seeds": SEEDS}))
    assert by_opening["state"] == by_roll["state"] and by_opening["proof"] == by_roll["proof"]
    assert by_opening | {"proof": None, "state": None} == by_roll["opening"] | {"proof": None, "state": None}
    assert len(by_opening["rolls"]["white"]) == 2  # the Romanian opening: two dice each


def test_the_opening_route_on_a_state_refuses_rolls_a_client_chose(client):
    start = committed_start(client)["state"]
    chosen = {"state": start, "seeds": SEEDS, "rolls": {"white": [6], "black": [1]}}
    assert "committed dice" in refused(client.post("/v1/opening", json=chosen), "rolls")
    assert "`seeds`" in refused(
        client.post("/v1/opening", json={"rolls": {"white": [6], "black": [1]}, "seeds": SEEDS}), "seeds"
    )
    assert refused(client.post("/v1/opening", json={}), "rolls")
    opened = rolled(client, start, SEEDS)  # a state past the opening is refused
    assert "at the step opening" in refused(client.post("/v1/opening", json={"state": opened["state"]}))
