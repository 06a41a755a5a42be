"""The `arbitru` commands: verify (an archive), report (merge shards), convert, moves.

Exit codes of `verify` and `report` (docs/archives.md): 0 every transcript valid; 1 some transcript
invalid or unreadable (a result: the rows say which and why); 2 a usage error (a path named that
does not exist among them), nothing to verify (no transcript found), or shards that cannot be
merged; 3 an internal error (a bug: the traceback is on standard error), whatever the command. The
Kubernetes Jobs (k8s/batch) count 1 as success, 2 and 3 as failure: so a mistyped path or a
hand-edited shard is 2, never 1, and a bug is 3, never Python's 1. A file never stops the run:
whatever it holds is its own row. Every path and text from a file printed to the terminal goes
through `arbitru.cli.terminal.shown`; JSON output is exact.
"""

from __future__ import annotations

import errno
import json
import os
import sys
import traceback
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

import click

from arbitru.cli.dice import Tally
from arbitru.cli.parallel import judged, usable_cpus
from arbitru.cli.report import write_report
from arbitru.cli.summary import ShardError, end_line, entry, read_shards, summarise, summary_lines, table
from arbitru.cli.terminal import shown
from arbitru.cli.verdicts import STATUSES, exit_code, json_line, problems_text, signed
from arbitru.cli.walk import DEFAULT_SUFFIXES, Candidate, Refused, candidates, parse_suffixes, read_bytes
from arbitru.engine.board import Color
from arbitru.engine.budget import WorkLimitExceeded
from arbitru.engine.moves import legal_plays
from arbitru.engine.rules import PRESETS
from arbitru.formats.codec import FormatError
from arbitru.formats.sources import decode_source
from arbitru.library import RulesError, Transcript, read_match
from arbitru.messages import DEFAULT_LANGUAGE, LANGUAGES, render
from arbitru.referee import MODES
from arbitru.referee.replay import ExportError
from arbitru.settings import Settings

INTERNAL_ERROR = 3
LANG = click.option(
    "--lang", type=click.Choice(LANGUAGES), default=DEFAULT_LANGUAGE, show_default=True
)  # the catalogue's languages


class _Guarded(click.Group):
    """The command group whose commands never end in Python's own exit 1 on an exception."""

    def invoke(self, ctx: click.Context) -> Any:
        """The command, a bug in it exit 3 (`_internal_errors`)."""
        with _internal_errors():
            return super().invoke(ctx)


@click.group(cls=_Guarded, help=(__doc__ or "").split("\n\n")[0])
@click.version_option(package_name="arbitru")
def main() -> None:
    """The command group."""


def select_shard(files: Sequence[Candidate], spec: str | None) -> list[Candidate]:
    """The `I/N` share of `files` (every N-th file from the I-th, 0-based), or all of them."""
    if not spec:
        return list(files)
    try:
        index, count = (int(part) for part in spec.split("/"))
    except ValueError:
        raise click.BadParameter(f"{spec}: expected I/N, e.g. 0/4", param_hint="--shard") from None
    if not 0 <= index < count:
        raise click.BadParameter(f"{spec}: I must be 0 <= I < N", param_hint="--shard")
    return list(files)[index::count]


def _one_form(as_json: bool, jsonl: bool) -> None:
    if as_json and jsonl:
        raise click.UsageError("--json and --jsonl are two forms of one output: choose one")


@contextmanager
def _internal_errors() -> Iterator[None]:
    """A bug is exit 3 with its traceback, never 1 (which means "some transcript invalid"); a pipe
    closed early (`| head`) is left to click."""
    try:
        yield
    except (click.exceptions.Exit, click.ClickException, SystemExit, KeyboardInterrupt):
        raise
    except Exception as exc:
        if isinstance(exc, OSError) and exc.errno == errno.EPIPE:
            raise
        click.echo(traceback.format_exc(), err=True)
        sys.exit(INTERNAL_ERROR)


@contextmanager
def _output(path: str | None, lang: str) -> Iterator[IO[str]]:
    """Standard output, or the file `-o` names (a usage error, exit 2, when it cannot be opened)."""
    if path is None:
        yield sys.stdout
        return
    try:
        out = open(path, "w", encoding="utf-8", newline="\n")  # noqa: SIM115 - closed below
    except OSError as exc:
        raise click.UsageError(
            render("cli.cannot_write", {"path": shown(path), "error": exc.strerror}, lang)
        ) from None
    with out:
        yield out


@main.command("verify")
@click.argument("paths", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="print every verdict as one JSON array")
@click.option(
    "--jsonl", is_flag=True, help="print every verdict as a JSON line, as it is found (then an end line)"
)
@click.option(
    "-o", "--output", type=click.Path(dir_okay=False), help="write the table/JSON there, not to stdout"
)
@LANG
@click.option("--report", type=click.Path(dir_okay=False), help="write the HTML report there")
@click.option(
    "--jobs",
    type=click.IntRange(0, 256),
    default=1,
    show_default=True,
    help="processes (0 = the CPUs usable)",
)
@click.option("--mode", type=click.Choice(MODES), default="legal-moves-only")
@click.option(
    "--preset", type=click.Choice(list(PRESETS)), help="rules preset (default: the file's header tags)"
)
@click.option(
    "--dice",
    is_flag=True,
    help="audit the dice too: each row carries its rolls, the table and report their statistics",
)
@click.option(
    "--sign",
    is_flag=True,
    help="sign each verdict as /v1/matches/verify does with `sign`, with the service's keys "
    "(ARBITRU_SIGNING_KEYS or ARBITRU_SIGNING_KEYS_FILE)",
)
@click.option("--shard", metavar="I/N", help="only the I-th of N shares of the files (0-based)")
@click.option(
    "--suffixes",
    default=",".join(DEFAULT_SUFFIXES),
    show_default=True,
    help="the files read in folders (a file named is always read)",
)
def verify_command(
    paths: tuple[str, ...],
    as_json: bool,
    jsonl: bool,
    output: str | None,
    lang: str,
    report: str | None,
    jobs: int,
    mode: str,
    preset: str | None,
    dice: bool,
    sign: bool,
    shard: str | None,
    suffixes: str,
) -> None:
    """Referee match transcripts (.mat/.txt or JSON records; folders walked recursively)."""
    _one_form(as_json, jsonl)
    ring = _signing_keys(lang) if sign else None
    _check_paths(paths, lang)
    wanted = parse_suffixes(suffixes)
    found = candidates(paths, wanted)
    if not found:
        named = ", ".join(map(shown, paths))
        click.echo(render("cli.none_found", {"paths": named, "suffixes": ",".join(wanted)}, lang), err=True)
        sys.exit(2)
    files = select_shard(found, shard)
    form = "jsonl" if jsonl else "json" if as_json else "table"
    totals = _run(files, jobs or usable_cpus(), (mode, preset, lang), form, output, report, dice, ring)
    code = exit_code(totals)
    sys.exit(0 if code == 2 and shard else code)  # an empty share of a full archive is no error


def _signing_keys(lang: str) -> Any:
    """The key ring `verify --sign` signs with: the service's (`KeyRing.configured`, from the same
    settings), or a usage error (exit 2) when the JOSE library of the server extra is missing or no
    key set is configured (a key made for this run would verify nowhere)."""
    try:
        from arbitru.trust.keys import KEYS_ENV, KeyRing
    except ImportError:
        raise click.UsageError(render("cli.sign_no_jose", None, lang)) from None
    keys_file = Settings.from_env().signing_keys_file
    if not os.environ.get(KEYS_ENV, "").strip() and not keys_file:
        raise click.UsageError(render("cli.sign_no_key", None, lang))
    try:
        return KeyRing.configured(keys_file)
    except (OSError, ValueError) as exc:
        raise click.UsageError(render("cli.sign_bad_keys", {"error": str(exc)[:300]}, lang)) from None


def _check_paths(paths: Sequence[str], lang: str) -> None:
    """A usage error (exit 2) for a path named that does not exist, cannot even be looked at, or is
    a folder that cannot be listed (a typing mistake or a volume not mounted is no archive of
    unreadable files: exit 1 would be a Job's success)."""
    for path in paths:
        try:
            if os.path.isdir(path):
                os.scandir(path).close()
            else:
                os.stat(path)
        except OSError as exc:
            missing = exc.errno in (errno.ENOENT, errno.ENOTDIR)
            key = "cli.no_such_path" if missing else "cli.path_error"
            raise click.UsageError(render(key, {"path": shown(path), "error": exc.strerror}, lang)) from None


def _run(
    files: Sequence[Candidate],
    workers: int,
    options: tuple[str, str | None, str],
    form: str,
    output: str | None,
    report: str | None,
    dice: bool = False,
    ring: Any = None,
) -> dict[str, int]:
    """Verify `files`, writing each row as it comes (JSON Lines, a JSON array) or the table at the
    end; with `dice`, each row carries its file's rolls, counted (for the audit of the table and the
    report, which only they need: JSON rows are merged by `report`); with a key `ring`, each verdict
    is signed (`signed`)."""
    totals = dict.fromkeys(STATUSES, 0)
    keep = form == "table" or report is not None  # the summary's entries: only what a table or report needs
    tally = Tally() if dice and keep else None
    entries: list[dict[str, Any]] = []
    hide = len(files) < 2 or not sys.stderr.isatty()
    with (
        _output(output, options[2]) as out,
        click.progressbar(length=len(files), label="verify", file=sys.stderr, hidden=hide) as bar,
    ):
        out.write("[" if form == "json" else "")
        for number, judged_row in enumerate(judged(files, workers, *options, dice=dice, digest=bool(ring))):
            result = judged_row if ring is None else signed(judged_row, ring)
            totals[result["status"]] += 1
            if tally is not None and "dice" in result:
                tally.add_record(result["dice"])
            if form == "jsonl":
                out.write(json_line(result) + "\n")
                out.flush()
            elif form == "json":
                out.write(("," if number else "") + "\n" + json_line(result))
            if keep:
                entries.append(entry(result))
            bar.update(1)
        if form == "jsonl":
            out.write(json.dumps(end_line(totals)) + "\n")
        elif form == "json":
            out.write("\n]\n")
        summary = summarise(entries, tally) if keep else None
        if summary is not None and form == "table":
            out.write(table(summary, options[2]) + "\n")
    if summary is not None and report:
        write_report(Path(report), summary, options[2])
    return totals


@main.command("report")
@click.argument(
    "shards", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path)
)
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="write the HTML report there")
@click.option("--json", "as_json", is_flag=True, help="print the merged summary as JSON instead of the table")
@click.option(
    "--jsonl",
    is_flag=True,
    help="print the merged summary as JSON Lines (one entry a line, then an end line)",
)
@LANG
def report_command(
    shards: tuple[Path, ...], output: str | None, as_json: bool, jsonl: bool, lang: str
) -> None:
    """Merge shards (`verify --jsonl` or `--json`, `report --json` or `--jsonl`) into one summary and
    report (with the dice audit of their rolls, when they carry them: `verify --dice`)."""
    _one_form(as_json, jsonl)
    tally = Tally()
    try:
        summary = summarise(read_shards(shards, tally), tally)
    except ShardError as exc:
        click.echo(render("cli.shard_error", {"error": exc.say(lang)}, lang), err=True)
        sys.exit(2)
    if as_json:
        click.echo(json.dumps(summary, ensure_ascii=False, indent=1))
    elif jsonl:
        for line in summary_lines(summary):
            click.echo(line)
    else:
        click.echo(table(summary, lang))
    if output:
        write_report(Path(output), summary, lang)
    sys.exit(exit_code(summary["counts"]))


def _read(path: Path, preset: str | None) -> Transcript:
    """The transcript in a file, read safely, as the library reads it (ValueError when it cannot be)."""
    try:
        return read_match(read_bytes(str(path)), preset=preset)
    except Refused as refused:
        raise ValueError(refused.say("en")) from None
    except RulesError as error:
        raise ValueError(problems_text(error.problems, "en")) from None


@main.command("convert")
@click.argument("path", type=click.Path(exists=True, dir_okay=False))
@click.option("--to", "target", type=click.Choice(["record", "mat", "sgf"]), required=True)
@click.option(
    "--preset", type=click.Choice(list(PRESETS)), help="rules preset (default: the file's header tags)"
)
@click.option(
    "-o", "--output", type=click.Path(dir_okay=False, writable=True), help="default: standard output"
)
def convert_command(path: str, target: str, preset: str | None, output: str | None) -> None:
    """Convert a transcript to a JSON game record, a .mat (gnubg's layout) or SGF."""
    try:
        transcript = _read(Path(path), preset)
    except (OSError, ValueError) as exc:  # MatFormatError and RecordError are ValueErrors
        click.echo(f"{shown(path)}: {shown(str(exc))}", err=True)
        sys.exit(2)
    if target == "record":
        written = json.dumps(transcript.to_record(), ensure_ascii=False, indent=1) + "\n"
    else:
        try:
            written = transcript.to_mat() if target == "mat" else transcript.to_sgf()
        except ExportError as exc:  # a fact the format cannot carry (a starting board that is no board)
            click.echo(f"{shown(path)}: {shown(str(exc))}", err=True)
            sys.exit(2)
        except WorkLimitExceeded as exc:  # the service's 422 for the same file: the same words
            click.echo(f"{path}: {render('problem.too_much_work', {'limit': exc.limit}, 'en')}", err=True)
            sys.exit(2)
    if output:
        Path(output).write_text(written, encoding="utf-8")
    else:
        click.echo(written, nl=False)


@main.command("moves")
@click.option("--gnubg-id", required=True, help="POSITIONID:MATCHID (or a Position ID with --turn)")
@click.option("--dice", required=True, help="the two dice, e.g. 31")
@click.option("--turn", type=click.Choice(["white", "black"]), help="the side on roll (a Position ID alone)")
@click.option("--json", "as_json", is_flag=True, help="print the plays as JSON")
def moves_command(gnubg_id: str, dice: str, turn: str | None, as_json: bool) -> None:
    """Every legal play of a roll in a GNU Backgammon position."""
    digits = dice.replace("-", "").replace(",", "")
    if len(digits) != 2 or not all(d in "123456" for d in digits):
        raise click.BadParameter("two dice 1-6, e.g. 31", param_hint="--dice")
    try:
        pos = decode_source("gnubg_id", gnubg_id, turn)  # type: ignore[arg-type]
    except FormatError as exc:
        raise click.BadParameter(exc.message, param_hint="--gnubg-id") from None
    mover: Color | None = pos.turn if turn is None else ("white" if turn == "white" else "black")
    if mover is None:
        raise click.BadParameter("a Position ID alone needs --turn", param_hint="--turn")
    roll = (max(int(digits[0]), int(digits[1])), min(int(digits[0]), int(digits[1])))
    plays = legal_plays(pos.board, mover, roll)
    if as_json:
        listed = [{"notation": p.notation, "board": p.board.to_dict()} for p in plays]
        click.echo(json.dumps({"turn": mover, "dice": list(roll), "plays": listed}, indent=1))
        return
    click.echo(f"{mover} to play {roll[0]}-{roll[1]}: {len(plays)} legal play(s)")
    for play in plays:
        click.echo(f"  {play.notation or '(no move)'}")


if __name__ == "__main__":  # pragma: no cover
    main()
