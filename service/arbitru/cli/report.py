"""The HTML report an organiser hands out: static pages, no external asset, every text escaped.

At the top the totals and the reasons found, and the dice audit of a run with `--dice`
(`arbitru.cli.dice_report`); then the summary table of every match (file,
players, length, games, final score, winner, verdict, the player who erred and the illegal
action), sortable by any column and filterable by text and verdict with a few lines of inline
script (the table is complete without it). A valid match cut short is said `valid (unfinished)`,
counted in the totals, and has a filter of its own (its row's `data-status` is `valid unfinished`:
the filter `valid` shows it too). Problems first: only a match with a problem (invalid or
unreadable) has details, which its row links to: the games, the ruling, and the board of the
illegal action as a picture labelled with both players' names and scores, the side on roll and the
dice; a valid match's row already says all there is. The details come `PAGE` matches a page: the
first page's below the table, the next ones in `report-2.html`, `report-3.html`... beside the
report. The words are the chosen language's (the catalogue's `cli.*`); the rulings are in the
language the transcripts were verified in.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import quote

from arbitru.cli.dice_report import dice_section
from arbitru.cli.shape import rules_of
from arbitru.cli.summary import first_error, score_text, unfinished, verdict_text
from arbitru.cli.verdicts import INVALID, UNREADABLE, VALID, summary_line
from arbitru.engine.board import COLORS, Board
from arbitru.engine.variants import variant_of
from arbitru.formats.svg import render_board
from arbitru.messages import cli_words, render, template

# Details of matches with a problem per page, so that no page of a large archive's report is too
# large to open (the sizes: bench/report_size.py, figures in docs/archives.md).
PAGE = 250
# Rows of the table the script shows at a time (with buttons for the next ones). Headless Chromium
# spent 70 s laying out a 100,000-row table on load and 48 s again after each sort (a loaded
# 2-core machine); rows not shown are `display: none`, which the browser does not lay out.
WINDOW = 500
PROBLEMS = (INVALID, UNREADABLE)

STYLE = """
body{font-family:system-ui,sans-serif;margin:1em auto;max-width:80em;padding:0 1em;color:#1a1a1a}
table{border-collapse:collapse;width:100%;font-size:.9em}
th,td{border-bottom:1px solid #ddd;padding:.3em .5em;text-align:left;vertical-align:top}
.scroll{overflow-x:auto}td:first-child,td:last-child{overflow-wrap:anywhere;min-width:14em}
th,td:nth-child(3),td:nth-child(4),td:nth-child(5),td:nth-child(7){white-space:nowrap}
th{cursor:pointer;background:#f3f1ea;position:sticky;top:0;user-select:none}
th[aria-sort=ascending]::after{content:" \\25b2"}th[aria-sort=descending]::after{content:" \\25bc"}
td:nth-child(3),td:nth-child(4){text-align:right;font-variant-numeric:tabular-nums}
.valid,[data-status~=valid]>td:nth-child(7){color:#060}
[data-status~=unfinished]>td:nth-child(7){color:#a60}
.invalid,[data-status~=invalid]>td:nth-child(7){color:#a00;font-weight:600}
.unreadable,[data-status~=unreadable]>td:nth-child(7){color:#a60;font-weight:600}
section{border-top:2px solid #ccc;margin-top:1.5em}
figure{margin:.5em 0;max-width:36em}figcaption{font-weight:600;margin:.2em 0}
.controls{display:flex;gap:1em;align-items:center;margin:1em 0;flex-wrap:wrap}
code{word-break:break-all}
"""

# Sorting, filtering and showing the table `WINDOW` rows at a time, without a server: the rows are
# the table's own; a column whose heading has class "n" sorts as numbers (a cell's data-sort, else
# its text). Each sort computes every row's key once and moves the rows in one fragment, and the
# filter reads each row's text once: a table of 100,000 rows would otherwise read its cells at each
# of the sort's 1.7 million comparisons. Until the script runs, the style hides the rows past the
# first window by position (class "first"); without script, a <noscript> style shows every row.
SCRIPT = """
(function(){
var table=document.getElementById('matches'),body=table.tBodies[0],heads=table.tHead.rows[0].cells;
var rows=Array.prototype.slice.call(body.rows),texts=null,matching=rows,start=0,shown=[];
var text=document.getElementById('filter'),status=document.getElementById('status');
var pager=document.getElementById('pager'),said=document.getElementById('shown');
var size=parseInt(pager.getAttribute('data-window'),10);
function key(row,i,numeric){var c=row.cells[i],v=c.getAttribute('data-sort');
 if(v===null)v=c.textContent;var n=parseFloat(v);return !numeric||isNaN(n)?v.toLowerCase():n;}
function show(){
 if(table.className){
  rows.forEach(function(r,at){r.hidden=at>=size;});shown=rows.slice(0,size);table.className='';}
 shown.forEach(function(r){r.hidden=true;});
 shown=matching.slice(start,start+size);shown.forEach(function(r){r.hidden=false;});
 pager.hidden=matching.length<=size;
 said.textContent=pager.getAttribute('data-said').replace('{first}',shown.length?start+1:0)
  .replace('{last}',start+shown.length).replace('{total}',matching.length);}
function filter(){var t=text.value.toLowerCase(),s=status.value;
 if(texts===null)texts=rows.map(function(r){return r.textContent.toLowerCase();});
 matching=rows.filter(function(r,at){
  return (!s||(' '+r.getAttribute('data-status')+' ').indexOf(' '+s+' ')>=0)
   &&(!t||texts[at].indexOf(t)>=0);});
 start=0;show();}
Array.prototype.forEach.call(heads,function(th,i){
 th.addEventListener('click',function(){
  var up=th.getAttribute('aria-sort')!=='ascending',numeric=th.className==='n';
  Array.prototype.forEach.call(heads,function(o){o.removeAttribute('aria-sort');});
  th.setAttribute('aria-sort',up?'ascending':'descending');
  var keyed=rows.map(function(r,at){return {row:r,key:key(r,i,numeric),at:at};});
  keyed.sort(function(a,b){var x=a.key,y=b.key;return (x<y?-1:x>y?1:a.at-b.at)*(up?1:-1);});
  rows=keyed.map(function(k){return k.row;});texts=null;
  var moved=document.createDocumentFragment();rows.forEach(function(r){moved.appendChild(r);});
  body.appendChild(moved);filter();
 });
});
document.getElementById('prev').addEventListener('click',function(){start=Math.max(0,start-size);show();});
document.getElementById('next').addEventListener('click',function(){if(start+size<matching.length){start+=size;show();}});
text.addEventListener('input',filter);status.addEventListener('change',filter);
if(rows.length>size)show();
})();
"""


def _e(value: Any) -> str:
    return html.escape("" if value is None else str(value), quote=True)


def report_pages(
    summary: Mapping[str, Any], lang: str, name: str, per_page: int = PAGE, window: int = WINDOW
) -> list[tuple[str, str]]:
    """The report of a summary (`arbitru.cli.summary.summarise`) as pages, (file name, HTML): the
    report itself, `name`, then its further details pages, `per_page` matches' details a page; its
    script shows the table `window` rows at a time."""
    words = cli_words(lang)
    matches: Sequence[Mapping[str, Any]] = summary["matches"]
    problems = [index for index, item in enumerate(matches) if item["status"] in PROBLEMS]
    shares = [problems[start : start + per_page] for start in range(0, len(problems), per_page)] or [[]]
    names = [name, *(page_name(name, number) for number in range(2, len(shares) + 1))]
    links = {
        index: _link(names[0], names[page], index) for page, share in enumerate(shares) for index in share
    }
    totals = summary_line(summary["counts"], lang, summary["unfinished"])
    first = [
        _head(words["report"], lang, _window_style(window)),
        f"<h1>{_e(words['report'])}</h1><p>{_e(totals)}</p>",
    ]
    if summary["codes"]:
        listed = ", ".join(f"{_e(code)} ({count})" for code, count in summary["codes"].items())
        first.append(f"<p>{_e(words['codes'])}: {listed}</p>")
    if "dice" in summary:
        first.append(dice_section(summary["dice"]["audit"], lang))
    first += _controls(words, window)
    first.append(_table(matches, links, words, lang))
    first += _details_part(matches, shares, 0, names, words, lang)
    first.append(f"<script>{SCRIPT}</script></body></html>")
    pages = [(names[0], "\n".join(first))]
    for page in range(1, len(shares)):
        title = f"{words['report']}: {words['details']} {page + 1}/{len(shares)}"
        body = [
            _head(title, lang),
            f'<h1>{_e(title)}</h1><p><a href="{_e(quote(names[0]))}">{_e(words["report"])}</a></p>',
        ]
        body += _details_part(matches, shares, page, names, words, lang)
        body.append("</body></html>")
        pages.append((names[page], "\n".join(body)))
    return pages


def write_report(
    path: Path, summary: Mapping[str, Any], lang: str, per_page: int = PAGE, window: int = WINDOW
) -> None:
    """Write the report's pages: `path`, and its further details pages beside it."""
    for name, page in report_pages(summary, lang, path.name, per_page, window):
        path.with_name(name).write_text(page, encoding="utf-8")


def page_name(name: str, number: int) -> str:
    """The file of the report's details page `number` (2, 3, ...): `report-2.html` beside `report.html`."""
    path = Path(name)
    return f"{path.stem}-{number}{path.suffix}"


def _link(first: str, page: str, index: int) -> str:
    return f"#m{index}" if page == first else f"{quote(page)}#m{index}"


def _head(title: str, lang: str, extra: str = "") -> str:
    return (
        f'<!doctype html><html lang="{_e(lang)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width,initial-scale=1">'
        f"<title>{_e(title)}</title><style>{STYLE}</style>{extra}</head><body>"
    )


def _window_style(window: int) -> str:
    """The rows past the first window hidden until the script takes over; every row without script."""
    rule = "#matches.first tbody tr:nth-child"
    return (
        f"<style>{rule}(n+{window + 1}){{display:none}}</style>"
        f"<noscript><style>{rule}(n){{display:table-row}}</style></noscript>"
    )


def _details_part(
    matches: Sequence[Mapping[str, Any]],
    shares: Sequence[Sequence[int]],
    page: int,
    names: Sequence[str],
    words: Mapping[str, str],
    lang: str,
) -> list[str]:
    """The details of page `page`'s matches, and the links to the other details pages."""
    if not shares[page]:
        return []
    heading = f'<h2 id="details">{_e(words["details"])}</h2>'
    if len(shares) > 1:
        heading += (
            "<nav>"
            + " ".join(
                f"<b>{number + 1}</b>"
                if number == page
                else f'<a href="{_e(quote(names[number]))}#details">{number + 1}</a>'
                for number in range(len(shares))
            )
            + "</nav>"
        )
    return [heading, *(_details(index, matches[index], words, lang) for index in shares[page])]


def _controls(words: Mapping[str, str], window: int) -> list[str]:
    filters = (VALID, "unfinished", INVALID, UNREADABLE)  # a row's data-status words
    shown = {**words, "unfinished": words["valid_unfinished"]}
    options = "".join(f'<option value="{status}">{_e(shown[status])}</option>' for status in filters)
    return [
        '<div class="controls">',
        f'<label>{_e(words["filter"])} <input id="filter" type="search"></label>',
        f'<label>{_e(words["verdict"])} <select id="status"><option value="">{_e(words["all"])}</option>'
        f"{options}</select></label>",
        f"<span>{_e(words['sort_hint'])}</span>",
        f'<span id="pager" hidden data-window="{window}" data-said="{_e(words["rows_shown"])}">'
        '<button id="prev" type="button">‹</button> <span id="shown"></span> '
        '<button id="next" type="button">›</button></span></div>',
    ]


def _number(value: int | None, shown: Any) -> str:
    """A numeric cell: it sorts by `value` (-1 for none), whatever it shows (`money` for 0 points)."""
    return f'<td data-sort="{-1 if value is None else value}">{_e(shown)}</td>'


def _length_text(length: int | None, words: Mapping[str, str]) -> str:
    """A match length as shown: `money` for a money session (length 0), nothing when unknown."""
    return words["money"] if length == 0 else "" if length is None else str(length)


def _players_text(item: Mapping[str, Any]) -> str:
    return " – ".join(item.get("players") or [])


NUMERIC = ' class="n"'  # a heading whose column sorts as numbers


def _table(
    matches: Sequence[Mapping[str, Any]], links: Mapping[int, str], words: Mapping[str, str], lang: str
) -> str:
    heads = ("file", "players", "length", "games", "final_score", "winner", "verdict", "erring", "where")
    numeric = ("length", "games")  # the 3rd and 4th columns, as STYLE aligns them
    rows = [
        '<div class="scroll"><table id="matches" class="first"><thead><tr>'
        + "".join(f'<th scope="col"{NUMERIC if h in numeric else ""}>{_e(words[h])}</th>' for h in heads)
        + "</tr></thead><tbody>"
    ]
    for index, item in enumerate(matches):
        error = item.get("error") or {}
        length = item.get("match_length")
        where = first_error(item, lang) if item["status"] in PROBLEMS else ""
        file = _e(item["file"])
        if index in links:
            file = f'<a href="{_e(links[index])}">{file}</a>'
        rows.append(
            f'<tr data-status="{_e(_status_words(item))}">'
            f"<td>{file}</td>"
            f"<td>{_e(_players_text(item))}</td>"
            + _number(length, _length_text(length, words))
            + _number(item.get("games"), item.get("games"))
            + f"<td>{_e(score_text(item))}</td><td>{_e(item.get('winner'))}</td>"
            f"<td>{_e(verdict_text(item, lang))}</td>"
            f"<td>{_e(error.get('player'))}</td><td>{_e(where)}</td></tr>"
        )
    rows.append("</tbody></table></div>")
    return "".join(rows)


def _status_words(item: Mapping[str, Any]) -> str:
    """A row's `data-status`: its status, and `unfinished` for a valid match cut short (the filter
    and the style match either word)."""
    return f"{item['status']} unfinished" if unfinished(item) else item["status"]


def _details(index: int, item: Mapping[str, Any], words: Mapping[str, str], lang: str) -> str:
    status = item["status"]
    parts = [
        f'<section id="m{index}"><h3>{_e(item["file"])} — <span class="{_e(status)}">'
        f"{_e(words[status])}</span></h3>"
    ]
    if item.get("players"):
        facts = [
            f"{words['players']}: {_players_text(item)}",
            f"{words['length']}: {_length_text(item['match_length'], words)}",
            f"{words['games']}: {item['games']}",
            f"{words['final_score']}: {score_text(item)}",
            f"{words['winner']}: {item.get('winner') or '-'}",
        ]
        parts.append(f"<p>{_e('; '.join(facts))}</p>")
    detail = first_error(item, lang)
    if detail:
        parts.append(f"<p>{_e(detail)}</p>")
    error = item.get("error") or {}
    if error.get("position"):
        parts.append(board_figure(error["position"], item.get("players") or ("", ""), lang))
        if error.get("legal_plays") is not None:
            plays = ", ".join(error["legal_plays"])
            parts.append(f"<p>{_e(words['legal'])} ({_e(error['legal_play_count'])}): {_e(plays)}</p>")
        elif "legal_play_count" in error:
            parts.append(f"<p>{_e(words['legal'])}: {_e(error['legal_play_count'])}</p>")
    parts.append("</section>")
    return "\n".join(parts)


def board_figure(position: Mapping[str, Any], players: Sequence[str], lang: str) -> str:
    """The board of a position (JSON form, white = players[0]) as a figure: the side not on roll
    named above the picture, the side on roll below it (where the picture puts it) with the dice,
    the match and score in the caption. The checkers are placed by the position's rules (long
    nardy's both sides from their own 24 the same way, plakoto's pins; the cube only where the rules
    have one); backgammon's without them."""
    turn = position["turn"]
    other = "black" if turn == "white" else "white"
    names = {"white": players[0] if players else "", "black": players[1] if len(players) > 1 else ""}
    score = (position.get("match") or {}).get("score") or {}
    dice = position.get("dice") or []

    def side(color: str) -> str:
        params = {"player": names[color], "color": template(color, lang), "score": score.get(color, 0)}
        return render("cli.score_of", params, lang)

    to_play = render(
        "cli.to_play",
        {"player": names[turn], "color": template(turn, lang), "dice": "-".join(map(str, dice))},
        lang,
    )
    rules = rules_of(position)
    sides: dict[str, Any] = {color: _given(position["board"][color]) for color in COLORS}
    board = Board.from_dict(sides, checkers=_checkers(sides["white"]), pins=variant_of(rules).pins)
    cube = position.get("cube") or {}
    picture = render_board(
        board,
        turn=turn,
        dice=dice or None,
        cube_value=cube.get("value") if rules.cube else None,  # plakoto, portes, tavla: no cube
        cube_owner=cube.get("owner") or "centered",
        lang=lang,
        variant=variant_of(rules),
    )
    match = position.get("match") or {}
    caption = to_play
    if match.get("length"):
        shown = f"{score.get('white', 0)}-{score.get('black', 0)}"
        caption += "; " + render("cli.match_to", {"length": match["length"], "score": shown}, lang)
    gnubg = f"<p>GNU ID: <code>{_e(position['gnubg_id'])}</code></p>" if position.get("gnubg_id") else ""
    return (
        f"<figure><figcaption>{_e(side(other))}</figcaption>{picture}"
        f"<figcaption>{_e(side(turn))}</figcaption><figcaption>{_e(caption)}</figcaption></figure>{gnubg}"
    )


def _given(side: Mapping[str, Any]) -> dict[str, Any]:
    """A side's JSON form without its null fields (a shard may write `"bar": null`: none, as absent)."""
    return {name: value for name, value in side.items() if value is not None}


def _checkers(side: Mapping[str, Any]) -> int:
    """A side's checkers, counted as its JSON form lists them (its points, pins, bar and tray)."""
    listed = (*side.get("points", {}).values(), side.get("bar", 0), side.get("off", 0))
    return int(sum(listed)) + len(side.get("pinned", ()))
