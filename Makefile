# One command to start the service, one to run every test; each sets itself up first.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8080
export HOST PORT

.PHONY: run test quick audit mutation bench openapi lint clean

# The virtualenv, and uv (one pinned release, from PyPI) to install into it: uv fetches and unpacks
# packages side by side where pip takes them one by one, and installs the same versions (the set-up's
# figures: bench/README.md). It trusts the certificates the system trusts, as pip does here. pip
# stays in the venv, upgraded, for the tests that build the wheel and compile the lock with pip-tools.
UV_VERSION := 0.13.10
UV_INSTALL := $(BIN)/uv pip install --quiet --system-certs --python $(BIN)/python
$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
$(BIN)/uv: | $(BIN)/python
	$(BIN)/python -m pip install --quiet uv==$(UV_VERSION)
	$(UV_INSTALL) --upgrade pip

# The service runs on exactly the hash-pinned versions the container installs (requirements.lock:
# the base dependencies and the `server` extra, `pip-compile --extra server`), compiled to bytecode
# as pip would; the project itself is then installed editable on top, without resolving anything again.
$(VENV)/.runtime: requirements.lock pyproject.toml | $(BIN)/uv
	$(UV_INSTALL) --compile-bytecode --require-hashes --no-deps -r requirements.lock
	$(UV_INSTALL) --no-deps -e .
	touch $@

# The tests add the dev extra on top of the locked runtime (the base and the `server` extra): the
# project's requirements as pyproject.toml states them, resolved against what is installed, without
# building the editable project a second time. Not compiled to bytecode at install: the tests import
# a small part of what the dev tools bring, and compile that once as they import it (`make test`).
$(VENV)/.dev: $(VENV)/.runtime
	$(BIN)/python -c 'import tomllib; p = tomllib.load(open("pyproject.toml", "rb"))["project"]; \
		print(*p["dependencies"], *p["optional-dependencies"]["server"], *p["optional-dependencies"]["dev"], sep="\n")' \
		> $(VENV)/dev-requirements.txt
	$(UV_INSTALL) -r $(VENV)/dev-requirements.txt
	touch $@

## make run: install and serve on $(HOST):$(PORT) with gunicorn. The keys that sign game states are
## ARBITRU_SIGNING_KEYS_FILE's (default .arbitru/signing-keys.json, made on the first run, said on stderr).
ARBITRU_SIGNING_KEYS_FILE ?= .arbitru/signing-keys.json
run: $(VENV)/.runtime
	$(BIN)/python -m arbitru.trust.keys $(ARBITRU_SIGNING_KEYS_FILE)
	ARBITRU_SIGNING_KEYS_FILE=$(ARBITRU_SIGNING_KEYS_FILE) $(BIN)/gunicorn -c gunicorn.conf.py 'arbitru:create_app()'

# The system tools the tests use beyond pip (Chromium, curl, node, nginx): installed once, stamped
# when all are there. Independent of pip's steps: `make test` runs them side by side.
$(VENV)/.test-tools: scripts/test_tools.sh | $(BIN)/python
	sh scripts/test_tools.sh && touch $@ || echo "test set-up incomplete: tests needing it skip (fail under CI=true)" >&2

# The TypeScript client's packages, exactly as its committed package-lock.json says (npm ci).
# No node or npm (scripts/test_tools.sh installs them from Debian) is a failure, not a skip.
TS_LOOP := examples/ts-game-loop
$(TS_LOOP)/node_modules/.package-lock.json: $(TS_LOOP)/package-lock.json $(TS_LOOP)/package.json | $(VENV)/.test-tools
	cd $(TS_LOOP) && npm ci --no-audit --no-fund

## make test: install everything and run the whole suite (unit, property, contract, live, ops) on
## every core (pytest-xdist; TEST_JOBS=1 for one process). Under CI=true a test that would skip (a
## missing oracle: gnubg, data, hadolint, kubectl, Chromium, curl) fails.
## The set-up's two lines run at once (uv's downloads beside apt-get and npm ci), each one's output
## kept together. Bytecode is cached even where the machine says not to (PYTHONDONTWRITEBYTECODE): the
## suite starts hundreds of Python processes (gunicorn, the CLI), each of which would compile the
## project again, and each pytest-xdist worker would rewrite every test module's asserts again.
## The tests marked `waits` (tests/ops/: the proxy's deadlines, slow clients: a minute of waiting,
## seconds of CPU) run in a process of their own beside the workers; both runs must pass.
TEST_JOBS ?= auto
TEST_SETUP := $(VENV)/.dev $(VENV)/.test-tools $(TS_LOOP)/node_modules/.package-lock.json
test: | $(BIN)/python
	$(MAKE) --no-print-directory -j 2 --output-sync=target $(TEST_SETUP)
	$(BIN)/python scripts/audit.py
	export PYTHONDONTWRITEBYTECODE=; \
	$(BIN)/python -m pytest -p no:xdist -m waits tests/ops > $(VENV)/waits.log 2>&1 & waits=$$!; \
	$(BIN)/python -m pytest -n $(TEST_JOBS) --dist loadgroup -m "not waits"; suite=$$?; \
	wait $$waits; waited=$$?; echo "-- the tests that wait on the clock (-m waits), run beside:"; \
	cat $(VENV)/waits.log; test $$suite -eq 0 && test $$waited -eq 0

## make quick: the edit-test loop: every test but the slow and the live ones (no gunicorn, no
## browser), each property on a tenth of its examples (the "quick" hypothesis profile, tests/conftest.py),
## on every core. Not a substitute for `make test`, which runs everything in full.
quick: $(VENV)/.dev
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -n $(TEST_JOBS) --dist loadgroup -m "not slow and not live" --hypothesis-profile quick

## make audit: pip-audit over requirements.lock (scripts/audit.py: a known vulnerability fails; no
## reachable database is a printed NOTICE, a failure only with AUDIT_REQUIRED=1; make test runs it)
audit: $(VENV)/.dev
	$(BIN)/python scripts/audit.py

## make mutation: mutmut over the statement of the rules and the dispatch (pyproject.toml's
## [tool.mutmut] only_mutate) against the fast tests, then the score per module (goal >= 95 % killed
## each; the exemptions of scripts/mutation_exemptions.toml left out, a stale one a failure) and the
## mutants mutmut cannot switch on applied by hand, each killed by its listed test: all three steps
## are scripts/mutation.py (docs/mutation.md). Results are kept in build/mutation/mutants/ and
## reused: only mutants of changed functions or tests are run again; `rm -rf build/mutation` for all.
## No plays cache (a cached answer from the stats run would hide a mutant), hypothesis derandomized.
MUTATION_JOBS ?= 2
mutation: $(VENV)/.dev
	$(BIN)/python scripts/mutation.py tree
	cd build/mutation && ARBITRU_PLAYS_CACHE_SIZE=0 CI=true nice -n 19 $(abspath $(BIN))/mutmut run \
		--max-children $(MUTATION_JOBS) > ../mutation.log 2>&1 || { tr '\r' '\n' < ../mutation.log | tail -n 40; exit 1; }
	$(BIN)/python scripts/mutation.py score
	$(BIN)/python scripts/mutation.py untestable

## make bench: engine and HTTP benchmarks (prints figures; not part of the tests)
bench: $(VENV)/.dev
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/http_vs_flask.py
	$(BIN)/python bench/referee.py

## make openapi: regenerate the committed openapi.yaml from the code
openapi: $(VENV)/.dev
	$(BIN)/python -m arbitru.http.spec > openapi.yaml

lint: $(VENV)/.dev
	$(BIN)/ruff check service tests bench scripts examples
	$(BIN)/ruff format --check service tests bench scripts examples
	$(BIN)/mypy service/arbitru

clean:
	rm -rf $(VENV) build .pytest_cache .hypothesis mutants
