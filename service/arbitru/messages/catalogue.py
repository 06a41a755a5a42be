"""Every message of Arbitru, English and Romanian side by side, read from `catalogue.toml`.

The table lives in a data file shipped with the package (`catalogue.toml`, package data), one TOML
table per key with its `en` and `ro` texts; what a key is and how placeholders are named is said at
the top of that file. `load` reads it once at import with the standard library's `tomllib`.

Why one keyed table rather than gettext catalogues (Babel): two languages, ~200 short texts, keys that
are codes rather than English source strings; a table needs no extraction or compile step and no .mo
files in the wheel, and the placeholder test (tests/messages) reads it directly.
"""

from __future__ import annotations

import tomllib
from http import HTTPStatus
from importlib import resources

_TITLE = "title."


def load(name: str = "catalogue.toml") -> dict[str, dict[str, str]]:
    """The catalogue in the package's data file `name`: key -> language -> text.

    An HTTP status title (`title.<status>`) gives its Romanian text only: its English is the
    standard phrase (`http.HTTPStatus`), so it is never written twice."""
    with resources.files(__package__ or "arbitru.messages").joinpath(name).open("rb") as file:
        table: dict[str, dict[str, str]] = tomllib.load(file)
    for key, texts in table.items():
        if key.startswith(_TITLE):
            texts.setdefault("en", HTTPStatus(int(key.removeprefix(_TITLE))).phrase)
    return table


CATALOGUE: dict[str, dict[str, str]] = load()
