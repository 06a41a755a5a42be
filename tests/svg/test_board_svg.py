"""The board picture: well-formed, stable SVG for each typical situation.

Golden files live in tests/svg/golden/. After an intended change to the picture, regenerate them
with `ARBITRU_REGENERATE_GOLDEN=1 /work/venv/bin/python -m pytest tests/svg -q`, look at the new
files (open them in a browser) and commit them with the change.
"""

from __future__ import annotations

import os
import random
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from arbitru.engine.board import Board, side_from_points
from arbitru.formats.svg import HEIGHT, WIDTH, render_board

GOLDEN = Path(__file__).parent / "golden"
REGENERATE = os.environ.get("ARBITRU_REGENERATE_GOLDEN") == "1"
SVG = "{http://www.w3.org/2000/svg}"


def board(white: dict[int, int], black: dict[int, int], *, white_bar: int = 0, black_bar: int = 0) -> Board:
    """A board from point maps in each side's own numbering; what is missing from 15 is off."""

    def side(points: dict[int, int], bar: int) -> tuple[int, ...]:
        return side_from_points(points, bar, 15 - sum(points.values()) - bar)

    return Board(side(white, white_bar), side(black, black_bar))


SITUATIONS: dict[str, tuple[Board, dict]] = {
    "opening": (
        Board.initial(),
        {"turn": "white", "dice": (3, 1), "cube_value": 1, "play": ((8, 5), (6, 5))},
    ),
    "bar": (
        board({6: 4, 8: 3, 13: 5, 24: 2}, {6: 5, 8: 3, 13: 5, 24: 1}, black_bar=1),
        {
            "turn": "black",
            "dice": (4, 2),
            "cube_value": 2,
            "cube_owner": "white",
            "play": ((25, 21), (21, 19)),
        },
    ),
    "bearoff": (
        board({1: 3, 2: 2, 3: 2, 4: 1, 5: 2, 6: 1}, {1: 2, 2: 2, 3: 3, 4: 2, 5: 1, 6: 2}),
        {"turn": "white", "dice": (6, 4), "cube_value": 4, "cube_owner": "black", "play": ((6, 0), (4, 0))},
    ),
    "hit": (
        board({6: 5, 8: 3, 13: 5, 24: 1, 20: 1}, {6: 5, 8: 3, 13: 5, 24: 1, 22: 1}),
        {"turn": "white", "dice": (6, 5), "play": ((13, 7), (8, 3))},
    ),
    "doubles": (
        board({6: 7, 8: 3, 13: 3, 24: 2}, {6: 5, 8: 3, 13: 5, 24: 2}),
        {
            "turn": "white",
            "dice": (3, 3),
            "cube_value": 1,
            "perspective": "black",
            "play": ((8, 5), (8, 5), (6, 3), (6, 3)),
        },
    ),
}


def test_situations_are_legal_positions() -> None:
    for name, (position, _) in SITUATIONS.items():
        assert position.problems() == [], name


@pytest.mark.parametrize("name", sorted(SITUATIONS))
def test_snapshot_picture_matches_golden_file(name: str) -> None:
    position, options = SITUATIONS[name]
    svg = render_board(position, **options)
    path = GOLDEN / f"{name}.svg"
    if REGENERATE:
        path.write_text(svg, encoding="utf-8")
    assert path.exists(), f"missing {path}; run with ARBITRU_REGENERATE_GOLDEN=1 to create it"
    assert svg == path.read_text(encoding="utf-8"), f"{name}.svg changed; see the module docstring"


@pytest.mark.parametrize("name", sorted(SITUATIONS))
def test_picture_is_well_formed_svg_with_a_viewbox_and_full_width(name: str) -> None:
    position, options = SITUATIONS[name]
    root = ET.fromstring(render_board(position, **options))
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox") == f"0 0 {WIDTH} {HEIGHT}"
    assert root.get("width") == "100%"
    assert root.find(f"{SVG}title") is not None


@pytest.mark.parametrize("name", sorted(SITUATIONS))
def test_same_input_gives_the_same_bytes(name: str) -> None:
    position, options = SITUATIONS[name]
    first = render_board(position, **options)
    again = render_board(Board(tuple(position.white), tuple(position.black)), **dict(options))
    assert first.encode() == again.encode()


def test_picture_paints_an_opaque_background_and_uses_no_transparency() -> None:
    position, options = SITUATIONS["opening"]
    svg = render_board(position, **options)
    root = ET.fromstring(svg)
    background = root.find(f"{SVG}rect")
    assert background is not None
    assert (background.get("width"), background.get("height")) == (str(WIDTH), str(HEIGHT))
    assert background.get("fill", "").startswith("#")
    for word in ("opacity", "rgba", "transparent", "hsla"):
        assert word not in svg


def _texts(svg: str) -> list[str]:
    return [t.text or "" for t in ET.fromstring(svg).iter(f"{SVG}text")]


def test_more_than_five_checkers_on_a_point_show_their_count() -> None:
    position = board({6: 7, 8: 3, 13: 3, 24: 2}, {6: 5, 8: 3, 13: 5, 24: 2})
    svg = render_board(position)
    assert "7" in _texts(svg)
    # 5 drawn for white's 6 point, every other checker drawn once: 2 circles each
    circles = len(list(ET.fromstring(svg).iter(f"{SVG}circle")))
    assert circles == 2 * (5 + 3 + 3 + 2 + 15)


def test_numbers_follow_the_chosen_perspective() -> None:
    position = Board.initial()
    white_view = render_board(position, perspective="white")
    black_view = render_board(position, perspective="black")
    # same checker layout (the opening is symmetric) but the colours swap seats
    assert white_view != black_view
    assert "seen from white" in white_view and "seen from black" in black_view


def test_perspective_defaults_to_the_side_on_roll() -> None:
    position = Board.initial()
    assert render_board(position, turn="black") == render_board(position, turn="black", perspective="black")


def test_borne_off_checkers_label_their_tray() -> None:
    position, options = SITUATIONS["bearoff"]
    texts = _texts(render_board(position, **options))
    assert "off 4" in texts and "off 3" in texts


def test_bar_and_off_labels_are_in_the_picture_language() -> None:
    """The bar and tray labels say `bară` and `afară` in Romanian (the words messages name them by),
    never the English `bar` and `off`."""
    position, options = SITUATIONS["bearoff"]
    texts = _texts(render_board(position, **options, lang="ro"))
    assert "bară" in texts and "afară 4" in texts and "afară 3" in texts
    assert not [text for text in texts if "bar" in text.split() or "off" in text.split()], texts
    empty = _texts(render_board(Board.initial(), lang="ro"))
    assert "bară" in empty and empty.count("afară") == 2


def test_centred_cube_shows_64_and_an_owned_cube_its_value() -> None:
    position = Board.initial()
    assert "64" in _texts(render_board(position, cube_value=1))
    assert "2" in _texts(render_board(position, cube_value=2, cube_owner="black"))


def test_a_play_draws_one_arrow_per_move_and_rings_the_hit_blot() -> None:
    position, options = SITUATIONS["hit"]
    root = ET.fromstring(render_board(position, **options))
    lines = list(root.iter(f"{SVG}line"))
    assert len(lines) == 2 * 2  # an edge and a shaft per move
    rings = [c for c in root.iter(f"{SVG}circle") if c.get("stroke") == "#ff9f1a"]
    assert len(rings) == 1


@pytest.mark.parametrize(
    "options",
    [
        {"dice": (0, 3)},
        {"dice": (1, 2, 3)},
        {"turn": "white", "play": ((26, 20),)},
        {"turn": "white", "play": ((8, 25),)},
        {"play": ((8, 5),)},
        {"cube_value": 0},
        {"cube_owner": "nobody"},
        {"perspective": "red"},
    ],
)
def test_options_it_cannot_draw_are_a_value_error(options: dict) -> None:
    with pytest.raises(ValueError):
        render_board(Board.initial(), **options)


def _random_games(seed: int, positions: int) -> list[tuple[Board, str, tuple[int, int], tuple]]:
    """Positions from seeded random games (hits, bar entries, bear-offs all occur), with the play made."""
    from arbitru.engine import legal_plays, outcome
    from arbitru.engine.board import other

    rng = random.Random(seed)
    found = []
    position, turn = Board.initial(), "white"
    while len(found) < positions:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        play = rng.choice(legal_plays(position, turn, dice))
        found.append((position, turn, dice, tuple((m.from_point, m.to_point) for m in play.moves)))
        position, turn = play.board, other(turn)
        if outcome(position).game_over:
            position, turn = Board.initial(), "white"
    return found


def test_every_checker_is_drawn_once_up_to_five_a_point_in_random_games() -> None:
    for position, turn, dice, moves in _random_games(seed=8, positions=300):
        root = ET.fromstring(render_board(position, turn=turn, dice=dice, play=moves))
        fills = {"white": "#f7f3ea", "black": "#1f1f1f"}
        for color in ("white", "black"):
            side = position.side(color)
            expected = sum(min(n, 5) for n in side[1:26])
            drawn = [
                c for c in root.iter(f"{SVG}circle") if c.get("fill") == fills[color] and c.get("r") == "17"
            ]
            assert len(drawn) == expected, (position, color)
            slabs = [
                r
                for r in root.iter(f"{SVG}rect")
                if r.get("fill") == fills[color] and r.get("height") == "10"
            ]
            assert len(slabs) == side[0]
        assert len(list(root.iter(f"{SVG}line"))) == 2 * len(moves)
