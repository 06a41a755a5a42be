"""`verify` is `Referee(...).verdict()`: it hands the referee every argument it is given, positional
and by name. (mutmut cannot test this: `verify` is built once, at import, by `_verdict_of`; the
mutants that drop its positional or named arguments are listed as untestable in
scripts/mutation_exemptions.toml with this test, which kills them when they are applied to the
source: `python scripts/mutation.py untestable`, docs/mutation.md.)"""

from __future__ import annotations

from arbitru.formats.game_record import record_to_match
from arbitru.referee import Referee, resolve_rules, verify
from tests.referee.test_referee import OPEN, act, game, record


def test_verify_hands_the_referee_its_positional_and_named_arguments():
    turns = [*OPEN, act(0, "double", cube=2), act(1, "take"), act(1, "resign")]
    match = record_to_match(record(game(turns, result={"winner": 0, "points": 3}), length=5))
    rules, _ = resolve_rules(match, {})
    in_romanian = verify(match, rules, "illegal-moves-rule", lang="ro")
    assert in_romanian == Referee(match, rules, "illegal-moves-rule", lang="ro").verdict()
    assert in_romanian != verify(match, rules, "illegal-moves-rule")  # the language reached the referee
    assert in_romanian["error"]["code"] == "WRONG_POINTS"
