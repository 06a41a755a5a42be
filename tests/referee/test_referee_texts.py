"""Every ruling of the referee is a code with named parameters, worded in English and Romanian."""

from __future__ import annotations

import string
from typing import Any

import pytest

from arbitru.formats.game_record import record_to_match
from arbitru.messages.catalogue import CATALOGUE
from arbitru.referee import IMPOSSIBLE, REASON_CODES, Referee, resolve_rules
from tests.referee.test_referee import CASES

TEXTS = {key: texts for key, texts in CATALOGUE.items() if key.startswith("referee.")}  # the referee's own


def _names(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("key", sorted(TEXTS))
def test_each_referee_text_is_in_english_and_romanian_with_the_same_parameters(key: str) -> None:
    assert set(TEXTS[key]) == {"en", "ro"}
    assert _names(TEXTS[key]["en"]) == _names(TEXTS[key]["ro"])


@pytest.mark.parametrize("code", sorted(CASES))
def test_each_reason_code_stops_the_replay_with_its_code_and_plain_parameters(code: str) -> None:
    data, mode = CASES[code]
    match = record_to_match(data)
    rules, _ = resolve_rules(match, data.get("rules"))
    referee = Referee(match, rules, mode)
    verdict = referee.verdict()
    stopped = referee.stopped
    assert stopped is not None and stopped.code == code == verdict["error"]["code"]
    assert code in REASON_CODES and stopped.key.startswith("referee.")
    assert all(isinstance(value, (str, int)) for value in stopped.params.values())
    assert stopped.message("en") == verdict["error"]["message"]
    romanian = stopped.message("ro")
    assert romanian != verdict["error"]["message"] and "{" not in romanian


def test_the_impossible_plays_are_the_ones_never_condoned_and_each_has_its_text() -> None:
    worded = {key.rsplit(".", 1)[1] for key in TEXTS if key.startswith("referee.impossible.")}
    assert worded == IMPOSSIBLE and IMPOSSIBLE <= set(REASON_CODES)


def six_six_after_the_opening(play: str) -> tuple[Referee, dict[str, Any]]:
    """The referee after Dorin's opening 6-2 and Nicu's 6-6 written `play`, and its verdict."""
    turns = [
        {"player": 1, "action": "roll", "dice": [6, 2], "play": "24/18 13/11"},
        {"player": 0, "action": "roll", "dice": [6, 6], "play": play},
    ]
    data = {"players": ["Nicu", "Dorin"], "match_length": 3, "games": [{"game": 1, "turns": turns}]}
    match = record_to_match(data)
    referee = Referee(match, resolve_rules(match, {})[0])
    return referee, referee.verdict()


def test_a_doublet_played_short_counts_moves_in_romanian_not_dice() -> None:
    # 6-6 written with three sixes: in Romanian the four are moves (mutări), not four dice (zaruri)
    referee, _ = six_six_after_the_opening("24/18 13/7 13/7")
    assert referee.stopped is not None
    assert referee.stopped.message("ro").endswith("6-6 se poate juca în 4 mutări; mutarea folosește 3")
    assert referee.stopped.message("en").endswith("6-6 can be played with 4 dice; the play uses 3")


def test_a_replay_that_breaks_no_rule_stops_nowhere() -> None:
    # the same opening, 6-6 played in full: nothing is stopped, and `stopped` says so (None)
    referee, verdict = six_six_after_the_opening("24/18(2) 13/7(2)")
    assert verdict["error"] is None and referee.stopped is None


def test_a_refused_answer_to_the_cube_names_the_cubes_ruling_as_its_reason() -> None:
    # a beaver in a match: the refusal's text quotes the cube's ruling, its parameter `reason`
    data, mode = CASES["NO_BEAVERS_IN_MATCH"]
    match = record_to_match(data)
    referee = Referee(match, resolve_rules(match, data.get("rules"))[0], mode)
    referee.verdict()
    assert referee.stopped is not None and referee.stopped.key == "referee.cube.answer"
    assert set(referee.stopped.params) == {"player", "answer", "reason"}
    assert referee.stopped.params["reason"] in referee.stopped.message("en")
