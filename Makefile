# gmkit: `make demo` and `make test` work on a fresh machine with Python 3.11, pip and make.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp

.PHONY: demo test test-fast lab chromium typecheck bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev,browser,dask]'
	touch $@

demo: $(STAMP)
	$(BIN)/python -m gmkit.demo --out reports

# Browser tests drive Debian's Chromium; install it when it is missing (root, as on CI).
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "installing Debian's chromium for the browser tests"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }

test: $(STAMP) chromium
	$(BIN)/python -m mypy
	$(BIN)/python -m pytest --nbval-lax templates/
	$(BIN)/python -m pytest

test-fast: $(STAMP)
	$(BIN)/python -m pytest -x -q --ignore=tests/browser

typecheck: $(STAMP)
	$(BIN)/python -m mypy

bench: $(STAMP)
	for b in benchmarks/*.py; do $(BIN)/python $$b || exit 1; done

lab: $(STAMP)
	$(BIN)/jupyter lab notebooks/

clean:
	rm -rf $(VENV) build dist *.egg-info demo-output reports
