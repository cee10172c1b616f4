# The two commands of the contract: `make run` and `make test`.
# The distribution's Python 3.11 where there is one: Debian's is built with profile-guided and
# link-time optimization, and its python3.11 executable is linked statically, where a build from
# source (pyenv's, first on the PATH here) is neither by default. The same tests take 12-18%
# less CPU on it (docs/testing.md), the bot's path per move about 5% less (docs/benchmarks.md).
PYTHON ?= $(shell test -x /usr/bin/python3.11 && echo /usr/bin/python3.11 || \
	command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test lint bench install clean

# uv installs what pyproject.toml pins in a third of pip's time (about 35 s of a clean clone's
# make test with pip), its bytecode compiled at once as pip would; pip does it where uv cannot
# be had. uv itself is fetched by the interpreter's pip into $(UV_TOOL) and makes the venv
# (a venv made by `python -m venv` installs a pip of its own first: some 9 s of a clean clone's
# make test, for a pip nothing uses). Without a pip there, the venv is made the standard way
# and its pip fetches uv, or installs everything itself.
UV_VERSION := 0.13.9
UV_TOOL := $(VENV)/uv-tool
UV := $(UV_TOOL)/bin/uv
$(STAMP): pyproject.toml
	test -x $(PY) || ( $(PYTHON) -m pip install --quiet --target $(UV_TOOL) uv==$(UV_VERSION) && \
	  $(UV) venv --quiet --allow-existing --python $(PYTHON) $(VENV) ) || $(PYTHON) -m venv $(VENV)
	( ( test -x $(UV) || $(PY) -m pip install --quiet --target $(UV_TOOL) uv==$(UV_VERSION) ) && \
	  $(UV) pip install --quiet --compile-bytecode --python $(PY) -e '.[test]' ) || \
	( ( $(PY) -m pip --version > /dev/null 2>&1 || $(PY) -m ensurepip --upgrade ) && \
	  $(PY) -m pip install --quiet --upgrade pip && $(PY) -m pip install --quiet -e '.[test]' )
	touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	$(PY) -m bot

# The storage suite also runs on PostgreSQL: the script starts a throwaway server when the
# distribution's PostgreSQL is installed, and the PostgreSQL tests skip themselves otherwise.
# The tests run on every core (pytest-xdist): each worker has its own PostgreSQL schema, its
# own temporary files and ports; tests that share one expensive fixture (a browser) are grouped
# on one worker (xdist_group). TEST_WORKERS=0 runs them in this one process. The tests start
# some fifty Python processes (workers, bot processes killed and restarted, benches, picture
# workers): they compile the project once and reuse the bytecode, even where the environment
# says not to write it (PYTHONDONTWRITEBYTECODE; __pycache__ is ignored by git).
# Twice as many workers as cores: a test of the real client mostly waits (for the fake
# Discord's answers, a bot process starting, the bots' move delays and board-edit pauses,
# discord.py's back-off), and two workers on two cores left them idle about half the time
# (load about 1). No test's bound was tightened for this: their waits allow seconds where a
# quiet machine takes tenths (docs/testing.md: the runs compared, and the timing tests that
# still fail on a machine overloaded several times over, with two workers as with four).
TEST_WORKERS ?= $(shell echo $$(( 2 * $$(nproc 2>/dev/null || echo 1) )))
# mypy (some 15 s of CPU from a clean clone) checks the code beside the tests rather than before
# them: the tests start with bot processes and benches that leave a core idle at times. Its
# report follows the tests'; either failing fails the target.
# A clean clone has no bytecode for the tests, and pytest rewrites a test module's asserts
# before compiling it: the workers, collecting all at once, each did all of it (some 6 s of CPU
# a worker, 23 s in all). Two collections beforehand, each over about half of the tests, do it
# once, on both cores; the workers then read what they wrote.
WARM_HALF := tests/games tests/soak tests/faults
test: $(STAMP)
	$(PY) -m ruff check games storage tables bot web tests bench
	$(PY) -m mypy > $(VENV)/mypy.log 2>&1 & typing=$$!; \
	if [ "$(TEST_WORKERS)" != 0 ]; then \
	  env -u PYTHONDONTWRITEBYTECODE $(PY) -m pytest --collect-only -p no:cacheprovider \
	      $(WARM_HALF) > /dev/null 2>&1 & half=$$!; \
	  env -u PYTHONDONTWRITEBYTECODE $(PY) -m pytest --collect-only -p no:cacheprovider \
	      $(WARM_HALF:%=--ignore=%) > /dev/null 2>&1; wait $$half; \
	fi; \
	env -u PYTHONDONTWRITEBYTECODE \
	    bash scripts/test-postgres.sh $(PY) -m pytest -n $(TEST_WORKERS) --dist loadgroup; \
	tests=$$?; wait $$typing; typed=$$?; echo "mypy:"; cat $(VENV)/mypy.log; \
	test $$tests -eq 0 && test $$typed -eq 0

lint: $(STAMP)
	$(PY) -m ruff check games storage tables bot web tests bench
	$(PY) -m mypy

bench: $(STAMP)
	$(PY) bench/engine.py
	$(PY) bench/bots.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
