"""The doubling cube: its state, and whether a cube action is legal now and what follows from it.

Actions: `double` (by the player on roll, before rolling), then the answers `take`, `drop`,
`beaver` (the taker redoubles at once, money games only) and `raccoon` (the doubler redoubles the
beaver at once). Requests are stateless: the cube given is the cube *before* the double, `turn` is
the doubler, and `offer` says which offer is being answered (`double`, `beaver` or `raccoon`).

As in GNU Backgammon, whatever is taken ends with the cube owned by the doubler's opponent (the
player not on roll), at the last value offered; a drop ends the game, the last offerer winning the
cube value before that offer (a dropped double: the cube value before the double).
Reason codes are stable (see `REASONS`); their texts are rendered by `arbitru.messages`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, get_args

from arbitru.engine.board import Color, other
from arbitru.engine.rules import Rules

Owner = Literal["centered", "white", "black"]
OWNERS: tuple[str, ...] = get_args(Owner)
CENTERED: Owner = "centered"
ACTIONS: tuple[str, ...] = ("double", "take", "drop", "beaver", "raccoon")
OFFERS: tuple[str, ...] = ("double", "beaver", "raccoon")

REASONS: tuple[str, ...] = (
    "GAME_OVER",
    "CUBE_DISABLED",
    "CRAWFORD_GAME",
    "ALREADY_ROLLED",
    "NOT_CUBE_OWNER",
    "MAX_CUBE_REACHED",
    "NO_BEAVERS_IN_MATCH",
    "BEAVERS_NOT_ALLOWED",
    "RACCOONS_NOT_ALLOWED",
    "BEAVER_ANSWERS_DOUBLE",
    "RACCOON_ANSWERS_BEAVER",
    "NOT_YOUR_ACTION",
)


@dataclass(frozen=True, slots=True)
class Cube:
    """The cube: its value and who owns it (`centered` before anyone has doubled)."""

    value: int = 1
    owner: Owner = CENTERED

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> Cube:
        """From the contract's `{"value": 2, "owner": "white"}` (both keys optional)."""
        data = data or {}
        return cls(int(data.get("value", 1)), data.get("owner", CENTERED))

    def to_dict(self) -> dict[str, Any]:
        """The contract's JSON form."""
        return {"value": self.value, "owner": self.owner}

    def may_double(self, color: Color) -> bool:
        """Whether `color` holds the right to double (owns the cube, or it is centred)."""
        return self.owner in (CENTERED, color)


@dataclass(frozen=True, slots=True)
class Offer:
    """A pending cube offer: what kind, by whom, and the value it would take the cube to."""

    kind: str
    by: Color
    value: int

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {"kind": self.kind, "by": self.by, "value": self.value}


@dataclass(frozen=True, slots=True)
class CubeVerdict:
    """The answer to one cube action: legal or not (with a reason code), and what follows."""

    legal: bool
    action: str
    code: str | None = None
    params: Mapping[str, Any] = field(default_factory=dict)
    cube: Cube | None = None
    offer: Offer | None = None
    next_player: Color | None = None
    next_actions: tuple[str, ...] = ()
    winner: Color | None = None
    points: int | None = None

    @property
    def game_over(self) -> bool:
        """Whether the action ended the game (a drop)."""
        return self.winner is not None

    @property
    def message_key(self) -> str:
        """The catalogue key of the reason: the code (empty for a legal action, which has none)."""
        return self.code or ""

    def outcome_dict(self) -> dict[str, Any]:
        """The outcome in /v1/outcome's shape: a drop is a single game won at the dropped value."""
        if not self.game_over:
            return {"game_over": False, "winner": None, "result": None, "multiplier": None, "points": None}
        return {
            "game_over": True,
            "winner": self.winner,
            "result": "single",
            "multiplier": 1,
            "points": self.points,
        }


INITIAL_CUBE = Cube()
_STANDARD = Rules()


def _illegal(action: str, code: str, **params: Any) -> CubeVerdict:
    return CubeVerdict(False, action, code, params)


def answer_stage(offer: str) -> int:
    """How many redoubles the answered offer carries: double 0, beaver 1, raccoon 2."""
    return OFFERS.index(offer)


def _offer_illegal(
    action: str, turn: Color, cube: Cube, rules: Rules, in_match: bool, crawford_game: bool, stage: int
) -> CubeVerdict | None:
    """Why the double (and the beaver and raccoon up to `stage`) cannot have been offered, if so."""
    if not rules.cube:
        return _illegal(action, "CUBE_DISABLED")
    if crawford_game:
        return _illegal(action, "CRAWFORD_GAME")
    if not cube.may_double(turn):
        return _illegal(action, "NOT_CUBE_OWNER", owner=cube.owner)
    if stage >= 1:
        if in_match:
            return _illegal(action, "NO_BEAVERS_IN_MATCH")
        if not rules.beavers:
            return _illegal(action, "BEAVERS_NOT_ALLOWED")
    if stage >= 2 and not rules.raccoons:
        return _illegal(action, "RACCOONS_NOT_ALLOWED")
    if cube.value * 2 ** (stage + 1) > rules.max_cube:
        return _illegal(action, "MAX_CUBE_REACHED", max_cube=rules.max_cube)
    return None


def _answers(cube: Cube, rules: Rules, in_match: bool, stage: int) -> tuple[str, ...]:
    """The answers open to the player facing the offer at `stage`."""
    allowed = ["take", "drop"]
    if stage < 2 and not in_match and cube.value * 2 ** (stage + 2) <= rules.max_cube:
        if (stage == 0 and rules.beavers) or (stage == 1 and rules.raccoons):
            allowed.append("beaver" if stage == 0 else "raccoon")
    return tuple(allowed)


def actor(action: str, turn: Color, offer: str = "double") -> Color:
    """Who takes `action` when `turn` is on roll: the doubler doubles; an answer is by the player the
    answered `offer` was made to (a double and a raccoon are answered by the opponent of `turn`, a
    beaver by `turn`)."""
    if action == "double":
        return turn
    return other(turn) if answer_stage(offer) % 2 == 0 else turn


def cube_action(
    action: str,
    turn: Color,
    cube: Cube = INITIAL_CUBE,
    rules: Rules = _STANDARD,
    *,
    in_match: bool = False,
    crawford_game: bool = False,
    offer: str = "double",
    rolled: bool = False,
    game_over: bool = False,
    by: Color | None = None,
) -> CubeVerdict:
    """Judge `action` by the players of a game where `turn` is on roll and `cube` is the cube before
    any offer. `offer` names what an answer answers; `rolled` says whether `turn` has already rolled.
    `by`, when given, is who claims the action: anyone but its `actor` is refused (NOT_YOUR_ACTION).
    """
    if action not in ACTIONS:
        raise ValueError(f"unknown cube action {action!r}")
    if offer not in OFFERS:
        raise ValueError(f"unknown cube offer {offer!r}")
    if game_over:
        return _illegal(action, "GAME_OVER")
    if by is not None and by != actor(action, turn, offer):
        return _illegal(action, "NOT_YOUR_ACTION", by=by, player=actor(action, turn, offer))
    if action == "double":
        return _double(turn, cube, rules, in_match, crawford_game, rolled)
    stage = answer_stage(offer)
    if action == "beaver":
        if stage != 0:
            return _illegal(action, "BEAVER_ANSWERS_DOUBLE")
        stage_after = 1
    elif action == "raccoon":
        if stage != 1:
            return _illegal(action, "RACCOON_ANSWERS_BEAVER")
        stage_after = 2
    else:
        stage_after = stage
    why = _offer_illegal(action, turn, cube, rules, in_match, crawford_game, stage_after)
    if why is not None:
        return why
    offered = cube.value * 2 ** (stage + 1)  # the value of the offer being answered
    offerer = turn if stage % 2 == 0 else other(turn)
    if action == "take":
        return CubeVerdict(
            True, action, cube=Cube(offered, other(turn)), next_player=turn, next_actions=("roll",)
        )
    if action == "drop":
        before = cube if stage == 0 else Cube(offered // 2, other(turn))  # the cube the drop refuses to raise
        return CubeVerdict(True, action, cube=before, winner=offerer, points=offered // 2)
    # beaver or raccoon: the answerer takes the offer and at once redoubles it.
    answerer = other(offerer)
    return CubeVerdict(
        True,
        action,
        cube=Cube(offered, other(turn)),
        offer=Offer(action, answerer, offered * 2),
        next_player=offerer,
        next_actions=_answers(cube, rules, in_match, stage_after),
    )


def _double(
    turn: Color, cube: Cube, rules: Rules, in_match: bool, crawford_game: bool, rolled: bool
) -> CubeVerdict:
    why = _offer_illegal("double", turn, cube, rules, in_match, crawford_game, 0)
    if why is not None and why.code != "MAX_CUBE_REACHED":
        return why
    if rolled:
        return _illegal("double", "ALREADY_ROLLED")
    if why is not None:
        return why
    return CubeVerdict(
        True,
        "double",
        cube=cube,
        offer=Offer("double", turn, cube.value * 2),
        next_player=other(turn),
        next_actions=_answers(cube, rules, in_match, 0),
    )


def automatic_double(cube: Cube, rules: Rules, in_match: bool) -> Cube | None:
    """The cube after an automatic double on equal opening rolls, or None when none applies.

    Money games only, with the cube in use, at most `rules.automatic_doubles` per game (the centred
    cube's value tells how many happened), never above the maximum cube.
    """
    if in_match or not rules.cube or cube.owner != CENTERED:
        return None
    # a centred cube at 2**k has had k automatic doubles (none allowed: 1 has one bit, more than 0)
    if cube.value.bit_length() > rules.automatic_doubles or cube.value * 2 > rules.max_cube:
        return None
    return Cube(cube.value * 2)  # still centred
