"""The seam law over HTTP: every object Arbitru answers that has a request counterpart (rules, cube,
match, board, position IDs, a listed play, a turn's hop) is accepted back verbatim by every route
taking it, and means the same thing there.

One property over every preset, variant and option combination: start a game (GET and POST
/v1/start), then send each answered object back to /v1/start, /v1/opening, /v1/moves, /v1/play,
/v1/turn, /v1/outcome, /v1/cube, /v1/resign, /v1/convert and /v1/board.svg; the cube and board those answer
go back in turn.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbitru import create_app
from arbitru.engine.board import other
from arbitru.engine.rules import OPTIONS, build_rules
from arbitru.formats.codec import ID_VARIANTS
from tests.http.conftest import ok_json
from tests.support.cases import examples


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


def _option_values(name: str) -> st.SearchStrategy[Any]:
    spec = OPTIONS[name]
    if spec.kind is bool:
        return st.booleans()
    if spec.choices:
        return st.sampled_from(spec.choices)
    assert spec.limits is not None
    return st.integers(*spec.limits)


@st.composite
def rules_options(draw: st.DrawFn) -> dict[str, Any]:
    """A client's rules: any subset of the options with any of their values, less the options the
    combination refuses (so that every preset, variant and option is reached by valid requests)."""
    chosen = draw(st.dictionaries(st.sampled_from(list(OPTIONS)), st.none(), max_size=len(OPTIONS)))
    options = {name: draw(_option_values(name)) for name in chosen}
    for _ in range(len(OPTIONS)):
        _, problems = build_rules(options)
        if not problems:
            return options
        for found in problems:
            options.pop(found.field.removeprefix("rules."), None)
    raise AssertionError(f"options still refused: {options}")


NOT_OVER = ("game_over", "winner", "result", "multiplier", "points")


def _built_turn(client: Any, turn: dict[str, Any]) -> dict[str, Any]:
    """/v1/turn's answer once complete, built from no hops by sending back, each time, the last hop
    it offers next together with the hops it answered so far."""
    state = ok_json(client.post("/v1/turn", json=turn))
    while not state["complete"]:
        hops = [*state["hops"], state["next"][-1]]
        state = ok_json(client.post("/v1/turn", json={**turn, "hops": hops}))
        assert state["legal"] is True and state["hops"] == hops  # understood as answered
    return state


def _game(started: dict[str, Any]) -> dict[str, Any]:
    """A start's answer without its signed state: each start is a new game (its own id and dice
    commitment), the rest of the answer is the rules' own."""
    return {key: value for key, value in started.items() if key != "state"}


def _query(options: dict[str, Any]) -> str:
    return "&".join(f"{k}={str(v).lower()}" for k, v in options.items())


def _opening_rolls(dice_per_player: int) -> dict[str, list[int]]:
    """Rolls where white starts, whatever the opening custom (a higher die, or a double)."""
    return {"white": [6, 6][:dice_per_player], "black": [2, 1][:dice_per_player]}


@settings(
    max_examples=examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(options=rules_options())
def test_every_answered_object_is_accepted_back_verbatim_by_every_route_taking_it(client, options):
    started = _game(ok_json(client.get(f"/v1/start?{_query(options)}")))
    assert _game(ok_json(client.post("/v1/start", json={"rules": options}))) == started
    rules, cube, match, board = started["rules"], started["cube"], started["match"], started["board"]
    # The answered rules are the request form: sent back, the same start.
    assert _game(ok_json(client.post("/v1/start", json={"rules": rules, "match": match}))) == started
    assert _game(ok_json(client.get(f"/v1/start?{_query(rules)}"))) == started  # and as query parameters
    assert build_rules(rules) == build_rules(options)
    context = {"rules": rules, "match": match, "cube": cube}

    opening = ok_json(
        client.post(
            "/v1/opening", json={"rolls": _opening_rolls(started["next"]["dice_per_player"]), **context}
        )
    )
    assert opening["starter"] == "white"
    context["cube"] = opening["cube"]
    dice = opening["dice"] or [3, 1]
    turn = {"board": board, "turn": "white", "dice": dice, **context}

    ids = ["gnubg_id", "xgid", "fibs"] if rules["variant"] in ID_VARIANTS else []  # none holds plakoto
    listed = ok_json(client.post("/v1/moves", json={**turn, "include": ids}))
    built = _built_turn(client, {**turn, "include": ids})
    assert built["play"] in listed["plays"] and built["board"] == built["play"]["board"]
    for play in listed["plays"]:
        for proposal in ({"play": play["notation"]}, {"moves": play["moves"]}):
            verdict = ok_json(client.post("/v1/play", json={**turn, **proposal}))
            assert verdict["legal"] is True and verdict["play"]["board"] == play["board"]
        outcome = ok_json(client.post("/v1/outcome", json={"board": play["board"], **context}))
        assert {k: outcome[k] for k in NOT_OVER} == {k: play["outcome"][k] for k in NOT_OVER}
        if play["outcome"]["game_over"]:
            continue  # a hypergammon checker borne off at once: nobody is on roll after it
        # The board after a play, and its position IDs, are the next request's position.
        after = {"board": play["board"], "turn": listed["next_turn"], "dice": [4, 2], **context}
        reference = ok_json(client.post("/v1/moves", json=after))
        for source in ids:
            chained = {source: play[source], "dice": [4, 2], "rules": rules}
            assert ok_json(client.post("/v1/moves", json=chained))["plays"] == reference["plays"]
        break
    ok_json(client.post("/v1/resign", json={"board": board, "by": "black", "level": "single", **context}))
    converting = client.post("/v1/convert", json={"board": board, "turn": "white", **context})
    if ids:
        converted = ok_json(converting)
        assert converted["cube"] == context["cube"] and converted["match"] == match
    else:
        assert converting.status_code == 422 and rules["variant"] in converting.get_data(as_text=True)
    svg = client.post("/v1/board.svg", json={"board": board, **context})
    assert svg.status_code == 200, svg.get_data(as_text=True)

    doubled = ok_json(
        client.post("/v1/cube", json={"board": board, "turn": "white", "action": "double", **context})
    )
    if doubled["legal"]:
        taken = ok_json(
            client.post("/v1/cube", json={"turn": "white", "by": "black", "action": "take", **context})
        )
        assert taken["cube"]["owner"] == other("white")
        again = {**context, "cube": taken["cube"]}
        redouble = {"board": board, "turn": "black", "by": "black", "action": "double", **again}
        assert ok_json(client.post("/v1/cube", json=redouble))["legal"] is (
            again["cube"]["value"] * 2 <= rules["max_cube"]
        )


def test_the_rules_presets_are_accepted_back_as_rules(client):
    listing = ok_json(client.get("/v1/rules"))
    for name, preset in listing["presets"].items():
        started = ok_json(client.post("/v1/start", json={"rules": preset}))
        assert started["rules"] == preset
        assert _game(started) == _game(ok_json(client.get(f"/v1/start?preset={name}")))
        ok_json(
            client.post(
                "/v1/opening", json={"rolls": _opening_rolls(2 if name == "romanian" else 1), "rules": preset}
            )
        )


@pytest.mark.parametrize("query", ["preset=romanian", "preset=standard", "variant=nackgammon"])
def test_the_rules_echo_is_accepted_by_opening_and_moves(client, query):
    """The issue's requests: the `rules` of GET /v1/start sent to /v1/opening and /v1/moves."""
    started = ok_json(client.get(f"/v1/start?{query}"))
    rules = started["rules"]
    assert "hypergammon_checkers" not in rules
    rolls = _opening_rolls(started["next"]["dice_per_player"])
    ok_json(client.post("/v1/opening", json={"rolls": rolls, "rules": rules}))
    ok_json(
        client.post(
            "/v1/moves", json={"board": started["board"], "turn": "white", "dice": [3, 1], "rules": rules}
        )
    )
