"""The HTML report an organiser hands out: one static page, no external asset, every text escaped.

At the top the totals and the reasons found; then the summary table (file, players, length, final
score, winner, verdict, the player who erred and the illegal action), sortable by any column and
filterable by text and verdict with a few lines of inline script (the table is complete without
it); each file links to its details below: the games, the ruling, and the board of the illegal
action as a picture labelled with both players' names and scores, the side on roll and the dice.
The words are the chosen language's (the catalogue's `cli.*`); the rulings are in the language the
transcripts were verified in.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any

from arbitru.cli.summary import first_error, score_text
from arbitru.cli.verdicts import INVALID, STATUSES, UNREADABLE, summary_line
from arbitru.engine.board import Board
from arbitru.formats.svg import render_board
from arbitru.messages import cli_words, render, template

STYLE = """
body{font-family:system-ui,sans-serif;margin:1em auto;max-width:80em;padding:0 1em;color:#1a1a1a}
table{border-collapse:collapse;width:100%;font-size:.9em}
th,td{border-bottom:1px solid #ddd;padding:.3em .5em;text-align:left;vertical-align:top}
.scroll{overflow-x:auto}td:first-child,td:last-child{overflow-wrap:anywhere;min-width:14em}
th,td:nth-child(3),td:nth-child(4),td:nth-child(6){white-space:nowrap}
th{cursor:pointer;background:#f3f1ea;position:sticky;top:0;user-select:none}
th[aria-sort=ascending]::after{content:" \\25b2"}th[aria-sort=descending]::after{content:" \\25bc"}
td.n{text-align:right;font-variant-numeric:tabular-nums}
.valid{color:#060}.invalid{color:#a00;font-weight:600}.unreadable{color:#a60;font-weight:600}
section{border-top:2px solid #ccc;margin-top:1.5em}
figure{margin:.5em 0;max-width:36em}figcaption{font-weight:600;margin:.2em 0}
.controls{display:flex;gap:1em;align-items:center;margin:1em 0;flex-wrap:wrap}
code{word-break:break-all}
"""

# Sorting and filtering, without a server: the rows are the table's own; numbers sort as numbers.
SCRIPT = """
(function(){
var table=document.getElementById('matches'),body=table.tBodies[0];
var rows=Array.prototype.slice.call(body.rows);
var text=document.getElementById('filter'),status=document.getElementById('status');
function key(row,i){var c=row.cells[i],v=c.getAttribute('data-sort');
 if(v===null)v=c.textContent;var n=parseFloat(v);return isNaN(n)||c.className!=='n'?v.toLowerCase():n;}
Array.prototype.forEach.call(table.tHead.rows[0].cells,function(th,i){
 th.addEventListener('click',function(){
  var up=th.getAttribute('aria-sort')!=='ascending';
  Array.prototype.forEach.call(table.tHead.rows[0].cells,function(o){o.removeAttribute('aria-sort');});
  th.setAttribute('aria-sort',up?'ascending':'descending');
  rows.sort(function(a,b){var x=key(a,i),y=key(b,i);return (x<y?-1:x>y?1:0)*(up?1:-1);});
  rows.forEach(function(r){body.appendChild(r);});
 });
});
function filter(){var t=text.value.toLowerCase(),s=status.value;
 rows.forEach(function(r){var show=(!s||r.getAttribute('data-status')===s)&&
  (!t||r.textContent.toLowerCase().indexOf(t)>=0);r.hidden=!show;});}
text.addEventListener('input',filter);status.addEventListener('change',filter);
})();
"""


def _e(value: Any) -> str:
    return html.escape("" if value is None else str(value), quote=True)


def html_report(summary: Mapping[str, Any], lang: str) -> str:
    """The report page of a summary (`arbitru.cli.summary.summarise`)."""
    words = cli_words(lang)
    matches: Sequence[Mapping[str, Any]] = summary["matches"]
    parts = [
        f'<!doctype html><html lang="{_e(lang)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width,initial-scale=1">'
        f"<title>{_e(words['report'])}</title><style>{STYLE}</style></head><body>",
        f"<h1>{_e(words['report'])}</h1><p>{_e(summary_line(summary['counts'], lang))}</p>",
    ]
    if summary["codes"]:
        listed = ", ".join(f"{_e(code)} ({count})" for code, count in summary["codes"].items())
        parts.append(f"<p>{_e(words['codes'])}: {listed}</p>")
    parts += _controls(words)
    parts.append(_table(matches, words, lang))
    parts.append(f"<h2>{_e(words['details'])}</h2>")
    parts += [_details(index, item, words, lang) for index, item in enumerate(matches)]
    parts.append(f"<script>{SCRIPT}</script></body></html>")
    return "\n".join(parts)


def _controls(words: Mapping[str, str]) -> list[str]:
    options = "".join(f'<option value="{status}">{_e(words[status])}</option>' for status in STATUSES[:3])
    return [
        '<div class="controls">',
        f'<label>{_e(words["filter"])} <input id="filter" type="search"></label>',
        f'<label>{_e(words["verdict"])} <select id="status"><option value="">{_e(words["all"])}</option>'
        f"{options}</select></label>",
        f"<span>{_e(words['sort_hint'])}</span></div>",
    ]


def _table(matches: Sequence[Mapping[str, Any]], words: Mapping[str, str], lang: str) -> str:
    heads = ("file", "players", "length", "final_score", "winner", "verdict", "erring", "where")
    rows = [
        '<div class="scroll"><table id="matches"><thead><tr>'
        + "".join(f'<th scope="col">{_e(words[h])}</th>' for h in heads)
        + "</tr></thead><tbody>"
    ]
    for index, item in enumerate(matches):
        error = item.get("error") or {}
        length = item.get("match_length")
        shown_length = words["money"] if length == 0 else length
        where = first_error(item, lang) if item["status"] in (INVALID, UNREADABLE) else ""
        rows.append(
            f'<tr data-status="{_e(item["status"])}">'
            f'<td><a href="#m{index}">{_e(item["file"])}</a></td>'
            f"<td>{_e(' – '.join(item.get('players') or []))}</td>"
            f'<td class="n" data-sort="{_e(length if length is not None else -1)}">{_e(shown_length)}</td>'
            f"<td>{_e(score_text(item))}</td><td>{_e(item.get('winner'))}</td>"
            f'<td class="{_e(item["status"])}">{_e(words[item["status"]])}</td>'
            f"<td>{_e(error.get('player'))}</td><td>{_e(where)}</td></tr>"
        )
    rows.append("</tbody></table></div>")
    return "".join(rows)


def _details(index: int, item: Mapping[str, Any], words: Mapping[str, str], lang: str) -> str:
    status = item["status"]
    parts = [
        f'<section id="m{index}"><h3>{_e(item["file"])} — <span class="{_e(status)}">'
        f"{_e(words[status])}</span></h3>"
    ]
    if item.get("players"):
        facts = [
            f"{words['players']}: {' – '.join(item['players'])}",
            f"{words['length']}: {words['money'] if item['match_length'] == 0 else item['match_length']}",
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
    the match and score in the caption."""
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
    board = Board.from_dict(position["board"], checkers=_checkers(position["board"]["white"]))
    cube = position.get("cube") or {}
    picture = render_board(
        board,
        turn=turn,
        dice=dice or None,
        cube_value=cube.get("value"),
        cube_owner=cube.get("owner", "centered"),
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


def _checkers(side: Mapping[str, Any]) -> int:
    return int(sum(side["points"].values()) + side.get("bar", 0) + side.get("off", 0))
