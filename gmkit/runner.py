"""Run a template notebook with papermill and write its reports beside it.

``run_template`` is what ``gmkit run`` and every batch run call: papermill executes the template in
the ``python3`` kernel (the interpreter gmkit runs in, when ipykernel is installed beside it), the
run data the template hands back is lifted into the notebook's metadata, and the GM HTML, player
HTML and BBCode post are written next to the notebook.

What a run writes into ``OUT`` for ``NAME``, and whose eyes each file is for:

* ``NAME.gm.json`` (the full run data), ``NAME.gm-journal.jsonl`` (the journal),
  ``NAME.gm.html``: the GM's, whatever the run's view;
* the notebook and the summary in the run's view: ``NAME.gm.ipynb`` and ``NAME.gm.summary.json``
  in the GM's view (the default: they hold hidden events and the journal), ``NAME.ipynb`` and
  ``NAME.summary.json`` with ``-p view player`` (the player's data only, nothing of the GM's
  view inside). One rule (:mod:`gmkit.report.files`): a file whose name has no ``.gm`` holds
  nothing a player may not see;
* ``NAME.player.html``, ``NAME.bbcode.txt``, ``NAME.md``: what every side may see; with
  ``-p side S`` they are side S's and named so: ``NAME.player-S.html``, ``NAME.player-S.bbcode.txt``,
  ``NAME.player-S.md`` (a side's file never overwrites the public one).
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import GmkitError

__all__ = ["TemplateError", "RunResult", "template_path", "template_names", "template_parameters",
           "parse_value",
           "execute", "run_template", "write_reports", "report_files", "REPORTS", "KERNEL"]

KERNEL = "python3"
REPORTS = ("gm_html", "player_html", "bbcode")
"""Reports ``gmkit run`` writes; a batch may add ``markdown`` or leave some out."""


class TemplateError(GmkitError):
    """A template run that stopped: names the template, the cell's error and its message."""

    def __init__(self, message: str, ename: str = "", evalue: str = ""):
        self.ename = ename
        self.evalue = evalue
        super().__init__(message)


@dataclass
class RunResult:
    """Where one template run wrote its files, and the summary it produced."""

    name: str
    notebook: Path
    summary: dict[str, Any]
    files: dict[str, str] = field(default_factory=dict)
    seconds: float = 0.0
    side_names: dict[str, str] = field(default_factory=dict)
    """Each named side's id to what the scenario calls it (``side_names:``), for the words."""


def template_names() -> list[str]:
    """The templates gmkit ships (``dragon_duel``, ...), by name."""
    from .paths import templates_dir

    return sorted(q.stem for q in templates_dir().glob("*.ipynb"))


def template_path(template: str | Path) -> Path:
    """A template by path, or by bare name (``dragon_duel``) from the templates gmkit ships."""
    from .paths import templates_dir

    p = Path(template)
    if p.exists():
        return p
    base = templates_dir()
    for cand in (base / p, base / f"{p}.ipynb"):
        if cand.is_file():
            return cand
    known = ", ".join(template_names()) or "none"
    raise GmkitError(f"no template {str(template)!r} (a notebook path, or one of: {known})")


def template_parameters(template: str | Path) -> dict[str, dict[str, Any]]:
    """The parameters of a template's ``parameters`` cell: name -> type, default, help."""
    import papermill

    return {k: dict(v) for k, v in papermill.inspect_notebook(str(template_path(template))).items()}


def parse_value(text: str, type_name: str = "") -> Any:
    """A ``-p name value`` value, typed by the parameter's annotation where it has one."""
    low = text.strip().lower()
    if type_name == "str":
        return text
    if low in ("none", "null") and type_name != "str":
        return None
    if type_name == "bool" or low in ("true", "false"):
        if low not in ("true", "false"):
            raise GmkitError(f"{text!r} is not true or false")
        return low == "true"
    for conv in (int, float):
        try:
            return conv(text)
        except ValueError:
            pass
    if "int" in type_name or "float" in type_name:
        raise GmkitError(f"{text!r} is not a number ({type_name})")
    return text


def _absolute(value: Any) -> Any:
    """A relative file path the caller can see, made absolute so the kernel finds it too."""
    if isinstance(value, str) and value and Path(value).exists():
        return str(Path(value).resolve())
    return value


def execute(template: str | Path, output: str | Path, parameters: Mapping[str, Any],
            cwd: str | Path | None = None, start_timeout: int = 60) -> Any:
    """Execute ``template`` into ``output`` with papermill; returns the notebook with its run data in
    ``metadata.gmkit``. A cell that raises becomes a :class:`TemplateError` with that cell's message
    (the failed notebook is still written, to read the traceback)."""
    import papermill
    from papermill.exceptions import PapermillExecutionError

    from .report.html import lift_run_data, write_notebook

    t = template_path(template)
    out = Path(output)
    out.parent.mkdir(parents=True, exist_ok=True)
    try:
        executed = papermill.execute_notebook(
            str(t), str(out), parameters=dict(parameters), kernel_name=KERNEL, progress_bar=False,
            request_save_on_cell_execute=False, start_timeout=start_timeout,
            cwd=str(cwd) if cwd else None,
            # the kernel's own log (an unencrypted-TCP notice, the interrupt at shutdown) is noise
            # here; a cell's error still comes back as PapermillExecutionError
            extra_arguments=["--IPKernelApp.log_level=CRITICAL"])
    except PapermillExecutionError as e:
        evalue = str(e.evalue).strip()
        raise TemplateError(f"{t.name} stopped with {e.ename}: {evalue} (see {out})",
                            e.ename, evalue) from None
    nb = lift_run_data(executed)
    write_notebook(nb, out)
    return nb


def report_files(name: str, side: str = "") -> dict[str, str]:
    """The file name of each report kind of run ``name`` (see the module's docstring): a side's
    player reports carry the side in their names, the public ones do not."""
    from .report.rundata import view_tag

    tag = view_tag("player", side)
    post = "" if not side else f".{tag}"
    return {"gm_html": f"{name}.gm.html", "player_html": f"{name}.{tag}.html",
            "bbcode": f"{name}{post}.bbcode.txt", "markdown": f"{name}{post}.md"}


def write_reports(nb: Any, folder: Path, name: str, reports: Sequence[str] = REPORTS,
                  side: str = "", gm_data: Mapping[str, Any] | None = None) -> dict[str, str]:
    """The chosen reports of an executed template, beside it.

    The GM report is the notebook itself when it was run in the GM's view, else it is rebuilt from
    ``gm_data`` (the run's ``NAME.gm.json``; without it a player-view run has no GM report). The
    player reports are drawn from the player's run data only.
    """
    from .report.bbcode import to_bbcode
    from .report.html import notebook_to_html, rebuild_notebook, report_html, run_data_of
    from .report.markdown import to_markdown
    from .report.rundata import held_view, view_data

    unknown = set(reports) - {"gm_html", "player_html", "bbcode", "markdown"}
    if unknown:
        raise GmkitError(f"unknown report kind(s) {sorted(unknown)}: use gm_html, player_html, "
                         f"bbcode, markdown")
    meta = run_data_of(nb)
    full = gm_data if gm_data is not None else meta["run"]
    player = view_data(full, "player", side)
    names = report_files(name, side)
    files: dict[str, str] = {}

    def write(kind: str, text: str) -> None:
        p = folder / names[kind]
        p.write_text(text, encoding="utf-8")
        files[kind] = str(p)

    if "gm_html" in reports:
        if meta.get("view", "gm") == "gm" and held_view(meta["run"])[0] == "gm":
            write("gm_html", report_html(nb, "gm"))
        elif held_view(full)[0] == "gm":
            write("gm_html", notebook_to_html(rebuild_notebook(full, "gm"),
                                              str(full["scenario"].get("name", "gmkit report"))))
    if "player_html" in reports:
        write("player_html", notebook_to_html(rebuild_notebook(player, "player", side),
                                              str(player["scenario"].get("name", "gmkit report"))))
    if "bbcode" in reports:
        write("bbcode", to_bbcode(player, "player", side))
    if "markdown" in reports:
        write("markdown", to_markdown(player, "player", side))
    return files


def _gm_data(files: Mapping[str, str]) -> dict[str, Any] | None:
    """The full run data a run wrote (``NAME.gm.json``), if it wrote one."""
    path = files.get("gm_run")
    if not path:
        return None
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise GmkitError(f"{path}: the run's GM data cannot be read ({e})") from None
    return data if isinstance(data, dict) else None


def run_template(template: str | Path, out: str | Path, *, scenario: str | Path | None = None,
                 seed: int | None = None, parameters: Mapping[str, Any] | None = None,
                 name: str | None = None, reports: Sequence[str] = REPORTS) -> RunResult:
    """Run a template and write ``<out>/<name>.ipynb`` and its reports; returns where and what.

    ``name`` defaults to the scenario file's name (else the template's). Unknown parameters are
    refused before any kernel starts.
    """
    t = template_path(template)
    known = template_parameters(t)
    params = dict(parameters or {})
    unknown = sorted(set(params) - set(known))
    if unknown:
        raise GmkitError(f"{t.name} has no parameter(s) {', '.join(unknown)}; it has "
                         f"{', '.join(known)}")
    if scenario is not None:
        params["scenario"] = str(scenario)
    if seed is not None:
        params["seed"] = int(seed)
    for key in ("scenario", "orders"):
        if key in params:
            params[key] = _absolute(params[key])
    folder = Path(out).resolve()
    folder.mkdir(parents=True, exist_ok=True)
    scen = params.get("scenario") or str(known.get("scenario", {}).get("default", "")).strip("\"'")
    name = name or params.get("run_name") or (Path(str(scen)).stem if scen else t.stem)
    if not name or Path(name).name != name or name in (".", ".."):
        raise GmkitError(f"run name {name!r}: a file name is expected, not a path (the files go "
                         f"into the output folder)")
    params["output_folder"] = str(folder)
    params["run_name"] = name
    start = time.perf_counter()
    view = str(params.get("view") or str(known.get("view", {}).get("default", "gm")).strip("\"'"))
    nb_path = folder / (f"{name}.ipynb" if view == "player" else f"{name}.gm.ipynb")
    nb = execute(t, nb_path, params)
    files = {"notebook": str(nb_path)}
    meta = nb.metadata.get("gmkit", {})
    files.update(meta.get("files", {}))
    from .report.rundata import held_view

    # a player-view notebook holds the player's data only: the GM report needs the GM's file
    gm_data = None if held_view(meta.get("run") or {})[0] == "gm" else _gm_data(files)
    files.update(write_reports(nb, folder, name, reports, str(params.get("side", "") or ""),
                               gm_data=gm_data))
    summary = dict(meta.get("summary", {}))
    (folder / f"{name}.files.json").write_text(json.dumps(files, indent=1), encoding="utf-8")
    sides = ((meta.get("run") or {}).get("grammar") or {}).get("sides") or {}
    return RunResult(name, nb_path, summary, files, time.perf_counter() - start, dict(sides))
