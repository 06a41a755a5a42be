"""Clock routes: POST /v1/clock replays a tournament clock's event log and rules on a flag as the
written rules do (arbitru.engine.clock); POST /v1/clock/lateness gives UKBGF's penalty points.

Thin: validate, call the engine, answer with orjson; texts follow Accept-Language (en, ro).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Response

from arbitru.engine.board import Problem, problem
from arbitru.engine.clock import (
    LATE_STEP_MINUTES,
    ClockEvent,
    ClockLogError,
    build_settings,
    lateness,
    replay,
    rule,
)
from arbitru.http.blueprint import Blueprint
from arbitru.http.errors import ValidationProblem, field_errors
from arbitru.http.i18n import request_language
from arbitru.http.json import json_response
from arbitru.http.position import raise_problems, resolve_context, resolve_game
from arbitru.http.schemas.clock import (
    ClockRequestSchema,
    ClockResponseSchema,
    LatenessRequestSchema,
    LatenessResponseSchema,
)
from arbitru.messages import render
from arbitru.referee.clocks import coloured, ruling_json

blp = Blueprint(
    "clock",
    __name__,
    url_prefix="/v1",
    description="Tournament clocks: reserve, delay, overtime and the ruling on a flag; lateness penalties.",
)

_RACE = {"white": {"points": {"6": 5, "8": 5, "13": 5}}, "black": {"points": {"1": 3, "2": 4}, "off": 8}}
CLOCK_EXAMPLES: dict[str, Any] = {
    "reserve": {
        "summary": "A 7-point match at 2-3 under the US rules: 9 minutes each, one 25-second turn",
        "value": {
            "clock": {"preset": "usbgf_2013"},
            "match": {"length": 7, "score": {"white": 2, "black": 3}},
            "events": [
                {"event": "start", "at": 0, "side": "white"},
                {"event": "press", "at": 25, "side": "white"},
            ],
        },
    },
    "worst_result": {
        "summary": "Online, worst result still possible: white flags in a race with nothing back",
        "value": {
            "clock": {"preset": "online_worst_result", "reserve": 60},
            "match": {"length": 7, "score": {"white": 0, "black": 0}},
            "events": [{"event": "start", "at": 0, "side": "white"}],
            "now": 100,
            "board": _RACE,
        },
    },
}
LATENESS_EXAMPLES: dict[str, Any] = {
    "late": {
        "summary": "12 minutes late for a 7-point match",
        "value": {"minutes_late": 12, "match_length": 7},
    }
}


def clock_answer(body: Mapping[str, Any], lang: str = "en") -> dict[str, Any]:
    """The answer of /v1/clock for a validated body."""
    settings, problems = build_settings(body["clock"])
    rules, cube, match = context = resolve_context(body)
    if match.length < 1:
        problems.append(problem("match.length", "clock.match_needed"))
    game, found = resolve_game(body, context)
    board = None if game is None else game.board
    raise_problems(problems + found)
    started = body.get("clocks_started_at")
    events = [ClockEvent(event["event"], event["at"], event.get("side")) for event in body["events"]]
    try:
        state = replay(
            settings,
            match,
            events,
            None if started is None else started["white"] + started["black"],
            body.get("now"),
        )
    except ClockLogError as error:
        raise ValidationProblem(field_errors([coloured(error.problem)])) from None
    ruling = rule(settings, state, match, board, cube, rules, body.get("turn"))
    if isinstance(ruling, Problem):
        raise ValidationProblem(field_errors([ruling]))
    answer: dict[str, Any] = {"clock": settings.to_dict(), **state.to_dict(), "ruling": None}
    if ruling is not None:
        answer["ruling"] = ruling_json(ruling, lang)
    return answer


@blp.route("/clock", methods=["POST"])
@blp.answers(
    ClockRequestSchema,
    CLOCK_EXAMPLES,
    clock_answer,
    ClockResponseSchema,
    "Each side's time left, whose clock runs, the flags fallen and the ruling",
)
def clock(body: dict[str, Any]) -> Response:
    """Adjudicate a tournament clock

    `clock` is a preset (`usbgf_2013`, `biba`, `ukbgf`, `atlanta_2003`, `online_backgammon`,
    `online_worst_result`) and any explicit setting over it: reserve per point of match length and
    less per point scored when the clocks started (or a fixed `reserve`), the delay per turn
    (`simple` or `bronstein`), `overtime` after a first expiry, and the `flag` policy. `events` is
    the log: `start` (a side's clock starts; both must be stopped), `press` by the side whose clock
    runs, `pause`, `resume`; `at` in seconds from the first event, never going back. The answer
    gives each side's reserve (and overtime) after the log or at `now`, whose clock runs, the flags
    fallen and the ruling: overtime started, the match lost, no loss (BIBA: the flagger at match
    point and the opponent unable to win the game), or the game lost as a backgammon or as the worst
    result still possible, scored with the cube, the rules and the match block as /v1/resign
    scores it. Those last policies read `board`, the position at the flag, and `turn`, the side to
    roll next there (default: either, the ruling then holds for both). A log a clock cannot
    produce (time going back, a press by the side whose clock is stopped, an event after the flag)
    is a 422 naming the event. docs/clocks.md gives the sources.
    """
    lang = request_language()
    return json_response(clock_answer(body, lang))


def lateness_answer(body: Mapping[str, Any], lang: str = "en") -> dict[str, Any]:
    """The answer of /v1/clock/lateness for a validated body."""
    ruling = lateness(body["minutes_late"], body["match_length"])
    if ruling.forfeited:
        said = render("lateness.forfeited", {"points": ruling.penalty_points}, lang)
    elif ruling.penalty_points:
        said = render("lateness.penalty", {"points": ruling.penalty_points}, lang)
    else:
        said = render("lateness.on_time", {"step": LATE_STEP_MINUTES}, lang)
    return {**ruling.to_dict(), "message": said}


@blp.route("/clock/lateness", methods=["POST"])
@blp.answers(
    LatenessRequestSchema,
    LATENESS_EXAMPLES,
    lateness_answer,
    LatenessResponseSchema,
    "The penalty points, or the match forfeited",
)
def clock_lateness(body: dict[str, Any]) -> Response:
    """Penalise a late player (UKBGF)

    One penalty point once the player is 5 minutes late and one more for each further 5 minutes;
    more penalty points than half the match length forfeit the match.
    """
    lang = request_language()
    return json_response(lateness_answer(body, lang))


__all__ = ["blp"]
