"""A client generated from the committed openapi.yaml (openapi-python-client, the dev extra) plays
the Romanian rules unmodified (the spec's rules have no defaults that would override the preset),
and plays a whole game sending every object it is answered back as it is: one schema per idea in
the spec, so one class per idea in the client (one `Board`, one `Color`, no answer-only copies).

Generation runs offline (the generator reads the file and writes Python); the client talks to the
app in-process through httpx's WSGI transport, so no server and no network are involved.
"""

from __future__ import annotations

import enum
import importlib
import inspect
import random
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import httpx
import pytest
from flask import Flask

REPO = Path(__file__).resolve().parents[2]
PACKAGE = "arbitru_generated_client"


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    """The generated client package, imported from a temporary directory."""
    root = tmp_path_factory.mktemp("client")
    config = root / "config.yaml"
    # no post hooks: the generated code is used as it is, not reformatted
    config.write_text(f"post_hooks: []\npackage_name_override: {PACKAGE}\n", encoding="utf-8")
    generator = Path(sys.executable).with_name("openapi-python-client")
    subprocess.run(
        [
            str(generator),
            "generate",
            "--path",
            str(REPO / "openapi.yaml"),
            "--config",
            str(config),
            "--output-path",
            str(root / PACKAGE),
            "--meta",
            "none",
        ],
        check=True,
        capture_output=True,
        cwd=root,
        timeout=300,
    )
    sys.path.insert(0, str(root))
    try:
        yield importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(root))
        for name in [m for m in sys.modules if m == PACKAGE or m.startswith(PACKAGE + ".")]:
            del sys.modules[name]


@pytest.fixture()
def api(generated: ModuleType, app: Flask):  # type: ignore[no-untyped-def]
    """A generated `Client` wired to the app in-process, asking for Romanian answers."""
    transport = httpx.WSGITransport(app=app)
    return generated.Client(
        base_url="http://arbitru.test",
        headers={"Accept-Language": "ro"},
        httpx_args={"transport": transport},
    )


def _module(name: str) -> ModuleType:
    return importlib.import_module(f"{PACKAGE}.{name}")


def test_a_generated_client_plays_a_romanian_opening_unmodified(api) -> None:  # type: ignore[no-untyped-def]
    models, opening = _module("models"), _module("api.game.post_v1_opening")
    body = models.OpeningRequest(
        rolls=models.Rolls(white=[6, 6], black=[6, 5]),
        rules=models.Rules(preset=models.RulesPreset.ROMANIAN),
    )
    answer = opening.sync_detailed(client=api, body=body)
    assert answer.status_code == 200, answer.content
    parsed = answer.parsed
    assert parsed.reroll is False and parsed.dice == [6, 6]  # a double beats 6-5; the starter plays it
    assert str(parsed.starter.value if hasattr(parsed.starter, "value") else parsed.starter) == "white"
    assert parsed.message == "Începe Albul și joacă 6-6."


def test_a_generated_client_gets_a_romanian_double_refused_unmodified(api) -> None:  # type: ignore[no-untyped-def]
    models, cube = _module("models"), _module("api.game.post_v1_cube")
    body = models.CubeRequest(
        action=models.CubeRequestAction.DOUBLE,
        turn=models.Color.WHITE,
        rules=models.Rules(preset=models.RulesPreset.ROMANIAN),
    )
    answer = cube.sync_detailed(client=api, body=body)
    assert answer.status_code == 200, answer.content
    assert answer.parsed.legal is False
    assert answer.parsed.reason.code == "CUBE_DISABLED"
    assert answer.parsed.reason.message == "Cubul de dublare nu se folosește în aceste reguli."


def test_a_generated_client_sends_back_every_answered_object_as_it_is(api) -> None:  # type: ignore[no-untyped-def]
    """The round trips of a game through the generated models: the start's rules, cube and match are
    request objects as answered (the same classes), a listed play's board and position ID go back
    as the next position, the cube a take answers goes back as the cube."""
    models = _module("models")
    start_api, opening_api = _module("api.game.get_v1_start"), _module("api.game.post_v1_opening")
    moves_api, play_api = _module("api.checker_play.post_v1_moves"), _module("api.checker_play.post_v1_play")
    cube_api = _module("api.game.post_v1_cube")
    for preset, dice_per_player in (
        (models.GetV1StartPreset.ROMANIAN, 2),
        (models.GetV1StartPreset.STANDARD, 1),
    ):
        start = start_api.sync_detailed(client=api, preset=preset).parsed
        assert isinstance(start.rules, models.Rules) and isinstance(start.cube, models.Cube)
        context = {"rules": start.rules, "match": start.match, "cube": start.cube}
        rolls = models.Rolls(white=[6, 6][:dice_per_player], black=[2, 1][:dice_per_player])
        opened = opening_api.sync_detailed(client=api, body=models.OpeningRequest(rolls=rolls, **context))
        assert opened.status_code == 200, opened.content
        board = start.board  # the answered board is a request's: the same class
        assert isinstance(board, models.Board)
        request = models.MovesRequest(
            board=board,
            turn=models.Color.WHITE,
            dice=[6, 5],
            include=[models.IncludeOption.GNUBG_ID],
            **context,
        )
        listed = moves_api.sync_detailed(client=api, body=request)
        assert listed.status_code == 200 and isinstance(listed.parsed, models.MovesResponse), listed.content
        play = listed.parsed.plays[0]
        proposal = models.PlayRequest(
            board=board, turn=models.Color.WHITE, dice=[6, 5], play=play.notation, **context
        )
        verdict = play_api.sync_detailed(client=api, body=proposal)
        assert verdict.parsed.legal is True and verdict.parsed.play.board.to_dict() == play.board.to_dict()
        by_id = models.MovesRequest(gnubg_id=play.gnubg_id, dice=[3, 1], rules=start.rules)
        by_board = models.MovesRequest(
            board=play.board,
            turn=listed.parsed.next_turn,
            dice=[3, 1],
            **context,
        )
        chained = [moves_api.sync_detailed(client=api, body=body) for body in (by_id, by_board)]
        assert chained[0].status_code == chained[1].status_code == 200
        assert chained[0].parsed.to_dict()["plays"] == chained[1].parsed.to_dict()["plays"]
    # A take's cube (the standard start's context) goes back as the next cube.
    take = models.CubeRequest(
        turn=models.Color.WHITE,
        by=models.Color.BLACK,
        action=models.CubeRequestAction.TAKE,
        **context,
    )
    taken = cube_api.sync_detailed(client=api, body=take).parsed
    assert taken.legal is True and isinstance(taken.cube, models.Cube)
    redouble = models.CubeRequest(
        turn=models.Color.BLACK,
        by=models.Color.BLACK,
        action=models.CubeRequestAction.DOUBLE,
        **{**context, "cube": taken.cube},
    )
    assert cube_api.sync_detailed(client=api, body=redouble).parsed.legal is True


def _enums_of(models: ModuleType, values: set[str]) -> set[str]:
    """The generated enum classes whose members are exactly `values`."""
    return {
        name
        for name, kind in inspect.getmembers(models, inspect.isclass)
        if issubclass(kind, enum.Enum) and {member.value for member in kind} == values
    }


def test_a_generated_client_has_one_class_per_idea(generated: ModuleType) -> None:
    """One board, side, move, hop, play, colour and result, the same in requests and answers."""
    models = _module("models")
    names = {name for name, _ in inspect.getmembers(models, inspect.isclass)}
    assert {"Board", "Side", "Move", "Hop", "Play", "Color", "Result"} <= names
    assert not {name for name in names if name.endswith("Out")}
    assert not names & {"ProposedMove", "ListedPlay", "TurnHop"}
    assert _enums_of(models, {"white", "black"}) == {"Color"}
    assert _enums_of(models, {"single", "gammon", "backgammon"}) == {"Result"}
    assert _enums_of(models, {"moves", "notation", "board", "outcome"}) == {"PlayField"}
    # a nullable enum is one class and None, not three identical ones (`...Type1`, `...Type2Type1`)
    assert not {name for name in names if re.search(r"Type\d+Type\d+$", name)}


def _call(module: ModuleType, api, body):  # type: ignore[no-untyped-def]
    """The parsed answer of a POST, asserting a 200."""
    answer = module.sync_detailed(client=api, body=body)
    assert answer.status_code == 200, answer.content
    return answer.parsed


def test_a_generated_client_plays_a_whole_game_sending_every_answer_back_as_it_is(api) -> None:  # type: ignore[no-untyped-def]
    """A standard game with the cube, random plays: the start's board, rules, cube and match, each
    listed play's board and moves, `next_turn`, who answers a double and the cube a take answers all
    go into the next request as the objects the client parsed, never converted (one class per idea)."""
    models = _module("models")
    start_api, opening_api = _module("api.game.get_v1_start"), _module("api.game.post_v1_opening")
    moves_api, play_api = _module("api.checker_play.post_v1_moves"), _module("api.checker_play.post_v1_play")
    cube_api = _module("api.game.post_v1_cube")
    rng = random.Random(40)
    start = start_api.sync_detailed(client=api, preset=models.GetV1StartPreset.STANDARD).parsed
    context = {"rules": start.rules, "match": start.match, "cube": start.cube}
    board, turn, dice = start.board, None, None
    while turn is None:
        rolls = models.Rolls(white=[rng.randint(1, 6)], black=[rng.randint(1, 6)])
        opened = _call(opening_api, api, models.OpeningRequest(rolls=rolls, **context))
        context["cube"], turn, dice = opened.cube, opened.starter, opened.dice
    for _ in range(2000):
        assert isinstance(board, models.Board) and isinstance(turn, models.Color)
        if dice is None and rng.random() < 0.05:
            double = models.CubeRequest(
                board=board, turn=turn, by=turn, action=models.CubeRequestAction.DOUBLE, **context
            )
            offered = _call(cube_api, api, double)
            if offered.legal is True:  # the answered player to act next takes, as answered
                answering = offered.next_.player  # `next` is `next_` in Python
                take = models.CubeRequest(
                    board=board, turn=turn, by=answering, action=models.CubeRequestAction.TAKE, **context
                )
                context["cube"] = _call(cube_api, api, take).cube  # the answered cube, sent back
        dice = dice or [rng.randint(1, 6), rng.randint(1, 6)]
        listed = _call(moves_api, api, models.MovesRequest(board=board, turn=turn, dice=dice, **context))
        play = rng.choice(listed.plays)
        proposal = models.PlayRequest(board=board, turn=turn, dice=dice, moves=play.moves, **context)
        verdict = _call(play_api, api, proposal)  # the listed play's own moves, proposed as they are
        assert verdict.legal is True and verdict.as_written is True, verdict.to_dict()
        assert verdict.play.to_dict() == play.to_dict()
        if play.outcome.game_over:
            break
        board, turn, dice = play.board, listed.next_turn, None
    else:
        pytest.fail("the game did not end")
    assert play.outcome.winner is turn and isinstance(play.outcome.result, models.Result)
    assert verdict.next_turn is None


def test_a_generated_client_builds_a_turn_hop_by_hop_sending_each_answered_hop_back(api) -> None:  # type: ignore[no-untyped-def]
    """/v1/turn through the client: each `Hop` of `next_` goes into the next request's `hops` as
    the object parsed, the answered hops are the ones sent, and the complete turn's `Play` is
    proposed to /v1/play by its moves as they are: one hop class, one play class."""
    models = _module("models")
    start_api, turn_api = _module("api.game.get_v1_start"), _module("api.turn.post_v1_turn")
    play_api = _module("api.checker_play.post_v1_play")
    start = start_api.sync_detailed(client=api, preset=models.GetV1StartPreset.STANDARD).parsed
    position = {"board": start.board, "turn": models.Color.WHITE, "dice": [6, 5], "rules": start.rules}
    hops: list[object] = []
    state = _call(turn_api, api, models.TurnRequest(**position, hops=hops))
    while not state.complete:
        assert state.legal is True and all(isinstance(hop, models.Hop) for hop in state.next_)
        hops = [*state.hops, state.next_[0]]
        state = _call(turn_api, api, models.TurnRequest(**position, hops=hops))
        assert [hop.to_dict() for hop in state.hops] == [hop.to_dict() for hop in hops]
    assert isinstance(state.play, models.Play) and isinstance(state.board, models.Board)
    verdict = _call(play_api, api, models.PlayRequest(**position, moves=state.play.moves))
    assert verdict.legal is True and verdict.play.to_dict() == state.play.to_dict()
