"""Signed verdicts: /v1/matches/verify with `sign` adds a signature over the verdict and the
transcript's SHA-256, checkable with the published keys; a changed verdict or transcript does not
check."""

from __future__ import annotations

import base64
import hashlib
import io
import json

import pytest
from joserfc import jws
from joserfc.errors import BadSignatureError
from joserfc.jwk import KeySet

from arbitru.formats.game_record import EXAMPLE as RECORD_EXAMPLE
from arbitru.trust.states import canonical
from tests.trust.support import ok

MAT = """ 1 point match

 Game 1
 Nicu : 0                       Dorin : 0
  1) 31: 8/5 6/5                 42: 8/4 6/4
  2)  Wins 1 point
"""

pytestmark = pytest.mark.filterwarnings("ignore:EdDSA is deprecated")  # RFC 9864: arbitru.trust.keys


def test_a_signed_verdict_verifies_with_the_published_keys_and_names_its_transcript(client):
    answer = ok(client.post("/v1/matches/verify", json={"mat": MAT, "sign": True}))
    keys = KeySet.import_key_set(ok(client.get("/.well-known/jwks.json")))
    checked = jws.deserialize_compact(answer.pop("signature"), keys, algorithms=["EdDSA"])
    assert checked.headers()["typ"] == "arbitru-verdict+jws"
    signed = json.loads(checked.payload)
    assert (
        signed["transcript_sha256"]
        == answer.pop("transcript_sha256")
        == hashlib.sha256(MAT.encode()).hexdigest()
    )
    assert signed["verdict"] == answer  # the verdict as answered, every field


def test_a_verdict_changed_after_signing_does_not_verify(client):
    answer = ok(client.post("/v1/matches/verify", json={"mat": MAT, "sign": True}))
    head, body, signature = answer["signature"].split(".")
    payload = json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
    payload["verdict"]["valid"] = not payload["verdict"]["valid"]
    forged = base64.urlsafe_b64encode(canonical(payload)).rstrip(b"=").decode()
    keys = KeySet.import_key_set(ok(client.get("/.well-known/jwks.json")))
    with pytest.raises(BadSignatureError):
        jws.deserialize_compact(f"{head}.{forged}.{signature}", keys, algorithms=["EdDSA"])


def test_a_record_is_hashed_as_its_canonical_json_and_unsigned_answers_stay_as_they_were(client):
    signed = ok(client.post("/v1/matches/verify", json={"record": RECORD_EXAMPLE, "sign": True}))
    assert signed["transcript_sha256"] == hashlib.sha256(canonical(RECORD_EXAMPLE)).hexdigest()
    plain = ok(client.post("/v1/matches/verify", json={"record": RECORD_EXAMPLE}))
    assert "signature" not in plain and {k: v for k, v in signed.items() if k in plain} == plain


def test_an_uploaded_file_asks_for_a_signature_in_the_query_or_the_form_and_gets_the_json_bodys(client):
    as_json = ok(client.post("/v1/matches/verify", json={"mat": MAT, "sign": True}))
    as_text = ok(
        client.post(
            "/v1/matches/verify?sign=true", data=MAT.encode(), content_type="text/plain; charset=utf-8"
        )
    )
    form = {"file": (io.BytesIO(MAT.encode()), "match.mat"), "sign": "true"}
    as_form = ok(client.post("/v1/matches/verify", data=form, content_type="multipart/form-data"))
    assert as_text == as_form == as_json  # Ed25519 signs deterministically: the very same signature
    unsigned = ok(client.post("/v1/matches/verify?sign=false", data=MAT.encode(), content_type="text/plain"))
    assert "signature" not in unsigned and "transcript_sha256" not in unsigned


def test_a_sign_option_that_is_not_true_or_false_or_given_twice_is_a_422_naming_it(client):
    bad = client.post("/v1/matches/verify?sign=yes", data=MAT.encode(), content_type="text/plain")
    assert bad.status_code == 422 and "sign" in bad.get_json()["errors"]
    twice = client.post("/v1/matches/verify?sign=true", json={"mat": MAT, "sign": True})
    assert twice.status_code == 422 and "query.sign" in twice.get_json()["errors"]
    converted = client.post("/v1/matches/convert?sign=true", data=MAT.encode(), content_type="text/plain")
    assert converted.status_code == 422  # the convert route signs nothing
