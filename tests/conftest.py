"""Suite-wide settings: under CI, hypothesis replays a fixed derandomized draw, so a run never fails on
a new random example nobody can reproduce; locally each run explores new examples."""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("dev", deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")
