"""Messages: what the engine's codes say, in English or Romanian, from one catalogue.

The engine never holds a sentence: its values carry a `code` and `params` (plain values) and,
where the message is finer than the code, a `message_key`. The HTTP layer and the command line
render them here:

    >>> render("play.MUST_PLAY_HIGHER_DIE", {"roll": "6-1", "high": 6}, "ro")
    'din 6-1 se poate juca un singur zar: trebuie jucat 6'

`Message` is a sentence already rendered in English that remembers its key and parameters, so a
problem detail built deep in a request (or by marshmallow, see `arbitru.messages.marshmallow`) is
rendered again in the client's language when the answer is written, not translated back from text.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from arbitru.messages.catalogue import CATALOGUE

LANGUAGES: tuple[str, ...] = ("en", "ro")
DEFAULT_LANGUAGE = "en"

_PLAYER_PARAMS = frozenset({"player", "owner", "starter"})
_BAR, _OFF = 25, 0


class Coded(Protocol):
    """An engine value that speaks by code: its catalogue key and the parameters it names."""

    @property
    def message_key(self) -> str: ...  # pragma: no cover - protocol

    @property
    def params(self) -> Mapping[str, Any]: ...  # pragma: no cover - protocol


def language(lang: str | None) -> str:
    """A supported language code for `lang` (`ro`, `ro-RO` -> `ro`; anything else -> `en`)."""
    base = (lang or "").split("-")[0].strip().lower()
    return base if base in LANGUAGES else DEFAULT_LANGUAGE


def has_text(key: str) -> bool:
    """Whether the catalogue holds `key`."""
    return key in CATALOGUE


def template(key: str, lang: str | None = DEFAULT_LANGUAGE) -> str:
    """The unfilled text of `key` in `lang` (English if that language lacks it; the key if unknown)."""
    by_language = CATALOGUE.get(key)
    if by_language is None:
        return key
    return by_language.get(language(lang)) or by_language.get(DEFAULT_LANGUAGE) or key


def render(key: str, params: Mapping[str, Any] | None = None, lang: str | None = DEFAULT_LANGUAGE) -> str:
    """The text of `key` in `lang` with `params` filled in as they are (a tuple of alternatives as
    "2, 4 or 6" in the language's words, an `AllOf` as "a and b", a `Message` in `lang`)."""
    text = template(key, lang)
    if not params:
        return text
    return text.format(**{name: _in_words(value, lang) for name, value in params.items()})


class AllOf(tuple[Any, ...]):
    """A parameter naming all of its items ("a, b and c", "a, b și c"); a plain tuple names alternatives."""


def _in_words(value: Any, lang: str | None) -> Any:
    """A parameter as the sentence says it in `lang`: a `Message` rendered in it, a tuple of
    alternatives in words ("2, 4 or 6", "2, 4 sau 6"), an `AllOf` likewise with "and"; any other
    value as it is."""
    if isinstance(value, Message):
        return render(value.key, value.params, lang) if value.key in CATALOGUE else str(value)
    if not isinstance(value, tuple) or not value:
        return value
    *rest, last = (str(item) for item in value)
    key = "list.and" if isinstance(value, AllOf) else "list.or"
    return render(key, {"rest": ", ".join(rest), "last": last}, lang) if rest else last


def say(value: Coded, lang: str | None = DEFAULT_LANGUAGE) -> str:
    """What an engine value (verdict, cube verdict, opening result, problem) says in `lang`: its
    colours, points and dice counts put into words."""
    return say_code(value.message_key, value.params, lang)


def say_code(key: str, params: Mapping[str, Any], lang: str | None = DEFAULT_LANGUAGE) -> str:
    """The text of an engine code `key` with the engine's `params` put into words, as `say` puts a
    value's (a listing of codes with sample parameters, /v1/rules' cube reasons, says it the same way)."""
    return render(key, {name: _word(name, param, lang) for name, param in params.items()}, lang)


def _word(name: str, value: Any, lang: str | None) -> Any:
    """A parameter as the sentence names it: a colour as a player, a point by name, a dice count."""
    if name in _PLAYER_PARAMS and value in ("white", "black", "centered"):
        return template(value, lang)
    if name == "point" and isinstance(value, int):
        return point_word(value, lang)
    if name == "dice_word":
        return template("dice.one" if value == 1 else "dice.many", lang)
    return value


def cli_words(lang: str | None = DEFAULT_LANGUAGE) -> dict[str, str]:
    """The command line's words in `lang` (the catalogue's `cli.*` texts, by their name)."""
    return {key.removeprefix("cli."): template(key, lang) for key in CATALOGUE if key.startswith("cli.")}


def point_word(point: int, lang: str | None = DEFAULT_LANGUAGE) -> str:
    """A point as a message names it: `bar`, `off` or the number (Romanian `bară`, `punctul 7`)."""
    if point == _BAR:
        return template("point.bar", lang)
    if point == _OFF:
        return template("point.off", lang)
    return render("point.n", {"n": point}, lang)


def result_label(result: str | None, lang: str | None = DEFAULT_LANGUAGE) -> str | None:
    """The label of a game result: single / gammon / backgammon, in Romanian linie / marț / marț tehnic."""
    return None if result is None else template(f"result.{result}", lang)


class Message(str):
    """A sentence rendered in English that keeps its key and parameters for another language.

    A `str`, so everything that joins, compares or serialises messages keeps working unchanged."""

    key: str
    params: Mapping[str, Any]

    def __new__(cls, key: str, params: Mapping[str, Any] | None = None, text: str | None = None) -> Message:
        message = super().__new__(cls, render(key, params) if text is None else text)
        message.key = key
        message.params = dict(params or {})
        return message

    def format(self, *args: Any, **kwargs: Any) -> Message:
        """Filled in further (marshmallow formats its templates twice): the key becomes this text."""
        return Message(str(self), kwargs, str.format(self, *args, **kwargs))

    def __reduce__(self) -> tuple[Any, ...]:
        return (Message, (self.key, self.params, str(self)))


def message(key: str, **params: Any) -> Message:
    """A `Message` for `key` with `params` (what a problem detail or field error is built from)."""
    return Message(key, params)


def where_json_breaks(error: ValueError) -> dict[str, int]:
    """Where a text stops being JSON, from a `json.JSONDecodeError` (orjson's is one): `line` and
    `column` (from 1) and `position` (characters before it), numbers the same in any language, for a
    catalogue text to name the place in the reader's language rather than pass on the parser's English
    (`json_breaks`)."""
    return {
        "line": getattr(error, "lineno", 1),
        "column": getattr(error, "colno", 1),
        "position": getattr(error, "pos", 0),
    }


def json_breaks(error: ValueError) -> Message:
    """Where a text stops being JSON in the catalogue's one wording of it (`json.breaks_at`), the
    `place` of every text that says so (`problem.malformed_json` of a body, `game_record.not_json` of
    a transcript, `cli.shard.not_json` of a shard), rendered in the language the whole is."""
    return message("json.breaks_at", **where_json_breaks(error))


def localise(text: str, lang: str | None) -> str:
    """`text` in `lang`: a `Message` rendered from its key, a catalogue key's own text (marshmallow's
    fixed messages are their own keys), anything else unchanged."""
    if isinstance(text, Message):
        return render(text.key, text.params, lang) if text.key in CATALOGUE else str(text)
    if text in CATALOGUE:
        return render(text, None, lang)
    return text
