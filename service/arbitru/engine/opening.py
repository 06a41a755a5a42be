"""The opening roll: who starts the game, and with which dice.

Standard opening (rules.opening = "standard"): each player rolls one die. Equal dice are rolled
again; in a money game with `automatic_doubles` > 0 each such tie also turns the centred cube up
(at most that many times a game, never above `max_cube`, never in a match). The higher die starts.

Romanian opening (rules.opening = "romanian", "marele și dubla mută"): each player rolls
both dice. A double beats any non-double; otherwise, and between two doubles, the higher total
wins. Choices made rule options:
- `opening_ties`: equal totals are rolled again (`reroll`, the default); or (`higher_die`) two
  non-doubles of equal total are decided by the higher single die (6-2 beats 5-3), and only
  identical rolls are rolled again.
- `opening_dice` (both openings): `rolled` (default) the starter plays the dice of the opening
  roll (standard: its die and the opponent's; Romanian: its own two dice, a double played four
  times); `new_roll` the starter rolls both dice afresh, and `dice` is null.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from arbitru.engine.board import COLORS, Color, Problem, problem
from arbitru.engine.cube import CENTERED, INITIAL_CUBE, Cube, automatic_double
from arbitru.engine.rules import STANDARD, Rules

DICE_PER_PLAYER = {"standard": 1, "romanian": 2}


def opening_step_keys(rules: Rules) -> tuple[str, str]:
    """The catalogue keys of the opening explained before it is rolled, from the rules' opening
    options (the one source, whatever the preset): who starts (`opening`, and for the Romanian
    opening `opening_ties`), then what the starter plays (`opening_dice`: the dice rolled, its own
    two in the Romanian opening, or both dice rolled afresh). /v1/start renders both sentences."""
    starts = (
        "opening_step.romanian." + rules.opening_ties
        if rules.opening == "romanian"
        else "opening_step.standard"
    )
    if rules.opening_dice == "new_roll":
        return starts, "opening_step.new_roll"
    return starts, f"opening_step.rolled.{rules.opening}"


@dataclass(frozen=True, slots=True)
class OpeningResult:
    """Who starts (None on a re-roll), the dice the starter plays, and the cube for the game."""

    starter: Color | None
    dice: tuple[int, ...] | None
    reroll: bool
    cube: Cube
    automatic_double: bool = False

    @property
    def code(self) -> str:
        """What happened, as a code: `opening_reroll` (`_auto` with an automatic double), or who
        starts with the opening dice (`opening_starts`) or with a new roll (`opening_starts_new_roll`)."""
        if self.reroll:
            return "opening_reroll_auto" if self.automatic_double else "opening_reroll"
        return "opening_starts_new_roll" if self.dice is None else "opening_starts"

    @property
    def message_key(self) -> str:
        """The catalogue key of the explanation: the code."""
        return self.code

    @property
    def params(self) -> dict[str, Any]:
        """What the explanation names: the cube value after a re-roll, else the starter and dice."""
        if self.reroll:
            return {"value": self.cube.value} if self.automatic_double else {}
        return {"starter": self.starter or "white", "dice": "-".join(map(str, self.dice or ()))}

    def to_dict(self) -> dict[str, Any]:
        """The contract's JSON form (plus `automatic_double`; the HTTP layer adds the `message`)."""
        return {
            "starter": self.starter,
            "dice": list(self.dice) if self.dice is not None else None,
            "reroll": self.reroll,
            "cube": self.cube.to_dict(),
            "automatic_double": self.automatic_double,
        }


def opening_problems(
    rolls: Mapping[str, Sequence[int]],
    rules: Rules,
    cube: Cube = INITIAL_CUBE,
    field: str = "rolls",
) -> list[Problem]:
    """Every reason these opening rolls (and cube) cannot be judged under `rules`."""
    found: list[Problem] = []
    count = DICE_PER_PLAYER[rules.opening]
    for color in COLORS:
        dice = rolls.get(color)
        where = f"{field}.{color}"
        if dice is None or len(dice) != count:
            found.append(problem(where, f"dice_count.{rules.opening}"))
            continue
        for index, die in enumerate(dice):
            if isinstance(die, bool) or not isinstance(die, int) or not 1 <= die <= 6:
                found.append(problem(f"{where}.{index}", "die_range"))
    if cube.owner != CENTERED:
        found.append(problem("cube.owner", "opening_cube"))
    return found


def _romanian_rank(dice: Sequence[int], ties: str) -> tuple[int, ...]:
    """Sort key of a two-dice opening roll: doubles first, then total, then (optionally) high die."""
    double = int(dice[0] == dice[1])
    key: tuple[int, ...] = (double, dice[0] + dice[1])
    if ties == "higher_die":
        key += (max(dice),)
    return key


def decide_opening(
    rolls: Mapping[Color, Sequence[int]],
    rules: Rules = STANDARD,
    cube: Cube = INITIAL_CUBE,
    in_match: bool = False,
) -> OpeningResult:
    """Who starts, given each player's opening roll (validated with `opening_problems` first)."""
    white, black = tuple(rolls["white"]), tuple(rolls["black"])
    if rules.opening == "romanian":
        ranks = (_romanian_rank(white, rules.opening_ties), _romanian_rank(black, rules.opening_ties))
    else:
        ranks = ((white[0],), (black[0],))
    if ranks[0] == ranks[1]:
        doubled = automatic_double(cube, rules, in_match)
        return OpeningResult(None, None, True, doubled or cube, doubled is not None)
    starter: Color = "white" if ranks[0] > ranks[1] else "black"
    if rules.opening_dice == "new_roll":
        dice = None
    elif rules.opening == "romanian":
        dice = tuple(sorted(white if starter == "white" else black, reverse=True))
    else:
        dice = tuple(sorted((white[0], black[0]), reverse=True))
    return OpeningResult(starter, dice, False, cube)
