"""A batch always finishes: a run that hangs, one that raises and one that kills its own worker
each get a row with their cause, the other runs go on, and Ctrl-C writes the summary so far.

Small templates written here (the toy race for the runs that finish) keep it to seconds.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pandas as pd
import pytest
import yaml

from gmkit.batch import BatchError, load_spec, run_batch
from gmkit.cli import main

RACE = Path(__file__).parent / "race.yaml"
ROOT = Path(__file__).resolve().parents[2]
PARAMS = ('scenario: str = ""\nseed: int = 0\noutput_folder: str = ""\nrun_name: str = ""\n'
          'view: str = "gm"\nside: str = ""')
PID = 'import os\nopen(os.path.join(output_folder, "kernel.pid"), "w").write(str(os.getpid()))\n'
BODIES = {
    "race": "import tests.toy\nfrom gmkit.report import notebook as nb\n"
            "run = nb.run_encounter(scenario, seed, system='race', view=view, side=side)\n"
            "nb.finish(run, output_folder, run_name)",
    "hang": PID + "import time\ntime.sleep(600)",
    "boom": "raise RuntimeError('boom: the template raised')",
    "kill": PID + "import signal\nos.kill(os.getppid(), signal.SIGKILL)\nimport time\ntime.sleep(60)",
}


def _template(folder: Path, name: str) -> Path:
    nb = nbformat.v4.new_notebook()
    params = nbformat.v4.new_code_cell(PARAMS)
    params.metadata["tags"] = ["parameters"]
    nb.cells = [params, nbformat.v4.new_code_cell(BODIES[name])]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    path = folder / f"{name}.ipynb"
    nbformat.write(nb, str(path))
    return path


def _spec(folder: Path, runs: list, **extra) -> Path:
    for name in BODIES:
        _template(folder, name)
    path = folder / "spec.yaml"
    path.write_text(yaml.safe_dump({"name": "bounds", "out": "out", "reports": ["bbcode"],
                                    "runs": runs, **extra}))
    return path


def _gone(pid: int, within: float = 10.0) -> bool:
    import psutil

    end = time.monotonic() + within
    while time.monotonic() < end:
        try:
            if psutil.Process(pid).status() == psutil.STATUS_ZOMBIE:
                return True
        except psutil.NoSuchProcess:
            return True
        time.sleep(0.2)
    return False


def test_hanging_raising_and_killing_runs_each_get_their_row(tmp_path, capsys):
    spec = _spec(tmp_path, [
        {"template": "hang.ipynb", "timeout": 15},  # time for a kernel to start on a busy host
        {"template": "kill.ipynb"},
        {"template": "boom.ipynb"},
        {"template": "race.ipynb", "scenarios": [str(RACE)], "seeds": [1, 2, 3]},
    ], timeout=120)
    start = time.monotonic()
    rc = main(["batch", str(spec), "--workers", "2", "--no-progress"])
    assert time.monotonic() - start < 90
    assert rc == 1
    out = capsys.readouterr().out
    assert "6 runs, 6 run now" in out and "3 done, 3 failed" in out
    table = pd.read_csv(tmp_path / "out" / "summary.csv").set_index("template")
    assert len(table) == 6 and table["run_id"].is_unique
    hang, kill, boom = table.loc["hang"], table.loc["kill"], table.loc["boom"]
    assert (hang["status"], hang["cause"], hang["attempts"]) == ("failed", "timeout", 1)
    assert 15 <= hang["seconds"] < 40 and "15 s" in hang["error"]
    assert (kill["status"], kill["cause"], kill["attempts"]) == ("failed", "worker died", 2)  # tried again
    assert "SIGKILL" in kill["error"]
    assert (boom["status"], boom["cause"], boom["attempts"]) == ("failed", "error", 2)
    assert "RuntimeError" in boom["error"] and "boom: the template raised" in boom["error"]
    race = table.loc["race"]
    assert (race["status"] == "done").all() and race["cause"].isna().all() and race["winner"].notna().all()
    assert "failed hang__default__seedscenario (timeout)" in out
    # nothing left running: the hanging kernel was killed, the orphaned one stopped by itself
    for name in ("hang", "kill"):
        pid = int((tmp_path / "out" / f"{name}__default__seedscenario" / "kernel.pid").read_text())
        assert _gone(pid), f"the {name} run's kernel {pid} is still running"
    # every run is recorded: the same spec again runs nothing
    again = run_batch(spec, workers=2, progress=False)
    assert again["cached"].all() and list(again["cause"].fillna("")) == list(table["cause"].fillna(""))


@pytest.mark.parametrize("text, fragment", [
    ("retries: -1", "retries: a whole number from 0 to 100"),
    ("retries: two", "retries: a whole number"),
    ("retries: 1.5", "retries: a whole number"),
    ("retries: true", "retries: a whole number"),
    ("timeout: 0", "timeout: seconds above 0"),
    ("timeout: -5", "timeout: seconds above 0"),
    ("timeout: soon", "timeout: seconds above 0"),
    ("timeout: .nan", "timeout: seconds above 0"),
])
def test_retries_and_timeout_are_checked_before_anything_runs(tmp_path, capsys, text, fragment):
    spec = tmp_path / "spec.yaml"
    spec.write_text(f"out: out\n{text}\nruns: [{{template: dragon_duel}}]\n")
    with pytest.raises(BatchError) as e:
        load_spec(spec)
    assert fragment in str(e.value) and "spec.yaml" in str(e.value)
    assert main(["batch", str(spec)]) == 2
    assert fragment in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def test_entry_timeout_and_cli_timeout(tmp_path, capsys):
    spec = tmp_path / "spec.yaml"
    spec.write_text("timeout: 30\nruns: [{template: dragon_duel, timeout: 5}, {template: space_battle}]\n")
    assert [j.timeout for j in load_spec(spec).jobs] == [5.0, 30.0]
    spec.write_text("runs: [{template: dragon_duel, timeout: 0}]\n")
    with pytest.raises(BatchError, match=r"runs\[0\]: timeout: seconds above 0"):
        load_spec(spec)
    with pytest.raises(SystemExit):
        main(["batch", str(spec), "--timeout", "0"])
    assert "seconds above 0" in capsys.readouterr().err
    with pytest.raises(BatchError, match="--timeout"):
        run_batch(_spec(tmp_path, [{"template": "boom.ipynb"}]), timeout=-1, progress=False)


def test_ctrl_c_stops_cleanly_and_writes_the_summary_so_far(tmp_path):
    spec = _spec(tmp_path, [{"template": "hang.ipynb"},
                            {"template": "race.ipynb", "scenarios": [str(RACE)], "seeds": [1]}])
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    # Ctrl-C in a terminal reaches a batch whose SIGINT is the default: a test process that ran a
    # kernel app in process has SIGINT ignored, and an ignored signal is inherited across exec
    proc = subprocess.Popen([sys.executable, "-m", "gmkit.cli", "batch", str(spec), "--workers", "1",
                             "--no-progress"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env, cwd=ROOT,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    pid_file = tmp_path / "out" / "hang__default__seedscenario" / "kernel.pid"
    try:
        end = time.monotonic() + 60
        while not pid_file.exists() and time.monotonic() < end and proc.poll() is None:
            time.sleep(0.2)
        assert pid_file.exists(), proc.communicate(timeout=5)
        time.sleep(0.3)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=120)  # a hang bound, not a speed check: the host may be loaded
    finally:
        if proc.poll() is None:  # reaped with its pipes closed, so nothing leaks into the next test
            proc.kill()
            proc.communicate()
    assert proc.returncode == 130, err
    assert "interrupted: 2 runs, 0 done, 0 failed, 2 not finished" in out
    assert "Traceback" not in err
    table = pd.read_csv(tmp_path / "out" / "summary.csv")
    assert list(table["status"]) == ["interrupted", "interrupted"]
    assert list(table["cause"]) == ["interrupted", "interrupted"]
    assert _gone(int(pid_file.read_text()))
    # an interrupted run is not recorded as finished: the next run of the spec does it
    assert not list((tmp_path / "out").glob("*/result.json"))
