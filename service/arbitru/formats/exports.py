"""What an export of a match tells its reader beside the file: the facts Arbitru's own reader reads
back from it but the format's other readers (GNU Backgammon, eXtreme Gammon, SGF readers) will not
understand. The routes answer them as the convert answer's `warnings`."""

from __future__ import annotations

from arbitru.engine.rules import Rules
from arbitru.formats.mat import MatchFile, rules_tag
from arbitru.messages import message

FORMATS: tuple[str, ...] = ("mat", "sgf")


def export_warnings(match: MatchFile, rules: Rules, fmt: str) -> list[str]:
    """The warnings of exporting `match` refereed under `rules` as `fmt` (`mat` or `sgf`)."""
    found: list[str] = []
    stated = [game.number for game in match.games if game.set_position or game.start_position is not None]
    if stated and fmt == "mat":
        found.append(message("export.warn_set_pos", games=", ".join(map(str, stated))))
    tag = rules_tag(rules)
    if tag is not None:
        key = "export.warn_rules_mat" if fmt == "mat" else "export.warn_rules_sgf"
        found.append(message(key, rules=tag))
    return found
