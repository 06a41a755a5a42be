"""A shard edited by hand is merged or refused, never a crash: whatever JSON stands in any field of
a verdict row (`verify --jsonl`) or of an entry line (`report --jsonl`), `arbitru report` (the
table, `--json`, the HTML report) exits 0 or 1 with the merge, or 2 refusing the shard; never 3
(a bug) nor an exception."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitru.cli import main
from arbitru.cli.summary import end_line, entry
from arbitru.cli.verdicts import counts, json_line
from tests.archive.test_archive_fixed_point import archives
from tests.support.cases import examples

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 30) | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)
ROW_FIELDS = (
    "file", "status", "verdict", "problem", "verdict.players", "verdict.games", "verdict.final_score",
    "verdict.match_length", "verdict.winner", "verdict.error", "verdict.error.code",
    "verdict.error.game", "verdict.error.move", "verdict.error.position",
    "verdict.error.position.board", "verdict.error.position.board.white",
    "verdict.error.position.board.white.points", "verdict.error.position.dice",
    "verdict.error.position.cube", "verdict.error.position.match", "verdict.error.legal_plays",
    "verdict.error.position.rules", "verdict.error.position.rules.variant",
    "verdict.error.position.rules.preset", "verdict.error.position.board.white.pinned",
    "verdict.error.position.board.black.bar", "verdict.error.position.board.black.off",
)  # fmt: skip


def _set(item: dict[str, Any], path: str, value: Any) -> None:
    *parents, last = path.split(".")
    for name in parents:
        if not isinstance(item.get(name), dict):
            item[name] = {}
        item = item[name]
    item[last] = value


@settings(max_examples=examples(150), deadline=None)
@given(rows=archives(), data=st.data())
def test_any_json_in_any_field_of_a_shard_is_merged_or_refused_never_a_crash(rows, data):
    as_entries = data.draw(st.booleans())
    lines: list[dict[str, Any]] = [entry(r) for r in rows] if as_entries else rows
    edited = data.draw(st.sampled_from(lines))
    fields = [f for f in ROW_FIELDS if "." not in f or not as_entries] + ["games", "error", "error.position"]
    _set(edited, data.draw(st.sampled_from(fields)), data.draw(JSON))
    with tempfile.TemporaryDirectory() as folder:
        shard = Path(folder) / "shard.jsonl"
        ends = json.dumps(end_line(counts(r for r in lines if isinstance(r.get("status"), str))))
        shard.write_text("".join(json_line(line) + "\n" for line in lines) + ends + "\n", encoding="utf-8")
        for args in ([], ["--json"], ["-o", str(Path(folder) / "report.html")]):
            result = CliRunner().invoke(main, ["report", *args, str(shard)])
            assert result.exit_code in (0, 1, 2), (result.exit_code, result.output[-400:], result.exception)
