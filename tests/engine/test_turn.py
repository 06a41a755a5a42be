"""A turn built one checker at a time (arbitru.engine.turn) is held to the whole plays: from no hops,
following every hop offered until the turn is complete reaches exactly the boards of the legal
plays; `forced` says exactly when one board remains; `reach` is exactly the routes the legal
plays take; a complete turn's play is the listed play of its board; every offered hop is taken."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitru.engine.board import Board, Color, other
from arbitru.engine.moves import legal_plays
from arbitru.engine.position import Position
from arbitru.engine.rules import PRESETS, Rules
from arbitru.engine.turn import TurnState, build_turn
from tests.support.cases import examples

Hops = tuple[tuple[int, int, int | None], ...]


def _met_in_play(preset: str, seed: int, turns: int) -> tuple[Board, Color]:
    rng, rules = random.Random(seed), PRESETS[preset]
    position = Position.initial(rules, turn="white")
    for _ in range(turns):
        plays = position.plays((rng.randint(1, 6), rng.randint(1, 6)))
        nxt = rng.choice(plays)
        if position.ends_game(nxt.board):
            break
        position = Position(nxt.board, other(position.turn), rules=rules)
    return position.board, position.turn or "white"


def _explore(board: Board, turn: Color, dice: tuple[int, int], rules: Rules) -> dict[Board, Hops]:
    """Every board the offered hops lead to once the turn is complete, each with the hops that got
    there, checking each answer on the way (states met twice are explored once)."""
    ends: dict[Board, Hops] = {}
    seen: set[tuple[Board, tuple[int, ...]]] = set()
    stack: list[Hops] = [()]
    while stack:
        hops = stack.pop()
        state = build_turn(board, turn, dice, hops, rules)
        assert state.legal, (hops, state.verdict)
        if (state.board, state.dice_left) in seen:
            continue
        seen.add((state.board, state.dice_left))
        if state.complete:
            assert state.play is not None and state.play.board == state.board and not state.next
            ends[state.board] = hops
            continue
        assert state.next, f"a turn neither complete nor with a next hop: {hops}"
        stack.extend(hops + ((hop.from_point, hop.to_point, hop.die),) for hop in state.next)
    return ends


def _check_the_law(board: Board, turn: Color, dice: tuple[int, int], rules: Rules) -> None:
    listed = {play.board: play for play in legal_plays(board, turn, dice, rules)}
    ends = _explore(board, turn, dice, rules)
    assert set(ends) == set(listed)
    start = build_turn(board, turn, dice, (), rules)
    assert start.forced == (len(listed) == 1)
    if start.forced:
        assert start.completion is not None
        done = build_turn(
            board, turn, dice, [(h.from_point, h.to_point, h.die) for h in start.completion], rules
        )
        assert done.complete and done.board in listed
    for end, hops in ends.items():
        assert build_turn(board, turn, dice, hops, rules).play == listed[end]
    assert _reach(start) == _routes_by_following(board, turn, dice, rules)


def _reach(state: TurnState) -> set[tuple[tuple[int, ...], tuple[int, ...], tuple[bool, ...]]]:
    found = set()
    for point, routes in state.reach.items():
        for route in routes:
            assert route.path[0] == point
            found.add((route.path, route.dice, route.hits))
    return found


def _routes_by_following(
    board: Board, turn: Color, dice: tuple[int, int], rules: Rules
) -> set[tuple[tuple[int, ...], tuple[int, ...], tuple[bool, ...]]]:
    """Every route of one checker moved first and on alone, hop after offered hop."""
    found = set()
    stack: list[tuple[Hops, tuple[int, ...], tuple[int, ...], tuple[bool, ...]]] = [((), (), (), ())]
    while stack:
        hops, path, used, hits = stack.pop()
        for hop in build_turn(board, turn, dice, hops, rules).next:
            if path and hop.from_point != path[-1]:
                continue
            route = ((path or (hop.from_point,)) + (hop.to_point,), used + (hop.die,), hits + (hop.hit,))
            found.add(route)
            stack.append((hops + ((hop.from_point, hop.to_point, hop.die),), *route))
    return found


@settings(max_examples=examples(20), deadline=None)
@given(
    preset=st.sampled_from(sorted(PRESETS)),
    seed=st.integers(0, 2**16),
    turns=st.integers(0, 60),
    dice=st.tuples(st.integers(1, 6), st.integers(1, 6)),
)
def test_following_every_offered_hop_reaches_exactly_the_boards_of_the_legal_plays(
    preset: str, seed: int, turns: int, dice: tuple[int, int]
) -> None:
    board, turn = _met_in_play(preset, seed, turns)
    _check_the_law(board, turn, dice, PRESETS[preset])


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("dice", [(6, 5), (3, 1), (6, 6), (1, 1)])
def test_the_law_holds_from_every_preset_s_start(preset: str, dice: tuple[int, int]) -> None:
    rules = PRESETS[preset]
    position = Position.initial(rules, turn="black")
    _check_the_law(position.board, "black", dice, rules)


def test_a_hop_no_legal_play_begins_with_is_refused_with_the_reason_of_a_play() -> None:
    start = Position.initial(PRESETS["standard"]).board
    state = build_turn(start, "white", (6, 6), [(24, 18, None), (6, 0, None)])
    assert not state.legal and state.failed_hop == 1 and state.verdict is not None
    assert state.verdict.code == "BEAR_OFF_NOT_ALLOWED"
    assert [(h.from_point, h.to_point) for h in state.hops] == [(24, 18)]


def test_a_hop_onto_a_closed_point_is_refused_as_a_whole_play_would_be() -> None:
    start = Position.initial(PRESETS["standard"]).board
    state = build_turn(start, "white", (5, 2), [(24, 19, None)])
    assert not state.legal and state.verdict is not None and state.verdict.code == "POINT_CLOSED"


def test_a_hit_on_the_way_is_told_on_the_hop_that_hits() -> None:
    board = Board.from_dict({"white": {"points": {"13": 15}}, "black": {"points": {"19": 1, "1": 14}}})
    state = build_turn(board, "white", (6, 5), [(13, 7, None)])
    assert state.legal and state.hops[0].die == 6 and not state.hops[0].hit
    nxt = {(h.from_point, h.to_point, h.hit) for h in state.next}
    assert (7, 2, False) in nxt and (13, 8, False) in nxt


def test_bearing_off_with_either_die_takes_the_die_given_or_the_higher_that_leads_on() -> None:
    board = Board.from_dict(
        {"white": {"points": {"3": 1, "1": 1}, "off": 13}, "black": {"points": {"1": 15}}}
    )
    either = build_turn(board, "white", (6, 5), [(3, 0, None)])
    assert either.legal and either.hops[0].die == 6 and either.dice_left == (5,)
    given = build_turn(board, "white", (6, 5), [(3, 0, 5)])
    assert given.legal and given.hops[0].die == 5 and given.dice_left == (6,)


def test_no_legal_play_is_a_complete_empty_turn_with_nothing_next() -> None:
    board = Board.from_dict(
        {
            "white": {"points": {"6": 14}, "bar": 1},
            "black": {"points": {str(p): 2 for p in range(1, 7)}, "off": 3},
        }
    )
    state = build_turn(board, "white", (4, 4))
    assert state.complete and state.forced and state.next == () and state.play is not None
    assert state.play.moves == ()


def test_a_forced_turn_gives_its_completion() -> None:
    board = Board.from_dict({"white": {"points": {"2": 1}, "off": 14}, "black": {"points": {"1": 15}}})
    state = build_turn(board, "white", (1, 1))
    assert state.forced and state.completion is not None
    assert [(h.from_point, h.to_point) for h in state.completion] == [(2, 1), (1, 0)]


def test_long_nardy_first_turn_six_six_takes_two_checkers_off_the_head() -> None:
    rules = PRESETS["long_nardy"]
    start = Position.initial(rules).board
    state = build_turn(start, "white", (6, 6), [(24, 18, None), (24, 18, None)], rules)
    assert state.legal and state.dice_left == (6, 6)
    third = build_turn(start, "white", (6, 6), [(24, 18, None), (24, 18, None), (24, 18, None)], rules)
    assert not third.legal and third.verdict is not None and third.verdict.code == "HEAD_RULE"
