"""A user's mistakes `mypy --strict` must report against the installed package: the types are
real, not Any (tests/library/test_user_script_types.py names each line)."""

from __future__ import annotations

from arbitru import Position, Rules, read_position

rules = Rules(preset=3)  # mistake: preset
position = Position.initial(rules, turn="white", dice=(3, 1))
count: str = len(position.plays())  # mistake: count
read_position("XGID=...", "xg")  # mistake: notation
text: int = position.judge("8/5 6/5").play.notation  # mistake: play
