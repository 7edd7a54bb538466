# gmkit: `make demo` and `make test` work on a fresh machine with Python 3.11, pip and make.
#
# Every install comes from uv.lock (every package pinned, with hashes), made and read by uv, which
# the Makefile itself puts into .uv/ from the package index (pinned, with its hash, in
# requirements-uv.txt). `make demo` installs gmkit alone; `make test` adds the extras the suite
# needs: dev (pytest, mypy, nbval, build...), browser (Playwright), lab (JupyterLab), dask (a real
# scheduler and workers) and parquet (pyarrow). After changing a dependency in pyproject.toml, run
# `make lock`; a lock older than pyproject.toml stops every install at once.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
BIN    := $(VENV)/bin
UV     := .uv/bin/uv
DEMO_STAMP := $(VENV)/.demo-stamp
LAB_STAMP  := $(VENV)/.lab-stamp
STAMP      := $(VENV)/.installed-stamp
EXTRAS     := dev browser lab dask parquet
# uv never fetches a Python of its own: the venv is made from $(PYTHON)
export UV_PYTHON_DOWNLOADS := never
UV_SYNC = $(UV) sync --locked --python $(PYTHON) --quiet

.PHONY: demo test test-fast test-random mutate lab chromium typecheck bench lock lock-check fresh-clones clean

$(UV): requirements-uv.txt
	$(PYTHON) -m venv .uv
	.uv/bin/python -m pip install -q --require-hashes --no-deps -r requirements-uv.txt
	touch $@

# A missing lock, or one made before the last change to pyproject.toml, stops here in one line.
lock-check: $(UV)
	@test -f uv.lock || { echo "uv.lock is missing: run \`make lock\`"; exit 1; }
	@$(UV) lock --check --python $(PYTHON) --quiet 2>/dev/null || { \
	  echo "uv.lock does not match pyproject.toml: run \`make lock\`"; exit 1; }

lock: $(UV)
	$(UV) lock --python $(PYTHON)

# what `make demo` needs: gmkit and its own dependencies, no extra
$(DEMO_STAMP): pyproject.toml uv.lock | lock-check
	$(UV_SYNC)
	touch $@

$(LAB_STAMP): pyproject.toml uv.lock | lock-check
	$(UV_SYNC) --extra lab
	touch $@ $(DEMO_STAMP)

$(STAMP): pyproject.toml uv.lock | lock-check
	$(UV_SYNC) $(addprefix --extra ,$(EXTRAS))
	touch $@ $(DEMO_STAMP) $(LAB_STAMP)

demo: $(DEMO_STAMP)
	$(BIN)/python -m gmkit.demo --out reports

# Browser tests drive Debian's Chromium; install it when it is missing (root, as on CI).
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "installing Debian's chromium for the browser tests"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }

# The suite on every core (pytest-xdist): tests that share a session resource run in one worker
# (`xdist_group`: the Dask cluster and the batch run it compares; the JupyterLab of the browser tests);
# a notebook's cells run in one kernel, so nbval keeps each file in one worker (`--dist loadfile`).
XDIST := -n auto --dist loadgroup

test: $(STAMP) chromium
	$(BIN)/python -m ruff check .
	$(BIN)/python -m mypy
	$(BIN)/python -m pytest -n auto --dist loadfile --nbval-lax --nbval-sanitize-with tests/nbval_sanitize.cfg templates/
	$(BIN)/python -m pytest $(XDIST)

test-fast: $(STAMP)
	$(BIN)/python -m pytest $(XDIST) -x -q --ignore=tests/browser

# The suite in a random order (pytest-random-order): SEED=1234 to repeat an order
test-random: $(STAMP) chromium
	$(BIN)/python -m pytest $(XDIST) -p random_order --random-order $(if $(SEED),--random-order-seed=$(SEED))

# Mutation testing (not CI): mutmut on the dice, every rule set's rules.py and the journal
# ([tool.mutmut] in pyproject.toml), then the mutants issue 19 found, re-applied one by one.
# The score and the surviving mutants are in benchmarks/README.md.
mutate: $(STAMP)
	rm -rf mutants
	$(BIN)/mutmut run --max-children $$(nproc) || true
	$(BIN)/mutmut results --all true > mutants/results.txt || true
	$(BIN)/python benchmarks/_mutation_score.py mutants
	$(BIN)/python -m tests.known_mutants

typecheck: $(STAMP)
	$(BIN)/python -m ruff check .
	$(BIN)/python -m mypy

# d20, the dice benchmark's yardstick, lives alone in .venv-d20 (see pyproject.toml)
.venv-d20/.stamp: pyproject.toml uv.lock | lock-check
	UV_PROJECT_ENVIRONMENT=.venv-d20 $(UV_SYNC) --only-group d20
	touch $@

bench: $(STAMP) .venv-d20/.stamp
	for b in benchmarks/*.py; do case $$b in */_*) continue;; esac; $(BIN)/python $$b || exit 1; done

lab: $(LAB_STAMP)
	$(BIN)/jupyter lab notebooks/

# Issue 26's proof: five fresh clones of HEAD in a row, `make demo` and `make test` in each
fresh-clones:
	benchmarks/fresh_clones.sh

clean:
	rm -rf $(VENV) .uv .venv-d20 build dist *.egg-info demo-output reports batch-output
