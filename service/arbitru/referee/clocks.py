"""Clocks in JSON game records: the referee replays the clock beside the moves.

A record may carry the clock's settings (`clock`: the object POST /v1/clock takes), when each
game's clocks started (`clock_started_at` on a game: the first player's clock starts then, as the
lower opening die's press starts it) and when each turn ended (`at` on a turn: the press after a
play, a double, a take (not the doubler's take of a beaver: it is on roll); after a drop, a
resignation or the play that ends the game both clocks stop), in seconds from the first game's
start, and optionally when the clocks were read (`clock_read_at`: for an unfinished last game,
the running clock runs on until then).

`split_clock` takes those fields out of a record (the rest is an ordinary game record) and checks
their shape; `clocked_verify` referees the match as `verify` does and adds the `clock` block: each
side's time left, the flags fallen and the ruling on a final flag (`arbitru.engine.clock.rule`,
with the position, cube and score where the record stops). A record whose play goes on after a
final flag, or whose times the clock cannot have produced, is refused (`ClockRecordError`) naming
the turn. The referee's state machine is not changed: `_ClockedReferee` only keeps the state each
game ends in.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from arbitru.engine.board import COLORS, Problem
from arbitru.engine.budget import outer_budget
from arbitru.engine.clock import (
    DELAY_KINDS,
    FLAG_POLICIES,
    MAX_SECONDS,
    PRESETS,
    ClockEvent,
    ClockLogError,
    ClockSettings,
    FlagRuling,
    build_settings,
    replay,
    rule,
)
from arbitru.engine.cube import INITIAL_CUBE
from arbitru.engine.match import Match
from arbitru.engine.rules import Rules
from arbitru.formats import limits
from arbitru.formats.limits import MAX_GAMES, MAX_TURNS
from arbitru.formats.mat import Game, MatchFile
from arbitru.messages import Message, message, result_label, say
from arbitru.referee.machine import GameState, Referee

RECORD_KEYS: tuple[str, ...] = ("clock", "clock_read_at")
GAME_KEY = "clock_started_at"
TURN_KEY = "at"
_NUMBERS = ("per_point", "less_per_point_scored", "reserve", "delay", "overtime")
_CHOICES: dict[str, tuple[str, ...]] = {
    "preset": tuple(PRESETS),
    "delay_kind": DELAY_KINDS,
    "flag": FLAG_POLICIES,
}
SETTINGS_KEYS: tuple[str, ...] = (*_NUMBERS, *_CHOICES, "team")


class ClockRecordError(ValueError):
    """A record's clock fields that are malformed, or a log the clock cannot have produced:
    `problems` maps record field paths to messages."""

    def __init__(self, problems: list[tuple[str, Message]]) -> None:
        super().__init__("; ".join(f"{path}: {text}" for path, text in problems))
        self.problems = problems


@dataclass(frozen=True, slots=True)
class RecordClock:
    """The clock of a record: its settings, the events with the record path each comes from, and
    when the clocks were read."""

    settings: ClockSettings
    games: tuple[tuple[float | None, tuple[float, ...]], ...]
    read_at: float | None


def _is_time(value: Any) -> bool:
    return (
        isinstance(value, int | float)
        and not isinstance(value, bool)
        and math.isfinite(value)
        and 0 <= value <= MAX_SECONDS
    )


def _settings_problems(clock: Any, path: str) -> list[tuple[str, Message]]:
    if not isinstance(clock, Mapping):
        return [(path, message("game_record.object"))]
    found = [
        (f"{path}.{key}", message("game_record.unknown_field")) for key in clock if key not in SETTINGS_KEYS
    ]
    for key in _NUMBERS:
        if clock.get(key) is not None and not _is_time(clock[key]):
            found.append((f"{path}.{key}", message("game_record.clock_time", limit=MAX_SECONDS)))
    for key, choices in _CHOICES.items():
        if clock.get(key) is not None and clock[key] not in choices:
            found.append((f"{path}.{key}", message("game_record.action", choices=", ".join(choices))))
    if "team" in clock and not isinstance(clock["team"], bool):
        found.append((f"{path}.team", message("game_record.boolean")))
    return found


def _time(value: Any, path: str, found: list[tuple[str, Message]]) -> float:
    if not _is_time(value):
        found.append((path, message("game_record.clock_time", limit=MAX_SECONDS)))
        return 0.0
    return float(value)


def _without(value: Any, key: str) -> Any:
    """`value` without `key` when it is an object (anything else as it is)."""
    return {k: v for k, v in value.items() if k != key} if isinstance(value, Mapping) else value


def _game_clock(game: Any, where: str, found: list[tuple[str, Message]]) -> tuple[Any, Any]:
    """A game without its clock fields, and its (start, turn times); (game, None) for a game whose
    shape `record_problems` will refuse."""
    if (
        not isinstance(game, Mapping)
        or not isinstance(game.get("turns"), list)
        or len(game["turns"]) > MAX_TURNS
    ):
        return game, None
    turns = game["turns"]
    started = _time(game.get(GAME_KEY), f"{where}.{GAME_KEY}", found) if turns else None
    times = []
    for j, turn in enumerate(turns):
        at = turn.get(TURN_KEY) if isinstance(turn, Mapping) else None
        times.append(_time(at, f"{where}.turns[{j}].{TURN_KEY}", found))
    plain = {**_without(game, GAME_KEY), "turns": [_without(turn, TURN_KEY) for turn in turns]}
    return plain, (started, tuple(times))


def split_clock(record: Any) -> tuple[Any, RecordClock | None]:
    """The record without its clock fields, and its clock (None when it has none). A record
    without `clock` is returned as it is (timestamps then stay unknown fields). Raises
    ClockRecordError naming each malformed clock field (the record's own shape is checked later,
    by `record_problems`, on what is returned)."""
    if not isinstance(record, Mapping) or "clock" not in record:
        return record, None
    rest = {k: v for k, v in record.items() if k not in RECORD_KEYS}
    found = _settings_problems(record["clock"], "record.clock")
    read_at = record.get("clock_read_at")
    if read_at is not None:
        read_at = _time(read_at, "record.clock_read_at", found)
    if not isinstance(record.get("games"), list) or len(record["games"]) > MAX_GAMES:
        return rest, None
    split = [_game_clock(game, f"record.games[{i}]", found) for i, game in enumerate(record["games"])]
    if found:
        raise ClockRecordError(found)
    if any(times is None for _, times in split):
        return {**rest, "games": [game for game, _ in split]}, None
    settings, problems = build_settings(record["clock"])
    if problems:
        raise ClockRecordError([(f"record.{p.field}", Message(p.code, p.params)) for p in problems])
    games = tuple(times for _, times in split)
    return {**rest, "games": [game for game, _ in split]}, RecordClock(settings, games, read_at)


class _ClockedReferee(Referee):
    """The referee, keeping the state each game ends in (the clock's ruling reads the last)."""

    ended: list[GameState]

    def _finish(self, game: Game, state: GameState, last_game: bool) -> None:
        if not hasattr(self, "ended"):
            self.ended = []
        self.ended.append(state)
        super()._finish(game, state, last_game)


def _events(match: MatchFile, clock: RecordClock, last_over: bool) -> tuple[list[ClockEvent], list[str]]:
    """The clock's events for the record, and the record path of each."""
    events: list[ClockEvent] = []
    paths: list[str] = []
    for i, (game, (started, times)) in enumerate(zip(match.games, clock.games, strict=True)):
        if not game.actions or started is None:
            continue
        where = f"record.games[{i}]"
        events.append(ClockEvent("start", started, COLORS[game.actions[0].player]))
        paths.append(f"{where}.{GAME_KEY}")
        for j, (action, at) in enumerate(zip(game.actions, times, strict=True)):
            if action.kind == "take" and j and game.actions[j - 1].kind == "beaver":
                continue  # the doubler accepts the beaver on roll: the beaver's press started its clock
            # a resignation stops both clocks, whoever offers it; every other action is a press
            resign = action.kind == "resign"
            events.append(
                ClockEvent("pause", at) if resign else ClockEvent("press", at, COLORS[action.player])
            )
            paths.append(f"{where}.turns[{j}]")
        if (i < len(match.games) - 1 or last_over) and game.actions[-1].kind != "resign":
            events.append(ClockEvent("pause", times[-1]))
            paths.append(f"{where}.turns[{len(times) - 1}]")
    return events, paths


def _record_problem(found: Problem, paths: list[str]) -> tuple[str, Message]:
    """An engine problem about `events.k...` as the record's field it comes from."""
    parts = found.field.split(".")
    path = found.field
    if len(parts) >= 2 and parts[0] == "events":
        path = paths[int(parts[1])]
        if found.code == "clock.time_backwards":
            path += "" if path.endswith(GAME_KEY) else f".{TURN_KEY}"
        elif found.code == "clock.press_not_running":
            path += ".player"
    elif parts[0] == "now":
        path = "record.clock_read_at"
    return path, Message(found.code, coloured(found).params)


def coloured(found: Problem) -> Problem:
    """A clock problem whose colour parameter (`player`) is named in the answer's language."""
    params = {key: message(value) if key == "player" else value for key, value in found.params.items()}
    return Problem(found.field, found.code, params)


def clocked_verify(match: MatchFile, rules: Rules, clock: RecordClock, **options: Any) -> dict[str, Any]:
    """The verdict of `verify` for `match` with the `clock` block added (the ruling's message in
    `options["lang"]`). Raises ClockRecordError naming the turn of a log the clock cannot have
    produced, or played after a final flag; within `verify`'s work limit (`WorkLimitExceeded`)."""
    referee = _ClockedReferee(match, rules, **options)
    with outer_budget(limits.MAX_WORK):
        verdict = referee.verdict()
    ended = getattr(referee, "ended", [])
    games = verdict["games"]
    last_over = bool(games) and len(games) == len(match.games) and games[-1]["ended_by"] is not None
    events, paths = _events(match, clock, last_over)
    excerpt = referee.excerpt
    first_score = excerpt.score if excerpt else (0, 0)
    start = Match(int(match.length), (first_score[0], first_score[1]))
    try:
        state = replay(clock.settings, start, events, now=clock.read_at)
    except ClockLogError as error:
        if not verdict["valid"]:  # the moves' first error stands; the clock is not read past it
            verdict["clock"] = None
            return verdict
        raise ClockRecordError([_record_problem(error.problem, paths)]) from None
    score = verdict["final_score"]
    now = Match(int(match.length), (score[0], score[1]), bool(referee.crawford_game))
    unfinished = verdict["valid"] and not last_over and len(ended) == len(match.games)
    last = ended[-1] if unfinished and ended else None
    board, cube = (None, INITIAL_CUBE) if last is None else (last.board, last.cube)
    ruling = rule(clock.settings, state, now, board, cube, referee.rules)
    block: dict[str, Any] = {"clock": clock.settings.to_dict(), **state.to_dict(), "ruling": None}
    if isinstance(ruling, FlagRuling):
        block["ruling"] = ruling_json(ruling, options.get("lang", "en"))
    verdict["clock"] = block
    return verdict


class _Said:
    """A ruling as a coded value `say` puts into words."""

    def __init__(self, ruling: FlagRuling) -> None:
        self.message_key = f"clock.ruling.{ruling.kind}"
        self.params: dict[str, Any] = {"player": ruling.flagger}
        if ruling.outcome is not None and ruling.outcome.counted_as is not None:
            self.params["label"] = message(f"result.{ruling.outcome.counted_as}")


def ruling_json(ruling: FlagRuling, lang: str | None = "en") -> dict[str, Any]:
    """The ruling on a flag as /v1/clock and the referee's `clock` block give it: its outcome with
    the localised label, and what it says in `lang`."""
    shown = ruling.to_dict()
    if ruling.outcome is not None:
        shown["outcome"] = {**shown["outcome"], "label": result_label(ruling.outcome.counted_as, lang)}
    return {**shown, "message": say(_Said(ruling), lang)}


def with_clock(converted: dict[str, Any], original: Any) -> dict[str, Any]:
    """`converted` (a record written back from `original`) with `original`'s clock fields, so a
    record converted to a record still carries its clock (the seam law). Game by game and turn by
    turn: conversion keeps both in order."""
    if not isinstance(original, Mapping) or "clock" not in original:
        return converted
    out = {**converted, **{key: original[key] for key in RECORD_KEYS if key in original}}
    games = []
    for game, source in zip(converted.get("games", []), original.get("games", []), strict=False):
        if GAME_KEY in source:
            game = {**game, GAME_KEY: source[GAME_KEY]}
        turns = zip(game.get("turns", []), source.get("turns", []), strict=False)
        game["turns"] = [
            {**turn, TURN_KEY: was[TURN_KEY]} if TURN_KEY in was else turn for turn, was in turns
        ]
        games.append(game)
    out["games"] = games
    return out
