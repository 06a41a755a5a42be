"""One file's row, whatever the file holds, and the totals of many rows.

A row is a JSON object: `file` (as the run names it), `status` (valid / invalid / unreadable /
skipped), `verdict` (the referee's, as /v1/matches/verify answers it; its first error's position
also carries the match's `rules` in their JSON form, so that its board is drawn by the variant's
geometry; with `verify --sign`, the API's `transcript_sha256` and `signature` too, over the verdict
as the API answers it, without those `rules`) and `problem` (why a file was not read or not
refereed). Nothing a file holds can stop the run: a failure of any kind while reading or
refereeing it is its `unreadable` row with the reason. A file met while walking a folder that is
not a transcript by its content (no match line, binary) is `skipped`: counted, not failed.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from arbitru.cli.dice import record as dice_record
from arbitru.cli.walk import Candidate, Refused, read_bytes
from arbitru.engine.board import Problem
from arbitru.engine.budget import WorkLimitExceeded
from arbitru.engine.collector import collector_paused
from arbitru.formats.game_record import RecordError, is_json_record
from arbitru.formats.mat import MatFormatError, decode
from arbitru.formats.sources import position_links
from arbitru.library import RulesError, read_match
from arbitru.messages import Message, cli_words, localise, render, say
from arbitru.referee.clocks import ClockRecordError

VALID, INVALID, UNREADABLE, SKIPPED = "valid", "invalid", "unreadable", "skipped"
STATUSES: tuple[str, ...] = (VALID, INVALID, UNREADABLE, SKIPPED)
NOT_A_TRANSCRIPT = frozenset(
    {"mat.no_match_line", "mat.match_line_first", "mat.binary"}
)  # what the .mat reader says of other files
Row = dict[str, Any]


def row(shown: str, status: str, verdict: Mapping[str, Any] | None = None, problem: str | None = None) -> Row:
    """A row in its one shape."""
    return {"file": shown, "status": status, "verdict": verdict, "problem": problem}


def judge_file(
    candidate: Candidate, mode: str, preset: str | None, lang: str, dice: bool = False, digest: bool = False
) -> Row:
    """The row of one file (picklable for the worker processes): never raises for what a file holds.
    With `dice`, the row of a transcript read (valid or invalid) carries its rolls in `dice`
    (`arbitru.cli.dice.record`: the audit's input); with `digest`, its verdict carries the
    transcript's `transcript_sha256` (`verify --sign` then signs it: `signed`)."""
    return scrubbed(_row_of(candidate, mode, preset, lang, dice, digest))


def _row_of(
    candidate: Candidate, mode: str, preset: str | None, lang: str, dice: bool = False, digest: bool = False
) -> Row:
    if candidate.refused is not None:
        return row(candidate.shown, UNREADABLE, problem=candidate.refused.say(lang))
    try:
        return _judged(candidate, mode, preset, lang, dice, digest)
    except Refused as refused:
        return row(candidate.shown, UNREADABLE, problem=refused.say(lang))
    except OSError as exc:
        return row(candidate.shown, UNREADABLE, problem=render("cli.os_error", {"error": exc.strerror}, lang))
    except Exception as exc:  # anything a hostile file provokes (deep nesting, odd text) is its row
        reason = render("cli.failed", {"error": f"{type(exc).__name__}: {exc}"[:300]}, lang)
        return row(candidate.shown, UNREADABLE, problem=reason)


def _judged(candidate: Candidate, mode: str, preset: str | None, lang: str, dice: bool, digest: bool) -> Row:
    """Read and referee one file with the collector paused over both: a transcript read is thousands
    of actions and tuples with no cycles, like its refereeing (paused over the referee alone, the
    collections the reading sets off would stay)."""
    with collector_paused():
        return _read_and_judged(candidate, mode, preset, lang, dice, digest)


def transcript_digest(data: bytes) -> str:
    """The `transcript_sha256` /v1/matches/verify names for this file uploaded: the body the API
    makes of it (a JSON record, else the text as decoded) hashed by the trust module's own function.
    Imported here: the JOSE library is the server extra's, needed only by `verify --sign`."""
    from arbitru.trust.states import transcript_sha256

    text = decode(data)
    return transcript_sha256({"record": json.loads(text)} if is_json_record(text) else {"mat": text})


def signed(result: Row, ring: Any) -> Row:
    """The row with its verdict signed by `ring` (an `arbitru.trust.keys.KeyRing`) as the API's
    `sign: true` answer is: `signature` over the verdict and its `transcript_sha256`. What is signed
    is the verdict as /v1/matches/verify answers it for the same file (`answered`), so the CLI's
    signature and the API's are the same bytes (Ed25519 signs deterministically)."""
    from arbitru.trust.states import sign_verdict

    verdict = result["verdict"]
    if verdict is None or "transcript_sha256" not in verdict:
        return result
    plain = {name: value for name, value in verdict.items() if name != "transcript_sha256"}
    digest = verdict["transcript_sha256"]
    signature = sign_verdict(ring, answered(plain), digest)
    return {**result, "verdict": {**plain, "transcript_sha256": digest, "signature": signature}}


def answered(verdict: Mapping[str, Any]) -> dict[str, Any]:
    """A row's verdict as the API answers it: without the `rules` the CLI adds to the first error's
    position (its board is drawn by the variant's geometry: the module docstring)."""
    error = verdict.get("error")
    if not error or "rules" not in error.get("position", {}):
        return dict(verdict)
    position = {name: value for name, value in error["position"].items() if name != "rules"}
    return {**verdict, "error": {**error, "position": position}}


def _read_and_judged(
    candidate: Candidate, mode: str, preset: str | None, lang: str, dice: bool, digest: bool
) -> Row:
    data = read_bytes(candidate.path)
    try:
        transcript = read_match(data, preset=preset)
    except RulesError as rules_error:
        return row(candidate.shown, UNREADABLE, problem=problems_text(rules_error.problems, lang))
    except MatFormatError as exc:
        key = getattr(exc.message, "key", None)
        if not candidate.named and key in NOT_A_TRANSCRIPT and not _looks_like_json(data):
            return row(
                candidate.shown, SKIPPED, problem=render(key, getattr(exc.message, "params", None), lang)
            )
        return row(candidate.shown, UNREADABLE, problem=format_error(exc, lang))
    except ValueError as exc:  # not JSON, an SGF or a record of the wrong shape
        return row(candidate.shown, UNREADABLE, problem=format_error(exc, lang))
    try:
        verdict = transcript.verify(mode, lang=lang).to_dict()  # type: ignore[arg-type]
    except WorkLimitExceeded as exc:  # the service's 422 for the same file: the same words
        return row(
            candidate.shown, UNREADABLE, problem=render("problem.too_much_work", {"limit": exc.limit}, lang)
        )
    except ClockRecordError as exc:  # a record's times the clock cannot have produced (a 422 by the API)
        return row(candidate.shown, UNREADABLE, problem=format_error(exc, lang))
    error = verdict["error"]
    if error and "position" in error:  # the position as a request body: its rules draw its board
        error["position"].update(position_links(error["position"], transcript.rules))
        error["position"]["rules"] = transcript.rules.to_dict()
    if digest:
        verdict["transcript_sha256"] = transcript_digest(data)
    judged = row(candidate.shown, VALID if verdict["valid"] else INVALID, verdict)
    if dice:
        judged["dice"] = dice_record(transcript.match, transcript.rules)
    return judged


def problems_text(problems: Iterable[Problem], lang: str) -> str:
    """Why rule options cannot be, in `lang`: `field: message; ...`."""
    return "; ".join(f"{p.field}: {say(p, lang)}" for p in problems)


def format_error(error: ValueError, lang: str) -> str:
    """Why a file cannot be read, in `lang`, from the catalogue as the API says it (its problem
    details render the same `Message`s): a record's problems as `field: message; ...`, a .mat's or
    an SGF's as `line N: ...`; an error raised with plain text, as it is."""
    if isinstance(error, RecordError | ClockRecordError):
        return "; ".join(f"{field}: {localise(problem, lang)}" for field, problem in error.problems)
    first = error.args[0] if error.args else None
    return localise(first, lang) if isinstance(first, Message) else str(error)


def _looks_like_json(data: bytes) -> bool:
    try:
        return is_json_record(decode(data))
    except MatFormatError:
        return False


def json_line(result: Row) -> str:
    """The row as one JSON line (UTF-8 safe: a lone surrogate a file smuggled in becomes U+FFFD)."""
    line = json.dumps(result, ensure_ascii=False, separators=(",", ":"))
    try:
        line.encode("utf-8")
    except UnicodeEncodeError:
        line = line.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    return line


def scrubbed(result: Row) -> Row:
    """The row, with any lone surrogate (a JSON file may hold one) replaced so it can be printed."""
    try:
        json.dumps(result, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return dict(json.loads(json_line(result)))
    return result


def counts(rows: Iterable[Row]) -> dict[str, int]:
    """How many rows have each status (every status present, zero or not)."""
    found = Counter(r["status"] for r in rows)
    return {status: found.get(status, 0) for status in STATUSES}


def exit_code(totals: Mapping[str, int]) -> int:
    """0 when every transcript is valid, 1 when any is invalid or unreadable, 2 when none was found."""
    if not totals[VALID] + totals[INVALID] + totals[UNREADABLE]:
        return 2
    return 1 if totals[INVALID] or totals[UNREADABLE] else 0


def summary_line(totals: Mapping[str, int], lang: str, unfinished: int = 0) -> str:
    """`18 valid, 9 invalid, 0 unreadable of 27` (and the valid matches cut short, and the skipped
    files, when there are any)."""
    words = cli_words(lang)
    shown = {s: totals[s] for s in (VALID, INVALID, UNREADABLE)}
    line = words["summary"].format(**shown, total=sum(shown.values()))
    if unfinished:
        line += words["unfinished_count"].format(unfinished=unfinished)
    if totals[SKIPPED]:
        line += words["skipped_count"].format(skipped=totals[SKIPPED])
    return line
