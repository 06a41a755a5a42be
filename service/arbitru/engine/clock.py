"""Tournament clocks: replay a clock's event log and rule on a flag as the written rules do.

A backgammon clock is two clocks, one running at a time: a player presses after a play, after a
double and after a take or drop (a player with no legal move still presses), which stops that
player's clock and starts the opponent's; either may stop both (`pause`) to start a game, call the
director or take a break, and start them again (`resume`, or `start` for a side). Each turn first
spends the delay; the reserve runs only after it (simple delay). A Bronstein delay instead runs the
reserve at once and gives back what the turn used, up to the delay, on the press.

The presets (docs/clocks.md gives each source):

- `usbgf_2013`, `biba`, `ukbgf`: 2 minutes of reserve per point of match length, less 1 minute per
  point already scored by either player when the clocks start; 12 s simple delay. US team (doubles)
  matches: 2.5 minutes and 1.25 minutes, 18 s. Running out of reserve loses the match; USBGF may
  give 1 or 2 minutes of overtime after a first expiry (the second loses). BIBA: not when the
  flagger is at match point and the opponent can no longer win the game.
- `atlanta_2003`: 6 minutes per point less 3 per point scored, no delay (a standard clock; the
  same totals as the Unified timetable of 2001: 3 minutes per point each player needs).
- `online_backgammon`, `online_worst_result`: the flagger loses the game as a backgammon, or as the
  worst result still possible (`arbitru.engine.prospects`), and the match goes on.

Times are seconds from the first event, kept as whole milliseconds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from arbitru.engine.board import COLORS, Board, Color, Problem, other, problem
from arbitru.engine.cube import CENTERED, INITIAL_CUBE, Cube
from arbitru.engine.match import Match, MatchScore, score_game
from arbitru.engine.outcome import Outcome, resignation
from arbitru.engine.prospects import prospects
from arbitru.engine.rules import STANDARD, Rules

MS = 1000
EVENTS: tuple[str, ...] = ("start", "press", "pause", "resume")
DELAY_KINDS: tuple[str, ...] = ("simple", "bronstein")
# What a final flag costs: the match; the match unless the flagger is at match point and the
# opponent can no longer win the game (BIBA); the game as a backgammon; the game as the worst
# result still possible.
FLAG_POLICIES: tuple[str, ...] = ("match", "match_unless_decided", "game_backgammon", "game_worst_result")
RULINGS: tuple[str, ...] = ("overtime_started", "match_lost", "no_loss", "game_lost")
# The largest clock a request may set or a log may reach, in seconds (a day): numbers a client
# sends never size a computation, and this bounds the arithmetic.
MAX_SECONDS = 86_400


@dataclass(frozen=True, slots=True)
class ClockSettings:
    """A clock's settings in seconds: reserve per point of match length and less per point scored
    (or a fixed `reserve`), the delay per turn and its kind, overtime after a first expiry (0:
    none) and what a final flag costs."""

    preset: str | None = None
    per_point: float = 120
    less_per_point_scored: float = 60
    reserve: float | None = None
    delay: float = 12
    delay_kind: str = "simple"
    overtime: float = 0
    flag: str = "match"
    team: bool = False

    def reserve_for(self, length: int, scored: int) -> int:
        """The reserve each player starts with, in milliseconds, for a match of `length` points when
        the players have scored `scored` points between them."""
        if self.reserve is not None:
            return _ms(self.reserve)
        return max(_ms(self.per_point) * length - _ms(self.less_per_point_scored) * scored, 0)

    def to_dict(self) -> dict[str, Any]:
        """The settings in force, as the contract gives them back (send them back as `clock`)."""
        return {
            "preset": self.preset,
            "per_point": self.per_point,
            "less_per_point_scored": self.less_per_point_scored,
            "reserve": self.reserve,
            "delay": self.delay,
            "delay_kind": self.delay_kind,
            "overtime": self.overtime,
            "flag": self.flag,
            "team": self.team,
        }


_CLUB = ClockSettings(per_point=120, less_per_point_scored=60, delay=12)
PRESETS: dict[str, ClockSettings] = {
    "usbgf_2013": replace(_CLUB, preset="usbgf_2013"),
    "biba": replace(_CLUB, preset="biba", flag="match_unless_decided"),
    "ukbgf": replace(_CLUB, preset="ukbgf"),
    "atlanta_2003": ClockSettings("atlanta_2003", per_point=360, less_per_point_scored=180, delay=0),
    "online_backgammon": replace(_CLUB, preset="online_backgammon", flag="game_backgammon"),
    "online_worst_result": replace(_CLUB, preset="online_worst_result", flag="game_worst_result"),
}
# US Backgammon 2013, 2.2: doubles (team) matches.
TEAM_PER_POINT, TEAM_LESS_PER_POINT_SCORED, TEAM_DELAY = 150.0, 75.0, 18.0
TEAM_PRESETS: tuple[str, ...] = ("usbgf_2013",)


def build_settings(data: Mapping[str, Any], prefix: str = "clock") -> tuple[ClockSettings, list[Problem]]:
    """Settings from the contract's `clock` object (already shape-checked): a preset, then any
    explicit setting over it."""
    name = data.get("preset")
    base = PRESETS[name] if name is not None else ClockSettings()
    problems: list[Problem] = []
    if data.get("team"):
        if name not in TEAM_PRESETS:
            problems.append(problem(f"{prefix}.team", "clock.team_preset", presets=", ".join(TEAM_PRESETS)))
        else:
            base = replace(
                base,
                team=True,
                per_point=TEAM_PER_POINT,
                less_per_point_scored=TEAM_LESS_PER_POINT_SCORED,
                delay=TEAM_DELAY,
            )
    explicit = {
        key: data[key]
        for key in (
            "per_point",
            "less_per_point_scored",
            "reserve",
            "delay",
            "delay_kind",
            "overtime",
            "flag",
        )
        if data.get(key) is not None
    }
    return replace(base, **explicit), problems


@dataclass(frozen=True, slots=True)
class ClockEvent:
    """One event of the log: `start` (a side's clock starts), `press` (by `side`), `pause`,
    `resume`, at `at` seconds from the first event."""

    kind: str
    at: float
    side: Color | None = None


@dataclass(frozen=True, slots=True)
class Flag:
    """A reserve (or overtime) that ran out: whose, when, and whether it was the final one."""

    side: Color
    at_ms: int
    final: bool

    def to_dict(self) -> dict[str, Any]:
        """The contract's JSON form."""
        return {"side": self.side, "at": self.at_ms / MS, "final": self.final}


@dataclass(frozen=True, slots=True)
class FlagRuling:
    """What the flag costs under the policy: `kind` one of RULINGS, the side that lost, and for a
    game lost its result scored as the API scores results (with the match block in a match)."""

    kind: str
    flagger: Color
    winner: Color | None = None
    outcome: Outcome | None = None
    match: MatchScore | None = None

    def to_dict(self) -> dict[str, Any]:
        """The contract's JSON form (the message is added by the HTTP layer)."""
        return {
            "kind": self.kind,
            "flagger": self.flagger,
            "winner": self.winner,
            "outcome": None if self.outcome is None else self.outcome.to_dict(),
            "match": None if self.match is None else self.match.to_dict(),
        }


@dataclass(frozen=True, slots=True)
class ClockState:
    """Each side's reserve and overtime left (milliseconds), which clock runs, the flags fallen."""

    at_ms: int
    reserve: tuple[int, int]
    overtime: tuple[int | None, int | None]
    delay_left: int
    running: Color | None
    paused: Color | None
    flags: tuple[Flag, ...]

    def to_dict(self) -> dict[str, Any]:
        """The contract's JSON form, in seconds."""
        clocks = {}
        for index, color in enumerate(COLORS):
            over = self.overtime[index]
            clocks[color] = {
                "reserve": self.reserve[index] / MS,
                "overtime": None if over is None else over / MS,
            }
        return {
            "at": self.at_ms / MS,
            "clocks": clocks,
            "running": self.running,
            "delay_left": self.delay_left / MS if self.running else None,
            "flags": [flag.to_dict() for flag in self.flags],
        }


def _ms(seconds: float) -> int:
    return round(seconds * MS)


class ClockLogError(ValueError):
    """A log the clock cannot have produced: the problem names the event."""

    def __init__(self, found: Problem) -> None:
        super().__init__(found.code)
        self.problem = found


def _start(settings: ClockSettings, match: Match, scored: int) -> ClockState:
    reserve = settings.reserve_for(match.length, scored)
    return ClockState(0, (reserve, reserve), (None, None), 0, None, None, ())


def _moved(state: ClockState, **changes: Any) -> ClockState:
    """`state` with `changes`: `dataclasses.replace` without its generic checks (a log of 4,000
    events makes two new states an event, and `replace` was most of the replay's time)."""
    fields: dict[str, Any] = {
        "at_ms": state.at_ms,
        "reserve": state.reserve,
        "overtime": state.overtime,
        "delay_left": state.delay_left,
        "running": state.running,
        "paused": state.paused,
        "flags": state.flags,
    }
    fields.update(changes)
    return ClockState(**fields)


def _run(state: ClockState, settings: ClockSettings, until: int) -> ClockState:
    """The state at `until` with the running clock (if any) run since `state.at_ms`; flags fall on
    the way (a first expiry starts the overtime when there is one: the reserve is then spent and
    the overtime runs)."""
    side = state.running
    if side is None or (state.flags and state.flags[-1].final):
        return _moved(state, at_ms=max(until, state.at_ms))
    index = COLORS.index(side)
    elapsed = until - state.at_ms
    delay_used = min(state.delay_left, elapsed) if settings.delay_kind == "simple" else 0
    spent, at = elapsed - delay_used, state.at_ms + delay_used
    reserve, overtime, flags = list(state.reserve), list(state.overtime), list(state.flags)
    while True:
        in_overtime = overtime[index] is not None
        left = overtime[index] if in_overtime else reserve[index]
        assert left is not None
        if spent <= left:
            if in_overtime:
                overtime[index] = left - spent
            else:
                reserve[index] = left - spent
            break
        at += left
        spent -= left
        reserve[index] = 0
        if not in_overtime and settings.overtime > 0:
            flags.append(Flag(side, at, False))
            overtime[index] = _ms(settings.overtime)
            continue
        if in_overtime:
            overtime[index] = 0
        flags.append(Flag(side, at, True))
        break
    return ClockState(
        until,
        (reserve[0], reserve[1]),
        (overtime[0], overtime[1]),
        state.delay_left - delay_used,
        state.running,
        state.paused,
        tuple(flags),
    )


def _press_back(state: ClockState, settings: ClockSettings, turn_ms: int) -> ClockState:
    """Bronstein: the press gives back what the turn used, up to the delay."""
    if settings.delay_kind != "bronstein" or state.running is None:
        return state
    index = COLORS.index(state.running)
    back = min(turn_ms, _ms(settings.delay))
    reserve, overtime = list(state.reserve), list(state.overtime)
    current = overtime[index]
    if current is not None:
        overtime[index] = current + back
    else:
        reserve[index] += back
    return _moved(state, reserve=(reserve[0], reserve[1]), overtime=(overtime[0], overtime[1]))


def _apply(
    state: ClockState, settings: ClockSettings, event: ClockEvent, where: str, turn_ms: int
) -> ClockState:
    kind, side = event.kind, event.side
    if kind == "press":
        if side is None or side != state.running:
            raise ClockLogError(problem(f"{where}.side", "clock.press_not_running", player=side))
        state = _press_back(state, settings, turn_ms)
        return _moved(state, running=other(side), delay_left=_ms(settings.delay))
    if kind == "start":
        if state.running is not None:
            raise ClockLogError(problem(f"{where}.kind", "clock.already_running", running=state.running))
        return _moved(state, running=side, paused=None, delay_left=_ms(settings.delay))
    if kind == "pause":
        if state.running is None:
            raise ClockLogError(problem(f"{where}.kind", "clock.nothing_running"))
        return _moved(state, running=None, paused=state.running)
    if state.paused is None:  # resume
        raise ClockLogError(problem(f"{where}.kind", "clock.not_paused"))
    return _moved(state, running=state.paused, paused=None)


def replay(
    settings: ClockSettings,
    match: Match,
    events: Sequence[ClockEvent],
    scored: int | None = None,
    now: float | None = None,
    prefix: str = "events",
) -> ClockState:
    """The clocks after `events` (and at `now`, when given: the running clock runs on until then).
    `scored` is the points both players had scored when the clocks started (default: the match's).
    Raises ClockLogError naming the first event the clock cannot have produced."""
    state = _start(settings, match, sum(match.score) if scored is None else scored)
    turn_ms = 0  # how long the running side's clock has run this turn (pauses left out)
    for index, event in enumerate(events):
        where = f"{prefix}.{index}"
        at = _ms(event.at)
        if at < state.at_ms:
            raise ClockLogError(
                problem(f"{where}.at", "clock.time_backwards", at=event.at, before=state.at_ms / MS)
            )
        if index == 0 and event.kind != "start":
            raise ClockLogError(problem(f"{where}.kind", "clock.first_event"))
        if state.running is not None:
            turn_ms += at - state.at_ms
        state = _run(state, settings, at)
        if state.flags and state.flags[-1].final:
            fallen = state.flags[-1]
            raise ClockLogError(
                problem(where, "clock.after_flag", player=fallen.side, flag_at=fallen.at_ms / MS, at=event.at)
            )
        state = _apply(state, settings, event, where, turn_ms)
        if event.kind in ("press", "start"):
            turn_ms = 0
    if now is not None:
        at = _ms(now)
        if at < state.at_ms:
            raise ClockLogError(problem("now", "clock.time_backwards", at=now, before=state.at_ms / MS))
        state = _run(state, settings, at)
    return state


def rule(
    settings: ClockSettings,
    state: ClockState,
    match: Match,
    board: Board | None = None,
    cube: Cube = INITIAL_CUBE,
    rules: Rules = STANDARD,
    turn: Color | None = None,
    prefix: str = "board",
) -> FlagRuling | None | Problem:
    """The ruling on the last flag of `state` under the settings' policy (None: no flag fell). A
    policy that reads the position without `board` given is a Problem naming `board`. `turn` is
    the side to roll next on `board` (the flagger, or its opponent when the flagger was answering
    a double); None: either, so the ruling holds whichever it is."""
    if not state.flags:
        return None
    flag = state.flags[-1]
    flagger, opponent = flag.side, other(flag.side)
    if not flag.final:
        return FlagRuling("overtime_started", flagger)
    policy = settings.flag
    if policy == "match" or policy == "match_unless_decided" and match.away(flagger) != 1:
        return _match_lost(flagger, match)
    if board is None:
        return problem(prefix, "clock.position_needed", policy=policy)
    if policy == "match_unless_decided":
        if prospects(board, opponent, turn).can_win:
            return _match_lost(flagger, match)
        return FlagRuling("no_loss", flagger)
    level = "backgammon"
    if policy == "game_worst_result":
        level = prospects(board, flagger, turn).worst_loss or "single"
    verdict = resignation(level, flagger, rules, cube.value, not match.is_money, cube.owner == CENTERED)
    scored = None if match.is_money else score_game(match, opponent, verdict.points or 0, rules)
    return FlagRuling("game_lost", flagger, opponent, verdict, scored)


def _match_lost(flagger: Color, match: Match) -> FlagRuling:
    opponent = other(flagger)
    block = MatchScore(None, match.score, True, opponent, False, False)
    return FlagRuling("match_lost", flagger, opponent, None, block)


# -- lateness (UKBGF) ---------------------------------------------------------------------------
LATE_STEP_MINUTES = 5


@dataclass(frozen=True, slots=True)
class Lateness:
    """Penalty points for a late player: 1 after 5 minutes and 1 per further 5 minutes; more than
    half the match length in penalty points forfeits the match."""

    minutes_late: float
    match_length: int
    penalty_points: int
    forfeited: bool

    def to_dict(self) -> dict[str, Any]:
        """The contract's JSON form."""
        return {
            "minutes_late": self.minutes_late,
            "match_length": self.match_length,
            "penalty_points": self.penalty_points,
            "forfeited": self.forfeited,
        }


def lateness(minutes_late: float, match_length: int) -> Lateness:
    """The UKBGF ruling on a player `minutes_late` minutes late for a match of `match_length`."""
    points = int(minutes_late // LATE_STEP_MINUTES)
    return Lateness(minutes_late, match_length, points, 2 * points > match_length)
