"""Settings are read once from the environment (`arbitru.settings`) and the README's table lists
every one of them with its default."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from arbitru.settings import SETTINGS_DOCS, Settings

README = Path(__file__).resolve().parents[1] / "README.md"


def test_the_readme_table_lists_every_setting_and_nothing_else():
    rows = re.findall(r"^\s*\| `([A-Z_]+)` \| ([^|]+) \| ([^|]+) \|$", README.read_text(), re.M)
    assert [env for env, _, _ in rows] == list(SETTINGS_DOCS)
    for env, default, doc in rows:
        expected, meaning = SETTINGS_DOCS[env]
        assert default.strip() in (f"`{expected}`", "unset"), env
        assert doc.strip() == meaning, env


def test_unset_or_empty_variables_give_the_defaults():
    assert Settings.from_env({}) == Settings()
    assert Settings.from_env({"PORT": " ", "ARBITRU_CORS_ORIGINS": ""}) == Settings()


def test_values_are_read_as_the_settings_types():
    got = Settings.from_env(
        {"PORT": "9000", "ARBITRU_CORS_ORIGINS": "https://a.example, https://b.example", "LOG_LEVEL": "debug"}
    )
    assert (got.port, got.cors_origins, got.log_level) == (
        9000,
        ("https://a.example", "https://b.example"),
        "debug",
    )


@pytest.mark.parametrize("value", ["many", "-1", "2.5"])
def test_a_bad_number_names_the_variable(value):
    with pytest.raises(ValueError, match="ARBITRU_PLAYS_CACHE_SIZE"):
        Settings.from_env({"ARBITRU_PLAYS_CACHE_SIZE": value})


@pytest.mark.parametrize("value", ["half", "-0.1", "1.5", "nan"])
def test_a_sample_outside_0_to_1_names_the_variable(value):
    with pytest.raises(ValueError, match="ACCESS_LOG_SAMPLE"):
        Settings.from_env({"ACCESS_LOG_SAMPLE": value})


def test_the_access_log_sample_is_read_as_a_fraction():
    assert Settings.from_env({"ACCESS_LOG_SAMPLE": "0.25"}).access_log_sample == 0.25


def test_the_plays_cache_size_is_read_exactly():
    assert Settings.from_env({"ARBITRU_PLAYS_CACHE_SIZE": "0"}).plays_cache_size == 0  # 0: off, not an error
    assert Settings.from_env({"ARBITRU_PLAYS_CACHE_SIZE": " 12 "}).plays_cache_size == 12
    with pytest.raises(ValueError, match=r"^ARBITRU_PLAYS_CACHE_SIZE must be 0 or more, not -1$"):
        Settings.from_env({"ARBITRU_PLAYS_CACHE_SIZE": "-1"})
