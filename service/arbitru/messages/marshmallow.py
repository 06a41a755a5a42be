"""marshmallow's validator messages rendered from their template and parameters, in any language.

marshmallow formats a validator's message from a class-level English template (`Must be one of:
{choices}.`, `Must be {min_op} {{min}}.`, formatted once more per error). `install()` makes those
templates `Message`s: formatting one gives a `Message` that keeps the template it was filled from
and the values, so the problem answer renders it from the catalogue (keyed by that template) in
the client's language. The English text is unchanged. It must run before any schema builds its
validators (their templates are copied when a validator is made): `arbitru.http` calls it first.
Field messages (`Not a valid integer.`) are fixed sentences and are their own catalogue keys.
"""

from __future__ import annotations

from marshmallow import validate

from arbitru.messages import Message

_TEMPLATES: dict[type, tuple[str, ...]] = {
    validate.OneOf: ("default_message",),
    validate.Range: ("message_min", "message_max", "message_all"),
    validate.Length: ("message_min", "message_max", "message_all", "message_equal"),
}


def install() -> None:
    """Make marshmallow's validator templates `Message`s (idempotent)."""
    for cls, names in _TEMPLATES.items():
        for name in names:
            text = getattr(cls, name)
            if not isinstance(text, Message):
                setattr(cls, name, Message(text, None, text))
