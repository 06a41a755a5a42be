"""scripts/audit.py, make test's pip-audit step over requirements.lock: a known vulnerability fails
and is named, a clean lock passes, and an unreachable database is a visible NOTICE (a failure only
with AUDIT_REQUIRED=1), never silence. The database here is a stand-in OSV API on 127.0.0.1."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from scripts.local_gunicorn import free_port
from tests.ops.ops_live import REPO, tool

ADVISORY = {
    "id": "TEST-2026-0001",
    "summary": "a stand-in advisory",
    "aliases": ["CVE-2026-00001"],
    "affected": [
        {
            "package": {"name": "werkzeug", "ecosystem": "PyPI"},
            "ranges": [{"type": "ECOSYSTEM", "events": [{"introduced": "0"}, {"fixed": "99.0"}]}],
        }
    ],
}


@contextmanager
def osv_api(vulnerable: set[str]) -> Iterator[str]:
    """An OSV /v1/query on 127.0.0.1 that reports ADVISORY for the packages named; its URL."""

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 - http.server's name
            query = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            name = query["package"]["name"]
            answer: dict[str, Any] = {"vulns": [ADVISORY]} if name in vulnerable else {}
            body = json.dumps(answer).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1/query"
    finally:
        server.shutdown()
        server.server_close()


def audit(**env: str) -> subprocess.CompletedProcess[str]:
    if tool("pip-audit") is None:
        pytest.skip("pip-audit not installed (it is in the dev extra)")
    clean = {k: v for k, v in os.environ.items() if not k.startswith("AUDIT_")}
    return subprocess.run(
        [sys.executable, str(REPO / "scripts" / "audit.py")],
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_a_known_vulnerability_in_the_lock_fails_the_audit_and_is_named() -> None:
    with osv_api({"werkzeug"}) as url:
        result = audit(AUDIT_OSV_URL=url)
    assert result.returncode == 1
    assert "VULNERABLE: werkzeug" in result.stderr and "TEST-2026-0001" in result.stderr
    assert "99.0" in result.stderr  # the fixed version


def test_a_clean_lock_passes_the_audit() -> None:
    with osv_api(set()) as url:
        result = audit(AUDIT_OSV_URL=url)
    assert result.returncode == 0, result.stderr
    assert "no known vulnerability" in result.stdout


def test_an_unreachable_database_is_a_visible_notice_not_silence() -> None:
    url = f"http://127.0.0.1:{free_port()}/v1/query"  # nothing listens there
    result = audit(AUDIT_OSV_URL=url, CI="true")
    assert result.returncode == 0
    assert "NOTICE: requirements.lock was NOT audited" in result.stderr
    required = audit(AUDIT_OSV_URL=url, AUDIT_REQUIRED="1")
    assert required.returncode == 1 and "NOT audited" in required.stderr
