"""Signed game states: what /v1/start and the game routes sign verifies with an ordinary JOSE
library against /.well-known/jwks.json, and every altered, foreign or stale state is refused with
its reason."""

from __future__ import annotations

import base64
import json

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from joserfc import jws
from joserfc.jwk import KeySet

from arbitru.trust.keys import KeyRing, share_unconfigured_keys
from arbitru.trust.states import sign_state, state_hash
from tests.trust.support import KEYS, NEW_KEY, OLD_KEY, ok, refused, rolled, trust_app


def _b64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _payload(state: str) -> dict:
    return json.loads(_b64(state.split(".")[1]))


@pytest.mark.filterwarnings("ignore:EdDSA is deprecated")  # RFC 9864: arbitru.trust.keys says why
def test_a_started_game_is_a_state_any_jose_library_verifies_with_the_published_keys(client):
    state = ok(client.post("/v1/start", json={"rules": {"preset": "romanian"}}))["state"]
    jwks = ok(client.get("/.well-known/jwks.json"))
    assert [key["kid"] for key in jwks["keys"]] == [NEW_KEY["kid"], OLD_KEY["kid"]]
    assert all("d" not in key for key in jwks["keys"])  # never a private part
    checked = jws.deserialize_compact(state, KeySet.import_key_set(jwks), algorithms=["EdDSA"])
    assert checked.headers()["kid"] == NEW_KEY["kid"]  # the newest key signs
    payload = json.loads(checked.payload)
    assert payload["step"] == "opening" and payload["rules"]["preset"] == "romanian"
    assert payload["prev"] is None and len(payload["roll"]["commitment"]) == 64
    # and with the bare Ed25519 primitive: the JWS signing input is header.payload
    head, body, signature = state.split(".")
    key = Ed25519PublicKey.from_public_bytes(_b64(jwks["keys"][0]["x"]))
    key.verify(_b64(signature), f"{head}.{body}".encode())


def test_a_flipped_byte_is_refused_as_a_broken_signature(client):
    state = ok(client.get("/v1/start"))["state"]
    head, body, signature = state.split(".")
    altered = bytearray(_b64(body))
    altered[altered.index(b'"turn":null') + 8] ^= 0x01  # a byte of the payload, not its form
    forged = f"{head}.{base64.urlsafe_b64encode(bytes(altered)).rstrip(b'=').decode()}.{signature}"
    assert "signature does not verify" in refused(client.post("/v1/roll", json={"state": forged}))


def test_a_swapped_key_id_is_refused_the_other_key_does_not_verify_it(client):
    state = ok(client.get("/v1/start"))["state"]
    head, body, signature = state.split(".")
    header = json.loads(_b64(head)) | {"kid": OLD_KEY["kid"]}
    swapped = base64.urlsafe_b64encode(json.dumps(header).encode()).rstrip(b"=").decode()
    message = refused(client.post("/v1/roll", json={"state": f"{swapped}.{body}.{signature}"}))
    assert "signature does not verify" in message and OLD_KEY["kid"] in message


def test_a_state_signed_by_an_older_live_key_still_verifies_until_the_key_is_retired():
    old_first = trust_app({"keys": [OLD_KEY, NEW_KEY]})
    state = ok(old_first.test_client().get("/v1/start"))["state"]
    assert ok(trust_app().test_client().post("/v1/roll", json={"state": state}))["dice"]
    retired = trust_app({"keys": [NEW_KEY]}).test_client()
    message = refused(retired.post("/v1/roll", json={"state": state}))
    assert "unknown or retired" in message and OLD_KEY["kid"] in message


def test_a_state_signed_by_an_expired_key_is_refused():
    state = ok(trust_app().test_client().get("/v1/start"))["state"]
    expired = {"keys": [{**NEW_KEY, "exp": 1}, OLD_KEY]}
    client = trust_app({"keys": [OLD_KEY, expired["keys"][0]]}).test_client()
    assert "has expired" in refused(client.post("/v1/roll", json={"state": state}))
    assert NEW_KEY["kid"] not in str(ok(client.get("/.well-known/jwks.json")))


def test_what_is_not_a_state_is_refused_naming_why(client):
    assert "compact JWS" in refused(client.post("/v1/roll", json={"state": "not a state"}))
    assert "header" in refused(client.post("/v1/roll", json={"state": "%%%.e30.AA"}))
    ring = KeyRing(KEYS)
    other_payload = sign_state(ring, {"v": 1, "board": {}})
    assert "not a game state" in refused(client.post("/v1/roll", json={"state": other_payload}))


def test_a_state_at_another_step_is_refused_by_the_route(client):
    state = ok(client.get("/v1/start"))["state"]
    message = refused(client.post("/v1/play", json={"state": state, "play": "8/5 6/5"}))
    assert "`opening`" in message and message.endswith("play")


def test_the_routes_take_the_state_in_place_of_the_position(client):
    opened = rolled(client, ok(client.get("/v1/start"))["state"])
    moves = ok(client.post("/v1/moves", json={"state": opened["state"]}))
    assert moves["turn"] == opened["turn"]
    assert sorted(moves["dice"]) == sorted(opened["opening"]["dice"])
    play = moves["plays"][0]["notation"]
    verdict = ok(client.post("/v1/play", json={"state": opened["state"], "play": play}))
    after = _payload(verdict["state"])
    assert after["prev"] == state_hash(opened["state"])  # the chain
    assert after["board"] == verdict["play"]["board"] and after["step"] == "roll"
    assert after["turn"] == verdict["next_turn"] and after["dice"] is None


def test_a_field_that_contradicts_the_state_is_a_422_naming_it_and_an_agreeing_one_is_not(client):
    opened = rolled(client, ok(client.get("/v1/start"))["state"])
    other = "black" if opened["turn"] == "white" else "white"
    assert "contradicts" in refused(
        client.post("/v1/moves", json={"state": opened["state"], "turn": other}), "turn"
    )
    dice = list(reversed(opened["opening"]["dice"]))
    assert "contradicts" in refused(
        client.post(
            "/v1/moves", json={"state": opened["state"], "dice": [1, 1] if dice != [1, 1] else [2, 2]}
        ),
        "dice",
    )
    agreeing = {
        "state": opened["state"],
        "turn": opened["turn"],
        "dice": dice,
        "rules": {"preset": "standard"},
    }
    assert ok(client.post("/v1/moves", json=agreeing))["plays"]


def test_a_play_on_a_state_of_another_game_does_not_link_to_this_one(client):
    first = rolled(client, ok(client.get("/v1/start"))["state"])
    second = rolled(client, ok(client.get("/v1/start"))["state"])
    assert _payload(first["state"])["game"] != _payload(second["state"])["game"]
    play = ok(client.post("/v1/moves", json={"state": second["state"]}))["plays"][0]["notation"]
    after = _payload(ok(client.post("/v1/play", json={"state": second["state"], "play": play}))["state"])
    assert after["prev"] != state_hash(first["state"]) and after["game"] != _payload(first["state"])["game"]
    # nor do its rolls check against this game's commitment
    log = {"commitment": _payload(first["state"])["roll"]["commitment"], "seeds": second["proof"]["seeds"]}
    roll = second["proof"]
    log["rolls"] = [{"index": roll["index"], "seed": roll["seed"], "dice": second["dice"]}]
    assert ok(client.post("/v1/dice/verify", json=log))["valid"] is False


def test_with_require_state_the_game_routes_refuse_a_bare_position():
    client = trust_app(require_state=True).test_client()
    bare = {"board": ok(client.get("/v1/start"))["board"], "turn": "white", "dice": [3, 1]}
    assert "requires a signed" in refused(client.post("/v1/moves", json=bare))
    assert "requires a signed" in refused(
        client.post("/v1/opening", json={"rolls": {"white": [6], "black": [1]}})
    )
    opened = rolled(client, ok(client.get("/v1/start"))["state"])
    assert ok(client.post("/v1/moves", json={"state": opened["state"]}))["plays"]
    assert ok(client.post("/v1/convert", json={"board": bare["board"], "turn": "white"}))  # not a game route


def test_without_configured_keys_gunicorns_master_hands_every_worker_the_same_key(capsys):
    environ: dict[str, str] = {}
    share_unconfigured_keys("", environ)
    assert "made key" in capsys.readouterr().err
    first, second = KeyRing.configured("", environ), KeyRing.configured("", environ)
    token = first.sign(b"{}", "t")
    assert second.verify(token, "t").payload == b"{}"
    configured = {"ARBITRU_SIGNING_KEYS": environ["ARBITRU_SIGNING_KEYS"]}
    share_unconfigured_keys("", configured)  # a configured set is left as it is
    assert configured == {"ARBITRU_SIGNING_KEYS": environ["ARBITRU_SIGNING_KEYS"]}
    assert all("d" not in key for key in first.public_jwks()["keys"])


def test_a_hostile_state_is_a_422_never_a_500(client):
    for hostile in (7, None, ["a.b.c"], {"state": 1}, "a.b.c", "." * 5000, "e30.e30.e30"):
        response = client.post("/v1/moves", json={"state": hostile})
        assert response.status_code == 422, (hostile, response.get_data(as_text=True))
        assert "state" in response.get_json()["errors"]
    for route in ("/v1/roll", "/v1/cube", "/v1/resign", "/v1/outcome"):
        assert client.post(route, json={"state": "x.y.z"}).status_code == 422


def test_a_game_started_with_a_clock_carries_its_settings_in_every_state(client):
    clock = ok(
        client.post(
            "/v1/clock", json={"clock": {"preset": "usbgf_2013"}, "match": {"length": 5}, "events": []}
        )
    )
    start = ok(
        client.post("/v1/start", json={"rules": {"match_length": 5}, "clock": {"preset": "usbgf_2013"}})
    )
    assert (
        _payload(start["state"])["clock"] == clock["clock"]
    )  # every setting written out, as /v1/clock says them
    opened = rolled(client, start["state"])
    assert _payload(opened["state"])["clock"] == clock["clock"]
    assert _payload(ok(client.get("/v1/start"))["state"])["clock"] is None  # no clock asked: none


def test_a_clock_the_clock_route_refuses_is_refused_at_the_start_naming_it(client):
    response = client.post("/v1/start", json={"clock": {"preset": "biba", "team": True}})
    assert response.status_code == 422 and "clock.team" in response.get_json()["errors"]
    assert client.post("/v1/start", json={"clock": {"delay": -1}}).status_code == 422
