# Two commands for a fresh machine with python3 and make: `make run`, `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test lint bench screenshot clean

$(STAMP): pyproject.toml constraints.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/timeline-inspector --demo

lint: $(STAMP)
	$(BIN)/ruff check timeline_app tests benchmarks
	$(BIN)/ruff format --check timeline_app tests benchmarks
	$(BIN)/lint-imports
	$(BIN)/mypy

test: lint
	QT_QPA_PLATFORM=$${QT_QPA_PLATFORM:-offscreen} $(BIN)/python -m pytest

bench: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python benchmarks/run.py

screenshot: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/timeline-inspector --demo --screenshot docs/screenshot.png

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
