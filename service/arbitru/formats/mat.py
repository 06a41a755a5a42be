"""A tolerant reader for Jellyfish `.mat` match transcripts, as real exporters write them.

GNU Backgammon, eXtreme Gammon, Backgammon Galaxy, OpenGammon, Foxamon, HedgeHog, Backgammon
Studio, choue.net and others all write "the" .mat format a little differently: header comments,
` N point match`, ` Game k` (with or without its leading space), `name : n` or `name: n` score
lines, numbered two-column turn lines whose columns shift after move 9, dice high-low or not,
`25`/`0` or `bar`/`off` in any case, chained hops, `(2)` counts, a dance written as nothing,
`46: ` or `Cannot Move`, `Doubles => 2` / `Doubles ==> 2`, `Takes`, `Drops`, `Beavers => 4`,
`Wins N point(s) [and the match]`, resignations in several forms or none, CRLF or LF, UTF-8.

This module only reads: it turns the text into a typed `MatchFile` record (no rules are applied;
that is the referee's job) and raises `MatFormatError(line, message)` for text that is not a
match transcript at all. No web framework is imported here.
"""

from __future__ import annotations

import codecs
import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Final, Literal, NamedTuple

from arbitru.engine.outcome import RESULT_MULTIPLIERS, RESULTS
from arbitru.engine.rules import OPTIONS, PRESETS, STANDARD, Rules
from arbitru.engine.variants import VARIANTS
from arbitru.formats.limits import MAX_CUBE_LIMIT, MAX_LINE_CHARS, MAX_LINES, MAX_MATCH_LENGTH, MAX_NAME_CHARS
from arbitru.messages import message

# What a cell of a turn line says.
ActionKind = Literal["roll", "double", "take", "drop", "beaver", "raccoon", "resign"]
ROLL: Final = "roll"  # dice and the play written for them
DOUBLE: Final = "double"
TAKE: Final = "take"
DROP: Final = "drop"
BEAVER: Final = "beaver"
RACCOON: Final = "raccoon"
RESIGN: Final = "resign"  # an explicit resignation marker (`Resigns`, `Resigned Game`, ...)

# How the play of a ROLL is written.
PlayKind = Literal["play", "empty", "cannot_move", "hidden", "illegal_marker"]
PLAY: Final = "play"  # checker moves in notation
EMPTY: Final = "empty"  # dice with nothing after them (a dance, or rolled then resigned)
CANNOT_MOVE: Final = "cannot_move"  # `Cannot Move`
HIDDEN: Final = "hidden"  # `????` / `???`: the exporter hid the play (resigned after rolling)
ILLEGAL_MARKER: Final = "illegal_marker"  # Snowie-style `Illegal play (...)` written instead of a play


class MatFormatError(ValueError):
    """The text is not a readable match transcript; `line` is the 1-based line where reading failed."""

    def __init__(self, line: int, text: str) -> None:
        super().__init__(message("problem.line", line=line, error=text))
        self.line = line
        self.message = text


class Action(NamedTuple):
    """One cell of a turn line: a roll with its play, or a cube action, or a resignation.

    A named tuple rather than a frozen dataclass (immutable alike): a transcript is read into a few
    hundred of them, and a frozen dataclass sets each of its ten fields through
    `object.__setattr__`."""

    kind: ActionKind
    player: int  # 0 = left column (players[0]), 1 = right column
    dice: tuple[int, int] | None = None  # as written (not sorted)
    play_text: str | None = None  # the play as written, for a ROLL ("" when nothing is written)
    play_kind: PlayKind | None = None  # PLAY, EMPTY, CANNOT_MOVE, HIDDEN or ILLEGAL_MARKER (ROLL only)
    cube_value: int | None = None  # the value written after `=>` (DOUBLE, BEAVER, RACCOON)
    resign_level: int | None = None  # 1/2/3 when a resignation marker names it
    line: int | None = None  # 1-based line in the file
    move_number: int | None = None  # the number before `)` on the line (`move_numbers`)
    raw: str = ""  # the cell as written

    def to_dict(self) -> dict[str, Any]:
        """A plain-JSON view (for debugging and the convert route)."""
        return {
            "kind": self.kind,
            "player": self.player,
            "dice": list(self.dice) if self.dice else None,
            "play": self.play_text,
            "play_kind": self.play_kind,
            "cube": self.cube_value,
            "resign_level": self.resign_level,
            "line": self.line,
            "move": self.move_number,
            "raw": self.raw,
        }


# An `Action` made from its ten fields by `tuple.__new__`, without the Python-level `__new__`
# the named tuple defines (its call frame); the test holds every action read to `Action(*fields)`.
_new_action = tuple.__new__


@dataclass(frozen=True, slots=True)
class Result:
    """A `Wins N point(s) [and the match]` line: who the file says won the game, and how much."""

    winner: int
    points: int | None
    and_the_match: bool
    line: int | None = None
    move_number: int | None = None
    after_action: int = 0  # how many actions of the game precede it
    raw: str = ""


@dataclass(slots=True)
class Game:
    """One game: the score before it, its actions in file order, and the declared result."""

    number: int
    start_score: tuple[int, int]
    actions: list[Action] = field(default_factory=list)
    result: Result | None = None
    line: int | None = None  # the ` Game k` line
    score_line: int | None = None
    set_position: str | None = None  # XG `; Set Pos=...` string, when the game does not start fresh
    set_position_line: int | None = None
    start_position: dict[str, Any] | None = None  # a contract board ("white" = players[0]), JSON input only
    variant: str | None = None  # the variant a JSON record states for the game (JSON input only)


@dataclass(slots=True)
class MatchFile:
    """A whole transcript: the two players (left column first), the length (0 = money), games."""

    players: tuple[str, str]
    length: int
    games: list[Game]
    headers: dict[str, str] = field(default_factory=dict)
    comments: list[str] = field(default_factory=list)
    length_line: int | None = None
    rules: dict[str, Any] | None = None  # rule options stated by a JSON game record

    def header_flag(self, name: str) -> bool | None:
        """A `; [Name "On"/"Off"]` header as a boolean (None when absent or unreadable)."""
        value = self.headers.get(name.lower())
        if value is None:
            return None
        lowered = value.strip().lower()
        if lowered in ("on", "yes", "true", "1"):
            return True
        if lowered in ("off", "no", "false", "0"):
            return False
        return None

    def header_int(self, name: str, maximum: int = MAX_CUBE_LIMIT) -> int | None:
        """A numeric header such as `CubeLimit`, 0..`maximum` (None when absent, not ASCII digits
        or out of range; by default the cube limit, CubeLimit being the numeric header)."""
        return ascii_number(self.headers.get(name.lower(), ""), maximum)


def move_numbers(players: Iterable[int]) -> list[int]:
    """The move number of each action of a game, by who acted (0 = the left column): the number of
    the turn line it stands on in a .mat, where every exporter (GNU Backgammon, eXtreme Gammon,
    OpenGammon, ...) puts it. A line holds a cell of each player, the left player's first; a cube
    action or a resignation takes a cell like a roll; an action by the player whose cell is not next
    starts the next line (a game the right player opens starts `1)` with an empty left cell). The one
    numbering of the formats that write none: a JSON record's turns and an SGF's nodes are numbered
    by it, so an action is the same `move` in a .mat, its record and its SGF (docs/archives.md)."""
    numbers = []
    cell = 0  # the next cell: even = a line's left cell, odd = its right cell
    for player in players:
        cell += (cell ^ player) & 1  # the other player's cell is left empty
        numbers.append(cell // 2 + 1)
        cell += 1
    return numbers


# Headers that hold a number, with its largest value: anything else there refuses the transcript.
NUMERIC_HEADERS: dict[str, int] = {"cubelimit": MAX_CUBE_LIMIT}


def stated_rules(match: MatchFile) -> dict[str, Any]:
    """The rule options a transcript states: a JSON game record's `rules`, or else what the .mat
    header tags say (`Jacoby`, `Crawford`, `Beaver` On/Off, `CubeLimit`, `Variation`). The one
    reading of them, for the referee (/v1/matches/verify) and the record (/v1/matches/convert),
    so a converted record is verified under the rules the transcript was."""
    if match.rules is not None:
        return dict(match.rules)
    options: dict[str, Any] = rules_tag_options(match.headers.get("rules", ""))
    for header, option in (("jacoby", "jacoby"), ("crawford", "crawford"), ("beaver", "beavers")):
        flag = match.header_flag(header)
        if flag is not None:
            options[option] = flag
    limit = match.header_int("cubelimit")
    if limit and limit & (limit - 1) == 0:
        options["max_cube"] = min(limit, MAX_CUBE_LIMIT)
    variation = match.headers.get("variation", "").strip().lower()
    for variant in VARIANTS.values():  # the game gnubg's `Variation` tag names, if any
        if variant.gnubg_variation and variation.startswith(variant.gnubg_variation.lower()):
            options.update(variant.variation_options(variation))
    return options


# Arbitru's own `; [Rules "preset=romanian backgammons=on"]` tag: every rule option a .mat's
# classic tags cannot say, so that a match exported under other rules reads back under them.
RULES_TAG = "Rules"
_TAG_OPTIONS = frozenset(Rules.option_names()) - {"match_length"}
_LIMIT_DIGITS = 9999


def rules_tag(rules: Rules) -> str | None:
    """The value of the `Rules` tag for `rules`: its preset, then each option that differs from the
    preset's (None for the standard rules)."""
    base = PRESETS.get(rules.preset, STANDARD)
    words = [f"preset={rules.preset}"] if rules.preset != STANDARD.preset else []
    for name in Rules.option_names():
        value = getattr(rules, name)
        if name in _TAG_OPTIONS and name != "preset" and value != getattr(base, name):
            words.append(f"{name}={'on' if value is True else 'off' if value is False else value}")
    return " ".join(words) or None


def rules_tag_options(text: str) -> dict[str, Any]:
    """The rule options of a `Rules` tag's value (words that are not `option=value` of a known
    option are skipped; the rules' own checks judge the values)."""
    options: dict[str, Any] = {}
    for word in text.split()[: len(_TAG_OPTIONS)]:
        name, _, value = word.partition("=")
        if name not in _TAG_OPTIONS:
            continue
        kind = OPTIONS[name].kind if name in OPTIONS else str
        if kind is bool and value in ("on", "off"):
            options[name] = value == "on"
        elif kind is int and ascii_number(value, _LIMIT_DIGITS) is not None:
            options[name] = ascii_number(value, _LIMIT_DIGITS)
        elif kind is str:
            options[name] = value
    return options


# -- regular expressions ------------------------------------------------------------------------
# Every pattern runs in time linear in its line: digits are ASCII `[0-9]` (never `\d`, which reads
# `８` or `١` as digits), no two neighbouring quantifiers can take the same character (`\s*-?\s*`
# and `\S.*?\s*:` took quadratic time on a line of blanks: 128 K blanks held a worker 30 s), and
# lines are matched stripped. The header and score lines are split on their separators instead.
_SET_POS = re.compile(r";\s*Set\s+Pos\s*=\s*(\S+)", re.IGNORECASE)
_LENGTH = re.compile(r"([0-9]{1,4})\s*(?:-\s*)?points?\s+match(?:\s*\.)?", re.IGNORECASE)
_GAME = re.compile(r"Game\s+([0-9]{1,4})(?:\s*:)?", re.IGNORECASE)
_SCORE_NUMBER = re.compile(r":\s*([0-9]{1,4})(?![0-9])")
_NUMBERED = re.compile(r"\s*([0-9]{1,4})\)")
_ILLEGAL = re.compile(r"Illegal\s+play\s*\([^)]*\)?", re.IGNORECASE)
# A cell starts after a blank with dice or a cube/result word. The lookahead of the first
# character lets the scan pass every other position at once (the scan was a third of reading a
# .mat); a property holds it to the pattern without it (tests/formats/test_mat_reader_speed.py).
_START = re.compile(
    r"(?<!\S)(?=[1-6a-z])(?:(?P<dice>[1-6][1-6]):"
    r"|(?P<word>doubles?|redoubles?|beavers?|raccoons?|takes?|accepts?|drops?|passes|pass|rejects?"
    r"|refuses?|wins?|resigns?|resigned|resignation))(?![A-Za-z])",
    re.IGNORECASE,
)
_CUBE_VALUE = re.compile(r"(?<!=)=+>\s*([0-9]{1,5})")
_WINS = re.compile(
    r"wins?\s+(?P<points>[0-9]{1,6})?\s*(?:points?)?\s*(?P<match>and\s+the\s+match)?", re.IGNORECASE
)
_COUNT_SUFFIX = re.compile(r"\([0-9]\)")
_DICE_CELL = re.compile(r"([1-6])([1-6]):\s*(.*)", re.DOTALL)
# a play's kind, compiled once (not re's cache looked up for every play)
_CANNOT_MOVE = re.compile(r"cannot\s+move\.?|no\s+move\.?|can't\s+move\.?")
_HIDDEN = re.compile(r"\?+")


def ascii_number(text: str, maximum: int) -> int | None:
    """`text` as a number from 0 to `maximum` when it is ASCII digits only (at most as many as
    `maximum` has), else None: `²`, `٣` or twenty digits are not numbers, and are never converted."""
    text = text.strip()
    if not text or len(text) > len(str(maximum)) or not (text.isascii() and text.isdigit()):
        return None
    value = int(text)
    return value if value <= maximum else None


def _header(stripped: str) -> tuple[str, str] | None:
    """A `; [Name "value"]` header line as (name, value), split on its brackets and first quote."""
    rest = stripped[1:].strip()
    if len(rest) < 2 or rest[0] != "[" or rest[-1] != "]":
        return None
    name, quote, value = rest[1:-1].strip().partition('"')
    if not quote or not value.endswith('"') or "]" in name or not name[-1:].isspace() or not name.strip():
        return None
    return name.strip(), value[:-1]


def _score_line(text: str) -> tuple[str, int, str, int, int] | None:
    """`name : n   name : n` as (name 1, score 1, name 2, score 2, column of name 2), or None.

    The first `: n` followed by a blank and a name ends the first player; the second is the last
    `: n` of the line, which must end it (names may themselves hold colons)."""
    line = text.rstrip()
    numbers = list(_SCORE_NUMBER.finditer(line))
    if len(numbers) < 2 or numbers[-1].end() != len(line):
        return None
    last = numbers[-1]
    name2_end = len(line[: last.start()].rstrip())
    for first in numbers[:-1]:
        name1 = line[: first.start()].strip()
        after = first.end()
        if not name1 or after >= len(line) or not line[after].isspace() or name2_end <= after:
            continue
        name2_start = len(line) - len(line[after:].lstrip())
        name2 = line[name2_start:name2_end]
        return name1, int(first.group(1)), name2, int(last.group(1)), name2_start
    return None


# The byte-order marks a transcript's bytes are read by (Windows Notepad saves "Unicode" as UTF-16
# LE with its mark); without one, UTF-8, else Latin-1.
_BYTE_ORDER_MARKS = ((codecs.BOM_UTF16_LE, "UTF-16-LE"), (codecs.BOM_UTF16_BE, "UTF-16-BE"))


def decode(data: str | bytes) -> str:
    """Text of a transcript, the one place every face (the CLI, an uploaded file, a `bytes` given
    to the library) decodes it: by its byte-order mark (UTF-8, UTF-16 LE or BE; a UTF-16 text not
    valid is a MatFormatError naming the byte), else UTF-8, falling back to Latin-1 for old files."""
    if isinstance(data, bytes):
        marked = next((name for mark, name in _BYTE_ORDER_MARKS if data.startswith(mark)), None)
        if marked is not None:
            return _checked_text(_utf16(data, marked))
        if b"\x00" in data:
            raise MatFormatError(
                data[: data.index(b"\x00")].count(b"\n") + 1,
                message("mat.binary"),
            )
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = data.decode("latin-1")
    else:
        text = data[1:] if data.startswith("\ufeff") else data
    return _checked_text(text)


def _checked_text(text: str) -> str:
    if "\x00" in text:
        raise MatFormatError(text[: text.index("\x00")].count("\n") + 1, message("mat.binary"))
    return text


def _utf16(data: bytes, encoding: str) -> str:
    """The text after a UTF-16 byte-order mark (MatFormatError at the first byte that is not UTF-16:
    an odd byte at the end, a lone surrogate)."""
    try:
        return data[2:].decode(encoding)
    except UnicodeDecodeError as exc:
        line = data[2 : 2 + exc.start].decode(encoding, "replace").count("\n") + 1
        raise MatFormatError(
            line, message("mat.bad_encoding", encoding=encoding, offset=exc.start + 2)
        ) from None


_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def split_lines(text: str) -> list[str]:
    """Lines of the text for CRLF, LF or CR endings (no other separators split a line).

    A text without a CR is split on LF by `str.split`, as the pattern splits it, without the
    pattern's scan; the test holds the two to each other."""
    return _LINE_BREAK.split(text) if "\r" in text else text.split("\n")


def read_mat(data: str | bytes) -> MatchFile:
    """Read a Jellyfish .mat transcript into a `MatchFile`; `MatFormatError` when it is not one."""
    lines = split_lines(decode(data))
    if len(lines) > 1 and lines[-1] == "":
        lines.pop()  # the final newline ends the last line; it does not start another
    if len(lines) > MAX_LINES:
        raise MatFormatError(MAX_LINES + 1, message("mat.too_many_lines", limit=MAX_LINES))
    if max(map(len, lines)) > MAX_LINE_CHARS:  # the longest line first: one C loop, not one per line
        for number, line in enumerate(lines, 1):
            if len(line) > MAX_LINE_CHARS:
                raise MatFormatError(
                    number, message("mat.line_too_long", count=len(line), limit=MAX_LINE_CHARS)
                )
    return _Reader(lines).read()


class _Reader:
    """Line-by-line state machine: preamble, match length, then games."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.headers: dict[str, str] = {}
        self.comments: list[str] = []
        self.length: int | None = None
        self.length_line: int | None = None
        self.games: list[Game] = []
        self.players: tuple[str, str] | None = None
        self.game: Game | None = None
        self.boundary: int | None = None  # column where the right-hand cells start, this game
        self.awaiting_score = False
        # `_threshold` of the last quick turn line, with the `boundary` and `N)` end it is for
        self.quick_body, self.quick_threshold = -1, 0
        self.quick_boundary: int | None = None

    def read(self) -> MatchFile:
        quick = _QUICK_TURN.fullmatch if QUICK_TURN_LINES else _no_match
        for number, raw in enumerate(self.lines, 1):
            found = quick(raw)
            if found is not None and self.game is not None and not self.awaiting_score:
                self._quick_turn(number, raw, found)
            else:
                self._line(number, raw.rstrip())
        last = len(self.lines)
        if self.length is None:
            raise MatFormatError(self._first_content_line() or 1, message("mat.no_match_line"))
        if self.awaiting_score:
            raise MatFormatError(last, message("mat.ends_before_score"))
        if not self.games or self.players is None:
            raise MatFormatError(last, message("mat.no_game"))
        return MatchFile(self.players, self.length, self.games, self.headers, self.comments, self.length_line)

    def _first_content_line(self) -> int | None:
        for index, raw in enumerate(self.lines):
            if raw.strip() and not raw.lstrip().startswith(";"):
                return index + 1
        return None

    # -- one line ---------------------------------------------------------------------------------
    def _line(self, number: int, text: str) -> None:
        stripped = text.strip()
        if not stripped:
            return
        if stripped.startswith(";"):
            self._comment(number, stripped)
            return
        if self.length is None:
            found = _LENGTH.fullmatch(stripped)
            if not found:
                raise MatFormatError(
                    number,
                    message("mat.match_line_first", found=_quote(stripped)),
                )
            self.length, self.length_line = int(found.group(1)), number
            if self.length > MAX_MATCH_LENGTH:
                too_long = message("mat.match_too_long", length=self.length, limit=MAX_MATCH_LENGTH)
                raise MatFormatError(number, too_long)
            return
        game_header = _GAME.fullmatch(stripped)
        if game_header:
            if self.awaiting_score:
                raise MatFormatError(number, message("mat.game_before_score"))
            self.game = Game(int(game_header.group(1)), (0, 0), line=number)
            self.games.append(self.game)
            self.awaiting_score = True
            self.boundary = None
            return
        if self.game is None:
            if _LENGTH.fullmatch(stripped):
                raise MatFormatError(number, message("mat.second_match_line"))
            raise MatFormatError(number, message("mat.game_one", found=_quote(stripped)))
        if self.awaiting_score:
            self._score(number, text)
            return
        self._turn_line(number, text)

    def _comment(self, number: int, stripped: str) -> None:
        pos = _SET_POS.fullmatch(stripped)
        if pos:
            if self.game is None or self.game.actions:
                raise MatFormatError(number, message("mat.set_pos_first"))
            self.game.set_position, self.game.set_position_line = pos.group(1), number
            return
        header = _header(stripped)
        if header and self.game is None:
            name = header[0].lower()
            limit = NUMERIC_HEADERS.get(name)
            if limit is not None and ascii_number(header[1], limit) is None:
                bad = message("mat.header_number", header=header[0], value=_quote(header[1]), limit=limit)
                raise MatFormatError(number, bad)
            self.headers[name] = header[1]
            return
        self.comments.append(stripped)

    def _score(self, number: int, text: str) -> None:
        found = _score_line(text)
        if not found:
            raise MatFormatError(number, message("mat.score_line", found=_quote(text.strip())))
        assert self.game is not None
        names = (found[0], found[2])
        if any(map(has_control, names)):
            raise MatFormatError(number, message("mat.name_control"))
        if max(map(len, names)) > MAX_NAME_CHARS:  # as a JSON record's players and an SGF's PW, PB
            raise MatFormatError(number, message("mat.name_too_long", limit=MAX_NAME_CHARS))
        if self.players is None:
            self.players = names
        elif names != self.players:
            raise MatFormatError(
                number,
                message(
                    "mat.players_differ",
                    game=self.game.number,
                    first=repr(names[0]),
                    second=repr(names[1]),
                    match_first=repr(self.players[0]),
                    match_second=repr(self.players[1]),
                ),
            )
        self.game.start_score = (found[1], found[3])
        self.game.score_line = number
        self.boundary = found[4]
        self.awaiting_score = False

    # -- turn lines -----------------------------------------------------------------------------------
    def _turn_line(self, number: int, text: str) -> None:
        assert self.game is not None
        numbered = _NUMBERED.match(text)
        move_number = int(numbered.group(1)) if numbered else None
        body_start = numbered.end() if numbered else 0
        cells = _cells(text, body_start)
        if not cells:
            if numbered and not text[body_start:].strip():
                return  # an empty numbered line (`33)`)
            raise MatFormatError(
                number, message("mat.unreadable_turn", found=_quote(text.strip()), game=self.game.number)
            )
        # More than two cells (`Drops  Wins 1 point` on one line): columns come from the positions.
        threshold = _threshold(self.boundary, body_start)
        by_position = len(cells) == 2 and cells[0][0] < threshold <= cells[1][0]
        for position, (column, cell) in enumerate(cells):
            if by_position:
                player = position
            else:
                player = 0 if column < threshold else 1
            self._cell(number, move_number, player, cell)

    def _quick_turn(self, number: int, raw: str, found: re.Match[str]) -> None:
        """The one or two rolls of a turn line of moves in numbers (`_QUICK_TURN`), as `_turn_line`
        reads them: a cell's column gives its player (of two cells, the rule by position gives the
        same players as the one by column), every cell is a roll, and its play, digits first or
        nothing, is a PLAY or EMPTY: one match instead of `_line`, `_turn_line`, `_cells`,
        `_cell_starts`, `_cell`, `dice_cell` and `_play_kind` (the tests prove every line reads
        alike with `QUICK_TURN_LINES` off). The `N)` spans come from `Match.regs` in one look-up,
        the move number from a table (not `int` of a text), and the threshold is kept while the
        boundary and `N)` end stay (`_threshold`'s cache is a call)."""
        assert self.game is not None
        append = self.game.actions.append
        _, (number_start, body_start), (start, first_end), (second, _) = found.regs
        text = raw[number_start:body_start]
        move_number = _MOVE_NUMBERS[text] if text in _MOVE_NUMBERS else int(text)
        body_start += 1  # after the `)`
        if body_start != self.quick_body or self.boundary != self.quick_boundary:
            self.quick_body, self.quick_boundary = body_start, self.boundary
            self.quick_threshold = _threshold(self.boundary, body_start)
        threshold = self.quick_threshold
        second -= 3  # where the second roll's dice are (-4 without one)
        cell = raw[start : second if second >= 0 else first_end].rstrip()
        play = cell[3:].lstrip()
        player = 0 if start < threshold else 1
        kind = PLAY if play else EMPTY
        fields = (ROLL, player, _DICE[cell[:2]], play, kind, None, None, number, move_number, cell)
        append(_new_action(Action, fields))
        if second >= 0:  # written out, not a loop over the cells
            cell = raw[second:].rstrip()
            play = cell[3:].lstrip()
            player = 0 if second < threshold else 1
            kind = PLAY if play else EMPTY
            fields = (ROLL, player, _DICE[cell[:2]], play, kind, None, None, number, move_number, cell)
            append(_new_action(Action, fields))

    def _cell(self, number: int, move_number: int | None, player: int, cell: str) -> None:
        assert self.game is not None
        game = self.game
        roll = dice_cell(cell)
        if roll is not None:
            dice, play = roll
            fields = (ROLL, player, dice, play, _play_kind(play), None, None, number, move_number, cell)
            game.actions.append(_new_action(Action, fields))
            return
        word = cell.split()[0].lower()
        if word.startswith("win"):
            found = _WINS.match(cell)
            points = int(found.group("points")) if found and found.group("points") else None
            if game.result is not None:
                raise MatFormatError(number, message("mat.two_results", game=game.number))
            game.result = Result(
                player,
                points,
                bool(found and found.group("match")),
                number,
                move_number,
                len(game.actions),
                cell,
            )
            return
        kind, cube, level = _cube_or_resign(word, cell)
        game.actions.append(
            _new_action(Action, (kind, player, None, None, None, cube, level, number, move_number, cell))
        )


@functools.lru_cache(maxsize=64)
def _threshold(boundary: int | None, body_start: int) -> int:
    """Cells starting at or after this column belong to the right-hand player (the column the score
    line starts the right-hand name at is `boundary`). Cached: a game's lines share one or two."""
    column = boundary if boundary is not None else 32
    left = max(body_start, 4)
    return max((column + left) // 2, left + 1)


def dice_cell(cell: str) -> tuple[tuple[int, int], str] | None:
    """The dice and the play (stripped) of a cell that is a roll (`_DICE_CELL`), None for any other
    cell: told by its first three characters, not by the pattern and its groups (a few hundred
    cells a transcript; `tests/formats/test_mat_reader_speed.py` holds it to the pattern)."""
    if cell[2:3] == ":" and "1" <= cell[0] <= "6" and "1" <= cell[1] <= "6":
        return (int(cell[0]), int(cell[1])), cell[3:].strip()
    return None


def _masked(found: re.Match[str]) -> str:
    return "X" * len(found.group())


def _unmasked(text: str) -> str:
    """`text` with each `Illegal play (...)` marker masked, so that no cell starts inside one.

    A line without an `l` or `L`, or without a `g` or `G`, is passed as it stands: the marker's
    `ll` and `g` can match no other character (every code point was tried against the pattern's
    `l` and `g`: only those two each), and the case-insensitive scan of every line is spared (the
    tests prove both). The `g` passes the cube lines (`Doubles`)."""
    if ("g" in text or "G" in text) and ("l" in text or "L" in text):
        return _ILLEGAL.sub(_masked, text)
    return text


# What a play in numbers is written with (points, slashes, hit marks, counts, blanks): the one
# statement the quick turn pattern and the JSON record's plain plays (`game_record`) are built from.
PLAY_CHARACTERS = "0123456789/*() "
_PLAY_CLASS = f"[{re.escape(PLAY_CHARACTERS)}]"
# What a line of moves in numbers is written with (a play's characters and the dice's colon): no
# letter, so no cube or result word of `_START` and no `_ILLEGAL` marker can be in it, and a cell
# starts only at its dice.
_NOTATION = PLAY_CHARACTERS + ":"
# Told by a search for any other character (cheaper than `str.strip(_NOTATION)`).
_OFF_NOTATION = re.compile(f"[^{re.escape(_NOTATION)}]")


# A turn line of one or two rolls with moves in numbers (nearly every line gnubg writes), read
# whole by `_Reader._quick_turn`: blanks, `N)`, blanks, a roll's dice and `:`, its play in
# `PLAY_CHARACTERS` (no colon), then at most one more `:` with the other roll's dice and a blank
# before it (so every colon is a roll's, and every roll starts after a blank), and trailing blanks
# (`\s` is what `str.rstrip` strips, so the line is matched as it stands). Only runs of single
# characters, possessive, so the scan never goes back (time linear in the line) and stays in
# re's quick loop (not the play written as blank-separated groups).
_QUICK_TURN = re.compile(
    rf" *+([0-9]{{1,4}})\) ++([1-6][1-6]:{_PLAY_CLASS}*+)(?:(?<= [1-6][1-6]):({_PLAY_CLASS}*+))?\s*+"
)
QUICK_TURN_LINES = True  # False reads every line by `_Reader._line` (the tests compare the two)
_DICE = {f"{high}{low}": (high, low) for high in range(1, 7) for low in range(1, 7)}
_MOVE_NUMBERS = {str(number): number for number in range(1, 1000)}  # `int` of each, looked up


def _no_match(text: str) -> None:
    return None


def _cell_starts(text: str, start: int) -> list[int]:
    """The columns where cells start in `text` from `start` on: where `_START` matches outside the
    `Illegal play (...)` markers, found without the pattern in a line of moves in numbers (nearly
    every line gnubg writes), sparing the case-insensitive scan of every position; the test holds
    this to the pattern."""
    if _OFF_NOTATION.search(text):
        return [m.start() for m in _START.finditer(_unmasked(text), start)]
    starts = []
    colon = text.find(":", start + 2)
    while colon >= 0:
        begin = colon - 2
        after_blank = not begin or text[begin - 1] == " "
        if after_blank and "1" <= text[begin] <= "6" and "1" <= text[colon - 1] <= "6":
            starts.append(begin)
        colon = text.find(":", colon + 1)
    return starts


def _cells(text: str, start: int) -> list[tuple[int, str]]:
    """Split a turn line (after its `N)`) into (column, cell text) at each cell start."""
    starts = _cell_starts(text, start)
    if not starts:
        return []
    if text[start : starts[0]].strip():
        return []  # text that is neither dice nor a cube/result word: not a turn line
    ends = starts[1:]
    ends.append(len(text))
    return [(begin, text[begin:end].strip()) for begin, end in zip(starts, ends, strict=True)]


def _play_kind(play: str) -> PlayKind:
    if not play:
        return EMPTY
    if "0" <= play[0] <= "9":  # notation (`13/8`, `25/22`): none of the other kinds starts with a digit
        return PLAY  # told at once for nearly every roll, not after three patterns
    lowered = play.lower()
    if _CANNOT_MOVE.fullmatch(lowered):
        return CANNOT_MOVE
    if _HIDDEN.fullmatch(play):
        return HIDDEN
    if lowered.startswith("illegal play"):
        return ILLEGAL_MARKER
    return PLAY


def _cube_or_resign(word: str, cell: str) -> tuple[ActionKind, int | None, int | None]:
    value = _CUBE_VALUE.search(cell)
    cube = int(value.group(1)) if value else None
    if word.startswith(("double", "redouble")):
        return DOUBLE, cube, None
    if word.startswith("beaver"):
        return BEAVER, cube, None
    if word.startswith("raccoon"):
        return RACCOON, cube, None
    if word.startswith(("take", "accept")):
        return TAKE, None, None
    if word.startswith(("drop", "pass", "reject", "refuse")):
        return DROP, None, None
    lowered = cell.lower()
    level = next((RESULT_MULTIPLIERS[name] for name in reversed(RESULTS) if name in lowered), None)
    return RESIGN, None, level


def marks_resigner(action: Action) -> bool:
    """Whether a resignation marker's column names the resigner: `Resign`/`Resigns`, as a JSON
    record and the exporters that write the word do (`Resigns` in the resigner's column). Other
    markers say nothing sure: OpenGammon's `Resigned Game` stands in the winner's column."""
    words = action.raw.split()
    return action.kind == RESIGN and bool(words) and words[0].lower() in ("resign", "resigns")


# -- what a line of a transcript can carry (the writers and the record's checks share these) ----------
# Characters no line can hold: the C0 and C1 controls (line breaks, NUL, tab, ...) and the Unicode
# line and paragraph separators. A name, a play or a position holding one is refused at input.
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")
SCORE_PAD = 31  # gnubg's `%-31s` for the first player's `name : score`


def has_control(text: str) -> bool:
    """Whether `text` holds a character no line of a transcript can carry."""
    return _CONTROL.search(text) is not None


def score_line(players: tuple[str, str], score: tuple[int, int]) -> str:
    """A game's score line as gnubg writes it (` name : n` padded to 31, then the other): at least
    one blank between the two, where gnubg's padding leaves none after a long name."""
    left = f"{players[0]} : {score[0]}"
    return f" {left:<{SCORE_PAD}}" + (" " if len(left) >= SCORE_PAD else "") + f"{players[1]} : {score[1]}"


def names_read_back(players: tuple[str, str]) -> bool:
    """Whether the score line written for `players` reads back as those two names (a name with a
    line break, blanks at its ends, a leading `;` or a `: 1 ` of its own would change the file's
    meaning). Read by the reader itself, in a one-game file."""
    if any(has_control(name) or name != name.strip() or not name for name in players):
        return False
    try:
        read = read_mat(f" 1 point match\n\n Game 1\n{score_line(players, (0, 0))}\n")
    except MatFormatError:
        return False
    return read.players == players


def written_play(play: str, kind: PlayKind) -> str:
    """A roll's play as a writer puts it after the dice: moves in standard notation with a trailing
    blank (gnubg's), anything else as it stands."""
    return normalize_play(play) + " " if kind == PLAY else play


def play_reads_back(play: str, blank: str = " ") -> bool:
    """Whether a written play (`written_play`) reads back as itself in either column of a turn
    line, after the dice and `blank`: one cell, the same text, and the other column's cell
    untouched."""
    if has_control(play):
        return False
    cell = f"31:{blank}{play}"
    for line, count in ((f"  1) {cell:<27} 42: 8/4 6/4", 2), (f"  1) {'':<27} {cell}", 1)):
        cells = _cells(line, 5)
        found = _DICE_CELL.fullmatch(cells[0][1]) if cells else None
        if len(cells) != count or found is None or found.group(3).strip() != play.strip():
            return False
        if count == 2 and cells[1][1] != "42: 8/4 6/4":
            return False
    return True


def play_carried(play: str) -> bool:
    """Whether a record's play, written as the writers write it, reads back as itself
    (`play_reads_back` of `written_play`). Text in which nothing starts a cell or masks the next
    one (every play in notation), or a closed `Illegal play (...)` marker, is known to without
    writing it."""
    if has_control(play):
        return False
    if "," not in play and _START.search(play) is None and _ILLEGAL.search(play) is None:
        return True
    text = play.strip()
    if text.endswith(")") and _ILLEGAL.fullmatch(text):
        return True  # a closed `Illegal play (...)` marker: the reader masks it whole
    return play_reads_back(written_play(text, _play_kind(text)))


def set_position_reads_back(position: str) -> bool:
    """Whether `; Set Pos=<position>` reads back as that position (one word, no control)."""
    found = _SET_POS.fullmatch(f"; Set Pos={position}")
    return found is not None and found.group(1) == position and not has_control(position)


def normalize_play(text: str) -> str:
    """Standard notation of a written play: `bar`/`off` lowercase, 25 as a start = bar, 0 = off."""
    out = []
    for token in text.replace(",", " ").split():
        count = ""
        if _COUNT_SUFFIX.fullmatch(token[-3:]):
            token, count = token[:-3], token[-3:]
        parts = token.split("/")
        names = []
        for i, part in enumerate(parts):
            star = "*" if part.endswith("*") else ""
            name = part.rstrip("*").lower()
            if i == 0 and name == "25":
                name = "bar"
            elif i > 0 and name == "0":
                name = "off"
            names.append(name + star)
        out.append("/".join(names) + count)
    return " ".join(out)


def _quote(text: str, limit: int = 60) -> str:
    return repr(text if len(text) <= limit else text[:limit] + "...")
