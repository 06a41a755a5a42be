"""The dice audit of an archive (`arbitru verify --dice`, docs/dice-audit.md): the chi-square
survival function holds to its exact forms and published values; seeded fair dice raise no flag,
doubles at 25 % are flagged (the archive's and the loaded player's alone); counts merge exactly, so
the audit of merged shards (any split, any form a shard is written in) is the audit of the whole;
the rolls are the same whether a transcript is read from a .mat, SGF or a JSON record; every
sentence is the catalogue's, in English and Romanian."""

from __future__ import annotations

import json
import math
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitru.cli import main
from arbitru.cli.chisquare import chi_square_sf, holm, streak_sf
from arbitru.cli.dice import ALPHA, OUTCOMES, Tally, audit, record, tallied, tally_of, tally_problem
from arbitru.cli.dice_report import dice_lines
from arbitru.library import read_match
from arbitru.messages.catalogue import CATALOGUE
from bench.archive import make_archive
from bench.dice_audit import synthetic_records
from tests.support.cases import examples

REPO = Path(__file__).resolve().parents[2]
MATCHES = REPO / "data" / "matches"


def run(*args: object) -> Any:
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


# -- the statistics ------------------------------------------------------------------------------
@settings(max_examples=examples(100))
@given(st.floats(0.001, 200))
def test_chi_square_of_1_and_2_degrees_is_their_exact_form(x):
    assert chi_square_sf(x, 1) == pytest.approx(math.erfc(math.sqrt(x / 2)), rel=1e-12, abs=1e-300)
    assert chi_square_sf(x, 2) == pytest.approx(math.exp(-x / 2), rel=1e-12, abs=1e-300)


@pytest.mark.parametrize(
    "statistic, df, p",
    [
        (3.841458820694124, 1, 0.05),
        (31.410432844230918, 20, 0.05),
        (37.56623478, 20, 0.01),
        (10.0, 3, 0.01856613546304325),
        (10.0, 4, 0.04042768199451279),
    ],
)
def test_chi_square_matches_the_published_values(statistic, df, p):
    assert chi_square_sf(statistic, df) == pytest.approx(p, rel=1e-8)


@pytest.mark.parametrize("df", [440, 1295])
def test_chi_square_of_many_degrees_agrees_with_wilson_hilferty(df):
    for ratio in (0.9, 1.0, 1.1, 1.2):
        x = ratio * df
        z = ((x / df) ** (1 / 3) - (1 - 2 / (9 * df))) / math.sqrt(2 / (9 * df))
        assert chi_square_sf(x, df) == pytest.approx(0.5 * math.erfc(z / math.sqrt(2)), abs=2e-4)


@settings(max_examples=examples(100))
@given(st.integers(1, 500), st.floats(0, 2000), st.floats(0, 2000))
def test_chi_square_p_is_a_probability_falling_with_the_statistic(df, a, b):
    low, high = sorted((a, b))
    assert 0 <= chi_square_sf(high, df) <= chi_square_sf(low, df) + 1e-12  # to within rounding
    assert chi_square_sf(low, df) <= 1


def test_holm_multiplies_the_smallest_by_the_tests_and_keeps_the_order():
    assert holm([0.01, 0.04, 0.03, 0.5]) == pytest.approx([0.04, 0.09, 0.09, 0.5])
    assert holm([0.2, 0.9]) == pytest.approx([0.4, 0.9]) and holm([0.6, 0.7, 0.8]) == [1.0, 1.0, 1.0]


def exact_streak(longest: int, chance: float, rolls: int) -> float:
    """P(a streak of `longest` or more in `rolls` trials of `chance`), by the chain of the current
    streak's length."""
    state = [1.0] + [0.0] * (longest - 1)
    for _ in range(rolls):
        new = [0.0] * longest
        for length, mass in enumerate(state):
            new[0] += mass * (1 - chance)
            if length + 1 < longest:
                new[length + 1] += mass * chance
        state = new
    return 1 - sum(state)


@pytest.mark.parametrize("longest, chance", [(3, 1 / 6), (4, 1 / 6), (6, 1 / 6), (20, 5 / 6), (30, 5 / 6)])
def test_a_streaks_p_value_is_close_to_the_exact_law_of_the_longest_streak(longest, chance):
    games, rolls = 20, 50
    exact = 1 - (1 - exact_streak(longest, chance, rolls)) ** games
    assert streak_sf(longest, chance, games * rolls, games) == pytest.approx(exact, abs=0.012)
    assert streak_sf(0, chance, 10, 1) == 1.0


# -- fair dice, loaded dice ----------------------------------------------------------------------
@pytest.fixture(scope="module")
def fair() -> dict[str, Any]:
    return audit(tallied(synthetic_records(1500, seed=44)))


def test_seeded_fair_dice_over_a_synthetic_archive_raise_no_flag(fair):
    assert fair["flagged"] == 0 and fair["tests"] > 150  # the archive's 5 tests and 40 players' 5 each
    assert abs(fair["archive"]["doubles_rate"] - 1 / 6) < 0.002
    assert fair["archive"]["opening_doubles"] == 0 and fair["archive"]["openings"] > 8000
    assert fair["archive"]["tests"]["openings"]["p"] is not None  # 15 outcomes of one die each, tested
    lines = dice_lines(fair, "en")
    assert "No test is flagged" in lines[-1] and "This is not evidence of loaded dice." in lines[-1]


def test_an_archive_whose_doubles_come_at_25_percent_is_flagged():
    loaded = audit(tallied(synthetic_records(300, seed=45, doubles=0.25)))
    tests = loaded["archive"]["tests"]
    assert tests["doubles"]["flagged"] and tests["outcomes"]["flagged"]
    assert loaded["archive"]["doubles_rate"] == pytest.approx(0.25, abs=0.005)
    assert all(group["tests"]["doubles"]["flagged"] for group in loaded["players"].values())
    said = dice_lines(loaded, "en")
    assert said[-1].strip().startswith(
        f"{loaded['flagged']} of the tests flagged"
    ) and "FLAGGED" in "\n".join(said)


def test_one_player_whose_doubles_come_at_25_percent_is_the_one_player_flagged():
    result = audit(tallied(synthetic_records(1500, seed=46, loaded={"player07": 0.25})))
    flagged = {
        name
        for name, group in result["players"].items()
        if any(t.get("flagged") for t in group["tests"].values())
    }
    assert flagged == {"player07"}
    assert result["players"]["player07"]["tests"]["doubles"]["corrected"] < ALPHA


def test_standard_openings_that_favour_one_roll_are_flagged():
    records = list(synthetic_records(600, seed=47))
    for number, dice in enumerate(records):
        if number % 3 == 0:  # a third of the matches open with 6-1, whatever the dice said
            for game in dice["games"]:
                game["rolls"] = game["rolls"][0] + "61" + game["rolls"][3:]
    result = audit(tallied(records))
    assert result["archive"]["tests"]["openings"]["flagged"]
    assert not result["archive"]["tests"]["outcomes"]["flagged"]  # the rolls after the openings are fair


def test_a_player_with_few_rolls_is_not_tested_and_says_so():
    one = audit(tallied(synthetic_records(1, seed=1)))
    assert all(group["tests"]["pairs"]["p"] is None for group in one["players"].values())
    assert "too few rolls for this test" in "\n".join(dice_lines(one, "en"))


@settings(max_examples=examples(20), deadline=None)
@given(st.integers(0, 10_000))
def test_the_counts_are_the_rolls_as_read_high_die_first_openings_apart(seed):
    records = list(synthetic_records(3, seed))
    rolls: Counter[tuple[int, int]] = Counter()
    pairs: Counter[tuple[Any, Any]] = Counter()
    openings: Counter[tuple[int, int]] = Counter()
    for dice in records:
        for game in dice["games"]:
            first, *rest = (
                tuple(sorted(map(int, token[1:]), reverse=True)) for token in game["rolls"].split()
            )
            openings[first] += 1
            rolls.update(rest)
            pairs.update(zip(rest, rest[1:], strict=False))
    counted = tallied(records).to_dict()["archive"]
    assert counted["outcomes"] == [rolls[outcome] for outcome in OUTCOMES]
    assert counted["pairs"] == [pairs[(a, b)] for a in OUTCOMES for b in OUTCOMES]
    assert counted["openings"] == [openings[outcome] for outcome in OUTCOMES]


# -- counts merge exactly ------------------------------------------------------------------------
@settings(max_examples=examples(30), deadline=None)
@given(st.integers(0, 10_000), st.lists(st.integers(0, 12), min_size=1, max_size=4))
def test_the_audit_of_shards_merged_through_json_is_the_audit_of_the_whole(seed, cuts):
    records = list(synthetic_records(12, seed))
    whole = tallied(records)
    merged = Tally()
    edges = [0, *sorted(cuts), len(records)]
    for start, end in zip(edges, edges[1:], strict=False):
        part = json.loads(json.dumps(tallied(records[start:end]).to_dict()))
        assert tally_problem(part) is None
        merged.add(tally_of(part))
    assert merged.to_dict() == whole.to_dict() and audit(merged) == audit(whole)


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("transcripts")
    make_archive(root, 12, seed=5)
    for path in MATCHES.glob("*.*t*"):  # .mat and .txt transcripts
        (root / path.name).write_bytes(path.read_bytes())
    return root


def test_verify_dice_shards_merged_by_report_give_the_audit_of_a_single_run(archive, tmp_path):
    whole = tmp_path / "whole.jsonl"
    run("verify", "--dice", "--jsonl", "-o", whole, archive)
    shards = []
    for index, form in enumerate(("--jsonl", "--json", "--jsonl")):
        shards.append(tmp_path / f"shard-{index}.json")
        run("verify", "--dice", form, "--shard", f"{index}/3", "-o", shards[-1], archive)
    single = json.loads(run("report", "--json", whole).output)
    merged = run("report", "--json", "-o", tmp_path / "report.html", *shards)
    assert json.loads(merged.output) == single
    assert single["dice"]["counts"]["files"] == single["counts"]["valid"] + single["counts"]["invalid"]
    html = (tmp_path / "report.html").read_text()
    assert 'id="dice"' in html and "This is not evidence of loaded dice." in html


def test_report_reads_back_its_own_dice_summary_to_the_same_bytes(archive, tmp_path):
    rows = tmp_path / "rows.jsonl"
    run("verify", "--dice", "--jsonl", "-o", rows, archive)
    for form in ("--json", "--jsonl"):
        first = run("report", form, rows).output
        (tmp_path / "again").write_text(first)
        assert run("report", form, tmp_path / "again").output == first
        assert "dice" in first


def test_every_transcript_read_carries_its_rolls_and_no_other_row_does(archive, tmp_path):
    rows = tmp_path / "rows.jsonl"
    run("verify", "--dice", "--jsonl", "-o", rows, archive)
    read = [json.loads(line) for line in rows.read_text().splitlines()][:-1]
    assert {r["status"] for r in read} >= {"valid", "invalid", "skipped"}
    assert all(("dice" in r) is (r["status"] in ("valid", "invalid")) for r in read)


def test_the_table_says_the_audit_in_the_language_asked(archive):
    said = run("verify", "--dice", "--lang", "ro", archive).output
    assert "Auditul zarurilor" in said and "Cum se citește" in said
    assert "Dice audit" not in run("verify", archive).output  # no audit unless asked


# -- the rolls are the referee's, whatever the format --------------------------------------------
def test_the_rolls_of_a_transcript_are_the_same_from_mat_sgf_and_a_json_record():
    transcript = read_match(REPO / "examples" / "match.mat")
    counted = tallied([record(transcript.match, transcript.rules)]).to_dict()
    for text in (transcript.to_sgf(), json.dumps(transcript.to_record()), transcript.to_mat()):
        again = read_match(text)
        assert tallied([record(again.match, again.rules)]).to_dict() == counted
    assert counted["archive"]["rolls"] > 20 and sum(counted["archive"]["openings"]) == len(
        transcript.match.games
    )


@pytest.mark.parametrize(
    "preset, apart", [("standard", "standard"), ("romanian", "romanian"), ("portes", None)]
)
def test_an_opening_roll_is_apart_only_where_the_starter_plays_the_openings_dice(preset, apart):
    """Standard: one die each, ties rolled again (never a double); Romanian: the winner's own two
    dice, chosen by the contest; Portes (`new_roll`): the starter rolls afresh, a roll like any other."""
    transcript = read_match(REPO / "examples" / "match.mat", preset=preset)
    dice = record(transcript.match, transcript.rules)
    assert all(game["opening"] == apart for game in dice["games"] if game["rolls"])


# -- a shard edited by hand ----------------------------------------------------------------------
@pytest.fixture(scope="module")
def dice_row(archive: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    rows = tmp_path_factory.mktemp("rows") / "rows.jsonl"
    run("verify", "--dice", "--jsonl", "-o", rows, archive)
    return next(json.loads(line) for line in rows.read_text().splitlines() if '"dice"' in line)


@pytest.mark.parametrize(
    "field, value",
    [
        ("dice", None),
        ("dice.players", ["only one"]),
        ("dice.games", {}),
        ("dice.games.0", []),
        ("dice.games.0.opening", "yes"),
        ("dice.games.0.opening", True),
        ("dice.games.0.rolls", "031 071"),
        ("dice.games.0.rolls", "031  164"),
        ("dice.games.0.rolls", 31),
    ],
)
def test_a_row_whose_dice_are_not_what_verify_writes_is_refused_naming_the_field(
    dice_row, tmp_path, field, value
):
    edited = json.loads(json.dumps(dice_row))
    *parents, last = field.split(".")
    item: Any = edited
    for name in parents:
        item = item[int(name)] if isinstance(item, list) else item[name]
    item[int(last) if isinstance(item, list) else last] = value
    shard = tmp_path / "shard.jsonl"
    end = {"end": {"valid": 0, "invalid": 0, "unreadable": 0, "skipped": 0} | {edited["status"]: 1}}
    shard.write_text(json.dumps(edited) + "\n" + json.dumps(end) + "\n")
    result = run("report", shard)
    assert result.exit_code == 2 and f"the field {field} " in result.output


@pytest.mark.parametrize(
    "field, value",
    [
        ("dice.archive.outcomes.3", -1),
        ("dice.archive.outcomes", [1] * 20),
        ("dice.archive.rolls", 10**40),
        ("dice.players", []),
        ("dice.files", "3"),
        ("dice.archive.longest_doubles", 10**6),
        ("dice.archive.standard_openings", [10**6] * 21),
    ],
)
def test_dice_counts_edited_in_a_report_jsonl_are_refused_naming_the_field(dice_row, tmp_path, field, value):
    rows = tmp_path / "rows.jsonl"
    end = {"end": {"valid": 0, "invalid": 0, "unreadable": 0, "skipped": 0} | {dice_row["status"]: 1}}
    rows.write_text(json.dumps(dice_row) + "\n" + json.dumps(end) + "\n")
    lines = [json.loads(line) for line in run("report", "--jsonl", rows).output.splitlines()]
    (dice_line,) = [line for line in lines if set(line) == {"dice"}]
    item: Any = dice_line
    *parents, last = field.split(".")
    for name in parents:
        item = item[int(name)] if isinstance(item, list) else item[name]
    item[int(last) if isinstance(item, list) else last] = value
    shard = tmp_path / "shard.jsonl"
    shard.write_text("".join(json.dumps(line) + "\n" for line in lines))
    result = run("report", shard)
    assert result.exit_code == 2 and f"the field {field} " in result.output


def test_a_summary_whose_dice_audit_is_not_that_of_its_counts_is_refused(dice_row, tmp_path):
    rows = tmp_path / "rows.jsonl"
    end = {"end": {"valid": 0, "invalid": 0, "unreadable": 0, "skipped": 0} | {dice_row["status"]: 1}}
    rows.write_text(json.dumps(dice_row) + "\n" + json.dumps(end) + "\n")
    summary = json.loads(run("report", "--json", rows).output)
    summary["dice"]["audit"]["flagged"] = 3
    (tmp_path / "summary.json").write_text(json.dumps(summary, indent=1))
    result = run("report", tmp_path / "summary.json")
    assert result.exit_code == 2 and "not those of its matches" in result.output


HOSTILE = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 10**20) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=6,
)
DICE_FIELDS = ("", "players", "games", "games.0", "games.0.rolls", "games.0.opening")
COUNT_FIELDS = (
    "", "files", "archive", "archive.pairs", "archive.openings.0", "archive.standard_openings.3", "players",
    "players.x",
)  # fmt: skip


def _put(item: Any, path: str, value: Any) -> Any:
    """`item` with `value` at the dotted `path` ("" for the whole), the parents made as needed."""
    if not path:
        return value
    *parents, last = path.split(".")
    inner = item
    for name in parents:
        inner = inner[int(name)] if isinstance(inner, list) else inner.setdefault(name, {})
    if isinstance(inner, list):
        inner[int(last)] = value
    else:
        inner[last] = value
    return item


@settings(max_examples=examples(40), deadline=None)
@given(HOSTILE, st.sampled_from(DICE_FIELDS), st.sampled_from(COUNT_FIELDS), st.booleans())
def test_any_json_in_a_dice_field_of_a_shard_is_merged_or_refused_never_a_crash(value, field, counts, in_row):
    dice = {"players": ["a", "b"], "games": [{"opening": "standard", "rolls": "031 164"}]}
    row = {"file": "m.mat", "status": "valid", "verdict": None, "problem": None, "dice": dice}
    line = {"dice": tallied([dice]).to_dict()}
    if in_row:
        row["dice"] = _put(dice, field, value)
    else:
        line["dice"] = _put(line["dice"], counts, value)
    end = {"end": {"valid": 1, "invalid": 0, "unreadable": 0, "skipped": 0}}
    with tempfile.TemporaryDirectory() as folder:
        shard = Path(folder) / "shard.jsonl"
        shard.write_text("".join(json.dumps(item) + "\n" for item in (row, line, end)))
        for args in ([], ["--json"], ["-o", str(Path(folder) / "report.html")]):
            result = CliRunner().invoke(main, ["report", *args, str(shard)])
            assert result.exit_code in (0, 2), result.output
            assert result.exit_code == 0 or "the field dice" in result.output


def test_a_players_name_is_escaped_in_the_report_and_on_the_terminal(tmp_path):
    dice = {
        "players": ["<script>x</script>", "evil\x1b[2J"],
        "games": [{"opening": "standard", "rolls": "031 164"}],
    }
    row = {"file": "m.mat", "status": "valid", "verdict": None, "problem": None, "dice": dice}
    end = {"end": {"valid": 1, "invalid": 0, "unreadable": 0, "skipped": 0}}
    shard = tmp_path / "shard.jsonl"
    shard.write_text(json.dumps(row) + "\n" + json.dumps(end) + "\n")
    said = run("report", "-o", tmp_path / "report.html", shard).output
    assert "evil\\x1b[2J" in said and "\x1b" not in said
    page = (tmp_path / "report.html").read_text()
    assert "&lt;script&gt;x&lt;/script&gt;" in page and "<script>x</script>" not in page


# -- the words -----------------------------------------------------------------------------------
def test_every_sentence_of_the_audit_is_in_the_catalogue_in_english_and_romanian(fair):
    keys = [key for key in CATALOGUE if key.startswith("cli.dice.")]
    assert len(keys) > 20 and all(set(CATALOGUE[key]) == {"en", "ro"} for key in keys)
    english, romanian = dice_lines(fair, "en"), dice_lines(fair, "ro")
    assert len(english) == len(romanian) and english != romanian


# -- why 21 unordered outcomes --------------------------------------------------------------------
def _dice_order(path: Path) -> Counter[str]:
    """How a transcript writes its non-double rolls: `high` first, or `low` first."""
    transcript = read_match(path)
    written = record(transcript.match, transcript.rules)
    tokens = [token for game in written["games"] for token in game["rolls"].split()]
    return Counter("high" if token[1] > token[2] else "low" for token in tokens if token[1] != token[2])


def test_the_writers_of_the_archive_disagree_on_which_die_comes_first_so_order_is_not_counted():
    """The archive's transcripts do not keep the order the dice were rolled in: GNU Backgammon writes
    every roll's higher die first, Foxamon the lower, others mix. A 36-outcome test would test the
    writer; the audit counts 21 unordered outcomes, the same whichever way a writer turns a roll."""
    orders = {path.name: _dice_order(path) for path in sorted(MATCHES.glob("*.mat"))}
    assert orders["gnubgparser_gnubg_selfplay_drops_7p.mat"]["low"] == 0
    assert orders["bg-db_foxamon_tester_vs_jackdaw1_2026-08-18_5pt.mat"]["high"] == 0
    assert any(order["high"] and order["low"] for order in orders.values())
    records = list(synthetic_records(3, seed=7))
    turned = [
        {
            **dice,
            "games": [
                {**game, "rolls": " ".join(t[0] + t[2] + t[1] for t in game["rolls"].split())}
                for game in dice["games"]
            ],
        }
        for dice in records
    ]
    assert tallied(turned).to_dict() == tallied(records).to_dict()
