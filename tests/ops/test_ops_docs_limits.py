"""The limits the docs state are the code's: docs/archives.md's file limit is the CLI's
MAX_FILE_BYTES, i.e. the API's transcript limit (MAX_MAT_CHARS characters) at 4 bytes a
character; the README's proxy figures are arbitru.http.edge's."""

from __future__ import annotations

import re

from arbitru.cli.walk import MAX_FILE_BYTES
from arbitru.formats.limits import MAX_MAT_CHARS
from arbitru.http.edge import BODY_DEADLINE, MAX_BODY, PER_CLIENT_REQUESTS, SMALL_BODY
from tests.ops.ops_live import REPO


def test_the_archive_docs_file_limit_is_the_apis_transcript_limit() -> None:
    text = (REPO / "docs" / "archives.md").read_text(encoding="utf-8")
    (kib,) = re.findall(r"a file over the size limit \((\d+) KiB", text)
    assert int(kib) * 1024 == MAX_FILE_BYTES == 4 * MAX_MAT_CHARS
    (ki_chars, chars) = re.search(r"at most\s+(\d+) Ki characters, ([\d,]+)", text).groups()  # type: ignore[union-attr]
    assert int(ki_chars) * 1024 == int(chars.replace(",", "")) == MAX_MAT_CHARS
    assert "512 KiB, what" not in text  # the API's limit is in characters, not this byte bound


def test_the_readmes_proxy_limits_are_the_proxys() -> None:
    text = re.sub(r"\s+", " ", (REPO / "README.md").read_text(encoding="utf-8"))
    assert f"a {SMALL_BODY // 1024} KiB body limit (the app's {MAX_BODY // 2**20} MiB" in text
    assert f"at most {PER_CLIENT_REQUESTS} requests in progress per client address" in text
    assert f"answers 408 to a body not whole within {BODY_DEADLINE} s" in text
