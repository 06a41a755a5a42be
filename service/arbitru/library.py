"""The library's face for match files: a transcript read from a path, a file or text, with the rules
it carries, verified into a typed verdict and written out again (docs/library.md).

    transcript = read_match(Path("examples/match.mat"))
    verdict = transcript.verify()
    verdict.valid, verdict.final_score, transcript.to_sgf()

Thin: reading is `arbitru.formats` (`read_match_file`), the rules are the referee's
(`resolve_rules`: the file's header tags, or a preset asked for), the verdict is the referee's
(`arbitru.referee.verify`), the exports are the formats' writers. No web framework here.
Verifying or exporting a transcript stops at the work limit of one transcript, as the service and
the command line do: `WorkLimitExceeded` (`arbitru.engine.budget`, named here too).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Literal

from arbitru.engine.board import Problem
from arbitru.engine.budget import WorkLimitExceeded as WorkLimitExceeded  # raised by verify, to_mat, to_sgf
from arbitru.engine.rules import Rules, build_rules
from arbitru.formats.game_record import (
    is_json_record,
    match_to_record,
    parse_record,
    read_match_file,
    record_to_match,
)
from arbitru.formats.mat import MatchFile, decode
from arbitru.formats.sgf_reader import is_sgf
from arbitru.referee import Excerpt, resolve_rules, verify
from arbitru.referee.clocks import RecordClock, clocked_verify, split_clock, with_clock
from arbitru.referee.mat_writer import write_mat
from arbitru.referee.sgf_writer import write_sgf

Mode = Literal["legal-moves-only", "illegal-moves-rule", "illegal-moves-rule-as-written"]  # referee.MODES
Source = str | bytes | os.PathLike[str] | IO[str] | IO[bytes]


class RulesError(ValueError):
    """Rule options that cannot be: every `Problem` found (field and code, as the API reports them)."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("; ".join(f"{p.field}: {p.code}" for p in problems))
        self.problems = problems


def rules_from(options: Mapping[str, Any] | None = None, **more: Any) -> Rules:
    """Rules from options as a client sends them (a `preset` and overrides), checked as the API
    checks them: RulesError listing every problem."""
    rules, problems = build_rules({**(options or {}), **more})
    if problems:
        raise RulesError(problems)
    return rules


@dataclass(frozen=True, slots=True)
class MatchVerdict:
    """The referee's verdict on a transcript, typed; `to_dict()` is the JSON form (the contract's
    POST /v1/matches/verify answer)."""

    data: Mapping[str, Any]

    @property
    def valid(self) -> bool:
        """Whether every action is legal (in illegal-moves-rule mode: none left uncondoned)."""
        return bool(self.data["valid"])

    @property
    def players(self) -> tuple[str, str]:
        """The players, the left column (white) first."""
        first, second = self.data["players"]
        return (str(first), str(second))

    @property
    def match_length(self) -> int:
        """The match length (0: a money session)."""
        return int(self.data["match_length"])

    @property
    def final_score(self) -> tuple[int, int]:
        """The replayed score at the end (or at the first illegal action)."""
        white, black = self.data["final_score"]
        return (int(white), int(black))

    @property
    def winner(self) -> str | None:
        """The player who won the match, if it was won."""
        winner = self.data["winner"]
        return None if winner is None else str(winner)

    @property
    def finished(self) -> bool:
        """Whether the transcript reaches the match's end (a player won it; in a money session, its
        last game is over): False for a file cut short, however legal its actions."""
        return bool(self.data["finished"])

    @property
    def games(self) -> list[dict[str, Any]]:
        """Each game replayed, as the contract writes it."""
        return list(self.data["games"])

    @property
    def error(self) -> dict[str, Any] | None:
        """The first illegal action (its game, move, code, message and position), or None."""
        error = self.data["error"]
        return None if error is None else dict(error)

    @property
    def error_code(self) -> str | None:
        """The reason code of the first illegal action (e.g. `MUST_USE_ALL_DICE`), or None."""
        error = self.data["error"]
        return None if error is None else str(error["code"])

    @property
    def condoned(self) -> list[dict[str, Any]]:
        """The illegal plays condoned (illegal-moves-rule mode)."""
        return list(self.data["condoned"])

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: exactly what the referee answered."""
        return dict(self.data)


def verify_match(
    match: MatchFile,
    rules: Rules | None = None,
    mode: Mode = "legal-moves-only",
    *,
    excerpt: Excerpt | None = None,
    lang: str = "en",
) -> MatchVerdict:
    """Referee a read transcript under `rules` (standard by default), its messages in `lang`."""
    return MatchVerdict(verify(match, rules, mode, excerpt, lang))


@dataclass(frozen=True, slots=True)
class Transcript:
    """A match read from a file, with the rules it is refereed and written by, and the clock of a
    JSON record that carries one (docs/clocks.md: replayed beside the moves, as the API does)."""

    match: MatchFile
    rules: Rules
    clock: RecordClock | None = None
    # The record the clock came in, so that `to_record` writes its times back (the seam law).
    clocked_record: Mapping[str, Any] | None = field(default=None, repr=False, compare=False)

    def verify(self, mode: Mode = "legal-moves-only", *, lang: str = "en") -> MatchVerdict:
        """The referee's verdict on the whole transcript (with the `clock` block where the record
        has a clock; ClockRecordError, a ValueError, when its times cannot be; `WorkLimitExceeded`
        past the work limit)."""
        if self.clock is None:
            return verify_match(self.match, self.rules, mode, lang=lang)
        return MatchVerdict(clocked_verify(self.match, self.rules, self.clock, mode=mode, lang=lang))

    def to_mat(self) -> str:
        """The transcript as a .mat file (GNU Backgammon's layout), its rules in the header tags
        (`WorkLimitExceeded` past the work limit: the plays are replayed)."""
        return write_mat(self.match, self.rules)

    def to_sgf(self) -> str:
        """The transcript as SGF (GNU Backgammon's dialect), its rules in the root node
        (`WorkLimitExceeded` past the work limit: the plays are replayed)."""
        return write_sgf(self.match, self.rules)

    def to_record(self) -> dict[str, Any]:
        """The transcript as a JSON game record (what POST /v1/matches/verify takes), with the
        clock's times where it was read from a record with a clock."""
        return with_clock(match_to_record(self.match), self.clocked_record)


def read_match(source: Source, *, preset: str | None = None, **options: Any) -> Transcript:
    """A transcript (.mat or JSON game record) from a path (`pathlib.Path` or any path-like), an
    open file, or its text (`str` or `bytes`; a `str` is always text, never a file name).

    Its rules: the file's header tags (or a JSON record's `rules`), unless `preset` or other rule
    options are given (RulesError when they cannot be). A file that cannot be read raises a
    ValueError (MatFormatError, RecordError) saying where and why."""
    if isinstance(source, os.PathLike):
        data: str | bytes = Path(source).read_bytes()
    elif isinstance(source, str | bytes):
        data = source
    else:
        data = source.read()
    match, clock, record = _read_match_and_clock(data)
    requested = {**({"preset": preset} if preset else {}), **options}
    rules, problems = resolve_rules(match, requested)
    if problems:
        raise RulesError(problems)
    return Transcript(match, rules, clock, record if clock else None)


def _read_match_and_clock(data: str | bytes) -> tuple[MatchFile, RecordClock | None, Any]:
    """The match in a file and, for a JSON record with a clock, the clock and the record (its clock
    fields taken out before the record is read, as POST /v1/matches/verify does)."""
    text = decode(data)
    if is_sgf(text) or not is_json_record(text):
        return read_match_file(text), None, None
    record = parse_record(text)
    rest, clock = split_clock(record)
    return record_to_match(rest), clock, record
