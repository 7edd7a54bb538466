"""HTML reports through nbconvert: no input cells, no script, nothing fetched (works offline).

The GM report converts the executed notebook itself. A player report is a notebook rebuilt from
the run data in the player's view and converted the same way, so whatever a player may not see
(cloaked positions, GM notes, unresolved orders) is absent from the file, not hidden by CSS.

Pages are written with gmkit's own nbconvert template (``nbconvert/gmkit``, extending the lab
template): its head holds the title, the report's language and one small inlined stylesheet
(``report.css``), and none of the lab page's loaders (require.js, MathJax, Mermaid, widgets).
Charts and maps are inline SVG, so a page is a few hundred kilobytes and opens at once.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

import nbformat

from ..errors import GmkitError
from . import document as doc
from .notebook import MIME_RUN

__all__ = ["rebuild_notebook", "notebook_to_html", "run_data_of", "strip_run_output", "report_html",
           "lift_run_data", "read_notebook", "write_notebook", "report_css", "TEMPLATE"]

_PLOTLY_INIT = ("<script>window.PlotlyConfig = {{MathJaxConfig: 'local'}};</script>\n"
                "<script>{js}</script>")


def read_notebook(path: str | Path) -> Any:
    p = Path(path)
    try:
        return nbformat.read(str(p), as_version=4)
    except FileNotFoundError:
        raise GmkitError(f"{p}: no such notebook") from None
    except Exception as e:  # nbformat raises several kinds for a file that is not a notebook
        raise GmkitError(f"{p}: not a readable notebook ({type(e).__name__}: {e})") from None


def write_notebook(nb: Any, path: str | Path) -> None:
    """Write a notebook as nbformat does (validated, indented), except its run data
    (``metadata.gmkit``): that goes on one line, for the indentation of every value of every
    round's boards would double the file."""
    import json

    meta = nb.metadata.get("gmkit")
    if meta is None:
        nbformat.write(nb, str(path))
        return
    marker = "gmkit-run-data:" + "0" * 8
    nb.metadata["gmkit"] = marker
    try:
        text = nbformat.writes(nb)
    finally:
        nb.metadata["gmkit"] = meta
    compact = json.dumps(meta, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    text = text.replace(json.dumps(marker), compact, 1)
    Path(path).write_text(text if text.endswith("\n") else text + "\n", encoding="utf-8")


def _outputs(nb: Any) -> list[dict[str, Any]]:
    return [o for c in nb.cells if c.get("cell_type") == "code" for o in c.get("outputs", [])]


def lift_run_data(nb: Any) -> Any:
    """Move the run data output into ``metadata.gmkit`` (summary, run, view) and drop the output."""
    for cell in nb.cells:
        if cell.get("cell_type") != "code":
            continue
        keep = []
        for o in cell.get("outputs", []):
            data = o.get("data", {}) if o.get("output_type") in ("display_data", "execute_result") else {}
            if MIME_RUN in data:
                nb.metadata["gmkit"] = dict(data[MIME_RUN])
            else:
                keep.append(o)
        cell["outputs"] = keep
    return nb


def run_data_of(nb: Any) -> dict[str, Any]:
    """The run data of an executed template (from metadata, or from the output if not lifted yet)."""
    meta = nb.metadata.get("gmkit")
    if meta and "run" in meta:
        return dict(meta)
    for o in _outputs(nb):
        if MIME_RUN in o.get("data", {}):
            return dict(o["data"][MIME_RUN])
    raise GmkitError("this notebook holds no gmkit run data: run a gmkit template first "
                     "(gmkit run TEMPLATE ...)")


def strip_run_output(nb: Any) -> Any:
    """A copy without the run data output and without the template's own notes (``gmkit-doc``)."""
    nb = copy.deepcopy(nb)
    nb.cells = [c for c in nb.cells if "gmkit-doc" not in c.get("metadata", {}).get("tags", [])]
    for cell in nb.cells:
        if cell.get("cell_type") == "code":
            cell["outputs"] = [o for o in cell.get("outputs", []) if MIME_RUN not in o.get("data", {})]
    return nb


def _figure_outputs(fig: Any, first: bool) -> list[Any]:
    import plotly.io as pio
    from plotly.offline import get_plotlyjs

    from .figures import RENDERER

    fig_dict = fig.to_dict()
    bundle: dict[str, Any] = {}
    for name in RENDERER.split("+"):
        bundle.update(pio.renderers[name].to_mimebundle(copy.deepcopy(fig_dict)))
    outs = []
    if first:
        outs.append(nbformat.v4.new_output("display_data",
                                           data={"text/html": _PLOTLY_INIT.format(js=get_plotlyjs())}))
    outs.append(nbformat.v4.new_output("display_data", data=bundle))
    return outs


def rebuild_notebook(data: Mapping[str, Any], view: str = "player", side: str = "",
                     lang: str | None = None) -> Any:
    """A notebook of outputs only, drawn from the run data in one view (no metadata carried over).

    A player's notebook is drawn from that player's run data (:func:`~.rundata.view_data`), so
    nothing else is within reach of the file."""
    from ..i18n import grammar
    from .rundata import cast_of_run, view_data

    data = view_data(data, view, side)
    with grammar.cast(cast_of_run(data)):
        return _rebuilt(data, view, side, lang)


def _rebuilt(data: Mapping[str, Any], view: str, side: str, lang: str | None) -> Any:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    lang = lang or data.get("language", "en")
    nb.metadata["language_code"] = lang
    plotted = False
    for part in (doc.title_blocks, doc.scenario_blocks, doc.round_blocks, doc.outcome_blocks,
                 doc.odds_blocks, doc.unresolved_blocks):
        blocks = part(data, view, side, lang)
        if not blocks:
            continue
        cell = nbformat.v4.new_code_cell("")
        for block in blocks:
            if isinstance(block, doc.Figure):
                cell.outputs += _figure_outputs(block.figure, not plotted)
                plotted = True
            else:
                cell.outputs.append(nbformat.v4.new_output("display_data", data=doc.to_bundle(block)))
        nb.cells.append(cell)
    return nb


TEMPLATE = "gmkit"
"""gmkit's nbconvert template (in ``gmkit/report/nbconvert``)."""


@lru_cache(maxsize=1)
def _exporter() -> Any:
    """One exporter per process: building one loads its Jinja templates (a few tenths of a second)."""
    from nbconvert import HTMLExporter

    here = resources.files(__package__)
    return HTMLExporter(template_name=TEMPLATE, extra_template_basedirs=[str(here / "nbconvert")],
                        exclude_input=True, exclude_input_prompt=True, exclude_output_prompt=True)


@lru_cache(maxsize=1)
def report_css() -> str:
    """The stylesheet every HTML report inlines."""
    return (resources.files(__package__) / "report.css").read_text(encoding="utf-8")


def notebook_to_html(nb: Any, title: str = "gmkit report", lang: str | None = None) -> str:
    """A notebook's outputs as one HTML page: no inputs or prompts, gmkit's stylesheet, no script
    and no address from outside. ``lang`` (default: the run data's language) is the page's."""
    if lang is None:
        meta = nb.metadata.get("gmkit") or {}
        lang = str((meta.get("run") or {}).get("language") or nb.metadata.get("language_code") or "en")
    body, _ = _exporter().from_notebook_node(
        strip_run_output(nb), resources={"metadata": {"name": title}, "gmkit_lang": lang,
                                         "gmkit_css": report_css()})
    return str(body)


def report_html(nb: Any, view: str = "gm", side: str = "") -> str:
    """The HTML report of an executed template in the chosen view: the GM's is the notebook
    itself when it was run in the GM's view; any other is rebuilt from the run data of that view
    (a player-view notebook holds no GM view: its GM report comes from ``NAME.gm.json``)."""
    from .rundata import require_view

    meta = run_data_of(nb)
    data = meta["run"]
    require_view(data, view, side)
    title = str(data["scenario"].get("name", "gmkit report"))
    if view == "gm" and meta.get("view", "gm") == "gm":
        return notebook_to_html(nb, title)
    return notebook_to_html(rebuild_notebook(data, view, side), title)
