"""JupyterLab on 127.0.0.1 (free port, token) and Debian's Chromium driven by Playwright's sync API.

Nothing here skips: a missing Chromium or a JupyterLab that does not start is a test error, so CI
can never pass without having run the browser tests (``make test`` installs Chromium first).
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = Path(os.environ["GMKIT_SCREENSHOTS"]) if os.environ.get("GMKIT_SCREENSHOTS") else None
"""Where the browser tests write their screenshots: the folder named by ``GMKIT_SCREENSHOTS``, else
a folder in pytest's temporary path (artefacts, never committed)."""


@pytest.fixture(scope="session", autouse=True)
def screenshots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The screenshots' folder (made at the start of the session)."""
    global SCREENSHOTS
    if SCREENSHOTS is None:
        SCREENSHOTS = tmp_path_factory.mktemp("screenshots")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS

CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]


def chromium_path() -> str:
    found = shutil.which("chromium") or ("/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)
    if not found:
        raise RuntimeError("Debian's chromium is not installed: run `make test` (it installs it) or "
                           "`apt-get install chromium`; the browser tests are never skipped")
    return found


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Lab:
    """A running JupyterLab: its base URL, token and the folder it serves."""

    def __init__(self, url: str, token: str, root: Path, proc: subprocess.Popen[bytes]):
        self.url, self.token, self.root, self.proc = url, token, root, proc

    def notebook_url(self, name: str) -> str:
        return f"{self.url}/lab/tree/notebooks/{name}?token={self.token}&reset"


@pytest.fixture(scope="session")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    root = tmp_path_factory.mktemp("lab")
    (root / "notebooks").mkdir()
    for nb in (ROOT / "notebooks").glob("*.ipynb"):
        shutil.copy(nb, root / "notebooks" / nb.name)
    shutil.copytree(ROOT / "templates" / "scenarios", root / "templates" / "scenarios")
    home = tmp_path_factory.mktemp("home")
    settings = home / "settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True)
    # no "get notified about Jupyter news?" toast over the widgets, no request to the internet
    (settings / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False}))
    port, token = _free_port(), secrets.token_hex(16)
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(home / "config"),
               JUPYTER_RUNTIME_DIR=str(home / "runtime"), JUPYTERLAB_WORKSPACES_DIR=str(home / "ws"),
               IPYTHONDIR=str(home / "ipython"), PYTHONPATH=str(ROOT))
    cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", "--ServerApp.ip=127.0.0.1",
           f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
           f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
           "--LabApp.expose_app_in_browser=True", "--LabApp.news_url=None", "--allow-root",
           "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
           f"--LabApp.workspaces_dir={home / 'ws'}", f"--LabApp.user_settings_dir={home / 'settings'}"]
    log = open(home / "lab.log", "wb")
    proc = subprocess.Popen(cmd, cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90
    try:
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"JupyterLab exited: {(home / 'lab.log').read_text()[-3000:]}")
            try:
                with urllib.request.urlopen(f"{url}/api/status?token={token}", timeout=2) as r:
                    json.load(r)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError("JupyterLab did not start within 90 s") from None
                time.sleep(0.5)
        yield Lab(url, token, root, proc)
    finally:
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    pw = sync_playwright().start()
    b = pw.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_FLAGS)
    try:
        yield b
    finally:
        b.close()
        pw.stop()


def fresh_page(browser: Any, request: pytest.FixtureRequest, **context: Any) -> Iterator[Any]:
    """A page in a browser context of its own (``context``: Playwright's ``new_context`` options)
    with a 60 s default timeout; at teardown a screenshot named after the test, then the context
    closes. The page fixtures ``yield from`` it."""
    ctx = browser.new_context(**context)
    pg = ctx.new_page()
    pg.set_default_timeout(60_000)
    try:
        yield pg
    finally:
        try:
            shot(pg, f"{request.node.name}-final")
        except Exception:
            pass
        ctx.close()


@pytest.fixture
def page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    yield from fresh_page(browser, request, viewport={"width": 1400, "height": 1000})


def shot(page: Any, name: str) -> Path:
    """Save a screenshot as ``<name>.png`` in :data:`SCREENSHOTS` and return its path."""
    assert SCREENSHOTS is not None, "the screenshots fixture sets the folder"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    p = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(p), full_page=True)
    return p


def open_and_run(page: Any, lab: Lab, notebook: str) -> None:
    """Open a notebook in JupyterLab, wait for its kernel, run every cell, wait until idle."""
    page.goto(lab.notebook_url(notebook))
    page.wait_for_function("window.jupyterapp && window.jupyterapp.shell.currentWidget "
                           "&& window.jupyterapp.shell.currentWidget.sessionContext "
                           "&& window.jupyterapp.shell.currentWidget.sessionContext.session "
                           "&& window.jupyterapp.shell.currentWidget.sessionContext.session.kernel")
    run_all = """async (restart) => {
        const w = window.jupyterapp.shell.currentWidget;
        await w.sessionContext.ready;
        if (restart) {
            const k = w.sessionContext.session && w.sessionContext.session.kernel;
            if (k && k.status !== 'dead') await w.sessionContext.restartKernel();
            else await w.sessionContext.changeKernel({name: 'python3'});
        }
        await window.jupyterapp.commands.execute('notebook:run-all-cells');
    }"""
    page.evaluate(run_all, False)
    try:
        wait_idle(page)
    except Exception:
        # On a loaded host the server may lose a kernel it is still starting: the notebook then
        # shows "No Kernel | Disconnected" and no cell runs. That is the host, not the desk under
        # test: start the kernel once more and run the cells again; any other hang still fails.
        lost = page.evaluate("""() => {
            const s = window.jupyterapp.shell.currentWidget.sessionContext;
            const k = s.session && s.session.kernel;
            return !k || k.status === 'dead' || k.connectionStatus !== 'connected';
        }""")
        if not lost:
            raise
        page.evaluate(run_all, True)
        wait_idle(page)


def wait_idle(page: Any, timeout: float = 90) -> None:
    """Wait until no cell is queued or running and the kernel is idle."""
    page.wait_for_function("""() => {
        const w = window.jupyterapp.shell.currentWidget;
        const k = w && w.sessionContext.session && w.sessionContext.session.kernel;
        if (!k || k.status !== 'idle') return false;
        return ![...document.querySelectorAll('.jp-InputPrompt')].some(p => p.textContent.includes('*'));
    }""", timeout=timeout * 1000)


def kernel_eval(page: Any, code: str) -> str:
    """Run ``code`` in the notebook's kernel and return what it printed (Python state, read live)."""
    out = page.evaluate("""async (code) => {
        const k = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
        let text = '';
        let err = '';
        const fut = k.requestExecute({code, silent: false, store_history: false});
        fut.onIOPub = (msg) => {
            if (msg.header.msg_type === 'stream') text += msg.content.text;
            if (msg.header.msg_type === 'error') err += msg.content.ename + ': ' + msg.content.evalue;
        };
        await fut.done;
        return err ? 'ERROR ' + err : text;
    }""", code)
    if out.startswith("ERROR "):
        raise AssertionError(f"kernel code failed: {out[6:]}\n{code}")
    return str(out)


def kernel_until(page: Any, code: str, timeout: float = 30) -> None:
    """Wait until ``code`` (Python in the kernel) prints True.

    A click in the page reaches the kernel as a widget message that nothing orders before the test's
    own next request, so a test reads the kernel's state after a click only once it has changed.
    """
    deadline = time.monotonic() + timeout
    while kernel_eval(page, f"print(bool({code}))").strip() != "True":
        if time.monotonic() > deadline:
            raise AssertionError(f"still not {code}")
        page.wait_for_timeout(150)
