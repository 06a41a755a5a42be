"""The rules a transcript is refereed by: the client's, then what the transcript states."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from arbitru.engine.board import Problem, problem
from arbitru.engine.rules import Rules, build_rules
from arbitru.engine.variants import variant_of
from arbitru.formats.codec import ID_VARIANTS as TRANSCRIPT_VARIANTS
from arbitru.formats.mat import MatchFile, stated_rules


def resolve_rules(match: MatchFile, requested: Mapping[str, Any] | None) -> tuple[Rules, list[Problem]]:
    """The rules to referee by: the client's `rules` first, then the transcript's header tags
    (`stated_rules`, the one reading of them).

    Returns the rules and the client's problems. A preset asked for ignores the tags; a tag the
    rules refuse is dropped and the others kept; when what is refused is the client's own option in
    the company of the tags (the client's `automatic_doubles` beyond a header's `CubeLimit`), every
    tag is dropped: the client's rules alone."""
    requested = dict(requested or {})
    rules, problems = build_rules(requested)
    if problems or "preset" in requested:
        return rules, problems or _unwritable(match, rules)
    header = {k: v for k, v in stated_rules(match).items() if k not in requested}
    for _ in range(len(header)):  # each round drops a tag or ends: a bounded loop
        merged, found = build_rules({**header, **requested})
        if not found:
            return merged, _unwritable(match, merged)
        bad = {p.field.partition(".")[2] for p in found}  # "rules.max_cube" names max_cube
        kept = {k: v for k, v in header.items() if k not in bad}
        if kept == header:
            break
        header = kept
    return rules, _unwritable(match, rules)


def _unwritable(match: MatchFile, rules: Rules) -> list[Problem]:
    """A .mat or SGF transcript read (no `rules` of a JSON record) refereed by rules it cannot hold."""
    found = None if match.rules is not None else transcript_problem(rules)
    return [] if found is None else [found]


def transcript_problem(rules: Rules) -> Problem | None:
    """Why a .mat or SGF transcript cannot hold a game of `rules` (None when it can): they hold only
    the backgammon family's games, Long Nardy's same-direction moves and Plakoto's pins have no
    notation there. Both ways: such a transcript is not refereed by those rules, and no match of
    those rules is written as one (docs/variants.md). Nor a rotation match (Tavli): they state one
    game's rules for the whole match."""
    if rules.rotates:
        return problem("rules.rotation", "transcript_rotation", rotation=rules.rotation)
    if variant_of(rules).position_ids:  # the games GNU IDs, .mat and SGF hold
        return None
    variants = ", ".join(TRANSCRIPT_VARIANTS)
    return problem("rules.variant", "transcript_variant", variant=rules.variant, variants=variants)


def opening_roll_is_never_a_double(rules: Rules) -> bool:
    """Whether the first roll of a game cannot be a double under the rules' opening options: only
    in the standard opening (one die each, equal dice rolled again) with the starter playing the
    opening dice. The romanian opening's starter plays its own two dice, a double too; with
    `opening_dice: new_roll` the starter rolls both dice afresh, so any roll may come first."""
    return rules.opening == "standard" and rules.opening_dice == "rolled"
