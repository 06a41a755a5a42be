"""The HTTP layer: Flask + flask-smorest blueprints over the pure engine (see `app.create_app`)."""

from arbitru.messages.marshmallow import install as _install_message_templates

_install_message_templates()  # before any schema builds a validator (arbitru.messages.marshmallow)
