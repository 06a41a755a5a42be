"""The HTTP layer: Flask + flask-smorest blueprints over the pure engine (see `app.create_app`)."""
