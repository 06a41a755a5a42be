"""The rules in force for a game: scoring options, cube options, the opening custom and the variant.

A `Rules` value is immutable and hashable so it can key caches. `build_rules` turns a client's
options (a preset plus overrides) into one, reporting every bad value or combination as a
`Problem`; the engine only reads the result.

Presets:
- `standard`: the money game (cube on, Jacoby off, beavers off, Crawford rule for matches).
- `romanian`: *Table* as played in Romania: a game won is a linie (1 point) or a marț (2 points,
  the loser bore off no checker); nothing counts more, so a backgammon counts as a marț
  (`backgammons: true` makes it a marț tehnic, 3 points); matches to 3, no cube, and the "marele
  și dubla mută" opening, two dice each (see `arbitru.engine.opening`).
- `long_nardy`: Long Nardy ("table pe duse"), the variant `long_nardy` (both sides move the same way,
  no hitting, the head and block rules): the cube in use as in the Russian sport rules, a mars
  (gammon) 2, no backgammon; one die each at the opening, the winner rolls both dice afresh.
- `plakoto`: Greek Plakoto, the variant `plakoto` (a lone checker is pinned, not hit; the mother
  rule): no cube, a mars 2, no backgammon, the same opening.
- `fevga`: Greek Fevga, the variant `fevga` (both sides move the same way, one checker holds a point,
  the starting, starting-quarter and unblocking rules): no cube, a mars 2, no backgammon, the same
  opening.
- `portes`, `tavla`: Greek Portes and Turkish Tavla, the backgammon movement with no cube, a gammon
  (mars) 2 and a backgammon counting 2, the same opening; Tavla also forbids hit-and-run in the home
  board (`hit_and_run: "outside_home"`).
- `tavli`: Greek Tavli, a rotation match (`ROTATIONS`, option `rotation`): Portes, Plakoto, Fevga in
  turn, each game by its own preset (`game_rules`), the later games started by the winner of the
  one before with no opening roll; matches to 7, no cube.
Every variant's rules and sources: docs/variants.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields, replace
from operator import attrgetter
from typing import Any

from arbitru.engine.board import Problem, problem
from arbitru.engine.variants import VARIANTS as _GAMES
from arbitru.engine.variants import in_scope, option_scopes

# The games (`arbitru.engine.variants`, the one registry) and the options only some of them have,
# each with who has it (a game, or a family) and its values: `hypergammon_checkers` (hypergammon),
# `nardy_block` (long nardy's block rule: a play may not end in a block, `after_play`, or no single
# move may make one, `after_each_move`) and `hit_and_run` (the backgammon family: allowed
# `anywhere`, or `outside_home`: a checker that hits a blot in the mover's home board stays there
# for the rest of the turn, Tavla).
VARIANTS: tuple[str, ...] = tuple(_GAMES)
_SCOPES = option_scopes()
HYPERGAMMON_CHECKERS: tuple[int, ...] = _SCOPES["hypergammon_checkers"][1]
NARDY_BLOCKS: tuple[str, ...] = _SCOPES["nardy_block"][1]
HIT_AND_RUN: tuple[str, ...] = _SCOPES["hit_and_run"][1]
OPENINGS: tuple[str, ...] = ("standard", "romanian")
OPENING_TIES: tuple[str, ...] = ("reroll", "higher_die")
OPENING_DICE: tuple[str, ...] = ("rolled", "new_roll")
MAX_CUBE_LIMIT = 4096  # gnubg's MAX_CUBE (1 << 12)
CUBE_VALUES: tuple[int, ...] = tuple(2**n for n in range(MAX_CUBE_LIMIT.bit_length()))  # 1 .. 4096
MAX_AUTOMATIC_DOUBLES = MAX_CUBE_LIMIT.bit_length() - 1  # 12: one more would pass the largest cube
MAX_MATCH_LENGTH = 64


class _FromPreset:
    """The default of every option but `preset`: the value the preset named by `preset` gives it."""

    def __repr__(self) -> str:
        return "<the preset's>"


_FROM_PRESET: Any = _FromPreset()

# Every preset's options by name: standard is the money game, the others say what they change.
_STANDARD_VALUES: dict[str, Any] = {
    "variant": "backgammon",
    "hypergammon_checkers": 3,
    "nardy_block": "after_play",
    "hit_and_run": "anywhere",
    "jacoby": False,
    "gammons": True,
    "backgammons": True,
    "cube": True,
    "beavers": False,
    "raccoons": False,
    "crawford": True,
    "automatic_doubles": 0,
    "max_cube": 64,
    "opening": "standard",
    "opening_ties": "reroll",
    "opening_dice": "rolled",
    "match_length": 0,
    "rotation": "none",
}
_OPTION_VALUES = attrgetter(*_STANDARD_VALUES)  # every option's value but the preset's, in one call
_PRESET_VALUES: dict[str, dict[str, Any]] = {
    "standard": _STANDARD_VALUES,
    "romanian": {
        **_STANDARD_VALUES,
        "backgammons": False,
        "cube": False,
        "crawford": False,
        "opening": "romanian",
        "match_length": 3,
    },
}
# The Greek and Turkish presets share backgammon's scoring without the cube: a mars 2, nothing more.
# Their opening: one die each, and the winner rolls both dice afresh for the first turn.
_NO_CUBE_MARS: dict[str, Any] = {
    "backgammons": False,
    "cube": False,
    "crawford": False,
    "opening_dice": "new_roll",
}
_PRESET_VALUES.update(
    {
        "long_nardy": {
            **_STANDARD_VALUES,
            "variant": "long_nardy",
            "backgammons": False,
            "opening_dice": "new_roll",
        },
        "plakoto": {**_STANDARD_VALUES, **_NO_CUBE_MARS, "variant": "plakoto"},
        "fevga": {**_STANDARD_VALUES, **_NO_CUBE_MARS, "variant": "fevga"},
        "portes": {**_STANDARD_VALUES, **_NO_CUBE_MARS},
        "tavla": {**_STANDARD_VALUES, **_NO_CUBE_MARS, "hit_and_run": "outside_home"},
    }
)

# The rotations (issue 43): matches whose games follow one another in this order of presets, again
# and again, each later game started by the winner of the one before with no opening roll. Declared
# here once; `ROTATIONS` is what the engine plays. Greek Tavli: Portes, Plakoto, Fevga (Wikipedia
# "Tavli"; docs/variants.md, "Rotation matches", says why Bulgaria's Tabla is not declared).
ROTATIONS: dict[str, tuple[str, ...]] = {"tavli": ("portes", "plakoto", "fevga")}
assert all(set(games) <= set(_PRESET_VALUES) for games in ROTATIONS.values()), (
    "a rotation's games are presets"
)
ROTATION_NAMES: tuple[str, ...] = ("none", *ROTATIONS)
# A rotation's preset: its first game's rules, the rotation named, matches to 7 (Greek clubs play
# Tavli to 5 or 7; Wikipedia "Tavli").
_PRESET_VALUES.update(
    {
        name: {**_PRESET_VALUES[games[0]], "rotation": name, "match_length": 7}
        for name, games in ROTATIONS.items()
    }
)


@dataclass(frozen=True, slots=True)
class Rules:
    """Options of a game: those of the preset named by `preset` (standard, the money game, unless
    given), each option given overriding it. `Rules(preset="romanian")` is the Romanian preset and
    `Rules(preset="romanian", match_length=5)` that preset with matches to 5; an unknown preset is
    a ValueError. No other check: `build_rules` reports every bad value of client input."""

    preset: str = "standard"
    variant: str = _FROM_PRESET
    hypergammon_checkers: int = _FROM_PRESET
    nardy_block: str = _FROM_PRESET
    hit_and_run: str = _FROM_PRESET
    jacoby: bool = _FROM_PRESET
    gammons: bool = _FROM_PRESET
    backgammons: bool = _FROM_PRESET
    cube: bool = _FROM_PRESET
    beavers: bool = _FROM_PRESET
    raccoons: bool = _FROM_PRESET
    crawford: bool = _FROM_PRESET
    automatic_doubles: int = _FROM_PRESET
    max_cube: int = _FROM_PRESET
    opening: str = _FROM_PRESET
    opening_ties: str = _FROM_PRESET
    opening_dice: str = _FROM_PRESET
    match_length: int = _FROM_PRESET
    rotation: str = _FROM_PRESET

    def __post_init__(self) -> None:
        values = _PRESET_VALUES.get(self.preset) if isinstance(self.preset, str) else None
        if values is None:
            raise ValueError(f"unknown preset {self.preset!r}; known: {', '.join(_PRESET_VALUES)}")
        if _FROM_PRESET not in _OPTION_VALUES(self):  # every option given (a copy): nothing to fill
            return
        for name, value in values.items():
            if getattr(self, name) is _FROM_PRESET:
                object.__setattr__(self, name, value)

    @property
    def rotates(self) -> bool:
        """Whether a match of these rules rotates its games (`ROTATIONS`: each game its turn's
        preset, a later game started by the winner of the one before)."""
        return self.rotation != "none"

    @property
    def checkers(self) -> int:
        """How many checkers each side owns in this variant."""
        return _GAMES[self.variant].checkers_in(self)

    def with_options(self, **options: Any) -> Rules:
        """A copy with some options changed; a `preset` option starts from that preset instead.

        No validation: use `build_rules` for client input.
        """
        if "preset" in options:
            return Rules(**options)
        return replace(self, **options)

    def to_dict(self) -> dict[str, Any]:
        """Every option that applies, by name: the JSON form, which `build_rules` accepts back as it is
        and reads as the same rules (an option of some variants, `hypergammon_checkers`,
        `nardy_block` or `hit_and_run`, is left out in the others, where a request may not give
        it)."""
        found = asdict(self)
        for name in VARIANT_OPTIONS:
            if not self.applies(name):
                del found[name]
        return found

    def applies(self, name: str) -> bool:
        """Whether the option `name` means anything in this variant (an option of some variants,
        `VARIANT_OPTIONS`, only there)."""
        return in_scope(name, self.variant)

    @classmethod
    def option_names(cls) -> tuple[str, ...]:
        """Names of every option (with `preset`, the keys a client may send)."""
        return tuple(f.name for f in fields(cls))


# The options of some games only (`_SCOPES`), in field order: option -> (who has it, its values).
VARIANT_OPTIONS: dict[str, tuple[str, tuple[Any, ...]]] = {
    name: _SCOPES[name] for name in Rules.option_names() if name in _SCOPES
}
PRESETS: dict[str, Rules] = {name: Rules(preset=name) for name in _PRESET_VALUES}
STANDARD = PRESETS["standard"]
ROMANIAN = PRESETS["romanian"]
assert tuple(_STANDARD_VALUES) == Rules.option_names()[1:], "one standard value per option, in field order"


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """Everything known about one rules option: its type, closed set of values (an enum in the spec
    and in GET /v1/rules), integer limits, and the option it needs to mean anything. Its description
    is a message (`rules_option.<name>` in `arbitru.messages`, English and Romanian).

    The one table of the options (`OPTIONS`): the marshmallow schemas, GET /v1/rules, the query
    schema of GET /v1/start, `build_rules` and the spec are generated from it; the defaults per
    preset are the `PRESETS` values."""

    name: str
    kind: type
    choices: tuple[Any, ...] = ()
    limits: tuple[int, int] | None = None
    requires: str | None = None

    @property
    def off(self) -> Any:
        """The value that switches the option off (when its requirement fails)."""
        return 0 if self.kind is int else False

    def default(self, preset: str = "standard") -> Any:
        """The option's value in a preset."""
        return getattr(PRESETS[preset], self.name)

    def defaults(self) -> dict[str, Any]:
        """The option's value in every preset."""
        return {name: getattr(rules, self.name) for name, rules in PRESETS.items()}


# One row per option, in `Rules` field order. When a `requires` option is off the option is switched
# off silently if the preset set it, and is a Problem if the client asked for it explicitly.
OPTIONS: dict[str, OptionSpec] = {
    spec.name: spec
    for spec in (
        OptionSpec("preset", str, tuple(PRESETS)),
        OptionSpec("variant", str, VARIANTS),
        OptionSpec("hypergammon_checkers", int, HYPERGAMMON_CHECKERS),
        OptionSpec("nardy_block", str, NARDY_BLOCKS),
        OptionSpec("hit_and_run", str, HIT_AND_RUN),
        OptionSpec("jacoby", bool, requires="cube"),
        OptionSpec("gammons", bool),
        OptionSpec("backgammons", bool, requires="gammons"),
        OptionSpec("cube", bool),
        OptionSpec("beavers", bool, requires="cube"),
        OptionSpec("raccoons", bool, requires="beavers"),
        OptionSpec("crawford", bool, requires="cube"),
        OptionSpec("automatic_doubles", int, limits=(0, MAX_AUTOMATIC_DOUBLES), requires="cube"),
        OptionSpec("max_cube", int, CUBE_VALUES, limits=(1, MAX_CUBE_LIMIT)),
        OptionSpec("opening", str, OPENINGS),
        OptionSpec("opening_ties", str, OPENING_TIES),
        OptionSpec("opening_dice", str, OPENING_DICE),
        OptionSpec("match_length", int, limits=(0, MAX_MATCH_LENGTH)),
        OptionSpec("rotation", str, ROTATION_NAMES),
    )
}
assert tuple(OPTIONS) == Rules.option_names(), "one row per Rules field, in field order"
assert all(OPTIONS[f.name].kind.__name__ == f.type for f in fields(Rules)), "row types = field types"

# Which options must be on for another to mean anything, in the order `build_rules` resolves them
# (a requirement is resolved before what requires it: cube before beavers before raccoons).
_REQUIRES: tuple[OptionSpec, ...] = tuple(spec for spec in OPTIONS.values() if spec.requires)


def build_rules(options: Mapping[str, Any] | None, prefix: str = "rules") -> tuple[Rules, list[Problem]]:
    """Rules from a client's `rules` object: `preset` (default standard) plus overridden options.

    Returns the rules and every problem found (the rules are only meaningful when there is none).
    """
    options = dict(options or {})
    found: list[Problem] = []
    preset_name = options.pop("preset", "standard")
    if preset_name not in PRESETS:
        found.append(problem(f"{prefix}.preset", "unknown_choice", choices=", ".join(PRESETS)))
        preset_name = "standard"
    base = PRESETS[preset_name]
    names = set(Rules.option_names()) - {"preset"}
    given: dict[str, Any] = {}
    for key, value in options.items():
        field = f"{prefix}.{key}"
        if key not in names:
            found.append(problem(field, "unknown_option"))
        elif (bad := _type_problem(key, value, field)) is not None:
            found.append(bad)
        else:
            given[key] = value
    rules = replace(base, **given)
    found.extend(_value_problems(rules, given, prefix))
    rules, combos = _resolve_requirements(rules, given, prefix)
    found.extend(combos)
    return rules, found


def _type_problem(key: str, value: Any, field: str) -> Problem | None:
    """The value's type, then its closed set of values (an option with limits has its range checked
    with the other options, by `_value_problems`)."""
    spec = OPTIONS[key]
    if spec.kind is bool:
        return None if isinstance(value, bool) else problem(field, "not_boolean")
    if spec.kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        return problem(field, "not_integer")
    if spec.choices and spec.limits is None and value not in spec.choices:
        return problem(field, "unknown_choice", choices=", ".join(str(c) for c in spec.choices))
    return None


def _value_problems(rules: Rules, given: Mapping[str, Any], prefix: str) -> list[Problem]:
    found: list[Problem] = []
    for name, (scope, _) in VARIANT_OPTIONS.items():
        if name in given and not rules.applies(name):
            found.append(problem(f"{prefix}.{name}", f"only_{scope}"))
    if not _power_of_two(rules.max_cube) or not 1 <= rules.max_cube <= MAX_CUBE_LIMIT:
        found.append(problem(f"{prefix}.max_cube", "max_cube_range", limit=MAX_CUBE_LIMIT))
    elif not 0 <= rules.automatic_doubles <= rules.max_cube.bit_length() - 1:  # never 2**n of a client's n
        found.append(
            problem(f"{prefix}.automatic_doubles", "automatic_doubles_range", max_cube=rules.max_cube)
        )
    if not 0 <= rules.match_length <= MAX_MATCH_LENGTH:
        found.append(problem(f"{prefix}.match_length", "match_length_range", limit=MAX_MATCH_LENGTH))
    if rules.opening == "standard" and rules.opening_ties != "reroll":
        if "opening_ties" in given:
            found.append(problem(f"{prefix}.opening_ties", "ties_need_romanian"))
    found.extend(_rotation_problems(rules, given, prefix))
    return found


# What a rotation's rules may set besides their preset: the rotation and the match's length.
_ROTATION_CHOSEN = frozenset(("rotation", "match_length"))


def _rotation_problems(rules: Rules, given: Mapping[str, Any], prefix: str) -> list[Problem]:
    """A rotation's games are played by their own presets: the preset must be one of its games (or
    the rotation's own preset), and an option given may only restate the preset's value (what the
    answers carry back), the match length aside."""
    if not rules.rotates:
        return []
    games = ROTATIONS[rules.rotation]
    if rules.preset not in games and PRESETS[rules.preset].rotation != rules.rotation:
        presets = ", ".join((*games, *(n for n, r in PRESETS.items() if r.rotation == rules.rotation)))
        return [problem(f"{prefix}.rotation", "rotation_preset", rotation=rules.rotation, presets=presets)]
    base = PRESETS[rules.preset]
    return [
        problem(f"{prefix}.{name}", "rotation_option", rotation=rules.rotation)
        for name, value in given.items()
        if name not in _ROTATION_CHOSEN and value != getattr(base, name)
    ]


def game_rules(rules: Rules, number: int) -> Rules:
    """The rules of game `number` (1 the first) of a match played by `rules`: in a rotation, the
    preset of that game's turn in it (`ROTATIONS`) with the rotation and the match length kept (so
    the answer names the game and, sent back, its rotation); `rules` themselves when they already
    play that game (the rotation's own preset plays its first game: `tavli` is answered as sent),
    and outside a rotation."""
    if not rules.rotates:
        return rules
    games = ROTATIONS[rules.rotation]
    preset = games[(number - 1) % len(games)]
    if games[first_game(rules) - 1] == preset:
        return rules
    return Rules(preset=preset, rotation=rules.rotation, match_length=rules.match_length)


def first_game(rules: Rules) -> int:
    """The number of the first game `rules` play in their match: in a rotation, the first whose turn
    is their preset's (the rotation's own preset plays its first game); 1 outside a rotation."""
    if not rules.rotates:
        return 1
    games = ROTATIONS[rules.rotation]
    return games.index(rules.preset) + 1 if rules.preset in games else 1


def _resolve_requirements(rules: Rules, given: Mapping[str, Any], prefix: str) -> tuple[Rules, list[Problem]]:
    found: list[Problem] = []
    if rules.opening == "standard" and rules.opening_ties != "reroll" and "opening_ties" not in given:
        rules = replace(rules, opening_ties="reroll")
    for spec in _REQUIRES:
        option, requirement = spec.name, spec.requires
        assert requirement is not None
        if getattr(rules, option) == spec.off or getattr(rules, requirement):
            continue
        if option in given:
            found.append(problem(f"{prefix}.{option}", "option_requires", requirement=requirement))
        else:
            rules = replace(rules, **{option: spec.off})
    return rules, found


def _power_of_two(value: int) -> bool:
    return value > 0 and value & (value - 1) == 0


def presets() -> dict[str, dict[str, Any]]:
    """Every preset with all its options (what `GET /v1/rules` lists)."""
    return {name: preset.to_dict() for name, preset in PRESETS.items()}
