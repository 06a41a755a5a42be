"""The summary of an archive: one entry per transcript, the totals, the reason codes, in file order.

`summarise` builds it from rows (a run's, or the JSON Lines of any number of shards read back by
`read_shards`); the summary of the shards of an archive is the summary of one run over all of it,
since both are the same entries sorted by file. A shard is complete only when its last line is the
`end` line its run writes after its last row, counting the same rows: a pod killed mid-run, a file
cut short or given twice is refused, not merged into a report that would look whole.

`arbitru report` reads back whatever the CLI writes: `verify --jsonl` shards, `verify --json`
arrays, and its own `--json` summary and `--jsonl` lines (the summary's entries one a line, then the
end line); read back, each gives the same summary again (tests/archive/test_archive_fixed_point.py).

An entry says whether its match is `finished` (the verdict's field: a player won it); null when the
row says nothing of it: a file not refereed, or a row written before verdicts carried the field (such
a shard, and a summary of the first format, `arbitru.archive-summary/1`, whose entries lack the
field, are read as they are, never refused nor guessed at: run `verify` again to know).
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from arbitru.cli.dice import Tally, record_problem, summary_part, tally_of, tally_problem
from arbitru.cli.dice_report import dice_lines
from arbitru.cli.shape import malformed
from arbitru.cli.terminal import shown
from arbitru.cli.verdicts import (
    INVALID,
    SKIPPED,
    STATUSES,
    UNREADABLE,
    VALID,
    Row,
    counts,
    json_line,
    row,
    summary_line,
)
from arbitru.messages import Message, cli_words, json_breaks, render

FORMAT = "arbitru.archive-summary/2"
FORMAT_1 = "arbitru.archive-summary/1"  # before entries said `finished` and the summary `unfinished`
Entry = dict[str, Any]


class ShardError(ValueError):
    """A shard that cannot be merged (cut short, malformed, or a file in two shards): `key` and
    `params` name the reason in the catalogue (`cli.shard.*`), `where` the shard (its path, and the
    line or item when one is at fault)."""

    def __init__(self, where: str, key: str, **params: object) -> None:
        super().__init__(f"{where}: {key}")
        self.where = where
        self.key = key
        self.params = params

    def say(self, lang: str) -> str:
        """The reason in `lang`, the shard and any file or field named as the terminal shows them (a
        catalogue text among the params is rendered in `lang` too)."""
        params = {
            name: value if isinstance(value, Message) or not isinstance(value, str) else shown(value)
            for name, value in self.params.items()
        }
        return f"{shown(self.where)}: {render(self.key, params, lang)}"


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
        "finished": verdict.get("finished"),
        "games": len(verdict["games"]) if "games" in verdict else None,
        "error": verdict.get("error"),
        "problem": result.get("problem"),
    }


# The keys of an entry, in its order: an entry line of `report --jsonl` has exactly these.
ENTRY_KEYS: tuple[str, ...] = tuple(entry(row("", SKIPPED)))
# ... and those of an entry written before entries said `finished` (read with `finished` null).
ENTRY_KEYS_1 = frozenset(ENTRY_KEYS) - {"finished"}


def unfinished(item: Mapping[str, Any]) -> bool:
    """Whether an entry is a valid match that stops before its end (cut short): legal as far as it
    goes, but nobody won it. An invalid match stops at its error, so says nothing more by it."""
    return item["status"] == VALID and item.get("finished") is False


def summarise(entries: Iterable[Entry], dice: Tally | None = None) -> dict[str, Any]:
    """The summary (JSON-ready) of the entries of an archive, in any order; with the `dice` audit
    (its counts and statistics) when `dice`, read once every entry is (a tally `read_shards` fills
    as it goes), counted any transcript's rolls."""
    listed = sorted(entries, key=lambda e: e["file"])
    totals = counts(listed)
    codes = Counter(e["error"]["code"] for e in listed if e["status"] == INVALID and e["error"])
    return {
        "format": FORMAT,
        "counts": totals,
        "transcripts": len(listed) - totals[SKIPPED],
        "unfinished": sum(map(unfinished, listed)),
        "codes": dict(sorted(codes.items())),
        "matches": [e for e in listed if e["status"] != SKIPPED],
        "skipped": [e["file"] for e in listed if e["status"] == SKIPPED],
    } | ({"dice": summary_part(dice)} if dice is not None and dice.files else {})


def end_line(totals: Mapping[str, int]) -> dict[str, Any]:
    """The last line of a complete run's JSON Lines: how many rows of each status it wrote."""
    return {"end": dict(totals)}


def summary_lines(summary: Mapping[str, Any]) -> Iterator[str]:
    """The summary as JSON Lines (`report --jsonl`): every entry, skipped files too, in file order,
    then the end line; read back, the same summary."""
    skipped = (entry(row(file, SKIPPED)) for file in summary["skipped"])
    for item in sorted((*summary["matches"], *skipped), key=lambda e: e["file"]):
        yield json_line(item)
    if "dice" in summary:
        yield json_line({"dice": summary["dice"]["counts"]})
    yield json.dumps(end_line(summary["counts"]))


def read_shards(paths: Sequence[Path], dice: Tally | None = None) -> Iterator[Entry]:
    """The entries of every shard, each shard checked complete; no file twice. A shard is JSON Lines
    (`verify --jsonl`, `report --jsonl`) or one JSON document (`verify --json`'s array, `report
    --json`'s summary), told by its first line: a document's is a lone `[` or `{`. The rolls the
    shards carry (a row's `dice`, a summary's dice counts, the dice line of `report --jsonl`) are
    added to `dice`, each checked (`arbitru.cli.dice`)."""
    seen: set[str] = set()
    tally = Tally() if dice is None else dice
    for path in paths:
        read = _document_entries(path, tally) if _is_document(path) else _line_entries(path, tally)
        for item in read:
            if item["file"] in seen:
                raise ShardError(str(path), "cli.shard.in_two", file=item["file"])
            seen.add(item["file"])
            yield item


def _as_entry(item: Any, where: str, tally: Tally) -> Entry:
    """The entry of a verdict row, or of an entry (a line of `report --jsonl`); a ShardError at
    `where` naming the field for neither, or for one whose fields are not what the CLI writes
    (`arbitru.cli.shape`). A row's rolls (`dice`) are added to `tally`."""
    if not isinstance(item, dict):
        raise ShardError(where, "cli.shard.not_a_verdict")
    read = _entry_of(item, where)
    if "dice" in item and set(item) != set(ENTRY_KEYS):
        bad = record_problem(item["dice"]) if read["status"] in (VALID, INVALID) else ""
        if bad is not None:
            raise ShardError(where, "cli.shard.field", field=f"dice.{bad}".rstrip("."))
        tally.add_record(item["dice"])
    return read


def _entry_of(item: dict[str, Any], where: str) -> Entry:
    named = {"file": isinstance(item.get("file"), str), "status": item.get("status") in STATUSES}
    bad = next((name for name, ok in named.items() if not ok), None)
    if bad is not None:
        raise ShardError(where, "cli.shard.field", field=bad)
    verdict = item.get("verdict") or {}
    is_entry = set(item) in (set(ENTRY_KEYS), ENTRY_KEYS_1)
    if is_entry:
        read = {key: item.get(key) for key in ENTRY_KEYS}
    elif not isinstance(verdict, dict):
        raise ShardError(where, "cli.shard.field", field="verdict")
    elif not isinstance(verdict.get("games", []), list):
        raise ShardError(where, "cli.shard.field", field="verdict.games")
    else:
        read = entry(item)
    bad = malformed(read)
    if bad is not None:
        in_verdict = not is_entry and bad != "problem"  # a row: the entry is its verdict's
        raise ShardError(where, "cli.shard.field", field=f"verdict.{bad}" if in_verdict else bad)
    return read


def as_written(summary: Mapping[str, Any], form: str) -> Mapping[str, Any]:
    """A summary as a summary of format `form` writes it: the first format has no `unfinished` total
    and no entry's `finished`."""
    if form == FORMAT:
        return summary
    matches = [{key: value for key, value in e.items() if key != "finished"} for e in summary["matches"]]
    older = {key: value for key, value in summary.items() if key != "unfinished"}
    return {**older, "format": FORMAT_1, "matches": matches}


def _is_document(path: Path) -> bool:
    with path.open(encoding="utf-8", errors="replace") as lines:
        first = next((line.strip() for line in lines if line.strip()), "")
    return first in ("[", "{")


def _document_entries(path: Path, tally: Tally) -> list[Entry]:
    """The entries of a `verify --json` array (complete: the run writes its `]` last) or of a
    `report --json` summary (checked: its totals, codes and lists are those of its entries, as its
    format writes them, its dice audit that of its dice counts, which are added to `tally`)."""
    document = _loaded(path.read_text(encoding="utf-8", errors="replace"), str(path))
    if isinstance(document, list):
        items = document
    elif isinstance(document, dict) and document.get("format") in (FORMAT, FORMAT_1):
        matches, skipped = document.get("matches"), document.get("skipped")
        if not isinstance(matches, list) or not isinstance(skipped, list):
            raise ShardError(str(path), "cli.shard.no_matches")
        items = [*matches, *(row(file, SKIPPED) for file in skipped)]
    else:
        raise ShardError(str(path), "cli.shard.not_a_shard", format=FORMAT)
    mine = Tally()
    listed = [_as_entry(item, f"{path}, item {number}", mine) for number, item in enumerate(items)]
    if isinstance(document, dict) and "dice" in document:
        counts = document["dice"].get("counts") if isinstance(document["dice"], dict) else None
        mine.add(_dice_counts(counts, str(path), "dice.counts"))
    if isinstance(document, dict) and as_written(summarise(listed, mine), document["format"]) != document:
        raise ShardError(str(path), "cli.shard.totals")
    tally.add(mine)
    return listed


def _dice_counts(value: Any, where: str, name: str) -> Tally:
    """The dice counts of a summary or of a `report --jsonl` dice line; a ShardError naming the
    field that is not what `Tally.to_dict` writes."""
    bad = tally_problem(value)
    if bad is not None:
        raise ShardError(where, "cli.shard.field", field=f"{name}.{bad}".rstrip("."))
    return tally_of(value)


class _LongNumber:
    """A JSON integer of more digits than Python reads (`sys.get_int_max_str_digits`), kept aside
    only to find the field it stands in."""


def _loaded(text: str, where: str) -> Any:
    """The JSON of a shard or of one of its lines; a ShardError at `where` when it is not JSON (where
    it breaks, in the catalogue's words as the HTTP layer says it of a body, never the parser's
    English), nests too deeply to read, or holds an integer too long to read (Python refuses one of
    thousands of digits: the field is named)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ShardError(where, "cli.shard.not_json", place=json_breaks(exc)) from None
    except RecursionError:
        raise ShardError(where, "cli.shard.too_deep") from None
    except ValueError:  # a JSONDecodeError is caught above: an integer of too many digits
        pass
    raise _long_number(text, where)


def _long_number(text: str, where: str) -> ShardError:
    """The refusal of a shard (or line) holding an integer longer than Python reads: the field
    holding it, or the document when it is that number."""
    limit = sys.get_int_max_str_digits()

    def number(digits: str) -> Any:
        return _LongNumber() if limit and len(digits) > limit else int(digits)

    try:
        field = _path_of_long_number(json.loads(text, parse_int=number))
    except RecursionError:  # nested too deep further on
        return ShardError(where, "cli.shard.too_deep")
    if field:
        return ShardError(where, "cli.shard.long_number", field=field)
    return ShardError(where, "cli.shard.long_integer")


def _path_of_long_number(document: Any) -> str:
    """The dotted path of the first `_LongNumber` in a JSON document ("" when it is the document)."""
    pending: list[tuple[str, Any]] = [("", document)]
    while pending:
        path, value = pending.pop()
        if isinstance(value, _LongNumber):
            return path
        children = (
            value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
        )
        pending += reversed([(f"{path}.{key}" if path else str(key), child) for key, child in children])
    return ""


def _line_entries(path: Path, tally: Tally) -> Iterator[Entry]:
    """The entries of JSON Lines one by one (a shard of 100,000 verdicts is never held whole); the
    check that its end line counts them comes after the last (the caller reads every line before
    it writes)."""
    found = dict.fromkeys(STATUSES, 0)
    end: dict[str, Any] | None = None
    with path.open(encoding="utf-8", errors="replace") as lines:
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            if end is not None:
                raise ShardError(f"{path}:{number}", "cli.shard.after_end")
            item = _loaded(line, f"{path}:{number}")
            if isinstance(item, dict) and "end" in item:
                end = item["end"]
            elif isinstance(item, dict) and set(item) == {"dice"}:  # report --jsonl's dice counts
                tally.add(_dice_counts(item["dice"], f"{path}:{number}", "dice"))
            else:
                read = _as_entry(item, f"{path}:{number}", tally)
                found[read["status"]] += 1
                yield read
    if end != found:
        total = sum(found.values())
        raise ShardError(str(path), "cli.shard.incomplete", total=total)


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


def verdict_text(item: Mapping[str, Any], lang: str) -> str:
    """`valid`, `INVALID`, ...; `valid (unfinished)` for a valid match cut short."""
    words = cli_words(lang)
    return words["valid_unfinished"] if unfinished(item) else words[item["status"]]


def score_text(item: Mapping[str, Any]) -> str:
    """`11-6`, or `-` when nothing was refereed."""
    return "-".join(map(str, item.get("final_score") or [])) or "-"


def table(summary: Mapping[str, Any], lang: str) -> str:
    """A plain-text table: file, verdict (a valid match cut short said unfinished), games, final
    score, first error; then the totals (every cell as the terminal shows it:
    `arbitru.cli.terminal.shown`)."""
    words = cli_words(lang)
    rows = [[words["file"], words["verdict"], words["games"], words["score"], words["first_error"]]]
    for item in summary["matches"]:
        games = "-" if item["games"] is None else str(item["games"])
        cells = [item["file"], verdict_text(item, lang), games, score_text(item), first_error(item, lang)]
        rows.append(list(map(shown, cells)))  # a name or a message from a file: escaped for the terminal
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    lines = [
        "  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row[:4])) + "  " + row[4] for row in rows
    ]
    lines.insert(1, "-" * min(120, max(len(line) for line in lines)))
    lines.append(summary_line(summary["counts"], lang, summary["unfinished"]))
    if "dice" in summary:
        lines += ["", *map(shown, dice_lines(summary["dice"]["audit"], lang))]
    return "\n".join(line.rstrip() for line in lines)
