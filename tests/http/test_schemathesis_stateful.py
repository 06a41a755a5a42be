"""Schemathesis' stateful phase in-process: the OpenAPI links chain the round trips a client makes
(start -> moves or convert, moves -> play with a listed play, convert -> moves with each ID,
matches/convert -> matches/verify with the record) and every chained answer conforms to the spec."""

from __future__ import annotations

from pathlib import Path

import schemathesis
from hypothesis import settings
from schemathesis.config import SchemathesisConfig
from schemathesis.schemas import APIOperation

from arbitru import create_app

# A link gives the whole next body (`merge_body: false`), which is JSON; schemathesis then asks the
# operation for its one media type and refuses an operation that also takes `text/plain` and
# multipart uploads (the matches routes). The linked body is sent as JSON, the media type the link
# means; every other step (and the stateless runs) still draws each declared media type.
_default_media_type = APIOperation._get_default_media_type


def _linked_media_type(self: APIOperation) -> str:
    if "application/json" in self.get_request_payload_content_types():
        return "application/json"
    return _default_media_type(self)


APIOperation._get_default_media_type = _linked_media_type  # type: ignore[method-assign]

CONFIG = SchemathesisConfig.from_path(Path(__file__).with_name("schemathesis.toml"))
schema = schemathesis.openapi.from_wsgi("/openapi.json", create_app(), config=CONFIG)


class StateMachine(schema.as_state_machine()):  # type: ignore[misc]
    """Asks for uncompressed answers: the WSGI client sends requests' `Accept-Encoding: gzip,
    deflate` but does not decode the answer (compression has its own tests)."""

    def get_call_kwargs(self, case: schemathesis.Case) -> dict:
        return {"headers": {"Accept-Encoding": "identity"}}


CHAINS = {
    "GET_v1_start___200_moves__POST_v1_moves",
    "GET_v1_start___200_convert__POST_v1_convert",
    "POST_v1_moves___200_play__POST_v1_play",
    "POST_v1_convert___200_moves_by_gnubg_id__POST_v1_moves",
    "POST_v1_convert___200_moves_by_xgid__POST_v1_moves",
    "POST_v1_convert___200_moves_by_fibs__POST_v1_moves",
    "POST_v1_matches_convert___200_verify__POST_v1_matches_verify",
}


def test_the_spec_links_every_round_trip_a_client_makes() -> None:
    assert CHAINS <= set(dir(StateMachine))


TestRoundTrips = StateMachine.TestCase
TestRoundTrips.settings = settings(
    max_examples=50, stateful_step_count=5, deadline=None, derandomize=True, database=None
)
