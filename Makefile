# Two commands for a fresh machine with python3 and make: `make run`, `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
PY_SOURCES := timeline_app tests benchmarks tools packaging/*.py packaging/*.spec

.PHONY: run test lint bench screenshot screenshots icons package translations lupdate clean fuzz fuzz-cli fuzz-repair fuzz-reply wilmer-cycle fuzz-history fuzz-session fuzz-tracking
# compiled translations, next to their .ts (build products, never committed)
QM := $(patsubst %.ts,%.qm,$(wildcard resources/translations/*.ts))

$(STAMP): pyproject.toml constraints.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[dev]'
	touch $(STAMP)

%.qm: %.ts $(STAMP)
	$(BIN)/pyside6-lrelease -silent $< -qm $@

translations: $(QM)

# the .ts brought up to date with the sources (new strings added unfinished, gone
# ones dropped, translations kept); from the repo root, so the locations stay
# relative to the .ts. tests/gui/test_lupdate.py fails when this is needed.
# The English catalogue holds only the plural forms (-pluralonly): the sources
# say "%n message(s)", English readers get "1 message" / "2 messages";
# tools/english_plurals.py fills the regular ones, the rest are written by hand.
# (and core/words.py: the engine's sentences, marked where they are defined)
TS_SOURCES := $(sort $(shell find timeline_app/gui -name "*.py")) timeline_app/core/words.py
TS_ENGLISH := resources/translations/timeline_inspector_en.ts
lupdate: $(STAMP)
	$(BIN)/pyside6-lupdate -silent -locations relative -no-obsolete $(TS_SOURCES) \
		-ts $(filter-out $(TS_ENGLISH),$(wildcard resources/translations/*.ts))
	$(BIN)/pyside6-lupdate -silent -locations relative -no-obsolete -pluralonly $(TS_SOURCES) \
		-ts $(TS_ENGLISH)
	$(BIN)/python tools/english_plurals.py $(TS_ENGLISH)

run: $(STAMP) translations
	$(BIN)/timeline-inspector --demo

lint: $(STAMP)
	$(BIN)/ruff check $(PY_SOURCES)
	$(BIN)/ruff format --check $(PY_SOURCES)
	$(BIN)/lint-imports
	$(BIN)/mypy

# one pytest-xdist worker per core (each its own process, its own QApplication);
# tests marked `alone` (bounds in wall-clock time) run while no other test does
test: lint translations
	QT_QPA_PLATFORM=$${QT_QPA_PLATFORM:-offscreen} $(BIN)/python -m pytest -n auto --dist worksteal

# the history engine's generated series, long: thousands of examples instead of make test's 60
fuzz-history: $(STAMP)
	HISTORY_FUZZ_EXAMPLES=$${HISTORY_FUZZ_EXAMPLES:-5000} $(BIN)/python -m pytest --timeout=0 -q tests/core/test_history_properties.py

# the open discussion driven in any order while its files change (issue 29), long:
# make test runs 25 examples of 15 steps, unshrunk. 400 examples take 2-6 min on the
# shared machine (1:44 idle, 6:03 under load): a run still going after 15 min dumps
# every thread's Python stack (a frozen session, or a failure being shrunk), and a
# crash dumps them too (pytest's faulthandler)
fuzz-session: $(STAMP)
	SESSION_FUZZ_EXAMPLES=$${SESSION_FUZZ_EXAMPLES:-400} QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q \
		-o timeout=0 -o faulthandler_timeout=900 tests/gui/test_session_states.py -k any_order

bench: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python benchmarks/run.py

# the bounded repair search against the full one on many more generated files
# than `make test` tries (tests/core/test_repair_bounds.py)
fuzz-repair: $(STAMP)
	REPAIR_BOUNDS_EXAMPLES=$${REPAIR_BOUNDS_EXAMPLES:-2000} $(BIN)/python -m pytest --timeout=0 tests/core/test_repair_bounds.py -q

# the reply's write, fuzzed long (make test runs 60 examples)
fuzz-reply: $(STAMP)
	FUZZ_EXAMPLES=$${FUZZ_EXAMPLES:-20000} $(BIN)/python -m pytest --timeout=0 -q tests/core/test_reply_cycle.py -k never_touches

# request-reply-request cycles through a real WilmerAI, every write checked by compare (issue 32):
# make wilmer-cycle WILMER=~/WilmerAI WILMER_PYTHON=~/WilmerAI/venv/bin/python
wilmer-cycle: $(STAMP)
	$(BIN)/python tools/wilmer_cycle.py $(WILMER) $(WILMER_PYTHON)

screenshot: $(STAMP) translations
	QT_QPA_PLATFORM=offscreen $(BIN)/timeline-inspector --demo --screenshot docs/screenshot.png

# the user guide's pictures, taken from the running app: docs/guide/*.png in
# English, docs/guide/zh_CN/*.png in Chinese (fails without a Chinese font)
screenshots: $(STAMP) translations
	QT_QPA_PLATFORM=offscreen $(BIN)/python tools/screenshots.py
	QT_QPA_PLATFORM=offscreen $(BIN)/python tools/screenshots.py --language zh_CN

# the hicolor PNGs, rendered from resources/icons/timeline-inspector.svg
icons: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python tools/make_icons.py

# one-folder bundle in dist/timeline-inspector/, then proof that it starts and renders
package: $(STAMP) translations
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[dev,package]'
	$(BIN)/pyinstaller --noconfirm --clean --log-level WARN --distpath dist --workpath build/pyinstaller \
		packaging/timeline-inspector.spec
	$(BIN)/python packaging/check_bundle.py dist/timeline-inspector

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis build dist $(QM)

# issue 30's hostile-input harness at length (make test runs it with 25 examples)
fuzz-cli: $(STAMP)
	FUZZ_EXAMPLES=$${FUZZ_EXAMPLES:-2000} QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest --timeout=0 tests/fuzz -q -p no:randomly

# the tracking pass against the step-by-step walk, and the updated timeline
# against one built anew, long (make test runs 150 and 200 examples)
fuzz-tracking: $(STAMP)
	TRACKING_FUZZ_EXAMPLES=$${TRACKING_FUZZ_EXAMPLES:-3000} UPDATE_FUZZ_EXAMPLES=$${UPDATE_FUZZ_EXAMPLES:-3000} \
		$(BIN)/python -m pytest --timeout=0 -q tests/core/test_properties.py tests/core/test_timeline_update.py

fuzz: fuzz-cli fuzz-repair fuzz-reply fuzz-history fuzz-session fuzz-tracking
