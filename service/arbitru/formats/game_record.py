"""The JSON game record: a whole match as plain JSON, the alternative to a `.mat` transcript.

Shape (players[0] is the first player, every score pair is in that order):

    {
      "format": "arbitru.match/1",                  # optional on input
      "players": ["Nicu", "Dorin"],
      "match_length": 5,                            # 0 = money session
      "rules": {"jacoby": false},                   # optional: a rules object as in every route
      "games": [
        {
          "game": 1,
          "start_score": [0, 0],
          "start_position": null,                   # optional board; "white" = players[0]
          "variant": "backgammon",                  # optional: the game's variant (a rotation's games)
          "turns": [
            {"player": 1, "action": "roll", "dice": [6, 2], "play": "24/18 13/11"},
            {"player": 0, "action": "double", "cube": 2},
            {"player": 1, "action": "take"},
            {"player": 0, "action": "roll", "dice": [5, 5], "play": ""},   # no move
            {"player": 1, "action": "roll", "dice": [4, 3], "play": null}, # play not recorded
            {"player": 1, "action": "resign", "level": "gammon"}
          ],
          "result": {"winner": 0, "points": 2, "and_the_match": false}   # optional
        }
      ]
    }

`action` is one of roll, double, take, drop, beaver, raccoon, resign. A play is standard
notation from the mover's side (`bar/22`, `6/off`, `13/7*`, `8/5(2)`). Conversion both ways with
the `.mat` reader's `MatchFile` (`match_to_record`, `record_to_match`); `record_problems` lists every
shape error with its field path. No web framework is imported here.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Collection, Iterator, Mapping
from itertools import islice
from operator import itemgetter
from typing import Any, NamedTuple

from arbitru.engine.outcome import COUNTED_AS, RESULT_MULTIPLIERS, RESULTS
from arbitru.engine.variants import VARIANTS as _VARIANTS
from arbitru.formats.limits import (
    MAX_CHECKERS,
    MAX_CUBE_LIMIT,
    MAX_GAME_NUMBER,
    MAX_GAMES,
    MAX_MATCH_LENGTH,
    MAX_NAME_CHARS,
    MAX_PLAY_CHARS,
    MAX_POINTS,
    MAX_REPORTED_ERRORS,
    MAX_SCORE,
    MAX_TURNS,
)
from arbitru.formats.mat import (
    CANNOT_MOVE,
    EMPTY,
    HIDDEN,
    ILLEGAL_MARKER,
    PLAY,
    PLAY_CHARACTERS,
    RESIGN,
    ROLL,
    Action,
    Game,
    MatchFile,
    Result,
    _new_action,
    _play_kind,
    decode,
    has_control,
    marks_resigner,
    move_numbers,
    names_read_back,
    normalize_play,
    play_carried,
    read_mat,
    set_position_reads_back,
    stated_rules,
)
from arbitru.formats.sgf_reader import is_sgf, read_sgf
from arbitru.messages import Message, json_breaks, message

FORMAT = "arbitru.match/1"
TURN_ACTIONS: tuple[str, ...] = ("roll", "double", "take", "drop", "beaver", "raccoon", "resign")
LEVELS: dict[str, int] = RESULT_MULTIPLIERS
LEVEL_NAMES: dict[int, str] = COUNTED_AS
GAME_VARIANTS: tuple[str, ...] = tuple(_VARIANTS)  # what a game's `variant` may name

EXAMPLE: dict[str, Any] = {
    "format": FORMAT,
    "players": ["Nicu", "Dorin"],
    "match_length": 1,
    "games": [
        {
            "game": 1,
            "start_score": [0, 0],
            "turns": [
                {"player": 1, "action": "roll", "dice": [6, 2], "play": "24/18 13/11"},
                {"player": 0, "action": "roll", "dice": [6, 2], "play": "13/7* 24/22"},
                {"player": 1, "action": "roll", "dice": [5, 1], "play": None},
            ],
            "result": {"winner": 0, "points": 1, "and_the_match": True},
        }
    ],
}


class RecordError(ValueError):
    """A game record with shape errors: `problems` maps field paths to messages."""

    def __init__(self, problems: list[tuple[str, str]]) -> None:
        super().__init__("; ".join(f"{path}: {message}" for path, message in problems))
        self.problems = problems


def match_to_record(match: MatchFile) -> dict[str, Any]:
    """The JSON game record of a read transcript (rules from its header tags, when it has any)."""
    record: dict[str, Any] = {
        "format": FORMAT,
        "players": list(match.players),
        "match_length": match.length,
    }
    rules = stated_rules(match)
    if rules:
        record["rules"] = rules
    record["games"] = [_game_record(game) for game in match.games]
    return record


def _game_record(game: Game) -> dict[str, Any]:
    out: dict[str, Any] = {"game": game.number, "start_score": list(game.start_score)}
    if game.set_position:
        out["set_position"] = game.set_position
    if game.start_position is not None:  # a record's (or an SGF's) stated board, as it was given
        out["start_position"] = game.start_position
    if game.variant is not None:
        out["variant"] = game.variant
    # A record names who resigned: the loser, where the .mat's marker does not say it by its
    # column (OpenGammon's `Resigned Game` stands in the winner's).
    loser = 1 - game.result.winner if game.result is not None else None
    out["turns"] = [_turn_record(action, loser) for action in game.actions]
    if game.result is not None:
        out["result"] = {
            "winner": game.result.winner,
            "points": game.result.points,
            "and_the_match": game.result.and_the_match,
        }
    return out


def _turn_record(action: Action, loser: int | None) -> dict[str, Any]:
    unsure = action.kind == RESIGN and not marks_resigner(action)
    player = loser if unsure and loser is not None else action.player
    turn: dict[str, Any] = {"player": player, "action": action.kind}
    if action.kind == ROLL:
        assert action.dice is not None and action.play_text is not None
        turn["dice"] = list(action.dice)
        if action.play_kind in (EMPTY, CANNOT_MOVE):
            turn["play"] = ""
        elif action.play_kind == HIDDEN:
            turn["play"] = None
        elif action.play_kind == ILLEGAL_MARKER:
            turn["play"] = action.play_text
        else:
            turn["play"] = normalize_play(action.play_text)
    elif action.cube_value is not None:
        turn["cube"] = action.cube_value
    if action.resign_level is not None:
        turn["level"] = LEVEL_NAMES[action.resign_level]
    return turn


# -- JSON -> MatchFile ------------------------------------------------------------------------------
Problems = Iterator[tuple[str, str]]
_UNKNOWN = message("game_record.unknown_field")


def record_problems(data: Any) -> list[tuple[str, str]]:
    """The first shape errors of a game record (at most `MAX_REPORTED_ERRORS`), as (field path,
    message); empty when it is well formed. Every list's length is checked before its items, and
    the search stops at the last error reported."""
    return list(islice(_record_problems(data, "record"), MAX_REPORTED_ERRORS))


def _object_of(check: Callable[..., Problems]) -> Callable[..., Problems]:
    """`check` for a value at `path` that must be a JSON object: anything else is that one problem
    (further arguments go to `check`)."""

    def problems(value: Any, path: str, *more: Any) -> Problems:
        if isinstance(value, Mapping):
            return check(value, path, *more)
        return iter([(path, message("game_record.object"))])

    return problems


def _unknown_fields(value: Mapping[str, Any], path: str, known: Collection[str], text: Message) -> Problems:
    """A problem `text` at each field of `value` that is not one of `known`."""
    return ((f"{path}.{key}", text) for key in value if key not in known)


class _ListSpec(NamedTuple):
    """What a list of the record holds: at least `least` and at most `limit` items; the problems of
    anything else (`shape`) and of too many items (`too_many`)."""

    least: int
    limit: int
    shape: Message
    too_many: Message


_GAMES = _ListSpec(
    1, MAX_GAMES, message("game_record.games"), message("game_record.games_limit", limit=MAX_GAMES)
)
_TURNS = _ListSpec(
    0, MAX_TURNS, message("game_record.turns"), message("game_record.turns_limit", limit=MAX_TURNS)
)


def _list_problems(
    items: Any,
    path: str,
    spec: _ListSpec,
    check: Callable[[Any, str], Problems],
    plain: Callable[[Any], bool] | None = None,
) -> Problems:
    """The problems of a list at `path` as `spec` says, else each item's by `check` (the length is
    checked before any item); an item `plain` says has none is not looked at again."""
    if not isinstance(items, list) or len(items) < spec.least:
        yield (path, spec.shape)
    elif len(items) > spec.limit:
        yield (path, spec.too_many)
    else:
        for index, item in enumerate(items):
            if plain is None or not plain(item):
                yield from check(item, f"{path}[{index}]")


@_object_of
def _record_problems(data: Mapping[str, Any], path: str, turns: bool = True) -> Problems:
    """The record's problems; without those of the games' turns when not `turns` (they are known to
    have none)."""
    yield from _unknown_fields(data, path, ("format", "players", "match_length", "rules", "games"), _UNKNOWN)
    if "format" in data and data["format"] != FORMAT:
        yield (f"{path}.format", message("game_record.format", format=repr(FORMAT)))
    yield from _players_problems(data.get("players"), f"{path}.players")
    if not _is_int(data.get("match_length"), MAX_MATCH_LENGTH):
        yield (f"{path}.match_length", message("game_record.match_length", limit=MAX_MATCH_LENGTH))
    if "rules" in data and not isinstance(data["rules"], Mapping):
        yield (f"{path}.rules", message("game_record.object"))
    games = data.get("games")
    if turns:
        yield from _list_problems(games, f"{path}.games", _GAMES, _game_problems)
    else:
        yield from _list_problems(games, f"{path}.games", _GAMES, _game_fields_problems, common_game_is_sound)


def _players_problems(players: Any, path: str) -> Problems:
    """Two names, each one a transcript's score line carries as it is (every export writes them)."""
    if not (
        isinstance(players, list)
        and len(players) == 2
        and all(isinstance(p, str) and p.strip() and len(p) <= MAX_NAME_CHARS for p in players)
    ):
        yield (path, message("game_record.players", limit=MAX_NAME_CHARS))
        return
    controls = [index for index, name in enumerate(players) if has_control(name)]
    for index in controls:
        yield (f"{path}[{index}]", message("game_record.text_control"))
    if not controls and players[0] == players[1]:  # a verdict names the winner: it must say who
        yield (path, message("game_record.players_same"))
    elif not controls and not names_read_back((players[0], players[1])):
        yield (path, message("game_record.players_unwritable"))


_SIDE_FIELDS = ("points", "bar", "off", "pinned")
_POINT_KEYS = frozenset(str(point) for point in range(1, 25))


@_object_of
def _board_problems(board: Mapping[str, Any], path: str) -> Problems:
    """A board as strict as the routes' `board`: `white` and `black`, each with `points` (keys "1"
    to "24", ASCII), `bar`, `off` and (plakoto) `pinned`, every count a JSON integer from 0 to 15
    (no strings, floats, booleans or -0.0), `pinned` a list of distinct points 1 to 24."""
    yield from _unknown_fields(board, path, ("white", "black"), _UNKNOWN)
    for color in ("white", "black"):
        if color not in board:
            yield (f"{path}.{color}", message("game_record.start_position"))
        else:
            yield from _side_problems(board[color], f"{path}.{color}")


@_object_of
def _side_problems(side: Mapping[str, Any], path: str) -> Problems:
    yield from _unknown_fields(side, path, _SIDE_FIELDS, _UNKNOWN)
    count = message("game_record.checkers", limit=MAX_CHECKERS)
    for name in ("bar", "off"):
        if name in side and not _is_int(side[name], MAX_CHECKERS):
            yield (f"{path}.{name}", count)
    if "pinned" in side and not _pin_points(side["pinned"]):
        yield (f"{path}.pinned", message("game_record.pinned", limit=MAX_CHECKERS))
    points = side.get("points", {})
    if not isinstance(points, Mapping):
        yield (f"{path}.points", message("game_record.object"))
        return
    for key, value in islice(points.items(), 25):
        if key not in _POINT_KEYS:
            yield (f"{path}.points.{key}", _UNKNOWN)
        elif not _is_int(value, MAX_CHECKERS):
            yield (f"{path}.points.{key}", count)
    if len(points) > 24:
        yield (f"{path}.points", _UNKNOWN)


def _pin_points(pinned: Any) -> bool:
    """Whether `pinned` is what the routes' `pinned` takes: a list of at most `MAX_CHECKERS`
    distinct JSON integers from 1 to 24 (a side's own points where one of its checkers is pinned)."""
    return (
        isinstance(pinned, list)
        and len(pinned) <= MAX_CHECKERS
        and all(_is_int(point, 24, 1) for point in pinned)
        and len(set(pinned)) == len(pinned)
    )


@_object_of
def _game_problems(game: Mapping[str, Any], path: str, turns: bool = True) -> Problems:
    yield from _unknown_fields(game, path, _GAME_FIELDS, _UNKNOWN)
    if "game" in game and not _is_int(game["game"], MAX_GAME_NUMBER, 1):
        yield (f"{path}.game", message("game_record.game_number", limit=MAX_GAME_NUMBER))
    score = game.get("start_score", [0, 0])
    if not (isinstance(score, list) and len(score) == 2 and all(_is_int(s, MAX_SCORE) for s in score)):
        yield (f"{path}.start_score", message("game_record.start_score", limit=MAX_SCORE))
    if game.get("start_position") is not None:
        yield from _board_problems(game["start_position"], f"{path}.start_position")
    if game.get("set_position") is not None and not (
        isinstance(game["set_position"], str)
        and len(game["set_position"]) <= MAX_NAME_CHARS
        and (not game["set_position"] or set_position_reads_back(game["set_position"]))
    ):
        yield (f"{path}.set_position", message("game_record.set_position"))
    if "variant" in game and game["variant"] not in GAME_VARIANTS:
        yield (f"{path}.variant", message("game_record.variant", variants=", ".join(GAME_VARIANTS)))
    if turns:
        yield from _list_problems(
            game.get("turns"), f"{path}.turns", _TURNS, _turn_problems, common_roll_is_sound
        )
    result = game.get("result")
    if result is not None:
        yield from _result_problems(result, f"{path}.result")


def _game_fields_problems(game: Any, path: str) -> Problems:
    """A game's problems but its turns' (`_game_problems`), for a game whose turns have none."""
    return _game_problems(game, path, False)


_GAME_FIELDS = ("game", "start_score", "start_position", "set_position", "variant", "turns", "result")
_PLAIN_GAME_FIELDS = frozenset(_GAME_FIELDS) - {"variant"}  # a game stating its variant has the full check
_RESULT_FIELDS = frozenset(("winner", "points", "and_the_match"))


def common_game_is_sound(game: Any) -> bool:
    """Whether `game` is one `_game_fields_problems` finds nothing wrong with, told at once for the
    commonest game (a JSON object of its number, start score, turns and maybe a result, no start
    position); False says nothing (the full check decides), without the generators' frames.
    `tests/formats/test_record_turn_fast_path.py` proves it never says True of a game with a problem."""
    if type(game) is not dict or not game.keys() <= _PLAIN_GAME_FIELDS:
        return False
    number, score, result = game.get("game", 1), game.get("start_score", [0, 0]), game.get("result")
    if not (
        type(number) is int
        and 1 <= number <= MAX_GAME_NUMBER
        and type(score) is list
        and len(score) == 2
        and type(score[0]) is int
        and type(score[1]) is int
        and 0 <= score[0] <= MAX_SCORE
        and 0 <= score[1] <= MAX_SCORE
        and game.get("start_position") is None
        and game.get("set_position") is None
    ):
        return False
    if result is None:
        return True
    if type(result) is not dict or not result.keys() <= _RESULT_FIELDS:
        return False
    winner, points = result.get("winner"), result.get("points")
    return (
        type(winner) is int
        and 0 <= winner <= 1
        and (points is None or (type(points) is int and 0 <= points <= MAX_POINTS))
        and type(result.get("and_the_match", False)) is bool
    )


@_object_of
def _result_problems(result: Mapping[str, Any], path: str) -> Problems:
    yield from _unknown_fields(result, path, ("winner", "points", "and_the_match"), _UNKNOWN)
    if not _is_int(result.get("winner"), 1):
        yield (f"{path}.winner", message("game_record.player"))
    if result.get("points") is not None and not _is_int(result["points"], MAX_POINTS):
        yield (f"{path}.points", message("game_record.points", limit=MAX_POINTS))
    if not isinstance(result.get("and_the_match", False), bool):
        yield (f"{path}.and_the_match", message("game_record.boolean"))


@_object_of
def _turn_problems(turn: Mapping[str, Any], path: str) -> Problems:
    if not _is_int(turn.get("player"), 1):
        yield (f"{path}.player", message("game_record.player"))
    action = turn.get("action", "roll" if "dice" in turn else None)
    if action not in TURN_ACTIONS:
        yield (f"{path}.action", message("game_record.action", choices=", ".join(TURN_ACTIONS)))
        return
    allowed = {"player", "action"}
    if action == "roll":
        allowed |= {"dice", "play"}
        dice = turn.get("dice")
        if not (isinstance(dice, list) and len(dice) == 2 and all(_is_int(d, 6, 1) for d in dice)):
            yield (f"{path}.dice", message("game_record.dice"))
        play = turn.get("play")
        if play is not None and not (isinstance(play, str) and len(play) <= MAX_PLAY_CHARS):
            yield (f"{path}.play", message("game_record.play", limit=MAX_PLAY_CHARS))
        elif play is not None and has_control(play):
            yield (f"{path}.play", message("game_record.text_control"))
        elif play is not None and not play_carried(play):
            yield (f"{path}.play", message("game_record.play_unwritable"))
    elif action in ("double", "beaver", "raccoon"):
        allowed.add("cube")
        cube = turn.get("cube")
        if cube is not None and not _is_int(cube, 2 * MAX_CUBE_LIMIT, 2):
            yield (f"{path}.cube", message("game_record.cube"))
    elif action == "resign":
        allowed.add("level")
        if turn.get("level") is not None and turn["level"] not in LEVELS:
            yield (f"{path}.level", message("game_record.level", levels=RESULTS))
    # The field's text is rendered only when a field is unknown: rendered for every turn, it was a
    # tenth of reading a JSON record.
    if any(key not in allowed for key in turn):
        unknown = message("game_record.not_a_turn_field", action=action)
        yield from _unknown_fields(turn, path, allowed, unknown)


_ROLL_FIELDS = frozenset({"player", "action", "dice", "play"})
# A play of digits, `bar`, `off`, slashes, hit marks, counts and blanks only: no control character,
# no comma and nothing that starts a cell (dice need a colon; no cell word starts with `bar` or
# `off`), so it reads back as itself.
_PLAIN_PLAY = re.compile(f"(?:[{re.escape(PLAY_CHARACTERS)}]|bar|off)*")


def common_roll_is_sound(turn: Any) -> bool:
    """Whether `turn` is a roll `_turn_problems` finds nothing wrong with, told at once for the
    commonest turn (a JSON object of `player`, `action` "roll", two dice and a play in plain digit
    notation); False says nothing (the full check decides). Told without a generator, a field path
    and the checks of a play against a written line per turn.
    `tests/formats/test_record_turn_fast_path.py` proves it never says True of a turn with a problem."""
    if type(turn) is not dict or not turn.keys() <= _ROLL_FIELDS:
        return False
    player, dice, play = turn.get("player"), turn.get("dice"), turn.get("play")
    return (
        type(player) is int
        and 0 <= player <= 1
        and turn.get("action", "roll") == "roll"
        and type(dice) is list
        and len(dice) == 2
        and type(dice[0]) is int
        and type(dice[1]) is int
        and 1 <= dice[0] <= 6
        and 1 <= dice[1] <= 6
        and (
            play is None
            or (type(play) is str and len(play) <= MAX_PLAY_CHARS and _PLAIN_PLAY.fullmatch(play) is not None)
        )
    )


def record_to_match(data: Mapping[str, Any]) -> MatchFile:
    """The `MatchFile` of a game record (`RecordError` when it is not well formed).

    Actions carry no file line; `move_number` is the number of the .mat line the turn would stand
    on (`move_numbers`: a .mat, its record and its SGF name an action by the same move).

    Read in one pass over the turns (`_read_turns`: a plain roll's action made as it is told
    plain, any other turn checked by `_turn_problems` and made by `_action`), then the record's
    other fields checked; anything found wrong, the record is read again by `plain_record_to_match`,
    which reports its problems (one pass, not a check of every turn then every turn made again);
    the property tests
    (`tests/formats/test_record_turn_fast_path.py`) hold it to `plain_record_to_match`."""
    actions = _read_turns(data)
    if actions is None or next(_record_problems(data, "record", False), None) is not None:
        return plain_record_to_match(data)
    return _match_of(data, actions)


def plain_record_to_match(data: Mapping[str, Any]) -> MatchFile:
    """`record_to_match` told plainly: every problem of the record (`record_problems`), then an
    action of each turn by `_action`."""
    problems = record_problems(data)
    if problems:
        raise RecordError(problems)
    actions = [_game_actions(game["turns"]) for game in data["games"]]
    return _match_of(data, actions)


def _game_actions(turns: list[Mapping[str, Any]]) -> list[Action]:
    """The actions of a game's well-formed turns, numbered as a .mat numbers its lines."""
    numbers = move_numbers(int(turn["player"]) for turn in turns)
    return [_action(turn, number) for turn, number in zip(turns, numbers, strict=True)]


def _match_of(data: Mapping[str, Any], actions_of: list[list[Action]]) -> MatchFile:
    """The `MatchFile` of a well-formed record whose games' actions are `actions_of`."""
    games: list[Game] = []
    for i, (game, actions) in enumerate(zip(data["games"], actions_of, strict=True)):
        result = game.get("result")
        parsed = Game(
            int(game.get("game", i + 1)),
            (int(game.get("start_score", [0, 0])[0]), int(game.get("start_score", [0, 0])[1])),
            actions,
            Result(
                result["winner"],
                result.get("points"),
                bool(result.get("and_the_match", False)),
                after_action=len(actions),
            )
            if result
            else None,
            set_position=game.get("set_position"),
            start_position=dict(game["start_position"]) if game.get("start_position") is not None else None,
            variant=game.get("variant"),
        )
        games.append(parsed)
    rules = dict(data["rules"]) if isinstance(data.get("rules"), Mapping) else None
    return MatchFile((data["players"][0], data["players"][1]), int(data["match_length"]), games, rules=rules)


def _read_turns(data: Any) -> list[list[Action]] | None:
    """The actions of each game of a record (a dict whose games are dicts, each with its list of
    turns), or None when a turn has a problem or the record is not of that shape (the plain path
    then reports what is wrong)."""
    games = data.get("games") if type(data) is dict else None
    if type(games) is not list or len(games) > MAX_GAMES:
        return None
    actions_of: list[list[Action]] = []
    for game in games:
        turns = game.get("turns") if type(game) is dict else None
        if type(turns) is not list or len(turns) > MAX_TURNS:
            return None
        actions = _turn_actions(turns)
        if actions is None:
            return None
        actions_of.append(actions)
    return actions_of


def _turn_actions(turns: list[Any]) -> list[Action] | None:
    """The action of each turn (`_action`'s), None when a turn has a problem. A roll of the four
    fields is told plain by `common_roll_is_sound`'s conditions, its fields read at once, and its action made
    of them at once (one `itemgetter`, the play told by stripping the notation's characters, the
    dice tuples shared); any other turn is checked by `_turn_problems` and made by `_action`."""
    actions: list[Action] = []
    append = actions.append
    slot = 0  # `move_numbers`' count of a .mat's cells, told as it goes (the tests hold the two alike)
    for turn in turns:
        if type(turn) is dict and len(turn) == 4:
            try:
                player, action, dice, play = _ROLL_ITEMS(turn)
            except KeyError:  # a field other than the four
                action = None
            if (
                action == "roll"
                and type(player) is int
                and player in _PLAYERS
                and type(dice) is list
                and len(dice) == 2
            ):
                first, second = dice
                if (
                    type(first) is int
                    and type(second) is int
                    and first in _DIE
                    and second in _DIE
                    and (
                        play is None
                        or (
                            type(play) is str
                            and len(play) <= MAX_PLAY_CHARS
                            and (not play.strip(PLAY_CHARACTERS) or _plain_words(play))
                        )
                    )
                ):
                    slot += (slot ^ player) & 1  # the other player's cell left empty
                    number = slot // 2 + 1
                    slot += 1
                    pair, cell = _ROLLS[first][second]
                    if play is None:
                        stripped, kind, raw = "????", HIDDEN, cell + "????"
                    else:
                        stripped = play.strip()
                        kind = PLAY if stripped else EMPTY  # `_play_kind` of a plain play
                        raw = (cell + play).rstrip()
                    append(
                        _new_action(
                            Action, (ROLL, player, pair, stripped, kind, None, None, None, number, raw)
                        )
                    )
                    continue
        if next(_turn_problems(turn, ""), None) is not None:
            return None
        slot += (slot ^ turn["player"]) & 1
        append(_action(turn, slot // 2 + 1))
        slot += 1
    return actions


_ROLL_ITEMS = itemgetter("player", "action", "dice", "play")
_PLAYERS = frozenset((0, 1))
_DIE = frozenset(range(1, 7))
# Each roll's dice and its cell up to the play: `_ROLLS[6][2]` is ((6, 2), "62: "). One tuple of the
# dice for all the actions of those dice (immutable, shared): one object less to make and for the
# collector to follow a turn.
_ROLLS = tuple(tuple(((first, second), f"{first}{second}: ") for second in range(7)) for first in range(7))


def _plain_words(play: str) -> bool:
    """Whether `_PLAIN_PLAY` matches the whole of a play that holds more than the notation's
    characters: those left once each `bar` and `off` is a blank (the two words share no letter and
    neither overlaps itself, so each is replaced where the pattern reads it)."""
    return not play.replace("bar", " ").replace("off", " ").strip(PLAY_CHARACTERS)


def _action(turn: Mapping[str, Any], number: int) -> Action:
    action = turn.get("action", "roll")
    player = int(turn["player"])
    if action == "roll":
        play = turn.get("play", "")
        text = "????" if play is None else play
        stripped = text.strip()
        first, second = turn["dice"]
        dice = (int(first), int(second))
        raw = f"{dice[0]}{dice[1]}: {text}".rstrip()
        return Action(ROLL, player, dice, stripped, _play_kind(stripped), None, None, None, number, raw)
    level = LEVELS.get(turn.get("level") or "")
    cube = turn.get("cube")
    raw = action.capitalize() + (f" => {cube}" if cube else "") + (f" {turn['level']}" if level else "")
    return Action(action, player, None, None, None, cube, level, None, number, raw)


def _is_int(value: Any, maximum: int, minimum: int = 0) -> bool:
    """Whether `value` is a JSON integer (not a boolean) from `minimum` to `maximum`."""
    return isinstance(value, int) and not isinstance(value, bool) and minimum <= value <= maximum


def is_json_record(text: str) -> bool:
    """Whether a transcript file's text is a JSON game record (an object) rather than a .mat."""
    return text.lstrip().startswith("{")


def read_match_file(data: bytes | str) -> MatchFile:
    """The match in a transcript file: a JSON game record, gnubg's SGF or a .mat (MatFormatError,
    SgfFormatError, RecordError or ValueError when it is none of them)."""
    text = decode(data)
    if is_sgf(text):
        return read_sgf(text)
    if not is_json_record(text):
        return read_mat(text)
    return record_to_match(parse_record(text))


def parse_record(text: str) -> Any:
    """The JSON value of a record file's text (ValueError saying where it is not JSON)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(message("game_record.not_json", place=json_breaks(exc))) from None
