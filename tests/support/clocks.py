"""Clock settings as a client writes them, for the clock's properties (engine and HTTP)."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from arbitru.engine.clock import DELAY_KINDS, FLAG_POLICIES, PRESETS, TEAM_PRESETS


def seconds(most: int) -> st.SearchStrategy[float]:
    """Seconds as a client writes them: whole, or with a fraction finer than the clock's millisecond."""
    return st.one_of(st.integers(0, most), st.floats(0, most, allow_nan=False, allow_infinity=False))


SECONDS = seconds(600)


@st.composite
def clock_settings(draw: st.DrawFn) -> dict[str, Any]:
    """A client's `clock`: a preset or none, any explicit settings over it, and the team flag where
    the preset has team numbers."""
    preset = draw(st.sampled_from([None, *PRESETS]))
    chosen: dict[str, Any] = {"preset": preset} if preset is not None or draw(st.booleans()) else {}
    optional = {
        "per_point": SECONDS,
        "less_per_point_scored": SECONDS,
        "reserve": st.one_of(st.none(), SECONDS),
        "delay": SECONDS,
        "delay_kind": st.sampled_from(DELAY_KINDS),
        "overtime": SECONDS,
        "flag": st.sampled_from(FLAG_POLICIES),
    }
    for name in draw(st.sets(st.sampled_from(sorted(optional)))):
        chosen[name] = draw(optional[name])
    if preset in TEAM_PRESETS:
        chosen["team"] = draw(st.booleans())
    return chosen
