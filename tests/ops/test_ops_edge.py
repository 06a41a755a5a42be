"""arbitru.http.edge: the problem documents gunicorn and the proxy answer with, and the proxy's
rendered configuration (nginx's and HAProxy's)."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from arbitru.http.app import DEFAULT_CONFIG
from arbitru.http.edge import (
    BODY_DEADLINE,
    EDGE_PROBLEMS,
    HAPROXY_ERRORS,
    NGINX_ERRORS,
    RefusedRequest,
    haproxy_conf,
    nginx_conf,
    problem_http,
    problem_json,
    refuse_encoded_body,
    render,
    unsupported_transfer_coding,
)
from arbitru.messages import LANGUAGES
from arbitru.messages import render as render_message
from arbitru.settings import Settings
from tests.ops.ops_live import REPO
from tests.ops.pod import nginx_path

TEMPLATE = (REPO / "deploy" / "nginx" / "nginx.conf").read_text()
HAPROXY_TEMPLATE = (REPO / "deploy" / "haproxy" / "haproxy.cfg").read_text()


def rendered(tmp_path: Path) -> str:
    return nginx_conf(TEMPLATE, listen_port=18080, run_dir=tmp_path)


def rendered_haproxy(tmp_path: Path) -> str:
    return haproxy_conf(HAPROXY_TEMPLATE, upstream_port=18081, run_dir=tmp_path)


@pytest.mark.parametrize("status", sorted(EDGE_PROBLEMS))
def test_every_edge_problem_is_a_problem_document_from_the_catalogue_in_each_language(status: int) -> None:
    for lang in LANGUAGES:
        document = json.loads(problem_json(status, lang))
        assert set(document) == {"type", "title", "status", "detail"}
        assert document["status"] == status
        params = {"limit": DEFAULT_CONFIG["MAX_CONTENT_LENGTH"]}  # a 413 names the app's limit unless told
        assert document["detail"] == render_message(EDGE_PROBLEMS[status], params, lang)
    assert json.loads(problem_json(status, "ro"))["title"] != json.loads(problem_json(status, "en"))["title"]


def test_gunicorns_answer_is_a_whole_http_message_that_closes_the_connection() -> None:
    answer = problem_http(431)
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 431 Request Header Fields Too Large\r\n")
    assert b"Connection: close" in head and b"Content-Type: application/problem+json" in head
    assert int(re.search(rb"Content-Length: (\d+)", head).group(1)) == len(body)  # type: ignore[union-attr]
    assert json.loads(body)["status"] == 431


def test_the_proxys_configuration_fills_every_marker_and_takes_the_apps_body_limit(tmp_path: Path) -> None:
    text = rendered(tmp_path)
    assert not re.search(r"@[A-Z_]+@", text)
    assert f"client_max_body_size {DEFAULT_CONFIG['MAX_CONTENT_LENGTH']};" in text
    assert "listen 18080 " in text and f"server unix:{tmp_path}/haproxy.sock;" in text
    for error, status in NGINX_ERRORS.items():
        assert re.search(rf"error_page {error} (={status} )?/\S+{status}(_\d+)?;", text)
    # HAProxy holds bodies and answers whole (test_ops_proxy_limits): nginx passes both on as they come.
    assert "proxy_buffering off;" in text and "proxy_request_buffering off;" in text
    for timeout in ("client_header_timeout", "client_body_timeout"):  # a few seconds each
        assert re.search(rf"{timeout} [1-9]s;", text)


def test_haproxy_waits_for_a_whole_body_within_its_deadline_and_answers_in_problem_json(
    tmp_path: Path,
) -> None:
    text = rendered_haproxy(tmp_path)
    assert not re.search(r"@[A-Z_]+@", text)
    assert f"bind unix@{tmp_path}/haproxy.sock " in text and "server gunicorn 127.0.0.1:18081" in text
    assert f"http-request wait-for-body time {BODY_DEADLINE}s" in text
    for status in HAPROXY_ERRORS:
        assert f"http-error status {status} content-type application/problem+json " in text
    assert set(HAPROXY_ERRORS) >= {408, 502, 503, 504}


def test_the_proxys_configuration_is_valid_haproxy(tmp_path: Path) -> None:
    settings = Settings(proxy_run_dir=str(tmp_path / "proxy"), port=18081)
    _, conf = render(REPO / "deploy" / "nginx" / "nginx.conf", settings)  # with its problem maps
    haproxy = str(Path(nginx_path()).parent / "haproxy")
    result = subprocess.run([haproxy, "-c", "-f", str(conf)], capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_proxys_configuration_is_valid_nginx(tmp_path: Path) -> None:
    conf = tmp_path / "nginx.conf"
    conf.write_text(rendered(tmp_path))
    for sub in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
        (tmp_path / sub).mkdir()
    result = subprocess.run(
        [nginx_path(), "-t", "-e", "stderr", "-c", str(conf)], capture_output=True, text=True, timeout=30
    )
    assert result.returncode == 0, result.stderr


def test_a_template_marker_left_unfilled_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="marker"):
        nginx_conf(TEMPLATE + "\n# @SOMETHING_ELSE@\n", listen_port=1, run_dir=tmp_path)
    with pytest.raises(ValueError, match="marker"):
        haproxy_conf(HAPROXY_TEMPLATE + "\n# @SOMETHING_ELSE@\n", upstream_port=2, run_dir=tmp_path)


def test_a_body_content_coding_is_refused_and_identity_is_not() -> None:
    refuse_encoded_body([("CONTENT-TYPE", "application/json"), ("CONTENT-ENCODING", "identity")])
    with pytest.raises(RefusedRequest) as refused:
        refuse_encoded_body([("CONTENT-ENCODING", "gzip")])
    assert refused.value.status == 415


def test_a_transfer_coding_other_than_chunked_is_unsupported() -> None:
    assert not unsupported_transfer_coding([("TRANSFER-ENCODING", "chunked")])
    assert unsupported_transfer_coding([("TRANSFER-ENCODING", "gzip, chunked")])
    assert unsupported_transfer_coding([("TRANSFER-ENCODING", "identity")])
