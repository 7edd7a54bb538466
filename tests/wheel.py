"""A wheel built from this checkout, installed into a fresh venv: what the wheel tests share.

The wheel is built from a copy of the sources (so the repo gets no build/ folder) without build
isolation, by the setuptools ``make test`` installed (nothing is downloaded). The fresh venv gets
gmkit from the wheel alone (``--no-deps --no-index``); its dependencies are the ones installed in
the interpreter running the tests, reached through a path file in the venv's site-packages (a
``.pth`` inside a folder a path file adds is not run, so this checkout's editable gmkit never loads
there), and their data files (nbconvert's templates) through ``JUPYTER_PATH``. PYTHONPATH is
cleared for everything the venv runs.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("gmkit", "widgets", "templates", "pyproject.toml", "README.md", "LICENSE")
"""What the wheel is built from: the package and the folders its links point at."""


@dataclass
class Venv:
    """A fresh venv with the wheel installed."""

    root: Path
    wheel: Path
    install_seconds: float

    @property
    def python(self) -> Path:
        return self.root / "bin" / "python"

    @property
    def env(self) -> dict[str, str]:
        """The environment of its processes: no PYTHONPATH, no other venv; its bin first."""
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
        env["PATH"] = f"{self.root / 'bin'}{os.pathsep}{env.get('PATH', '')}"
        env["JUPYTER_PATH"] = os.pathsep.join(jupyter_data())
        return env

    def run(self, *args: str, cwd: Path, timeout: float = 600) -> subprocess.CompletedProcess[str]:
        """Run a command of the venv (``gmkit ...``, ``python ...``) in ``cwd``."""
        exe = self.root / "bin" / args[0]
        return subprocess.run([str(exe), *args[1:]], capture_output=True, text=True, env=self.env,
                              cwd=cwd, timeout=timeout)


def site_folders() -> list[str]:
    """The folders this interpreter finds its installed packages in: its own site-packages and any
    that a path file of it adds."""
    own = sysconfig.get_paths()["purelib"]
    more = [p for p in sys.path if p != own and Path(p).name in ("site-packages", "dist-packages")
            and Path(p).is_dir()]
    return [own, *more]


def jupyter_data() -> list[str]:
    """The ``share/jupyter`` folders of the environments the reused packages are installed in:
    nbconvert's own templates are data files there, which pip puts beside a package it installs
    (a venv that installed nbconvert itself has them under its own prefix)."""
    out = []
    for folder in site_folders():
        share = Path(folder).parents[2] / "share" / "jupyter"
        if share.is_dir() and str(share) not in out:
            out.append(str(share))
    return out


def build_wheel(tmp: Path) -> Path:
    """The wheel of this checkout, built in ``tmp``."""
    src = tmp / "src"
    src.mkdir()
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, src / name, symlinks=True,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy(ROOT / name, src / name)
    dist = tmp / "dist"
    r = subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--wheel", "--outdir",
                        str(dist), str(src)], capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    return next(dist.glob("gmkit-*.whl"))


def fresh_venv(tmp: Path, wheel: Path) -> Venv:
    """A new venv in ``tmp`` with ``wheel`` installed and this interpreter's packages reachable."""
    root = tmp / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(root)], check=True, timeout=300)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    py = root / "bin" / "python"
    site = subprocess.run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, env=env, check=True).stdout.strip()
    # this interpreter's packages (pip among them), without this checkout's editable gmkit
    Path(site, "gmkit_test_deps.pth").write_text("\n".join(site_folders()) + "\n")
    start = time.perf_counter()
    r = subprocess.run([str(py), "-m", "pip", "install", "-q", "--no-deps", "--no-index",
                        "--disable-pip-version-check", str(wheel)],
                       capture_output=True, text=True, env=env, timeout=300)
    seconds = time.perf_counter() - start
    assert r.returncode == 0, r.stdout + r.stderr
    return Venv(root, wheel, seconds)
