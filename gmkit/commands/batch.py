"""``gmkit batch``: a matrix of templates x scenarios x seeds, in parallel, with one summary table."""

from __future__ import annotations

import argparse
from typing import Any


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seconds are expected, got {text!r}") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"seconds above 0 are expected, got {text!r}")
    return value


def add_parser(sub: Any) -> None:
    b = sub.add_parser("batch", help="run templates over many scenarios and seeds (processes or Dask)",
                       description="Finished runs are skipped when the same spec runs again. A failing "
                                   "run is retried (the spec's retries, default 1), then recorded as "
                                   "failed while the others go on; a run past its timeout is killed "
                                   "and recorded as failed (cause: timeout); a worker that dies is "
                                   "replaced. Ctrl-C stops the runs in flight and writes the summary "
                                   "so far.")
    b.add_argument("spec", help="batch spec (YAML), or the name of one gmkit ships: batch_example "
                                "(`gmkit batch batch_example --out DIR`; its text: gmkit batch "
                                "batch_example --show)")
    b.add_argument("--out", default=None, metavar="DIR",
                   help="folder for the runs and the summary (default: the spec's out, relative to "
                        "the spec; for a shipped spec, relative to the current folder)")
    b.add_argument("--show", action="store_true", help="print the spec's text and stop")
    b.add_argument("--workers", type=int, default=2, help="parallel runs (default: 2)")
    b.add_argument("--timeout", type=_seconds, default=None, metavar="SECONDS",
                   help="seconds each run may take (default: the spec's timeout, else no limit)")
    b.add_argument("--dask", default=None, metavar="ADDRESS|local",
                   help="run on Dask: 'local' starts a LocalCluster, tcp://host:port uses a running one")
    b.add_argument("--retry-failed", action="store_true",
                   help="run again the runs recorded as failed (default: keep their record)")
    b.add_argument("--no-progress", action="store_true", help="no progress bar")
    b.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..batch import BatchInterrupted, find_spec, iter_failed, load_spec, parquet_engine, run_batch
    from ..lightimports import light_imports

    if args.show:
        print(find_spec(args.spec)[0].read_text(encoding="utf-8"), end="")
        return 0
    light_imports()

    spec = load_spec(args.spec, out=args.out)
    try:
        frame = run_batch(spec, workers=args.workers, dask=args.dask, progress=not args.no_progress,
                          retry_failed=args.retry_failed, timeout=args.timeout)
        stopped = False
    except BatchInterrupted as e:
        frame = e.frame
        stopped = True
    done = int((frame["status"] == "done").sum())
    failed = list(iter_failed(frame))
    cached = int(frame["cached"].fillna(False).sum())
    halted = int((frame["status"] == "interrupted").sum())
    from ..i18n import format_message as t

    if stopped:
        print(t("cli.batch.interrupted", None, name=spec.name, n=len(frame), done=done,
                failed=len(failed), halted=halted))
    else:
        print(t("cli.batch.done", None, name=spec.name, n=len(frame), now=len(frame) - cached,
                cached=cached, done=done, failed=len(failed)))
    written = [spec.out / "summary.csv"] + ([spec.out / "summary.parquet"] if parquet_engine() else [])
    print(t("cli.batch.summary", None, files=t("cli.and").join(map(str, written))))
    causes = dict(zip(frame["run_id"], frame["cause"], strict=False))
    for run_id, error in failed:
        cause = causes.get(run_id)
        print(t("cli.batch.failed", None, run=run_id,
                cause=cause if isinstance(cause, str) and cause else t("cli.batch.error"),
                error=error.splitlines()[0] if error else "?"))
    if stopped:
        return 130
    return 1 if failed else 0
