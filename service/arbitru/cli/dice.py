"""The dice audit of an archive (`arbitru verify --dice`; docs/dice-audit.md): what the transcripts'
dice say about the dice that were rolled.

The rolls are the referee's: the dice of every roll of the match the readers parse (`MatchFile`,
whatever the file: .mat, SGF or a JSON record), each row carrying its file's rolls in `dice`
(`record`). Counts (`Tally`) add up exactly, file by file, shard by shard; the statistics
(`audit`) are computed from the counts alone, so that the audit of merged shards is the audit of
the whole archive.

Counted as the 21 unordered outcomes (1-1, 2-1, ... 6-6), not the 36 ordered ones: a transcript
does not keep which die is which (writers put the higher die first, or not), so ordered counts
would test the writer. The test on consecutive rolls is thus on the 21 x 21 pairs (440 degrees of
freedom; FIBS's test, on ordered rolls, has 1,295). An opening roll the starter plays is counted
apart (`record`): a tie is rolled again, so it is no draw of the 21 outcomes. Per player, the
rolls are the ones played by that player (the left or right column); for the archive, every roll of
a game in order. Streaks are counted within a game (a player's rolls, or the game's).
"""

from __future__ import annotations

import operator
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from arbitru.cli.chisquare import chi_square, chi_square_sf, holm, streak_sf
from arbitru.engine.rules import OPENINGS, Rules
from arbitru.formats.limits import MAX_GAMES
from arbitru.formats.mat import ROLL, MatchFile

OUTCOMES: tuple[tuple[int, int], ...] = tuple(
    (high, low) for high in range(1, 7) for low in range(1, high + 1)
)
CELLS = len(OUTCOMES)  # 21
INDEX: dict[str, int] = {
    f"{a}{b}": OUTCOMES.index((max(a, b), min(a, b))) for a in range(1, 7) for b in range(1, 7)
}
DOUBLES = frozenset(OUTCOMES.index((n, n)) for n in range(1, 7))
CHANCES: tuple[float, ...] = tuple((1 if high == low else 2) / 36 for high, low in OUTCOMES)
PAIR_CHANCES: tuple[float, ...] = tuple(a * b for a in CHANCES for b in CHANCES)
DOUBLE_CHANCE = 1 / 6
ALPHA = 0.01  # a test is flagged when its p-value, corrected for the number of tests, is below it
MIN_EXPECTED = 5  # a chi-square test stands when every cell expects 5 or more
MIN_STREAK_ROLLS = 100  # a streak's p-value stands over 100 rolls or more
MAX_COUNT = 10**12  # far above any archive's rolls, far below what takes a moment to print
ROLLS = re.compile(r"(?:[01][1-6][1-6](?: [01][1-6][1-6])*)?")
TESTS = ("outcomes", "doubles", "pairs", "openings", "doubles_streak", "dry_streak")
NON_DOUBLES = tuple(cell for cell in range(CELLS) if cell not in DOUBLES)  # a standard opening's 15


def record(match: MatchFile, rules: Rules) -> dict[str, Any]:
    """A file's dice as its row carries them: the players, and per game whether its first roll is
    an opening roll (the opening's custom, `standard` or `romanian`, else None) and its rolls in
    order, each as the player (0 left, 1 right) and the two dice as written: `"031 164 022"`. An
    opening roll is the first of a game from the starting position when the starter plays the
    opening's dice (`opening_dice` "rolled": one die each, ties rolled again, so never a double; or,
    in the Romanian opening, the winner's own two dice, chosen by the contest); under "new_roll" the
    starter rolls afresh, a roll like any other."""
    custom = rules.opening if rules.opening_dice == "rolled" else None
    games = []
    for game in match.games:
        rolls = " ".join(
            f"{action.player}{action.dice[0]}{action.dice[1]}"
            for action in game.actions
            if action.kind == ROLL and action.dice
        )
        fresh = not game.set_position and game.start_position is None
        games.append({"opening": custom if fresh and rolls else None, "rolls": rolls})
    return {"players": list(match.players), "games": games}


def record_problem(value: Any) -> str | None:
    """None when `value` is a row's `dice` as `record` writes it, else the path of the first field
    that is not (`""` for the value itself, `games.3.rolls`)."""
    if not isinstance(value, dict) or set(value) != {"players", "games"}:
        return ""
    players, games = value["players"], value["games"]
    if not isinstance(players, list) or len(players) != 2 or not all(isinstance(p, str) for p in players):
        return "players"
    if not isinstance(games, list) or len(games) > MAX_GAMES:
        return "games"
    for number, game in enumerate(games):
        if not isinstance(game, dict) or set(game) != {"opening", "rolls"}:
            return f"games.{number}"
        if game["opening"] is not None and game["opening"] not in OPENINGS:
            return f"games.{number}.opening"
        rolls = game["rolls"]
        if not isinstance(rolls, str) or len(rolls) > 400_000 or not ROLLS.fullmatch(rolls):
            return f"games.{number}.rolls"
    return None


# Each outcome as one character, so that a game's rolls are a string counted by C code
# (`Counter.update` over its characters and its two-character pairs, `str.split` for streaks).
CHARS = "".join(chr(ord("A") + cell) for cell in range(CELLS))
CHAR_OF: dict[str, str] = {dice: CHARS[cell] for dice, cell in INDEX.items()}
_DOUBLE_MARKS = str.maketrans({CHARS[cell]: ("d" if cell in DOUBLES else "n") for cell in range(CELLS)})
_SIDE = (re.compile(r"(?:^| )0([1-6][1-6])"), re.compile(r"(?:^| )1([1-6][1-6])"))


@dataclass(slots=True)
class Group:
    """The counts of one player's rolls, or of the archive's (the outcomes and pairs by their
    characters, `CHARS`; `to_dict` writes them as lists in the order of `OUTCOMES`)."""

    rolls: int = 0  # after the openings
    outcomes: Counter[str] = field(default_factory=Counter)
    pairs: Counter[str] = field(default_factory=Counter)  # a roll, then the next in the game
    openings: list[int] = field(default_factory=lambda: [0] * CELLS)
    standard_openings: list[int] = field(default_factory=lambda: [0] * CELLS)  # one die each
    sequences: int = 0  # the games (with a roll after the opening) the streaks are counted in
    longest_doubles: int = 0
    longest_dry: int = 0  # the longest streak without a double

    def add_sequence(self, rolls: str) -> None:
        """The rolls (`CHARS`) of one game, after its opening."""
        if not rolls:
            return
        self.rolls += len(rolls)
        self.sequences += 1
        self.outcomes.update(rolls)
        self.pairs.update(map(operator.add, rolls, rolls[1:]))
        marks = rolls.translate(_DOUBLE_MARKS)
        self.longest_doubles = max(self.longest_doubles, *map(len, marks.split("n")))
        self.longest_dry = max(self.longest_dry, *map(len, marks.split("d")))

    def add(self, other: Group) -> None:
        """`other`'s counts added to these."""
        self.rolls += other.rolls
        self.sequences += other.sequences
        self.outcomes.update(other.outcomes)
        self.pairs.update(other.pairs)
        for mine, theirs in (
            (self.openings, other.openings),
            (self.standard_openings, other.standard_openings),
        ):
            for index, count in enumerate(theirs):
                mine[index] += count
        self.longest_doubles = max(self.longest_doubles, other.longest_doubles)
        self.longest_dry = max(self.longest_dry, other.longest_dry)

    def outcome_counts(self) -> list[int]:
        """The count of each outcome, in the order of `OUTCOMES`."""
        return [self.outcomes[char] for char in CHARS]

    def pair_counts(self) -> list[int]:
        """The count of each pair (first * 21 + second), 441 counts."""
        return [self.pairs[first + second] for first in CHARS for second in CHARS]

    def to_dict(self) -> dict[str, Any]:
        """The counts in JSON: the fields of the class, the outcomes and pairs as lists."""
        listed = {"outcomes": self.outcome_counts(), "pairs": self.pair_counts()}
        return {name: listed.get(name, getattr(self, name)) for name in GROUP_FIELDS}


GROUP_FIELDS: tuple[str, ...] = tuple(item.name for item in fields(Group))
LENGTHS = {"outcomes": CELLS, "pairs": CELLS * CELLS, "openings": CELLS, "standard_openings": CELLS}


def group_problem(value: Any) -> str | None:
    """None when `value` is a group's counts as `Group.to_dict` writes them (and they agree: the
    outcomes add up to the rolls), else the path of the first field that is not."""
    if not isinstance(value, dict) or set(value) != set(GROUP_FIELDS):
        return ""
    for name in GROUP_FIELDS:
        item = value[name]
        listed = item if name in LENGTHS else [item]
        if name in LENGTHS and (not isinstance(item, list) or len(item) != LENGTHS[name]):
            return name
        bad = next((i for i, n in enumerate(listed) if type(n) is not int or not 0 <= n <= MAX_COUNT), None)
        if bad is not None:
            return f"{name}.{bad}" if name in LENGTHS else name
    checks = {
        "outcomes": sum(value["outcomes"]) == value["rolls"],
        "pairs": sum(value["pairs"]) <= value["rolls"],
        "sequences": value["sequences"] <= value["rolls"],
        "longest_doubles": value["longest_doubles"] <= value["rolls"],
        "longest_dry": value["longest_dry"] <= value["rolls"],
        "standard_openings": all(map(int.__le__, value["standard_openings"], value["openings"])),
    }
    return next((name for name, ok in checks.items() if not ok), None)


def group_of(value: Mapping[str, Any]) -> Group:
    """The group of counts `group_problem` passed."""
    outcomes = Counter({CHARS[cell]: count for cell, count in enumerate(value["outcomes"]) if count})
    pairs = Counter(
        {CHARS[index // CELLS] + CHARS[index % CELLS]: n for index, n in enumerate(value["pairs"]) if n}
    )
    plain = {name: value[name] for name in GROUP_FIELDS if name not in LENGTHS}
    openings, standard = list(value["openings"]), list(value["standard_openings"])
    return Group(outcomes=outcomes, pairs=pairs, openings=openings, standard_openings=standard, **plain)


@dataclass(slots=True)
class Tally:
    """The counts of an archive: its transcripts audited, the archive's group, each player's."""

    files: int = 0
    archive: Group = field(default_factory=Group)
    players: dict[str, Group] = field(default_factory=dict)

    def add_record(self, dice: Mapping[str, Any]) -> None:
        """A file's dice (`record`, checked by `record_problem`)."""
        self.files += 1
        names = dice["players"]
        same = names[0] == names[1]  # one name for both columns: its streaks counted by column
        groups = [Group(), Group()] if same else [self.players.setdefault(name, Group()) for name in names]
        for game in dice["games"]:
            rolls = game["rolls"]
            if game["opening"] and rolls:
                cell = INDEX[rolls[1:3]]
                for group in (self.archive, groups[int(rolls[0])]):
                    group.openings[cell] += 1
                    if game["opening"] == "standard":
                        group.standard_openings[cell] += 1
                rolls = rolls[4:]
            dice_of = map(operator.add, rolls[1::4], rolls[2::4])
            self.archive.add_sequence("".join(map(CHAR_OF.__getitem__, dice_of)))
            for side in (0, 1):
                groups[side].add_sequence("".join(map(CHAR_OF.__getitem__, _SIDE[side].findall(rolls))))
        if same:
            groups[0].add(groups[1])
            self.players.setdefault(names[0], Group()).add(groups[0])

    def add(self, other: Tally) -> None:
        """`other`'s counts added to these."""
        self.files += other.files
        self.archive.add(other.archive)
        for name, group in other.players.items():
            self.players.setdefault(name, Group()).add(group)

    def to_dict(self) -> dict[str, Any]:
        """The counts in JSON, the players by name."""
        players = {name: self.players[name].to_dict() for name in sorted(self.players)}
        return {"files": self.files, "archive": self.archive.to_dict(), "players": players}


def tally_problem(value: Any) -> str | None:
    """None when `value` is a tally's counts as `Tally.to_dict` writes them, else the path of the
    first field that is not."""
    if not isinstance(value, dict) or set(value) != {"files", "archive", "players"}:
        return ""
    if type(value["files"]) is not int or not 0 <= value["files"] <= MAX_COUNT:
        return "files"
    inner = group_problem(value["archive"])
    if inner is not None:
        return f"archive.{inner}".rstrip(".")
    if not isinstance(value["players"], dict):
        return "players"
    for name, group in value["players"].items():
        inner = group_problem(group)
        if inner is not None:
            return f"players.{name}.{inner}".rstrip(".")
    return None


def tally_of(value: Mapping[str, Any]) -> Tally:
    """The tally of counts `tally_problem` passed."""
    players = {name: group_of(group) for name, group in value["players"].items()}
    return Tally(value["files"], group_of(value["archive"]), players)


# -- the statistics ----------------------------------------------------------------------------------
def _chi_test(observed: list[int], chances: tuple[float, ...]) -> dict[str, Any]:
    statistic, smallest = chi_square(observed, chances)
    df = len(observed) - 1
    p = chi_square_sf(statistic, df) if sum(observed) and smallest >= MIN_EXPECTED else None
    return {"statistic": round(statistic, 6), "df": df, "p": p}


def group_tests(group: Group) -> dict[str, dict[str, Any]]:
    """The six tests of a group's counts: the 21 outcomes, the doubles rate, consecutive pairs, the
    standard opening's rolls (one die each, ties rolled again: its 15 non-doubles equally likely),
    the longest streak of doubles and the longest without one (p None where too few rolls)."""
    outcomes = group.outcome_counts()
    doubles = sum(outcomes[cell] for cell in DOUBLES)
    enough = group.rolls >= MIN_STREAK_ROLLS

    def streak(longest: int, chance: float) -> dict[str, Any]:
        p = streak_sf(longest, chance, group.rolls, group.sequences) if enough else None
        return {"longest": longest, "p": p}

    return {
        "outcomes": _chi_test(outcomes, CHANCES),
        "doubles": _chi_test([doubles, group.rolls - doubles], (DOUBLE_CHANCE, 1 - DOUBLE_CHANCE)),
        "pairs": _chi_test(group.pair_counts(), PAIR_CHANCES),
        "openings": _chi_test([group.standard_openings[c] for c in NON_DOUBLES], (1 / 15,) * 15),
        "doubles_streak": streak(group.longest_doubles, DOUBLE_CHANCE),
        "dry_streak": streak(group.longest_dry, 1 - DOUBLE_CHANCE),
    }


def _group_audit(group: Group) -> dict[str, Any]:
    outcomes = group.outcome_counts()
    doubles = sum(outcomes[cell] for cell in DOUBLES)
    opening_doubles = sum(group.openings[cell] for cell in DOUBLES)
    return {
        "rolls": group.rolls,
        "doubles": doubles,
        "doubles_rate": doubles / group.rolls if group.rolls else None,
        "outcomes": dict(zip(map(outcome_name, OUTCOMES), outcomes, strict=True)),
        "openings": sum(group.openings),
        "opening_doubles": opening_doubles,
        "opening_outcomes": dict(zip(map(outcome_name, OUTCOMES), group.openings, strict=True)),
        "tests": group_tests(group),
    }


def outcome_name(outcome: tuple[int, int]) -> str:
    """`6-5`: an unordered outcome, the higher die first."""
    return f"{outcome[0]}-{outcome[1]}"


def audit(tally: Tally) -> dict[str, Any]:
    """The statistics of the counts (JSON-ready): per group its histogram, doubles rate, openings
    and tests; every p-value corrected (Holm) for all the tests made, archive and players together,
    and a test `flagged` when its corrected p-value is below `ALPHA`."""
    groups = {"archive": _group_audit(tally.archive)}
    players = {name: _group_audit(tally.players[name]) for name in sorted(tally.players)}
    made = [
        test
        for group in (groups["archive"], *players.values())
        for test in group["tests"].values()
        if test["p"] is not None
    ]
    for test, corrected in zip(made, holm([test["p"] for test in made]), strict=True):
        test["corrected"] = corrected
        test["flagged"] = corrected < ALPHA
    flagged = sum(test["flagged"] for test in made)
    return {
        "files": tally.files,
        "alpha": ALPHA,
        "tests": len(made),
        "flagged": flagged,
        "archive": groups["archive"],
        "players": players,
    }


def summary_part(tally: Tally) -> dict[str, Any]:
    """The summary's `dice`: the counts (what merges) and the audit (what is computed from them)."""
    return {"counts": tally.to_dict(), "audit": audit(tally)}


def tallied(records: Iterable[Mapping[str, Any]]) -> Tally:
    """The tally of files' dice records."""
    tally = Tally()
    for dice in records:
        tally.add_record(dice)
    return tally
