"""English and Romanian texts for reason codes, validation problems and result labels.

Codes and field names never change with the language; only the human-readable text does. Other
modules may add their own texts with `register` (a key maps to {"en": ..., "ro": ...}).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from arbitru.engine.board import Problem

LANGUAGES: tuple[str, ...] = ("en", "ro")
DEFAULT_LANGUAGE = "en"

_TEXTS: dict[str, dict[str, str]] = {
    # -- cube reason codes (stable, returned as reason.code by POST /v1/cube) -----------------------
    "CUBE_DISABLED": {
        "en": "The doubling cube is not used under these rules.",
        "ro": "Cubul de dublare nu se folosește în aceste reguli.",
    },
    "CRAWFORD_GAME": {
        "en": "Nobody may double in the Crawford game.",
        "ro": "În jocul Crawford nu se poate dubla.",
    },
    "NOT_CUBE_OWNER": {
        "en": "Only the owner of the cube ({owner}) may double.",
        "ro": "Doar cel care deține cubul ({owner}) poate dubla.",
    },
    "MAX_CUBE_REACHED": {
        "en": "The cube cannot go above {max_cube}.",
        "ro": "Cubul nu poate depăși valoarea {max_cube}.",
    },
    "ALREADY_ROLLED": {
        "en": "The cube may be turned only before rolling the dice.",
        "ro": "Miza se poate dubla doar înainte de aruncarea zarurilor.",
    },
    "GAME_OVER": {
        "en": "The game is already over.",
        "ro": "Jocul s-a terminat deja.",
    },
    "BEAVERS_NOT_ALLOWED": {
        "en": "Beavers are not allowed under these rules.",
        "ro": "Redublarea imediată (beaver) nu este permisă în aceste reguli.",
    },
    "RACCOONS_NOT_ALLOWED": {
        "en": "Raccoons are not allowed under these rules.",
        "ro": "Răspunsul la beaver (raccoon) nu este permis în aceste reguli.",
    },
    "NO_BEAVERS_IN_MATCH": {
        "en": "Beavers and raccoons are never allowed in match play.",
        "ro": "Beaver și raccoon nu sunt permise niciodată într-o partidă pe puncte.",
    },
    "BEAVER_ANSWERS_DOUBLE": {
        "en": "A beaver can only answer a double.",
        "ro": "Un beaver poate răspunde doar unei dublări.",
    },
    "RACCOON_ANSWERS_BEAVER": {
        "en": "A raccoon can only answer a beaver.",
        "ro": "Un raccoon poate răspunde doar unui beaver.",
    },
    # -- checker-play reasons: arbitru.engine.judge registers its own (play.<CODE>) ---------------
    # -- validation problems (422 field messages) ----------------------------------------------------
    "unknown_option": {"en": "unknown option", "ro": "opțiune necunoscută"},
    "unknown_choice": {"en": "must be one of: {choices}", "ro": "trebuie să fie una dintre: {choices}"},
    "not_boolean": {"en": "must be true or false", "ro": "trebuie să fie true sau false"},
    "not_integer": {"en": "must be an integer", "ro": "trebuie să fie un număr întreg"},
    "only_hypergammon": {
        "en": "applies only to the hypergammon variant",
        "ro": "se aplică doar variantei hypergammon",
    },
    "max_cube_range": {
        "en": "must be a power of two from 1 to {limit}",
        "ro": "trebuie să fie o putere a lui doi între 1 și {limit}",
    },
    "automatic_doubles_range": {
        "en": "must be 0 or more, and automatic doubles must not take the cube above {max_cube}",
        "ro": "trebuie să fie cel puțin 0, iar dublările automate nu pot duce cubul peste {max_cube}",
    },
    "match_length_range": {
        "en": "must be from 0 (money game) to {limit}",
        "ro": "trebuie să fie între 0 (joc pe bani) și {limit}",
    },
    "ties_need_romanian": {
        "en": "applies only to the romanian opening (one die each can only tie by equal dice)",
        "ro": "se aplică doar deschiderii românești (cu un zar fiecare, egalitatea înseamnă zaruri egale)",
    },
    "option_requires": {
        "en": "needs the option '{requirement}' to be on",
        "ro": "necesită opțiunea '{requirement}' activată",
    },
    "cube_value": {
        "en": "must be a power of two from 1 to {max_cube}",
        "ro": "trebuie să fie o putere a lui doi între 1 și {max_cube}",
    },
    "cube_off": {
        "en": "must be 1: the cube is not used under these rules",
        "ro": "trebuie să fie 1: cubul nu se folosește în aceste reguli",
    },
    "owner_at_one": {
        "en": "a cube at 1 is centred: nobody has doubled yet",
        "ro": "un cub la 1 stă la mijloc: nimeni nu a dublat încă",
    },
    "score_below_length": {
        "en": "must be below the match length ({length})",
        "ro": "trebuie să fie mai mic decât lungimea partidei ({length})",
    },
    "score_not_negative": {"en": "must not be negative", "ro": "nu poate fi negativ"},
    "score_in_money": {
        "en": "a money game (length 0) has no match score",
        "ro": "un joc pe bani (lungime 0) nu are scor de partidă",
    },
    "crawford_in_money": {
        "en": "the Crawford game exists only in a match",
        "ro": "jocul Crawford există doar într-o partidă pe puncte",
    },
    "crawford_one_away": {
        "en": "the Crawford game needs exactly one player 1 point away from winning the match",
        "ro": "jocul Crawford cere ca exact un jucător să fie la 1 punct de câștigarea partidei",
    },
    "crawford_rule_off": {
        "en": "the Crawford rule is off under these rules",
        "ro": "regula Crawford este dezactivată în aceste reguli",
    },
    "crawford_cube": {
        "en": "nobody doubles in the Crawford game: the cube stays centred at 1",
        "ro": "în jocul Crawford nu se dublează: cubul rămâne la mijloc, la 1",
    },
    "dice_count.standard": {
        "en": "in the standard opening each player rolls one die",
        "ro": "la deschiderea standard fiecare jucător aruncă un zar",
    },
    "dice_count.romanian": {
        "en": "in the romanian opening each player rolls two dice",
        "ro": "la deschiderea românească fiecare jucător aruncă două zaruri",
    },
    "opening_cube": {
        "en": "the cube is centred before the first roll of a game",
        "ro": "înainte de prima aruncare a jocului cubul stă la mijloc",
    },
    "die_range": {"en": "a die shows 1 to 6", "ro": "un zar arată de la 1 la 6"},
    "unknown_variant": {"en": "must be one of: {choices}", "ro": "trebuie să fie una dintre: {choices}"},
    # -- opening explanations ----------------------------------------------------------------------
    "opening_reroll": {
        "en": "Equal rolls: both players roll again.",
        "ro": "Aruncări egale: ambii jucători aruncă din nou.",
    },
    "opening_reroll_auto": {
        "en": "Equal rolls: both players roll again and the cube is turned to {value} (automatic double).",
        "ro": (
            "Aruncări egale: ambii jucători aruncă din nou, "
            "iar miza se dublează: cubul ajunge la {value} (dublare automată)."
        ),
    },
    "opening_starts": {
        "en": "{starter} starts and plays {dice}.",
        "ro": "Începe {starter} și joacă {dice}.",
    },
    "opening_starts_new_roll": {
        "en": "{starter} starts and rolls both dice again.",
        "ro": "Începe {starter} și aruncă din nou ambele zaruri.",
    },
    "opening_step.standard": {
        "en": "Each player rolls one die; the higher die starts and plays both dice (equal dice: again).",
        "ro": (
            "Fiecare jucător aruncă un zar; zarul mai mare începe și joacă ambele zaruri "
            "(zaruri egale: se aruncă din nou)."
        ),
    },
    "opening_step.romanian": {
        "en": "Each player rolls both dice; a double beats any non-double, else the higher total starts.",
        "ro": (
            "Fiecare jucător aruncă ambele zaruri; o dublă bate orice altă aruncare, "
            "altfel începe totalul mai mare."
        ),
    },
    # -- players and results -----------------------------------------------------------------------
    "white": {"en": "White", "ro": "Albul"},
    "black": {"en": "Black", "ro": "Negrul"},
    "centered": {"en": "nobody", "ro": "nimeni"},
    "result.single": {"en": "single game", "ro": "linie"},
    "result.gammon": {"en": "gammon", "ro": "marț"},
    "result.backgammon": {"en": "backgammon", "ro": "marț tehnic"},  # only when backgammons count
}


def register(texts: Mapping[str, Mapping[str, str]]) -> None:
    """Add texts (key -> {language: text}); a module owning reason codes calls this at import."""
    for key, by_language in texts.items():
        _TEXTS.setdefault(key, {}).update(by_language)


def language(lang: str | None) -> str:
    """A supported language code for `lang` (`ro`, `ro-RO` -> `ro`; anything else -> `en`)."""
    base = (lang or "").split("-")[0].strip().lower()
    return base if base in LANGUAGES else DEFAULT_LANGUAGE


def has_text(key: str) -> bool:
    """Whether a text is known for `key`."""
    return key in _TEXTS


def text(key: str, lang: str | None = DEFAULT_LANGUAGE, **params: Any) -> str:
    """The text for `key` in `lang` (English if that language lacks it), with `params` filled in."""
    by_language = _TEXTS.get(key)
    if by_language is None:
        return key
    template = by_language.get(language(lang)) or by_language.get(DEFAULT_LANGUAGE)
    if template is None:
        return key
    return template.format(**params) if params else template


def problem(field: str, key: str, lang: str | None = DEFAULT_LANGUAGE, **params: Any) -> Problem:
    """A validation Problem for `field` whose message is the text `key` in `lang`."""
    return Problem(field, text(key, lang, **params))


def result_label(result: str | None, lang: str | None = DEFAULT_LANGUAGE) -> str | None:
    """The label of a game result: single / gammon / backgammon, in Romanian linie / marț / marț tehnic."""
    return None if result is None else text(f"result.{result}", lang)


def player_name(color: str, lang: str | None = DEFAULT_LANGUAGE) -> str:
    """`white` / `black` as a word in `lang` (for messages)."""
    return text(color, lang)
