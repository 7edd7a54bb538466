"""``gmkit batch``: a matrix of templates x scenarios x seeds, in parallel, with one summary table."""

from __future__ import annotations

import argparse
from typing import Any


def add_parser(sub: Any) -> None:
    b = sub.add_parser("batch", help="run templates over many scenarios and seeds (processes or Dask)",
                       description="Finished runs are skipped when the same spec runs again; a failing "
                                   "run is retried once, then recorded as failed while the others go on.")
    b.add_argument("spec", help="batch spec (YAML): see templates/batch_example.yaml")
    b.add_argument("--workers", type=int, default=2, help="parallel runs (default: 2)")
    b.add_argument("--dask", default=None, metavar="ADDRESS|local",
                   help="run on Dask: 'local' starts a LocalCluster, tcp://host:port uses a running one")
    b.add_argument("--retry-failed", action="store_true",
                   help="run again the runs recorded as failed (default: keep their record)")
    b.add_argument("--no-progress", action="store_true", help="no progress bar")
    b.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..batch import iter_failed, load_spec, run_batch
    from ..lightimports import light_imports

    light_imports()

    spec = load_spec(args.spec)
    frame = run_batch(spec, workers=args.workers, dask=args.dask, progress=not args.no_progress,
                      retry_failed=args.retry_failed)
    done = int((frame["status"] == "done").sum())
    failed = list(iter_failed(frame))
    cached = int(frame["cached"].fillna(False).sum())
    print(f"{spec.name}: {len(frame)} runs, {len(frame) - cached} run now, {cached} skipped as "
          f"finished before; {done} done, {len(failed)} failed")
    print(f"  summary: {spec.out / 'summary.csv'} and {spec.out / 'summary.parquet'}")
    for run_id, error in failed:
        print(f"  failed {run_id}: {error.splitlines()[0] if error else '?'}")
    return 1 if failed else 0
