"""Render a Board as a small, deterministic SVG picture (same input, same bytes).

The side whose numbering is shown (`perspective`) sits at the bottom with its home board on the
bottom right; it moves counter-clockwise from 24 (top right) to 1 (bottom right). Each side's
checkers on the bar sit in the half of the bar next to the quarter they enter into; borne-off
checkers lie in trays on the right (the bottom side's tray at the bottom); the cube sits in the
left column (middle when centred, next to its owner otherwise); the dice of the side on roll lie
in that side's right-hand half. Every colour is opaque and the picture paints its own background,
so it reads the same on a light or a dark page. Pure Python: no Flask, no third-party imports.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from xml.sax.saxutils import escape

from arbitru.engine.board import BAR, OFF, Board, Color, other, pinned_points
from arbitru.engine.play import Move, format_moves
from arbitru.engine.rules import PRESETS
from arbitru.engine.variants import VARIANTS, Variant
from arbitru.messages import message, point_word, render, template

__all__ = ["SvgOptions", "render_board", "variant_name", "MAX_DRAWN"]

# -- geometry (viewBox units) -------------------------------------------------------------------
PW = 40  # point width
R = 18  # checker radius
STEP = 36  # distance between stacked checkers
MAX_DRAWN = 5  # checkers drawn per point; more are shown with a count
POINT_H = MAX_DRAWN * STEP  # 180: height of a point's triangle area
GAP = 56  # space between the top and bottom rows (dice live here)
FRAME = 10  # wooden frame around the field
STRIP = 22  # number strips above and below the board
BAR_W = 44
SIDE_W = 52  # cube column (left) and tray column (right)
SLAB_H = 10
SLAB_STEP = 11
DIE = 34
CUBE = 36

X_CUBE = FRAME
X_LEFT = X_CUBE + SIDE_W + FRAME  # left quarter (points 7-12 / 13-18 of the bottom side)
X_BAR = X_LEFT + 6 * PW
X_RIGHT = X_BAR + BAR_W  # right quarter (points 1-6 / 19-24)
X_TRAY = X_RIGHT + 6 * PW + FRAME
WIDTH = X_TRAY + SIDE_W + FRAME
Y_TOP = STRIP + FRAME  # top edge of the playing field
Y_MID = Y_TOP + POINT_H + GAP // 2
Y_BOTTOM = Y_TOP + 2 * POINT_H + GAP
HEIGHT = Y_BOTTOM + FRAME + STRIP

# -- palette: all opaque, chosen to keep contrast on light and dark pages -----------------------
BACKGROUND = "#3b2414"  # the frame (and the picture's own background)
FIELD = "#e6d3a3"
POINT_ODD = "#a23b2a"
POINT_EVEN = "#2e5e58"
TRAY = "#6b4423"
LABEL = "#f5ead2"
CHECKER = {"white": ("#f7f3ea", "#3a3a3a", "#1a1a1a"), "black": ("#1f1f1f", "#c9c9c9", "#f7f3ea")}
# (fill, outline, text on it)
ARROW = "#ff9f1a"
ARROW_EDGE = "#1a1a1a"


@dataclass(frozen=True, slots=True)
class SvgOptions:
    """What to draw besides the checkers (all optional).

    `perspective`: whose numbering is shown and who sits at the bottom (default: turn, else white).
    """

    perspective: Color | None = None
    turn: Color | None = None  # side on roll: owns the dice and the highlighted play
    dice: tuple[int, int] | None = None
    cube_value: int | None = None  # None: no cube drawn
    cube_owner: str = "centered"  # "centered", "white" or "black"
    play: tuple[tuple[int, int], ...] = ()  # moves (from, to) in the mover's numbering; 25 bar, 0 off
    lang: str = "en"  # the language of the title (the words come from arbitru.messages)
    variant: Variant = VARIANTS["backgammon"]  # where the top side's points lie, what a landing hits
    targets: bool = False  # mark each point, the bar and the bottom side's tray for a page's clicks


def render_board(
    board: Board,
    *,
    perspective: Color | None = None,
    turn: Color | None = None,
    dice: Sequence[int] | None = None,
    cube_value: int | None = None,
    cube_owner: str = "centered",
    play: Sequence[Sequence[int]] = (),
    lang: str = "en",
    variant: Variant = VARIANTS["backgammon"],
    targets: bool = False,
) -> str:
    """The SVG document (a str) of `board`, with optional dice, cube and a play drawn as arrows,
    titled in `lang`; the game (`variant`) places the other side's checkers (in long nardy both
    sides move the same way, each from its own 24) and says what a drawn play's landing does (a hit
    goes to the bar, a pin stays under the checker, long nardy touches nothing). With `targets`, each
    point, the bar and the bottom side's tray get a transparent area on top marked `data-point` (its
    number in the bottom side's numbering, 25 the bar, 0 off), so a page can tell which one a click
    or a touch is on without knowing the picture's geometry.

    Raises ValueError for options it cannot draw (a die outside 1-6, a move point outside 0-25,
    a play without the side that makes it).
    """
    options = _checked_options(perspective, turn, dice, cube_value, cube_owner, play)
    return _Renderer(board, replace(options, lang=lang, variant=variant, targets=targets)).document()


def _checked_options(
    perspective: Color | None,
    turn: Color | None,
    dice: Sequence[int] | None,
    cube_value: int | None,
    cube_owner: str,
    play: Sequence[Sequence[int]],
) -> SvgOptions:
    for name, value in (("perspective", perspective), ("turn", turn)):
        if value is not None and value not in ("white", "black"):
            raise ValueError(message("svg.side", name=name))
    checked_dice: tuple[int, int] | None = None
    if dice is not None:
        if len(dice) != 2 or any(not isinstance(d, int) or not 1 <= d <= 6 for d in dice):
            raise ValueError(message("svg.dice"))
        checked_dice = (dice[0], dice[1])
    if cube_value is not None and (not isinstance(cube_value, int) or cube_value < 1):
        raise ValueError(message("svg.cube_value"))
    if cube_owner not in ("centered", "white", "black"):
        raise ValueError(message("svg.cube_owner"))
    moves = []
    for move in play:
        if len(move) != 2 or not all(isinstance(p, int) for p in move):
            raise ValueError(message("svg.move_pair"))
        start, end = move
        if not 1 <= start <= 25 or not 0 <= end <= 24:
            raise ValueError(message("svg.move_range"))
        moves.append((start, end))
    if moves and turn is None:
        raise ValueError(message("svg.play_needs_turn"))
    return SvgOptions(
        perspective=perspective or turn or "white",
        turn=turn,
        dice=checked_dice,
        cube_value=cube_value,
        cube_owner=cube_owner,
        play=tuple(moves),
    )


def variant_name(variant: Variant, lang: str) -> str:
    """The name of the variant drawn, in `lang`: long nardy's and plakoto's are
    the names of the presets named after them (GET /v1/rules' `preset_descriptions`), the backgammon
    family's (backgammon, nackgammon, hypergammon; the portes and tavla presets) its own."""
    key = f"preset.{variant.name}" if variant.name in PRESETS else "svg.title.backgammon"
    return template(key, lang)


def _n(value: float) -> str:
    """A coordinate as short, stable text: integers bare, otherwise two decimals at most."""
    rounded = round(value, 2)
    if rounded == int(rounded):
        return str(int(rounded))
    return f"{rounded:.2f}".rstrip("0").rstrip(".")


class _Renderer:
    """Builds the document for one board; `bottom` is the perspective side, `top` the other."""

    def __init__(self, board: Board, options: SvgOptions) -> None:
        self.board = board
        self.options = options
        self.bottom: Color = options.perspective or "white"
        self.top: Color = other(self.bottom)
        self.out: list[str] = []

    # -- placement ----------------------------------------------------------------------------
    def point_x(self, point: int) -> int:
        """Centre x of `point` in the bottom side's numbering."""
        if point <= 6:
            return X_RIGHT + (6 - point) * PW + PW // 2
        if point <= 12:
            return X_LEFT + (12 - point) * PW + PW // 2
        if point <= 18:
            return X_LEFT + (point - 13) * PW + PW // 2
        return X_RIGHT + (point - 19) * PW + PW // 2

    def slot(self, color: Color, point: int, index: int) -> tuple[int, int]:
        """Centre of the `index`-th checker (0 = first laid) of `color` on its own `point` (1-25)."""
        index = min(index, MAX_DRAWN - 1)
        if point == BAR:
            # each side's bar checkers sit in the half where it enters, stacked from the middle out
            if color == self.bottom:
                return X_BAR + BAR_W // 2, Y_MID - GAP // 2 + 8 - R - index * STEP
            return X_BAR + BAR_W // 2, Y_MID + GAP // 2 - 8 + R + index * STEP
        own = point if color == self.bottom else self.options.variant.geometry.opposite(point)
        x = self.point_x(own)
        if own <= 12:
            return x, Y_BOTTOM - R - index * STEP
        return x, Y_TOP + R + index * STEP

    def tray_slab_y(self, color: Color, index: int) -> int:
        """Top y of the `index`-th borne-off slab of `color`."""
        if color == self.bottom:
            return Y_BOTTOM - 4 - SLAB_H - index * SLAB_STEP
        return Y_TOP + 4 + index * SLAB_STEP

    def tray_centre(self, color: Color, index: int) -> tuple[int, int]:
        """Centre of the `index`-th borne-off slab of `color`."""
        index = min(index, 15)
        return X_TRAY + SIDE_W // 2, self.tray_slab_y(color, index) + SLAB_H // 2

    # -- document -----------------------------------------------------------------------------
    def document(self) -> str:
        """The whole SVG text, drawn back to front."""
        title = escape(self.description())
        self.out.append(
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="100%" '
            f'preserveAspectRatio="xMidYMid meet" role="img" '
            f'font-family="DejaVu Sans, Verdana, Arial, sans-serif">'
        )
        self.out.append(f"<title>{title}</title>")
        self.out.append(f'<rect x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="{BACKGROUND}"/>')
        self.field()
        self.numbers()
        self.trays()
        for color in (self.bottom, self.top):
            self.checkers(color)
        self.cube()
        self.dice()
        self.arrows()
        if self.options.targets:
            self.click_targets()
        self.out.append("</svg>")
        return "\n".join(self.out) + "\n"

    def description(self) -> str:
        """A one-line text version of the picture (the SVG title: screen readers and tooltips), in
        the options' language, naming the variant drawn; the play in the engine's notation (hits
        marked, repeats counted)."""
        opts, lang = self.options, self.options.lang

        def side(color: str) -> str:
            return render(f"svg.title.{color}", None, lang)

        pips = {"white": self.board.pips("white"), "black": self.board.pips("black")}
        parts = [
            render(
                "svg.title.seen",
                {"variant": variant_name(opts.variant, lang), "side": side(self.bottom)},
                lang,
            ),
            render("svg.title.pips", pips, lang),
        ]
        if opts.turn is not None:
            roll = f" {opts.dice[0]}-{opts.dice[1]}" if opts.dice else ""
            parts.append(render("svg.title.to_play", {"player": side(opts.turn), "roll": roll}, lang))
        if opts.cube_value is not None:
            owned = opts.cube_owner != "centered"
            key = "svg.title.cube_owned" if owned else "svg.title.cube_centred"
            owner = side(opts.cube_owner) if owned else ""
            parts.append(render(key, {"value": opts.cube_value, "owner": owner}, lang))
        if opts.play and opts.turn is not None:
            parts.append(
                render(
                    "svg.title.play",
                    {"play": drawn_notation(self.board, opts.turn, opts.play, opts.variant)},
                    lang,
                )
            )
        return ", ".join(parts)

    def field(self) -> None:
        """The playing field: the two halves, 24 points in alternating colours, bar and side columns."""
        out = self.out
        for x in (X_LEFT, X_RIGHT):
            out.append(
                f'<rect x="{x}" y="{Y_TOP}" width="{6 * PW}" height="{Y_BOTTOM - Y_TOP}" fill="{FIELD}"/>'
            )
        for point in range(1, 25):
            x = self.point_x(point) - PW // 2
            colour = POINT_ODD if point % 2 else POINT_EVEN
            if point <= 12:
                base, apex = Y_BOTTOM, Y_BOTTOM - POINT_H + 6
            else:
                base, apex = Y_TOP, Y_TOP + POINT_H - 6
            out.append(
                f'<polygon points="{x + 1},{base} {x + PW // 2},{apex} {x + PW - 1},{base}" fill="{colour}"/>'
            )
        out.append(
            f'<rect x="{X_BAR}" y="{Y_TOP}" width="{BAR_W}" height="{Y_BOTTOM - Y_TOP}" fill="{BACKGROUND}"/>'
        )
        for x in (X_CUBE, X_TRAY):
            out.append(
                f'<rect x="{x}" y="{Y_TOP}" width="{SIDE_W}" height="{Y_BOTTOM - Y_TOP}" fill="{TRAY}"/>'
            )
        # the two trays are separated by a strip of frame level with the gap between the rows
        out.append(
            f'<rect x="{X_TRAY}" y="{Y_TOP + POINT_H}" width="{SIDE_W}" height="{GAP}" fill="{BACKGROUND}"/>'
        )

    def numbers(self) -> None:
        """Point numbers in the bottom side's numbering, and the bar and tray labels in the options'
        language (the words messages name the bar and off by: `bară`, `afară` in Romanian)."""
        for point in range(1, 25):
            y = Y_TOP - 11 if point > 12 else Y_BOTTOM + 21
            self.out.append(_text(self.point_x(point), y, str(point), LABEL, 15))
        lang = self.options.lang
        self.out.append(_text(X_BAR + BAR_W // 2, Y_BOTTOM + 21, point_word(BAR, lang), LABEL, 12))
        # the borne-off count of each side labels its own tray
        off = point_word(OFF, lang)
        for color, y in ((self.bottom, Y_BOTTOM + 21), (self.top, Y_TOP - 11)):
            count = self.board.side(color)[OFF]
            self.out.append(_text(X_TRAY + SIDE_W // 2, y, f"{off} {count}" if count else off, LABEL, 12))

    def trays(self) -> None:
        """Borne-off checkers as slabs in each side's tray."""
        for color in (self.bottom, self.top):
            count = self.board.side(color)[OFF]
            if not count:
                continue
            fill, edge, _ = CHECKER[color]
            for index in range(min(count, 15)):
                y = self.tray_slab_y(color, index)
                self.out.append(
                    f'<rect x="{X_TRAY + 6}" y="{y}" width="{SIDE_W - 12}" height="{SLAB_H}" rx="2" '
                    f'fill="{fill}" stroke="{edge}" stroke-width="1"/>'
                )

    def checkers(self, color: Color) -> None:
        """`color`'s checkers on the points and the bar; a count on the fifth when there are more.
        Plakoto: a checker pinned lies at the foot of its point, crossed, and the pinner's stack
        starts above it (the pinned checker is under the pinner's, as on a real board)."""
        side = self.board.side(color)
        under = {self.slot(other(color), point, 0) for point in pinned_points(self.board.side(other(color)))}
        for point in pinned_points(side):
            self.pinned_checker(color, *self.slot(color, point, 0))
        for point in (*range(1, 25), BAR):
            count = side[point]
            first = int(self.slot(color, point, 0) in under) if count and point != BAR else 0
            for index in range(first, min(first + count, MAX_DRAWN)):
                self.checker(color, *self.slot(color, point, index))
            if first + count > MAX_DRAWN:
                x, y = self.slot(color, point, MAX_DRAWN - 1)
                self.out.append(_text(x, y + 5, str(count), CHECKER[color][2], 15, bold=True))

    def pinned_checker(self, color: Color, x: int, y: int) -> None:
        """A pinned checker: a checker crossed in its text colour (it cannot move)."""
        self.checker(color, x, y)
        ink, d = CHECKER[color][2], R - 8
        for dx in (d, -d):
            self.out.append(
                f'<line x1="{x - dx}" y1="{y - d}" x2="{x + dx}" y2="{y + d}" '
                f'stroke="{ink}" stroke-width="3"/>'
            )

    def checker(self, color: Color, x: int, y: int) -> None:
        """One checker centred at (x, y)."""
        fill, edge, _ = CHECKER[color]
        self.out.append(
            f'<circle cx="{x}" cy="{y}" r="{R - 1}" fill="{fill}" stroke="{edge}" stroke-width="2"/>'
        )
        self.out.append(
            f'<circle cx="{x}" cy="{y}" r="{R - 7}" fill="none" stroke="{edge}" stroke-width="1"/>'
        )

    def click_targets(self) -> None:
        """Transparent areas on top of everything, one per point (its half of the field), the bar
        (the whole column) and the bottom side's tray, each marked `data-point` in the bottom side's
        numbering (25 the bar, 0 off). Painted (opacity 0, not `fill="none"`) so they take clicks."""
        areas = [(BAR, X_BAR, Y_TOP, BAR_W, Y_BOTTOM - Y_TOP), (OFF, X_TRAY, Y_MID, SIDE_W, Y_BOTTOM - Y_MID)]
        for point in range(1, 25):
            top = Y_MID if point <= 12 else Y_TOP
            areas.append((point, self.point_x(point) - PW // 2, top, PW, Y_MID - Y_TOP))
        self.out.append('<g class="targets" fill="#000" fill-opacity="0">')
        for point, x, y, width, height in sorted(areas):
            self.out.append(f'<rect data-point="{point}" x="{x}" y="{y}" width="{width}" height="{height}"/>')
        self.out.append("</g>")

    def cube(self) -> None:
        """The doubling cube (64 on its face while centred at 1), when one was given."""
        value = self.options.cube_value
        if value is None:
            return
        owner = self.options.cube_owner
        x = X_CUBE + (SIDE_W - CUBE) // 2
        if owner == "centered":
            y = Y_MID - CUBE // 2
        elif owner == self.bottom:
            y = Y_BOTTOM - 6 - CUBE
        else:
            y = Y_TOP + 6
        face = "64" if owner == "centered" and value == 1 else str(value)
        size = 18 if len(face) <= 2 else 14 if len(face) == 3 else 11
        self.out.append(
            f'<rect x="{x}" y="{y}" width="{CUBE}" height="{CUBE}" rx="5" fill="#fbfbf7" '
            f'stroke="#1a1a1a" stroke-width="2"/>'
        )
        self.out.append(_text(x + CUBE // 2, y + CUBE // 2 + size * 0.36, face, "#1a1a1a", size, bold=True))

    def dice(self) -> None:
        """The two dice of the side on roll, in its right-hand half, in its colours."""
        dice, turn = self.options.dice, self.options.turn
        if dice is None:
            return
        roller: Color = turn or self.bottom
        fill, edge, ink = CHECKER[roller]
        centre = X_RIGHT + 3 * PW if roller == self.bottom else X_LEFT + 3 * PW
        for number, die in enumerate(dice):
            x = centre - DIE - 4 if number == 0 else centre + 4
            y = Y_MID - DIE // 2
            self.out.append(
                f'<rect x="{x}" y="{y}" width="{DIE}" height="{DIE}" rx="6" fill="{fill}" '
                f'stroke="{edge}" stroke-width="2"/>'
            )
            for px, py in _PIPS[die]:
                cx, cy = x + DIE // 2 + px * 9, y + DIE // 2 + py * 9
                self.out.append(f'<circle cx="{cx}" cy="{cy}" r="3.5" fill="{ink}"/>')

    def arrows(self) -> None:
        """The highlighted play: one arrow per move, following the checkers as they move.

        Repeated moves (`8/5(2)`) take the checkers from the top of the stack down and lay them
        from the far end in, so their arrows run side by side instead of crossing.
        """
        if not self.options.play or self.options.turn is None:
            return
        mover: Color = self.options.turn
        mine = list(self.board.side(mover))
        theirs = list(self.board.side(other(mover)))
        marks: list[str] = []
        lines: list[str] = []
        moves = self.options.play
        index = 0
        while index < len(moves):
            start, end = moves[index]
            repeat = 1
            while index + repeat < len(moves) and moves[index + repeat] == (start, end):
                repeat += 1
            blot = _landing_blot(self.options.variant, theirs, end)
            if blot:  # a hit or a pin: mark the blot (a hit one goes to the bar)
                hx, hy = self.slot(other(mover), blot, 0)
                marks.append(
                    f'<circle cx="{hx}" cy="{hy}" r="{R + 2}" fill="none" stroke="{ARROW}" stroke-width="3"/>'
                )
                theirs[blot] = 0
                theirs[BAR] += self.options.variant.hits
            for n in range(repeat):
                x1, y1 = self.slot(mover, start, max(mine[start] - 1 - n, 0))
                landing = mine[end] + repeat - 1 - n
                x2, y2 = self.tray_centre(mover, landing) if end == OFF else self.slot(mover, end, landing)
                lines.extend(_arrow(x1, y1, x2, y2))
            mine[start] = max(mine[start] - repeat, 0)
            mine[end] += repeat
            index += repeat
        self.out.extend(marks)
        self.out.extend(lines)


_PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}


def drawn_notation(
    board: Board, turn: Color, play: Sequence[tuple[int, int]], variant: Variant = VARIANTS["backgammon"]
) -> str:
    """A drawn play in the engine's notation: each hop lands on its destination and hits (or pins)
    an opposing blot there (as /v1/play replays hops), repeats counted and hit stops kept."""
    opponent = list(board.side(other(turn)))
    moves = []
    for source, dest in play:
        blot = _landing_blot(variant, opponent, dest)
        if blot:
            opponent[blot] = 0
        moves.append(Move(source, dest, bool(blot)))
    return format_moves(tuple(moves))


def _landing_blot(variant: Variant, opponent: Sequence[int], dest: int) -> int:
    """The opponent's point (its numbering) of a lone checker a hop landing on `dest` hits or pins;
    0 when none (off, an empty or held point, or a variant where nothing is hit)."""
    blot = variant.geometry.opposite(dest) if 1 <= dest <= 24 else 0
    return blot if blot and (variant.hits or variant.pins) and opponent[blot] == 1 else 0


def _text(x: float, y: float, text: str, fill: str, size: int, bold: bool = False) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (
        f'<text x="{_n(x)}" y="{_n(y)}" fill="{fill}" font-size="{size}" text-anchor="middle"{weight}>'
        f"{escape(text)}</text>"
    )


def _arrow(x1: float, y1: float, x2: float, y2: float) -> list[str]:
    """A shaft with a dark edge and a filled head pointing at (x2, y2)."""
    length = math.hypot(x2 - x1, y2 - y1)
    if length < 1:
        return []
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    head, half = 16.0, 9.0
    bx, by = x2 - ux * head, y2 - uy * head  # base of the head
    left = (bx - uy * half, by + ux * half)
    right = (bx + uy * half, by - ux * half)
    shaft = f'x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(bx)}" y2="{_n(by)}"'
    head_points = f"{_n(x2)},{_n(y2)} {_n(left[0])},{_n(left[1])} {_n(right[0])},{_n(right[1])}"
    return [
        f'<line {shaft} stroke="{ARROW_EDGE}" stroke-width="8" stroke-linecap="round"/>',
        f'<line {shaft} stroke="{ARROW}" stroke-width="4" stroke-linecap="round"/>',
        f'<polygon points="{head_points}" fill="{ARROW}" stroke="{ARROW_EDGE}" stroke-width="2" '
        f'stroke-linejoin="round"/>',
    ]
