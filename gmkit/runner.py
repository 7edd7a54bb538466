"""Run a template notebook with papermill and write its reports beside it.

``run_template`` is what ``gmkit run`` and every batch run call: papermill executes the template in
the ``python3`` kernel (the interpreter gmkit runs in, when ipykernel is installed beside it), the
run data the template hands back is lifted into the notebook's metadata, and the GM HTML, player
HTML and BBCode post are written next to the notebook.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Sequence

from .errors import GmkitError

__all__ = ["TemplateError", "RunResult", "template_path", "template_parameters", "parse_value",
           "execute", "run_template", "write_reports", "REPORTS", "KERNEL"]

KERNEL = "python3"
REPORTS = ("gm_html", "player_html", "bbcode")
"""Reports ``gmkit run`` writes; a batch may add ``markdown`` or leave some out."""
TEMPLATES_DIR = Path(__file__).resolve().parents[1] / "templates"


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


def template_path(template: str | Path) -> Path:
    """A template by path, or by bare name (``dragon_duel``) from ``templates/``."""
    p = Path(template)
    if p.exists():
        return p
    for cand in (TEMPLATES_DIR / p, TEMPLATES_DIR / f"{p}.ipynb"):
        if cand.exists():
            return cand
    known = ", ".join(sorted(q.stem for q in TEMPLATES_DIR.glob("*.ipynb"))) or "none"
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
    import nbformat
    import papermill
    from papermill.exceptions import PapermillExecutionError

    from .report.html import lift_run_data

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
    nbformat.write(nb, str(out))
    return nb


def write_reports(nb: Any, folder: Path, name: str, reports: Sequence[str] = REPORTS,
                  side: str = "") -> dict[str, str]:
    """The chosen reports of an executed template, beside it."""
    from .report.bbcode import to_bbcode
    from .report.html import report_html, run_data_of
    from .report.markdown import to_markdown

    unknown = set(reports) - {"gm_html", "player_html", "bbcode", "markdown"}
    if unknown:
        raise GmkitError(f"unknown report kind(s) {sorted(unknown)}: use gm_html, player_html, "
                         f"bbcode, markdown")
    data = run_data_of(nb)["run"]
    files: dict[str, str] = {}
    if "gm_html" in reports:
        p = folder / f"{name}.gm.html"
        p.write_text(report_html(nb, "gm"), encoding="utf-8")
        files["gm_html"] = str(p)
    if "player_html" in reports:
        p = folder / f"{name}.player.html"
        p.write_text(report_html(nb, "player", side), encoding="utf-8")
        files["player_html"] = str(p)
    if "bbcode" in reports:
        p = folder / f"{name}.bbcode.txt"
        p.write_text(to_bbcode(data, "player", side), encoding="utf-8")
        files["bbcode"] = str(p)
    if "markdown" in reports:
        p = folder / f"{name}.md"
        p.write_text(to_markdown(data, "player", side), encoding="utf-8")
        files["markdown"] = str(p)
    return files


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
    params["output_folder"] = str(folder)
    params["run_name"] = name
    start = time.perf_counter()
    nb_path = folder / f"{name}.ipynb"
    nb = execute(t, nb_path, params)
    files = {"notebook": str(nb_path)}
    meta = nb.metadata.get("gmkit", {})
    files.update(meta.get("files", {}))
    files.update(write_reports(nb, folder, name, reports, str(params.get("side", "") or "")))
    summary = dict(meta.get("summary", {}))
    (folder / f"{name}.files.json").write_text(json.dumps(files, indent=1), encoding="utf-8")
    return RunResult(name, nb_path, summary, files, time.perf_counter() - start)
