"""The parsed-plays cache of `parse_play_marked` is bounded and answers what parsing answers: the
same hops and marks for any text, the same error (code and column) for a text that cannot be read,
every time it is asked. Parsing token by token from the tokens' cache answers what the plain
reading of the whole text answers."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from arbitru.engine import notation
from arbitru.engine.notation import NotationError, parse_play_marked
from tests.support.cases import examples

points = st.sampled_from(["bar", "off", "Bar", "25", "0", *map(str, range(1, 25)), "30", "x"])
tokens = st.builds(
    lambda a, b, star, repeat: f"{a}/{b}{star}{repeat}",
    points,
    points,
    st.sampled_from(["", "*"]),
    st.sampled_from(["", "(2)", "(0)"]),
)
blanks = st.sampled_from([" ", "  ", ", ", ",", "\t", "\u00a0", "\x1c", "\u2003"])
texts = (
    st.lists(tokens, max_size=5).map(" ".join)
    | st.lists(st.tuples(tokens, blanks), max_size=6).map(lambda pairs: "".join(t + b for t, b in pairs))
    | st.lists(tokens, min_size=5, max_size=9).map(" ".join)  # past 16 hops with repeats
    | st.text(max_size=80)
)


def answer(parse, text: str):
    try:
        return parse(text)
    except NotationError as exc:
        return ("error", exc.code, exc.column, exc.params)


@settings(max_examples=examples(400), deadline=None)
@given(texts)
def test_the_cached_parse_answers_what_parsing_answers_every_time(text: str):
    plain = answer(notation._parse_play_marked, text)
    assert answer(parse_play_marked, text) == plain
    assert answer(parse_play_marked, text) == plain  # asked again: from the cache when cached


def test_the_cache_is_bounded():
    notation._parsed.cache_clear()
    for n in range(notation.PARSED_CACHE + 50):
        parse_play_marked(f"{n % 24 + 1}/{n % 24} " * (1 + n % 3))
    assert notation._parsed.cache_info().currsize <= notation.PARSED_CACHE
    long_text = "24/23" + " " * 80 + "13/11"  # longer than MAX_CACHED_TEXT: parsed, never kept
    before = notation._parsed.cache_info().currsize
    parse_play_marked(long_text)
    assert notation._parsed.cache_info().currsize == before


@settings(max_examples=examples(400), deadline=None)
@given(texts)
def test_parsing_by_cached_tokens_answers_what_the_plain_reading_answers(text: str):
    plain = answer(notation._read_plainly, text)
    assert answer(notation._parse_play_marked, text) == plain
    assert answer(notation._parse_play_marked, text) == plain  # the tokens from their cache now


def test_the_token_cache_is_bounded():
    notation._token.cache_clear()
    for n in range(notation.TOKEN_CACHE + 50):
        notation._parse_play_marked(f"{n % 25 + 1}/{n // 25 % 25}({n // 625 % 9 + 1})")
    assert notation._token.cache_info().currsize <= notation.TOKEN_CACHE
    token = "24/23/22/21/20/19/18/17/16"  # longer than MAX_CACHED_TOKEN: read with its text
    before = notation._token.cache_info().currsize
    assert parse_play_marked(token)[0][0] == (24, 23)
    assert notation._token.cache_info().currsize == before


single_hop_tokens = tokens | st.builds(
    lambda a, b, star: f"{a}/{b}{star}",
    st.sampled_from(["bar", "off", "00", "06", "25", "0", "13", "13*", "", "7/5"]),
    st.sampled_from(["off", "00", "03", "0", "25", "bar", "7", "7*", "", "(2)", "5/4"]),
    st.sampled_from(["", "*", "**"]),
)


@settings(max_examples=examples(400), deadline=None)
@given(single_hop_tokens)
def test_a_single_hop_is_read_as_the_plain_reading_reads_it(token: str):
    """`_single_hop` answers what `_read_plainly` answers for the tokens it reads, and reads the
    usual one-hop tokens (a point name of `_POINTS` each side, a hit mark or not)."""
    single = notation._single_hop(token)
    if single is not None:
        assert answer(notation._read_plainly, token) == single


def test_the_usual_single_hops_are_read_without_the_plain_reading():
    for token in ("13/8", "24/20*", "25/22", "bar/22", "6/0", "6/off", "06/03"):
        assert notation._single_hop(token) == notation._read_plainly(token)
    for token in ("Bar/22", "8/5(2)", "24/18/13", "off/5", "5/bar", "13*/7", "7/5**", "30/2"):
        assert notation._single_hop(token) is None
