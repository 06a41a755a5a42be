"""The plays cache and the work budget, exactly: which answer goes first when it shrinks, what it
refuses to keep, and the words of their errors."""

from __future__ import annotations

import pytest

from arbitru.engine import Board, legal_plays
from arbitru.engine.budget import WorkLimitExceeded, used, work_budget
from arbitru.engine.cache import PlaysCache, cache_stats, clear_cache, configure
from arbitru.engine.plain import plain_plays
from arbitru.engine.variants import VARIANTS


def test_a_shrinking_cache_drops_the_least_recently_used_answer_first():
    cache = PlaysCache(10)
    cache.put("a", ("p1", "p2"))  # costs 3 (two plays and the key)
    cache.put("b", ("p1", "p2"))
    cache.resize(4)
    assert (cache.get("a"), cache.get("b"), cache.held) == (None, ("p1", "p2"), 3)
    cache = PlaysCache(10)
    cache.put("a", ("p1", "p2"))
    cache.put("b", ("p1", "p2"))
    assert cache.get("a") == ("p1", "p2")  # now the most recently used
    cache.resize(4)
    assert (cache.get("a"), cache.get("b"), len(cache)) == (("p1", "p2"), None, 1)


def test_a_full_cache_drops_the_least_recently_used_answer_to_keep_a_new_one():
    cache = PlaysCache(6)
    cache.put("a", ("p1", "p2"))
    cache.put("b", ("p1", "p2"))
    cache.put("c", ("p1",))  # 3 + 3 + 2 > 6: "a" goes
    assert (cache.get("a"), cache.get("b"), cache.get("c"), cache.held) == (None, ("p1", "p2"), ("p1",), 5)


def test_an_answer_bigger_than_the_cache_or_already_kept_is_not_added():
    cache = PlaysCache(3)
    cache.put("big", ("p1", "p2", "p3"))  # costs 4
    cache.put("a", ("p1",))
    cache.put("a", ("p1",))
    assert (len(cache), cache.held, cache.get("big")) == (1, 2, None)


def test_a_negative_cache_size_is_refused_in_words():
    with pytest.raises(ValueError, match=r"^cache_plays must be 0 or more, not -5$"):
        configure(cache_plays=-5)


def test_the_budget_error_says_its_limit():
    error = WorkLimitExceeded(500)
    assert (str(error), error.limit) == ("more than 500 units of work", 500)


def test_an_answer_that_fills_the_cache_exactly_is_kept():
    cache = PlaysCache(3)
    cache.put("a", ("p1", "p2"))  # costs 3: exactly the capacity
    assert (cache.get("a"), cache.held) == (("p1", "p2"), 3)
    cache = PlaysCache(6)
    cache.put("a", ("p1", "p2"))
    cache.put("b", ("p1", "p2"))  # 3 + 3 = 6: both stay
    assert (cache.get("a"), cache.get("b"), cache.held) == (("p1", "p2"), ("p1", "p2"), 6)


@pytest.fixture
def cache_on():
    """The plays cache on (10,000 plays) and empty for the test, then as it was."""
    previous = configure()
    configure(cache_plays=10_000)
    clear_cache()
    yield
    configure(cache_plays=previous)
    clear_cache()


def test_the_cached_answer_is_the_one_for_that_board_turn_and_roll(cache_on):
    # With the cache on, each (board, turn, roll) keeps its own answer: another roll, the other
    # colour or another board never gets it.
    opening = Board.initial()
    asked = [(opening, "white", (6, 5)), (opening, "white", (5, 5)), (opening, "white", (6, 6))]
    after = plain_plays(opening, "white", (6, 5))[0].board
    asked += [(opening, "black", (6, 5)), (after, "white", (6, 5))]
    plain = [sorted(p.notation for p in plain_plays(*question)) for question in asked]
    for _ in range(2):  # computed, then from the cache
        assert [sorted(p.notation for p in legal_plays(*question)) for question in asked] == plain
    assert cache_stats()[0] >= len(asked)


def test_a_question_asked_again_is_answered_from_the_cache_without_listing_its_plays(cache_on, monkeypatch):
    first = legal_plays(Board.initial(), "white", (6, 5))

    def listed_again(*args):
        raise AssertionError("the plays were listed again")

    monkeypatch.setattr(type(VARIANTS["backgammon"]), "plays", listed_again)
    assert legal_plays(Board.initial(), "white", (6, 5)) == first


def test_the_budget_allows_exactly_its_limit():
    board = Board.initial()
    with work_budget(10**9):
        legal_plays(board, "white", (6, 5))
        work = used()
    with work_budget(work):
        legal_plays(board, "white", (6, 5))  # exactly the limit: allowed
    with work_budget(work - 1), pytest.raises(WorkLimitExceeded):
        legal_plays(board, "white", (6, 5))
