"""The route modules, registered in this order; each module exposes `blp` (a flask-smorest Blueprint).

To add routes: create service/http/routes/<name>.py with `blp = Blueprint(...)` (from
service.http.blueprint) and append its module name here.
"""

BLUEPRINT_MODULES = [
    "service.http.routes.core",
    "service.http.routes.game",
    "service.http.routes.board_svg",
    "service.http.routes.playground",
    "service.http.routes.matches",
    "service.http.routes.convert",
]
