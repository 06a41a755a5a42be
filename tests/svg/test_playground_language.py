"""The playground page speaks the chosen language only: every word it shows, in the served page and
in its script's sentences, comes from the message catalogue (issue 40: it was half English under
Romanian)."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from arbitru import create_app
from arbitru.http.routes.playground import STATIC, page_words
from arbitru.messages import LANGUAGES, template
from arbitru.messages.catalogue import CATALOGUE

SHOWN_ATTRIBUTES = ("placeholder", "title", "alt", "aria-label")
# what the page may show in any language: the language names (each in its own language, so a
# reader finds theirs), the dice field's example roll
NEUTRAL = {template("language.name", lang) for lang in LANGUAGES} | {"31"}


class ShownText(HTMLParser):
    """The texts a reader sees in a page (text outside scripts and styles, and the attributes a
    browser shows), and its `#words` data block."""

    def __init__(self) -> None:
        super().__init__()
        self.shown: list[str] = []
        self.words: dict[str, dict[str, str]] = {}
        self._inside: list[str] = []
        self._data_block = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._inside.append(tag)
        self.shown += [value for name, value in attrs if name in SHOWN_ATTRIBUTES and value]
        self._data_block = tag == "script" and ("id", "words") in attrs

    def handle_endtag(self, tag: str) -> None:
        if self._inside and self._inside[-1] == tag:
            self._inside.pop()

    def handle_data(self, data: str) -> None:
        if self._inside and self._inside[-1] == "script" and self._data_block:
            self.words = json.loads(data)
        elif not (self._inside and self._inside[-1] in ("script", "style")) and data.strip():
            self.shown.append(" ".join(data.split()))


def shown(html: str) -> ShownText:
    parser = ShownText()
    parser.feed(html)
    return parser


@pytest.fixture(scope="module")
def client() -> Any:
    return create_app({"TESTING": True}).test_client()


@pytest.fixture(scope="module")
def romanian_page(client: Any) -> Any:
    return client.get("/", headers={"Accept-Language": "ro-RO,ro;q=0.9,en;q=0.5"})


def test_playground_page_in_romanian_shows_no_english(romanian_page: Any) -> None:
    """Under Accept-Language: ro every text the served page shows is a Romanian word of the page
    (or a language's own name): nothing is written into the page in English."""
    assert romanian_page.headers["Content-Language"] == "ro"
    assert "Accept-Language" in romanian_page.headers["Vary"]
    html = romanian_page.get_data(as_text=True)
    assert '<html lang="ro">' in html
    words = page_words("ro")
    strange = [text for text in shown(html).shown if text not in set(words.values()) | NEUTRAL]
    assert strange == []
    english = {text for key, text in page_words("en").items() if text != words[key]}
    assert not [text for text in shown(html).shown if text in english]


def test_playground_page_in_english_by_default(client: Any) -> None:
    html = client.get("/").get_data(as_text=True)
    words = page_words("en")
    assert '<html lang="en">' in html and words["title"] in html
    assert [text for text in shown(html).shown if text not in set(words.values()) | NEUTRAL] == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_playground_words_are_the_catalogue_s_in_every_language(romanian_page: Any, lang: str) -> None:
    """The page's data block holds each language's words from the catalogue, the same names in
    each; every playground word is Romanian in Romanian (not an English text copied over)."""
    words = shown(romanian_page.get_data(as_text=True)).words
    assert set(words) == set(LANGUAGES)
    assert words[lang] == page_words(lang)
    assert set(words[lang]) == set(words["en"])
    for key in (key for key in CATALOGUE if key.startswith("playground.")):
        name = key.removeprefix("playground.")
        assert words[lang][name] == template(key, lang)
        if lang == "ro":
            assert words["ro"][name] != words["en"][name], name


def test_playground_script_takes_every_word_it_shows_from_the_page(romanian_page: Any) -> None:
    """The script holds no sentence of its own: each word it asks for (`word`/`fill`) and each
    `data-text` of the page is a word of the page, and none of the page's English texts is written
    in the script."""
    script = (Path(STATIC) / "app.js").read_text(encoding="utf-8")
    html = romanian_page.get_data(as_text=True)
    asked = set(re.findall(r'\b(?:word|fill)\("([\w.]+)"', script))
    asked |= set(re.findall(r'data-(?:text|placeholder)="([\w.]+)"', html))
    words = page_words("en")
    assert asked and asked <= set(words), asked - set(words)
    code = "\n".join(line for line in script.splitlines() if not line.lstrip().startswith("//"))
    literals = set(re.findall(r'"([^"\\]*)"', code))
    assert not literals & set(words.values()), literals & set(words.values())


@pytest.mark.parametrize(
    ("query", "accept", "served"),
    [
        ("?lang=ro", "en", "ro"),
        ("?lang=en", "ro", "en"),
        ("", "ro-RO", "ro"),
        ("", "", "en"),
    ],
)
def test_playground_page_language_from_the_query_else_accept_language(
    client: Any, query: str, accept: str, served: str
) -> None:
    response = client.get("/" + query, headers={"Accept-Language": accept} if accept else {})
    assert response.headers["Content-Language"] == served
    html = response.get_data(as_text=True)
    assert f'<html lang="{served}">' in html and f"<title>{page_words(served)['title']}</title>" in html
    assert f'<option value="{served}" selected>' in html


def test_playground_page_in_a_language_it_does_not_have_is_a_422_naming_lang(client: Any) -> None:
    response = client.get("/?lang=fr", headers={"Accept-Language": "ro"})
    assert response.status_code == 422 and response.mimetype == "application/problem+json"
    assert response.get_json()["errors"] == {"query.lang": ["Trebuie să fie una dintre: en, ro."]}
