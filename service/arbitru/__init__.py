"""Arbitru: backgammon rules as a library, a command line and a service (docs/library.md).

    >>> import arbitru
    >>> position = arbitru.Position.initial(turn="white", dice=(3, 1))
    >>> [play.notation for play in position.plays()][:2]
    ['24/23 24/21', '24/21 8/7']

Everything a user needs is importable from here: positions and boards, rules and presets, legal
plays, the ruling on a written play, outcomes, GNU IDs / XGID / FIBS, match files read, verified
and written. `arbitru.engine` is the pure rules library, `arbitru.formats` the notations and file
formats, `arbitru.referee` the match referee, `arbitru.http` the Flask layer (the `server` extra:
`pip install arbitru[server]`). `create_app` imports Flask lazily so that using the library never
pulls in the web stack.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

# Where each public name lives. Loaded on first use (PEP 562), so that `import arbitru.engine`
# loads the engine alone (tests/engine/test_engine_purity.py); the imports below say the same to
# type checkers (tests/library/test_library_face.py checks both agree).
_HOMES: dict[str, str] = {
    **dict.fromkeys(("BAR", "COLORS", "OFF", "Board", "Color", "Problem", "other"), "arbitru.engine.board"),
    "Cube": "arbitru.engine.cube",
    "judge_play": "arbitru.engine.judge",
    "Match": "arbitru.engine.match",
    "legal_plays": "arbitru.engine.moves",
    **dict.fromkeys(("NotationError", "parse_play"), "arbitru.engine.notation"),
    **dict.fromkeys(("Outcome", "outcome"), "arbitru.engine.outcome"),
    **dict.fromkeys(("Move", "Play"), "arbitru.engine.play"),
    "Position": "arbitru.engine.position",
    "Verdict": "arbitru.engine.verdict",
    **dict.fromkeys(("PRESETS", "ROMANIAN", "STANDARD", "Rules", "build_rules"), "arbitru.engine.rules"),
    "RecordError": "arbitru.formats.game_record",
    "MatFormatError": "arbitru.formats.mat",
    "FormatError": "arbitru.formats.codec",
    **dict.fromkeys(("Notation", "read_position", "write_position"), "arbitru.formats.sources"),
    **dict.fromkeys(
        ("MatchVerdict", "RulesError", "Transcript", "read_match", "rules_from", "verify_match"),
        "arbitru.library",
    ),
}

if TYPE_CHECKING:  # pragma: no cover
    from flask import Flask

    from arbitru.engine.board import BAR, COLORS, OFF, Board, Color, Problem, other
    from arbitru.engine.cube import Cube
    from arbitru.engine.judge import judge_play
    from arbitru.engine.match import Match
    from arbitru.engine.moves import legal_plays
    from arbitru.engine.notation import NotationError, parse_play
    from arbitru.engine.outcome import Outcome, outcome
    from arbitru.engine.play import Move, Play
    from arbitru.engine.position import Position
    from arbitru.engine.rules import PRESETS, ROMANIAN, STANDARD, Rules, build_rules
    from arbitru.engine.verdict import Verdict
    from arbitru.formats.codec import FormatError
    from arbitru.formats.game_record import RecordError
    from arbitru.formats.mat import MatFormatError
    from arbitru.formats.sources import Notation, read_position, write_position
    from arbitru.library import MatchVerdict, RulesError, Transcript, read_match, rules_from, verify_match
    from arbitru.settings import Settings

    __version__: str


def __getattr__(name: str) -> Any:
    """A public name, imported from its module on first use; `__version__` from the installed
    package's metadata (pyproject's version: one source)."""
    if name == "__version__":
        from importlib.metadata import PackageNotFoundError, version

        try:
            found: Any = version("arbitru")
        except PackageNotFoundError:  # pragma: no cover - a source tree that was never installed
            found = "0+unknown"
    elif name in _HOMES:
        found = getattr(import_module(_HOMES[name]), name)
    else:
        raise AttributeError(f"module 'arbitru' has no attribute {name!r}")
    globals()[name] = found
    return found


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


__all__ = [
    "BAR",
    "COLORS",
    "OFF",
    "PRESETS",
    "ROMANIAN",
    "STANDARD",
    "Board",
    "Color",
    "Cube",
    "FormatError",
    "Match",
    "MatFormatError",
    "MatchVerdict",
    "Move",
    "NotationError",
    "Notation",
    "Outcome",
    "Play",
    "Position",
    "Problem",
    "RecordError",
    "Rules",
    "RulesError",
    "Transcript",
    "Verdict",
    "__version__",
    "build_rules",
    "create_app",
    "judge_play",
    "legal_plays",
    "other",
    "outcome",
    "parse_play",
    "read_match",
    "read_position",
    "rules_from",
    "verify_match",
    "write_position",
]


def create_app(config: dict[str, Any] | None = None, settings: Settings | None = None) -> Flask:
    """Build the WSGI application (the target of `gunicorn 'arbitru:create_app()'`; needs the
    `server` extra); the settings are read from the environment unless given."""
    try:
        from arbitru.http.app import create_app as _create_app
    except ModuleNotFoundError as missing:  # no `server` extra: say what to install
        raise ModuleNotFoundError(
            f"the web service needs the server extra: pip install 'arbitru[server]' ({missing})",
            name=missing.name,
        ) from missing
    return _create_app(config, settings)
