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
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from arbitru.engine.board import Problem
from arbitru.engine.i18n import problem

VARIANTS: tuple[str, ...] = ("backgammon", "nackgammon", "hypergammon")
HYPERGAMMON_CHECKERS: tuple[int, ...] = (1, 2, 3)
OPENINGS: tuple[str, ...] = ("standard", "romanian")
OPENING_TIES: tuple[str, ...] = ("reroll", "higher_die")
OPENING_DICE: tuple[str, ...] = ("rolled", "new_roll")
MAX_CUBE_LIMIT = 4096  # gnubg's MAX_CUBE (1 << 12)
CUBE_VALUES: tuple[int, ...] = tuple(2**n for n in range(MAX_CUBE_LIMIT.bit_length()))  # 1 .. 4096
MAX_AUTOMATIC_DOUBLES = MAX_CUBE_LIMIT.bit_length() - 1  # 12: one more would pass the largest cube
MAX_MATCH_LENGTH = 64

# One line per option, for the API documentation and GET /v1/rules.
OPTION_DOCS: dict[str, str] = {
    "preset": "the preset the other options start from: standard (money game) or romanian (Table)",
    "variant": "backgammon, nackgammon or hypergammon (sets the starting position and checkers per side)",
    "hypergammon_checkers": "checkers per side in hypergammon: 1, 2 or 3 (hypergammon only)",
    "jacoby": "Jacoby rule: gammons and backgammons count single while the cube is centred (nobody has "
    "doubled, whatever its value, e.g. after automatic doubles; money only)",
    "gammons": "whether a gammon (marț) counts double",
    "backgammons": "whether a backgammon (marț tehnic) counts triple; otherwise it counts as a gammon "
    "(marț, 2), as in the romanian preset",
    "cube": "whether the doubling cube is in use",
    "beavers": "whether the taker may beaver (money games only; needs the cube)",
    "raccoons": "whether the doubler may raccoon a beaver (needs beavers)",
    "crawford": "whether the Crawford rule applies in matches (needs the cube)",
    "automatic_doubles": "automatic doubles on equal opening rolls per game, money only (0 = none)",
    "max_cube": "the highest cube value allowed (a power of two up to 4096)",
    "opening": "who starts: standard (one die each) or romanian (two dice each, a double beats a non-double)",
    "opening_ties": "romanian opening, equal totals: reroll, or higher_die (the higher single die wins)",
    "opening_dice": "the starter plays the rolled dice (rolled) or rolls both dice afresh (new_roll)",
    "match_length": "match length used when a request gives no match (0 = money game)",
}


@dataclass(frozen=True, slots=True)
class Rules:
    """Options of a game. Defaults are the standard money game."""

    preset: str = "standard"
    variant: str = "backgammon"
    hypergammon_checkers: int = 3
    jacoby: bool = False
    gammons: bool = True
    backgammons: bool = True
    cube: bool = True
    beavers: bool = False
    raccoons: bool = False
    crawford: bool = True
    automatic_doubles: int = 0
    max_cube: int = 64
    opening: str = "standard"
    opening_ties: str = "reroll"
    opening_dice: str = "rolled"
    match_length: int = 0

    @property
    def checkers(self) -> int:
        """How many checkers each side owns in this variant."""
        return self.hypergammon_checkers if self.variant == "hypergammon" else 15

    def with_options(self, **options: Any) -> Rules:
        """A copy with some options changed; a `preset` option starts from that preset instead.

        No validation: use `build_rules` for client input.
        """
        if "preset" in options:
            return replace(PRESETS.get(options["preset"], STANDARD), **options)
        return replace(self, **options)

    def to_dict(self) -> dict[str, Any]:
        """Every option by name (the JSON form)."""
        return asdict(self)

    @classmethod
    def option_names(cls) -> tuple[str, ...]:
        """Names of every option (with `preset`, the keys a client may send)."""
        return tuple(f.name for f in fields(cls))


STANDARD = Rules()
ROMANIAN = Rules(
    preset="romanian", backgammons=False, cube=False, crawford=False, opening="romanian", match_length=3
)
PRESETS: dict[str, Rules] = {"standard": STANDARD, "romanian": ROMANIAN}

# What each option needs to mean anything: (option, value that switches it off, requirement).
# When the requirement fails the option is switched off silently if the preset set it, and is a
# Problem if the client asked for it explicitly.
_REQUIRES: tuple[tuple[str, Any, str], ...] = (
    ("backgammons", False, "gammons"),
    ("jacoby", False, "cube"),
    ("beavers", False, "cube"),
    ("raccoons", False, "beavers"),
    ("crawford", False, "cube"),
    ("automatic_doubles", 0, "cube"),
)

BOOLEAN_OPTIONS: tuple[str, ...] = (
    "jacoby",
    "gammons",
    "backgammons",
    "cube",
    "beavers",
    "raccoons",
    "crawford",
)
# Every option with a closed set of values (the API spec lists them as enums).
CHOICES: dict[str, tuple[Any, ...]] = {
    "preset": tuple(PRESETS),
    "variant": VARIANTS,
    "hypergammon_checkers": HYPERGAMMON_CHECKERS,
    "opening": OPENINGS,
    "opening_ties": OPENING_TIES,
    "opening_dice": OPENING_DICE,
    "max_cube": CUBE_VALUES,
}
# The integer options' ranges (max_cube and automatic_doubles are also checked together).
RANGES: dict[str, tuple[int, int]] = {
    "automatic_doubles": (0, MAX_AUTOMATIC_DOUBLES),
    "match_length": (0, MAX_MATCH_LENGTH),
}


def build_rules(
    options: Mapping[str, Any] | None, prefix: str = "rules", lang: str = "en"
) -> tuple[Rules, list[Problem]]:
    """Rules from a client's `rules` object: `preset` (default standard) plus overridden options.

    Returns the rules and every problem found (the rules are only meaningful when there is none).
    """
    options = dict(options or {})
    found: list[Problem] = []
    preset_name = options.pop("preset", "standard")
    if preset_name not in PRESETS:
        found.append(problem(f"{prefix}.preset", "unknown_choice", lang, choices=", ".join(PRESETS)))
        preset_name = "standard"
    base = PRESETS[preset_name]
    names = set(Rules.option_names()) - {"preset"}
    given: dict[str, Any] = {}
    for key, value in options.items():
        field = f"{prefix}.{key}"
        if key not in names:
            found.append(problem(field, "unknown_option", lang))
        elif (bad := _type_problem(key, value, field, lang)) is not None:
            found.append(bad)
        else:
            given[key] = value
    rules = replace(base, **given)
    found.extend(_value_problems(rules, given, prefix, lang))
    rules, combos = _resolve_requirements(rules, given, prefix, lang)
    found.extend(combos)
    return rules, found


def _type_problem(key: str, value: Any, field: str, lang: str) -> Problem | None:
    if key in BOOLEAN_OPTIONS:
        return None if isinstance(value, bool) else problem(field, "not_boolean", lang)
    if key in ("hypergammon_checkers", "automatic_doubles", "max_cube", "match_length"):
        if isinstance(value, bool) or not isinstance(value, int):
            return problem(field, "not_integer", lang)
    if key in ("variant", "hypergammon_checkers", "opening", "opening_ties", "opening_dice"):
        if value not in CHOICES[key]:
            return problem(field, "unknown_choice", lang, choices=", ".join(str(c) for c in CHOICES[key]))
    return None


def _value_problems(rules: Rules, given: Mapping[str, Any], prefix: str, lang: str) -> list[Problem]:
    found: list[Problem] = []
    if "hypergammon_checkers" in given and rules.variant != "hypergammon":
        found.append(problem(f"{prefix}.hypergammon_checkers", "only_hypergammon", lang))
    if not _power_of_two(rules.max_cube) or not 1 <= rules.max_cube <= MAX_CUBE_LIMIT:
        found.append(problem(f"{prefix}.max_cube", "max_cube_range", lang, limit=MAX_CUBE_LIMIT))
    elif not 0 <= rules.automatic_doubles <= rules.max_cube.bit_length() - 1:  # never 2**n of a client's n
        found.append(
            problem(f"{prefix}.automatic_doubles", "automatic_doubles_range", lang, max_cube=rules.max_cube)
        )
    if not 0 <= rules.match_length <= MAX_MATCH_LENGTH:
        found.append(problem(f"{prefix}.match_length", "match_length_range", lang, limit=MAX_MATCH_LENGTH))
    if rules.opening == "standard" and rules.opening_ties != "reroll":
        if "opening_ties" in given:
            found.append(problem(f"{prefix}.opening_ties", "ties_need_romanian", lang))
    return found


def _resolve_requirements(
    rules: Rules, given: Mapping[str, Any], prefix: str, lang: str
) -> tuple[Rules, list[Problem]]:
    found: list[Problem] = []
    if rules.opening == "standard" and rules.opening_ties != "reroll" and "opening_ties" not in given:
        rules = replace(rules, opening_ties="reroll")
    for option, off, requirement in _REQUIRES:
        value = getattr(rules, option)
        if value == off or getattr(rules, requirement):
            continue
        if option in given:
            found.append(problem(f"{prefix}.{option}", "option_requires", lang, requirement=requirement))
        else:
            rules = replace(rules, **{option: off})
    return rules, found


def _power_of_two(value: int) -> bool:
    return value > 0 and value & (value - 1) == 0


def presets() -> dict[str, dict[str, Any]]:
    """Every preset with all its options (what `GET /v1/rules` lists)."""
    return {name: preset.to_dict() for name, preset in PRESETS.items()}
