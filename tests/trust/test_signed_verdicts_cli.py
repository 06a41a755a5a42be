"""`arbitru verify --sign`: each verdict signed as /v1/matches/verify signs it with `sign`, by the
service's keys read from the same settings (ARBITRU_SIGNING_KEYS, ARBITRU_SIGNING_KEYS_FILE), so an
organiser's signed rows check with the service's /.well-known/jwks.json; no key configured, or no
JOSE library, is a usage error saying so."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from joserfc import jws
from joserfc.jwk import KeySet

from arbitru.cli import main
from arbitru.formats.game_record import EXAMPLE as RECORD_EXAMPLE
from tests.trust.support import KEYS, ok

REPO = Path(__file__).resolve().parents[2]
CLEAN, ILLEGAL = REPO / "examples" / "match.mat", REPO / "examples" / "illegal.mat"
NO_KEYS = {"ARBITRU_SIGNING_KEYS": "", "ARBITRU_SIGNING_KEYS_FILE": ""}

pytestmark = pytest.mark.filterwarnings("ignore:EdDSA is deprecated")  # RFC 9864: arbitru.trust.keys


def _rows(*args: str | Path, env: dict[str, str]) -> list[dict]:
    result = CliRunner().invoke(main, ["verify", "--json", "--sign", *map(str, args)], env=env)
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


def _checked(client, signature: str) -> dict:
    keys = KeySet.import_key_set(ok(client.get("/.well-known/jwks.json")))
    checked = jws.deserialize_compact(signature, keys, algorithms=["EdDSA"])
    assert checked.headers()["typ"] == "arbitru-verdict+jws"
    return json.loads(checked.payload)


def test_a_verdict_signed_by_the_cli_is_the_apis_signed_verdict_for_the_same_file(client, tmp_path):
    record = tmp_path / "record.json"
    record.write_text(json.dumps(RECORD_EXAMPLE, indent=1), encoding="utf-8")
    old = tmp_path / "latin1.mat"  # an old file: the text as decoded is what the API is sent
    old.write_bytes(CLEAN.read_text("utf-8").replace("bgdb", "Café bgdb", 1).encode("latin-1"))
    rows = _rows(CLEAN, ILLEGAL, record, old, env={**NO_KEYS, "ARBITRU_SIGNING_KEYS": json.dumps(KEYS)})
    bodies = [
        {"mat": CLEAN.read_text("utf-8")},
        {"mat": ILLEGAL.read_text("utf-8")},
        {"record": RECORD_EXAMPLE},
        {"mat": old.read_text("latin-1")},
    ]
    assert [row["status"] for row in rows] == ["valid", "invalid", "valid", "valid"]
    for row, body in zip(rows, bodies, strict=True):
        answer = ok(client.post("/v1/matches/verify", json={**body, "sign": True}))
        # The same bytes from both faces (Ed25519 is deterministic), over the same transcript hash.
        assert row["verdict"]["signature"] == answer["signature"], body.keys()
        assert row["verdict"]["transcript_sha256"] == answer["transcript_sha256"]
        signed = _checked(client, row["verdict"]["signature"])
        assert signed["transcript_sha256"] == answer.pop("transcript_sha256")
        answer.pop("signature")
        assert signed["verdict"] == answer


def test_the_signed_verdict_is_the_rows_without_the_rules_the_cli_adds_to_draw_the_board(client):
    row = _rows(ILLEGAL, env={**NO_KEYS, "ARBITRU_SIGNING_KEYS": json.dumps(KEYS)})[0]
    verdict = row["verdict"]
    signed = _checked(client, verdict.pop("signature"))
    assert signed["transcript_sha256"] == verdict.pop("transcript_sha256")
    assert "rules" in verdict["error"]["position"]
    del verdict["error"]["position"]["rules"]
    assert signed["verdict"] == verdict


def test_the_keys_may_come_from_the_file_the_service_reads_and_workers_sign_the_same(client, tmp_path):
    keys = tmp_path / "keys.json"
    keys.write_text(json.dumps(KEYS), encoding="utf-8")
    env = {**NO_KEYS, "ARBITRU_SIGNING_KEYS_FILE": str(keys)}
    alone = _rows(CLEAN, ILLEGAL, env=env)
    assert _rows("--jobs", "2", CLEAN, ILLEGAL, env=env) == alone
    assert all(_checked(client, row["verdict"]["signature"]) for row in alone)


def test_signing_without_a_key_configured_is_a_usage_error_naming_the_settings():
    result = CliRunner().invoke(main, ["verify", "--sign", str(CLEAN)], env=NO_KEYS)
    assert result.exit_code == 2 and "ARBITRU_SIGNING_KEYS" in result.output


def test_signing_without_the_jose_library_is_a_usage_error_naming_the_server_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "arbitru.trust.keys", None)  # as if joserfc were not installed
    env = {**NO_KEYS, "ARBITRU_SIGNING_KEYS": json.dumps(KEYS)}
    result = CliRunner().invoke(main, ["verify", "--sign", str(CLEAN)], env=env)
    assert result.exit_code == 2 and "arbitru[server]" in result.output


def test_rows_unsigned_without_sign_stay_as_they_were():
    result = CliRunner().invoke(main, ["verify", "--json", str(CLEAN)], env=NO_KEYS)
    verdict = json.loads(result.stdout)[0]["verdict"]
    assert "signature" not in verdict and "transcript_sha256" not in verdict


def test_report_merges_signed_shards_into_the_summary_of_the_same_shards_unsigned(tmp_path):
    """A signed row is a row with two more verdict fields: `arbitru report` merges `verify --sign`
    shards (with the dice audit) exactly as it merges the unsigned ones; the summary keeps no
    signature (each stays in its shard's row, where it checks)."""
    env = {**NO_KEYS, "ARBITRU_SIGNING_KEYS": json.dumps(KEYS)}
    runner = CliRunner()
    merged = {}
    for signed in (False, True):
        shards = []
        for number, path in enumerate((CLEAN, ILLEGAL)):
            shard = tmp_path / f"{'signed' if signed else 'plain'}-{number}.jsonl"
            args = [
                "verify",
                "--jsonl",
                "--dice",
                *(["--sign"] if signed else []),
                "-o",
                str(shard),
                str(path),
            ]
            result = runner.invoke(main, args, env=env)
            assert result.exit_code in (0, 1), result.output
            rows = [json.loads(line) for line in shard.read_text(encoding="utf-8").splitlines()]
            assert all(("signature" in row["verdict"]) is signed for row in rows if "verdict" in row)
            shards.append(str(shard))
        report = runner.invoke(main, ["report", "--json", *shards], env=env)
        assert report.exit_code in (0, 1), report.output
        merged[signed] = json.loads(report.stdout)
    assert merged[True] == merged[False]
    assert sorted(entry["status"] for entry in merged[True]["matches"]) == ["invalid", "valid"]
    assert merged[True]["dice"]["counts"]["files"] == 2
    assert "signature" not in json.dumps(merged[True])
