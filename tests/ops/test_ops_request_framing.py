"""Bodies the app cannot read as sent are refused with a clear 4xx problem, on bare gunicorn (what
`make run` serves) as through the proxy: a malformed chunked body is a 400 (was a 500), a transfer
coding before chunked is a 501 like the proxy's (was passed on, still coded), and a multipart form
of too many parts, or with a field too long, says so (was "larger than 1 MiB")."""

from __future__ import annotations

import io
import json
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from arbitru import create_app
from arbitru.http.app import DEFAULT_CONFIG
from tests.ops.ops_live import Live, gunicorn
from tests.ops.pod import exchange, problem_answer

POST = b"POST /v1/moves HTTP/1.1\r\nHost: arbitru\r\nContent-Type: application/json\r\nConnection: close\r\n"
CHUNKED = POST + b"Transfer-Encoding: chunked\r\n\r\n"

MALFORMED_CHUNKED: dict[str, bytes] = {
    "a chunk size that is not hex": CHUNKED + b"zz\r\n{}\r\n0\r\n\r\n",
    "a chunk without its CRLF": CHUNKED + b"2\r\n{}XX0\r\n\r\n",
    "a chunk extension with a bare CR": CHUNKED + b"2;a\rb\r\n{}\r\n0\r\n\r\n",
    "a chunk longer than the body sent": CHUNKED + b"ff\r\n{}",
}


@pytest.fixture(scope="module")
def bare(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Live]:
    """gunicorn alone on 127.0.0.1, as `make run` starts it."""
    with gunicorn(tmp_path_factory.mktemp("bare"), workers=1) as live:
        yield live


def _port(live: Live) -> int:
    return int(live.url.rsplit(":", 1)[1])


@pytest.mark.live
@pytest.mark.parametrize("name", list(MALFORMED_CHUNKED))
def test_bare_gunicorn_answers_a_malformed_chunked_body_with_a_400_problem(bare: Live, name: str) -> None:
    request = MALFORMED_CHUNKED[name]
    if name == "a chunk longer than the body sent":  # the client stops sending: half-close
        with socket.create_connection(("127.0.0.1", _port(bare)), timeout=10) as sock:
            sock.sendall(request)
            sock.shutdown(socket.SHUT_WR)
            data = b""
            while chunk := sock.recv(65536):
                data += chunk
        head, _, body = data.partition(b"\r\n\r\n")
        assert head.split(b" ")[1] == b"400", data[:300]
        assert json.loads(body)["status"] == 400
    else:
        problem_answer(exchange(_port(bare), request), 400)
    assert "Traceback" not in (bare.log_path.parent / "gunicorn.err").read_text(errors="replace")


@pytest.mark.live
def test_bare_gunicorn_still_reads_a_well_formed_chunked_body(bare: Live) -> None:
    status, _, body = exchange(_port(bare), CHUNKED + b"2\r\n{}\r\n0\r\n\r\n")
    assert status == 422 and "board" in json.loads(body)["errors"]  # the app read the body and judged it


@pytest.mark.live
@pytest.mark.parametrize("coding", [b"gzip, chunked", b"deflate, chunked", b"identity, chunked"])
def test_bare_gunicorn_refuses_a_transfer_coding_before_chunked_as_the_proxy_does(
    bare: Live, coding: bytes
) -> None:
    request = POST + b"Transfer-Encoding: " + coding + b"\r\n\r\n2\r\n{}\r\n0\r\n\r\n"
    problem_answer(exchange(_port(bare), request), 501)


def test_a_form_of_too_many_parts_is_refused_as_too_many_parts() -> None:
    client = create_app().test_client()
    fields = {f"f{i}": "x" for i in range(5000)}
    answer = client.post("/v1/matches/verify", data=fields, content_type="multipart/form-data")
    document = answer.get_json()
    assert answer.status_code == 413 and document["status"] == 413
    assert document["detail"] == f"the form has more than {DEFAULT_CONFIG['MAX_FORM_PARTS']} parts"


def test_a_form_field_too_long_is_refused_naming_the_fields_limit_not_the_bodys() -> None:
    app = create_app()
    answer = app.test_client().post(
        "/v1/matches/verify", data={"mode": "x" * 600_000}, content_type="multipart/form-data"
    )
    document = answer.get_json()
    assert answer.status_code == 413
    assert f"longer than {app.config['MAX_FORM_MEMORY_SIZE']} bytes" in document["detail"]


def test_a_transcript_uploaded_as_a_form_is_still_read() -> None:
    client = create_app().test_client()
    mat = Path(__file__).resolve().parents[2] / "examples" / "illegal.mat"
    answer = client.post(
        "/v1/matches/verify?mode=illegal-moves-rule",
        data={"file": (io.BytesIO(mat.read_bytes()), "illegal.mat")},
        content_type="multipart/form-data",
    )
    assert answer.status_code == 200, answer.get_json()
