# Two commands on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
RUN_STAMP := $(VENV)/.run-installed
TEST_STAMP := $(VENV)/.test-installed
# Two workers a core: an app test spends about a third of its time waiting for the app
# to go idle, and a second worker fills it (-n 4 on 2 cores: 411 s, -n 2: 504 s, -n 6:
# 422 s). Each worker takes the next test as it finishes one (worksteal): a few long
# tests would otherwise leave a core idle at the end.
WORKERS ?= $(shell $(PYTHON) -c 'import os; print(2 * (os.cpu_count() or 1))')
PYTEST := $(BIN)/python -m pytest -q -n $(WORKERS) --dist worksteal
# The tests that need no app: the rules, the engine, the saves, the party, the layout.
NO_APP := tests/mechanics tests/model tests/odds tests/engine tests/saves tests/party \
	$(wildcard tests/test_*.py)

.PHONY: run test test-versions check soak coverage lint warm bench screenshot format clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(RUN_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e .
	touch $@

$(TEST_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $@ $(RUN_STAMP)

# In the checkout, `make run` keeps its saves in the checkout's own saves/ folder;
# an installed `tracker` keeps them in the platform's data folder (see README).
run: $(RUN_STAMP)
	$(BIN)/tracker --demo --saves saves

lint: $(TEST_STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports
	$(BIN)/mypy

# The full gate (what .ci/run runs): the lint, then every test. Beside the lint, one
# collection compiles the code and rewrites the tests' asserts once (Python and pytest
# keep both), so the workers start warm rather than each doing it: in a fresh clone a
# cold collection is 11 s, a warm one 4 s, and mypy's 10 s hides it.
test: $(TEST_STAMP)
	@$(MAKE) --no-print-directory -j2 lint warm
	$(PYTEST)

# The same gate on the other Pythons the package claims (its classifiers), each in a venv
# of its own (.venv-3.12). Not part of `make test`, which stays the one gate, on one.
OTHER_PYTHONS ?= python3.12
test-versions:
	@for py in $(OTHER_PYTHONS); do \
	  v=$$($$py -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null) || { \
	    echo "make test-versions: $$py does not run (OTHER_PYTHONS=/path/to/python3.12;" \
	      "with pyenv: PYENV_VERSION=3.12.1 make test-versions)" >&2; exit 2; }; \
	  echo "== Python $$v ($$py), .venv-$$v"; \
	  $(MAKE) --no-print-directory test PYTHON=$$py VENV=.venv-$$v || exit 1; \
	done

warm: $(TEST_STAMP)
	@$(BIN)/python -m pytest -q --collect-only >/dev/null 2>&1 || true

# The inner loop of a change: the lint and the tests that need no app.
check: lint
	$(PYTEST) $(NO_APP)

# Before a release: every test at its full counts (tests/support/soak.py).
soak: lint
	TRACKER_SOAK=1 $(PYTEST)

coverage: $(TEST_STAMP)
	$(PYTEST) --cov=rules --cov=tracker --cov-report=term --cov-report=html:htmlcov

# The README's picture (docs/screenshot.svg), made by the app from the snapshots' scene;
# tests/test_readme_screenshot.py fails until it is re-made after the screen changed.
screenshot: $(TEST_STAMP)
	$(BIN)/python -m tests.support.screenshot

bench: $(TEST_STAMP)
	$(BIN)/python -m bench

format: $(TEST_STAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

clean:
	rm -rf $(VENV) .venv-* .pytest_cache .ruff_cache .import_linter_cache .grimp_cache htmlcov .coverage
