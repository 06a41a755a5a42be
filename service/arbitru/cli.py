"""`arbitru`: the rules engine on the command line, no server.

    arbitru verify FILE_OR_FOLDER... [--json] [--lang ro] [--report report.html] [--jobs N]
    arbitru convert FILE --to record|mat|sgf [-o OUT]
    arbitru moves --gnubg-id POSITIONID:MATCHID --dice 31 [--json]

`verify` referees every transcript (.mat/.txt, or a JSON game record; a folder stands for the
files in it) and exits 0 when all are valid, 1 when any is not, 2 when a file cannot be read.
`--shard I/N` keeps the I-th of N shares of the sorted file list (a Kubernetes Indexed Job runs
one share per pod: see k8s/batch/).
"""

from __future__ import annotations

import html
import json
import os
import sys
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click

from arbitru.engine.board import Board, Color
from arbitru.engine.moves import collector_paused, legal_plays
from arbitru.engine.rules import PRESETS
from arbitru.formats.game_record import RecordError, match_to_record, read_match_file
from arbitru.formats.mat import MatFormatError
from arbitru.formats.mat_writer import write_mat
from arbitru.formats.position import FormatError
from arbitru.formats.replay import ExportError
from arbitru.formats.sgf import write_sgf
from arbitru.formats.sources import decode_source, position_links
from arbitru.formats.svg import render_board
from arbitru.messages import cli_words, say
from arbitru.referee import MODES, resolve_rules, verify

SUFFIXES = (".mat", ".txt", ".json")
VALID, INVALID, UNREADABLE = "valid", "invalid", "unreadable"
EXIT_CODES = {VALID: 0, INVALID: 1, UNREADABLE: 2}
MAX_FILE_BYTES = 4 * 128 * 1024  # what /v1/matches/verify takes (128 Ki characters), in bytes


@dataclass
class FileVerdict:
    """One file's outcome: valid / invalid (with the referee's verdict) / unreadable (with why)."""

    path: str
    status: str
    verdict: dict[str, Any] | None = None
    problem: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """JSON form (`--json`)."""
        return {"file": self.path, "status": self.status, "verdict": self.verdict, "problem": self.problem}


# -- reading -----------------------------------------------------------------------------------------
def expand(paths: Iterable[str]) -> list[Path]:
    """The files named, a folder standing for the transcripts in it (sorted; not its subfolders)."""
    found: list[Path] = []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            found += sorted(p for p in path.iterdir() if p.is_file() and p.suffix.lower() in SUFFIXES)
        else:
            found.append(path)
    return found


def select_shard(files: Sequence[Path], spec: str | None) -> list[Path]:
    """The `I/N` share of `files` (every N-th file from the I-th, 0-based), or all of them."""
    if not spec:
        return list(files)
    index, count = (int(part) for part in spec.split("/"))
    if not 0 <= index < count:
        raise click.BadParameter(f"{spec}: I must be 0 <= I < N", param_hint="--shard")
    return list(files)[index::count]


def _read(path: Path, preset: str | None) -> tuple[Any, Any]:
    """The match in a file and the rules to referee it by (ValueError when it cannot be read)."""
    if path.stat().st_size > MAX_FILE_BYTES:
        raise ValueError(f"the file has {path.stat().st_size} bytes; the limit is {MAX_FILE_BYTES}")
    match = read_match_file(path.read_bytes())
    rules, problems = resolve_rules(match, {"preset": preset} if preset else {})
    if problems:
        raise ValueError("; ".join(f"{p.field}: {say(p)}" for p in problems))
    return match, rules


def verify_file(
    path: Path, mode: str = "legal-moves-only", preset: str | None = None, lang: str = "en"
) -> FileVerdict:
    """Referee one file (picklable for --jobs); the verdict's messages in `lang`."""
    try:
        match, rules = _read(path, preset)
    except (OSError, ValueError, MatFormatError, RecordError) as exc:
        return FileVerdict(str(path), UNREADABLE, problem=str(exc))
    with collector_paused():  # one file's plays are thousands of tuples with no cycles
        verdict = verify(match, rules, mode, lang=lang)
    error = verdict["error"]
    if error and "position" in error:
        error["position"].update(position_links(error["position"], rules))
    return FileVerdict(str(path), VALID if verdict["valid"] else INVALID, verdict)


# -- output --------------------------------------------------------------------------------------
def _message(error: dict[str, Any]) -> str:
    """The ruling's message (in the language the file was verified in), less the action it repeats."""
    message: str = error["message"]
    return message.removeprefix(f"{error.get('action')}: ")  # the table shows the action already


def _first_error(result: FileVerdict, lang: str) -> str:
    words = cli_words(lang)
    if result.status == UNREADABLE:
        return result.problem or ""
    error = (result.verdict or {}).get("error")
    if not error:
        return ""
    where = f"{words['game']} {error['game']}" + (
        f", {words['move']} {error['move']}" if error.get("move") else ""
    )
    return f"{where}: {error.get('action') or ''} [{error['code']}] {_message(error)}"


def summary_table(results: Sequence[FileVerdict], lang: str) -> str:
    """A plain-text table: file, verdict, games, final score, first error; then the totals."""
    words = cli_words(lang)
    rows = [[words["file"], words["verdict"], words["games"], words["score"], words["first_error"]]]
    for result in results:
        verdict = result.verdict or {}
        score = "-".join(map(str, verdict.get("final_score", []))) or "-"
        rows.append(
            [
                Path(result.path).name,
                words[result.status],
                str(len(verdict.get("games", []))) if verdict else "-",
                score,
                _first_error(result, lang),
            ]
        )
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    lines = [
        "  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row[:4])) + "  " + row[4] for row in rows
    ]
    lines.insert(1, "-" * min(120, max(len(line) for line in lines)))
    counts = {status: sum(r.status == status for r in results) for status in EXIT_CODES}
    lines.append(words["summary"].format(**counts, total=len(results)))
    return "\n".join(line.rstrip() for line in lines)


def html_report(results: Sequence[FileVerdict], lang: str) -> str:
    """A standalone HTML page: each file's verdict and, for an illegal action, its board picture."""
    words = cli_words(lang)
    parts = [
        f'<!doctype html><html lang="{lang}"><meta charset="utf-8"><title>{words["report"]}</title>',
        "<style>body{font-family:sans-serif;max-width:60em;margin:auto}"
        ".valid{color:#060}.invalid{color:#a00}.unreadable{color:#a60}svg{max-width:32em}</style>",
        f"<h1>{words['report']}</h1><p>{html.escape(summary_table(results, lang).splitlines()[-1])}</p>",
    ]
    for result in results:
        parts.append(
            f'<section><h2>{html.escape(Path(result.path).name)} — <span class="{result.status}">'
            f"{words[result.status]}</span></h2>"
        )
        detail = _first_error(result, lang)
        if detail:
            parts.append(f"<p>{html.escape(detail)}</p>")
        error = (result.verdict or {}).get("error") or {}
        position = error.get("position")
        if position:
            board = Board.from_dict(position["board"], checkers=sum(_counts(position["board"]["white"])))
            parts.append(
                render_board(
                    board,
                    turn=position["turn"],
                    dice=position["dice"],
                    cube_value=position["cube"]["value"],
                    cube_owner=position["cube"]["owner"],
                )
            )
            parts.append(f"<p>GNU ID: <code>{html.escape(position['gnubg_id'])}</code></p>")
            if error.get("legal_plays") is not None:
                plays = ", ".join(error["legal_plays"])
                parts.append(f"<p>{words['legal']} ({error['legal_play_count']}): {html.escape(plays)}</p>")
            elif "legal_play_count" in error:
                parts.append(f"<p>{words['legal']}: {error['legal_play_count']}</p>")
        parts.append("</section>")
    parts.append("</html>")
    return "\n".join(parts)


def _counts(side: dict[str, Any]) -> list[int]:
    return [*side["points"].values(), side.get("bar", 0), side.get("off", 0)]


# -- commands -----------------------------------------------------------------------------------
@click.group(help=__doc__.split("\n\n")[0])
@click.version_option(package_name="arbitru")
def main() -> None:
    """The command group."""


@main.command("verify")
@click.argument("paths", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="print every verdict as JSON instead of the table")
@click.option("--lang", type=click.Choice(["en", "ro"]), default="en", show_default=True)
@click.option("--report", type=click.Path(dir_okay=False, writable=True), help="write an HTML report there")
@click.option(
    "--jobs", type=click.IntRange(0, 256), default=1, show_default=True, help="processes (0 = one per core)"
)
@click.option("--mode", type=click.Choice(MODES), default="legal-moves-only")
@click.option(
    "--preset", type=click.Choice(list(PRESETS)), help="rules preset (default: the file's header tags)"
)
@click.option("--shard", metavar="I/N", help="only the I-th of N shares of the files (0-based)")
def verify_command(
    paths: tuple[str, ...],
    as_json: bool,
    lang: str,
    report: str | None,
    jobs: int,
    mode: str,
    preset: str | None,
    shard: str | None,
) -> None:
    """Referee match transcripts (.mat/.txt or JSON records; folders for their files)."""
    files = select_shard(expand(paths), shard)
    workers = jobs or os.cpu_count() or 1
    results: list[FileVerdict] = []
    hide = len(files) < 2 or not sys.stderr.isatty()
    with click.progressbar(length=len(files), label="verify", file=sys.stderr, hidden=hide) as bar:
        if workers > 1 and len(files) > 1:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                options = ([option] * len(files) for option in (mode, preset, lang))
                for result in pool.map(verify_file, files, *options):
                    results.append(result)
                    bar.update(1)
        else:
            for path in files:
                results.append(verify_file(path, mode, preset, lang))
                bar.update(1)
    if as_json:
        click.echo(json.dumps([r.to_dict() for r in results], ensure_ascii=False, indent=1))
    else:
        click.echo(summary_table(results, lang))
    if report:
        Path(report).write_text(html_report(results, lang), encoding="utf-8")
    sys.exit(max((EXIT_CODES[r.status] for r in results), default=0))


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
        match, rules = _read(Path(path), preset)
    except (OSError, ValueError, MatFormatError, RecordError) as exc:
        click.echo(f"{path}: {exc}", err=True)
        sys.exit(2)
    if target == "record":
        written = json.dumps(match_to_record(match), ensure_ascii=False, indent=1) + "\n"
    else:
        try:
            written = write_mat(match, rules) if target == "mat" else write_sgf(match, rules)
        except ExportError as exc:  # a fact the format cannot carry (a starting board that is no board)
            click.echo(f"{path}: {exc}", err=True)
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
