"""The round-trip law of the files Arbitru writes: for every record or transcript it accepts,
verifying the export gives the same games, scores, winners, verdict and first error as verifying
the original, for `.mat` and for SGF. Over the real transcripts in data/ and generated records with
hostile text in every free-text field (text a format cannot carry is refused at input, naming the
field)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbitru.formats.game_record import RecordError, match_to_record, record_to_match
from arbitru.formats.mat import MatFormatError, read_mat
from arbitru.formats.sgf_reader import read_sgf
from arbitru.referee import MODES, resolve_rules, verify
from arbitru.referee.mat_writer import write_mat
from arbitru.referee.replay import ExportError
from arbitru.referee.sgf_writer import write_sgf
from tests.formats.strategies import HOSTILE, match_records
from tests.support.cases import examples

DATA = Path(__file__).resolve().parents[2] / "data" / "matches"
TRANSCRIPTS = sorted(p for p in DATA.iterdir() if p.suffix in (".mat", ".txt"))


def meaning(verdict: dict[str, Any]) -> dict[str, Any]:
    """What a verdict says about the match, without where the file put it (lines, move numbers,
    the text as written)."""

    def ruling(entry: dict[str, Any] | None) -> Any:
        return entry and (entry["game"], entry["player"], entry["code"])

    keys = (
        "game",
        "start_score",
        "crawford_game",
        "winner",
        "points",
        "cube",
        "result",
        "ended_by",
        "capped",
    )
    return {
        "valid": verdict["valid"],
        "players": verdict["players"],
        "match_length": verdict["match_length"],
        "games": [{key: game[key] for key in keys} for game in verdict["games"]],
        "final_score": verdict["final_score"],
        "winner": verdict["winner"],
        "error": ruling(verdict["error"]),
        "condoned": [ruling(entry) for entry in verdict["condoned"]],
    }


def verified(match: Any, mode: str = "legal-moves-only") -> dict[str, Any]:
    rules, problems = resolve_rules(match, {})
    assert not problems
    return meaning(verify(match, rules, mode))


def export_mat(match: Any) -> Any:
    return read_mat(write_mat(match, resolve_rules(match, {})[0]))


def export_sgf(match: Any) -> Any:
    return read_sgf(write_sgf(match, resolve_rules(match, {})[0]))


EXPORTS = {"mat": export_mat, "sgf": export_sgf}


@pytest.mark.parametrize("fmt", EXPORTS)
@pytest.mark.parametrize("path", TRANSCRIPTS, ids=lambda p: p.name[:40])
def test_a_real_transcript_exported_verifies_as_the_original(path, fmt):
    match = read_mat(path.read_text(encoding="utf-8"))
    assert verified(EXPORTS[fmt](match)) == verified(match)


@pytest.mark.parametrize("fmt", EXPORTS)
@pytest.mark.parametrize("path", TRANSCRIPTS, ids=lambda p: p.name[:40])
def test_a_real_transcript_as_a_record_exported_verifies_as_the_original(path, fmt):
    match = record_to_match(match_to_record(read_mat(path.read_text(encoding="utf-8"))))
    assert verified(EXPORTS[fmt](match)) == verified(match)


@pytest.mark.parametrize("fmt", EXPORTS)
@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(record=match_records(start_positions=True))
def test_a_record_with_hostile_text_is_refused_naming_the_field_or_exports_to_the_same_match(fmt, record):
    try:
        match = record_to_match(record)
    except RecordError as refused:
        assert refused.problems and all(path.startswith("record.") for path, _ in refused.problems)
        return
    try:
        exported = EXPORTS[fmt](match)
    except ExportError as refused:  # a fact the format cannot carry: the export names it
        assert refused.field.endswith(("start_position", "set_position"))
        assert verified(match)["error"][2] == "BAD_START_POSITION"
        return
    for mode in MODES:  # the illegal-moves rule's condoned plays too
        assert verified(exported, mode) == verified(match, mode)


# The games GNU Backgammon names in a .mat's `Variation` tag (`Variant.gnubg_variation`), with their options.
GNUBG_NAMED = [
    {"variant": "nackgammon"},
    *({"variant": "hypergammon", "hypergammon_checkers": n} for n in (1, 2, 3)),
]


@pytest.mark.parametrize("fmt", EXPORTS)
@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(record=match_records(rules_from=GNUBG_NAMED))
def test_a_match_of_a_game_gnubg_names_exports_with_hostile_text_to_the_same_game(fmt, record):
    try:
        match = record_to_match(record)
    except RecordError as refused:
        assert refused.problems and all(path.startswith("record.") for path, _ in refused.problems)
        return
    exported = EXPORTS[fmt](match)
    assert resolve_rules(exported, {})[0] == resolve_rules(match, {})[0]  # the game and its checkers
    for mode in MODES:
        assert verified(exported, mode) == verified(match, mode)


TEXTS = [path.read_text(encoding="utf-8") for path in TRANSCRIPTS]


@st.composite
def hostile_transcripts(draw: st.DrawFn) -> str:
    """A real transcript with hostile text put in at a few places of its lines."""
    lines = draw(st.sampled_from(TEXTS)).split("\n")
    for _ in range(draw(st.integers(1, 3))):
        index = draw(st.integers(0, len(lines) - 1))
        at = draw(st.integers(0, len(lines[index])))
        lines[index] = lines[index][:at] + draw(st.sampled_from(HOSTILE)) + lines[index][at:]
    return "\n".join(lines)


@pytest.mark.parametrize("fmt", EXPORTS)
@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=hostile_transcripts())
def test_a_transcript_with_hostile_text_is_unreadable_or_exports_to_the_same_match(fmt, text):
    try:
        match = read_mat(text)
    except MatFormatError:
        return
    try:
        exported = EXPORTS[fmt](match)
    except ExportError as refused:  # a fact the format cannot carry: the export names it
        assert refused.field.startswith("games[")
        return
    assert verified(exported) == verified(match)
