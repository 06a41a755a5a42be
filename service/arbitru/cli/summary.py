"""The summary of an archive: one entry per transcript, the totals, the reason codes, in file order.

`summarise` builds it from rows (a run's, or the JSON Lines of any number of shards read back by
`read_shards`); the summary of the shards of an archive is the summary of one run over all of it,
since both are the same entries sorted by file. A shard is complete only when its last line is the
`end` line its run writes after its last row, counting the same rows: a pod killed mid-run, a file
cut short or given twice is refused, not merged into a report that would look whole.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from arbitru.cli.verdicts import INVALID, SKIPPED, STATUSES, UNREADABLE, Row, counts, summary_line
from arbitru.messages import cli_words

FORMAT = "arbitru.archive-summary/1"
Entry = dict[str, Any]


class ShardError(ValueError):
    """A shard that cannot be merged (cut short, malformed, or a file in two shards)."""


def entry(result: Row) -> Entry:
    """What the summary keeps of a row: who played, how long, the score, the winner, the first error."""
    verdict = result.get("verdict") or {}
    return {
        "file": result["file"],
        "status": result["status"],
        "players": verdict.get("players"),
        "match_length": verdict.get("match_length"),
        "final_score": verdict.get("final_score"),
        "winner": verdict.get("winner"),
        "games": len(verdict["games"]) if "games" in verdict else None,
        "error": verdict.get("error"),
        "problem": result.get("problem"),
    }


def summarise(entries: Iterable[Entry]) -> dict[str, Any]:
    """The summary (JSON-ready) of the entries of an archive, in any order."""
    listed = sorted(entries, key=lambda e: e["file"])
    totals = counts(listed)
    codes = Counter(e["error"]["code"] for e in listed if e["status"] == INVALID and e["error"])
    return {
        "format": FORMAT,
        "counts": totals,
        "transcripts": len(listed) - totals[SKIPPED],
        "codes": dict(sorted(codes.items())),
        "matches": [e for e in listed if e["status"] != SKIPPED],
        "skipped": [e["file"] for e in listed if e["status"] == SKIPPED],
    }


def end_line(totals: Mapping[str, int]) -> dict[str, Any]:
    """The last line of a complete run's JSON Lines: how many rows of each status it wrote."""
    return {"end": dict(totals)}


def read_shards(paths: Sequence[Path]) -> Iterator[Entry]:
    """The entries of every shard (JSON Lines), each shard checked complete; no file twice."""
    seen: set[str] = set()
    for path in paths:
        for result in _shard_rows(path):
            if result["file"] in seen:
                raise ShardError(f"{path}: {result['file']} is in another shard too")
            seen.add(result["file"])
            yield entry(result)


def _shard_rows(path: Path) -> Iterator[Row]:
    """The rows of a shard one by one (a shard of 100,000 verdicts is never held whole); the check
    that its end line counts them comes after the last (the caller reads every row before it writes)."""
    found = dict.fromkeys(STATUSES, 0)
    end: dict[str, Any] | None = None
    with path.open(encoding="utf-8", errors="replace") as lines:
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            if end is not None:
                raise ShardError(f"{path}:{number}: a line after the end line")
            try:
                item = json.loads(line)
            except (json.JSONDecodeError, RecursionError) as exc:
                raise ShardError(f"{path}:{number}: not JSON ({exc})") from None
            if isinstance(item, dict) and "end" in item:
                end = item["end"]
            elif (
                isinstance(item, dict)
                and isinstance(item.get("file"), str)
                and item.get("status") in STATUSES
            ):
                found[item["status"]] += 1
                yield item
            else:
                raise ShardError(f"{path}:{number}: not a verdict line")
    if end != found:
        total = sum(found.values())
        raise ShardError(f"{path}: incomplete (no end line counting its {total} rows: the run was cut)")


# -- the plain-text table ----------------------------------------------------------------------------
def first_error(item: Mapping[str, Any], lang: str) -> str:
    """`game 1, move 11: 13: 14/10 13/12 [TOO_MANY_MOVES] ...`, or why the file was not read."""
    words = cli_words(lang)
    if item["status"] == UNREADABLE:
        return item["problem"] or ""
    error = item.get("error")
    if not error:
        return ""
    where = f"{words['game']} {error['game']}" + (
        f", {words['move']} {error['move']}" if error.get("move") else ""
    )
    message = str(error["message"]).removeprefix(f"{error.get('action')}: ")  # the action is shown already
    return f"{where}: {error.get('action') or ''} [{error['code']}] {message}"


def score_text(item: Mapping[str, Any]) -> str:
    """`11-6`, or `-` when nothing was refereed."""
    return "-".join(map(str, item.get("final_score") or [])) or "-"


def table(summary: Mapping[str, Any], lang: str) -> str:
    """A plain-text table: file, verdict, games, final score, first error; then the totals."""
    words = cli_words(lang)
    rows = [[words["file"], words["verdict"], words["games"], words["score"], words["first_error"]]]
    for item in summary["matches"]:
        games = "-" if item["games"] is None else str(item["games"])
        rows.append([item["file"], words[item["status"]], games, score_text(item), first_error(item, lang)])
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    lines = [
        "  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row[:4])) + "  " + row[4] for row in rows
    ]
    lines.insert(1, "-" * min(120, max(len(line) for line in lines)))
    lines.append(summary_line(summary["counts"], lang))
    return "\n".join(line.rstrip() for line in lines)
