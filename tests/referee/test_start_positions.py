"""A game that starts from a stated XG position (`; Set Pos=`): decoded by the one XG reader."""

from __future__ import annotations

import pytest

from arbitru.formats.game_record import record_to_match
from arbitru.referee import resolve_rules, verify

# White (uppercase) on its 6, 8, 13 and 24 points, black (lowercase) the same: the opening board.
OPENING = "-b----E-C---eE---c-e----B-"


def _verdict(position: str) -> dict[str, object]:
    record = {
        "players": ["Nicu", "Dorin"],
        "match_length": 1,
        "games": [
            {"game": 1, "set_position": position, "turns": [{"player": 0, "dice": [3, 1], "play": "8/5 6/5"}]}
        ],
    }
    match = record_to_match(record)
    rules, _ = resolve_rules(match, None)
    return verify(match, rules)


def test_a_stated_opening_board_is_played_from() -> None:
    verdict = _verdict(OPENING)
    assert verdict["error"] is None


@pytest.mark.parametrize(
    "position",
    [
        "A" + OPENING[1:],  # the first character is the top (black) player's bar: lowercase only
        OPENING[:25] + "a",  # the last is the bottom (white) player's bar: uppercase only
    ],
)
def test_a_bar_written_in_the_other_players_case_is_not_a_start_position(position: str) -> None:
    error = _verdict(position)["error"]
    assert isinstance(error, dict) and error["code"] == "BAD_START_POSITION"
