"""The campaign page: the party now, its figures fight by fight, the fights, the fallen remembered.

One chart model (:func:`chart_model`: each member's figures after every fight, as its rule set
names them in ``CHART`` — reward points and levels, wounds, hull) gives both forms, as the duel's
chart does: a Plotly figure for a notebook (:func:`figure`) and a static SVG for the page
(:func:`chart_svg`), so the page opens offline with no script. The page is made of the reports'
own blocks (:mod:`gmkit.report.document`) and written by the same nbconvert template. The GM's
page also holds the bestiary and the history; the players' (``view="player"``) does not.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from pathlib import Path
from typing import Any

from .part import part_of, said
from .store import Campaign

__all__ = ["chart_model", "figure", "chart_svg", "blocks", "html", "write"]


def _number(v: Any) -> float | None:
    return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else None


def chart_model(campaign: Campaign, lang: str) -> dict[str, Any]:
    """Each ``CHART`` figure of each member at the start and after every fight (None where the
    member was not yet in the roster, or the figure is not a number: life dice not yet rolled)."""
    from ..i18n import format_message
    from ..palette import PALETTE
    from ..report.tables import label

    part = part_of(campaign.system)
    fights = campaign.fights()
    members = campaign.members()
    ticks = [format_message("campaign.page.start", lang)] + [str(f.number) for f in fights]
    panels = []
    for fig in part.CHART:
        series = []
        for i, m in enumerate(members):
            values: list[float | None] = []
            if fights:
                was = fights[0].before.get("members", {}).get(m.name)
                start = was["entry"] if was else None
                first = part.figures(start)[fig] if start else fights[0].party.get(m.name, {}).get(fig)
                values.append(_number(first))
                values += [_number(f.party.get(m.name, {}).get(fig)) for f in fights]
            else:
                values.append(_number(part.figures(m.entry)[fig]))
            if m.fell is not None:  # remembered up to the fight they fell in, not after
                values = [v if n <= m.fell else None for n, v in enumerate(values)]
            if all(v is None for v in values):
                continue  # a figure the member does not have (a pet's reward points)
            series.append({"name": m.name, "values": values, "color": PALETTE[i % len(PALETTE)],
                           "fell": m.fell})
        panels.append({"figure": fig, "label": label(fig, lang), "series": series})
    return {"ticks": ticks, "panels": panels,
            "title": format_message("campaign.page.chart", lang)}


def figure(campaign: Campaign, lang: str = "en") -> Any:
    """The chart as a Plotly figure (for a notebook): one panel per figure, a line per member."""
    import plotly.graph_objects as go
    from plotly.subplots import make_subplots

    model = chart_model(campaign, lang)
    panels = model["panels"]
    fig = make_subplots(rows=len(panels), cols=1, shared_xaxes=True,
                        subplot_titles=[p["label"] for p in panels])
    for row, p in enumerate(panels, 1):
        for s in p["series"]:
            fig.add_trace(go.Scatter(x=model["ticks"], y=s["values"], name=s["name"],
                                     mode="lines+markers", line={"color": s["color"]},
                                     legendgroup=s["name"], showlegend=row == 1), row=row, col=1)
    fig.update_layout(title=model["title"], template="none", height=220 * len(panels) + 80)
    return fig


def chart_svg(model: Mapping[str, Any]) -> str:
    """The chart as a static SVG: a panel per figure, a line per member, a legend; every name
    escaped (a member's name may come from a player's sheet)."""
    width, panel, left, right, top = 640, 170, 50, 20, 36
    ticks = model["ticks"]
    n = max(1, len(ticks) - 1)
    pw = width - left - right
    height = top + len(model["panels"]) * (panel + 30) + 30

    def px(i: int) -> float:
        return left + i / n * pw

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="gmkit-chart" viewBox="0 0 {width} {height}" '
           f'width="{width}" height="{height}" font-family="sans-serif" font-size="12">',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<text x="{left}" y="22" font-size="15">{escape(model["title"])}</text>']
    y_top = top
    for p in model["panels"]:
        values = [v for s in p["series"] for v in s["values"] if v is not None]
        lo, hi = (min(values), max(values)) if values else (0.0, 1.0)
        if hi == lo:
            lo, hi = lo - 1, hi + 1
        ph = panel - 30

        def py(v: float, y_top: int = y_top, ph: int = ph, lo: float = lo, hi: float = hi) -> float:
            return y_top + 20 + ph - (v - lo) / (hi - lo) * ph

        out.append(f'<text x="{left}" y="{y_top + 12}">{escape(p["label"])}</text>')
        out.append(f'<rect x="{left}" y="{y_top + 20}" width="{pw}" height="{ph}" fill="none" '
                   f'stroke="#999"/>')
        for v in (lo, hi):
            out.append(f'<text x="{left - 6}" y="{py(v) + 4:.1f}" text-anchor="end" fill="#555">'
                       f'{escape(_short(v))}</text>')
        for i, t in enumerate(ticks):
            out.append(f'<text x="{px(i):.1f}" y="{y_top + 20 + ph + 14}" text-anchor="middle" '
                       f'fill="#555">{escape(t)}</text>')
        for s in p["series"]:
            pts = [(px(i), py(v)) for i, v in enumerate(s["values"]) if v is not None]
            if len(pts) > 1:
                line = " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)
                out.append(f'<polyline points="{line}" fill="none" stroke="{s["color"]}" stroke-width="2"/>')
            for x, y in pts:
                out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{s["color"]}"/>')
        y_top += panel + 30
    lx = left
    legend = {s["name"]: s for p in model["panels"] for s in p["series"]}
    for s in legend.values():
        name = escape(str(s["name"]))
        out.append(f'<circle cx="{lx + 6}" cy="{height - 16}" r="6" fill="{s["color"]}"/>'
                   f'<text x="{lx + 16}" y="{height - 12}">{name}</text>')
        lx += 28 + 7 * len(str(s["name"]))
    out.append("</svg>")
    return "".join(out)


def _short(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:.1f}"


def blocks(campaign: Campaign, lang: str, view: str = "gm") -> list[Any]:
    """The page as report blocks."""
    from ..i18n import format_message
    from ..i18n.grammar import cast
    from ..report import document as doc
    from ..report.tables import human_rows
    from .build import cast_of
    from .show import fight_rows, history_rows, roster_rows

    fights = campaign.fights()
    with cast(cast_of(campaign)):
        out: list[Any] = [doc.Heading(campaign.name, 1),
                          doc.Para(format_message("campaign.page.subtitle", lang,
                                                  system=doc.system_name(campaign.system, lang),
                                                  party=campaign.party, fights=len(fights))),
                          doc.Table(format_message("campaign.page.roster", lang),
                                    roster_rows(campaign, lang))]
        model = chart_model(campaign, lang)
        out.append(doc.Svg(chart_svg(model), model["title"]))
        if fights:
            out.append(doc.Table(format_message("campaign.page.fights", lang), fight_rows(campaign, lang)))
        out.append(doc.Heading(format_message("campaign.page.memory", lang)))
        items: list[tuple[str, list[str]]] = []
        for f in fights:
            for name, why in (f.result.get("fell") or {}).items():
                items.append((format_message("campaign.page.memory.item", lang, name=name,
                                             why=said(why, lang), n=f.number, fight=f.name), []))
        out.append(doc.Story(items) if items else doc.Para(format_message("campaign.page.memory.none", lang)))
        if view == "gm":
            beasts = campaign.bestiary()
            if beasts:
                out.append(doc.Table(format_message("campaign.page.bestiary", lang),
                                     human_rows([b.entry for b in beasts], lang, drop_defaults=True)))
            out.append(doc.Table(format_message("campaign.page.history", lang),
                                 history_rows(campaign, lang)))
    return out


def html(campaign: Campaign, lang: str = "en", view: str = "gm") -> str:
    """The page as one HTML file that opens offline (no script, nothing fetched)."""
    import nbformat

    from ..report import document as doc
    from ..report.html import notebook_to_html

    nb = nbformat.v4.new_notebook()
    nb.metadata["language_code"] = lang
    cell = nbformat.v4.new_code_cell("")
    for block in blocks(campaign, lang, view):
        cell.outputs.append(nbformat.v4.new_output("display_data", data=doc.to_bundle(block)))
    nb.cells.append(cell)
    return notebook_to_html(nb, campaign.name, lang)


def write(campaign: Campaign, path: str | Path, lang: str = "en", view: str = "gm") -> Path:
    from .errors import CampaignError

    p = Path(path)
    try:
        p.write_text(html(campaign, lang, view), encoding="utf-8")
    except OSError as e:
        raise CampaignError("campaign.build.unwritable", path=str(p), why=str(e.strerror)) from None
    return p
