"""A batch spec (YAML) read into its runs: the matrix of templates x scenarios x seeds with their
parameters, reports, timeouts and retries, each run with the key that says it is already done.
A spec that cannot be run is a :class:`BatchError` naming the file and the field. The spec's
format is in :mod:`gmkit.batch`."""

from __future__ import annotations

import hashlib
import json
import math
import re
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from .errors import GmkitError

MAX_RETRIES = 100


class BatchError(GmkitError):
    """A batch spec that cannot be run: names the spec file and the field."""


@dataclass
class Job:
    """One run of the matrix: a template on a scenario with a seed."""

    run_id: str
    template: str
    scenario: str | None
    seed: int | None
    parameters: dict[str, Any] = field(default_factory=dict)
    reports: list[str] = field(default_factory=list)
    out: str = ""
    key: str = ""
    retries: int = 1
    timeout: float | None = None
    """Seconds the run may take, None: no limit."""


@dataclass
class BatchSpec:
    name: str
    out: Path
    jobs: list[Job]
    source: Path


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", text).strip("-") or "x"


def _file_hash(path: str | None) -> str:
    if not path:
        return ""
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return "missing:" + str(path)


def _job_key(job: Job) -> str:
    """What a finished run depends on: template and scenario texts, seed, parameters, reports."""
    from .paths import find_file
    from .runner import template_path

    try:
        tpath = str(template_path(job.template))
    except GmkitError:
        tpath = job.template
    scen = str(find_file(job.scenario)) if job.scenario else None
    blob = json.dumps({"template": _file_hash(tpath), "scenario": _file_hash(scen),
                       "scenario_path": job.scenario, "seed": job.seed,
                       "parameters": job.parameters, "reports": sorted(job.reports)},
                      sort_keys=True, default=str)
    return hashlib.sha256(blob.encode()).hexdigest()[:20]


def _listed(value: Any, where: str, source: Path) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise BatchError(f"{source}: {where}: a list is expected, got {type(value).__name__}")
    return value


def check_retries(value: Any, where: str) -> int:
    """``retries``: a whole number of tries after a failed one, 0 to :data:`MAX_RETRIES`."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_RETRIES:
        raise BatchError(f"{where}: retries: a whole number from 0 to {MAX_RETRIES} is expected (the "
                         f"tries after a failed one), got {value!r}")
    return value


def check_timeout(value: Any, where: str, name: str = "timeout") -> float | None:
    """``timeout``: seconds above 0 a run may take, or None (no limit)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) \
            or value <= 0:
        raise BatchError(f"{where}: {name}: seconds above 0 are expected (leave it out for no "
                         f"limit), got {value!r}")
    return float(value)


def find_spec(path: str | Path) -> tuple[Path, bool]:
    """A batch spec by path, or by the name of one gmkit ships (``batch_example``); and whether
    it is a shipped one."""
    from .paths import templates_dir

    src = Path(path)
    if src.exists():
        return src, False
    base = templates_dir()
    for cand in (base / src, base / f"{src}.yaml"):
        if cand.is_file():
            return cand, True
    known = ", ".join(sorted(p.stem for p in base.glob("*.yaml"))) or "none"
    raise BatchError(f"{src}: no such batch spec (a YAML file, or one gmkit ships: {known})")


def load_spec(path: str | Path, out: str | Path | None = None) -> BatchSpec:
    """Read and check a batch spec; relative paths are taken from the spec's folder. A spec gmkit
    ships (found by name) writes its ``out`` relative to the current folder instead, never into
    the installed package; ``out`` overrides the spec's."""
    from .runner import REPORTS, template_path
    from .scenario import read_yaml

    src, shipped = find_spec(path)
    try:
        data = read_yaml(src)
    except GmkitError as e:
        raise BatchError(str(e).replace("scenario is not valid", "batch spec is not valid")) from None
    if not isinstance(data, dict):
        raise BatchError(f"{src}: a batch spec is a mapping (name, out, seeds, runs), got "
                         f"{type(data).__name__}")
    allowed = {"name", "out", "seeds", "parameters", "reports", "runs", "templates", "retries",
               "timeout"}
    extra = sorted(set(data) - allowed)
    if extra:
        raise BatchError(f"{src}: unknown field(s) {', '.join(extra)} "
                         f"(allowed: {', '.join(sorted(allowed))})")
    base = src.resolve().parent
    name = str(data.get("name") or src.stem)
    if out is not None:
        out = Path(out).expanduser().resolve()
    elif shipped:  # never into the installed package: the spec's folder name, in the current folder
        out = Path.cwd() / Path(str(data.get("out") or f"{src.stem}-output")).name
    else:
        out = Path(str(data.get("out") or f"{src.stem}-output"))
        out = out if out.is_absolute() else (base / out).resolve()
    seeds = _listed(data.get("seeds", [None]), "seeds", src) or [None]
    params = data.get("parameters") or {}
    if not isinstance(params, dict):
        raise BatchError(f"{src}: parameters: a mapping of name -> value is expected")
    reports = _listed(data.get("reports", list(REPORTS)), "reports", src)
    bad = sorted(set(reports) - {"gm_html", "player_html", "bbcode", "markdown"})
    if bad:
        raise BatchError(f"{src}: reports: unknown kind(s) {bad}; use gm_html, player_html, bbcode, markdown")
    entries = _listed(data.get("runs"), "runs", src)
    entries += [{"template": t} for t in _listed(data.get("templates"), "templates", src)]
    if not entries:
        raise BatchError(f"{src}: runs: at least one entry with a template is expected")
    retries = check_retries(data.get("retries", 1), str(src))
    timeout = check_timeout(data.get("timeout"), str(src))

    def resolve(p: str) -> str:
        q = Path(p)
        return str(base / q) if not q.is_absolute() and (base / q).exists() else p

    jobs: list[Job] = []
    for i, entry in enumerate(entries):
        if not isinstance(entry, dict) or "template" not in entry:
            raise BatchError(f"{src}: runs[{i}]: a mapping with a 'template' is expected")
        extra = sorted(set(entry) - {"template", "scenarios", "seeds", "parameters", "timeout"})
        if extra:
            raise BatchError(f"{src}: runs[{i}]: unknown field(s) {', '.join(extra)}")
        template = resolve(str(entry["template"]))
        try:
            tpath = template_path(template)
        except GmkitError as e:
            raise BatchError(f"{src}: runs[{i}].template: {e}") from None
        from .paths import find_file

        named = [resolve(str(s)) for s in _listed(entry.get("scenarios"), f"runs[{i}].scenarios", src)]
        for j, s in enumerate(named):
            if not find_file(s).exists():
                raise BatchError(f"{src}: runs[{i}].scenarios[{j}]: no such file {s!r}")
        scenarios: list[str | None] = list(named) or [None]
        eseeds = _listed(entry.get("seeds"), f"runs[{i}].seeds", src) or seeds
        eparams = {**params, **(entry.get("parameters") or {})}
        etimeout = check_timeout(entry["timeout"], f"{src}: runs[{i}]") if "timeout" in entry else timeout
        for scen in scenarios:
            for seed in eseeds:
                if seed is not None and not isinstance(seed, int):
                    raise BatchError(f"{src}: seeds: whole numbers are expected, got {seed!r}")
                sid = Path(scen).stem if scen else "default"
                run_id = _slug(f"{tpath.stem}__{sid}__seed{seed if seed is not None else 'scenario'}")
                job = Job(run_id, str(tpath), scen, seed, dict(eparams), list(reports),
                          str(out / run_id), retries=retries, timeout=etimeout)
                job.key = _job_key(job)
                jobs.append(job)
    ids = [j.run_id for j in jobs]
    dupes = sorted({r for r in ids if ids.count(r) > 1})
    if dupes:
        raise BatchError(f"{src}: runs repeat: {', '.join(dupes)}")
    return BatchSpec(name, out, jobs, src)


def expand(spec: BatchSpec) -> list[dict[str, Any]]:
    return [asdict(j) for j in spec.jobs]
