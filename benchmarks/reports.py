"""Report sizes and how fast headless Chromium opens them, for every example fight gmkit ships.

Runs each example scenario through its template (as ``gmkit run`` does: GM and player HTML, the
notebook, the BBCode post), or reads a folder of reports already written (``--folder``, e.g. the
``reports/`` of ``make demo``), then prints per HTML report its size and the time Chromium takes
to load it (navigation start to the load event, from a local file, no network; median of
``--repeat`` loads in a fresh page each), and per notebook its size. Targets: HTML at most
600 KB, notebook at most 1 MB, load under 1 s.

    .venv/bin/python benchmarks/reports.py [--folder reports] [--repeat 5]

Chromium is Debian's (``/usr/bin/chromium``), driven by Playwright as the browser tests do.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from _machine import calibration  # noqa: E402

from gmkit.demo import examples  # noqa: E402
from gmkit.runner import run_template  # noqa: E402

HTML_TARGET = 600_000
NOTEBOOK_TARGET = 1_000_000
LOAD_TARGET = 1.0
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]


def write_examples(out: Path) -> None:
    """Every example fight's reports into ``out``."""
    for template, scenario, lang in examples():
        name = Path(scenario).stem
        t0 = time.perf_counter()
        run_template(template, out, scenario=scenario, name=name, parameters={"language": lang})
        print(f"  ran {name} ({template}, {lang}) in {time.perf_counter() - t0:.1f} s", flush=True)


def load_times(files: list[Path], repeat: int) -> dict[Path, tuple[float, int]]:
    """Median seconds from navigation start to the load event per file, and the requests made
    to anything but the file itself (should be 0)."""
    from playwright.sync_api import sync_playwright

    chromium = "/usr/bin/chromium"
    out: dict[Path, tuple[float, int]] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=FLAGS)
        try:
            for f in files:
                times, outside = [], 0
                for _ in range(repeat):
                    page = browser.new_page()
                    asked: list[str] = []
                    page.on("request", lambda r, asked=asked: asked.append(r.url))
                    page.goto(f.resolve().as_uri(), wait_until="load")
                    seconds = page.evaluate("() => { const n = performance.getEntriesByType("
                                            "'navigation')[0]; "
                                            "return (n.loadEventEnd - n.startTime) / 1000; }")
                    times.append(float(seconds))
                    outside = max(outside, sum(1 for u in asked if not u.startswith("file:")))
                    page.close()
                out[f] = (statistics.median(times), outside)
        finally:
            browser.close()
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--folder", default=None, help="reports already written (default: run the examples)")
    ap.add_argument("--repeat", type=int, default=5, help="loads per file (the median is printed)")
    args = ap.parse_args()
    print(f"machine: sum(range(1000)) in {calibration():.1f} us")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(args.folder) if args.folder else Path(tmp)
        if not args.folder:
            print("running every example fight ...")
            write_examples(folder)
        pages = sorted(folder.glob("*.html"))
        notebooks = sorted(folder.glob("*.ipynb"))
        times = load_times(pages, args.repeat)
        ok = True
        print(f"\n{'report':58} {'KB':>8} {'load ms':>8} {'outside':>7}")
        for f in pages:
            size = f.stat().st_size
            seconds, outside = times[f]
            bad = size > HTML_TARGET or seconds > LOAD_TARGET or outside
            ok &= not bad
            print(f"{f.name:58} {size / 1000:8.1f} {seconds * 1000:8.0f} {outside:7d}{'  !' if bad else ''}")
        for f in notebooks:
            size = f.stat().st_size
            ok &= size <= NOTEBOOK_TARGET
            print(f"{f.name:58} {size / 1000:8.1f} {'':>8} {'':>7}{'  !' if size > NOTEBOOK_TARGET else ''}")
        if pages:
            worst = max(times.values())[0]
            print(f"\nlargest HTML {max(f.stat().st_size for f in pages) / 1000:.1f} KB (target "
                  f"{HTML_TARGET / 1000:.0f}), slowest load {worst * 1000:.0f} ms (target "
                  f"{LOAD_TARGET * 1000:.0f}), largest notebook "
                  f"{max((f.stat().st_size for f in notebooks), default=0) / 1000:.1f} KB (target "
                  f"{NOTEBOOK_TARGET / 1000:.0f})")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
