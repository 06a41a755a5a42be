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
the `.mat` reader's `Match` (`match_to_record`, `record_to_match`); `record_problems` lists every
shape error with its field path. No web framework is imported here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from service.formats.mat import (
    CANNOT_MOVE,
    EMPTY,
    HIDDEN,
    ILLEGAL_MARKER,
    ROLL,
    Action,
    Game,
    Match,
    Result,
    _play_kind,
    normalize_play,
    stated_rules,
)

FORMAT = "arbitru.match/1"
TURN_ACTIONS: tuple[str, ...] = ("roll", "double", "take", "drop", "beaver", "raccoon", "resign")
LEVELS: dict[str, int] = {"single": 1, "gammon": 2, "backgammon": 3}
LEVEL_NAMES: dict[int, str] = {v: k for k, v in LEVELS.items()}
MAX_GAMES = 1000
MAX_TURNS = 2000

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


def match_to_record(match: Match) -> dict[str, Any]:
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
    out["turns"] = [_turn_record(action) for action in game.actions]
    if game.result is not None:
        out["result"] = {
            "winner": game.result.winner,
            "points": game.result.points,
            "and_the_match": game.result.and_the_match,
        }
    return out


def _turn_record(action: Action) -> dict[str, Any]:
    turn: dict[str, Any] = {"player": action.player, "action": action.kind}
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


# -- JSON -> Match ----------------------------------------------------------------------------------
def record_problems(data: Any) -> list[tuple[str, str]]:
    """Every shape error of a game record, as (field path, message); empty when it is well formed."""
    found: list[tuple[str, str]] = []
    if not isinstance(data, Mapping):
        return [("record", "must be an object")]
    known = {"format", "players", "match_length", "rules", "games"}
    for key in data:
        if key not in known:
            found.append((f"record.{key}", "unknown field"))
    if "format" in data and data["format"] != FORMAT:
        found.append(("record.format", f"must be {FORMAT!r}"))
    players = data.get("players")
    if not (
        isinstance(players, list)
        and len(players) == 2
        and all(isinstance(p, str) and p.strip() for p in players)
    ):
        found.append(("record.players", "must be two non-empty names"))
    length = data.get("match_length")
    if not (isinstance(length, int) and not isinstance(length, bool) and 0 <= length <= 255):
        found.append(("record.match_length", "must be an integer from 0 (money) to 255"))
    if "rules" in data and not isinstance(data["rules"], Mapping):
        found.append(("record.rules", "must be an object"))
    games = data.get("games")
    if not isinstance(games, list) or not games:
        found.append(("record.games", "must be a non-empty list of games"))
        return found
    if len(games) > MAX_GAMES:
        found.append(("record.games", f"at most {MAX_GAMES} games"))
        return found
    for i, game in enumerate(games):
        found.extend(_game_problems(game, f"record.games[{i}]"))
    return found


def _game_problems(game: Any, path: str) -> list[tuple[str, str]]:
    if not isinstance(game, Mapping):
        return [(path, "must be an object")]
    found: list[tuple[str, str]] = []
    known = {"game", "start_score", "start_position", "set_position", "turns", "result"}
    for key in game:
        if key not in known:
            found.append((f"{path}.{key}", "unknown field"))
    if "game" in game and (not _is_int(game["game"]) or game["game"] < 1):
        found.append((f"{path}.game", "must be a positive integer"))
    score = game.get("start_score", [0, 0])
    if not (isinstance(score, list) and len(score) == 2 and all(_is_int(s) and s >= 0 for s in score)):
        found.append((f"{path}.start_score", "must be two scores >= 0"))
    if game.get("start_position") is not None and not isinstance(game["start_position"], Mapping):
        found.append((f"{path}.start_position", "must be a board object"))
    if game.get("set_position") is not None and not isinstance(game["set_position"], str):
        found.append((f"{path}.set_position", "must be an XG position string"))
    turns = game.get("turns")
    if not isinstance(turns, list):
        found.append((f"{path}.turns", "must be a list"))
    elif len(turns) > MAX_TURNS:
        found.append((f"{path}.turns", f"at most {MAX_TURNS} turns"))
    else:
        for j, turn in enumerate(turns):
            found.extend(_turn_problems(turn, f"{path}.turns[{j}]"))
    result = game.get("result")
    if result is not None:
        if not isinstance(result, Mapping):
            found.append((f"{path}.result", "must be an object"))
        else:
            if result.get("winner") not in (0, 1) or isinstance(result.get("winner"), bool):
                found.append((f"{path}.result.winner", "must be 0 or 1"))
            if result.get("points") is not None and (not _is_int(result["points"]) or result["points"] < 0):
                found.append((f"{path}.result.points", "must be an integer >= 0"))
            if not isinstance(result.get("and_the_match", False), bool):
                found.append((f"{path}.result.and_the_match", "must be a boolean"))
            for key in result:
                if key not in ("winner", "points", "and_the_match"):
                    found.append((f"{path}.result.{key}", "unknown field"))
    return found


def _turn_problems(turn: Any, path: str) -> list[tuple[str, str]]:
    if not isinstance(turn, Mapping):
        return [(path, "must be an object")]
    found: list[tuple[str, str]] = []
    if turn.get("player") not in (0, 1) or isinstance(turn.get("player"), bool):
        found.append((f"{path}.player", "must be 0 or 1"))
    action = turn.get("action", "roll" if "dice" in turn else None)
    if action not in TURN_ACTIONS:
        found.append((f"{path}.action", f"must be one of {', '.join(TURN_ACTIONS)}"))
        return found
    allowed = {"player", "action"}
    if action == "roll":
        allowed |= {"dice", "play"}
        dice = turn.get("dice")
        if not (isinstance(dice, list) and len(dice) == 2 and all(_is_int(d) and 1 <= d <= 6 for d in dice)):
            found.append((f"{path}.dice", "must be two dice from 1 to 6"))
        if "play" in turn and turn["play"] is not None and not isinstance(turn["play"], str):
            found.append((f"{path}.play", "must be a string in standard notation, or null when not recorded"))
    elif action in ("double", "beaver", "raccoon"):
        allowed.add("cube")
        cube = turn.get("cube")
        if cube is not None and (not _is_int(cube) or cube < 2):
            found.append((f"{path}.cube", "must be the cube value after the action (2, 4, ...)"))
    elif action == "resign":
        allowed.add("level")
        if turn.get("level") is not None and turn["level"] not in LEVELS:
            found.append((f"{path}.level", "must be single, gammon or backgammon"))
    for key in turn:
        if key not in allowed:
            found.append((f"{path}.{key}", f"not a field of a {action} turn"))
    return found


def record_to_match(data: Mapping[str, Any]) -> Match:
    """The `Match` of a game record (`RecordError` when it is not well formed).

    Actions carry no file line; `move_number` is the turn's 1-based index in its game."""
    problems = record_problems(data)
    if problems:
        raise RecordError(problems)
    games: list[Game] = []
    for i, game in enumerate(data["games"]):
        actions = [_action(turn, j + 1) for j, turn in enumerate(game["turns"])]
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
        )
        games.append(parsed)
    rules = dict(data["rules"]) if isinstance(data.get("rules"), Mapping) else None
    return Match((data["players"][0], data["players"][1]), int(data["match_length"]), games, rules=rules)


def _action(turn: Mapping[str, Any], index: int) -> Action:
    action = turn.get("action", "roll")
    player = int(turn["player"])
    if action == "roll":
        play = turn.get("play", "")
        text = "????" if play is None else play
        kind = _play_kind(text.strip())
        dice = (int(turn["dice"][0]), int(turn["dice"][1]))
        raw = f"{dice[0]}{dice[1]}: {text}".rstrip()
        return Action(ROLL, player, dice, text.strip(), kind, move_number=index, raw=raw)
    level = LEVELS.get(turn.get("level") or "")
    cube = turn.get("cube")
    raw = action.capitalize() + (f" => {cube}" if cube else "")
    return Action(action, player, None, None, None, cube, level, None, index, raw)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
