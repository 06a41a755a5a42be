"""The route modules, registered in this order; each module exposes `blp` (a flask-smorest Blueprint).

To add routes: create service/arbitru/http/routes/<name>.py with `blp = Blueprint(...)` (from
arbitru.http.blueprint) and append its module name here.
"""

BLUEPRINT_MODULES = [
    "arbitru.http.routes.core",
    "arbitru.http.routes.turn",
    "arbitru.http.routes.game",
    "arbitru.http.routes.board_svg",
    "arbitru.http.routes.playground",
    "arbitru.http.routes.matches",
    "arbitru.http.routes.convert",
    "arbitru.http.routes.clock",
    "arbitru.http.routes.trust",
]
