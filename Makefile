# One command to start the service, one to run every test; each sets itself up first.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8080
export HOST PORT

.PHONY: run test bench openapi lint clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# The service runs on exactly the hash-pinned versions the container installs (requirements.lock);
# the project itself is then installed editable on top, without resolving anything again.
$(VENV)/.runtime: requirements.lock pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --require-hashes --no-deps -r requirements.lock
	$(BIN)/python -m pip install --quiet --no-deps -e .
	touch $@

# The tests add the dev extra on top of the locked runtime.
$(VENV)/.dev: $(VENV)/.runtime
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@

## make run: install and serve on $(HOST):$(PORT) with gunicorn
run: $(VENV)/.runtime
	$(BIN)/gunicorn -c gunicorn.conf.py 'arbitru:create_app()'

## make test: install everything and run the whole suite (unit, property, contract, live, ops)
test: $(VENV)/.dev
	$(BIN)/python -m pytest

## make bench: engine and HTTP benchmarks (prints figures; not part of the tests)
bench: $(VENV)/.dev
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/http_vs_flask.py

## make openapi: regenerate the committed openapi.yaml from the code
openapi: $(VENV)/.dev
	$(BIN)/python -m arbitru.http.spec > openapi.yaml

lint: $(VENV)/.dev
	$(BIN)/ruff check service tests bench scripts examples
	$(BIN)/mypy service/arbitru
	$(BIN)/mypy --strict service/arbitru/engine service/arbitru/formats service/arbitru/referee service/arbitru/settings.py

clean:
	rm -rf $(VENV) build .pytest_cache .hypothesis
