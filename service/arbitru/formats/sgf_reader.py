"""Read the backgammon SGF that GNU Backgammon saves (`FF[4]GM[6]`, one game tree per game) into the
same `MatchFile` a .mat transcript reads into, so /v1/matches/verify and /v1/matches/convert take
gnubg's native files and Arbitru's own SGF exports read back as the match they were written from.

What is read (gnubg's `save match`, see arbitru.referee.sgf_writer for the letters of a move):
- the root of each game: `MI[length:L][game:i][ws:S][bs:S]` (game i + 1, the score before it),
  `PW` (players[0], gnubg's player 0) and `PB`, `RU` (`Crawford`, `Jacoby`), `DT`, the result
  `RE[W+2]` (`R` appended for a resignation);
- move nodes `;W[63abcd]` (a dance is the dice alone), cube actions `;W[double]`, `;B[take]`,
  `;B[drop]`, `;B[beaver]`, `;W[raccoon]`, dice rolled and not played `;PL[B]DI[51]`, a setup
  position `AE[a:y]AW[..]AB[..]` before the game's first move (then the game starts from it).
- Arbitru's own properties, which other readers ignore: `XR` the rules (as the .mat `Rules` tag),
  `XP` a play as written where it is not legal, `XS[B]`/`XS[B:gammon]` who resigned and at what
  level, `XC` the cube value a double writes, `XM` a result that says "and the match", `XW` how
  many of the game's actions precede its result.
Anything else (analysis, comments, gnubg's `GS` statistics) is skipped. Text that is not such an
SGF is an `SgfFormatError` naming the line. No web framework is imported here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from arbitru.engine.board import BAR, OFF, Board
from arbitru.formats.limits import (
    MAX_GAME_NUMBER,
    MAX_GAMES,
    MAX_LINE_CHARS,
    MAX_MATCH_LENGTH,
    MAX_NAME_CHARS,
    MAX_PLAY_CHARS,
    MAX_SCORE,
)
from arbitru.formats.mat import (
    RESIGN,
    ROLL,
    Action,
    ActionKind,
    Game,
    MatchFile,
    Result,
    _play_kind,
    ascii_number,
    decode,
    move_numbers,
)
from arbitru.messages import message

SIDES = ("W", "B")
CUBE_WORDS: dict[str, ActionKind] = {
    "double": "double",
    "take": "take",
    "drop": "drop",
    "beaver": "beaver",
    "raccoon": "raccoon",
}
LEVEL_WORDS = ("single", "gammon", "backgammon")
_IDENT = re.compile(r"[A-Za-z]{1,16}")
_RESULT = re.compile(r"([WB])\+([0-9]{0,6})(R?)")
_DICE = re.compile(r"[1-6][1-6]")
# The numbers `MI` states and the largest each may be (gnubg numbers games from 0).
MI_LIMITS: dict[str, int] = {
    "length": MAX_MATCH_LENGTH,
    "game": MAX_GAME_NUMBER - 1,
    "ws": MAX_SCORE,
    "bs": MAX_SCORE,
}
# The longest value of each property the reader reads, checked as the value is read, before any of
# its items: the names as a JSON record's players, a play as written as a record's `play`, anything
# else read (a move's letters, the result, the rules, the date) as a line of a .mat transcript.
# Properties the reader skips (comments, analysis) are not bounded but by the file.
READ_PROPERTIES = ("GM", "MI", "RU", "DT", "RE", "W", "B", "PL", "DI", "AE", "AW", "AB")
ARBITRU_PROPERTIES = ("XR", "XS", "XC", "XM", "XW")
VALUE_LIMITS: dict[str, int] = {
    **dict.fromkeys(READ_PROPERTIES + ARBITRU_PROPERTIES, MAX_LINE_CHARS),
    "PW": MAX_NAME_CHARS,
    "PB": MAX_NAME_CHARS,
    "XP": MAX_PLAY_CHARS,
}
# A value: `[`, then any character but `]` and `\`, or `\` and the character it escapes, then `]`
# (one pass of the regex engine, linear in the value).
_VALUE = re.compile(r"\[([^\]\\]*(?:\\.[^\]\\]*)*)\]", re.DOTALL)
_ESCAPE = re.compile(r"\\(.)", re.DOTALL)
_NOT_BLANK = re.compile(r"\S")


class SgfFormatError(ValueError):
    """The text is not a backgammon SGF; `line` is the 1-based line where reading failed."""

    def __init__(self, line: int, text: str) -> None:
        super().__init__(message("problem.line", line=line, error=text))
        self.line = line
        self.message = text


@dataclass(slots=True)
class Node:
    """One node: its properties (each a list of values, unescaped) and the line it starts on."""

    line: int
    props: dict[str, list[str]] = field(default_factory=dict)

    def first(self, name: str) -> str | None:
        values = self.props.get(name)
        return values[0] if values else None


def is_sgf(text: str) -> bool:
    """Whether a transcript file's text is an SGF collection (it opens a game tree)."""
    return text.lstrip().startswith("(")


def read_sgf(data: str | bytes) -> MatchFile:
    """Read gnubg's backgammon SGF into a `MatchFile`; `SgfFormatError` when it is not one."""
    trees = _Parser(decode(data)).collection()
    if not trees:
        raise SgfFormatError(1, message("sgf.no_game"))
    if len(trees) > MAX_GAMES:
        raise SgfFormatError(trees[MAX_GAMES][0].line, message("game_record.games_limit", limit=MAX_GAMES))
    players: tuple[str, str] | None = None
    length = 0
    headers: dict[str, str] = {}
    games: list[Game] = []
    for index, nodes in enumerate(trees):
        root = nodes[0]
        if root.first("GM") not in (None, "6"):
            raise SgfFormatError(root.line, message("sgf.not_backgammon", game=root.first("GM")))
        names = (root.first("PW") or "", root.first("PB") or "")
        if players is None:
            players, length, headers = names, _info(root).get("length", 0), _headers(root)
        elif names != players:
            raise SgfFormatError(root.line, message("sgf.players_differ", game=index + 1))
        games.append(_game(index, nodes))
    assert players is not None
    if not all(name.strip() for name in players):
        raise SgfFormatError(trees[0][0].line, message("sgf.players"))
    return MatchFile(players, length, games, headers)


def _info(root: Node) -> dict[str, int]:
    """The numbers `MI` states (length, game, ws, bs). One that is not a number from 0 to its
    limit (`MI_LIMITS`) is refused, naming it: a match length out of range is not read as money."""
    found: dict[str, int] = {}
    for value in root.props.get("MI", []):
        key, colon, text = value.strip().partition(":")
        limit = MI_LIMITS.get(key.strip())
        if not colon or limit is None:
            continue
        number = ascii_number(text, limit)
        if number is None:
            shown = repr(f"{key}:{text}"[:40])
            raise SgfFormatError(root.line, message("sgf.match_info", found=shown, number=key, limit=limit))
        found[key.strip()] = number
    return found


def _headers(root: Node) -> dict[str, str]:
    """The rules and date a game's root states, as the .mat header tags `stated_rules` reads."""
    rules = " ".join(root.props.get("RU", []))
    length = _info(root).get("length", 0)
    headers = {"crawford": "On" if "Crawford" in rules else "Off"} if length else {}
    if not length:
        headers["jacoby"] = "On" if "Jacoby" in rules else "Off"
    if root.first("XR"):
        headers["rules"] = root.first("XR") or ""
    date = root.first("DT") or ""
    if date:
        headers["eventdate"] = date.replace("-", ".")
    return headers


def _game(index: int, nodes: list[Node]) -> Game:
    root = nodes[0]
    info = _info(root)
    number = info.get("game", index) + 1
    game = Game(number, (info.get("ws", 0), info.get("bs", 0)), line=root.line, score_line=root.line)
    for node in nodes:
        if any(name in node.props for name in ("AE", "AW", "AB")):
            if any(action.kind != ROLL or action.play_text for action in game.actions):
                raise SgfFormatError(node.line, message("sgf.setup_mid_game"))
            game.actions.clear()  # gnubg's opening roll before a set-up position is not played
            # off is left out: what is not on the board is off, of the variant's checkers
            game.start_position = {color: _on_board(side) for color, side in _setup(node).to_dict().items()}
        action = _action(node, len(game.actions) + 1)
        if action is not None:
            game.actions.append(action)
    # numbered as a .mat numbers its lines, not by their index: an action is the same move in an SGF,
    # its .mat and its record (`move_numbers`)
    numbers = move_numbers(action.player for action in game.actions)
    game.actions[:] = [
        action._replace(move_number=n) for action, n in zip(game.actions, numbers, strict=True)
    ]
    result = root.first("RE")
    if result is not None:
        found = _RESULT.fullmatch(result.strip())
        if found is None:
            raise SgfFormatError(root.line, message("sgf.result", found=repr(result[:40])))
        points = int(found.group(2)) if found.group(2) else None
        stated = ascii_number(root.first("XW") or "", MAX_SCORE)
        after = len(game.actions) if stated is None else min(stated, len(game.actions))
        game.result = Result(
            SIDES.index(found.group(1)), points, root.first("XM") is not None, root.line, None, after, result
        )
    return game


def _action(node: Node, index: int) -> Action | None:
    """The action of a node (None for a node with none: the root, a setup, a comment)."""
    for player, side in enumerate(SIDES):
        value = node.first(side)
        if value is not None:
            return _move(node, player, value.strip(), index)
    if node.first("PL") is not None and node.first("DI") is not None:
        side, dice = (node.first("PL") or "").strip(), (node.first("DI") or "").strip()
        if side not in SIDES or not _DICE.fullmatch(dice):
            raise SgfFormatError(node.line, message("sgf.roll", found=repr(f"PL[{side}]DI[{dice}]"[:40])))
        return _roll(node, SIDES.index(side), dice, "", index)
    resign = node.first("XS")
    if resign is not None:
        side, _, level = resign.strip().partition(":")
        if side not in SIDES or level not in ("", *LEVEL_WORDS):
            raise SgfFormatError(node.line, message("sgf.resign", found=repr(resign[:40])))
        raw = "Resigns" + (f" {level}" if level else "")
        return Action(RESIGN, SIDES.index(side), None, None, None, None, _level(level), node.line, index, raw)
    return None


def _on_board(side: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in side.items() if key != "off"}


def _level(word: str) -> int | None:
    return LEVEL_WORDS.index(word) + 1 if word else None


def _move(node: Node, player: int, value: str, index: int) -> Action:
    word = value.lower()
    if word in CUBE_WORDS:
        kind = CUBE_WORDS[word]
        cube = ascii_number(node.first("XC") or "", 9999) if node.first("XC") else None
        raw = kind.capitalize() + (f" => {cube}" if cube else "")
        return Action(
            kind, player, None, None, None, cube if kind != "take" else None, None, node.line, index, raw
        )
    if not _DICE.fullmatch(value[:2]) or len(value) % 2:
        raise SgfFormatError(node.line, message("sgf.move", found=repr(value[:40])))
    hops = []
    for start in range(2, len(value), 2):
        source, dest = _point(value[start], player), _point(value[start + 1], player)
        if source is None or dest is None:
            raise SgfFormatError(node.line, message("sgf.move", found=repr(value[:40])))
        hops.append(f"{_name(source)}/{_name(dest)}")
    return _roll(node, player, value[:2], " ".join(hops), index)


def _roll(node: Node, player: int, dice: str, play: str, index: int) -> Action:
    written = node.first("XP")
    text = (written if written is not None else play).strip()
    raw = f"{dice}: {text}".rstrip()
    return Action(
        ROLL,
        player,
        (int(dice[0]), int(dice[1])),
        text,
        _play_kind(text),
        line=node.line,
        move_number=index,
        raw=raw,
    )


def _point(letter: str, player: int) -> int | None:
    """A move letter as a point in the mover's numbering: `a`-`x` (from the mover's side for W,
    backwards for B), `y` the bar, `z` off."""
    if letter == "y":
        return BAR
    if letter == "z":
        return OFF
    if not "a" <= letter <= "x":
        return None
    offset = ord(letter) - ord("a")
    return offset + 1 if player == 0 else 24 - offset


def _name(point: int) -> str:
    return "bar" if point == BAR else "off" if point == OFF else str(point)


def _setup(node: Node) -> Board:
    """The board of a setup node: `AE[a:y]` clears, `AW`/`AB` add one checker per value (W's
    letters from W's side, B's backwards; `y` the bar); what is not on the board is off."""
    white, black = [0] * 26, [0] * 26
    for side, counts in (("AW", white), ("AB", black)):
        player = 0 if side == "AW" else 1
        for value in node.props.get(side, [])[: 15 * 4]:
            point = _point(value.strip()[:1], player)
            if point is None or point == OFF or len(value.strip()) != 1:
                raise SgfFormatError(node.line, message("sgf.setup", found=repr(value[:40])))
            counts[point] += 1
    for counts in (white, black):
        counts[OFF] = max(15 - sum(counts), 0)
    return Board(tuple(white), tuple(black))


class _Parser:
    """SGF's grammar (Collection = GameTree+; GameTree = "(" Node+ GameTree* ")"; Node = ";"
    Property*; Property = Ident Value+; Value = "[" text with `\\]` and `\\\\` escapes "]"), one
    character at a time. Variations are not part of a match: a nested tree is refused."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.at = 0
        self.line = 1

    def collection(self) -> list[list[Node]]:
        trees = []
        while self._skip() and self.text[self.at] == "(":
            trees.append(self._tree())
        if self._skip():
            raise SgfFormatError(
                self.line, message("sgf.expected", expected="(", found=repr(self.text[self.at]))
            )
        return trees

    def _skip(self) -> bool:
        """Skip blanks; whether any text is left."""
        found = _NOT_BLANK.search(self.text, self.at)
        end = found.start() if found else len(self.text)
        self.line += self.text.count("\n", self.at, end)
        self.at = end
        return self.at < len(self.text)

    def _tree(self) -> list[Node]:
        self.at += 1  # "("
        nodes = []
        while self._skip() and self.text[self.at] == ";":
            nodes.append(self._node())
        if not nodes or not self._skip() or self.text[self.at] != ")":
            found = repr(self.text[self.at]) if self.at < len(self.text) else message("sgf.end")
            expected = ";" if not nodes else ")"
            raise SgfFormatError(self.line, message("sgf.expected", expected=expected, found=found))
        self.at += 1
        return nodes

    def _node(self) -> Node:
        self.at += 1  # ";"
        node = Node(self.line)
        while self._skip():
            ident = _IDENT.match(self.text, self.at)
            if ident is None:
                break
            self.at = ident.end()
            name = ident.group().upper()
            values = node.props.setdefault(name, [])
            limit = VALUE_LIMITS.get(name)
            while self._skip() and self.text[self.at] == "[":
                values.append(self._value(name, limit))
            if not values:
                raise SgfFormatError(
                    self.line,
                    message("sgf.expected", expected="[", found=repr(self.text[self.at : self.at + 1])),
                )
        return node

    def _value(self, name: str, limit: int | None) -> str:
        """The value at `[`, unescaped (an escaped line break is a soft one: left out). A value of a
        property the reader reads is refused when longer than its limit, before it is unescaped."""
        found = _VALUE.match(self.text, self.at)
        if found is None:  # no closing `]`: the error names the last line
            self.line += self.text.count("\n", self.at)
            raise SgfFormatError(self.line, message("sgf.expected", expected="]", found=message("sgf.end")))
        raw = found.group(1)
        if limit is not None and len(raw) > limit and len(_unescape(raw)) > limit:
            raise SgfFormatError(
                self.line,
                message("sgf.value_too_long", property=name, count=len(_unescape(raw)), limit=limit),
            )
        self.line += raw.count("\n")
        self.at = found.end()
        return _unescape(raw) if "\\" in raw else raw


def _unescape(raw: str) -> str:
    """A value's text: `\\x` is `x`, and an escaped line break (a soft one) is left out."""
    return _ESCAPE.sub(lambda escaped: "" if escaped.group(1) == "\n" else escaped.group(1), raw)
