"""The dice audit as the table and the HTML report say it (every sentence the catalogue's
`cli.dice.*`, in the chosen language): the counts, each test with its p-value and its p-value
corrected for the number of tests, and the reading (what a p-value is and is not, the many tests,
whether any is flagged). Names are a file's text: the table passes every line through
`arbitru.cli.terminal.shown`, the report escapes them.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

from arbitru.cli.dice import TESTS
from arbitru.messages import language, render, template

Audit = Mapping[str, Any]


def decimal(text: str, lang: str) -> str:
    """A number as `lang` writes it: a decimal comma in Romanian (`0,806`), a point in English."""
    return text.replace(".", ",") if language(lang) == "ro" else text


def p_text(p: float, lang: str = "en") -> str:
    """A p-value in three significant digits; one below the smallest double, `< 1e-300`."""
    return "< 1e-300" if p < 1e-300 else decimal(f"{p:.3g}", lang)


def test_text(name: str, test: Mapping[str, Any], lang: str) -> str:
    """`the 21 outcomes: chi-square 14.5, 20 degrees of freedom, p = 0.804 (corrected ...: 1)`."""
    if name.endswith("_streak"):
        said = render(f"cli.dice.test.{name}", {"longest": test["longest"]}, lang)
    else:
        statistic = decimal(f"{test['statistic']:.4g}", lang)
        chi = render("cli.dice.chi", {"statistic": statistic, "df": test["df"]}, lang)
        said = f"{template(f'cli.dice.test.{name}', lang)}: {chi}"
    if test["p"] is None:
        return f"{said}: {template('cli.dice.too_few', lang)}"
    p_value = p_text(test["p"], lang)
    relation = p_value if p_value.startswith("<") else f"= {p_value}"  # `p = 0.806`, `p < 1e-300`
    p = render("cli.dice.p", {"p": relation, "corrected": p_text(test["corrected"], lang)}, lang)
    return f"{said}, {p}" + (f" {template('cli.dice.flagged', lang)}" if test["flagged"] else "")


def group_text(who: str, group: Mapping[str, Any], lang: str) -> str:
    """`The archive: 800 rolls, 133 doubles (16.6 %; ...); 16 opening rolls, 0 of them doubles`."""
    rate = "-" if group["doubles_rate"] is None else decimal(f"{100 * group['doubles_rate']:.2f} %", lang)
    params = {key: group[key] for key in ("rolls", "doubles", "openings", "opening_doubles")}
    return render("cli.dice.group", {"who": who, "rate": rate, **params}, lang)


def histogram_text(outcomes: Mapping[str, int]) -> str:
    """`1-1 12, 2-1 25, ...`."""
    return ", ".join(f"{name} {count}" for name, count in outcomes.items())


def groups(audit: Audit, lang: str) -> list[tuple[str, Mapping[str, Any]]]:
    """The archive, then each player by name, with the name each is said by."""
    named = [
        (render("cli.dice.player", {"name": name}, lang), group) for name, group in audit["players"].items()
    ]
    return [(template("cli.dice.archive", lang), audit["archive"]), *named]


def reading(audit: Audit, lang: str) -> list[str]:
    """The plain-language reading: what a p-value is and is not, the tests made, the verdict."""
    said = [
        template("cli.dice.reading.p", lang),
        render(
            "cli.dice.reading.many",
            {"tests": audit["tests"], "alpha": decimal(str(audit["alpha"]), lang)},
            lang,
        ),
        template("cli.dice.reading.few", lang),
    ]
    if audit["flagged"]:
        said.append(render("cli.dice.reading.some", {"flagged": audit["flagged"]}, lang))
    else:
        said.append(template("cli.dice.reading.none", lang))
    return said


def dice_lines(audit: Audit, lang: str) -> list[str]:
    """The audit as the plain-text table's lines (names not yet escaped for the terminal)."""
    archive = audit["archive"]
    title = {"files": audit["files"], "rolls": archive["rolls"], "openings": archive["openings"]}
    lines = [render("cli.dice.title", title, lang), template("cli.dice.unordered", lang)]
    lines.append(template("cli.dice.openings", lang))
    for who, group in groups(audit, lang):
        lines.append(group_text(who, group, lang))
        lines.append(f"  {template('cli.dice.histogram', lang)}: {histogram_text(group['outcomes'])}")
        opening = histogram_text({k: v for k, v in group["opening_outcomes"].items() if v})
        lines.append(f"  {template('cli.dice.openings_histogram', lang)}: {opening or '-'}")
        lines += [f"  {test_text(name, group['tests'][name], lang)}" for name in TESTS]
    lines.append(f"{template('cli.dice.reading', lang)}:")
    lines += [f"  {sentence}" for sentence in reading(audit, lang)]
    return lines


def _e(value: Any) -> str:
    return html.escape(str(value), quote=True)


def dice_section(audit: Audit, lang: str) -> str:
    """The audit as a section of the HTML report: the same sentences, each group's tests as a list
    (a flagged test in bold), and the histograms as a table (a row per group, a column per
    outcome)."""
    archive = audit["archive"]
    title = {"files": audit["files"], "rolls": archive["rolls"], "openings": archive["openings"]}
    parts = [
        f'<section id="dice"><h2>{_e(render("cli.dice.title", title, lang))}</h2>',
        f"<p>{_e(template('cli.dice.unordered', lang))}</p><p>{_e(template('cli.dice.openings', lang))}</p>",
        f"<h3>{_e(template('cli.dice.reading', lang))}</h3>",
        *(f"<p>{_e(sentence)}</p>" for sentence in reading(audit, lang)),
    ]
    for who, group in groups(audit, lang):
        parts.append(f"<h3>{_e(group_text(who, group, lang))}</h3><ul>")
        for name in TESTS:
            test = group["tests"][name]
            text = _e(test_text(name, test, lang))
            parts.append(f"<li><strong>{text}</strong></li>" if test.get("flagged") else f"<li>{text}</li>")
        parts.append("</ul>")
    heads = "".join(f"<th>{_e(name)}</th>" for name in archive["outcomes"])
    parts.append(
        f'<div class="scroll"><table><caption>{_e(template("cli.dice.histogram", lang))}</caption>'
        f"<thead><tr><th>{_e(template('cli.dice.who', lang))}</th>{heads}</tr></thead><tbody>"
    )
    for who, group in groups(audit, lang):
        cells = "".join(f"<td>{count}</td>" for count in group["outcomes"].values())
        parts.append(f"<tr><td>{_e(who)}</td>{cells}</tr>")
    parts.append("</tbody></table></div></section>")
    return "\n".join(parts)
